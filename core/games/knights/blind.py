"""The public belief, kept over the whole blind enumeration and never pruned.

A seat that has seen nothing starts each round from every assignment of the round's
tiles (40320 at eight players). Dropping the ruled-out ones, as a seat's own
``Tracker`` does after each answer, meant rewriting every column kept for them, and
each belief then wrote the survivors out through every mask since the round began:
that cost the hard bot more than weighing the answers. Kept whole, every assignment
stays where the table shape's one enumeration (``blind``) put it, so an answer only
reweighs columns that never change (a few translations of 40320 bytes), a ruled-out
assignment keeps the weight 0.0, and a belief reads the survivors off the enumeration.
Measured over whole games, that beat dropping them at any share of survivors.

The survivors come in the enumeration's order, with the weights the same factors
multiply in the same order, so the beliefs handed out are the ones a pruning tracker
hands out, float for float.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import compress, permutations
from operator import itemgetter
from typing import NamedTuple

from core.games.knights.deduce import Assignment
from core.games.knights.shapes import Answered, KnightsSeatView
from core.games.knights.state import WITCH
from core.games.knights.tiles import supply
from core.games.knights.track import (
    _DEAD,
    VALUES,
    TrackedBelief,
    Tracker,
    _combine,
    _keep,
    top_of,
)

Shape = tuple[str, int, int]
"""(mode, players, tiles): what the blind enumeration depends on."""


class Blind(NamedTuple):
    """Every assignment of a table shape's pool, with what trackers keep per assignment."""

    assignments: tuple[Assignment, ...]
    places: bytes
    """Per assignment, 1 + the Witch tile's id (0 when the Witch is set aside)."""
    columns: tuple[bytes, ...]
    """Per tile, every assignment's value of it."""
    ordered: bool
    """Whether the assignments come in ascending order."""
    place_values: tuple[bytes, ...]
    """Per tile, every assignment's Witch place and value of it, as place * 8 + value."""
    at: dict[Assignment, int]
    """Each assignment's place in the enumeration (made with it, like everything here,
    so that no seat's decision is the first to pay for it)."""


@lru_cache(maxsize=16)
def blind(mode: str, n: int, size: int) -> Blind:
    """Every assignment of the pool to ``size`` tiles, with the Witch's places and the
    columns, enumerated once per table shape."""
    sup = supply(mode, n)
    everything = permutations(sup.pool, size)
    if sup.seats_knights_only:
        found = [v for v in everything if WITCH not in v[:n]]
    else:
        found = list(everything)
    places = bytes(v.index(WITCH) + 1 if WITCH in v else 0 for v in found)
    columns = tuple(bytes(map(itemgetter(tile), found)) for tile in range(size))
    ordered = all(a < b for a, b in zip(found, found[1:], strict=False))
    return Blind(tuple(found), places, columns, ordered,
                 tuple(_combine([places, column]) for column in columns),
                 {values: i for i, values in enumerate(found)})


class PublicBelief(TrackedBelief):
    """The survivors of a ``BlindTracker``, read off the whole enumeration: the columns
    and the assignments are written out when first read."""

    def __init__(self, tracker: BlindTracker) -> None:
        self.shape = tracker.shape
        self._space = blind(*self.shape)
        classes, weight = tracker._classes, tracker._class_weight
        self._full: list[float] | None = None
        """Every blind weight, when not kept as classes."""
        self._kept: bytes | None = None
        """The survivors' classes, when the weights are kept as classes."""
        if classes is not None:
            alive = classes.translate(bytes(w > 0.0 for w in weight).ljust(256, b"\0"))
            self._marks = int.from_bytes(alive.translate(_DEAD), "big")
            self._kept = _keep(classes, self._marks)
            weights = list(map(weight.__getitem__, self._kept))
        else:
            self._full = list(tracker.weights)
            alive = bytes(map(bool, self._full))
            self._marks = int.from_bytes(alive.translate(_DEAD), "big")
            weights = list(compress(self._full, alive))
        self._classes, self._class_weight, self._alive = classes, weight, alive
        self._written: list[Assignment] | None = None
        self._columns: dict[int, bytes] = {}
        super().__init__(tracker.n, tracker.size, tracker.inspectors, [], None, weights,
                         tracker.side_of_place, _keep(self._space.places, self._marks))
        self.ordered = self._space.ordered

    @property
    def assignments(self) -> list[Assignment]:
        if self._written is None:
            self._written = list(compress(self._space.assignments, self._alive))
        return self._written

    @assignments.setter
    def assignments(self, value: list[Assignment]) -> None:
        """Set by ``TrackedBelief`` to nothing: they are written out when first read."""

    def column(self, tile: int) -> bytes:
        found = self._columns.get(tile)
        if found is None:
            found = self._columns[tile] = _keep(self._space.columns[tile], self._marks)
        return found

    def column_top(self, tile: int) -> int:
        return top_of(self.column(tile))

    def places(self) -> bytes | None:
        return self._side_places

    def classes(self) -> tuple[bytes, list[float]] | None:
        return None if self._kept is None else (self._kept, self._class_weight)

    def weights_of(self, wanted: list[Assignment]) -> list[float]:
        """The blind weight of each of ``wanted`` (0.0 where ruled out, as where a belief
        does not hold it), looked up by its place in the enumeration."""
        index = self._space.at
        if self._classes is not None:
            weight, classes = self._class_weight, self._classes
            return [weight[classes[i]] if (i := index.get(values)) is not None else 0.0
                    for values in wanted]
        full = self._full
        assert full is not None
        return [full[i] if (i := index.get(values)) is not None else 0.0 for values in wanted]


