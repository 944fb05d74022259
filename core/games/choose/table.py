"""What one Choose! seat knows of the table, in the shape the levelled bots reason on.

A ``KnownTable`` is built from the seat's view and nothing else, so a bot that reasons on
it cannot see more than its seat does.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from core.game import Seat, View
from core.games.choose.shapes import choose_seat_view
from core.games.choose.state import MICE

BAD = ("henchman", "robo")


@dataclass
class Mouse:
    stack: int
    owner: Seat
    stolen: int
    nested: bool
    top: str | None
    """The top card's identity, when the seat knows it."""
    placed_by: Seat


@dataclass
class KnownTable:
    n: int
    me: Seat
    hand: list[tuple[int, str]]
    """(card id, kind) of the seat's own hand."""
    hand_sizes: list[int]
    totals: list[int]
    turns_taken: int
    deck: dict[str, int]
    mice: list[Mouse] = field(default_factory=list)

    def by_stack(self) -> dict[int, Mouse]:
        return {m.stack: m for m in self.mice}

    def unknown_mice(self) -> dict[str, float]:
        """Mouse kinds the seat cannot place, as a distribution for an unknown top.

        Counting only what the seat holds and the tops it knows; the cards under a top
        and the discard pile are not in the view, so they stay in the pool.
        """
        left = {k: float(self.deck.get(k, 0)) for k in MICE}
        for _, kind in self.hand:
            if kind in left:
                left[kind] -= 1
        for m in self.mice:
            if m.top is not None:
                left[m.top] -= 1
        total = sum(max(0.0, v) for v in left.values())
        if total <= 0:
            return {k: 1 / len(MICE) for k in MICE}
        return {k: max(0.0, v) / total for k, v in left.items()}


def from_view(seen: View) -> KnownTable:
    view = choose_seat_view(seen)
    me = view["seat"]
    deck = {k[5:]: int(v) for k, v in view["options"].items() if k.startswith("deck.")}
    table = KnownTable(
        n=view["players"],
        me=me,
        hand=[(c["card"], c["kind"]) for c in view["hand"]],
        hand_sizes=list(view["hand_sizes"]),
        totals=list(view["totals"]),
        turns_taken=view["turns_taken"],
        deck=deck,
    )
    for owner, kitchen in enumerate(view["kitchens"]):
        for m in kitchen:
            table.mice.append(
                Mouse(m["stack"], owner, m["stolen"], m["nest"] is not None, m["top"],
                      m["placed_by"])
            )
    return table
