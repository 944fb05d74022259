"""The deductive Seven Knights Bewitched bot: its belief, its choices, its strength."""

from __future__ import annotations

from typing import Any

import pytest

from client.commands.sim import simulate
from core.games.knights import Knights
from core.games.knights.deduce import Belief
from core.games.knights.state import WITCH
from core.play import advance, seat_bots

GAME = Knights()


def hand_view(mode: str, values: list[Any], arrows: list[list[int]], log: list[dict[str, Any]],
              recommendations: list[int] | None = None) -> dict[str, Any]:
    return {
        "players": len(arrows),
        "mode": mode,
        "tiles": [{"id": t, "owner": t if t < len(arrows) else None} for t in range(len(values))],
        "values": values,
        "arrows": arrows,
        "log": log,
        "recommendations": recommendations,
    }


def entry(answerer: int, tile: int, answer: bool, values: list[int] | None = None,
          other: int | None = None) -> dict[str, Any]:
    if values is not None:
        return {"asker": 0, "answerer": answerer, "form": "in", "tile": tile, "values": values,
                "answer": answer, "extra": False}
    return {"asker": 0, "answerer": answerer, "form": "greater", "tile": tile, "other": other,
            "answer": answer, "extra": False}


def test_knight_answers_prune_and_the_captain_lines_up_the_only_assignment() -> None:
    # Cooperative, 4 players, tiles 1..5: nobody can lie.
    view = hand_view(
        "coop",
        [1, None, 3, None, None],
        [[2], [0], [1], [4]],
        [entry(0, 1, True, values=[2]), entry(2, 3, True, other=4)],
    )
    belief = Belief(view)
    assert belief.assignments == [(1, 2, 3, 5, 4)]
    assert belief.best_line_up() == [0, 1, 2, 4, 3]


def test_a_possible_liars_answer_only_tilts_the_weights() -> None:
    # Basic, 4 players: tiles W,1..4 over 4 seats + 1 centre. Seat 0 holds 1, saw seat 1 = 2.
    # Seat 2 (which saw seat 0) says its own tile is 3. If seat 2 held the Witch it could
    # lie, so "not 3" survives with less weight; a Knight seat 2 holding 4 would have
    # said no.
    view = hand_view("basic", [1, 2, None, None, None], [[1], [0], [0], [4]],
                     [entry(2, 2, True, values=[3])])
    belief = Belief(view)
    weight: dict[int, float] = {}
    for values, w in zip(belief.assignments, belief.weights, strict=True):
        weight[values[2]] = weight.get(values[2], 0.0) + w
    assert set(weight) == {3, WITCH}
    assert weight[3] > weight[WITCH]
    trust = belief.knight_probability()
    assert trust[0] == 1.0 and 0.0 < trust[2] < 1.0


def test_recommendations_rule_out_assignments() -> None:
    # Seat 3 recommended seat 1 and seat 1 saw seat 3's tile: seat 3 cannot be the Witch
    # (the Witch may not recommend a bewitched player).
    view = hand_view("basic", [1, 2, None, None, None], [[1], [3], [0], [4]], [],
                     recommendations=[0, 1, 2, 1])
    belief = Belief(view)
    assert all(values[3] != WITCH for values in belief.assignments)


@pytest.mark.parametrize(("mode", "n"), [("basic", 8), ("dark", 3), ("advanced", 5), ("coop", 6)])
def test_the_truth_is_always_among_the_bots_assignments(mode: str, n: int) -> None:
    state, _ = GAME.new_game(n, {"mode": mode}, 21)
    bots = seat_bots("knights", ["simple"] * n, 21)
    checked = 0

    def act(seat: int, legal: list[dict[str, Any]]) -> None:
        nonlocal checked
        view = GAME.view(state, seat)
        if state.phase in ("question", "recommend", "line_up"):
            assert tuple(state.tiles) in Belief(view).assignments
            checked += 1
        GAME.apply(state, seat, bots[seat].act(view, legal))

    while GAME.outcome(state) is None:
        advance(GAME, state, act)
    assert checked >= 3 * 2 * n


def test_simple_bots_finish_every_game_and_beat_random_knights() -> None:
    simple = simulate("knights", 5, 30, 4, {}, ["simple"] * 5)
    random = simulate("knights", 5, 30, 4, {}, ["random"] * 5)
    assert simple["errors"] == 0 and random["errors"] == 0
    assert sum(simple["wins_by_side"].values()) == 90
    assert simple["wins_by_side"]["knights"] > random["wins_by_side"]["knights"] + 15
    dark = simulate("knights", 3, 10, 4, {"mode": "dark"}, ["simple"] * 3)
    assert dark["errors"] == 0 and set(dark["wins_by_side"]) == {"knights", "witch", "nobody"}
