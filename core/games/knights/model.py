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

from operator import mul
from typing import Any

from core.games.knights.lies import claimed_truth, fake_truth
from core.games.knights.shapes import Answered
from core.games.knights.state import WITCH, WITCH_NAME
from core.games.knights.track import Tracker

SWAP = 0.35
CLAIM = 0.35
RANDOM = 0.30
"""The mixture: shares of liars who trade tiles, who claim a number, who answer at random."""


class ModelTracker(Tracker):
    """A tracker whose Witch-side answers are weighed by the liar mixture."""

    def _hear(self, entry: Answered, index: int) -> None:
        self._weighed: dict[tuple[Any, ...], float] = {}
        answerer = entry["answerer"]
        self._seen = sorted({answerer, *self.arrows[answerer]})
        """The tiles the answerer has seen (the same tiles all answer)."""
        super()._hear(entry, index)

    def _liar(self, i: int, entry: Answered, index: int, true: bool) -> float:
        """The mixture's chance of this answer under assignment ``i``."""
        values = self.assignments[i]
        return self._chance(self.sides[i], tuple(values[t] for t in self._seen), entry, index)

    def _modelled(self, codes: bytes, truths: list[bool], entry: Answered,
                  index: int) -> None:
        """``Tracker._modelled``, per combination rather than per assignment: what an
        assignment makes of the answer depends only on whether it is true there, on the
        Witch side and on the values of the tiles the answerer has seen, which many
        assignments share. Each weight is multiplied by its combination's factor (an
        honest answer's 1.0 or 0.0, which leave it as it was or zero it), at C speed."""
        witchy = len(truths) // 2
        kinds = codes.translate(bytes(2 if code >= witchy else true
                                      for code, true in enumerate(truths)).ljust(256, b"\0"))
        sides: dict[frozenset[int], int] = {}
        number = bytearray(256)
        nobody: frozenset[int] = frozenset()
        for place in range(self.size + 1):
            side = frozenset(self._side_at(place - 1)) if place else nobody
            number[place] = sides.setdefault(side, len(sides))
        named = list(sides)
        combos = list(zip(kinds, self._places().translate(number),
                          *(self._column(t) for t in self._seen), strict=True))
        factor: dict[tuple[int, ...], float] = {}
        for combo in dict.fromkeys(combos):
            kind, side, *seen = combo
            factor[combo] = (float(kind) if kind < 2
                             else self._chance(named[side], tuple(seen), entry, index))
        self.weights[:] = map(mul, self.weights, map(factor.__getitem__, combos))

    def _chance(self, side: frozenset[int], seen: tuple[int, ...], entry: Answered,
                index: int) -> float:
        """The mixture's chance of the answer where the Witch side is ``side`` and the
        answerer's tiles hold ``seen``, worked out once per answer and combination."""
        key = (side, seen)
        found = self._weighed.get(key)
        if found is None:
            found = self._weighed[key] = self._mixture(side, seen, entry, index)
        return found

    def _mixture(self, side: frozenset[int], seen: tuple[int, ...], entry: Answered,
                 index: int) -> float:
        held = dict(zip(self._seen, seen, strict=True))
        shown: list[Any] = [
            (WITCH_NAME if held[t] == WITCH else held[t]) if t in held else None
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
            "you": {"witch_side": sorted(side)},
        }
        answer = entry["answer"]
        swap = fake_truth(view) == answer
        claim = claimed_truth(view) == answer
        return float(SWAP * swap + CLAIM * claim + RANDOM * 0.5)
