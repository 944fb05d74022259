"""A rectangle filled with one colour in two parts: the few pixels before its rows'
first 64-byte line, then the rest from that line.

Filling a rectangle of a 32-bit surface whose rows do not start on a 64-byte line (16
pixels) costs several times what it costs where they do: a side panel at x=939 of a
1280x720 window (341x720) took 276 µs filled at once and 37 µs in two parts, a panel of
that size from x=0 35 µs (``python bench/fills.py``; SDL 2.32, pygame-ce 2.5.8). SDL
fills a row 64 bytes at a time with wide stores, and a row that starts off a line seems
to pay for each of them. The pixels are the same either way (``tests/test_kit_fill.py``).
A whole surface starts on a line already, and is filled at once.
"""

from __future__ import annotations

import pygame

LINE_PIXELS = 16
"""Pixels of a 32-bit surface in one 64-byte line."""


def fill(surface: pygame.Surface, color: tuple[int, ...], rect: pygame.Rect) -> None:
    """``surface.fill(color, rect)``, with the part before the first whole 64-byte line
    of each row filled on its own (see above). Surfaces of other depths, or whose rows
    do not all start on a line (a pitch that is no multiple of 64 bytes), are filled
    as they are."""
    if surface.get_bytesize() != 4 or surface.get_pitch() % (4 * LINE_PIXELS):
        surface.fill(color, rect)
        return
    offset = surface.get_abs_offset()[0]  # (a subsurface's rows start inside its parent's)
    line = -(-(rect.x + offset) // LINE_PIXELS) * LINE_PIXELS - offset
    if line <= rect.x or line >= rect.right:
        surface.fill(color, rect)
        return
    surface.fill(color, (rect.x, rect.y, line - rect.x, rect.height))
    surface.fill(color, (line, rect.y, rect.right - line, rect.height))
