"""Cheese Thief: replay, non-interference, bad input and plain data.

Non-interference is the product's core promise: two deals that differ only in what
seat p cannot know must give p byte-identical views, legal actions and events until
the rules show p the difference (here: the reveal of the votes).
"""

from __future__ import annotations

import pickle
from typing import Any

import msgpack
import pytest

from core.errors import ActionError
from core.games.cheese_thief.state import THIEF, CheeseThiefState
from core.rng import Rng
from tests.cheese_rig import GAME

# -- non-interference ------------------------------------------------------------------


def swap(state: CheeseThiefState, a: int, b: int) -> None:
    """Exchange everything secret between seats a and b (before the game starts)."""
    for field in (state.roles, state.dice, state.wake):
        field[a], field[b] = field[b], field[a]
    state.thief = state.roles.index(THIEF)
    state.knows_thief = [s == state.thief for s in range(state.n)]


def p_stream(state: CheeseThiefState, p: int, avoid: set[int]) -> tuple[list[bytes], list[int]]:
    """Drive a game with fixed policies; return p's serialized stream up to the reveal,
    and the seats p peeked at."""
    stream: list[bytes] = []
    events = GAME.start(state)
    decisions = 0

    def record() -> None:
        # Like the host, p is sent something only when what p may see has changed.
        visible = [e.data for e in events if e.visible_to(p)]
        message = msgpack.packb([GAME.view(state, p), GAME.legal_actions(state, p), visible])
        if not stream or stream[-1] != message:
            stream.append(message)

    record()
    while state.phase != "over":
        movers = GAME.to_act(state)
        if not movers:
            events = GAME.expire(state)
        else:
            seat = p if p in movers else movers[0]
            legal = GAME.legal_actions(state, seat)
            if seat == p:
                action = legal[(decisions * 7 + p) % len(legal)]
                decisions += 1
            elif legal[0]["type"] == "followers":
                action = next((a for a in legal if not avoid & set(a["targets"])), legal[0])
            else:
                action = legal[0]
            events = GAME.apply(state, seat, action)
        if state.phase == "over":
            break
        record()
    return stream, [peek["target"] for peek in state.peeks[p]]


def candidate_pairs(state: CheeseThiefState, p: int, same_role: bool) -> list[tuple[int, int]]:
    p_hours = set(state.wake[p]) | set(state.dice[p])
    quiet = [s for s in range(state.n) if s != p and not p_hours & set(state.dice[s])]
    pairs = []
    for i, a in enumerate(quiet):
        for b in quiet[i + 1:]:
            alike = state.roles[a] == state.roles[b]
            if alike == same_role and (same_role or THIEF in (state.roles[a], state.roles[b])):
                pairs.append((a, b))
    return pairs


@pytest.mark.parametrize("n", range(4, 9))
@pytest.mark.parametrize("same_role", [True, False], ids=["dice-swap", "role-swap"])
def test_p_cannot_tell_deals_apart(n: int, same_role: bool) -> None:
    checked = 0
    for seed in range(60):
        options = GAME.check_options(n, {"fall_mouse": seed % 2 == 1} if n >= 6 else {})
        base = GAME.deal(n, options, seed)
        p = Rng(seed).below(n)
        for a, b in candidate_pairs(base, p, same_role)[:2]:
            one = pickle.loads(pickle.dumps(base))
            two = pickle.loads(pickle.dumps(base))
            swap(two, a, b)
            stream_one, peeked_one = p_stream(one, p, {p, a, b})
            stream_two, peeked_two = p_stream(two, p, {p, a, b})
            if {a, b} & set(peeked_one + peeked_two):
                continue  # p was shown the difference: the construction does not apply
            assert stream_one == stream_two, f"seat {p} can tell seats {a},{b} apart (seed {seed})"
            assert len(stream_one) > 6
            checked += 1
    assert checked >= 10, "too few deals where the construction applies"


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


# -- replay ------------------------------------------------------------------------------------


# -- bad input ------------------------------------------------------------------------------------


BAD: list[tuple[int, Any, str]] = [
    (9, {"type": "take"}, "bad_seat"),
    (-1, {"type": "take"}, "bad_seat"),
    (True, {"type": "take"}, "bad_seat"),  # type: ignore[list-item]
    (0, "take", "malformed"),
    (0, {"kind": "take"}, "malformed"),
    (0, {"type": 3}, "malformed"),
    (0, {"type": "fly"}, "unknown_action"),
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
    before = pickle.dumps(state)
    with pytest.raises(ActionError) as err:
        GAME.apply(state, seat, action)
    assert err.value.code == code
    assert err.value.message.endswith(".")
    assert pickle.dumps(state) == before


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
