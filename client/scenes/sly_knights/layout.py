"""Where everything goes on the Sly Knight Robbery table.

Knights sit on an ellipse, the viewer at the bottom. The score cards of the round lie
in one row across the middle, grouped by owner in seat order starting from the bottom
seat, each with the cards played on it cascading below.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame


@dataclass(frozen=True)
class Layout:
    size: tuple[int, int]
    table: pygame.Rect
    bar: pygame.Rect
    side: pygame.Rect
    center: tuple[int, int]
    rx: float
    ry: float
    unit: int
    text: int
    seats: tuple[tuple[int, int], ...]
    columns: tuple[pygame.Rect, ...]
    """Per score card (in view order): the score card's own rectangle."""
    card: tuple[int, int]
    """A played card's size."""
    hand_card: tuple[int, int]
    step: int
    """How far each played card sits below the one before it."""


def compute(size: tuple[int, int], n: int, bottom: int | None) -> Layout:
    w, h = size
    side_w = max(250, int(w * 0.25))
    bar_h = max(110, int(h * 0.2))
    table = pygame.Rect(0, 0, w - side_w, h - bar_h)
    bar = pygame.Rect(0, h - bar_h, w - side_w, bar_h)
    side = pygame.Rect(w - side_w, 0, side_w, h)
    cx, cy = table.centerx, table.centery
    rx, ry = table.width * 0.42, table.height * 0.40
    unit = max(24, int(min(table.width, table.height) * 0.13))
    text = max(12, h // 46)
    first = bottom if bottom is not None else 0
    seats = []
    for seat in range(n):
        angle = math.pi / 2 + 2 * math.pi * ((seat - first) % n) / n
        seats.append((int(cx + rx * math.cos(angle)), int(cy + ry * math.sin(angle))))
    count = 2 * n
    room = int(table.width * {2: 0.5, 3: 0.56, 4: 0.66}.get(n, 0.66))
    gap = text
    pitch = min(int(table.width * 0.12), (room - (n - 1) * gap) // count)
    sw = int(pitch * 0.84)
    sh = int(sw * 1.4)
    total = count * pitch - (pitch - sw) + (n - 1) * gap
    left = cx - total // 2
    top = table.top + int(table.height * 0.3)
    columns = []
    for i in range(count):
        owner = ((i // 2) + first) % n
        columns.append((owner, pygame.Rect(0, 0, sw, sh)))
    ordered: list[pygame.Rect] = [pygame.Rect(0, 0, 0, 0)] * count
    for slot, (owner, rect) in enumerate(columns):
        rect.topleft = (left + slot * pitch + (slot // 2) * gap, top)
        index = 2 * owner + slot % 2
        ordered[index] = rect
    hand_h = bar_h - int(text * 4.4)
    return Layout(
        size=size, table=table, bar=bar, side=side, center=(cx, cy), rx=rx, ry=ry,
        unit=unit, text=text, seats=tuple(seats), columns=tuple(ordered),
        card=(int(sw * 0.78), int(sw * 0.78 * 1.4)), hand_card=(int(hand_h * 0.7), hand_h),
        step=max(12, int(sh * 0.22)),
    )


def hand_slots(lay: Layout, count: int) -> list[pygame.Rect]:
    cw, ch = lay.hand_card
    bar = lay.bar
    step = min(cw + 8, (bar.width - 2 * lay.text - cw) / max(1, count - 1))
    total = step * (count - 1) + cw
    left = bar.centerx - total / 2
    top = bar.bottom - ch - int(lay.text * 1.9)
    return [pygame.Rect(int(left + i * step), top, cw, ch) for i in range(count)]


def play_spot(lay: Layout, target: int, index: int) -> tuple[int, int]:
    """The centre of the ``index``-th card played on score card ``target``."""
    col = lay.columns[target]
    return col.centerx, col.bottom + lay.card[1] // 2 + 4 + index * lay.step


def column_at(lay: Layout, pos: tuple[int, int], plays: list[int]) -> int | None:
    """The score card whose column (card and its cascade) is under ``pos``."""
    for index, col in enumerate(lay.columns):
        depth = plays[index] if index < len(plays) else 0
        reach = col.inflate(8, 0)
        reach.height = col.height + lay.card[1] + max(0, depth) * lay.step
        if reach.collidepoint(pos):
            return index
    return None
