"""The curtain a shared screen shows between two people's private moments: how it looks,
where its button is, and which window events are presses on it (see ``client.curtain``
for why it lifts only on purpose)."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

import pygame

from client.assets import scaled, text
from client.i18n import tr
from client.kit import ink
from client.kit.widgets import ACCENT, INK, Button, blit_text, row_of_buttons
from client.session import Session

LIFT_KEYS = (pygame.K_SPACE,)
"""The key that lifts a curtain: Space, which a played table uses for nothing else (Enter
presses the focused button, so a storm of it would lift a curtain meant for someone)."""

PRESSES = (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN)


def look_rect(size: tuple[int, int]) -> pygame.Rect:
    """The curtain's own button: centred below its words, away from where any table
    keeps its buttons (the bottom row), so a click meant for *Done* misses it."""
    w, h = size
    text_size = scaled(max(18, h // 22))
    rect = pygame.Rect(0, 0, max(text_size * 9, w // 4), int(text_size * 2.4))
    rect.center = (w // 2, h // 2 + text_size * 3)
    return rect


def source(event: pygame.event.Event) -> str | None:
    """The input a press or release is made with, or None for other events."""
    if event.type in (pygame.KEYDOWN, pygame.KEYUP):
        return f"key:{event.key}"
    if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        return f"mouse:{event.button}"
    return None


def on_curtain(event: pygame.event.Event, size: tuple[int, int]) -> bool:
    """Whether the event is made on the curtain: Space, or the left button over its own
    button."""
    if event.type in (pygame.KEYDOWN, pygame.KEYUP):
        return bool(event.key in LIFT_KEYS)
    return bool(event.button == 1 and look_rect(size).collidepoint(event.pos))


def follow_hands(session: Session, event: pygame.event.Event, size: tuple[int, int]) -> bool:
    """Note a press or release in ``session.hands``: True when it ends a deliberate
    press on the curtain now shown (the caller then lifts it)."""
    name = source(event)
    if name is None:
        return False
    on = on_curtain(event, size)
    if event.type in PRESSES:
        if not getattr(event, "repeat", False):
            session.hands.down(name, session.screen_time, session.curtain_since(), on)
        return False
    return session.hands.up(name, on) and session.privacy_for is not None


def fitting(words: str, size: int, width: int, bold: bool) -> int:
    """The largest text size up to ``size`` at which ``words`` fit in ``width`` (a long
    name in Japanese on a small window)."""
    while size > 10 and text(words, size, INK, bold).get_width() > width:
        size -= 1
    return size


def draw(surface: pygame.Surface, session: Session, name: str,
         mouse: tuple[int, int]) -> list[Button]:
    """A screen that shows nothing of anyone: whose turn it is to look, how to lift the
    curtain, and its button (greyed until a press on it may begin). Returns the button."""
    surface.fill((24, 16, 10))
    ink.cover(surface, surface.get_rect())
    w, h = surface.get_size()
    size = scaled(max(18, h // 22))
    for words, big, y in ((tr("privacy.pass", name=name), 1.5, h // 2 - size * 2),
                          (tr("privacy.press", name=name), 1.0, h // 2 + size // 2)):
        blit_text(surface, words, fitting(words, int(size * big), w - size * 2, big > 1),
                  ACCENT if big > 1 else INK, center=(w // 2, y), bold=big > 1,
                  box=surface.get_rect())
    button = Button(look_rect((w, h)), tr("privacy.look", name=name), lambda: None,
                    enabled=session.curtain_ready(), key="look")
    button.draw(surface, mouse, size)
    return [button]


def done_buttons(session: Session, looking: bool, own_choices: Callable[[], Sequence[object]],
                 words: Callable[[], str], area: pygame.Rect, size: int) -> list[Button]:
    """At a shared screen, the person ``looking`` ends their private moment with *Done*,
    once they have no choice of their own left to make; before the table's minimum
    look is over the button counts down, greyed."""
    if not (session.hot_seat and looking and not own_choices()):
        return []
    left = math.ceil(session.look_left)
    if left > 0:  # every look lasts the table's minimum, whatever happens in it
        return row_of_buttons([("done", tr("act.done_in", words=words(), n=left), None)],
                              area, size)
    return row_of_buttons([("done", words(), session.moment_done)], area, size)
