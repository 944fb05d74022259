"""How Sly Knight Robbery's bot beliefs read in the beliefs grid (``client.kit.beliefs``)."""

from __future__ import annotations

from typing import Any

from client.i18n import tr
from client.kit.beliefs import BeliefGrid, Row, short_name
from core.games.sly_knights.shapes import SlySeatView


def row(belief: Any, view: SlySeatView, names: list[str]) -> Row:
    parts = [f"{short_name(names[seat])}: "
             + tr("beliefs.held_of", n=held, cards=" ".join(map(str, cards)))
             for seat, (cards, held) in sorted(belief.risk.unseen.items())]
    if not view["you"]["spare_drawn"]:
        parts.append(tr("beliefs.spare", cards=" ".join(map(str, belief.spare))))
    return ["   ".join(parts) or "—"]


GRID = BeliefGrid(row, about="beliefs.about.sly_knights")
"""The cards each opponent may hold, and the bot's own spare."""
