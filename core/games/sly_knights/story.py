"""The end-of-game reveal: the cards nobody saw, and the score laid out per player.

The piles still face down and the sideways spare cards never drawn stayed secret all
game; the end turns them over in one public event, beside each player's captured score
cards, pigs and penalties, so the final totals can be checked by eye.
"""

from __future__ import annotations

from core.games.sly_knights.shapes import SlyStory
from core.games.sly_knights.state import PIG_POINTS, SlyKnightsState, worth


def story(state: SlyKnightsState) -> SlyStory:
    """The reveal's payload; only meaningful once the game is over."""
    assert state.result is not None
    n = state.n
    return {
        "game": "sly_knights",
        "winners": list(state.result.winners),
        "scores": list(state.result.scores),
        "piles": [sorted(state.piles[s]) for s in range(n)],
        "spares": list(state.spares),
        "penalties": [list(state.penalties[s]) for s in range(n)],
        "captured": [[c.copy() for c in state.captured[s]] for s in range(n)],
        "pigs": list(state.pigs),
        "captured_points": [sum(c["value"] for c in state.captured[s]) for s in range(n)],
        "pig_points": [PIG_POINTS * state.pigs[s] for s in range(n)],
        "penalty_points": [sum(worth(c) for c in state.penalties[s]) for s in range(n)],
    }
