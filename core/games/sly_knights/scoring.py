"""The end of a round and of the game: captures, pigs, penalties and the final score."""

from __future__ import annotations

from bisect import insort

from core.game import Event, Outcome, private, public
from core.games.sly_knights.shapes import Capture
from core.games.sly_knights.state import OVER, PIG_POINTS, SlyKnightsState, worth
from core.games.sly_knights.story import story


def settle_round(state: SlyKnightsState) -> list[Event]:
    """Round end (RULES.md §4 step 5): each score card to its taker, each pig to the
    owner of the card it lies on, what is left in hand face down as penalties."""
    captures: list[Capture] = []
    set_aside = state.set_aside
    for target, sc in enumerate(state.score_cards):
        taker = sc.taker()
        state.captured[taker].append({"owner": sc.owner, "value": sc.value})
        # Each played card is set aside face up in the same pass (a sorted pile ends
        # the same whatever order its cards go in).
        pigs = 0
        for play in sc.plays:
            pigs += play.pig
            insort(set_aside[play.seat], play.card)
        state.pigs[sc.owner] += pigs
        captures.append(
            {
                "target": target,
                "owner": sc.owner,
                "value": sc.value,
                "taker": taker,
                "pigs": pigs,
            }
        )
    kept = [len(h) for h in state.hands]
    private_events: list[Event] = []
    for seat in range(state.n):
        hand = state.hands[seat]
        if hand:
            private_events.append(private([seat], type="penalty", cards=list(hand)))
        state.penalties[seat].extend(hand)
        state.hands[seat] = []
    events = [
        public(
            type="round_end",
            round=state.round,
            captures=captures,
            penalty_counts=kept,
            pigs=list(state.pigs),
        ),
        *private_events,
    ]
    state.score_cards = []
    return events


def finish(state: SlyKnightsState) -> list[Event]:
    """Game end: captured values + 2 per pig held - penalties; the best share the win."""
    n = state.n
    captured = [sum(c["value"] for c in state.captured[s]) for s in range(n)]
    pig_points = [PIG_POINTS * state.pigs[s] for s in range(n)]
    penalty = [sum(worth(c) for c in state.penalties[s]) for s in range(n)]
    scores = [captured[s] + pig_points[s] - penalty[s] for s in range(n)]
    best = max(scores)
    winners = [s for s in range(n) if scores[s] == best]
    state.phase = OVER
    state.result = Outcome(
        winners=tuple(winners),
        scores=tuple(scores),
        detail={
            "captured_points": captured,
            "pig_points": pig_points,
            "penalty_points": penalty,
        },
    )
    return [
        public(
            type="game_end",
            scores=scores,
            winners=winners,
            captured_points=captured,
            pig_points=pig_points,
            penalty_points=penalty,
            penalties=[list(p) for p in state.penalties],
        ),
        public(type="story", **story(state)),
    ]
