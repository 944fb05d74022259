"""Cheese Thief, RULES.md §1: one test (or a few) per rule clause and [decided] item."""

from __future__ import annotations

from collections import Counter

import pytest

from core.errors import OptionError
from tests.cheese_rig import GAME, rig, run_night, to_day, vote

# -- setup ---------------------------------------------------------------------


@pytest.mark.parametrize("n", range(4, 9))
def test_roles_are_one_thief_and_sleepyheads(n: int) -> None:
    for seed in range(20):
        state, _ = GAME.new_game(n, {}, seed)
        assert Counter(state.roles) == {"thief": 1, "sleepyhead": n - 1}


@pytest.mark.parametrize("n", [6, 7, 8])
def test_fall_mouse_replaces_one_sleepyhead(n: int) -> None:
    state, _ = GAME.new_game(n, {"fall_mouse": True}, 3)
    assert Counter(state.roles) == {"thief": 1, "fall_mouse": 1, "sleepyhead": n - 2}


@pytest.mark.parametrize("n", [4, 5])
def test_fall_mouse_refused_below_six(n: int) -> None:
    with pytest.raises(OptionError) as err:
        GAME.check_options(n, {"fall_mouse": "true"})
    assert err.value.code == "option_not_applicable"


def test_peek_at_four_refused_above_four() -> None:
    with pytest.raises(OptionError):
        GAME.check_options(5, {"peek_at_four": True})


@pytest.mark.parametrize("n", range(4, 9))
def test_dice_per_seat_and_their_range(n: int) -> None:
    state, _ = GAME.new_game(n, {}, 11)
    for dice in state.dice:
        assert len(dice) == (2 if n == 4 else 1)
        assert all(1 <= d <= 6 for d in dice)


def test_seat_sees_own_role_and_dice_only() -> None:
    state, _ = GAME.new_game(6, {}, 5)
    for seat in range(6):
        view = GAME.view(state, seat)
        assert view["you"]["role"] == state.roles[seat]
        assert view["you"]["dice"] == state.dice[seat]
        assert "roles" not in view and "dice" not in view
    assert "you" not in GAME.view(state, None)


# -- 4 players: dice choice ----------------------------------------------------------


def test_four_players_sleepyheads_choose_a_die_before_the_night() -> None:
    state, _ = rig("TSSS", [(1, 2), (3, 5), (4, 4), (2, 6)])
    assert state.phase == "choose_die"
    assert GAME.legal_actions(state, 0) == []
    assert GAME.to_act(state) == [1, 2, 3]
    GAME.apply(state, 1, {"type": "choose_die", "die": 1})
    assert state.wake[1] == [5]
    assert GAME.view(state, 1)["you"]["wake_hours"] == [5]
    GAME.apply(state, 2, {"type": "choose_die", "die": 0})
    GAME.apply(state, 3, {"type": "choose_die", "die": 0})
    assert GAME.to_act(state) == []
    assert state.phase == "choose_die", "the night waits for the window's end"
    GAME.expire(state)
    assert state.phase == "night" and state.hour == 1


def test_four_players_the_dice_window_ends_on_time_whoever_chose() -> None:
    """The Thief has no die to choose: a window that closed once everyone else had
    chosen would show the table who never needed to."""
    state, _ = rig("TSSS", [(1, 2), (3, 5), (4, 4), (2, 6)])
    deadline = GAME.deadline(state)
    assert deadline is not None and deadline.ends_early is False
    for seat in (1, 2, 3):
        GAME.apply(state, seat, {"type": "choose_die", "die": 0})
    assert GAME.deadline(state) == deadline


def test_four_players_unchosen_die_defaults_to_the_first() -> None:
    state, _ = rig("TSSS", [(1, 2), (3, 5), (4, 4), (6, 2)])
    GAME.expire(state)
    assert state.wake[1:] == [[3], [4], [6]]


def test_four_players_thief_wakes_at_both_hours_once_if_equal() -> None:
    state, _ = rig("STSS", [(1, 2), (3, 5), (4, 4), (2, 6)])
    assert state.wake[1] == [3, 5]
    state, _ = rig("STSS", [(1, 2), (4, 4), (3, 3), (2, 6)])
    assert state.wake[1] == [4]


