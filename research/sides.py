"""Which side each seat played, read from a finished game's state, for win rates by
side. The state is the host's (the harness scores games it ran itself); no bot sees it.

A game without sides (everyone for themselves) gives none. Seven Knights Bewitched
deals sides anew each round, so each round counts once per seat: the seat won that
round when the round's winning side was its own.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from core.game import Outcome

SideRecord = tuple[str, bool]
"""(side, won) for one seat in one game, or one round of a game scored by rounds."""


def cheese_thief(state: Any, outcome: Outcome) -> list[list[SideRecord]]:
    """The Thief and the followers who joined them are one side; the Fall Mouse plays
    alone; every other mouse is a Sleepyhead."""
    from core.games.cheese_thief.state import FALL_MOUSE, THIEF

    records: list[list[SideRecord]] = []
    for seat, role in enumerate(state.roles):
        if role == FALL_MOUSE:
            side = "fall_mouse"
        elif role == THIEF or seat in state.followers:
            side = "thief"
        else:
            side = "sleepyheads"
        records.append([(side, seat in outcome.winners)])
    return records


def knights(state: Any, outcome: Outcome) -> list[list[SideRecord]]:
    """Each round: the Witch's side (the Witch and the bewitched) or the Knights."""
    records: list[list[SideRecord]] = [[] for _ in range(state.n)]
    for record in state.rounds:
        for seat in range(state.n):
            side = "witch" if seat in record["witch_side"] else "knights"
            records[seat].append((side, record["side"] == side))
    return records


SIDES: dict[str, Callable[[Any, Outcome], list[list[SideRecord]]]] = {
    "cheese_thief": cheese_thief,
    "knights": knights,
}


def seat_sides(game_id: str, state: Any, outcome: Outcome) -> list[list[SideRecord]]:
    """Per seat, the (side, won) records of one finished game; empty lists for a game
    without sides."""
    read = SIDES.get(game_id)
    if read is None:
        return [[] for _ in outcome.scores]
    return read(state, outcome)
