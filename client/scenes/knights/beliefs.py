"""How Seven Knights Bewitched's bot beliefs read in the beliefs grid (``client.kit.beliefs``)."""

from __future__ import annotations

from typing import Any

from client.kit.beliefs import BeliefGrid, Row, percent
from core.games.knights.shapes import KnightsSeatView


def row(belief: Any, view: KnightsSeatView, names: list[str]) -> Row:
    cells = []
    for marginal in belief.marginals():
        total = sum(marginal.values()) or 1.0
        value, weight = max(marginal.items(), key=lambda kv: (kv[1], -kv[0]))
        shown = "W" if value == 0 else str(value)
        cells.append(f"{shown} {percent(weight / total)}")  # a sure one is 100%
    return cells


def head(view: KnightsSeatView, names: list[str]) -> Row | None:
    return [str(t + 1) for t in range(len(view["tiles"]))]


GRID = BeliefGrid(row, head, about="beliefs.about.knights")
"""What the bot believes each tile to be (the likeliest value)."""
