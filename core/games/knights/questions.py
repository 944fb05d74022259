"""Structured questions: players cannot talk in this game, so a question is data.

Two forms cover every example in the source:

- ``{"form": "in", "tile": T, "values": [...]}``: is tile T one of these numbers?
  (= k, >= k, odd and even are all sets);
- ``{"form": "greater", "tile": T, "other": U}``: is tile T greater than tile U?

A predicate about the Witch tile's number is false: the Witch has no number.

Legality (RULES.md §3 "Question"): every named tile is one the answerer knows, and at
least one named tile is unknown to the asker, so nobody can ask a question only to
broadcast what they already know.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache, lru_cache
from typing import TypeVar, cast

from core.errors import ActionError
from core.game import Action, Seat, need_int
from core.games.knights.shapes import ASK_SHAPES, Question
from core.games.knights.state import WITCH


def tile_name(tile: int, n: int) -> str:
    """How a sentence names a tile: by where it lies, never by what it is; as the window
    names it (seats from 1, centre tiles by letter), since a person reads the sentence."""
    return f"seat {tile + 1}'s tile" if tile < n else f"centre tile {chr(ord('A') + tile - n)}"


def parse_question(action: Mapping[str, object], asker: Seat, n: int, tiles: int) -> Question:
    """Check the shape of an ``ask`` action; the canonical question (values sorted)."""
    form = action.get("form")
    if not isinstance(form, str) or form not in ASK_SHAPES:
        raise ActionError("malformed", "A question's 'form' is 'in' or 'greater'.")
    ASK_SHAPES[form].need(action)
    answerer = need_int(action, "answerer", 0, n - 1)
    tile = need_int(action, "tile", 0, tiles - 1)
    if form == "greater":
        other = need_int(action, "other", 0, tiles - 1)
        if other == tile:
            raise ActionError("malformed", "Compare two different tiles.")
        return {"answerer": answerer, "form": "greater", "tile": tile, "other": other}
    values = action["values"]
    if (
        not isinstance(values, list)
        or not values
        or not all(isinstance(v, int) and not isinstance(v, bool) for v in values)
    ):
        raise ActionError("malformed", "Field 'values' must be a non-empty list of numbers.")
    if not all(1 <= v <= 7 for v in values):
        raise ActionError("malformed", "Knight numbers run from 1 to 7.")
    if len(set(values)) != len(values):
        raise ActionError("malformed", "Name each number in 'values' once.")
    return {"answerer": answerer, "form": "in", "tile": tile, "values": sorted(values)}


def asked(action: Action) -> Question:
    """A listed ``ask`` action read as the question it asks: the rules built it, so its
    fields are a question's (its ``type`` is left for nobody to read)."""
    return cast(Question, action)


Q = TypeVar("Q", bound=Question)


def copy_question(question: Q) -> Q:
    """A copy that shares no list with the state (events and views are handed out)."""
    copy = question.copy()
    if "values" in copy:
        copy["values"] = list(copy["values"])
    return copy


def named_tiles(question: Question) -> list[int]:
    if question["form"] == "greater":
        return [question["tile"], question["other"]]
    return [question["tile"]]


def why_not(
    question: Question, asker: Seat, asker_knows: set[int], answerer_knows: set[int], n: int
) -> str | None:
    """The sentence refusing ``question``, or None when it may be asked."""
    answerer = question["answerer"]
    if answerer == asker:
        return "Ask another player, not yourself."
    tiles = named_tiles(question)
    for tile in tiles:
        if tile not in answerer_knows:
            return (
                f"Seat {answerer + 1} has not seen {tile_name(tile, n)}; "
                "ask only about tiles the answerer knows."
            )
    if all(tile in asker_knows for tile in tiles):
        if len(tiles) == 1:
            return f"You already know {tile_name(tiles[0], n)}; ask about something you do not."
        return "You already know both tiles; ask about something you do not."
    return None


def truth(question: Question, values: Sequence[int]) -> bool:
    """The true answer, given the value of every tile."""
    tile = values[question["tile"]]
    if tile == WITCH:
        return False
    if question["form"] == "in":
        return tile in question["values"]
    other = values[question["other"]]
    return bool(other != WITCH and tile > other)


@cache
def _value_sets(numbers: tuple[int, ...]) -> tuple[list[int], ...]:
    """The value sets ``family`` asks about, the same for every question of a table: every
    single number, every "at least k", odd and even. Callers copy before handing out."""
    top = max(numbers)
    sets: list[list[int]] = [[k] for k in numbers]
    sets += [list(range(k, top + 1)) for k in numbers[1:-1]]
    odd = [k for k in numbers if k % 2 == 1]
    even = [k for k in numbers if k % 2 == 0]
    for part in (odd, even):
        if len(part) > 1 and part not in sets:
            sets.append(part)
    return tuple(sets)


@cache
def _in_block(answerer: Seat, tile: int, numbers: tuple[int, ...]) -> tuple[Action, ...]:
    """The "in" questions to ``answerer`` about ``tile``, one per value set: the same maps
    at every state that lists them (a legal list's maps are never changed), so ``family``
    only joins blocks instead of building some 170 maps for every question."""
    return tuple({"type": "ask", "answerer": answerer, "form": "in", "tile": tile,
                  "values": list(values)} for values in _value_sets(numbers))


@cache
def _greater(answerer: Seat, tile: int, other: int) -> Action:
    """The one "greater than" question to ``answerer`` about this pair, shared likewise."""
    return {"type": "ask", "answerer": answerer, "form": "greater", "tile": tile,
            "other": other}


def family(
    asker: Seat,
    knows: Sequence[set[int]],
    numbers: Sequence[int],
) -> list[Action]:
    """A finite, sensible list of legal questions for ``asker``.

    The full space of value sets is too large to list; ``apply`` accepts any legal set.
    Listed here: every single number, every "at least k", odd and even about each tile
    the asker does not know, and every legal "greater than" pair.
    """
    key = tuple(numbers)
    mine = knows[asker]
    out: list[Action] = []
    for answerer, theirs in enumerate(knows):
        if answerer != asker:
            out += _to_answerer(answerer, tuple(sorted(theirs)), frozenset(theirs & mine), key)
    return out


@lru_cache(maxsize=4096)
def _to_answerer(answerer: Seat, seen: tuple[int, ...], mine: frozenset[int],
                 numbers: tuple[int, ...]) -> tuple[Action, ...]:
    """``family``'s questions to one answerer, who has seen ``seen``, of which the asker
    knows ``mine``: the same few combinations come back all game long."""
    out: list[Action] = []
    for tile in seen:
        if tile not in mine:
            out += _in_block(answerer, tile, numbers)
    for tile in seen:
        for other in seen:
            if tile != other and not (tile in mine and other in mine):
                out.append(_greater(answerer, tile, other))
    return tuple(out)
