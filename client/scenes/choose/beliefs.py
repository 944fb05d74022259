"""How Choose!'s bot beliefs read in the beliefs grid (``client.kit.beliefs``)."""

from __future__ import annotations

from typing import Any

from client.kit.beliefs import BeliefGrid, Row, percent
from core.games.choose.shapes import ChooseSeatView


def row(belief: Any, view: ChooseSeatView, names: list[str]) -> Row:
    hidden = sum(1 for m in belief.mice if m.top is None)
    dist = sorted(belief.unknown_mice().items(), key=lambda kv: -kv[1])
    kinds = " · ".join(f"{kind} {percent(p)}" for kind, p in dist if p > 0)
    return [f"{hidden} ?  {kinds}"]


GRID = BeliefGrid(row, about="beliefs.about.choose")
"""What the face-down mice may be."""
