"""The replay's controls, the same on every table: start, step back, play or pause,
step on, end, slower, faster, and a progress bar to click anywhere on.

Keys: Space plays or pauses, ``,`` and ``.`` step back and on, Page Up and Page Down
jump ten steps, Home and End go to the start and the end; ←/→ set the speed as when
watching bots.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from client.assets import scaled
from client.i18n import tr
from client.kit.fill import fill
from client.kit.widgets import ACCENT, INK, WOOD, Button, blit_text, panel, row_of_buttons

JUMP = 10
"""Steps that Page Up and Page Down move."""


def keys(control: Any) -> dict[int, Callable[[], None]]:
    """What each replay key does (Space and the speed keys are the watch keys)."""
    return {
        pygame.K_PERIOD: lambda: control.step(1),
        pygame.K_COMMA: lambda: control.step(-1),
        pygame.K_PAGEUP: lambda: control.seek(control.position - JUMP),
        pygame.K_PAGEDOWN: lambda: control.seek(control.position + JUMP),
        pygame.K_HOME: lambda: control.seek(0),
        pygame.K_END: lambda: control.seek(control.steps),
    }


def handle_key(control: Any, key: int) -> bool:
    action = keys(control).get(key)
    if action is None:
        return False
    action()
    return True


def height(window_h: int) -> int:
    """The strip along the window's foot the bar and the key hints take: the table is
    drawn above it (the text size is the table's, ``window_h // 48``)."""
    return int(scaled(max(12, window_h // 48)) * 6.6)


def draw(surface: pygame.Surface, control: Any, size: int,
         speed: Callable[[int], None]) -> tuple[list[Button], pygame.Rect]:
    """Draw the bar in the strip along the window's foot; its buttons (the scene draws
    them with its own) and the progress track, where a click seeks."""
    w, h = surface.get_size()
    strip = pygame.Rect(0, h - height(h), w, height(h))
    fill(surface, (24, 16, 10), strip)
    box = pygame.Rect(size, h - int(size * 6.4), min(w - 2 * size, size * 52), int(size * 4.2))
    panel(surface, box, 235)
    session = control.session
    playing = not session.paused and not control.replay.finished
    specs: list[tuple[str, str, Callable[[], None] | None]] = [
        ("replay.start", "|<", lambda: control.seek(0)),
        ("replay.back", "<", lambda: control.step(-1)),
        ("replay.play", tr("replay.pause") if playing else tr("replay.play"), control.toggle),
        ("replay.step", ">", lambda: control.step(1)),
        ("replay.end", ">|", lambda: control.seek(control.steps)),
        ("replay.slower", "-", lambda: speed(-1)),
        ("replay.faster", "+", lambda: speed(1)),
    ]
    row = pygame.Rect(box.left, box.top + size // 4, box.width * 2 // 3, int(size * 2.4))
    buttons = row_of_buttons(specs, row, size)
    words = tr("replay.where", n=control.position, of=control.steps,
               x=f"{session.speed:g}")
    blit_text(surface, words, size, INK, topleft=(row.right + size // 2, row.centery - size // 2),
              bold=True)
    track = pygame.Rect(box.left + size, box.bottom - int(size * 1.3), box.width - 2 * size,
                        int(size * 0.7))
    pygame.draw.rect(surface, WOOD, track, border_radius=4)
    done = track.copy()
    done.width = int(track.width * control.position / max(1, control.steps))
    pygame.draw.rect(surface, ACCENT, done, border_radius=4)
    return buttons, track


def click_track(control: Any, track: pygame.Rect, x: int) -> None:
    """Seek to where the track was clicked."""
    control.seek_fraction((x - track.left) / max(1, track.width))
