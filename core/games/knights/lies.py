"""How the Witch side lies without being caught out by its own answers.

A liar who answers at random soon contradicts itself. Instead, a Witch-side seat picks
one tile it knows that holds a number and answers every question as if that tile and
the Witch tile had changed places. That false world fits the public record as well as
the true one: in it, the seats that know the partner tile are the "bewitched" ones, so
their honest answers read as lies. A captain who believes it leaves out a Knight's tile
and loses. Questions that touch neither tile get the truth, which is the same in both
worlds.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from core.games.knights.questions import named_tiles, truth
from core.games.knights.shapes import Answered
from core.games.knights.state import WITCH, WITCH_NAME

UNKNOWN = -1


Seen = Mapping[str, Any]
"""The view fields a lie is worked out from: a seat's view (``shapes.KnightsSeatView``),
or the public tracker's replay of one at an earlier answer."""

def witch_tile(view: Seen) -> int | None:
    """The Witch tile's id, if this seat has seen it."""
    for tile, value in enumerate(view["values"]):
        if value == WITCH_NAME:
            return tile
    return None


def knowers(view: Seen, tile: int) -> list[int]:
    """Seats that have seen ``tile``: its owner and everyone whose arrow points at it."""
    seats = {s for s, tiles in enumerate(view["arrows"]) if tile in tiles}
    if tile < view["players"]:
        seats.add(tile)
    return sorted(seats)


def partner(view: Seen) -> int | None:
    """The tile to trade places with the Witch in the false world: one this seat knows,
    holding a number, seen by as few honest seats as possible (each of them is a voice
    for the truth), lowest id on ties so the choice never changes within a round."""
    wtile = witch_tile(view)
    if wtile is None:
        return None
    friends = set(view["you"]["witch_side"] or [])
    options = [
        t for t, v in enumerate(view["values"])
        if v is not None and v != WITCH_NAME and t != wtile
    ]
    if not options:
        return None
    return min(options, key=lambda t: (sum(1 for s in knowers(view, t) if s not in friends), t))


def fake_values(view: Seen) -> list[int]:
    """The tile values of the false world, ``UNKNOWN`` where this seat has not looked."""
    values = [UNKNOWN if v is None else WITCH if v == WITCH_NAME else int(v)
              for v in view["values"]]
    wtile, other = witch_tile(view), partner(view)
    if wtile is not None and other is not None:
        values[wtile], values[other] = values[other], values[wtile]
    return values


def fake_truth(view: Seen) -> bool:
    """The answer to the waiting question in the false world."""
    question = view["question"]
    return truth(question, fake_values(view))


def _fits(entry: Answered, wtile: int, claim: int, values: list[int]) -> bool:
    """Whether an earlier answer about the Witch tile agrees with it holding ``claim``
    (an answer that also names a tile this seat has not seen is taken to agree)."""
    trial = list(values)
    trial[wtile] = claim
    if any(trial[t] == UNKNOWN for t in _named(entry)):
        return True
    return truth(entry, trial) == entry["answer"]


def _named(entry: Answered) -> list[int]:
    return named_tiles(entry)


def claim(view: Seen) -> int | None:
    """The number this seat says the Witch tile holds, or None off the Witch side.

    A number it has not seen anywhere, so the claim points at some unseen tile as the
    Witch's and leaves this seat looking like a Knight; the first claim that fits every
    earlier answer about the Witch tile (those came from its allies: no Knight has seen
    that tile), so allies who speak after one another tell one story.
    """
    wtile = witch_tile(view)
    if wtile is None:
        return None
    values = [UNKNOWN if v is None else WITCH if v == WITCH_NAME else int(v)
              for v in view["values"]]
    unseen: list[int] = [int(k) for k in view["numbers"] if k not in values]
    if not unseen:
        return None
    about = [e for e in view["log"] if wtile in _named(e)]
    fitting = [k for k in unseen if all(_fits(e, wtile, k, values) for e in about)]
    pool = fitting or unseen
    return pool[(int(view["round"]) + wtile) % len(pool)]


def claimed_truth(view: Seen) -> bool:
    """The answer to the waiting question if the Witch tile held the claimed number."""
    question = view["question"]
    values = [UNKNOWN if v is None else WITCH if v == WITCH_NAME else int(v)
              for v in view["values"]]
    wtile, number = witch_tile(view), claim(view)
    if wtile is not None and number is not None:
        values[wtile] = number
    return truth(question, values)
