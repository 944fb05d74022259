"""The open window's clock, as every table draws it: whole seconds left, rounded up, in
the warning colour for the last five."""

from __future__ import annotations

import pygame

from client.assets import text
from client.i18n import tr
from client.kit.widgets import INK, blit_text

WARN = (255, 120, 100)
"""The clock's colour in a window's last seconds."""
WARN_FROM = 5


def seconds_left(remaining: float) -> int:
    """Whole seconds, rounded up: a clock never shows 0 while the window is open."""
    return int(remaining + 0.999)


def draw_timer(surface: pygame.Surface, remaining: float, size: int,
               topleft: tuple[int, int], *, warn: bool = True, bold: bool = True) -> None:
    """The "N s" label at ``topleft``; ``warn`` colours the last seconds."""
    secs = seconds_left(remaining)
    colour = WARN if warn and secs <= WARN_FROM else INK
    blit_text(surface, tr("time_left", s=secs), size, colour, topleft=topleft, bold=bold)


def timer_width(size: int) -> int:
    """How wide the "N s" label is at ``size`` with three digits (a turn of minutes),
    so a panel can keep its right edge clear for it."""
    return text(tr("time_left", s=888), size, INK, True).get_width()
