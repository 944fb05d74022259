"""The Continue button of a round summary, while the table holds for it (``net.hold``).

The table starts the next round only when every person has said they have read the
summary, so the button speaks for one person at a time: at a screen shared by three
it reads "Continue (1 of 3)", then "(2 of 3)", and each press is one person's. Once
everyone here has pressed, it says whom the table still waits for (people at other
screens) and how long it may still wait. Every game's summary uses this one button.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from client.i18n import tr
from client.kit.widgets import INK, Button, blit_text, row_of_buttons

Spec = tuple[str, str, Callable[[], None] | None]
"""A button for ``row_of_buttons``: its id, its label, what a press does (None: dim)."""

CONTINUE: dict[str, str] = {"type": "continue"}


def held(session: Any) -> bool:
    """Whether the table is holding after a round."""
    return session.feed.hold is not None


def here_waiting(session: Any) -> list[int]:
    """The people at this screen the table still waits for, in seat order."""
    hold = session.feed.hold or {}
    waiting = set(hold.get("waiting") or [])
    return [seat for seat in session.humans if seat in waiting]


def continue_spec(session: Any) -> Spec | None:
    """The button, or None where nobody here is asked (a spectator's screen)."""
    if not held(session) or not session.humans:
        return None
    mine = here_waiting(session)
    people = len(session.humans)
    if not mine or any(session.feeds[s].pending for s in mine):
        return ("continue", tr("hold.waiting"), None)
    seat = mine[0]

    def press() -> None:
        session.feeds[seat].send(dict(CONTINUE))

    if people == 1:
        return ("continue", tr("hold.continue"), press)
    return ("continue", tr("hold.continue_n", i=people - len(mine) + 1, n=people), press)


def hold_words(session: Any, now: float) -> str:
    """Whom the table waits for and how long it may still wait, for under the button."""
    if not held(session):
        return ""
    waiting = len((session.feed.hold or {}).get("waiting") or [])
    left = session.feed.hold_left(now)
    words = tr("hold.others", n=waiting) if waiting else ""
    if left is not None:
        words = (words + "  " if words else "") + tr("hold.next_in", s=int(left + 0.999))
    return words


def summary_buttons(session: Any, area: pygame.Rect, size: int,
                    close: Callable[[], None]) -> list[Button]:
    """The summary's one button at the top right of ``area``: Continue for the table
    while it holds, else a plain close (a spectator, a watched table, the last round
    looked at again)."""
    if held(session) and not session.humans:
        return []  # a spectator reads until the people have
    spec = continue_spec(session) or ("continue", tr("hold.continue"), close)
    row = pygame.Rect(area.right - size * 17, area.top + 4, size * 16, size * 2)
    return row_of_buttons([spec], row, size)


def hold_key(session: Any) -> tuple[Any, ...]:
    """What the button shows, for a scene's cache of its still image."""
    hold = session.feed.hold
    if hold is None:
        return ()
    return (tuple(hold.get("waiting") or []),
            tuple(session.feeds[s].pending for s in session.humans if s in session.feeds))


def draw_hold_words(surface: pygame.Surface, session: Any, now: float, area: pygame.Rect,
                    size: int) -> None:
    """The waiting line under the button (it changes every second, so it is drawn on
    top of the still image each frame, inside the summary's own area)."""
    words = hold_words(session, now)
    if words:
        blit_text(surface, words, max(10, size - 2), INK,
                  topright=(area.right - size, area.top + int(size * 2.6)))


class HoldWatch:
    """Tells a scene when the table's hold has just ended: its summary then closes."""

    def __init__(self) -> None:
        self.was = False

    def ended(self, session: Any) -> bool:
        now = held(session)
        ended, self.was = self.was and not now, now
        return ended