def test_four_players_thief_may_wait_and_takes_at_the_later_hour_by_default() -> None:
    state, _ = rig("STSS", [(1, 1), (2, 5), (6, 6), (6, 6)])
    GAME.expire(state)
    GAME.expire(state)  # hour 1 -> hour 2
    assert state.hour == 2
    assert {"type": "pass"} in GAME.legal_actions(state, 1)
    GAME.apply(state, 1, {"type": "pass"})
    GAME.expire(state)
    assert not state.cheese_taken
    while state.hour < 5:
        GAME.expire(state)
    assert GAME.legal_actions(state, 1) == [{"type": "take"}], "the last hour: must take"
    GAME.expire(state)
    assert state.cheese_taken and state.theft_hour == 5


def test_four_players_no_peeking_by_default() -> None:
    state, _ = rig("TSSS", [(6, 6), (1, 1), (3, 3), (4, 4)])
    GAME.expire(state)
    assert state.hour == 1 and GAME.legal_actions(state, 1) == []


def test_four_players_peek_at_four_peeks_one_of_two_dice() -> None:
    state, _ = rig("TSSS", [(6, 5), (1, 1), (3, 3), (4, 4)], peek_at_four=True)
    GAME.expire(state)
    legal = GAME.legal_actions(state, 1)
    assert {"type": "peek", "target": 0, "die": 1} in legal
    GAME.apply(state, 1, {"type": "peek", "target": 0, "die": 1})
    assert GAME.view(state, 1)["peeks"] == [{"hour": 1, "target": 0, "die": 1, "value": 5}]


def test_four_players_have_no_followers() -> None:
    state, _ = rig("TSSS", [(2, 2), (2, 2), (3, 3), (4, 4)])
    run_night(state, {21: {"type": "take"}})
    assert state.phase == "discussion" and state.followers == []


# -- the night --------------------------------------------------------------------------


def test_awake_players_see_each_other_and_the_cheese() -> None:
    state, _ = rig("SSTSS", [2, 2, 4, 4, 6])
    run_night(state)
    v0, v3, v4 = (GAME.view(state, s) for s in (0, 3, 4))
    assert v0["nights"] == [{"hour": 2, "awake": [0, 1], "cheese": "present", "thief": None}]
    assert v3["nights"] == [{"hour": 4, "awake": [2, 3], "cheese": "taken", "thief": 2}]
    assert v4["nights"] == [{"hour": 6, "awake": [4], "cheese": "gone", "thief": None}]
    assert v3["thief"] == 2 and v0["thief"] is None and v4["thief"] is None


def test_sleeping_player_sees_only_the_hours() -> None:
    state, _ = rig("SSTSS", [2, 2, 4, 4, 6])
    before = GAME.view(state, 4)
    GAME.expire(state)
    after = GAME.view(state, 4)
    assert after["nights"] == [] and after["hour"] == 2 and before["hour"] == 1


def test_thief_must_take_and_is_forced_when_the_hour_closes() -> None:
    state, _ = rig("TSSSS", [3, 1, 2, 4, 5])
    run_night(state)
    assert state.cheese_taken and state.theft_hour == 3


def test_thief_alone_still_takes_and_never_peeks() -> None:
    state, _ = rig("TSSSS", [3, 1, 2, 4, 5])
    GAME.expire(state)
    GAME.expire(state)
    assert GAME.legal_actions(state, 0) == [{"type": "take"}]


def test_lone_sleepyhead_may_peek_once() -> None:
    state, _ = rig("TSSSS", [3, 1, 2, 4, 5])
    legal = GAME.legal_actions(state, 1)
    assert {"type": "peek", "target": 0} in legal and {"type": "pass"} in legal
    assert {"type": "peek", "target": 1} not in legal
    GAME.apply(state, 1, {"type": "peek", "target": 0})
    assert GAME.view(state, 1)["peeks"][0]["value"] == 3
    assert GAME.legal_actions(state, 1) == []


