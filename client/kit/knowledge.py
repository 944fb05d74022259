"""What every table's screen knows before its game's own fields: the part of a view's
header (``core.game.ViewHeader``) that drawing reads."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass
class TableKnowledge:
    """The base of each game's ``Knowledge``: read from the header, alike for every game,
    so a table's frame and its game's drawing agree on who is looking at what."""

    n: int
    """Seats at the table (the header's ``players``)."""
    me: int | None
    """The seat this screen is for (the header's ``seat``); None for a spectator."""
    phase: str
