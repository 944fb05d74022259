"""What one Sly Knight Robbery seat may see, built field by field from the state.

RULES.md §4 "Visibility": a seat sees its own hand and whether its spare is still
there (never the spare's value before drawing it), every score card once all are
revealed, every played card, hand sizes and pigs. Penalty cards stay face down until
the game ends; their owner saw them in hand, so the owner keeps seeing them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from core.game import Seat, View, view_header, without_seat
from core.games.sly_knights.shapes import SlyOwn, SlyPublic, SlyView
from core.games.sly_knights.state import OVER, PLAY, SlyKnightsState

if TYPE_CHECKING:
    from core.games.sly_knights.rules import SlyKnights


def _public(game: SlyKnights, state: SlyKnightsState, seat: Seat | None) -> SlyPublic:
    over = state.phase == OVER
    result = state.result
    public_result = (
        {"scores": list(result.scores), "winners": list(result.winners), **result.detail}
        if result is not None
        else None
    )
    return {
        **view_header(game, state, seat, phase=state.phase, options=state.options,
                      result=public_result),
        "round": state.round,
        "turn": state.turn if state.phase == PLAY else None,
        "start_player": state.start_player,
        "passes": state.passes,
        "chosen": [c is not None for c in state.chosen],
        "score_cards": [sc.to_data() for sc in state.score_cards],
        "hand_sizes": [len(h) for h in state.hands],
        "pile_sizes": [len(p) for p in state.piles],
        "spare_drawn": [s is None for s in state.spares],
        "pigs": list(state.pigs),
        "captured": [[c.copy() for c in taken] for taken in state.captured],
        "penalty_counts": [len(p) for p in state.penalties],
        "penalties": [list(p) for p in state.penalties] if over else None,
        "set_aside": [list(cards) for cards in state.set_aside],
    }


def build_view(game: SlyKnights, state: SlyKnightsState, seat: Seat | None) -> SlyView:
    view = cast(SlyView, _public(game, state, seat))
    view.update(cast(SlyView, _own(state, seat)))
    return view


def shared_view(game: SlyKnights, state: SlyKnightsState) -> View:
    """What every audience's view holds alike: all of ``_public`` but the seat."""
    return without_seat(_public(game, state, None))


def own_view(state: SlyKnightsState, seat: Seat | None) -> View:
    """The rest of ``seat``'s view: which seat it is, and that seat's hand and cards."""
    return {"seat": seat, **_own(state, seat)}


def _own(state: SlyKnightsState, seat: Seat | None) -> SlyOwn:
    if seat is None:
        return {}
    chosen = state.chosen[seat]
    return {"you": {
        "hand": list(state.hands[seat]),
        "chosen": list(chosen) if chosen is not None else None,
        "spare_drawn": state.spares[seat] is None,
        "penalties": list(state.penalties[seat]),
        "pigs": state.pigs[seat],
    }}


def omniscient(game: SlyKnights, state: SlyKnightsState) -> SlyView:
    """Everything, for an all-bot table that people only watch."""
    view = cast(SlyView, _public(game, state, None))
    view["hands"] = [list(h) for h in state.hands]
    view["piles"] = [list(p) for p in state.piles]
    view["spares"] = list(state.spares)
    view["chosen_cards"] = [list(c) if c is not None else None for c in state.chosen]
    view["penalties"] = [list(p) for p in state.penalties]
    return view
