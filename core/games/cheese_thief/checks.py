"""Cheese Thief's checks on an action's shape and legality."""

from __future__ import annotations

from core.errors import ActionError
from core.game import Action, Seat, need_int
from core.games.cheese_thief.shapes import SHAPES
from core.games.cheese_thief.state import THIEF, CheeseThiefState


def check_shape(state: CheeseThiefState, action: Action) -> None:
    """Refuse a malformed payload before asking whether the action is legal."""
    kind, last = action["type"], state.n - 1
    # A die to peek at is asked for only where each seat has two (a table of four).
    SHAPES[kind].need(action, optional=state.n == 4)
    if kind == "choose_die":
        need_int(action, "die", 0, 1)
    elif kind == "peek":
        if state.n == 4:
            need_int(action, "die", 0, 1)
        need_int(action, "target", 0, last)
    elif kind == "vote":
        need_int(action, "target", 0, last)
    elif kind == "followers":
        targets = action["targets"]
        if not isinstance(targets, list) or not all(
            isinstance(t, int) and not isinstance(t, bool) for t in targets
        ):
            raise ActionError("malformed", "Field 'targets' must be a list of seats.")
        if targets != sorted(set(targets)):
            raise ActionError("malformed", "List the follower seats once each, in order.")


def why_illegal(state: CheeseThiefState, seat: Seat, action: Action) -> str:
    """A sentence for the seat that tried a well-formed but illegal action."""
    kind = action["type"]
    if seat in state.acted:
        return "You have already acted in this window."
    if kind == "vote":
        if action["target"] == seat:
            return "You cannot vote for yourself."
        return "You have already voted."
    if kind == "ready":
        return "You have already said you are ready to vote."
    if kind == "choose_die":
        return "Only a Sleepyhead chooses a die, once, before the night."
    if kind in ("take", "pass", "peek") and state.hour not in state.wake[seat]:
        return "You are asleep at this hour."
    if kind == "take":
        return "Only the Thief takes the cheese, once."
    if kind == "peek":
        if state.roles[seat] == THIEF:
            return "The Thief never peeks."
        if state.n == 4 and not state.options.get("peek_at_four"):
            return "There is no peeking in the 4-player game."
        if action["target"] == seat:
            return "Peek at another player's die, not your own."
        return "You may peek only when you are the only one awake."
    if kind == "followers":
        return "Those seats cannot be chosen as followers now."
    return "That action is not open to you now."
