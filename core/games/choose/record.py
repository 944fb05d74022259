"""What the round's public record (the view's ``moves``) and the seat's own views of
the round say about where each card went: the sampler's bookkeeping.

Every turn uses up one card of a hand, net. The record names the turn: a mouse card
laid at a known height of a known mouse, a nest laid or taken back (by its card), a
camera or an exterminator played, a card thrown away. A hand as dealt therefore holds,
besides what it holds now, exactly the cards its turns used; so each other seat still
has so many mouse cards and so many wisdom cards of its deal, in hand or thrown away.
The seat's own cards are read from its views: the card that left its hand between two
of its views is the one its turn in between used.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from core.games.choose.shapes import ChooseSeatView, MoveData
from core.games.choose.state import DEAL, EXTERMINATOR, NEST


@dataclass
class Turns:
    """One seat's turns of the round, counted."""

    laid: int = 0
    """Mouse cards laid on a mouse (pickups and steals)."""
    own_nests: int = 0
    """Nests laid from its deal (not ones it took back first)."""
    used: list[str] = field(default_factory=list)
    """Cameras and exterminators played."""
    taken: list[int] = field(default_factory=list)
    """Nests taken back and not laid again: in its hand, or thrown away."""
    above: dict[int, int] = field(default_factory=dict)
    """Taken nest -> the highest nest the seat laid since it took it: one below was
    thrown away before that (the rules lay the lowest nest held)."""
    throws: int = 0
    """Cards thrown away face down (sleepy, and one per exterminator)."""


@dataclass
class Own:
    """The seat's own cards that left its hand this round, as its views show them."""

    laid: dict[tuple[int, int], tuple[int, str]] = field(default_factory=dict)
    """(mouse, height) -> (card, kind) for each mouse card it laid."""
    gone: dict[int, str] = field(default_factory=dict)
    """Card -> kind for each card it played onto the discard or threw away."""
    unread: int = 0
    """Its turns whose views are missing (a seat taken over mid-round)."""


@dataclass
class Record:
    seats: list[Turns]
    heights: list[int | None]
    """Per move: the height of the card a pickup or steal laid."""
    revealed: dict[tuple[int, int], str]
    """(mouse, height) -> the identity a steal turned face up there."""
    placers: dict[tuple[int, int], int]
    """(mouse, height) -> the seat that laid that card."""
    nests: set[int]
    """Every nest card seen this round."""
    laid_nests: list[list[int]]
    """Per seat, the nest cards it laid this round."""
    remaining: list[tuple[int, int]]
    """Per seat: the mouse and wisdom cards of its deal its turns have not used."""


def read_record(view: ChooseSeatView) -> Record:
    n = view["players"]
    seats = [Turns() for _ in range(n)]
    heights: list[int | None] = []
    revealed: dict[tuple[int, int], str] = {}
    placers: dict[tuple[int, int], int] = {}
    steals: dict[int, int] = {}
    nests: set[int] = set()
    laid_nests: list[list[int]] = [[] for _ in range(n)]
    for move in view["moves"]:
        seat, kind, stack = seats[move["seat"]], move["type"], move["stack"]
        height: int | None = None
        if kind in ("pickup", "steal") and stack is not None:
            height = steals[stack] = steals.get(stack, -1) + 1
            if kind == "steal" and move["revealed"] is not None:
                revealed[(stack, height - 1)] = move["revealed"]
            placers[(stack, height)] = move["seat"]
            seat.laid += 1
        elif kind == "nest" and move["nest"] is not None:
            nests.add(move["nest"])
            laid_nests[move["seat"]].append(move["nest"])
            for held in seat.taken:
                seat.above[held] = max(seat.above.get(held, -1), move["nest"])
            if move["nest"] in seat.taken:
                seat.taken.remove(move["nest"])
            else:
                seat.own_nests += 1
        elif kind in ("camera", EXTERMINATOR):
            seat.used.append(kind)
        if kind == EXTERMINATOR and move["nest"] is not None:
            nests.add(move["nest"])
            seat.taken.append(move["nest"])
        if kind in ("sleepy", EXTERMINATOR):
            seat.throws += 1
        heights.append(height)
    per_mouse, per_wisdom = DEAL[n]
    remaining = [(per_mouse - s.laid, per_wisdom - s.own_nests - len(s.used)) for s in seats]
    return Record(seats, heights, revealed, placers, nests, laid_nests, remaining)


def read_own(views: Sequence[ChooseSeatView], record: Record) -> Own:
    """The seat's own cards that left its hand this round, from its views of the round
    (one before each of its turns, the last one now)."""
    now = views[-1]
    me = now["seat"]
    mine = [(i, m) for i, m in enumerate(now["moves"]) if m["seat"] == me]
    shown = [v for v in views if v["round"] == now["round"]]
    own = Own()
    read = max(0, min(len(mine), len(shown) - 1))
    own.unread = len(mine) - read
    for j in range(read):
        index, move = mine[own.unread + j]
        before, after = shown[len(shown) - 1 - read + j], shown[len(shown) - read + j]
        _read_turn(own, move, record.heights[index], before, after)
    return own


def _read_turn(own: Own, move: MoveData, height: int | None, before: ChooseSeatView,
               after: ChooseSeatView) -> None:
    held = {c["card"]: c["kind"] for c in before["hand"]}
    now = {c["card"] for c in after["hand"]}
    lost = [c for c in held if c not in now]
    if move["type"] in ("pickup", "steal") and move["stack"] is not None and height is not None:
        for card in lost:
            own.laid[(move["stack"], height)] = (card, held[card])
        return
    if move["type"] == NEST:
        return  # the nest is on the table, named by its card
    for card in lost:
        own.gone[card] = held[card]
    if move["type"] == EXTERMINATOR and move["nest"] is not None and move["nest"] not in now:
        own.gone[move["nest"]] = NEST  # the nest taken back, thrown away at once
