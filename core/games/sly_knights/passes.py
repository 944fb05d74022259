"""What a seat's views of the round say about the hands of the players who passed.

A player passes (or is passed by the rules) only when no card in hand fits any score
card. Rooms only shrink during a round and a hand only grows by its spare, so every
card such a player still holds was then, and is now, worth more than the largest room
left at that pass, except a spare drawn since.

The latest view names only the passes since the last play (``sample.stuck_seats``).
The seat's earlier views of the round name the others: between two of its turns each
other player takes one turn, in seat order, and the plays that appeared between the
two views say who played and on what; a player who did not play passed, with the rooms
the plays before it had left. A seat that has passed never acts again in that round,
so two of its views of one round are never more than one such lap apart.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from core.games.sly_knights.shapes import ScoreCardData, SlySeatView
from core.games.sly_knights.state import PIG_AND_PIG, PIG_AND_PIG_WORTH


@dataclass(slots=True)
class Floor:
    """What the passes of one player ask of the cards it holds now."""

    hand: int = 0
    """Every card held now is worth more than this, except a spare drawn since."""
    spare: int = 0
    """The spare drawn since the passes that set ``hand``: worth more than this."""


def pass_floors(views: Sequence[SlySeatView]) -> list[Floor]:
    """Per seat, the floors its passes of this round set (the seat's own: none).

    ``views`` are the seat's views at its decisions, the last one now. A lap whose views
    show a player playing twice is not read: views are missing there (a seat taken
    over by a bot mid-game), and what happened in between is not known."""
    now = views[-1]
    n, me = now["players"], now["seat"]
    floors = [Floor() for _ in range(n)]
    if now["phase"] != "play":
        return floors
    rounds = [v for v in views if v["round"] == now["round"]]
    plays = [v for v in rounds if v["phase"] == "play"]
    laps: list[tuple[SlySeatView | None, SlySeatView]] = list(zip(plays, plays[1:],
                                                                  strict=False))
    if any(v["phase"] == "choose" for v in rounds):
        laps.insert(0, (None, plays[0]))  # from the round's first turn to the seat's
    held_now = now["spare_drawn"]
    strict = [0] * n
    loose = [0] * n
    for before, after in laps:
        for seat, room, spare_held in _passes(before, after, me):
            if spare_held or not held_now[seat]:
                strict[seat] = max(strict[seat], room)
            else:
                loose[seat] = max(loose[seat], room)
    for seat in range(n):
        if seat != me:
            floors[seat] = Floor(max(strict[seat], loose[seat]), strict[seat])
    return floors


def _passes(before: SlySeatView | None, after: SlySeatView,
            me: int) -> list[tuple[int, int, bool]]:
    """(seat, largest room left, whether it held its spare) for each pass of the lap
    from ``before`` (None: the round's first turn) to ``after``."""
    n = after["players"]
    start = after["start_player"]
    if before is not None:
        if before["deadline"] == after["deadline"]:
            return []  # the seat drew its spare: its turn went on, nobody else moved
        first, old = (me + 1) % n, before["score_cards"]
    elif start is None:
        return []
    else:
        first = start
        old = [ScoreCardData(owner=sc["owner"], value=sc["value"], total=0, plays=[], last=None)
               for sc in after["score_cards"]]
    new = [sc["plays"][len(was["plays"]):] for sc, was in zip(after["score_cards"], old,
                                                               strict=True)]
    by_seat: dict[int, list[tuple[int, int]]] = {}
    for target, added in enumerate(new):
        for play in added:
            worth = PIG_AND_PIG_WORTH if play["card"] == PIG_AND_PIG else play["card"]
            by_seat.setdefault(play["seat"], []).append((target, worth + play["pig"]))
    if any(len(made) > 1 for made in by_seat.values()):
        return []
    rooms = _rooms(old)
    if before is not None:
        for target, worth in by_seat.get(me, []):
            rooms[target] -= worth
    out: list[tuple[int, int, bool]] = []
    seat = first
    while seat != me:
        made = by_seat.get(seat)
        if made is None:
            out.append((seat, max(rooms, default=0), after["spare_drawn"][seat]))
        else:
            for target, worth in made:
                rooms[target] -= worth
        seat = (seat + 1) % n
    return out


def _rooms(cards: Sequence[ScoreCardData]) -> list[int]:
    return [sc["value"] - sc["total"] for sc in cards]
