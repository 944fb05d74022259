"""What one Choose! seat may see, built field by field from the state.

A mouse's top card is named only to the seats in that card's knowledge record
(``state.known``); the cards under it appear only as a count, and no card on the table
is named by id except face-up nests, which everyone sees. Hands show their cards only
to their holder; everyone sees how many each hand holds.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from core.game import Seat, View, view_header, without_seat
from core.games.choose.shapes import (
    ChooseOwn,
    ChoosePublic,
    ChooseView,
    MouseData,
    RoundRecord,
)
from core.games.choose.state import OVER, ChooseState
from core.games.choose.turns import hand_data

if TYPE_CHECKING:
    from core.games.choose.rules import Choose


def _kitchens(state: ChooseState, mask: int, omniscient: bool) -> list[list[MouseData]]:
    """Each kitchen's mice; ``mask`` is the viewer's bit (0 for a spectator)."""
    everyone, known, kinds, stacks = state.everyone, state.known, state.kinds, state.stacks
    out: list[list[MouseData]] = []
    for kitchen in state.kitchens:
        mice: list[MouseData] = []
        for sid in kitchen:
            stack = stacks[sid]
            top = stack.cards[-1]
            who = known[top]
            shown = omniscient or who & mask or who == everyone
            mouse: MouseData = {
                "stack": sid,
                "stolen": len(stack.cards) - 1,
                "nest": stack.nest,
                "placed_by": stack.placed_by,
                "top": kinds[top] if shown else None,
            }
            if omniscient:
                mouse["under"] = [kinds[c] for c in stack.cards[:-1]]
            mice.append(mouse)
        out.append(mice)
    return out


def _last_round(state: ChooseState) -> RoundRecord | None:
    last = state.last_round
    if last is None:
        return None
    return {
        "round": last["round"],
        "stacks": [flip.copy() for flip in last["stacks"]],
        "raw": list(last["raw"]),
        "scores": list(last["scores"]),
        "totals": list(last["totals"]),
    }


def _public(game: Choose, state: ChooseState, seat: Seat | None) -> ChoosePublic:
    result = state.result
    return {
        **view_header(game, state, seat, phase=state.phase, options=state.options,
                      result={"winners": list(result.winners)} if result else None),
        "round": state.round,
        "rounds": state.n,
        "start_player": state.start_player,
        "turn": state.turn if state.phase != OVER else None,
        "turns_taken": state.turns_taken,
        "hand_sizes": [len(h) for h in state.hands],
        "discard_size": len(state.discard),
        "round_scores": [list(r) for r in state.round_scores],
        "totals": list(state.totals),
        "last_round": _last_round(state),
        "moves": [move.copy() for move in state.moves],
    }


def build_view(game: Choose, state: ChooseState, seat: Seat | None) -> ChooseView:
    view = cast(ChooseView, _public(game, state, seat))
    view.update(cast(ChooseView, _own(state, seat)))
    return view


def shared_view(game: Choose, state: ChooseState) -> View:
    """What every audience's view holds alike: all of ``_public`` but the seat."""
    return without_seat(_public(game, state, None))


def own_view(state: ChooseState, seat: Seat | None) -> View:
    """The rest of ``seat``'s view: which seat it is, the kitchens as that seat knows
    them (a top card is named only to the seats that know it) and its hand."""
    return {"seat": seat, **_own(state, seat)}


def _own(state: ChooseState, seat: Seat | None) -> ChooseOwn:
    mask = 0 if seat is None else 1 << seat
    return {
        "kitchens": _kitchens(state, mask, False),
        "hand": None if seat is None else hand_data(state, seat),
    }


def omniscient(game: Choose, state: ChooseState) -> ChooseView:
    """Everything, for an all-bot table that people only watch."""
    view = cast(ChooseView, _public(game, state, None))
    view["kitchens"] = _kitchens(state, 0, True)
    view["hands"] = [hand_data(state, s) for s in range(state.n)]
    view["discard"] = [state.kinds[c] for c in state.discard]
    return view
