"""Seven Knights Bewitched: recommendation, command, line-up, scoring and the next round."""

from __future__ import annotations

import functools
from typing import Any

import pytest

from core.errors import ActionError
from core.games.knights import Knights
from core.games.knights.resolve import (
    choose_captain,
    knights_win,
    line_up_problem,
    next_start,
    round_scores,
    round_side,
)
from core.games.knights.state import WITCH as W
from core.games.knights.state import KnightsState
from tests import rules_rig
from tests.test_knights_rules import table as inspected

GAME = Knights()


def table(
    tiles: list[int], arrows: list[list[int]], mode: str = "basic", start: int = 0, **opts: Any
) -> KnightsState:
    """A round with chosen tiles and inspections, with every question asked by default."""
    state = inspected(tiles, arrows, mode, start, seed=2, **opts)
    while state.phase in ("question", "answer"):
        GAME.expire(state)
    assert state.phase == "recommend"
    return state


def recommend_all(state: KnightsState, targets: list[int]) -> None:
    for seat, target in enumerate(targets):
        GAME.apply(state, seat, {"type": "recommend", "target": target})


def finish_command_question(state: KnightsState) -> None:
    assert state.phase == "command"
    GAME.expire(state)
    assert state.phase == "command_answer"
    GAME.expire(state)


refused = functools.partial(rules_rig.refused, GAME)


# -- the captain ------------------------------------------------------------------


def test_most_recommendations_makes_the_captain() -> None:
    assert choose_captain([2, 2, 2, 0, 1], start=0) == 2


def test_tie_goes_to_the_one_who_did_not_recommend_themselves() -> None:
    # Seats 1 and 3 have two each; seat 1 recommended itself, seat 3 did not. From
    # start player 2, seat 1 is farther clockwise, so the first tie-break decides.
    assert choose_captain([1, 1, 3, 0, 3], start=2) == 3
    assert choose_captain([3, 1, 1, 0, 3], start=2) == 3
    assert choose_captain([3, 1, 1, 0, 3], start=4) == 3


def test_still_tied_goes_farthest_clockwise_from_the_start_player() -> None:
    # Everyone recommends themselves: the seat just before the start player.
    assert choose_captain([0, 1, 2, 3, 4], start=0) == 4
    assert choose_captain([0, 1, 2, 3, 4], start=2) == 1
    # Nobody recommends themselves; seats 0 and 2 tie at two each.
    assert choose_captain([2, 0, 0, 2, 1], start=1) == 0
    assert choose_captain([2, 0, 0, 2, 1], start=3) == 2


def test_recommendations_stay_hidden_until_everyone_has_chosen() -> None:
    state = table([1, 2, 3, 4, 5, W], [[1], [2], [3], [4], [0], [1]])
    recommend_all(state, [1, 1, 1])
    view = GAME.view(state, 4)
    assert view["recommended"] == [True, True, True, False, False, False]
    assert view["recommendations"] is None
    refused(state, 0, {"type": "recommend", "target": 2}, "illegal")
    GAME.apply(state, 3, {"type": "recommend", "target": 1})
    GAME.apply(state, 4, {"type": "recommend", "target": 4})
    GAME.apply(state, 5, {"type": "recommend", "target": 5})
    assert state.captain == 1 and state.phase == "command"
    assert GAME.view(state, 0)["recommendations"] == [1, 1, 1, 1, 4, 5]


def test_the_witch_and_the_bewitched_may_not_recommend_each_other() -> None:
    # Seat 5 holds the Witch; seats 0 and 1 saw it.
    state = table([1, 2, 3, 4, 5, W], [[5], [5], [3], [4], [0], [1]])
    assert state.bewitched == [0, 1]
    assert {a["target"] for a in GAME.legal_actions(state, 5)} == {2, 3, 4, 5}
    assert {a["target"] for a in GAME.legal_actions(state, 0)} == {0, 1, 2, 3, 4}
    assert len(GAME.legal_actions(state, 2)) == 6
    msg = refused(state, 5, {"type": "recommend", "target": 0}, "illegal").message
    assert "Witch may not" in msg
    msg = refused(state, 1, {"type": "recommend", "target": 5}, "illegal").message
    assert "bewitched player may not" in msg
    GAME.apply(state, 0, {"type": "recommend", "target": 1})  # bewitched to bewitched: fine


