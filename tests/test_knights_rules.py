"""Seven Knights Bewitched rules: tile sets, questions, honesty, captain, line-up, scores."""

from __future__ import annotations

import functools
import pickle
from collections import Counter
from typing import Any

import pytest

from core.errors import OptionError
from core.games.knights import Knights
from core.games.knights.questions import truth
from core.games.knights.state import WITCH as W
from core.games.knights.state import KnightsState
from core.games.knights.tiles import supply
from tests import rules_rig

GAME = Knights()


def table(
    tiles: list[int],
    arrows: list[list[int]],
    mode: str = "basic",
    start: int = 0,
    *,
    seed: int = 1,
    **options: Any,
) -> KnightsState:
    """A round with chosen tiles and inspections, left at the first question."""
    n = len(arrows)
    state, _ = GAME.new_game(n, {"mode": mode, **options}, seed=seed)
    state.tiles = list(tiles)
    pool = list(supply(mode, n).pool)
    for v in tiles:
        pool.remove(v)
    state.aside = pool
    state.start = start
    for step in range(len(arrows[0])):
        for i in range(n):
            seat = (start + i) % n
            GAME.apply(state, seat, {"type": "inspect", "tile": arrows[seat][step]})
    return state


def ask_in(answerer: int, tile: int, values: list[int]) -> dict[str, Any]:
    return {"type": "ask", "answerer": answerer, "form": "in", "tile": tile, "values": values}


def ask_gt(answerer: int, tile: int, other: int) -> dict[str, Any]:
    return {"type": "ask", "answerer": answerer, "form": "greater", "tile": tile, "other": other}


refused = functools.partial(rules_rig.refused, GAME)


# -- tile sets --------------------------------------------------------------------

EXPECTED = {
    # mode, players: (pool, centre tiles, tiles set aside)
    ("basic", 4): ([W, 1, 2, 3, 4], 1, 0),
    ("basic", 5): ([W, 1, 2, 3, 4, 5], 1, 0),
    ("basic", 6): ([W, 1, 2, 3, 4, 5], 0, 0),
    ("basic", 7): ([W, 1, 2, 3, 4, 5, 6], 0, 0),
    ("basic", 8): ([W, 1, 2, 3, 4, 5, 6, 7], 0, 0),
    ("dark", 3): ([W, 1, 2, 3, 4, 5, 6, 7], 3, 2),
    ("dark", 4): ([W, 1, 2, 3, 4, 5, 6, 7], 3, 1),
    ("advanced", 4): ([W, 1, 2, 3, 4, 5, 6, 7], 1, 3),
    ("advanced", 5): ([W, 1, 2, 3, 4, 5, 6, 7], 1, 2),
    ("advanced", 6): ([W, 1, 2, 3, 4, 5, 6, 7], 0, 2),
    ("advanced", 7): ([W, 1, 2, 3, 4, 5, 6, 7], 0, 1),
    ("coop", 4): ([1, 2, 3, 4, 5], 1, 0),
    ("coop", 5): ([1, 2, 3, 4, 5, 6], 1, 0),
    ("coop", 6): ([1, 2, 3, 4, 5, 6], 0, 0),
    ("coop", 7): ([1, 2, 3, 4, 5, 6, 7], 0, 0),
}


@pytest.mark.parametrize(("mode", "n"), sorted(EXPECTED))
def test_tile_sets_per_mode_and_count(mode: str, n: int) -> None:
    pool, centre, aside = EXPECTED[(mode, n)]
    witch_places: Counter[str] = Counter()
    for seed in range(60):
        state, _ = GAME.new_game(n, {"mode": mode}, seed)
        assert len(state.tiles) == n + centre
        assert len(state.aside) == aside
        assert sorted(state.tiles + state.aside) == pool
        if mode == "dark":
            assert W not in state.tiles[:n]
        where = state.witch_tile()
        witch_places["absent" if where is None else "seat" if where < n else "centre"] += 1
    if mode == "basic":
        assert witch_places["absent"] == 0
        assert witch_places["seat"] > 0
        assert (witch_places["centre"] > 0) == (n <= 5)
    if mode == "dark":
        assert witch_places["seat"] == 0
        assert witch_places["centre"] > 0 and witch_places["absent"] > 0
    if mode == "advanced":
        assert witch_places["absent"] > 0 and witch_places["seat"] > 0
    if mode == "coop":
        assert witch_places == Counter(absent=60)


