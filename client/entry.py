"""One entry of a strings table, the one shape every table of words uses (the shared
strings, each game's own, the replays')."""

from __future__ import annotations


def both(en: str, ja: str, one: str | None = None) -> dict[str, str]:
    """The English and the Japanese, and the English for exactly one where it differs
    (``one="{n} vote"``, used when ``n`` is 1)."""
    return {"en": en, "ja": ja} | ({"en_one": one} if one else {})
