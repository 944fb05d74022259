"""The round's verdicts as pure functions: captain, line-up, scores, next start player.

Kept apart from the turn machinery so each rule can be tested on its own with the
source's own cases.
"""

from __future__ import annotations

from collections.abc import Sequence

from core.game import Outcome, Seat
from core.games.knights.shapes import RoundRecord
from core.games.knights.state import (
    KNIGHTS_SIDE,
    NOBODY,
    WITCH,
    WITCH_SIDE,
    KnightsState,
    shown,
)


def tally(recommendations: Sequence[Seat | None], n: int) -> list[int]:
    counts = [0] * n
    for target in recommendations:
        if target is not None:
            counts[target] += 1
    return counts


def choose_captain(recommendations: Sequence[Seat | None], start: Seat) -> Seat:
    """Most recommendations; ties: one who did not recommend themselves; still tied: the
    one farthest clockwise from the start player."""
    n = len(recommendations)
    counts = tally(recommendations, n)
    best = max(counts)
    top = [s for s in range(n) if counts[s] == best]
    modest = [s for s in top if recommendations[s] != s]
    pool = modest or top
    return max(pool, key=lambda s: (s - start) % n)


def line_up_problem(order: Sequence[int], table: int) -> str | None:
    """Why ``order`` is not a line-up of the ``table`` tiles (all but at most one), or None."""
    if len(set(order)) != len(order):
        return "Name each tile at most once in the line-up."
    if any(not 0 <= tile < table for tile in order):
        return f"Tile ids run from 0 to {table - 1}."
    if len(order) < table - 1:
        return "Line up every tile on the table, leaving out at most one."
    return None


def knights_win(order: Sequence[int], values: Sequence[int]) -> bool:
    """No Witch in the row, no knight tile left out, numbers strictly ascending."""
    row = [values[tile] for tile in order]
    if WITCH in row:
        return False
    left_out = [v for tile, v in enumerate(values) if tile not in order]
    if any(v != WITCH for v in left_out):
        return False
    return all(a < b for a, b in zip(row, row[1:], strict=False))


def round_side(knights_won: bool, witch_side: Sequence[Seat]) -> str:
    """Who won the round: when the Knights lose to an empty Witch side, nobody did."""
    if knights_won:
        return KNIGHTS_SIDE
    return WITCH_SIDE if witch_side else NOBODY


def round_scores(
    side: str, witch_side: Sequence[Seat], n: int, round_number: int, fixed_score: bool
) -> list[int]:
    """Knights 2 each, Witch side 3 each; 7 for the winners of round 3 unless fixed."""
    last = round_number == 3 and not fixed_score
    if side == KNIGHTS_SIDE:
        points = 7 if last else 2
        return [0 if s in witch_side else points for s in range(n)]
    if side == WITCH_SIDE:
        points = 7 if last else 3
        return [points if s in witch_side else 0 for s in range(n)]
    return [0] * n


def next_start(values: Sequence[int], n: int) -> Seat:
    """The seat that held the lowest knight tile of the round just played."""
    knights = [s for s in range(n) if values[s] != WITCH]
    return min(knights, key=lambda s: values[s])


def settle(state: KnightsState, knights_won: bool, how: str) -> RoundRecord:
    """Score the round into ``state``; returns the round's public record (every tile face up)."""
    witch_side = state.witch_side()
    side = round_side(knights_won, witch_side)
    scores = round_scores(side, witch_side, state.n, state.round,
                          bool(state.options["fixed_score"]))
    state.totals = [a + b for a, b in zip(state.totals, scores, strict=True)]
    record: RoundRecord = {
        "round": state.round,
        "start": state.start,
        "side": side,
        "how": how,
        "captain": state.captain,
        "order": list(state.order) if state.order is not None else None,
        "tiles": [shown(v) for v in state.tiles],
        "aside": [shown(v) for v in state.aside],
        "witch_side": witch_side,
        "bewitched": list(state.bewitched),
        "scores": scores,
        "totals": list(state.totals),
    }
    state.rounds.append(record)
    return copy_record(record)


def copy_record(record: RoundRecord) -> RoundRecord:
    """A copy whose lists are not shared with the state's."""
    order = record["order"]
    return {**record, "order": list(order) if order is not None else None,
            "tiles": list(record["tiles"]), "aside": list(record["aside"]),
            "witch_side": list(record["witch_side"]), "bewitched": list(record["bewitched"]),
            "scores": list(record["scores"]), "totals": list(record["totals"])}


def final_outcome(state: KnightsState) -> Outcome:
    """Highest total wins, ties share; ``sides`` names the winner of each round."""
    best = max(state.totals)
    return Outcome(
        winners=tuple(s for s in range(state.n) if state.totals[s] == best),
        scores=tuple(state.totals),
        sides=tuple(r["side"] for r in state.rounds),
        detail={"rounds": [copy_record(r) for r in state.rounds]},
    )