def test_sleepyhead_awake_with_others_does_nothing() -> None:
    state, _ = rig("TSSSS", [3, 1, 1, 4, 5])
    assert GAME.legal_actions(state, 1) == [] and GAME.legal_actions(state, 2) == []


def test_fall_mouse_peeks_like_a_sleepyhead() -> None:
    state, _ = rig("TFSSSS", [3, 1, 2, 4, 5, 6], fall_mouse=True)
    assert {"type": "peek", "target": 0} in GAME.legal_actions(state, 1)


def test_peek_not_made_is_forfeited() -> None:
    state, _ = rig("TSSSS", [3, 1, 2, 4, 5])
    GAME.expire(state)
    assert state.hour == 2 and GAME.view(state, 1)["peeks"] == []
    assert GAME.legal_actions(state, 1) == []


def test_players_never_act_outside_their_hour() -> None:
    state, _ = rig("TSSSS", [3, 1, 2, 4, 5])
    assert GAME.legal_actions(state, 0) == [] and GAME.legal_actions(state, 3) == []


def test_every_hour_is_timed_and_never_ends_early() -> None:
    state, _ = rig("TSSSS", [3, 1, 2, 4, 5], hour_seconds=7)
    for hour in range(1, 7):
        deadline = GAME.deadline(state)
        assert deadline is not None
        assert (deadline.key, deadline.seconds, deadline.ends_early) == (f"hour{hour}", 7.0, False)
        for seat in GAME.to_act(state):
            GAME.apply(state, seat, GAME.legal_actions(state, seat)[0])
        assert state.hour == hour, "acting does not shorten the hour"
        GAME.expire(state)


def test_hour_events_are_public_and_wake_events_private() -> None:
    state, events = rig("TSSSS", [1, 1, 2, 4, 5])
    assert [e.data["type"] for e in events] == ["hour", "wake"]
    assert events[0].audience is None and events[1].audience == frozenset({0, 1})
    theft = GAME.apply(state, 0, {"type": "take"})
    assert theft[0].audience == frozenset({0, 1}) and theft[0].data["thief"] == 0


# -- followers ------------------------------------------------------------------------------


def test_five_players_single_witness_becomes_the_follower() -> None:
    state, _ = rig("TSSSS", [2, 2, 3, 4, 5])
    run_night(state)
    assert state.phase == "followers" and state.followers == [1]
    view = GAME.view(state, 1)
    assert view["you"]["follower"] and view["thief"] == 0
    assert GAME.view(state, 0)["followers"] == [1]


def test_five_players_thief_points_at_one_of_several_witnesses() -> None:
    state, _ = rig("TSSSS", [2, 2, 2, 4, 5])
    run_night(state)
    legal = GAME.legal_actions(state, 0)
    assert legal == [{"type": "followers", "targets": [1]}, {"type": "followers", "targets": [2]}]
    GAME.apply(state, 0, {"type": "followers", "targets": [2]})
    assert state.followers == [2]
    assert not GAME.view(state, 1)["you"]["follower"] and GAME.view(state, 1)["thief"] == 0


def test_five_players_no_witness_no_follower() -> None:
    state, _ = rig("TSSSS", [2, 1, 3, 4, 5])
    run_night(state)
    GAME.expire(state)
    assert state.followers == [] and state.phase == "discussion"


def test_follower_step_is_timed_even_with_nothing_to_choose() -> None:
    state, _ = rig("TSSSS", [2, 1, 3, 4, 5], follower_seconds=4)
    run_night(state)
    deadline = GAME.deadline(state)
    assert deadline is not None and (deadline.seconds, deadline.ends_early) == (4.0, False)


def test_six_players_thief_chooses_any_other_player() -> None:
    state, _ = rig("TSSSSS", [1, 2, 3, 4, 5, 6])
    run_night(state)
    legal = GAME.legal_actions(state, 0)
    assert [a["targets"] for a in legal] == [[1], [2], [3], [4], [5]]
    events = GAME.apply(state, 0, {"type": "followers", "targets": [4]})
    assert {e.audience for e in events} == {frozenset({0}), frozenset({4})}
    assert GAME.view(state, 4)["thief"] == 0 and GAME.view(state, 4)["you"]["follower"]
    assert GAME.view(state, 3)["thief"] is None and GAME.view(state, 3)["followers"] == []


