"""The end-of-game reveal: every round turned over, with why each line-up held or fell.

A round's tiles are shown at its end already (RULES.md §3); the story gathers the three
rounds in one public event that closes the game, and names the reason a line-up failed
in the rule book's terms, so nobody has to work it out from the numbers.
"""

from __future__ import annotations

from core.games.knights.resolve import copy_record
from core.games.knights.shapes import KnightsStory, RoundRecord, StoryRound
from core.games.knights.state import WITCH_NAME, KnightsState


def why(record: RoundRecord) -> str:
    """Why the round went the way it did, as a code the client words.

    The line-up's checks in the order RULES.md gives them: the Witch in the row, a knight
    left out, then the order of the numbers.
    """
    how = record["how"]
    if how != "line_up":
        return str(how)  # captain_witch / captain_bewitched: the round ended at the reveal
    tiles, order = record["tiles"], record.get("order") or []
    row = [tiles[t] for t in order]
    if WITCH_NAME in row:
        return "witch_in_row"
    left = [tiles[t] for t in range(len(tiles)) if t not in order]
    if any(v != WITCH_NAME for v in left):
        return "knight_left_out"
    ranks = [int(v) for v in row]  # no Witch in the row: numbers only
    if any(a >= b for a, b in zip(ranks, ranks[1:], strict=False)):
        return "order"
    return "success"


def story(state: KnightsState) -> KnightsStory:
    """The reveal's payload; only meaningful once the game is over."""
    assert state.result is not None
    rounds: list[StoryRound] = []
    for record in state.rounds:
        tiles, order = record["tiles"], record.get("order")
        rounds.append({
            **copy_record(record),
            "why": why(record),
            "left_out": ([t for t in range(len(tiles)) if t not in order]
                         if order is not None else []),
            "witch": tiles.index(WITCH_NAME) if WITCH_NAME in tiles else None,
            "seats": state.n,
        })
    return {
        "game": "knights",
        "winners": list(state.result.winners),
        "scores": list(state.result.scores),
        "rounds": rounds,
    }
