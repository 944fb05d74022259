"""The rules reference every game shows in the window, by game id and language.

Each game's text lives with its table (``client/scenes/<game>/``) and is named by the
game's declaration (``client.games``); ``RULES`` reads it from there the first time a
screen asks, so the menu's Rules screen shows every game's rules in a fresh process
without importing any table scene.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from client.games import CLIENT, client_about


class Rules(Mapping[str, dict[str, str]]):
    """game id -> {language: text}, for every game that declares a rules text; each
    text is imported when first read."""

    def __getitem__(self, game_id: str) -> dict[str, str]:
        if game_id not in self._ids():
            raise KeyError(game_id)
        return client_about(game_id).rules_text()

    def __iter__(self) -> Iterator[str]:
        return iter(self._ids())

    def __len__(self) -> int:
        return len(self._ids())

    @staticmethod
    def _ids() -> list[str]:
        """The games whose declaration names a rules text."""
        return [g for g, about in CLIENT.items() if about.rules]


RULES: Mapping[str, dict[str, str]] = Rules()