def test_seven_players_followers_know_each_other_not_the_thief() -> None:
    state, _ = rig("TSSSSSS", [1, 2, 3, 4, 5, 6, 6])
    run_night(state)
    assert len(GAME.legal_actions(state, 0)) == 15
    GAME.apply(state, 0, {"type": "followers", "targets": [2, 5]})
    for f in (2, 5):
        view = GAME.view(state, f)
        assert view["followers"] == [2, 5] and view["thief"] is None
    assert GAME.view(state, 0)["followers"] == [2, 5]


def test_eight_players_all_three_know_each_other() -> None:
    state, _ = rig("TSSSSSSS", [1, 2, 3, 4, 5, 6, 6, 6])
    run_night(state)
    assert len(GAME.legal_actions(state, 0)) == 21
    GAME.apply(state, 0, {"type": "followers", "targets": [1, 7]})
    for f in (1, 7):
        assert GAME.view(state, f)["followers"] == [1, 7] and GAME.view(state, f)["thief"] == 0


def test_follower_not_chosen_is_chosen_at_random() -> None:
    chosen = set()
    for seed in range(30):
        state, _ = GAME.new_game(6, {}, seed)
        run_night(state)
        GAME.expire(state)
        assert len(state.followers) == 1 and state.thief not in state.followers
        chosen.add(state.followers[0] - state.thief)
    assert len(chosen) > 2


def test_follower_refuses_the_thief_itself_or_a_wrong_count() -> None:
    state, _ = rig("TSSSSSSS", [1, 2, 3, 4, 5, 6, 6, 6])
    run_night(state)
    for bad in ([0, 1], [1], [1, 2, 3]):
        with pytest.raises(Exception) as err:
            GAME.apply(state, 0, {"type": "followers", "targets": bad})
        assert getattr(err.value, "code", None) == "illegal"


# -- the day --------------------------------------------------------------------------------


def test_discussion_ends_early_when_everyone_is_ready_and_chat_is_open() -> None:
    state, _ = rig("TSSS", [(1, 1), (2, 2), (3, 3), (4, 4)], discussion_seconds=30)
    run_night(state, {10: {"type": "take"}})
    assert state.phase == "discussion" and GAME.chat_open(state)
    deadline = GAME.deadline(state)
    assert deadline is not None and (deadline.seconds, deadline.ends_early) == (30.0, True)
    events = GAME.apply(state, 1, {"type": "chat", "text": " it was 3! "})
    assert events[0].data == {"type": "chat", "seat": 1, "text": "it was 3!"}
    for seat in range(4):
        GAME.apply(state, seat, {"type": "ready"})
    assert state.phase == "vote" and not GAME.chat_open(state)


def test_discussion_timer_passes_into_the_vote() -> None:
    state, _ = GAME.new_game(5, {}, 2)
    to_day(state)
    assert state.phase == "vote"


def test_no_self_votes() -> None:
    state, _ = GAME.new_game(5, {}, 2)
    to_day(state)
    assert {"type": "vote", "target": 3} not in GAME.legal_actions(state, 3)
    with pytest.raises(Exception) as err:
        GAME.apply(state, 3, {"type": "vote", "target": 3})
    assert "yourself" in str(err.value)


def test_votes_hidden_until_all_are_in() -> None:
    state, _ = GAME.new_game(5, {}, 2)
    to_day(state)
    GAME.apply(state, 0, {"type": "vote", "target": 1})
    other = GAME.view(state, 2)
    assert other["votes"] is None and other["voted"] == [True, False, False, False, False]
    assert GAME.view(state, 0)["you"]["vote"] == 1
    assert GAME.view(state, 2)["you"]["vote"] is None


def test_vote_not_cast_is_an_abstention() -> None:
    state, _ = rig("TSSSS", [1, 2, 3, 4, 5])
    vote(state, [1, 0, 0, None, None])
    assert state.phase == "over" and state.votes == [1, 0, 0, None, None]
    assert state.result is not None and state.result.sides == ("sleepyheads",)


