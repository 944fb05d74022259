"""The question builder and the captain's line-up: the two things a player composes
before sending, rather than picking from a list.

Both start from the legal actions. A question's answerer, its tile and its comparison
come only from the host's list (``QuestionSpace``); the set of numbers is free, since
the host accepts any non-empty set of knight numbers. The line-up's tiles come from the
captain's listed line-up; every order of them, leaving out at most one, is legal.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pygame

from client.scenes.knights.knowledge import QuestionSpace
from core.games.knights.shapes import AskAction, LineUpAction


@dataclass
class Builder:
    answerer: int | None = None
    tile: int | None = None
    form: str = "in"
    other: int | None = None
    values: list[int] = field(default_factory=list)
    owner: int | None = None
    """The seat composing: at a shared screen, the next person starts afresh."""

    def reset(self) -> None:
        self.answerer, self.tile, self.form, self.other, self.values = None, None, "in", None, []

    def back(self) -> None:
        """One step back: the numbers or comparison, then the tile, then the answerer."""
        if self.tile is not None:
            self.tile, self.other, self.values, self.form = None, None, [], "in"
        else:
            self.answerer = None

    def forms(self, space: QuestionSpace) -> list[str]:
        if self.answerer is None or self.tile is None:
            return []
        out = []
        if self.tile in space.tiles.get(self.answerer, []):
            out.append("in")
        if space.others(self.answerer, self.tile):
            out.append("greater")
        return out

    def choose_answerer(self, seat: int, space: QuestionSpace) -> bool:
        if seat not in space.answerers:
            return False
        self.reset()
        self.answerer = seat
        return True

    def choose_tile(self, tile: int, space: QuestionSpace) -> bool:
        """Pick the subject tile, or, comparing, the tile it is compared with."""
        if self.answerer is None:
            return False
        if (self.tile is not None and self.form == "greater"
                and tile in space.others(self.answerer, self.tile)):
            self.other = tile
            return True
        if tile not in space.subjects(self.answerer):
            return False
        self.tile, self.other, self.values = tile, None, []
        forms = self.forms(space)
        self.form = forms[0] if forms else "in"
        return True

    def set_form(self, form: str, space: QuestionSpace) -> None:
        if form in self.forms(space):
            self.form, self.other = form, None

    def toggle(self, value: int) -> None:
        self.values = sorted(set(self.values) ^ {value})

    def action(self, space: QuestionSpace) -> AskAction | None:
        """The finished question as an action, or None while it is incomplete or illegal."""
        if self.answerer is None or self.tile is None or self.form not in self.forms(space):
            return None
        if self.form == "greater":
            if self.other is None or self.other not in space.others(self.answerer, self.tile):
                return None
            return {"type": "ask", "answerer": self.answerer, "form": "greater",
                    "tile": self.tile, "other": self.other}
        if not self.values or not all(1 <= v <= 7 for v in self.values):
            return None
        return {"type": "ask", "answerer": self.answerer, "form": "in", "tile": self.tile,
                "values": list(self.values)}


@dataclass
class LineUp:
    """The captain's row being arranged by dragging, and the one tile left out."""

    row: list[int] = field(default_factory=list)
    out: int | None = None
    drag: int | None = None
    grab: tuple[int, int] = (0, 0)
    """Where the dragged tile was grabbed, relative to its centre."""
    round: int = -1

    def start(self, order: list[int], round_number: int) -> None:
        self.row, self.out, self.drag, self.round = list(order), None, None, round_number

    def arrange(self, order: list[int], values: list[Any], numbers: list[int],
                round_number: int) -> None:
        """The row by what the captain knows (``known_order``)."""
        row, out = known_order(order, values, numbers)
        self.start(row, round_number)
        self.out = out

    @property
    def tiles(self) -> set[int]:
        return set(self.row) | ({self.out} if self.out is not None else set())

    def pick(self, tile: int, grab: tuple[int, int]) -> None:
        if tile in self.tiles:
            self.drag, self.grab = tile, grab

    def drop(self, slots: list[pygame.Rect], out_box: pygame.Rect, pos: tuple[int, int]) -> None:
        """Put the dragged tile where it was let go: into the box, or between two tiles."""
        tile = self.drag
        self.drag = None
        if tile is None:
            return
        if out_box.collidepoint(pos):
            if self.out == tile:
                return
            self.row.remove(tile)
            if self.out is not None:
                self.row.append(self.out)
            self.out = tile
            return
        if self.out == tile:
            self.out = None
        else:
            self.row.remove(tile)
        centres = [s.centerx for s in slots[: len(self.row)]]
        index = sum(1 for x in centres if pos[0] > x)
        self.row.insert(index, tile)

    def action(self) -> LineUpAction:
        return {"type": "line_up", "order": list(self.row)}


def known_order(order: list[int], values: list[Any], numbers: list[int]
                ) -> tuple[list[int], int | None]:
    """The row sorted by what is known: a known Witch left out, each known number at its
    place among the table's numbers (a 4 of 1-5 fourth, not before the tiles nobody has
    seen), the unknown tiles in the places left, in their given order."""
    witch = next((t for t in order if values[t] == "witch"), None)
    tiles = [t for t in order if t != witch]
    places: list[int | None] = [None] * len(tiles)
    known = sorted((t for t in tiles if isinstance(values[t], int)), key=lambda t: values[t])
    for tile in known:
        want = min(numbers.index(values[tile]) if values[tile] in numbers else 0,
                   len(tiles) - 1)
        free = [i for i, p in enumerate(places) if p is None]
        places[min(free, key=lambda i: (abs(i - want), i))] = tile
    rest = iter(t for t in tiles if not isinstance(values[t], int))
    return [p if p is not None else next(rest) for p in places], witch
