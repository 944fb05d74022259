"""A whole Sly Knight Robbery table that fits one seat's view: the search bot's worlds.

The hidden cards are drawn by ``sample.Sampler`` (its docstring says how, and what it
approximates): each opponent's never-seen cards are spread uniformly over the places
the seat cannot look into, except that a player who passed this round holds only cards
too big for the rooms left at its passes (but for a spare drawn since), as the seat's
views of the round show those passes (``passes.pass_floors``). The hands that became
penalties are not used to narrow the draw, and among the hands that fit each is drawn
alike (an approximation: the posterior would weigh deals by how likely each player's
past plays were, which depends on how they play).

Everything else (score cards, captures, pigs, turn, the turn counter in the window's
key) is copied from the view, so the world's view for the seat is that very view.
The last view holds every card earlier views showed (played cards stay on the table
or in ``set_aside``); the earlier views of the round are read only for the passes.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import cast

from core.game import View
from core.games.sly_knights.passes import pass_floors
from core.games.sly_knights.sample import Sampler, fill_hand
from core.games.sly_knights.shapes import SlySeatView
from core.games.sly_knights.state import (
    CHOOSE,
    PIG_AND_PIG,
    Play,
    ScoreCard,
    SlyKnightsState,
)
from core.rng import Rng


def sample_world(views: Sequence[View], rng: Rng) -> SlyKnightsState:
    """A full state whose view for ``views[-1]``'s seat is ``views[-1]``."""
    view = cast(SlySeatView, views[-1])
    n, you = view["players"], view["you"]
    sampler = Sampler(view, pass_floors(cast(Sequence[SlySeatView], views)))
    hands: list[list[int]] = []
    spares: list[int | None] = []
    piles: list[list[int]] = []
    penalties: list[list[int]] = []
    chosen: list[list[int] | None] = []
    for seat in range(n):
        info = sampler.seats[seat]
        if info is None:
            rest = list(sampler.own_unseen)
            rng.shuffle(rest)
            spares.append(rest.pop() if sampler.own_spare else None)
            hands.append(list(you["hand"]))
            penalties.append(list(you["penalties"]))
            chosen.append(list(you["chosen"]) if you["chosen"] is not None else None)
            piles.append(rest)
            continue
        cards = list(info.unseen)
        rng.shuffle(cards)
        hand, cards = fill_hand(cards, info, rng)
        spare = cards.pop() if info.spare else None
        count = view["penalty_counts"][seat] - info.pig_in_penalties
        penalty, cards = cards[:count], cards[count:]
        if info.pig_in_penalties:
            penalty.append(PIG_AND_PIG)
        if not view["chosen"][seat]:
            chosen.append(None)
        elif view["phase"] == CHOOSE:  # face down, still among the hand's cards
            chosen.append(sorted(hand[:2]))
            hand = hand[2:]
        else:
            chosen.append(sorted(sc["value"] for sc in view["score_cards"]
                                 if sc["owner"] == seat))
        if info.pig_in_hand:
            hand.append(PIG_AND_PIG)
        hands.append(sorted(hand))
        spares.append(spare)
        penalties.append(penalty)
        piles.append(cards)
    state = SlyKnightsState(
        n=n, options=dict(view["options"]), rng=Rng(rng.next64()), piles=piles,
        spares=spares, hands=hands, pigs=list(view["pigs"]), round=view["round"],
        phase=view["phase"], chosen=chosen,
        score_cards=[ScoreCard(sc["owner"], sc["value"], sc["total"],
                               [Play(p["seat"], p["card"], p["pig"]) for p in sc["plays"]],
                               sc["last"]) for sc in view["score_cards"]],
        start_player=view["start_player"], turn=view["turn"] or 0,
        turns=_turns(views), passes=view["passes"],
        captured=[[c.copy() for c in taken] for taken in view["captured"]],
        penalties=penalties, set_aside=[list(c) for c in view["set_aside"]])
    return state


def _turns(views: Sequence[View]) -> int:
    """Turns taken so far in the game: the number in the latest turn window's key (in
    the choice between rounds, the last one this seat saw)."""
    for view in reversed(views):
        deadline = view["deadline"]
        if deadline is not None and str(deadline["key"]).startswith("turn"):
            return int(deadline["key"][4:])
    return 0