def test_top_voted_reveal_their_roles_all_of_them_on_a_tie() -> None:
    state, _ = rig("TSSSS", [1, 2, 3, 4, 5])
    vote(state, [1, 0, 1, 0, 3])
    view = GAME.view(state, 4)
    assert view["revealed"] == ["thief", "sleepyhead", None, None, None]
    assert view["votes"] == [1, 0, 1, 0, 3] and view["result"]["top"] == [0, 1]


# -- winning --------------------------------------------------------------------------------


def test_thief_among_top_voted_sleepyheads_win_followers_lose() -> None:
    state, _ = rig("TSSSS", [2, 2, 3, 4, 5])
    vote(state, [1, 0, 0, 0, 1])
    assert state.followers == [1]
    assert state.result is not None and state.result.winners == (2, 3, 4)
    assert GAME.view(state, 1)["you"]["won"] is False
    assert GAME.view(state, 2)["you"]["won"] is True


def test_thief_tied_is_caught_unless_tie_favours_thief() -> None:
    for option, side in ((False, "sleepyheads"), (True, "thief")):
        state, _ = rig("TSSS", [(1, 1), (2, 2), (3, 3), (4, 4)], tie_favours_thief=option)
        vote(state, [1, 0, 0, 1])
        assert state.result is not None and state.result.sides == (side,)


def test_tie_favours_thief_still_catches_a_sole_top_voted_thief() -> None:
    state, _ = rig("TSSS", [(1, 1), (2, 2), (3, 3), (4, 4)], tie_favours_thief=True)
    vote(state, [1, 0, 0, 0])
    assert state.result is not None and state.result.sides == ("sleepyheads",)


def test_thief_escapes_the_thief_and_followers_win() -> None:
    state, _ = rig("TSSSSS", [1, 2, 3, 4, 5, 6])
    run_night(state)
    GAME.apply(state, 0, {"type": "followers", "targets": [5]})
    vote(state, [3, 3, 3, 1, 3, 3])
    assert state.result is not None and state.result.winners == (0, 5)
    assert state.result.sides == ("thief",)


def test_fall_mouse_top_voted_wins_alone_even_beside_the_thief() -> None:
    state, _ = rig("TFSSSS", [1, 2, 3, 4, 5, 6], fall_mouse=True)
    vote(state, [1, 0, 0, 1, 1, 0])
    assert state.result is not None and state.result.winners == (1,)
    assert state.result.sides == ("fall_mouse",)


def test_fall_mouse_follower_keeps_its_own_win_condition() -> None:
    state, _ = rig("TFSSSS", [1, 2, 3, 4, 5, 6], fall_mouse=True)
    run_night(state)
    GAME.apply(state, 0, {"type": "followers", "targets": [1]})
    assert GAME.view(state, 1)["thief"] == 0
    vote(state, [2, 2, 3, 2, 2, 2])
    assert state.result is not None and state.result.winners == (0,), "escaped; mouse loses"


def test_fall_mouse_loses_when_the_thief_is_caught() -> None:
    state, _ = rig("TFSSSS", [1, 2, 3, 4, 5, 6], fall_mouse=True)
    vote(state, [2, 0, 0, 0, 0, 0])
    assert state.result is not None and 1 not in state.result.winners
    assert state.result.winners == (2, 3, 4, 5)


def test_no_votes_at_all_lets_the_thief_escape() -> None:
    state, _ = rig("TSSSS", [1, 2, 3, 4, 5])
    vote(state, [None] * 5)
    assert state.result is not None and state.result.sides == ("thief",) and state.top == []


def test_outcome_is_public_only_as_far_as_the_rules_reveal() -> None:
    state, _ = rig("TSSSSS", [1, 2, 3, 4, 5, 6])
    vote(state, [3, 3, 3, 1, 3, 3])
    spectator = GAME.view(state, None)
    assert spectator["result"] == {"side": "thief", "top": [3]}
    assert spectator["revealed"] == [None, None, None, "sleepyhead", None, None]
