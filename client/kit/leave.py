"""Leaving a table on purpose: Esc, Back to menu, or (for a host) the window's close
button. When leaving costs something (a bot takes the seat, the table closes for
everyone) the window asks first, in one sentence, with a way to stay."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from client.app import App
from client.assets import scaled, text
from client.i18n import tr
from client.kit import ink
from client.kit.focus import FocusRing, Target
from client.kit.widgets import INK, Button, blit_text, panel, row_of_buttons
from client.session import Session


def question_box(surface: pygame.Surface, words: str, size: int, tall: int,
                 dim: int) -> pygame.Rect:
    """A question in one sentence on an opaque panel ``tall`` high over the shaded
    screen (``dim``: the shade's alpha); returns the panel, for the buttons under it."""
    w, h = surface.get_size()
    shade = pygame.Surface((w, h), pygame.SRCALPHA)
    shade.fill((0, 0, 0, dim))
    surface.blit(shade, (0, 0))
    ink.cover(surface, surface.get_rect())  # (the shaded table waits: out of the reading)
    wide = text(words, size, INK, True).get_width() + size * 3
    box = pygame.Rect(0, 0, min(w - 20, max(size * 24, wide)), tall)
    box.center = (w // 2, h // 2)
    panel(surface, box, 255)
    blit_text(surface, words, size, INK, center=(box.centerx, box.top + size * 2), bold=True)
    return box


class LeaveDialog:
    """Whether the window is asking, what, and its two buttons.

    ``host_gone`` says whether a LAN guest's host went quiet (then no stand-in can take
    the seat, so leaving costs nothing); ``targets`` turns buttons into keyboard targets
    the way the table does."""

    def __init__(self, app: App, session: Session, ring: FocusRing,
                 host_gone: Callable[[], bool],
                 targets: Callable[[list[Button]], list[Target]]) -> None:
        self.app = app
        self.session = session
        self.ring = ring
        self.host_gone = host_gone
        self.targets = targets
        self.asking: str | None = None
        """"leave" or "quit" while the window asks whether the person really means it."""
        self.buttons: list[Button] = []

    def words(self) -> str | None:
        """What leaving now would cost, in a sentence; None when it costs nothing."""
        session = self.session
        if session.role == "host":
            return None if session.closed else tr("leave.host")
        if self.host_gone():
            return None  # no host, so no stand-in: the seat waits for the table's return
        over = (session.feed.view or {}).get("result") is not None
        if over or session.closed or session.role == "spectator":
            return None
        if session.role == "guest":
            return tr("leave.guest")
        if session.coach is not None and not session.coach.tutor.done:
            return str(session.coach.say("learn.leave"))  # a lesson is taken up again
        return tr("leave.local") if session.humans else None

    def ask(self, quitting: bool = False) -> None:
        """Ask first when leaving costs something; otherwise go at once."""
        if self.words() is None:
            self.go(quitting)
        else:
            self.asking = "quit" if quitting else "leave"
            self.ring.key = "button:leave"  # Enter confirms, as the highlight shows

    def go(self, quitting: bool) -> None:
        self.asking = None
        if quitting:
            self.app.running = False
        else:
            self.app.pop()

    def may_close(self) -> bool:
        # A guest's seat survives a closed window; a host's table would not.
        session = self.session
        if self.asking == "quit" or session.role != "host" or session.closed:
            return True
        self.asking = "quit"
        return False

    def handle(self, event: pygame.event.Event) -> None:
        """Input while the window asks: Esc stays, Enter goes, or a click on a button."""
        quitting = self.asking == "quit"
        if self.ring.handle(event, self.targets(self.buttons), digits=False):
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.asking = None
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.go(quitting)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for button in self.buttons:
                if button.rect.collidepoint(event.pos):
                    button.on_click()
                    return

    def draw(self, surface: pygame.Surface, mouse: tuple[int, int]) -> None:
        """The question over the shaded table, then its focus ring."""
        size = scaled(max(14, surface.get_height() // 36))
        box = question_box(surface, self.words() or "", size, size * 9, 150)
        go = tr("leave.close") if self.session.role == "host" else tr("leave.yes")
        quitting = self.asking == "quit"
        row = pygame.Rect(box.left, box.top + size * 4, box.width, size * 4)
        self.buttons = row_of_buttons(
            [("leave", go, lambda: self.go(quitting)),
             ("stay", tr("leave.stay"), self.stay)], row, size)
        for button in self.buttons:
            button.draw(surface, mouse, size)
        self.ring.draw(surface, self.targets(self.buttons))

    def stay(self) -> None:
        self.asking = None
