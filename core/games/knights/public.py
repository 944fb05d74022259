"""What the table's Knights can believe from the public record alone, and the answers
and questions of a Witch-side seat that leave that belief furthest from the truth.

A Witch-side seat answering a question has two answers to choose from. Any fixed way of
lying (``lies``) fits some rounds and gives the game away in others; measured in bot
games, choosing per question the answer after which the public record points least at
the real tiles wins the Witch side clearly more rounds. The public belief is every
assignment of the round's tiles, weighed by the Q&A log the way a Knight who has seen
nothing would (a possible liar's true answer at a flat rate, ``deduce.LIAR_TRUE``);
how much it points at the truth is the weight it gives to the assignments this seat
itself believes, averaged over this seat's belief.

The same measure picks a Witch-side seat's question: the one whose answer, as this seat
expects it, leaves the least public weight on the truth. A Knight's answer is the
truth; an ally is expected to answer the quieter way (and, asked often, it looks like
an honest seat the Knights may elect).

The public belief also tells a Knight how another seat would line the tiles up
(``captaincy``). Enumerating every assignment is affordable up to ``LIMIT``, which
every table of every mode stays within; beyond it the callers fall back on their usual
lies and trust.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from functools import lru_cache
from itertools import repeat
from math import perm
from operator import add, mul
from typing import cast

from core.game import Action
from core.games.knights.blind import BlindTracker
from core.games.knights.deduce import LIAR_TRUE, Belief
from core.games.knights.questions import named_tiles, truth
from core.games.knights.shapes import KnightsSeatView, Question
from core.games.knights.tiles import supply
from core.games.knights.track import TrackedBelief, present

LIMIT = 40320
"""Most assignments the public belief may enumerate (8! — basic mode, eight players)."""


def space_size(view: KnightsSeatView) -> int:
    """How many assignments of the round's tiles there are, before any answer."""
    return perm(len(supply(view["mode"], view["players"]).pool), len(view["tiles"]))


class PublicTracker:
    """The public belief, kept up to date across a seat's decisions like a ``Tracker``."""

    def __init__(self) -> None:
        self.tracker = BlindTracker(LIAR_TRUE)

    def belief(self, view: KnightsSeatView) -> TrackedBelief | None:
        """The public belief, or None when the round has too many assignments."""
        if space_size(view) > LIMIT:
            return None
        return self.tracker.belief(self._blind_view(view))

    def hear(self, view: KnightsSeatView) -> None:
        """``Tracker.hear`` for the public belief (nothing when it is not kept)."""
        if space_size(view) <= LIMIT:
            self.tracker.hear(self._blind_view(view))

    @staticmethod
    def _blind_view(view: KnightsSeatView) -> KnightsSeatView:
        """The view as a seat that has seen nothing would have it."""
        return cast(KnightsSeatView, dict(view, values=[None] * len(view["tiles"])))


