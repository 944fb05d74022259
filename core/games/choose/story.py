"""The end-of-game reveal: every card that stayed face down, round by round.

The round's flip turns only the top mouse of each stack over; the mice stolen under it,
and the discard pile (undealt cards, exterminated and sleepy cards), were never shown.
Each round's hidden cards are noted host-side when the round ends and go out only in the
one public event that closes the game, with the scoring beside them.
"""

from __future__ import annotations

from collections import Counter

from core.games.choose.shapes import ChooseStory, HiddenRound, HiddenStack, StoryRound
from core.games.choose.state import KINDS, ChooseState


def hidden_of_round(state: ChooseState) -> HiddenRound:
    """What this round kept face down, noted before the next deal renews the card ids."""
    stacks: list[HiddenStack] = []
    for seat, kitchen in enumerate(state.kitchens):
        for sid in kitchen:
            stack = state.stacks[sid]
            stacks.append({
                "stack": sid,
                "owner": seat,
                "cards": [state.kinds[c] for c in stack.cards],
                "nested": stack.nest is not None,
            })
    counts = Counter(state.kinds[c] for c in state.discard)
    return {"stacks": stacks, "discard": {k: counts[k] for k in KINDS if counts[k]}}


def story(state: ChooseState) -> ChooseStory:
    """The reveal's payload; only meaningful once the game is over."""
    assert state.result is not None
    rounds: list[StoryRound] = []
    for hidden, scores in zip(state.hidden_rounds, state.round_records, strict=True):
        # A copy of the round's flip (its lists went out in the round_end event), made by
        # hand: the record is plain and shallow, and deepcopy was a tenth of a playout.
        cards = {s["stack"]: s["cards"] for s in hidden["stacks"]}
        rounds.append({
            "round": scores["round"],
            "stacks": [{**flip, "cards": list(cards.get(flip["stack"], []))}
                       for flip in scores["stacks"]],
            "raw": list(scores["raw"]),
            "scores": list(scores["scores"]),
            "totals": list(scores["totals"]),
            "discard": dict(hidden["discard"]),
        })
    return {
        "game": "choose",
        "winners": list(state.result.winners),
        "scores": list(state.result.scores),
        "rounds": rounds,
    }
