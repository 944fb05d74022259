"""Buttons that take another's place wait a moment before they take a click.

At a shared screen the row of buttons changes with every moment: *Done* goes, and
*Draw the spare* may come to the very same place. A person who reaches for *Done* out
of habit, or double-clicks it, would spend something of their own (or of the next
person's) without having seen the new button. So a button that appears where a
different one stood during the last ``STEADY`` seconds takes no press until it has
stood there ``STEADY`` seconds itself. Buttons that merely stay (a countdown on *Done*,
the same choices redrawn) are never held up.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from client.curtain import STEADY
from client.kit.widgets import Button
from client.session import Session

Place = tuple[str, tuple[int, int, int, int]]
"""A button's key and its rectangle."""


@dataclass
class Steady:
    since: dict[Place, float] = field(default_factory=dict)
    """Each button on screen, and when it came to its place."""
    gone: list[tuple[Place, float]] = field(default_factory=list)
    """Buttons that left the screen in the last ``STEADY`` seconds, and when."""
    held_up: dict[Place, float] = field(default_factory=dict)
    """Buttons that came where another had just stood, and when they may be pressed."""

    def note(self, buttons: list[Button], now: float) -> None:
        """The buttons just drawn: note what came, what went, and what took whose place."""
        here = {(b.key, tuple(b.rect)) for b in buttons}
        places: set[Place] = {(key, (r[0], r[1], r[2], r[3])) for key, r in here}
        for place in list(self.since):
            if place not in places:
                del self.since[place]
                self.held_up.pop(place, None)
                self.gone.append((place, now))
        self.gone = [(p, t) for p, t in self.gone if now - t < STEADY]
        for place in places - set(self.since):
            self.since[place] = now
            rect = pygame.Rect(place[1])
            if any(old[0] != place[0] and rect.colliderect(pygame.Rect(old[1]))
                   for old, _ in self.gone):
                self.held_up[place] = now + STEADY

    def still(self, button: Button, now: float) -> bool:
        """Whether a press on ``button`` is meant for it: it did not just take the place
        of a different button."""
        r = button.rect
        ready = self.held_up.get((button.key, (r.x, r.y, r.w, r.h)))
        return ready is None or now >= ready


def too_soon(session: Session, event: pygame.event.Event) -> bool:
    """A press that would act on what has just come on screen after a handover: a
    click or a double-click's second half meant for the last screen, or a key of a
    storm (Enter, a number, even Tab: the new screen starts as a fresh one would).
    Only Esc, the way out, works at once."""
    if session.steady():
        return False
    if event.type == pygame.MOUSEBUTTONDOWN:
        return True
    return event.type == pygame.KEYDOWN and event.key != pygame.K_ESCAPE