class BlindTracker(Tracker):
    """A tracker for a seat that has seen nothing, over every assignment of the pool to
    the table's tiles, kept whole (see the module's notes)."""

    shape: Shape = ("", 0, 0)
    side_of_place: list[frozenset[int]] = []
    """The Witch side per Witch place."""

    def _enumerate(self, view: KnightsSeatView) -> None:
        """Every seat's public tracker starts each round from the same assignments, so
        they (and where the Witch lies in each) are enumerated once per table shape;
        only the Witch sides, which follow the arrows, are this round's own."""
        self.shape = (view["mode"], self.n, self.size)
        space = blind(*self.shape)
        self._assignments, self._pending, self._sides = space.assignments, None, None
        nobody: frozenset[int] = frozenset()
        self.side_of_place = [nobody] + [frozenset(self._side_at(tile))
                                         for tile in range(self.size)]
        self._side_of_place = self.side_of_place
        self._count = len(space.assignments)
        self._witch = space.places
        self._columns = dict(enumerate(space.columns))
        self.ordered = space.ordered
        # Every weight is 1.0: one weight class, as ``_weigh`` would find it.
        self._classes, self._class_weight = bytes(self._count), [1.0]

    def _hear(self, entry: Answered, index: int) -> None:
        """``Tracker._hear``; an "is T one of …" answer's
        kind per assignment is read off the fixed code of its Witch place and value of T
        (``Blind.place_values``), whether the answerer is on the Witch side there
        following from the place: one translation instead of building the codes."""
        if entry["form"] != "in":
            super()._hear(entry, index)
            return
        answerer, answer = entry["answerer"], entry["answer"]
        inside = frozenset(entry["values"])
        # 0: honest and false, 1: honest and true, 2: a liar's false, 3: a liar's true
        kinds = bytearray(256)
        for place, side in enumerate(self.side_of_place):
            for value in range(VALUES):
                kinds[place * VALUES + value] = 2 * (answerer in side) + (
                    (value in inside) == answer)
        self._weigh(blind(*self.shape).place_values[entry["tile"]].translate(kinds))

    def _prune(self, share: float = 0.0) -> None:
        """Nothing is dropped: a ruled-out assignment keeps the weight 0.0."""

    def _recommendations(self, recs: list[int | None]) -> None:
        """``Tracker._recommendations``, per Witch place: whether the recommendations rule
        an assignment out depends only on who holds the Witch and on the Witch side,
        which the place fixes. Weighed as an answer would be (``_weigh``), by 0.0 or by
        1.0, which leaves a weight exactly as it was, so the weights stay in classes."""
        keep = bytearray(256)
        for place in range(self.size + 1):
            side, holder = self.side_of_place[place], place - 1
            keep[place] = not (side and any(
                (seat == holder and target in side and target != seat)
                or (seat in side and seat != holder and target == holder)
                for seat, target in enumerate(recs)))
        self._weigh(self._places().translate(keep))

    def belief(self, view: KnightsSeatView) -> PublicBelief:
        """``Tracker.belief``, read off the whole enumeration."""
        self.hear(view)
        recs = view["recommendations"]
        if recs is not None and not self.recs_done:
            self._recommendations(recs)
            self.recs_done = True
        self.version += 1
        return PublicBelief(self)
