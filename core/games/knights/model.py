"""The hard captain's model of how the Witch side lies.

A Witch-side seat that lies consistently answers as some false world would have it:
``lies`` describes the two such worlds a careful liar uses (trading the Witch tile
with a tile it knows, or giving the Witch tile a number it has not seen). Under a
given assignment everything those rules look at is fixed (which tiles the liar has
seen and what is on them, the arrows, the earlier answers), so the answer each rule
would give can be worked out exactly. An answer is then weighed by a mixture: a
careful liar of either kind, or one who answers at random.
"""

from __future__ import annotations

from operator import itemgetter
from typing import Any

from core.games.knights.lies import claimed_truth, fake_truth
from core.games.knights.state import WITCH, WITCH_NAME
from core.games.knights.track import Tracker

SWAP = 0.35
CLAIM = 0.35
RANDOM = 0.30
"""The mixture: shares of liars who trade tiles, who claim a number, who answer at random."""


class ModelTracker(Tracker):
    """A tracker whose Witch-side answers are weighed by the liar mixture."""

    def _hear(self, entry: dict[str, Any], index: int) -> None:
        self._weighed: dict[tuple[Any, ...], float] = {}
        answerer = entry["answerer"]
        self._seen = sorted({answerer, *self.arrows[answerer]})
        self._seen_values = itemgetter(*self._seen)
        """The answerer's tiles' values in an assignment (the same tiles all answer)."""
        # Read once per answer: nothing is pruned while one answer is weighed.
        self._kept, self._kept_sides = self.assignments, self.sides
        super()._hear(entry, index)

    def _liar(self, i: int, entry: dict[str, Any], index: int, true: bool) -> float:
        """The mixture's chance of this answer. It depends on the assignment only through
        the tiles the answerer has seen and the Witch side, which many assignments share,
        so each combination is weighed once per answer."""
        key = (self._kept_sides[i], self._seen_values(self._kept[i]))
        found = self._weighed.get(key)
        if found is None:
            found = self._weighed[key] = self._mixture(i, entry, index, set(self._seen))
        return found

    def _mixture(self, i: int, entry: dict[str, Any], index: int, seen: set[int]) -> float:
        values = self._kept[i]
        shown: list[Any] = [
            (WITCH_NAME if values[t] == WITCH else values[t]) if t in seen else None
            for t in range(self.size)
        ]
        view = {
            "values": shown,
            "arrows": self.arrows,
            "players": self.n,
            "numbers": self.numbers,
            "round": self.round,
            "log": self.log[:index],
            "question": entry,
            "you": {"witch_side": sorted(self._kept_sides[i])},
        }
        answer = entry["answer"]
        swap = fake_truth(view) == answer
        claim = claimed_truth(view) == answer
        return float(SWAP * swap + CLAIM * claim + RANDOM * 0.5)

