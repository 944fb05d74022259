"""A seat's belief: every tile assignment consistent with its view, with a weight.

The arrows are public, so under any assignment the Witch side is fixed: the Witch's
holder plus every seat whose arrow points at the Witch tile. That makes each answer in
the Q&A log a test: an answer that is false under an assignment in which the answerer
is a Knight rules that assignment out (Knights cannot lie); an answer from someone who
would be on the Witch side there only tilts the weight a little, since liars may say
either. Built from the view alone, never from the state.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import permutations
from math import log2

from core.games.knights.questions import truth
from core.games.knights.shapes import Answered, KnightsSeatView, Question
from core.games.knights.state import WITCH, WITCH_NAME
from core.games.knights.tiles import Supply, supply

LIAR_TRUE = 0.6
"""Weight of an assignment in which a possible liar's answer is true (0.4 if false)."""

Assignment = tuple[int, ...]


def _value(shown: int | str | None) -> int | None:
    if shown is None:
        return None
    return WITCH if shown == WITCH_NAME else int(shown)


def fillings(sup: Supply, known: list[int | None], n: int) -> Iterator[Assignment]:
    """Every assignment that fits the values a seat sees (``known``, None where unseen):
    the unseen tiles take the values not seen, in every order, except that the seats
    (tiles below ``n``) never hold the Witch where the supply deals them knights only.
    The one enumeration both a fresh belief and a kept one start from."""
    unknown = [t for t, v in enumerate(known) if v is None]
    free = [v for v in sup.pool if v not in known]
    seat_unknown = [i for i, t in enumerate(unknown) if t < n]
    base = list(known)
    for fill in permutations(free, len(unknown)):
        if sup.seats_knights_only and any(fill[i] == WITCH for i in seat_unknown):
            continue
        for i, tile in enumerate(unknown):
            base[tile] = fill[i]
        yield tuple(base)  # type: ignore[arg-type]


def entropy(p: float) -> float:
    if p <= 0.0 or p >= 1.0:
        return 0.0
    return -(p * log2(p) + (1 - p) * log2(1 - p))


class Belief:
    """Weighted assignments of values to the table's tiles, as one seat sees them."""

    def __init__(self, view: KnightsSeatView) -> None:
        self.n: int = view["players"]
        self.size = len(view["tiles"])
        sup = supply(view["mode"], self.n)
        known = [_value(v) for v in view["values"]]
        arrows: list[list[int]] = view["arrows"]
        self.inspectors: list[list[int]] = [[] for _ in range(self.size)]
        for seat, tiles in enumerate(arrows):
            for tile in tiles:
                self.inspectors[tile].append(seat)
        log = view["log"]
        recs: list[int | None] | None = view["recommendations"]
        self.assignments: list[Assignment] = []
        self.weights: list[float] = []
        for values in fillings(sup, known, self.n):
            weight = self._weigh(values, log, recs)
            if weight > 0.0:
                self.assignments.append(values)
                self.weights.append(weight)
        self.total = sum(self.weights)
        self._keys: list[tuple[int, ...]] | None = None

    def witch_side(self, values: Assignment) -> set[int]:
        if WITCH not in values:
            return set()
        tile = values.index(WITCH)
        side = set(self.inspectors[tile])
        if tile < self.n:
            side.add(tile)
        return side

    def _weigh(
        self, values: Assignment, log: list[Answered], recs: list[int | None] | None
    ) -> float:
        witchy = self.witch_side(values)
        weight = 1.0
        for entry in log:
            true = truth(entry, values) == entry["answer"]
            if entry["answerer"] in witchy:
                weight *= LIAR_TRUE if true else 1.0 - LIAR_TRUE
            elif not true:
                return 0.0
        if recs is not None and witchy:
            holder = values.index(WITCH)
            for seat, target in enumerate(recs):
                if seat == holder and target in witchy and target != seat:
                    return 0.0
                if seat in witchy and seat != holder and target == holder:
                    return 0.0
        return weight

    # -- summaries ---------------------------------------------------------------
    def knight_probability(self) -> list[float]:
        """Per seat, the weight of assignments in which that seat is a Knight."""
        trust = [0.0] * self.n
        for values, weight in zip(self.assignments, self.weights, strict=True):
            witchy = self.witch_side(values)
            for seat in range(self.n):
                if seat not in witchy:
                    trust[seat] += weight
        return [t / self.total for t in trust] if self.total else [0.0] * self.n

    def marginals(self) -> list[dict[int, float]]:
        """Per tile, the weight of each value."""
        marg: list[dict[int, float]] = [{} for _ in range(self.size)]
        for values, weight in zip(self.assignments, self.weights, strict=True):
            for tile, value in enumerate(values):
                marg[tile][value] = marg[tile].get(value, 0.0) + weight
        return marg

    def yes_probability(self, question: Question, marg: list[dict[int, float]]) -> float:
        """How likely the true answer to ``question`` is yes."""
        if not self.total:
            return 0.0
        if question["form"] == "in":
            tile = marg[question["tile"]]
            yes_in: float = sum(tile.get(v, 0.0) for v in question["values"])
            return yes_in / self.total
        yes = sum(
            w for values, w in zip(self.assignments, self.weights, strict=True)
            if truth(question, values)
        )
        return yes / self.total

    def line_up_of(self, values: Assignment) -> tuple[int, ...]:
        """The winning line-up under ``values``: the Witch left out, the rest ascending."""
        return tuple(t for _, t in sorted((v, t) for t, v in enumerate(values) if v != WITCH))

    def information(self, question: Question) -> float:
        """Bits the true answer to ``question`` would tell about the winning line-up.

        Differs from the answer's own entropy when tiles may be set aside: then many
        assignments share one line-up, and telling them apart is worth nothing.
        """
        if self._keys is None:
            self._keys = [self.line_up_of(values) for values in self.assignments]
        weight: dict[tuple[int, ...], float] = {}
        yes: dict[tuple[int, ...], float] = {}
        total_yes = 0.0
        for values, w, key in zip(self.assignments, self.weights, self._keys, strict=True):
            weight[key] = weight.get(key, 0.0) + w
            if truth(question, values):
                yes[key] = yes.get(key, 0.0) + w
                total_yes += w
        if not self.total:
            return 0.0
        left = sum(w / self.total * entropy(yes.get(k, 0.0) / w) for k, w in weight.items())
        return entropy(total_yes / self.total) - left

    def best_line_up(self) -> list[int]:
        """The line-up that is right under the most weight: the Witch left out, the rest
        in ascending order."""
        score: dict[tuple[int, ...], float] = {}
        for values, weight in zip(self.assignments, self.weights, strict=True):
            key = self.line_up_of(values)
            score[key] = score.get(key, 0.0) + weight
        if not score:
            return list(range(self.size))
        best = max(score.items(), key=lambda item: (item[1], [-t for t in item[0]]))
        return list(best[0])
