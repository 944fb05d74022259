"""One way for every table to find its words: each game keeps its own strings, in both
languages, in its own file, and looks them up here, falling back to the strings every
screen shares (``client.strings``)."""

from __future__ import annotations

from collections.abc import Callable

from client import i18n
from client.entry import both
from client.i18n import tr
from client.strings import STRINGS

__all__ = ["Namer", "Strings", "Words", "both", "shared"]

Namer = Callable[[int], str]
"""A seat's name as the table shows it."""

Strings = dict[str, dict[str, str]]
"""key -> {"en": ..., "ja": ...}."""


class Words:
    """A game's words lookup: ``words("key", name=...)`` in the reader's language."""

    def __init__(self, strings: Strings) -> None:
        self.strings = strings

    def __call__(self, key: str, **values: object) -> str:
        entry = self.strings.get(key)
        if entry is None:
            return tr(key, **values)
        return i18n.render(entry, values)

    def of(self, key: str, who: str, **values: object) -> str:
        """``key`` said of ``who``, in its ``_you`` form where it has one and ``who`` is
        the reader: English says "You take 3", "You are ready", "Your robo mouse",
        never "You takes", "You is", "You's" (the Japanese forms read alike, あなた in
        place of a name)."""
        mine = f"{key}_you"
        if who == tr("you") and (mine in self.strings or mine in STRINGS):
            key = mine
        return self(key, **values)


shared = Words({})
"""The strings every screen shares, looked up as a game's are (``shared.of``)."""


def standings(totals: list[int]) -> list[tuple[int, int]]:
    """(place, seat) from the highest total down, ties sharing a place ("1, 1, 3"):
    two players level on points both came first."""
    order = sorted(range(len(totals)), key=lambda s: (-totals[s], s))
    return [(1 + sum(1 for t in totals if t > totals[seat]), seat) for seat in order]


def whose(seat: int, owner: int, name: Callable[[int], str]) -> str:
    """The owner of a place a card went to, as said by the one who played it: their
    own, the reader's ("your", never "You's"), or someone else's by name."""
    reader = name(owner) == tr("you")
    if owner == seat:
        return tr("whose.your_own" if reader else "whose.own")
    return tr("whose.yours") if reader else tr("whose.other", owner=name(owner))
