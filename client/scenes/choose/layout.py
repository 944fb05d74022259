"""Where everything goes on the Choose! table, computed from the window size.

Seats sit on an ellipse, the viewer's seat at the bottom, numbers increasing clockwise;
each seat's kitchen lies between its mouse and the middle. The hand runs along the
bottom. Every length is a fraction of the window, so the table scales with it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from client.assets import scaled
from client.kit.layout import HAND_TEXT, TableLayout, around, frame, hand_bar


@dataclass(frozen=True)
class Layout(TableLayout):
    kitchens: tuple[pygame.Rect, ...]
    card: tuple[int, int]
    """A kitchen card's size."""
    hand_card: tuple[int, int]

    def slots(self, seat: int, count: int) -> list[tuple[int, int]]:
        """Centres of ``count`` stacks in a kitchen, overlapping when it gets crowded."""
        box = self.kitchens[seat]
        cw = self.card[0]
        step = min(cw + max(4, cw // 6), (box.width - cw - 8) / max(1, count - 1))
        total = step * (count - 1)
        left = box.centerx - total / 2
        # below the kitchen's title, with room above the card for its stolen-cheese mark
        y = box.top + self.title_band() + int(self.text * 0.7) + self.card[1] // 2
        return [(int(left + i * step), y) for i in range(count)]

    def kitchen_reach(self, seat: int) -> pygame.Rect:
        """A kitchen's box with what its mice may hang below it: at large text a full
        stack's cards and nest reach past the box's foot, and a seat's words beside or
        under it keep clear of that too (a seat's score was under a stack)."""
        box = self.kitchens[seat]
        w, h = self.card
        # (the lowest of a five-card stack's edges and its nest's bed: ``draw.stack``)
        foot = self.slots(seat, 1)[0][1] + max(h // 2 + 5 * min(4, h // 16), h * 13 // 20)
        # and the end stacks' edges and beds past the box's sides (they covered a
        # seat's "11 pts" just right of a full kitchen)
        spill = max(0, max(5 * (min(4, h // 16) - 1), w * 3 // 10) - 4)
        return box.union(pygame.Rect(box.left, box.top, box.width, foot - box.top + 1)
                         ).inflate(2 * spill, 0)

    def title_band(self) -> int:
        """The strip along a kitchen's top that holds its title; no card covers it."""
        return int(self.text * 1.3)


def compute(size: tuple[int, int], n: int, bottom: int | None) -> Layout:
    text = scaled(max(12, size[1] // 46))
    f = frame(size, bar=(hand_bar(text), 0.2), radii=(0.43, 0.38))
    table = f.table
    unit = max(24, int(min(table.width, table.height) * 0.14))
    reach_x, reach_y, share = {2: (0.45, 0.45, 0.5), 3: (0.45, 0.42, 0.3),
                               4: (0.5, 0.5, 0.22)}.get(n, (0.45, 0.42, 0.18))
    kw = int(table.width * share)
    kh = int(table.height * (0.19 if n < 5 else 0.165))
    card_h = int((kh - int(text * 1.3)) * 0.75)
    kitchens = []
    for centre in around(f, n, bottom, (reach_x, reach_y)):
        box = pygame.Rect(0, 0, kw, kh)
        box.center = centre
        kitchens.append(box)
    hand_h = f.bar.height - int(text * HAND_TEXT)
    return Layout(
        **vars(f), unit=unit, text=text, seats=around(f, n, bottom), kitchens=tuple(kitchens),
        card=(int(card_h * 0.7), card_h), hand_card=(int(hand_h * 0.7), hand_h),
    )


def hand_slots(lay: Layout, count: int) -> list[pygame.Rect]:
    """The cards of the viewer's hand, left to right along the bar."""
    cw, ch = lay.hand_card
    bar = lay.bar
    room = bar.width - 2 * lay.text
    step = min(cw + 6, (room - cw) / max(1, count - 1))
    total = step * (count - 1) + cw
    left = bar.centerx - total / 2
    top = bar.bottom - ch - int(lay.text * 1.9)
    return [pygame.Rect(int(left + i * step), top, cw, ch) for i in range(count)]


def stack_at(lay: Layout, kitchens: list[list[int]], pos: tuple[int, int]) -> int | None:
    """The stack id under ``pos`` (the topmost where stacks overlap)."""
    cw, ch = lay.card
    for seat, kitchen in enumerate(kitchens):
        slots = lay.slots(seat, len(kitchen))
        for sid, (x, y) in reversed(list(zip(kitchen, slots, strict=True))):
            if pygame.Rect(x - cw // 2, y - ch // 2, cw, ch).collidepoint(pos):
                return sid
    return None


def kitchen_at(lay: Layout, pos: tuple[int, int]) -> int | None:
    for seat, box in enumerate(lay.kitchens):
        if box.collidepoint(pos) or math.dist(pos, lay.seats[seat]) < lay.unit * 0.5:
            return seat
    return None
