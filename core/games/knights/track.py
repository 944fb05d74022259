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

from collections.abc import Iterable, Sequence
from itertools import compress
from operator import itemgetter, mul
from typing import Any, cast

from core.game import Seat
from core.games.knights.deduce import Assignment, _value, fillings
from core.games.knights.shapes import Answered, KnightsSeatView
from core.games.knights.state import WITCH
from core.games.knights.tiles import supply
from core.games.knights.tracked import TrackedBelief

__all__ = ["Tracker", "TrackedBelief"]

VALUES = 8
"""Tile values run from 0 (the Witch) to 7."""


def _combine(parts: list[bytes]) -> bytes:
    """Per position, the bytes of ``parts`` read as digits base ``VALUES``, first part
    most significant (a few columns of small numbers made into one code a position).

    Done on whole columns at once: scaled by translation and summed as big integers,
    which no digit overflows."""
    size = len(parts[0])
    total, scale = 0, 1
    for part in reversed(parts):
        total += int.from_bytes(part.translate(_SCALED[scale]), "big")
        scale *= VALUES
    return total.to_bytes(size, "big")


_AT = [bytes(tile + 1 if i == WITCH else 0 for i in range(256)) for tile in range(16)]
"""Per tile, the translation marking where that tile's column holds the Witch."""

_SCALED = {scale: bytes((i * scale) & 0xFF for i in range(256)) for scale in (1, 4, 8, 64)}
"""Translation tables multiplying a byte by 1, 4, 8 or 64 (results stay below 256)."""

_DEAD = bytes([0x80] + [0] * 255)
"""Translation marking a dead assignment (a 0 in a mask of survivors) with the high bit."""

_HIGH = bytes(range(0x80, 0x100))

_VALUES = bytes(range(VALUES))
"""Deleting these from a column leaves what is not a tile value (nothing, normally)."""


def _keep(column: bytes, marks: int) -> bytes:
    """The bytes of ``column`` (each below 0x80) at the survivors: the dead ones get the
    high bit (``marks``, from ``_DEAD``) and are deleted, all at C speed."""
    return (int.from_bytes(column, "big") + marks).to_bytes(len(column), "big").translate(
        None, _HIGH)


def top_of(column: bytes) -> int:
    """The largest byte of ``column`` (0 when empty): each value is looked for with one scan
    of the bytes (``in``), not read one by one."""
    if column.translate(None, _VALUES):
        return max(column)
    return next((v for v in range(VALUES - 1, 0, -1) if v in column), 0)


def present(codes: bytes, bound: int) -> list[int]:
    """The byte values below ``bound`` that ``codes`` holds, ascending (``sorted(set(codes))``
    when every byte is below ``bound``)."""
    return [code for code in range(bound) if code in codes]


PRUNE_SHARE = 0.25
"""Between two answers heard in a row, the share of assignments that must have been
ruled out before they are dropped (the last answer's are always dropped)."""

CLASSES = 63
"""Most weight classes ``_weigh`` keeps: four factors a class must fit in a byte."""


