"""What one Seven Knights Bewitched seat may see, built field by field from the state.

Nothing is copied wholesale: each field is a deliberate decision that the seat is
entitled to it (RULES.md §3 "Visibility"). Tile values appear only for tiles the seat
has seen, the captain's revealed tile, and every tile once the round is over.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from core.game import Seat, View, view_header, without_seat
from core.games.knights.questions import copy_question
from core.games.knights.resolve import copy_record
from core.games.knights.shapes import (
    KnightsOwn,
    KnightsPublic,
    KnightsView,
    LineUpData,
    OpenQuestion,
)
from core.games.knights.state import (
    ANSWERING,
    ASKING,
    INSPECT,
    LINE_UP,
    OVER,
    REVIEW,
    KnightsState,
    shown,
)
from core.games.knights.tiles import supply

if TYPE_CHECKING:
    from core.games.knights.rules import Knights


def _acting(state: KnightsState) -> Seat | None:
    """The seat whose move the table is waiting for, in the one-at-a-time steps."""
    if state.phase == INSPECT:
        return state.current()
    if state.phase in ASKING:
        return state.asker
    if state.phase in ANSWERING and state.question is not None:
        return int(state.question["answerer"])
    if state.phase == LINE_UP:
        return state.captain
    return None


def _public(game: Knights, state: KnightsState, seat: Seat | None) -> KnightsPublic:
    sup = supply(state.mode, state.n)
    captain = state.captain
    line_up: LineUpData | None = None
    if state.order is not None:
        left_out = [t for t in range(len(state.tiles)) if t not in state.order]
        line_up = {
            "order": list(state.order),
            "left_out": left_out[0] if left_out else None,
        }
    over = state.result is not None
    result = {"winners": list(state.result.winners)} if over and state.result else None
    return {
        **view_header(game, state, seat, phase=state.phase, options=state.options,
                      result=result),
        "mode": state.mode,
        "round": state.round,
        "start": state.start,
        "acting": _acting(state),
        "inspect_pass": state.inspect_pass,
        "tiles": [{"id": t, "owner": t if t < state.n else None} for t in range(len(state.tiles))],
        "numbers": sup.numbers,
        "witch_possible": sup.witch_possible,
        "aside": len(state.aside),
        "arrows": [list(tiles) for tiles in state.inspected],
        "question": _open_question(state),
        "log": [copy_question(entry) for entry in state.log],
        "recommended": [r is not None for r in state.recommendations],
        "recommendations": list(state.recommendations) if state.recommendations_public else None,
        "captain": captain,
        "captain_tile": shown(state.tiles[captain])
        if state.captain_revealed and captain is not None else None,
        "line_up": line_up,
        "ready": list(state.ready),
        "rounds": [copy_record(r) for r in state.rounds],
        "totals": list(state.totals),
    }


def build_view(game: Knights, state: KnightsState, seat: Seat | None) -> KnightsView:
    view = cast(KnightsView, _public(game, state, seat))
    view.update(cast(KnightsView, _own(state, seat)))
    return view


def shared_view(game: Knights, state: KnightsState) -> View:
    """What every audience's view holds alike: all of ``_public`` but the seat."""
    return without_seat(_public(game, state, None))


def own_view(state: KnightsState, seat: Seat | None) -> View:
    """The rest of ``seat``'s view: which seat it is, the tile values it has seen and
    what it knows about itself."""
    return {"seat": seat, **_own(state, seat)}


def _own(state: KnightsState, seat: Seat | None) -> KnightsOwn:
    round_over = state.phase in (REVIEW, OVER)
    if seat is None:
        return {"values": [
            shown(v) if round_over or (state.captain_revealed and t == state.captain) else None
            for t, v in enumerate(state.tiles)
        ]}
    known = state.knows(seat)
    witchy = state.on_witch_side(seat)
    return {
        "values": [
            shown(v) if round_over or t in known else None for t, v in enumerate(state.tiles)
        ],
        "you": {
            "tile": seat,
            "value": shown(state.tiles[seat]),
            "side": "witch" if witchy else "knights",
            "bewitched": seat in state.bewitched,
            "witch_side": state.witch_side() if witchy else None,
            "note": state.notes[seat],
            "won": (seat in state.result.winners) if state.result else None,
        },
    }


def omniscient(game: Knights, state: KnightsState) -> KnightsView:
    """Everything, for an all-bot table that people only watch."""
    view = cast(KnightsView, _public(game, state, None))
    view["values"] = [shown(v) for v in state.tiles]
    view["aside_values"] = [shown(v) for v in state.aside]
    view["witch_side"] = state.witch_side()
    view["bewitched"] = list(state.bewitched)
    return view


def _open_question(state: KnightsState) -> OpenQuestion | None:
    """The question waiting for its answer, with its asker, as every audience sees it."""
    if not state.question or state.asker is None:
        return None
    return {**copy_question(state.question), "asker": state.asker}
