"""Where everything goes, computed from the window size and the table size.

Knights sit on an ellipse, the viewer's seat at the bottom, numbers increasing
clockwise; each seat's tile lies in front of it, the centre tiles in the middle, and
the captain's line-up runs across the table. Every length is a fraction of the window.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from client.assets import scaled
from client.kit.layout import TableLayout, around, frame


@dataclass(frozen=True)
class Layout(TableLayout):
    tile_size: tuple[int, int]
    spots: tuple[tuple[int, int], ...]
    """Where each tile lies, by tile id: seats' tiles first, then the centre."""

    def tile_rect(self, tile: int) -> pygame.Rect:
        rect = pygame.Rect((0, 0), self.tile_size)
        rect.center = self.spots[tile]
        return rect

    def row(self, count: int, big: bool) -> tuple[list[pygame.Rect], pygame.Rect]:
        """The line-up's slots left to right, and the box for the tile left out."""
        scale = 1.35 if big else 1.0
        w, h = int(self.tile_size[0] * scale), int(self.tile_size[1] * scale)
        gap = max(6, w // 4)
        total = count * w + (count - 1) * gap + 3 * gap + w + gap
        cx, cy = self.center
        y = cy + int(self.ry * (0.05 if big else 0.24))
        left = cx - total // 2
        slots = [pygame.Rect(left + i * (w + gap), y - h // 2, w, h) for i in range(count)]
        out = pygame.Rect(0, 0, w + gap, h + gap)
        out.midleft = (slots[-1].right + gap * 3, y)
        return slots, out


def compute(size: tuple[int, int], n: int, tiles: int, bottom: int | None) -> Layout:
    f = frame(size, bar=(120, 0.23), radii=(0.41, 0.40))
    (cx, cy), ry = f.center, f.ry
    shrink = {3: 1.0, 4: 1.0, 5: 1.0, 6: 0.94, 7: 0.88, 8: 0.82}.get(n, 0.82)
    unit = max(24, int(min(f.table.width, f.table.height) * 0.16 * shrink))
    tile_size = (max(18, int(unit * 0.52)), max(26, int(unit * 0.72)))
    spots = list(around(f, n, bottom, (0.66, 0.62)))
    centre = tiles - n
    gap = int(tile_size[0] * 1.35)
    for i in range(centre):
        spots.append((cx + int((i - (centre - 1) / 2) * gap), cy - int(ry * 0.16)))
    return Layout(**vars(f), unit=unit, text=scaled(max(12, size[1] // 44)),
                  seats=around(f, n, bottom), tile_size=tile_size, spots=tuple(spots))


def seat_at(layout: Layout, pos: tuple[int, int]) -> int | None:
    """The knight under ``pos`` (the figure, not its tile)."""
    reach = layout.unit * 0.45
    for seat, (x, y) in enumerate(layout.seats):
        if math.hypot(pos[0] - x, pos[1] - y) <= reach:
            return seat
    return None


def tile_at(layout: Layout, pos: tuple[int, int]) -> int | None:
    for tile in range(len(layout.spots)):
        if layout.tile_rect(tile).inflate(6, 6).collidepoint(pos):
            return tile
    return None