# -- command ------------------------------------------------------------------------


def test_a_captain_holding_the_witch_loses_at_once() -> None:
    state = table([1, 2, 3, 4, 5, W], [[1], [2], [3], [4], [0], [1]])
    recommend_all(state, [5, 5, 5, 5, 5, 5])
    finish_command_question(state)
    assert state.phase == "review"
    assert state.rounds[0]["how"] == "captain_witch"
    assert state.rounds[0]["side"] == "witch"
    assert state.totals == [0, 0, 0, 0, 0, 3]


def test_a_bewitched_captain_loses_at_once() -> None:
    state = table([1, 2, 3, 4, 5, W], [[5], [2], [3], [4], [0], [1]])
    recommend_all(state, [0, 0, 0, 0, 0, 1])
    finish_command_question(state)
    record = state.rounds[0]
    assert record["how"] == "captain_bewitched"
    assert record["witch_side"] == [0, 5]
    assert state.totals == [3, 0, 0, 0, 0, 3]


def test_the_captain_asks_one_extra_question_then_lines_up() -> None:
    state = table([3, 1, 2, 4, 5, W], [[1], [2], [3], [4], [0], [1]])
    recommend_all(state, [0, 0, 0, 0, 0, 0])
    assert GAME.to_act(state) == [0]
    asks = GAME.legal_actions(state, 0)
    assert asks and all(a["type"] == "ask" for a in asks)
    GAME.apply(state, 0, asks[0])
    assert state.phase == "command_answer"
    GAME.expire(state)
    assert state.log[-1]["extra"] is True
    assert state.phase == "line_up" and GAME.view(state, 3)["captain_tile"] == 3
    refused(state, 1, {"type": "line_up", "order": [1, 2, 0, 3, 4]}, "not_your_turn")
    refused(state, 0, {"type": "line_up", "order": [1, 2, 0]}, "illegal")
    refused(state, 0, {"type": "line_up", "order": [1, 2, 0, 3, 3]}, "illegal")
    refused(state, 0, {"type": "line_up", "order": [1, 2, 0, 3, 9]}, "illegal")
    refused(state, 0, {"type": "line_up", "order": "1,2,0"}, "malformed")
    GAME.apply(state, 0, {"type": "line_up", "order": [1, 2, 0, 3, 4]})
    assert state.rounds[0]["side"] == "knights"
    assert state.totals == [2, 2, 2, 2, 2, 0]


# -- the line-up check ------------------------------------------------------------------


def test_line_up_strictly_ascending_with_the_witch_left_out_wins() -> None:
    values = [3, W, 1, 2]
    assert knights_win([2, 3, 0], values)
    assert not knights_win([3, 2, 0], values)


def test_line_up_including_the_witch_loses() -> None:
    assert not knights_win([2, 3, 0, 1], [3, W, 1, 2])
    assert not knights_win([1, 2, 3, 0], [3, W, 1, 2])


def test_line_up_leaving_out_a_knight_loses() -> None:
    assert not knights_win([2, 3, 0], [3, 7, 1, 2])  # the 7 left out
    assert not knights_win([2, 0], [3, 5, 1])


def test_line_up_with_the_witch_absent_and_every_knight_included_wins() -> None:
    assert knights_win([2, 0, 1], [3, 5, 1])
    assert not knights_win([0, 2, 1], [3, 5, 1])


