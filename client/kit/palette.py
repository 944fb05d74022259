"""Seat colours, and the shape that tells a seat apart where its colour may not.

About one man in twelve sees red and green alike: the tables' own colours (a red seat
beside a green one) then say nothing. So every seat has a shape of its own, drawn
wherever its colour marks something (its dot on the table, in the scores, on a taken
card), in both palettes; and the person may choose the "safe" palette, Okabe and Ito's
colours (with white for black, on a dark table), which stay apart under deuteranopia
and protanopia too (``tests/test_access_palette.py`` simulates both).
"""

from __future__ import annotations

import math
from functools import lru_cache

import pygame

Color = tuple[int, int, int]

SAFE: tuple[Color, ...] = (
    (230, 159, 0), (86, 180, 233), (0, 158, 115), (240, 228, 66),
    (204, 121, 167), (0, 114, 178), (213, 94, 0), (245, 245, 245),
)
"""Orange, sky blue, bluish green, yellow, reddish purple, blue, vermilion, white."""

SHAPES = ("circle", "triangle", "square", "diamond", "star", "cross", "hexagon", "down")
"""One per seat, in seat order: told apart by outline alone, at any size."""

_CHOSEN = ["standard"]

DRAWN: list[tuple[int, pygame.Rect, Color]] | None = None
"""When a list (a test, a check of a screenshot): every mark drawn, its seat, its
rectangle on the surface and its fill."""


def set_palette(name: str) -> None:
    """"standard" (each game's own colours) or "safe"."""
    _CHOSEN[0] = name if name in ("standard", "safe") else "standard"


def palette() -> str:
    return _CHOSEN[0]


def colour(seat: int, standard: tuple[Color, ...]) -> Color:
    """Seat ``seat``'s colour: the game's own (``standard``), or the safe palette's."""
    chosen = SAFE if _CHOSEN[0] == "safe" else standard
    return chosen[seat % len(chosen)]


def colours(standard: tuple[Color, ...]) -> tuple[Color, ...]:
    """Every seat's colour, for a chart's lines."""
    return SAFE if _CHOSEN[0] == "safe" else standard


def shape_points(seat: int, center: tuple[int, int], r: float) -> list[tuple[float, float]]:
    """The outline of seat ``seat``'s shape around ``center``, ``r`` its radius (a
    circle gives many points)."""
    cx, cy = center
    return [(cx + dx, cy + dy) for dx, dy in _outline(SHAPES[seat % len(SHAPES)], r)]


@lru_cache(maxsize=256)
def _outline(shape: str, r: float) -> tuple[tuple[float, float], ...]:
    """A shape's outline around (0, 0): a table draws the same few marks at the same
    few sizes every frame (a circle's 24 cosines each time, once a quarter of a
    watched table's drawing of them). Moved to its centre by adding, the points are
    the very numbers computed about the centre itself."""

    def ring(n: int, start: float, radius: float = r) -> list[tuple[float, float]]:
        return [(radius * math.cos(start + 2 * math.pi * i / n),
                 radius * math.sin(start + 2 * math.pi * i / n)) for i in range(n)]

    if shape == "circle":
        return tuple(ring(24, 0))
    if shape == "triangle":
        return tuple(ring(3, -math.pi / 2, r * 1.15))
    if shape == "down":
        return tuple(ring(3, math.pi / 2, r * 1.15))
    if shape == "square":
        return tuple(ring(4, math.pi / 4, r * 1.2))
    if shape == "diamond":
        return tuple(ring(4, 0, r * 1.2))
    if shape == "hexagon":
        return tuple(ring(6, 0))
    if shape == "star":
        outer, inner = ring(5, -math.pi / 2, r * 1.2), ring(5, -math.pi / 2 + math.pi / 5,
                                                            r * 0.5)
        return tuple(p for pair in zip(outer, inner, strict=True) for p in pair)
    t = r * 0.38  # a plus sign
    return ((-t, -r), (t, -r), (t, -t), (r, -t), (r, t), (t, t), (t, r), (-t, r),
            (-t, t), (-r, t), (-r, -t), (-t, -t))


def mark(surface: pygame.Surface, seat: int, center: tuple[int, int], r: int,
         fill: Color) -> pygame.Rect:
    """Seat ``seat``'s shape, filled with ``fill`` and outlined dark then light, so it
    reads on the felt, on wood and on a card; where a seat's dot was, this goes."""
    r = max(3, r)
    points = shape_points(seat, center, r)
    pygame.draw.polygon(surface, (20, 14, 10), shape_points(seat, center, r + 2))
    pygame.draw.polygon(surface, fill, points)
    rect = pygame.draw.polygon(surface, (250, 244, 230), points, 1)
    if DRAWN is not None and surface is pygame.display.get_surface():
        DRAWN.append((seat, rect, fill))
    return rect
