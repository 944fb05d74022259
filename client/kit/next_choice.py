"""The host form's choice of how the next game comes at a table hosted from a window:
when the group says so (the host's *Next game*, or everyone's *Continue*), or also
after a countdown every screen shows (``net.between``). Light on purpose: the menu
imports it at start-up, before any network code."""

from __future__ import annotations

from client.i18n import tr

CHOICES: tuple[float | None, ...] = (None, 30.0, 60.0, 120.0)
"""None: no countdown (the default: nothing deals while people read)."""


def choice_words(seconds: float | None) -> str:
    return tr("next.when_all") if seconds is None else tr("next.after", n=f"{seconds:g}")


def choice_of(words: str) -> float | None:
    """The choice a drop-down's words name (no countdown for words it does not know)."""
    return next((c for c in CHOICES if choice_words(c) == words), None)
