"""Cheese Thief: the timing of a night, and the game's own refusals.

Non-interference (twin deals, ``tests/secrecy.py``), replay, msgpack and the refusals
every game shares (bad seats, malformed actions) are the contract suite's
(``tests/test_game_contract.py``); what stays here is Cheese Thief's alone.
"""

from __future__ import annotations

import pickle
from typing import Any

import pytest

from core.errors import ActionError
from tests.cheese_rig import GAME
from tests.rules_rig import refused

# -- timing ------------------------------------------------------------------------------


def test_timing_of_a_night_does_not_depend_on_who_acts() -> None:
    """Every seat sees the same sequence of deadlines, whatever happens at night."""
    for seed in range(20):
        state, _ = GAME.new_game(6, {}, seed)
        keys = []
        while state.phase in ("night", "followers"):
            deadline = GAME.deadline(state)
            assert deadline is not None
            keys.append((deadline.key, deadline.seconds, deadline.ends_early))
            for seat in GAME.to_act(state):
                GAME.apply(state, seat, GAME.legal_actions(state, seat)[-1])
            GAME.expire(state)
        assert keys == [(f"hour{h}", 10.0, False) for h in range(1, 7)] + [
            ("followers", 5.0, False)]


# -- bad input ------------------------------------------------------------------------------------


BAD: list[tuple[int, Any, str]] = [
    (0, {"type": "vote", "target": 1}, "wrong_phase"),
    (0, {"type": "ready"}, "wrong_phase"),
    (1, {"type": "peek"}, "malformed"),
    (1, {"type": "peek", "target": "0"}, "malformed"),
    (1, {"type": "peek", "target": True}, "malformed"),
    (1, {"type": "peek", "target": 99}, "malformed"),
    (1, {"type": "peek", "target": 0, "extra": 1}, "malformed"),
    (1, {"type": "take"}, "illegal"),
    (1, {"type": "peek", "target": 1}, "illegal"),
    (2, {"type": "peek", "target": 0}, "illegal"),
    (0, {"type": "peek", "target": 1}, "illegal"),
    (0, {"type": "chat", "text": "hello"}, "chat_closed"),
]


@pytest.mark.parametrize(("seat", "action", "code"), BAD)
def test_bad_action_is_refused_and_changes_nothing(seat: int, action: Any, code: str) -> None:
    state, _ = GAME.new_game(5, {}, 0)
    state.roles = ["thief"] + ["sleepyhead"] * 4
    state.thief = 0
    state.dice = [[2], [1], [3], [4], [5]]
    state.wake = [[2], [1], [3], [4], [5]]
    state.knows_thief = [True] + [False] * 4
    refused(GAME, state, seat, action, code)


def test_actions_after_the_end_are_refused() -> None:
    state, _ = GAME.new_game(4, {}, 0)
    while state.result is None:
        GAME.expire(state)
    with pytest.raises(ActionError) as err:
        GAME.apply(state, 0, {"type": "vote", "target": 1})
    assert err.value.code == "game_over"


def test_followers_payload_is_checked() -> None:
    state, _ = GAME.new_game(7, {}, 0)
    while state.phase != "followers":
        GAME.expire(state)
    thief = state.thief
    for bad in ({"type": "followers", "targets": "1,2"},
                {"type": "followers", "targets": [2, 1]},
                {"type": "followers", "targets": [1, 1]},
                {"type": "followers", "targets": [True, 2]}):
        before = pickle.dumps(state)
        with pytest.raises(ActionError) as err:
            GAME.apply(state, thief, bad)
        assert err.value.code == "malformed" and pickle.dumps(state) == before