def test_line_up_shape_problems() -> None:
    assert line_up_problem([0, 1, 2], 4) is None
    assert line_up_problem([0, 1, 2, 3], 4) is None
    assert line_up_problem([0, 1], 4) is not None
    assert line_up_problem([0, 1, 1], 4) is not None
    assert line_up_problem([0, 1, 4], 4) is not None


# -- scores ---------------------------------------------------------------------------


def test_round_scores() -> None:
    assert round_scores("knights", [2, 4], 5, 1, False) == [2, 2, 0, 2, 0]
    assert round_scores("witch", [2, 4], 5, 2, False) == [0, 0, 3, 0, 3]
    assert round_scores("knights", [2], 4, 3, False) == [7, 7, 0, 7]
    assert round_scores("witch", [2], 4, 3, False) == [0, 0, 7, 0]
    assert round_scores("knights", [2], 4, 3, True) == [2, 2, 0, 2]
    assert round_scores("witch", [2], 4, 3, True) == [0, 0, 3, 0]
    assert round_scores("nobody", [], 4, 3, False) == [0, 0, 0, 0]


def test_knights_losing_to_an_empty_witch_side_score_nobody() -> None:
    assert round_side(False, []) == "nobody"
    assert round_side(False, [1]) == "witch"
    assert round_side(True, []) == "knights"
    # Dark mode, the Witch set aside: a wrong line-up scores nobody.
    state = table([1, 2, 3, 4, 5, 6], [[1, 3], [2, 4], [0, 5]], mode="dark")
    recommend_all(state, [1, 1, 1])
    finish_command_question(state)
    GAME.apply(state, 1, {"type": "line_up", "order": [1, 0, 2, 3, 4, 5]})
    assert state.rounds[0]["side"] == "nobody" and state.totals == [0, 0, 0]


def test_dark_mode_witch_absent_full_ascending_line_up_wins() -> None:
    state = table([1, 2, 3, 4, 5, 6], [[1, 3], [2, 4], [0, 5]], mode="dark")
    recommend_all(state, [2, 2, 2])
    finish_command_question(state)
    GAME.apply(state, 2, {"type": "line_up", "order": [0, 1, 2, 3, 4, 5]})
    assert state.rounds[0]["side"] == "knights" and state.totals == [2, 2, 2]


def test_the_next_start_player_holds_the_lowest_knight() -> None:
    assert next_start([4, W, 2, 3, 1], 4) == 2  # the 1 is in the centre
    assert next_start([W, 1, 2, 3], 4) == 1


def test_three_rounds_then_the_highest_total_wins() -> None:
    state, _ = GAME.new_game(4, {"mode": "coop"}, 11)
    sides = []
    while GAME.outcome(state) is None:
        if state.phase == "line_up":
            assert state.captain is not None
            order = sorted(range(len(state.tiles)), key=lambda t: state.tiles[t])
            GAME.apply(state, state.captain, {"type": "line_up", "order": order})
            sides.append(state.rounds[-1]["side"])
            if state.round < 3:
                lowest = next_start(state.tiles, 4)
                GAME.expire(state)
                assert state.start == lowest
        else:
            GAME.expire(state)
    outcome = GAME.outcome(state)
    assert outcome is not None
    assert sides == ["knights"] * 3 and outcome.sides == ("knights",) * 3
    assert outcome.scores == (11, 11, 11, 11)
    assert outcome.winners == (0, 1, 2, 3)
    assert state.phase == "over"
    with pytest.raises(ActionError):
        GAME.apply(state, 0, {"type": "ready"})


def test_fixed_score_makes_round_three_ordinary() -> None:
    state, _ = GAME.new_game(4, {"mode": "coop", "fixed_score": True}, 11)
    while GAME.outcome(state) is None:
        if state.phase == "line_up":
            assert state.captain is not None
            order = sorted(range(len(state.tiles)), key=lambda t: state.tiles[t])
            GAME.apply(state, state.captain, {"type": "line_up", "order": order})
        else:
            GAME.expire(state)
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.scores == (6, 6, 6, 6)
