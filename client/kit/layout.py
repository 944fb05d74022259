"""The frame every table shares: the window split into the table, the action bar under
it and the side panel, the table's ellipse, and the seats on its rim.

Seats sit clockwise as at a real table, the viewer's own seat at the bottom, and every
length is a fraction of the window, so a table scales with it. A game's layout adds its
own pieces (cups, kitchens, tiles, score cards) to ``TableLayout``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame


@dataclass(frozen=True)
class Frame:
    size: tuple[int, int]
    table: pygame.Rect
    """The part of the window the tabletop fills."""
    bar: pygame.Rect
    """The action bar under the table: the prompt and the buttons."""
    side: pygame.Rect
    """The right-hand panel: phase, timer, what you know, the log, the chat."""
    center: tuple[int, int]
    rx: float
    ry: float
    """The table's ellipse: its centre and radii."""


@dataclass(frozen=True)
class TableLayout(Frame):
    unit: int
    """The size of one seat's pieces."""
    text: int
    """The body text size in pixels."""
    seats: tuple[tuple[int, int], ...]
    """Where each seat sits, on the rim."""


SIDE = (260, 0.25)
"""The side column of every game's table: at least 260 pixels, or a quarter of the
window. One width for all four games, so that what is laid over the table or in place
of the column (``beside_side``: a lesson's panel, a stand-in's question, the beliefs)
meets each game's column exactly; three games kept 250 and a lesson's panel at 800x500
cut the right seat's name and the bubbles on that side by up to 10 pixels."""


def side_width(w: int) -> int:
    """The side column's width in a window ``w`` pixels wide (``SIDE``)."""
    return max(SIDE[0], int(w * SIDE[1]))


def frame(size: tuple[int, int], *, bar: tuple[int, float],
          radii: tuple[float, float]) -> Frame:
    """``bar``: (least pixels, share of the window); ``radii``: the table's ellipse as
    shares of the table's width and height. The side column is ``SIDE``."""
    w, h = size
    side_w = side_width(w)
    bar_h = max(bar[0], int(h * bar[1]))
    table = pygame.Rect(0, 0, w - side_w, h - bar_h)
    return Frame(size, table, pygame.Rect(0, h - bar_h, w - side_w, bar_h),
                 pygame.Rect(w - side_w, 0, side_w, h), (table.centerx, table.centery),
                 table.width * radii[0], table.height * radii[1])


HAND_LEAST = 48
"""A hand of cards in the bar is never shorter than this: large text takes room from
the table, not from the person's own cards (at 150% in 1024x600 they were 32 pixels tall).
At 60 the table left a five-seat Choose! game too little room (a top seat's reaction
ran onto its points); at 48 every text keeps its place."""

HAND_TEXT = 4.4
"""Lines of the bar's text size the bar keeps above and below its hand (its prompt and
buttons, the cards' labels, the keys)."""


def hand_bar(text: int) -> int:
    """The card bar's least height at body text ``text``: 110 pixels, or a hand of
    ``HAND_LEAST`` with its lines of text, whichever is taller."""
    return max(110, HAND_LEAST + int(text * HAND_TEXT))


def beside_side(size: tuple[int, int]) -> pygame.Rect:
    """The part of any game's table scene left of its side column (``SIDE``): where a
    box over the table may go without hiding the timer or the log."""
    w, h = size
    return pygame.Rect(0, 0, w - side_width(w), h)


def around(f: Frame, n: int, bottom: int | None,
           reach: tuple[float, float] = (1.0, 1.0)) -> tuple[tuple[int, int], ...]:
    """One point per seat on the ellipse scaled by ``reach``, ``bottom`` at the bottom."""
    cx, cy = f.center
    first = bottom if bottom is not None else 0
    points = []
    for seat in range(n):
        angle = math.pi / 2 + 2 * math.pi * ((seat - first) % n) / n
        dx, dy = math.cos(angle), math.sin(angle)
        points.append((int(cx + f.rx * reach[0] * dx), int(cy + f.ry * reach[1] * dy)))
    return tuple(points)
