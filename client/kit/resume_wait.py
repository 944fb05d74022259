"""The sentence every screen at a resumed table shows while it waits for its people:
who is not back yet, and in how many seconds the game goes on whatever happens."""

from __future__ import annotations

import math

from client.feed import Feed
from client.i18n import language, tr


def and_names(names: list[str]) -> str:
    """"Ben", "Ben and Fumi", "Ben, Fumi and Kai" (or the Japanese)."""
    if len(names) < 2:
        return "".join(names)
    sep = "、" if language() == "ja" else ", "
    return tr("resume.and", a=sep.join(names[:-1]), b=names[-1])


def waiting_words(feed: Feed, now: float) -> str | None:
    """The sentence, or None when the table does not wait."""
    left = feed.wait_left(now)
    if left is None or feed.waiting is None:
        return None
    seconds = math.ceil(left)
    names = [str(n) for n in feed.waiting.get("names") or []]
    if names:
        return tr("resume.waiting", names=and_names(names), s=seconds)
    return tr("resume.settled", s=seconds)
