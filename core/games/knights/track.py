"""A seat's belief kept up to date across its decisions in a round, instead of rebuilt.

``deduce.Belief`` enumerates every assignment and weighs the whole Q&A log each time it
is built; at eight players that is 720 assignments per decision. The tiles a seat has
seen and the arrows stay fixed from the first question to the captain's reveal, so the
assignments do too: a ``Tracker`` keeps them, with each one's Witch side, and only
multiplies in the answers (and the recommendations) that arrived since its last look.
Everything comes from the view: the key that decides whether to start over is made of
the round number, the values this seat sees and the arrows.
"""

from __future__ import annotations

from itertools import permutations
from typing import Any

from core.game import View
from core.games.knights.deduce import Assignment, Belief, _value
from core.games.knights.questions import truth
from core.games.knights.state import WITCH
from core.games.knights.tiles import supply


class TrackedBelief(Belief):
    """A ``Belief`` built from a tracker's surviving assignments, not from scratch."""

    def __init__(self, n: int, size: int, inspectors: list[list[int]],
                 assignments: list[Assignment], sides: list[frozenset[int]],
                 weights: list[float]) -> None:
        self.n = n
        self.size = size
        self.inspectors = inspectors
        self.assignments = assignments
        self.sides = sides
        self.weights = weights
        self.total = sum(weights)
        self._keys = None

    def knight_probability(self) -> list[float]:
        """Per seat, the weight of assignments in which that seat is a Knight."""
        witchy = [0.0] * self.n
        for side, weight in zip(self.sides, self.weights, strict=True):
            for seat in side:
                witchy[seat] += weight
        if not self.total:
            return [0.0] * self.n
        return [1.0 - w / self.total for w in witchy]


class Tracker:
    """One seat's weighted assignments for the current round, with a liar model."""

    def __init__(self, liar_true: float) -> None:
        self.liar_true = liar_true
        self.key: tuple[Any, ...] | None = None
        self.assignments: list[Assignment] = []
        self.sides: list[frozenset[int]] = []
        self.weights: list[float] = []
        self.seen = 0
        self.recs_done = False
        self.n = 0
        self.size = 0
        self.inspectors: list[list[int]] = []
        self.arrows: list[list[int]] = []
        self.numbers: list[int] = []
        self.round = 0
        self.log: list[dict[str, Any]] = []

    def belief(self, view: View) -> TrackedBelief:
        key = (view["round"], tuple(str(v) for v in view["values"]),
               tuple(tuple(a) for a in view["arrows"]))
        if key != self.key:
            self._start(view)
            self.key = key
        log: list[dict[str, Any]] = view["log"]
        self.log = log
        for index in range(self.seen, len(log)):
            self._hear(log[index], index)
        self.seen = len(log)
        recs = view["recommendations"]
        if recs is not None and not self.recs_done:
            self._recommendations(recs)
            self.recs_done = True
        self._prune()
        return TrackedBelief(self.n, self.size, self.inspectors, self.assignments, self.sides,
                             self.weights)

    def _start(self, view: View) -> None:
        self.n = view["players"]
        self.size = len(view["tiles"])
        self.arrows = [list(a) for a in view["arrows"]]
        self.numbers = list(view["numbers"])
        self.round = view["round"]
        self.inspectors = [[] for _ in range(self.size)]
        for seat, tiles in enumerate(view["arrows"]):
            for tile in tiles:
                self.inspectors[tile].append(seat)
        self.assignments, self.sides, self.weights = [], [], []
        self._enumerate(view)
        self.seen, self.recs_done = 0, False

    def _enumerate(self, view: View) -> None:
        """Every assignment that fits the values this seat sees, each at weight 1."""
        sup = supply(view["mode"], self.n)
        known = [_value(v) for v in view["values"]]
        unknown = [t for t, v in enumerate(known) if v is None]
        free = [v for v in sup.pool if v not in known]
        seat_unknown = [i for i, t in enumerate(unknown) if t < self.n]
        base = list(known)
        for fill in permutations(free, len(unknown)):
            if sup.seats_knights_only and any(fill[i] == WITCH for i in seat_unknown):
                continue
            for i, tile in enumerate(unknown):
                base[tile] = fill[i]
            values: Assignment = tuple(base)  # type: ignore[arg-type]
            self.assignments.append(values)
            self.sides.append(frozenset(self._side(values)))
            self.weights.append(1.0)

    def _side(self, values: Assignment) -> set[int]:
        if WITCH not in values:
            return set()
        tile = values.index(WITCH)
        side = set(self.inspectors[tile])
        if tile < self.n:
            side.add(tile)
        return side

    def _hear(self, entry: dict[str, Any], index: int) -> None:
        answerer, answer, tile = entry["answerer"], entry["answer"], entry["tile"]
        inside = frozenset(entry["values"]) if entry["form"] == "in" else None
        for i, values in enumerate(self.assignments):
            if inside is not None:
                true = (values[tile] in inside) == answer
            else:
                true = truth(entry, values) == answer
            if answerer in self.sides[i]:
                self.weights[i] *= self._liar(i, entry, index, true)
            elif not true:
                self.weights[i] = 0.0

    def _liar(self, i: int, entry: dict[str, Any], index: int, true: bool) -> float:
        """How likely a Witch-side answerer gave this answer under assignment ``i``."""
        return self.liar_true if true else 1.0 - self.liar_true

    def _recommendations(self, recs: list[int]) -> None:
        for i, values in enumerate(self.assignments):
            side = self.sides[i]
            if not side:
                continue
            holder = values.index(WITCH)
            for seat, target in enumerate(recs):
                if (seat == holder and target in side and target != seat) or (
                    seat in side and seat != holder and target == holder
                ):
                    self.weights[i] = 0.0
                    break

    def _prune(self) -> None:
        keep = [i for i, w in enumerate(self.weights) if w > 0.0]
        if len(keep) < len(self.weights):
            self.assignments = [self.assignments[i] for i in keep]
            self.sides = [self.sides[i] for i in keep]
            self.weights = [self.weights[i] for i in keep]
