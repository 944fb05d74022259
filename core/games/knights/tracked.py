"""The belief a ``track.Tracker`` hands out: a ``deduce.Belief`` over the tracker's
surviving assignments, which reads the tracker's per-tile columns and Witch places for as
long as the tracker still describes those very assignments."""

from __future__ import annotations

from bisect import bisect_left
from operator import itemgetter
from typing import TYPE_CHECKING

from core.games.knights.deduce import Assignment, Belief

if TYPE_CHECKING:
    from core.games.knights.track import Tracker


class TrackedBelief(Belief):
    """A ``Belief`` built from a tracker's surviving assignments, not from scratch."""

    def __init__(self, n: int, size: int, inspectors: list[list[int]],
                 assignments: list[Assignment], sides: list[frozenset[int]] | None,
                 weights: list[float], side_of_place: list[frozenset[int]] | None = None,
                 places: bytes | None = None) -> None:
        self.n = n
        self.size = size
        self.inspectors = inspectors
        self.assignments = assignments
        self._sides = sides
        self._side_of_place, self._side_places = side_of_place, places
        self.weights = weights
        self.total = sum(weights)
        self._keys = None
        self._marginals: list[dict[int, float]] | None = None

    source: Tracker | None = None
    """The tracker that handed this belief out, whose per-tile columns and Witch places
    describe ``assignments`` for as long as the tracker still holds that very list."""
    ordered = False
    """Whether ``assignments`` are in ascending order (so a lookup may bisect)."""

    version = -1
    """The tracker's count of beliefs handed out when this one was (see ``marginals``)."""

    @property
    def sides(self) -> list[frozenset[int]]:
        """Each assignment's Witch side: given, or written out from the Witch places when
        first read (the public belief's callers mostly need only a few)."""
        if self._sides is None:
            assert self._side_of_place is not None and self._side_places is not None
            self._sides = list(map(self._side_of_place.__getitem__, self._side_places))
        return self._sides

    def side_at(self, place: int, places: bytes) -> frozenset[int]:
        """The Witch side of the assignments whose Witch place (``places``) is ``place``."""
        if self._side_of_place is not None and places is self._side_places:
            return self._side_of_place[place]
        return self.sides[places.index(place)]

    def marginals(self) -> list[dict[int, float]]:
        """``Belief.marginals``, worked out once while the tracker has not moved on
        (a decision asks for them more than once; callers only read them)."""
        source = self.source
        if source is None or source.version != self.version:
            return super().marginals()
        if self._marginals is None:
            self._marginals = super().marginals()
        return self._marginals

    def line_up_of(self, values: Assignment) -> tuple[int, ...]:
        """``Belief.line_up_of``, remembered by the tracker for the rest of the round."""
        if self.source is None:
            return super().line_up_of(values)
        known = self.source.line_ups
        found = known.get(values)
        if found is None:
            found = known[values] = super().line_up_of(values)
        return found

    def column(self, tile: int) -> bytes:
        """Every assignment's value of ``tile``, a byte each (the tracker's, when current)."""
        source = self.source
        if source is not None and source._describes(self.assignments):
            return source._column(tile)
        return bytes(map(itemgetter(tile), self.assignments))

    def column_top(self, tile: int) -> int:
        """The largest value ``tile`` takes in any assignment (0 when there are none)."""
        source = self.source
        if source is not None and source._describes(self.assignments):
            return source._top(tile)
        return max(self.column(tile), default=0)

    def places(self) -> bytes | None:
        """Per assignment, 1 + the Witch tile's id (0 when set aside), or None when the
        tracker no longer describes these assignments."""
        source = self.source
        if source is not None and source._describes(self.assignments):
            return source._places()
        return None

    def classes(self) -> tuple[bytes, list[float]] | None:
        """Per assignment, its weight's class, and each class's weight (all distinct), where
        the belief keeps a copy of them (the public one does); else None. A tracker's own
        classes move on with every answer it hears, so they are not read from it."""
        return None

    def weights_of(self, wanted: list[Assignment]) -> list[float]:
        """This belief's weight of each of ``wanted`` (0.0 for one it does not hold):
        by bisection when the assignments are ordered, else through a dict."""
        have, weights = self.assignments, self.weights
        if not self.ordered:
            weight = dict(zip(have, weights, strict=True))
            return [weight.get(values, 0.0) for values in wanted]
        size, out = len(have), []
        for values in wanted:
            at = bisect_left(have, values)
            out.append(weights[at] if at < size and have[at] == values else 0.0)
        return out

    def knight_probability(self) -> list[float]:
        """Per seat, the weight of assignments in which that seat is a Knight."""
        witchy = [0.0] * self.n
        for side, weight in zip(self.sides, self.weights, strict=True):
            for seat in side:
                witchy[seat] += weight
        if not self.total:
            return [0.0] * self.n
        return [1.0 - w / self.total for w in witchy]
