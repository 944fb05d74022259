"""Where everything goes, computed from the window size and the table size.

Seats sit on an ellipse, seat 0 of the viewer at the bottom, numbers increasing
clockwise as at a real table. Every length is a fraction of the window, so the table
scales with it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from client.assets import scaled
from client.kit.layout import TableLayout, around, frame


@dataclass(frozen=True)
class Layout(TableLayout):
    items: tuple[tuple[int, int], ...]
    """Where each seat's cup and card sit (on the table, towards the middle)."""


def compute(size: tuple[int, int], n: int, bottom: int | None) -> Layout:
    f = frame(size, bar=(80, 0.15), radii=(0.40, 0.38))
    shrink = {4: 1.0, 5: 1.0, 6: 0.92, 7: 0.85, 8: 0.8}.get(n, 0.8)
    unit = max(24, int(min(f.table.width, f.table.height) * 0.13 * shrink))
    return Layout(**vars(f), unit=unit, text=scaled(max(12, size[1] // 44)),
                  seats=around(f, n, bottom), items=around(f, n, bottom, (0.64, 0.64)))


def seat_at(layout: Layout, pos: tuple[int, int]) -> int | None:
    """The seat whose mouse or cup is under ``pos``."""
    reach = layout.unit * 0.75
    for seat, (spot, item) in enumerate(zip(layout.seats, layout.items, strict=True)):
        for x, y in (spot, item):
            if math.hypot(pos[0] - x, pos[1] - y) <= reach:
                return seat
    return None
