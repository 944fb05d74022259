"""Seven Knights Bewitched as a whole: replays, random play, plain data, refusals, secrecy."""

from __future__ import annotations

import pickle
from typing import Any

import msgpack
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from core.errors import ActionError
from core.game import Event
from core.games.knights import Knights
from core.games.knights.questions import truth
from core.games.knights.state import KnightsState
from core.games.knights.tiles import MODE_PLAYERS, supply
from core.play import play, seat_bots
from tests import secrecy
from tests.slow import examples

GAME = Knights()
TABLES = [(mode, n) for mode, (low, high) in MODE_PLAYERS.items() for n in range(low, high + 1)]

Step = tuple[int, dict[str, Any]] | None


def pack(data: Any) -> bytes:
    return msgpack.packb(data)  # type: ignore[no-any-return]


def bot_game(mode: str, n: int, seed: int, level: str = "simple") -> tuple[list[Step], list[Any]]:
    """Play one bot game, returning its steps and every event's data."""
    state, events = GAME.new_game(n, {"mode": mode}, seed)
    bots = seat_bots("knights", [level] * n, seed)
    steps: list[Step] = []
    log = [e.data for e in events]
    while GAME.outcome(state) is None:
        movers = GAME.to_act(state)
        if not movers:
            log += [e.data for e in GAME.expire(state)]
            steps.append(None)
            continue
        for seat in movers:
            legal = GAME.legal_actions(state, seat)
            action = bots[seat].act(GAME.view(state, seat), legal)
            log += [e.data for e in GAME.apply(state, seat, action)]
            steps.append((seat, action))
    return steps, log


# -- replay -------------------------------------------------------------------------


def test_sim_records_three_rounds_per_game() -> None:
    record = play(GAME, 6, {"mode": "basic"}, 5, seat_bots("knights", ["simple"] * 6, 5))
    assert record.error is None and record.outcome is not None
    assert len(record.outcome.sides) == 3
    assert set(record.outcome.sides) <= {"knights", "witch", "nobody"}
    best = max(record.outcome.scores)
    assert record.outcome.winners == tuple(
        s for s, v in enumerate(record.outcome.scores) if v == best
    )


# -- random play with invariants --------------------------------------------------------


def check_invariants(state: KnightsState) -> None:
    sup = supply(state.mode, state.n)
    assert sorted(state.tiles + state.aside) == sorted(sup.pool)
    witch = state.witch_tile()
    seen_witch = [s for s in range(state.n) if witch is not None and witch in state.inspected[s]]
    assert sorted(state.bewitched) == seen_witch
    for entry in state.log:
        if not state.on_witch_side(entry["answerer"]):
            assert entry["answer"] == truth(entry, state.tiles)
    assert state.totals == [
        sum(r["scores"][s] for r in state.rounds) for s in range(state.n)
    ]
    movers = GAME.to_act(state)
    for seat in range(state.n):
        assert bool(GAME.legal_actions(state, seat)) == (seat in movers)
    deadline = GAME.deadline(state)
    assert (deadline is None) == (state.phase == "over")
    assert deadline is None or deadline.ends_early
    round_on = state.phase not in ("review", "over")
    assert GAME.chat_open(state) == (state.phase == "review")
    for seat in [*range(state.n), None]:
        view = GAME.view(state, seat)
        known = state.knows(seat) if seat is not None else set()
        for tile, shown in enumerate(view["values"]):
            if round_on and tile not in known and not (
                state.captain_revealed and tile == state.captain
            ):
                assert shown is None
        assert "tiles" in view and all("value" not in t for t in view["tiles"])


def check_events(events: list[Event], state: KnightsState) -> None:
    for event in events:
        if "value" in event.data and event.data["type"] != "captain_tile":
            assert event.audience is not None and len(event.audience) == 1