@pytest.mark.parametrize(
    ("mode", "n"),
    [("basic", 3), ("advanced", 8), ("dark", 5), ("coop", 8), ("coop", 3), ("advanced", 3)],
)
def test_mode_at_a_count_it_does_not_allow_is_refused(mode: str, n: int) -> None:
    with pytest.raises(OptionError) as info:
        GAME.check_options(n, {"mode": mode})
    assert info.value.code == "mode_players"
    assert f"not {n}" in info.value.message


def test_an_unknown_mode_is_refused() -> None:
    with pytest.raises(OptionError):
        GAME.check_options(4, {"mode": "solo"})


# -- inspection -------------------------------------------------------------------


def test_inspect_is_public_value_private_and_the_witch_bewitches() -> None:
    state, _ = GAME.new_game(6, {}, 3)
    state.tiles = [1, 2, W, 3, 4, 5]
    state.start = 0
    events = GAME.apply(state, 0, {"type": "inspect", "tile": 2})
    kinds = [(e.data["type"], e.audience) for e in events]
    assert ("inspect", None) in kinds
    assert ("inspected", frozenset({0})) in kinds
    assert ("bewitched", frozenset({0, 2})) in kinds
    assert state.bewitched == [0]
    GAME.apply(state, 1, {"type": "inspect", "tile": 0})
    assert state.bewitched == [0]  # seeing a bewitched player's tile does not bewitch
    assert GAME.view(state, 1)["you"]["side"] == "knights"
    assert GAME.view(state, 0)["you"]["side"] == "witch"
    assert GAME.view(state, 2)["you"]["witch_side"] == [0, 2]
    assert GAME.view(state, 3)["arrows"][0] == [2]
    assert GAME.view(state, 3)["values"][2] is None


def test_inspect_own_tile_or_out_of_turn_is_refused() -> None:
    state, _ = GAME.new_game(5, {}, 3)
    state.start = 0
    refused(state, 0, {"type": "inspect", "tile": 0}, "illegal")
    refused(state, 1, {"type": "inspect", "tile": 0}, "not_your_turn")
    refused(state, 0, {"type": "inspect", "tile": 9}, "malformed")
    assert {"type": "inspect", "tile": 5} in GAME.legal_actions(state, 0)  # the centre tile


def test_dark_mode_inspects_a_player_then_a_centre_tile() -> None:
    state, _ = GAME.new_game(3, {"mode": "dark"}, 5)
    state.start = 0
    assert [a["tile"] for a in GAME.legal_actions(state, 0)] == [1, 2]
    for seat in range(3):
        GAME.apply(state, seat, {"type": "inspect", "tile": (seat + 1) % 3})
    assert state.phase == "inspect" and state.inspect_pass == 1
    assert [a["tile"] for a in GAME.legal_actions(state, 0)] == [3, 4, 5]
    refused(state, 0, {"type": "inspect", "tile": 1}, "illegal")
    for seat in range(3):
        GAME.apply(state, seat, {"type": "inspect", "tile": 3 + seat})
    assert state.phase == "question"
    assert state.inspected == [[1, 3], [2, 4], [0, 5]]


# -- questions --------------------------------------------------------------------
# Seats: 0 asks. Seat 1 inspected seat 2; seat 0 inspected seat 3; seat 3 inspected seat 0.


def question_table() -> KnightsState:
    return table([4, 2, 5, 1, W, 3], [[3], [2], [1], [0], [5]])


@pytest.mark.parametrize(
    "action",
    [
        ask_in(1, 1, [3, 4, 5]),  # "are you 3 or more?"
        ask_gt(1, 1, 2),  # "are you greater than (the one you saw)?"
        ask_in(1, 1, [1, 3, 5]),  # "are you odd?"
        ask_in(1, 1, [1]),  # "are you 1?"
        ask_in(1, 2, [1]),  # "is (the one you saw) 1?"
    ],
)
def test_the_sources_ok_questions_are_accepted(action: dict[str, Any]) -> None:
    state = question_table()
    events = GAME.apply(state, 0, action)
    assert state.phase == "answer"
    assert events[0].data["type"] == "question" and events[0].audience is None