class Grouped:
    """The public belief summed by Witch side and the values of a few tiles: everything a
    question about those tiles depends on. Built column by column, since the belief may
    hold tens of thousands of assignments and a question needs only a few of their
    values."""

    def __init__(self, public: TrackedBelief) -> None:
        self.public = public
        ids: dict[frozenset[int], int] = {}
        places = self.places = public.places()
        self.side_of_place: bytes | None = None
        """Per Witch place, its side's id (when the places are known)."""
        self.side_ids: Sequence[int]
        if places is None:
            self.side_ids = [ids.setdefault(side, len(ids)) for side in public.sides]
        else:
            # The side follows the Witch's place: number the sides in the order they first
            # appear, as a pass over every assignment would, from the places' first uses.
            number = bytearray(256)
            used = present(places, public.size + 1)
            for place in sorted(used, key=places.index):
                number[place] = ids.setdefault(public.side_at(place, places), len(ids))
            self.side_of_place = bytes(number)
            self.side_ids = places.translate(number)
        self.sides = list(ids)
        self.columns: list[Sequence[int]] = (
            [public.column(tile) for tile in range(public.size)] if public.weights else [])
        self.tops = [public.column_top(tile) for tile in range(len(self.columns))]
        """Per tile, the largest value its column holds."""
        self.base = 1 + max(self.tops, default=0)

    def codes(self, tiles: list[int], start: list[int] | None = None) -> list[int]:
        """Per assignment, one number for the values of ``tiles`` (after ``start``)."""
        return list(self.digits(tiles, start))

    def digits(self, tiles: list[int], start: Sequence[int] | None = None) -> Sequence[int]:
        """``codes``, as bytes when every code fits in one (worked out column-wide)."""
        parts = [start] if start is not None else []
        parts += [self.columns[tile] for tile in tiles]
        if start is not None and start is not self.side_ids:
            return digits(parts, self.base, len(self.public.weights))
        # Every side id occurs, so the largest is the count of sides less one.
        tops = [len(self.sides) - 1] if start is not None else []
        tops += [self.tops[tile] for tile in tiles]
        return digits(parts, self.base, len(self.public.weights), tops)

    def code(self, values: tuple[int, ...], tiles: list[int]) -> int:
        """The number ``codes`` gives an assignment's values of ``tiles``."""
        code = 0
        for tile in tiles:
            code = code * self.base + values[tile]
        return code

    def by(self, tiles: list[int]) -> dict[tuple[frozenset[int], tuple[int, ...]], float]:
        """Weight per (Witch side, values of ``tiles``)."""
        if not self.columns:
            return {}
        summed = [0.0] * (len(self.sides) * self.base ** len(tiles))
        weights = self.public.weights
        whole = weights.count(1.0) == len(weights)
        side, places = self.side_of_place, self.places
        if whole and len(tiles) == 1 and side is not None and places is not None and type(
                self.columns[tiles[0]]) is bytes:
            # Weights of 1.0 add up exactly to their count, in any order: for one tile,
            # the count per Witch place and value, which stays the same from round to
            # round (the first question of a round asks about the whole blind belief).
            counts = [0] * len(summed)
            base = self.base
            for (place, value), count in _place_counts(
                    places, cast(bytes, self.columns[tiles[0]])).items():
                counts[side[place] * base + value] += count
            for code, count in enumerate(counts):
                if count:
                    summed[code] = float(count)
            return self._named(summed, len(tiles))
        codes = self.digits(tiles, self.side_ids)
        if whole:
            for code, count in Counter(codes).items():
                summed[code] = float(count)
        else:
            for code, w in zip(codes, weights, strict=True):
                summed[code] += w
        return self._named(summed, len(tiles))

    def by_each(self, tiles: list[int]) -> dict[int, dict[tuple[frozenset[int], tuple[int, ...]],
                                                           float]]:
        """``by([tile])`` for each of ``tiles``: three tiles' weights are summed in one
        pass over the assignments, each tile's in the same order as ``by`` would."""
        weights = self.public.weights
        if not self.columns or weights.count(1.0) == len(weights):
            return {tile: self.by([tile]) for tile in tiles}
        out = {}
        size = len(self.sides) * self.base
        for first in range(0, len(tiles), 3):
            group = tiles[first:first + 3]
            codes = [self.digits([tile], self.side_ids) for tile in group]
            sums = [[0.0] * size for _ in group]
            if len(group) == 3:
                a, b, c = sums
                for w, x, y, z in zip(weights, *codes, strict=True):
                    a[x] += w
                    b[y] += w
                    c[z] += w
            elif len(group) == 2:
                a, b = sums
                for w, x, y in zip(weights, *codes, strict=True):
                    a[x] += w
                    b[y] += w
            else:
                (a,) = sums
                for w, x in zip(weights, *codes, strict=True):
                    a[x] += w
            for tile, summed in zip(group, sums, strict=True):
                out[tile] = self._named(summed, 1)
        return out

    def _named(self, summed: list[float], count: int
               ) -> dict[tuple[frozenset[int], tuple[int, ...]], float]:
        """``summed`` (per code of a side and ``count`` tiles' values) by side and values."""
        out = {}
        for code, w in enumerate(summed):
            if not w:
                continue
            shown = []
            for _ in range(count):
                code, value = divmod(code, self.base)
                shown.append(value)
            out[(self.sides[code], tuple(reversed(shown)))] = w
        return out


@lru_cache(maxsize=32)
def _place_counts(places: bytes, column: bytes) -> dict[tuple[int, int], int]:
    """How many assignments have each (Witch place, value of a tile), given every
    assignment's Witch place and value of that tile (counted as one byte each)."""
    base = 1 + max(column, default=0)
    codes = digits([places, column], base, len(column))
    return {divmod(code, base): count for code, count in Counter(codes).items()}


@lru_cache(maxsize=64)
def _scaled(scale: int) -> bytes:
    """The translation multiplying a byte by ``scale`` (modulo 256)."""
    return bytes((i * scale) & 0xFF for i in range(256))


def digits(parts: list[Sequence[int]], base: int, size: int,
           tops: Sequence[int] | None = None) -> Sequence[int]:
    """Per position, ``parts`` read as digits base ``base``, first part most significant:
    done on whole columns as big integers when the parts are bytes and every code fits
    in a byte (no digit can then carry into the next position), else number by number.
    ``tops``, when given, are the parts' largest digits (known, so not looked for)."""
    if not parts:
        return bytes(size)
    if all(type(part) is bytes for part in parts):
        top, scale, total = 0, 1, 0
        highest = reversed(tops) if tops is not None else (max(p, default=0) for p in parts[::-1])
        for part, high in zip(reversed(parts), highest, strict=True):
            top += high * scale
            total += int.from_bytes(part.translate(_scaled(scale)), "big")  # type: ignore[attr-defined]
            scale *= base
        if top < 256:
            return total.to_bytes(size, "big")
    codes: Iterable[int] = parts[0]
    for part in parts[1:]:
        codes = map(add, map(mul, codes, repeat(base)), part)
    return list(codes)


