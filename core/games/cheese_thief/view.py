"""What one Cheese Thief seat may see, built field by field from the state.

Nothing is copied wholesale: each field below is a deliberate decision that the seat
is entitled to it (RULES.md §1, "Visibility summary").
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from core.game import Seat, View, view_header, without_seat
from core.games.cheese_thief.shapes import CheesePrivate, CheesePublic, CheeseView, CheeseYou
from core.games.cheese_thief.state import OVER, CheeseThiefState

if TYPE_CHECKING:
    from core.games.cheese_thief.rules import CheeseThief


TALK_SHOWN = 80
"""The latest talk lines a view carries: enough for a discussion, small enough that
updates stay a few kilobytes however long people chat (the event log keeps it all)."""


def _public(game: CheeseThief, state: CheeseThiefState, seat: Seat | None,
            *, own_lines: bool = True) -> CheesePublic:
    """``own_lines``: the talk window holds copies of the lines, which whoever holds
    the view may change; otherwise it holds the state's own lines (never changed once
    spoken), for a caller that only reads them."""
    over = state.phase == OVER
    window = state.talk[-TALK_SHOWN:]
    result = {"side": state.side_won, "top": list(state.top)} if over else None
    return {
        **view_header(game, state, seat, phase=state.phase, options=state.options,
                      result=result),
        "hour": state.hour,
        "ready": list(state.ready),
        "voted": list(state.voted),
        "votes": list(state.votes) if state.votes_public else None,
        "revealed": list(state.revealed),
        "talk": [line.copy() for line in window] if own_lines else window,
    }


def build_view(game: CheeseThief, state: CheeseThiefState, seat: Seat | None) -> CheeseView:
    view = cast(CheeseView, _public(game, state, seat))
    if seat is not None:
        view.update(cast(CheeseView, _private(state, seat)))
    return view


def shared_view(game: CheeseThief, state: CheeseThiefState) -> View:
    """What every audience's view holds alike: all of ``_public`` but the seat. A host
    builds it at every change and only packs and compares it, so its talk window is not
    copied line by line (80 lines, at every line spoken)."""
    return without_seat(_public(game, state, None, own_lines=False))


def own_view(state: CheeseThiefState, seat: Seat | None) -> View:
    """The rest of ``seat``'s view: which seat it is, and that seat's secrets."""
    return {"seat": seat} if seat is None else {"seat": seat, **_private(state, seat)}


def _private(state: CheeseThiefState, seat: Seat) -> CheesePrivate:
    role = state.roles[seat]
    awake_now = state.phase == "night" and state.hour in state.wake[seat]
    thief_known = state.knows_thief[seat]
    you: CheeseYou = {
        "role": role,
        "dice": list(state.dice[seat]),
        "wake_hours": list(state.wake[seat]),
        "follower": seat in state.followers and state.followers_settled,
        "awake": awake_now,
        "vote": state.votes[seat],
        "won": (seat in state.result.winners) if state.result else None,
    }
    return {
        "you": you,
        "nights": [{**record, "awake": list(record["awake"])} for record in state.seen[seat]],
        "peeks": [peek.copy() for peek in state.peeks[seat]],
        "thief": state.thief if thief_known else None,
        "followers": list(state.known_followers[seat]),
    }


def omniscient(game: CheeseThief, state: CheeseThiefState) -> CheeseView:
    """Everything, for an all-bot table that people only watch."""
    view = cast(CheeseView, _public(game, state, None))
    view["roles"] = list(state.roles)
    view["dice"] = [list(d) for d in state.dice]
    view["wake_hours"] = [list(w) for w in state.wake]
    view["followers"] = list(state.followers)
    view["cheese_taken"] = state.cheese_taken
    view["theft_hour"] = state.theft_hour
    view["votes"] = list(state.votes)
    return view