@pytest.mark.parametrize(
    ("action", "fragment"),
    [
        (ask_in(3, 3, [1]), "already know"),  # I saw seat 3 is 1: "are you 1?"
        (ask_in(3, 0, [4]), "already know"),  # seat 3 saw me: "am I 4?"
        (ask_gt(3, 0, 3), "already know both"),
        (ask_in(1, 3, [1]), "has not seen"),  # seat 1 has not seen seat 3's tile
        (ask_gt(1, 1, 4), "has not seen"),
        (ask_in(0, 1, [2]), "another player"),
    ],
)
def test_the_sources_ng_questions_are_refused(action: dict[str, Any], fragment: str) -> None:
    state = question_table()
    error = refused(state, 0, action, "illegal_question")
    assert fragment in error.message


@pytest.mark.parametrize(
    "action",
    [
        ask_in(1, 1, []),
        ask_in(1, 1, [8]),
        ask_in(1, 1, [2, 2]),
        ask_gt(1, 1, 1),
        {"type": "ask", "answerer": 1, "form": "sum", "tile": 1},
        {"type": "ask", "answerer": 1, "form": "in", "tile": 1, "values": [2], "x": 1},
        {"type": "ask", "answerer": 9, "form": "in", "tile": 1, "values": [2]},
    ],
)
def test_malformed_questions_are_refused(action: dict[str, Any]) -> None:
    refused(question_table(), 0, action, "malformed")


def test_a_comparison_with_one_tile_the_asker_knows_is_accepted() -> None:
    state = table([4, 2, 5, 1, W, 3], [[2], [2], [1], [0], [5]])
    GAME.apply(state, 0, ask_gt(1, 1, 2))  # I saw seat 2, not seat 1
    assert state.phase == "answer"


def test_only_the_asker_may_ask() -> None:
    refused(question_table(), 1, ask_in(2, 2, [5]), "not_your_turn")


def test_listed_questions_are_all_legal_and_cover_the_usual_forms() -> None:
    state = question_table()
    legal = GAME.legal_actions(state, 0)
    for action in legal:
        probe = pickle.loads(pickle.dumps(state))
        GAME.apply(probe, 0, action)
    sets = {tuple(a["values"]) for a in legal if a["form"] == "in" and a["answerer"] == 1}
    assert {(1,), (5,), (3, 4, 5), (1, 3, 5), (2, 4)} <= sets
    assert {(a["tile"], a["other"]) for a in legal if a["form"] == "greater"} >= {(1, 2), (2, 1)}
    assert all(a["tile"] != 3 for a in legal if a["form"] == "in")  # I saw seat 3


def test_apply_accepts_value_sets_not_listed() -> None:
    state = question_table()
    GAME.apply(state, 0, ask_in(1, 1, [7, 2, 6]))
    assert state.question is not None and state.question["values"] == [2, 6, 7]


# -- honesty ----------------------------------------------------------------------


def test_a_knight_is_offered_only_the_truth_and_a_lie_is_refused() -> None:
    state = question_table()
    GAME.apply(state, 0, ask_in(1, 2, [5]))  # seat 1 saw seat 2 = 5: true
    assert GAME.legal_actions(state, 1) == [{"type": "answer", "answer": True}]
    assert GAME.to_act(state) == [1]
    refused(state, 1, {"type": "answer", "answer": False}, "must_be_truthful")
    refused(state, 2, {"type": "answer", "answer": True}, "not_your_turn")
    GAME.apply(state, 1, {"type": "answer", "answer": True})
    assert state.log[-1]["answer"] is True
    assert GAME.view(state, None)["log"][-1] == {
        "asker": 0, "answerer": 1, "form": "in", "tile": 2, "values": [5], "answer": True,
        "extra": False,
    }


