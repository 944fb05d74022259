"""Where everything goes, computed from the window size and the table size.

Seats sit on an ellipse, seat 0 of the viewer at the bottom, numbers increasing
clockwise as at a real table. Every length is a fraction of the window, so the table
scales with it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame


@dataclass(frozen=True)
class Layout:
    size: tuple[int, int]
    table: pygame.Rect
    """The part of the window the tabletop fills."""
    bar: pygame.Rect
    """The action bar under the table: the prompt and the buttons."""
    side: pygame.Rect
    """The right-hand panel: phase, timer, your card, the log, the chat."""
    center: tuple[int, int]
    rx: float
    ry: float
    unit: int
    """The size of one seat's pieces (a cup's diameter)."""
    text: int
    """The body text size in pixels."""
    seats: tuple[tuple[int, int], ...]
    """Where each seat's mouse sits (on the rim)."""
    items: tuple[tuple[int, int], ...]
    """Where each seat's cup and card sit (on the table, towards the middle)."""


def compute(size: tuple[int, int], n: int, bottom: int | None) -> Layout:
    w, h = size
    side_w = max(250, int(w * 0.25))
    bar_h = max(80, int(h * 0.15))
    table = pygame.Rect(0, 0, w - side_w, h - bar_h)
    bar = pygame.Rect(0, h - bar_h, w - side_w, bar_h)
    side = pygame.Rect(w - side_w, 0, side_w, h)
    cx, cy = table.centerx, table.centery
    rx, ry = table.width * 0.40, table.height * 0.38
    shrink = {4: 1.0, 5: 1.0, 6: 0.92, 7: 0.85, 8: 0.8}.get(n, 0.8)
    unit = max(24, int(min(table.width, table.height) * 0.13 * shrink))
    first = bottom if bottom is not None else 0
    seats, items = [], []
    for seat in range(n):
        angle = math.pi / 2 + 2 * math.pi * ((seat - first) % n) / n
        dx, dy = math.cos(angle), math.sin(angle)
        seats.append((int(cx + rx * dx), int(cy + ry * dy)))
        items.append((int(cx + rx * 0.64 * dx), int(cy + ry * 0.64 * dy)))
    return Layout(
        size=size, table=table, bar=bar, side=side, center=(cx, cy), rx=rx, ry=ry,
        unit=unit, text=max(12, h // 44), seats=tuple(seats), items=tuple(items),
    )


def seat_at(layout: Layout, pos: tuple[int, int]) -> int | None:
    """The seat whose mouse or cup is under ``pos``."""
    reach = layout.unit * 0.75
    for seat, (spot, item) in enumerate(zip(layout.seats, layout.items, strict=True)):
        for x, y in (spot, item):
            if math.hypot(pos[0] - x, pos[1] - y) <= reach:
                return seat
    return None