class Tracker:
    """One seat's weighted assignments for the current round, with a liar model."""

    def __init__(self, liar_true: float) -> None:
        self.liar_true = liar_true
        self.key: tuple[Any, ...] | None = None
        self._assignments: Sequence[Assignment] = []
        self._sides: Sequence[frozenset[int]] | None = []
        self._pending: list[bytes] | None = None
        """Masks of survivors (``_prune``) not yet applied to ``assignments`` and ``sides``,
        oldest first, or None when those lists are current."""
        self._side_of_place: list[frozenset[int]] | None = None
        """The Witch side per Witch place (``_places``), when ``sides`` are written out from
        the places rather than kept."""
        self._count = 0
        """How many assignments survive."""
        self.weights: list[float] = []
        """Stale while the weights are kept as classes (``_settle`` writes them out)."""
        self.seen = 0
        self.recs_done = False
        self.n = 0
        self.size = 0
        self.inspectors: list[list[int]] = []
        self.arrows: list[list[int]] = []
        self.numbers: list[int] = []
        self.round = 0
        self.log: list[Answered] = []
        self._columns: dict[int, bytes] = {}
        self._tops: dict[int, int] = {}
        self._sided: dict[Seat, bytes] = {}
        self._witch: bytes | None = None
        """Per assignment, 1 + the Witch tile's id, or 0 when it is set aside."""
        self._zeroed = False
        """Whether some weight may have dropped to zero since the last prune."""
        self._classes: bytes | None = None
        """Per assignment, its weight's class (``_weigh``), or None: read ``weights``."""
        self._class_weight: list[float] = []
        self.ordered = False
        """Whether ``assignments`` are in ascending order (pruning keeps the order)."""
        self.version = 0
        """How many beliefs this tracker has handed out."""
        self.line_ups: dict[Assignment, tuple[int, ...]] = {}
        """Each assignment's winning line-up, once worked out this round (the beliefs this
        tracker hands out ask for the same ones decision after decision)."""

    @property
    def assignments(self) -> list[Assignment]:
        """The surviving assignments, in order (written out when first read after a prune:
        answers heard in a row only filter the columns kept for them)."""
        if self._pending is not None:
            self._flush()
        return cast(list[Assignment], self._assignments)

    @assignments.setter
    def assignments(self, value: list[Assignment]) -> None:
        self._assignments = value

    @property
    def sides(self) -> list[frozenset[int]]:
        """Each surviving assignment's Witch side (written out like ``assignments``)."""
        if self._pending is not None:
            self._flush()
        if self._sides is None:
            assert self._side_of_place is not None
            self._sides = list(map(self._side_of_place.__getitem__, self._places()))
        return cast(list[frozenset[int]], self._sides)

    @sides.setter
    def sides(self, value: list[frozenset[int]]) -> None:
        self._sides = value

    def _flush(self) -> None:
        """Apply the pending masks to the assignments and sides (in one pass each: the
        masks are chained), or leave the sides to be written out from the Witch places."""
        pending = self._pending or []
        self._pending = None
        kept: Iterable[Assignment] = self._assignments
        for mask in pending:
            kept = compress(kept, mask)
        self._assignments = list(kept)
        if self._side_of_place is not None or self._sides is None:
            self._sides = None
        else:
            sides: Iterable[frozenset[int]] = self._sides
            for mask in pending:
                sides = compress(sides, mask)
            self._sides = list(sides)

    def _describes(self, assignments: list[Assignment]) -> bool:
        """Whether this tracker's columns and places are of ``assignments`` (the very list
        it handed out, with nothing pruned since)."""
        return self._pending is None and self._assignments is assignments

    def hear(self, view: KnightsSeatView) -> None:
        """Catch up on the answers given since the last look, handing nothing out.

        A seat that does this on its quick decisions has less to hear on its slow ones.
        Every weight is the product of its answers' factors in order, whenever they are
        heard and whatever was dropped in between, so the belief handed out later is the
        same."""
        key = (view["round"], tuple(str(v) for v in view["values"]),
               tuple(tuple(a) for a in view["arrows"]))
        if key != self.key:
            self._start(view)
            self.key = key
        log: list[Answered] = view["log"]
        self.log = log
        for index in range(self.seen, len(log)):
            self._hear(log[index], index)
            if index + 1 < len(log):
                # Survivors keep their weights: dropping the ruled-out now spares the
                # answers still to be heard from weighing them (weights kept as classes
                # are dropped along with their classes and written out later), when
                # enough have been ruled out to be worth the copying.
                self._prune(PRUNE_SHARE)
        self.seen = len(log)

    def belief(self, view: KnightsSeatView) -> TrackedBelief:
        self.hear(view)
        recs = view["recommendations"]
        if recs is not None and not self.recs_done:
            self._settle()
            self._recommendations(recs)
            self._classes = None
            self.recs_done = True
        self._prune()
        # Weights kept as classes are written out of the survivors' classes: the values
        # the weights pruned alongside them would hold.
        self._settle()
        assignments = self.assignments
        if self._side_of_place is None:
            belief = TrackedBelief(self.n, self.size, self.inspectors, assignments,
                                   self.sides, self.weights)
        else:
            belief = TrackedBelief(self.n, self.size, self.inspectors, assignments, None,
                                   self.weights, self._side_of_place, self._places())
        self.version += 1
        belief.source, belief.ordered, belief.version = self, self.ordered, self.version
        return belief

    def _start(self, view: KnightsSeatView) -> None:
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
        self._pending, self._side_of_place, self._count = None, None, 0
        self._changed()
        self._enumerate(view)
        self.seen, self.recs_done = 0, False
        self.line_ups = {}

    def _enumerate(self, view: KnightsSeatView) -> None:
        """Every assignment that fits the values this seat sees, each at weight 1."""
        sup = supply(view["mode"], self.n)
        known = [_value(v) for v in view["values"]]
        nobody: frozenset[int] = frozenset()
        at = [frozenset(self._side_at(tile)) for tile in range(self.size)]
        assignments: list[Assignment] = []
        sides: list[frozenset[int]] = []
        for values in fillings(sup, known, self.n):
            assignments.append(values)
            sides.append(at[values.index(WITCH)] if WITCH in values else nobody)
        self.assignments, self.sides = assignments, sides
        self.weights = [1.0] * len(assignments)
        self._count = len(assignments)

    def _side(self, values: Assignment) -> set[int]:
        if WITCH not in values:
            return set()
        return self._side_at(values.index(WITCH))

    def _hear(self, entry: Answered, index: int) -> None:
        """Weigh every assignment by one answer: a Witch-side answerer's by ``_liar``,
        anyone else's kept only if it told the truth there.

        What an assignment makes of the answer depends only on whether the answerer is
        on the Witch side there and on the one or two named tiles' values, so each
        assignment gets one small code for those and the answer is worked out per code,
        not per assignment: a seat that has seen nothing holds 40320 assignments at
        eight players."""
        answerer, answer = entry["answerer"], entry["answer"]
        parts = [self._holds(answerer), self._column(entry["tile"])]
        if entry["form"] == "in":
            inside = frozenset(entry["values"])
            truths = [(v in inside) == answer for v in range(VALUES)] * 2
        else:
            parts.append(self._column(entry["other"]))
            truths = [(a != WITCH and b != WITCH and a > b) == answer
                      for a in range(VALUES) for b in range(VALUES)] * 2
        codes = _combine(parts)
        if type(self)._liar is Tracker._liar:
            honest = len(truths) // 2
            # 0: honest and false, 1: honest and true, 2: a liar's false, 3: a liar's true
            kinds = bytes(2 * (code >= honest) + true for code, true in enumerate(truths))
            self._weigh(codes.translate(kinds + bytes(256 - len(kinds))))
            return
        self._zeroed = True
        self._modelled(codes, truths, entry, index)

    def _modelled(self, codes: bytes, truths: list[bool], entry: Answered,
                  index: int) -> None:
        """Weigh by an answer whose Witch-side answerer ``_liar`` weighs assignment by
        assignment (``codes`` and ``truths`` as ``_hear`` works them out)."""
        weights = self.weights
        witchy = len(truths) // 2
        for i, code in enumerate(codes):
            if code >= witchy:
                weights[i] *= self._liar(i, entry, index, truths[code])
            elif not truths[code]:
                weights[i] = 0.0

    def _weigh(self, kinds: bytes) -> None:
        """Multiply each weight by its answer's factor (``kinds``: one of the four per
        assignment), without touching each weight.

        Every assignment's weight is the product, in order, of the factors its answers
        drew, so assignments with equal weights stay equal after the same factor: the
        weights are kept as a class per assignment (a byte) and one weight per class,
        and an answer maps (class, factor) to a new class column-wide, at C speed.
        ``weights`` is written out when a belief is handed out (``_settle``)."""
        factors = (0.0, 1.0, 1.0 - self.liar_true, self.liar_true)
        if self._classes is None:
            if len(set(self.weights)) > CLASSES:
                self.weights[:] = map(mul, self.weights, map(factors.__getitem__, kinds))
                self._zeroed = True
                return
            # Numbered in the order they first occur (any numbering would do).
            numbers = {w: k for k, w in enumerate(dict.fromkeys(self.weights))}
            self._classes = bytes(map(numbers.__getitem__, self.weights))
            self._class_weight = list(numbers)
        pairs = int.from_bytes(self._classes.translate(_SCALED[4]), "big")
        pairs += int.from_bytes(kinds, "big")
        size = len(self._classes)
        coded = pairs.to_bytes(size, "big")
        # Only the (class, factor) pairs some assignment holds become classes, in ascending
        # order: each looked for with one scan of the bytes, far quicker than a set of them.
        ids: dict[float, int] = {}
        table = bytearray(256)
        for pair in present(coded, 4 * len(self._class_weight)):
            old, kind = divmod(pair, 4)
            table[pair] = ids.setdefault(self._class_weight[old] * factors[kind], len(ids))
        if len(ids) > CLASSES:
            self._settle()
            self._classes = None
            self.weights[:] = map(mul, self.weights, map(factors.__getitem__, kinds))
        else:
            self._classes = coded.translate(bytes(table))
            self._class_weight = list(ids)
        self._zeroed = True

    def _settle(self) -> None:
        """Write the weights out of their classes (before anyone reads them)."""
        if self._classes is not None:
            weight = self._class_weight
            self.weights[:] = map(weight.__getitem__, self._classes)

    def _column(self, tile: int) -> bytes:
        """Every assignment's value of ``tile``, a byte each (kept until they change)."""
        found = self._columns.get(tile)
        if found is None:
            found = self._columns[tile] = bytes(map(itemgetter(tile), self.assignments))
        return found

    def _top(self, tile: int) -> int:
        """The largest byte of ``_column(tile)`` (kept likewise)."""
        found = self._tops.get(tile)
        if found is None:
            found = self._tops[tile] = top_of(self._column(tile))
        return found

    def _holds(self, seat: Seat) -> bytes:
        """Per assignment, 1 if ``seat`` is on the Witch side there (kept likewise).

        The Witch side is fixed by where the Witch tile lies, so this is a translation
        of the Witch's place, column by column, never a loop over assignments."""
        found = self._sided.get(seat)
        if found is None:
            table = bytes([0] + [seat in self._side_at(t) for t in range(self.size)]
                          + [0] * (255 - self.size))
            found = self._sided[seat] = self._places().translate(table)
        return found

    def _places(self) -> bytes:
        """Per assignment, 1 + the Witch tile's id, or 0 when it is set aside (kept)."""
        if self._witch is None:
            witch = 0
            for tile in range(self.size):
                witch += int.from_bytes(self._column(tile).translate(_AT[tile]), "big")
            self._witch = witch.to_bytes(self._count, "big")
        return self._witch

    def _side_at(self, tile: int) -> set[int]:
        """The Witch side when the Witch tile is ``tile``: its holder and inspectors."""
        side = set(self.inspectors[tile])
        if tile < self.n:
            side.add(tile)
        return side

    def _liar(self, i: int, entry: Answered, index: int, true: bool) -> float:
        """How likely a Witch-side answerer gave this answer under assignment ``i``."""
        return self.liar_true if true else 1.0 - self.liar_true

    def _recommendations(self, recs: list[int | None]) -> None:
        self._zeroed = True
        weights = self.weights
        for i, (values, side) in enumerate(zip(self.assignments, self.sides, strict=True)):
            if not side:
                continue
            holder = values.index(WITCH)
            for seat, target in enumerate(recs):
                if (seat == holder and target in side and target != seat) or (
                    seat in side and seat != holder and target == holder
                ):
                    weights[i] = 0.0
                    break

    def _prune(self, share: float = 0.0) -> None:
        """Drop the assignments an answer ruled out (only looked for when one may have:
        most answers rule out few of a blind seat's assignments, often none), if more
        than ``share`` of them were."""
        if not self._zeroed:
            return
        if self._classes is not None:
            alive: Any = self._classes.translate(
                bytes(w > 0.0 for w in self._class_weight).ljust(256, b"\0"))
            dead = alive.count(0)
        else:
            # Weights are never negative: a weight is alive exactly when it is nonzero.
            alive = bytes(map(bool, self.weights))
            dead = self.weights.count(0.0)
        if dead <= share * len(alive):
            if not dead:
                self._zeroed = False
            return
        self._zeroed = False
        if dead:
            # The assignments and sides are filtered when next read, the weights (when kept
            # as classes) when next written out.
            self._pending = [*(self._pending or []), bytes(alive)]
            if self._classes is None:
                self.weights = list(compress(self.weights, alive))
            else:
                self.weights = []
            self._count = len(alive) - dead
            witch, classes, weight = self._witch, self._classes, self._class_weight
            columns, sided = self._columns, self._sided
            self._changed()
            # What was kept per assignment stays true of the survivors: filter it alike.
            marks = int.from_bytes(bytes(alive).translate(_DEAD), "big")
            self._columns = {t: _keep(c, marks) for t, c in columns.items()}
            self._sided = {s: _keep(c, marks) for s, c in sided.items()}
            if witch is not None:
                self._witch = _keep(witch, marks)
            if classes is not None:
                self._classes, self._class_weight = _keep(classes, marks), weight

    def _changed(self) -> None:
        """New assignments: the columns and sides kept for ``_hear`` are stale."""
        self._columns = {}
        self._tops = {}
        self._sided = {}
        self._witch = None
        self._zeroed = True
        self._classes = None