def test_the_witch_and_the_bewitched_may_answer_either_way() -> None:
    state = question_table()  # seat 4 holds the Witch; nobody inspected it
    GAME.apply(state, 0, ask_in(4, 4, [1, 2, 3, 4, 5]))
    assert len(GAME.legal_actions(state, 4)) == 2
    GAME.apply(state, 4, {"type": "answer", "answer": True})  # a lie: the Witch has no number
    state = table([4, 2, 5, 1, W, 3], [[3], [4], [1], [0], [5]])  # seat 1 saw the Witch
    assert state.bewitched == [1]
    GAME.apply(state, 0, ask_gt(1, 1, 4))
    assert len(GAME.legal_actions(state, 1)) == 2
    GAME.apply(state, 1, {"type": "answer", "answer": True})


def test_a_predicate_about_the_witch_tiles_number_is_false() -> None:
    values = [4, W, 5]
    assert not truth({"form": "in", "tile": 1, "values": list(range(1, 8))}, values)
    assert not truth({"form": "greater", "tile": 1, "other": 0}, values)
    assert not truth({"form": "greater", "tile": 0, "other": 1}, values)
    assert truth({"form": "greater", "tile": 2, "other": 0}, values)
    state = question_table()
    GAME.apply(state, 0, ask_in(4, 4, list(range(1, 8))))
    GAME.expire(state)  # the default answer is the true one, whoever answers
    assert state.log[-1]["answer"] is False
    assert state.phase == "question" and state.asker == 1


def test_comparing_with_the_witch_in_the_centre() -> None:
    state = table([4, 2, 5, 1, 3, W], [[3], [2], [1], [5], [0]], mode="basic")
    # seat 3 inspected the centre Witch: bewitched; seat 0 asks seat 1 about seat 2.
    GAME.apply(state, 0, ask_gt(1, 1, 2))
    assert GAME.legal_actions(state, 1) == [{"type": "answer", "answer": False}]  # 2 > 5
    GAME.apply(state, 1, {"type": "answer", "answer": False})
    GAME.apply(state, 1, ask_gt(3, 3, 5))  # seat 3: "are you greater than the centre?"
    assert len(GAME.legal_actions(state, 3)) == 2  # seat 3 is bewitched


def test_answers_look_alike_from_either_side() -> None:
    """A Knight's and the Witch's answers share the window, the default and the shape."""
    seen = []
    for answerer in (1, 4):  # seat 1 is a Knight, seat 4 holds the Witch
        state = question_table()
        GAME.apply(state, 0, ask_in(answerer, answerer, [1]))
        deadline = GAME.deadline(state)
        assert deadline is not None and deadline.ends_early
        assert GAME.to_act(state) == [answerer]
        events = GAME.apply(state, answerer, {"type": "answer", "answer": False})
        seen.append((deadline.seconds, deadline.key, [(e.data["type"], sorted(e.data),
                                                       e.audience) for e in events]))
    assert seen[0] == seen[1]


def test_nobody_else_learns_who_is_bewitched() -> None:
    state = table([4, 2, 5, 1, W, 3], [[3], [4], [1], [0], [5]])  # seat 1 saw the Witch
    assert GAME.view(state, 1)["you"]["witch_side"] == [1, 4]
    assert GAME.view(state, 4)["you"]["witch_side"] == [1, 4]
    for seat in (0, 2, 3, None):
        view = GAME.view(state, seat)
        assert view["values"][4] is None
        if seat is None:
            assert "bewitched" not in str(view) and "witch_side" not in str(view)
        else:
            assert view["you"]["side"] == "knights" and view["you"]["witch_side"] is None
            assert view["you"]["bewitched"] is False


@pytest.mark.parametrize("n", [3, 4, 8])
def test_a_table_offers_and_defaults_to_the_modes_its_size_allows(n: int) -> None:
    spec = next(s for s in GAME.options if s.name == "mode")
    allowed = spec.describe(n)["choices"]
    for mode in ("basic", "dark", "advanced", "coop"):
        fits = True
        try:
            GAME.check_options(n, {"mode": mode})
        except OptionError:
            fits = False
        assert (mode in allowed) == fits
    assert GAME.check_options(n, {})["mode"] == ("dark" if n == 3 else "basic")
