"""Where everything goes on the Sly Knight Robbery table.

Knights sit on an ellipse, the viewer at the bottom. The score cards of the round lie
in one row across the middle, grouped by owner in seat order starting from the bottom
seat, each with the cards played on it cascading below.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from client.assets import scaled
from client.kit.layout import HAND_TEXT, TableLayout, around, frame, hand_bar


@dataclass(frozen=True)
class Layout(TableLayout):
    columns: tuple[pygame.Rect, ...]
    """Per score card (in view order): the score card's own rectangle."""
    card: tuple[int, int]
    """A played card's size."""
    hand_card: tuple[int, int]
    step: int
    """How far each played card sits below the one before it."""


def compute(size: tuple[int, int], n: int, bottom: int | None) -> Layout:
    text = scaled(max(12, size[1] // 46))
    f = frame(size, bar=(hand_bar(text), 0.2), radii=(0.42, 0.40))
    table, cx = f.table, f.center[0]
    unit = max(24, int(min(table.width, table.height) * 0.13))
    first = bottom if bottom is not None else 0
    count = 2 * n
    room = int(table.width * {2: 0.5, 3: 0.56, 4: 0.66}.get(n, 0.66))
    gap = text
    pitch = min(int(table.width * 0.12), (room - (n - 1) * gap) // count)
    sw = int(pitch * 0.84)
    sh = int(sw * 1.4)
    total = count * pitch - (pitch - sw) + (n - 1) * gap
    left = cx - total // 2
    seats = around(f, n, bottom)
    # the owner bands above the score cards (``draw.owner_labels``) stay below the top
    # knight's name, which large text makes taller
    name_foot = min(y for _, y in seats) + int(unit * 0.55) + int(text * 0.7)
    top = max(table.top + int(table.height * 0.3), name_foot + int(text * 3.1) + 2)
    columns = []
    for i in range(count):
        owner = ((i // 2) + first) % n
        columns.append((owner, pygame.Rect(0, 0, sw, sh)))
    ordered: list[pygame.Rect] = [pygame.Rect(0, 0, 0, 0)] * count
    for slot, (owner, rect) in enumerate(columns):
        rect.topleft = (left + slot * pitch + (slot // 2) * gap, top)
        index = 2 * owner + slot % 2
        ordered[index] = rect
    hand_h = f.bar.height - int(text * HAND_TEXT)
    return Layout(
        **vars(f), unit=unit, text=text, seats=seats, columns=tuple(ordered),
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
