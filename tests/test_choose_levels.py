"""The levelled Choose! bots: registered, finishing games, blind to what their seat
cannot see, and making the hard bot's key decisions."""

from __future__ import annotations

from typing import Any

import msgpack
import pytest

from core.games.choose.state import ChooseState
from core.play import play, seat_bots
from core.registry import BOTS, GAMES, make_bot
from core.rng import derive_seed
from tests.test_choose_rig import GAME, put, table

LEVELS = ["easy", "normal", "hard"]


def decide(level: str, state: ChooseState, seat: int, seed: int = 7) -> dict[str, Any]:
    bot = make_bot("choose", level, seat, seed)
    return bot.act(GAME.view(state, seat), GAME.legal_actions(state, seat))


def test_every_level_is_registered() -> None:
    assert set(BOTS["choose"]) == {"random", "simple", "easy", "normal", "hard", "ismcts"}
    for level in LEVELS:
        assert make_bot("choose", level, 0, 1).level == level


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_every_level_finishes_games(n: int) -> None:
    game = GAMES["choose"]
    mixes = [["hard", *["normal", "easy", "simple", "random"][: n - 1]],
             [["easy", "normal", "hard"][s % 3] for s in range(n)]]
    for index, levels in enumerate(mixes):
        seed = derive_seed(21, n * 10 + index)
        record = play(game, n, {}, seed, seat_bots("choose", levels, seed))
        assert record.error is None and record.outcome is not None
        assert len(record.outcome.scores) == n


def twin_tables() -> tuple[ChooseState, ChooseState]:
    """Two tables that seat 0 cannot tell apart: the other hands differ, and so does
    the top of the mouse seat 1 put down, which only seat 1 knows."""
    tables = []
    for others, top in (("hoN", "c"), ("ocE", "h")):
        state = table(["hoNC", others, "rCo"])
        put(state, 1, "o" + top)
        put(state, 0, "ho")
        put(state, 2, "r", nested=True)
        tables.append(state)
    return tables[0], tables[1]


@pytest.mark.parametrize("level", LEVELS)
def test_a_bot_decides_on_its_view_alone(level: str) -> None:
    first, second = twin_tables()
    view_a, view_b = GAME.view(first, 0), GAME.view(second, 0)
    assert msgpack.packb(view_a) == msgpack.packb(view_b)
    assert GAME.omniscient_view(first) != GAME.omniscient_view(second)
    for seed in range(4):
        assert decide(level, first, 0, seed) == decide(level, second, 0, seed)


def test_hard_steals_the_big_mouse_with_its_last_card() -> None:
    # Seat 0 put the hungry mouse on top (so it knows it) before seat 1's henchman
    # pulled the stack back; nobody acts after seat 0's last card.
    state = table(["h", ""])
    sid = put(state, 1, "oooh", placed_by=0)
    put(state, 1, "o")
    action = decide("hard", state, 0)
    assert action == {"type": "steal", "card": state.hands[0][0], "stack": sid}


def test_hard_nests_its_loaded_ordinary_mouse_before_the_others_can_steal() -> None:
    state = table(["NCh", "hoo", "oho"])
    sid = put(state, 0, "ooo")
    assert decide("hard", state, 0) == {"type": "nest", "stack": sid}


def test_hard_takes_the_nest_off_its_own_loaded_robo() -> None:
    state = table(["Eo", "o"])
    sid = put(state, 0, "hhor", nested=True)
    action = decide("hard", state, 0)
    assert action["type"] == "exterminator" and action["stack"] == sid
    GAME.apply(state, 0, action)
    assert state.stacks[sid].nest is None  # minus three became nothing


def test_hard_nests_an_opponents_loaded_henchman() -> None:
    # Seat 0 stole with a henchman and seat 1's henchman pulled the stack back: now
    # seat 1, the leader, holds three cards of cheese under seat 0's henchman, which a
    # nest turns into minus three for seat 1.
    state = table(["N", "ooh", "hhh"])
    sid = put(state, 1, "oooc", placed_by=0)
    put(state, 1, "ooh", nested=True)
    assert decide("hard", state, 0) == {"type": "nest", "stack": sid}