def _factor(true: bool, liar: bool) -> float:
    """How a Knight who has seen nothing weighs an answer that is ``true`` or not, from an
    answerer who would be a ``liar`` (on the Witch side) or not."""
    if liar:
        return LIAR_TRUE if true else 1.0 - LIAR_TRUE
    return 1.0 if true else 0.0


def truth_shares(public: TrackedBelief, mine: Belief, me: int,
                 question: Question) -> dict[bool, float]:
    """Per answer, the public belief's weight on what this seat believes once ``me`` has
    given that answer (averaged over this seat's belief)."""
    tiles = named_tiles(question)
    probe = [0] * public.size
    totals = dict.fromkeys((True, False), 0.0)
    for (side, shown), w in Grouped(public).by(tiles).items():
        for tile, value in zip(tiles, shown, strict=True):
            probe[tile] = value
        true = truth(question, probe)
        for answer in (True, False):
            totals[answer] += w * _factor(true == answer, me in side)
    shared = dict.fromkeys((True, False), 0.0)
    theirs = public.weights_of(mine.assignments)
    for values, w, their in zip(mine.assignments, mine.weights, theirs, strict=True):
        both = w * their
        if both:
            true, liar = truth(question, values), me in mine.witch_side(values)
            for answer in (True, False):
                shared[answer] += both * _factor(true == answer, liar)
    return {answer: shared[answer] / (mine.total * totals[answer])
            if totals[answer] > 0.0 and mine.total > 0.0 else 0.0
            for answer in (True, False)}


def quiet_answer(public: TrackedBelief, mine: Belief, me: int,
                 question: Question | None, preferred: bool) -> bool:
    """The answer after which the public belief points least at the truth; ``preferred``
    (the seat's usual lie) when both point at it alike."""
    assert question is not None, "an answer is chosen only while a question waits"
    shares = truth_shares(public, mine, me, question)
    if abs(shares[True] - shares[False]) <= 1e-12:
        return preferred
    return min(shares, key=lambda answer: shares[answer])


Cell = list[float]
"""Public weight of one value of a tile: [its answerer honest there, a liar there]."""

Terms = list[tuple[int, float, float]]
"""Per value of a tile, its public weight after an answer true of that value (from an
honest answerer, or a liar telling the truth) and after one false of it (a liar's):
worked out once per answerer and tile, not once per question."""


def _terms(cells: dict[int, Cell]) -> Terms:
    lie = 1.0 - LIAR_TRUE
    return [(v, c[0] + LIAR_TRUE * c[1], lie * c[1]) for v, c in cells.items()]


def _expected_share(terms: Terms, mine: dict[int, float], chosen: set[int],
                    ally: bool) -> float:
    """The truth's public share after "is the tile one of ``chosen``?" is answered (up to
    this seat's total weight): honestly by a Knight, the quieter way by an ally."""
    lie = 1.0 - LIAR_TRUE
    z_yes = sum(inside if v in chosen else outside for v, inside, outside in terms)
    z_no = sum(inside if v not in chosen else outside for v, inside, outside in terms)
    yes = sum(w for v, w in mine.items() if v in chosen)
    no = sum(w for v, w in mine.items() if v not in chosen)
    if ally:
        said_yes = (LIAR_TRUE * yes + lie * no) / z_yes if z_yes else 0.0
        said_no = (LIAR_TRUE * no + lie * yes) / z_no if z_no else 0.0
        return min(said_yes, said_no)
    return (yes / z_yes if z_yes else 0.0) + (no / z_no if z_no else 0.0)


def quiet_questions(public: TrackedBelief, mine: Belief, allies: set[int],
                    legal: list[Action]) -> list[Action]:
    """The "is tile T one of …" questions among ``legal`` whose answers leave the least
    public weight on the truth (all of ``legal`` when none is of that form)."""
    asks = [a for a in legal if a["form"] == "in"]
    if not asks:
        return legal
    theirs = public.weights_of(mine.assignments)
    cells: dict[tuple[int, int], Terms] = {}
    tiles = list({a["tile"] for a in asks})
    own: dict[int, dict[int, float]] = {tile: {} for tile in tiles}
    sums = Grouped(public).by_each(tiles)
    for tile in tiles:
        by_side = sums[tile]
        for answerer in {a["answerer"] for a in asks if a["tile"] == tile}:
            table: dict[int, Cell] = {}
            for (side, (value,)), w in by_side.items():
                table.setdefault(value, [0.0, 0.0])[1 if answerer in side else 0] += w
            cells[(answerer, tile)] = _terms(table)
    # Every tile's row in one pass over this seat's belief, each in the same order.
    rows = list(own.items())
    for values, w, their in zip(mine.assignments, mine.weights, theirs, strict=True):
        both = w * their
        for tile, row in rows:
            row[values[tile]] = row.get(values[tile], 0.0) + both
    best, pool = float("inf"), list[Action]()
    for action in asks:
        share = _expected_share(cells[(action["answerer"], action["tile"])],
                                own[action["tile"]], set(action["values"]),
                                action["answerer"] in allies)
        if share < best - 1e-12:
            best, pool = share, [action]
        elif share <= best + 1e-12:
            pool.append(action)
    return pool