@settings(max_examples=examples(30), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(table=st.sampled_from(TABLES), seed=st.integers(0, 2**32), data=st.data())
def test_random_play_keeps_the_invariants(table: tuple[str, int], seed: int, data: Any) -> None:
    mode, n = table
    state, events = GAME.new_game(n, {"mode": mode}, seed)
    check_events(events, state)
    for _ in range(2000):
        if GAME.outcome(state) is not None:
            break
        movers = GAME.to_act(state)
        roll = data.draw(st.integers(0, 19))
        if not movers or roll == 0:
            found = GAME.expire(state)
        elif roll == 1:
            seat = data.draw(st.integers(0, n - 1))
            text = data.draw(st.text(max_size=20))
            before = pickle.dumps(GAME.view(state, (seat + 1) % n))
            found = GAME.apply(state, seat, {"type": "note", "text": text})
            assert GAME.view(state, seat)["you"]["note"] == text
            assert pickle.dumps(GAME.view(state, (seat + 1) % n)) == before
            assert all(e.audience == frozenset({seat}) for e in found)
        elif roll == 2:
            seat = data.draw(st.sampled_from(movers))
            if GAME.chat_open(state):
                found = GAME.apply(state, seat, {"type": "chat", "text": "gg"})
            else:
                with pytest.raises(ActionError):
                    GAME.apply(state, seat, {"type": "chat", "text": "I saw a 3"})
                continue
        else:
            seat = data.draw(st.sampled_from(movers))
            legal = GAME.legal_actions(state, seat)
            found = GAME.apply(state, seat, data.draw(st.sampled_from(legal)))
        check_events(found, state)
        check_invariants(state)
    outcome = GAME.outcome(state)
    assert outcome is not None and len(outcome.sides) == 3
    assert list(outcome.scores) == state.totals


# -- plain data and refusals ----------------------------------------------------------------

ALWAYS_BAD: list[Any] = [
    "inspect",
    {"tile": 1},
    {"type": "fly"},
    {"type": "inspect"},
    {"type": "inspect", "tile": "1"},
    {"type": "inspect", "tile": True},
    {"type": "ask", "answerer": 1, "form": "in", "tile": 1},
    {"type": "answer", "answer": 1},
    {"type": "answer"},
    {"type": "recommend", "target": -1},
    {"type": "recommend", "target": 1, "why": "trust"},
    {"type": "line_up", "order": [True]},
    {"type": "line_up", "order": [0, 0, 0, 0, 0, 0, 0, 0, 0]},
    {"type": "ready", "now": True},
    {"type": "note", "text": 5},
    {"type": "note", "text": "x" * 5000},
    {"type": "note"},
    {"type": "emote", "emote": "dance"},
]


@pytest.mark.parametrize(("mode", "n"), [("basic", 4), ("dark", 4)])
def test_bad_actions_are_refused_and_change_nothing(mode: str, n: int) -> None:
    steps, _ = bot_game(mode, n, 7)
    state, _ = GAME.new_game(n, {"mode": mode}, 7)
    phases = set()
    for step in steps:
        if state.phase not in phases:
            phases.add(state.phase)
            for seat in range(n):
                for action in ALWAYS_BAD:
                    before = pickle.dumps(state)
                    with pytest.raises(ActionError) as info:
                        GAME.apply(state, seat, action)
                    assert info.value.message
                    assert pickle.dumps(state) == before
            with pytest.raises(ActionError):
                GAME.apply(state, n, {"type": "ready"})
        if step is None:
            GAME.expire(state)
        else:
            GAME.apply(state, step[0], step[1])
    assert {"inspect", "question", "answer", "recommend", "command", "review"} <= phases


def test_notes_are_private_and_not_listed() -> None:
    state, _ = GAME.new_game(4, {}, 1)
    GAME.apply(state, 2, {"type": "note", "text": "seat 1 > seat 3?"})
    assert GAME.view(state, 2)["you"]["note"] == "seat 1 > seat 3?"
    assert GAME.view(state, 1)["you"]["note"] == ""
    assert "note" not in str(GAME.view(state, None))
    assert all(a["type"] != "note" for s in range(4) for a in GAME.legal_actions(state, s))
    assert GAME.to_act(state) == [state.start]


def test_expire_alone_finishes_a_game() -> None:
    for mode, n in TABLES:
        state, _ = GAME.new_game(n, {"mode": mode}, n)
        keys = set()
        for _ in range(500):
            if GAME.outcome(state) is not None:
                break
            deadline = GAME.deadline(state)
            assert deadline is not None and deadline.seconds > 0
            keys.add(deadline.key)
            GAME.expire(state)
        assert GAME.outcome(state) is not None
        assert len(keys) > 3 * (2 * n + 3)


# -- non-interference -----------------------------------------------------------------------


def test_non_interference_for_tiles_a_seat_has_not_inspected_at_every_table() -> None:
    """The harness's Knights constructions (tests/secrecy.py) over every mode and table
    size, several seats each: the Witch, or a tile set aside, trading places with a tile
    p has not seen leaves p's stream byte-identical until the captain's tile shows."""
    for make in (secrecy._knights, secrecy._knights_witch, secrecy._knights_aside):
        proved = sum(1 for seed in range(40)
                     if (twins := make(seed)) is not None
                     and len(secrecy.hidden_updates("knights", twins)) >= 3)
        assert proved >= 15, f"{make.__name__} applied to {proved} deals"
