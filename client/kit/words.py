"""One way for every table to find its words: each game keeps its own strings, in both
languages, in its own file, and looks them up here, falling back to the strings every
screen shares (``client.strings``)."""

from __future__ import annotations

from collections.abc import Callable

from client import i18n
from client.i18n import tr

Namer = Callable[[int], str]
"""A seat's name as the table shows it."""

Strings = dict[str, dict[str, str]]
"""key -> {"en": ..., "ja": ...}."""


def both(en: str, ja: str) -> dict[str, str]:
    """One entry of a strings table: the English and the Japanese."""
    return {"en": en, "ja": ja}


class Words:
    """A game's words lookup: ``words("key", name=...)`` in the reader's language."""

    def __init__(self, strings: Strings) -> None:
        self.strings = strings

    def __call__(self, key: str, **values: object) -> str:
        entry = self.strings.get(key)
        if entry is None:
            return tr(key, **values)
        text = entry.get(i18n.language()) or entry["en"]
        return text.format(**values) if values else text
