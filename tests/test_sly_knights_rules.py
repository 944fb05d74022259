"""Sly Knight Robbery, rule by rule (RULES.md §4), on rigged deals.

``rig`` stacks each pile so that the hands, later hands and spares are the ones a test
names; everything else goes through the public ``apply``/``expire`` gate.
"""

from __future__ import annotations

import functools
import pickle
from typing import Any

import pytest

from core.errors import OptionError
from core.game import Event
from core.games.sly_knights.rules import SlyKnights
from core.games.sly_knights.state import CARDS, CHOOSE, PLAY, SlyKnightsState
from core.registry import GAMES
from tests import rules_rig

GAME: SlyKnights = GAMES["sly_knights"]  # type: ignore[assignment]


def rig(
    hands: list[list[int]],
    spares: list[int] | None = None,
    later: list[list[int]] | None = None,
    seed: int = 1,
    **options: Any,
) -> tuple[SlyKnightsState, list[Event]]:
    """``hands[s]``: seat s's five cards in round 1; ``later[s]``: its ten cards for
    rounds 2 and 3 (round 2 first); ``spares[s]``: its spare. Unnamed cards fill in."""
    n = len(hands)
    state = GAME.deal(n, GAME.check_options(n, options), seed)
    for seat in range(n):
        named = list(hands[seat]) + (list(later[seat]) if later else [])
        spare = spares[seat] if spares else next(c for c in reversed(CARDS) if c not in named)
        rest = [c for c in CARDS if c not in named and c != spare]
        order = named + rest
        round1, round2, round3 = order[:5], order[5:10], order[10:15]
        assert sorted(order + [spare]) == list(CARDS)
        state.piles[seat] = round3 + round2 + round1
        state.spares[seat] = spare
    return state, GAME.start(state)


def choose(state: SlyKnightsState, picks: list[list[int]]) -> list[Event]:
    events: list[Event] = []
    for seat, cards in enumerate(picks):
        events += GAME.apply(state, seat, {"type": "choose", "cards": cards})
    return events


def target(state: SlyKnightsState, owner: int, value: int) -> int:
    return next(
        i for i, sc in enumerate(state.score_cards) if sc.owner == owner and sc.value == value
    )


def play(state: SlyKnightsState, seat: int, card: int, tgt: int, pig: bool = False) -> list[Event]:
    return GAME.apply(state, seat, {"type": "play", "card": card, "target": tgt, "pig": pig})


refused = functools.partial(rules_rig.refused, GAME)


def two_player_eight() -> SlyKnightsState:
    """Seat 0 lays 8+16 (starts), seat 1 lays 1+2; seat 0 keeps 3,5,9, seat 1 keeps 4,5,8."""
    state, _ = rig([[8, 16, 3, 5, 9], [1, 2, 4, 5, 8]])
    choose(state, [[8, 16], [1, 2]])
    assert state.phase == PLAY and state.turn == 0
    return state


def act(state: SlyKnightsState, seat: int, kind: str) -> list[Event]:
    return GAME.apply(state, seat, {"type": kind})


# -- the limits (the source's example: an 8 takes at most 8 in total) --------------------


def test_an_eight_accepts_at_most_eight_in_total() -> None:
    state = two_player_eight()
    eight = target(state, 0, 8)
    refused(state, 0, {"type": "play", "card": 9, "target": eight, "pig": False}, "over_value")
    play(state, 0, 5, eight)
    play(state, 1, 4, target(state, 0, 16))
    refused(state, 0, {"type": "play", "card": 9, "target": eight, "pig": False}, "over_value")
    play(state, 0, 3, eight)
    sc = state.score_cards[eight]
    assert sc.total == 8 and sc.last == 0
    # Closed: not even a 1 would fit, so nothing on it is listed for anyone.
    assert all(a.get("target") != eight for a in GAME.legal_actions(state, 1))


def test_five_then_four_goes_over_an_eight() -> None:
    state = two_player_eight()
    eight = target(state, 0, 8)
    play(state, 0, 5, eight)
    four = {"type": "play", "card": 4, "target": eight, "pig": False}
    assert four not in GAME.legal_actions(state, 1)
    refused(state, 1, four, "over_total")


def test_a_played_eight_closes_an_eight() -> None:
    state = two_player_eight()
    eight = target(state, 0, 8)
    play(state, 0, 3, target(state, 0, 16))
    play(state, 1, 8, eight)
    assert state.score_cards[eight].total == 8
    assert state.score_cards[eight].last == 1
    refused(state, 0, {"type": "play", "card": 5, "target": eight, "pig": False}, "over_total")


# -- the pig ------------------------------------------------------------------------------


def test_pig_counts_toward_the_value_limit_and_can_close() -> None:
    """7+pig counts 8: it fits an 8 exactly and closes it; 8+pig counts 9 and does not."""
    state, _ = rig([[2, 3, 8, 7, 1], [8, 9, 4, 1, 6]])
    choose(state, [[2, 3], [8, 9]])
    assert state.turn == 1
    play(state, 1, 4, target(state, 1, 9))
    eight = target(state, 1, 8)
    legal = GAME.legal_actions(state, 0)
    assert {"type": "play", "card": 8, "target": eight, "pig": False} in legal
    assert {"type": "play", "card": 8, "target": eight, "pig": True} not in legal
    assert {"type": "play", "card": 7, "target": eight, "pig": True} in legal
    refused(state, 0, {"type": "play", "card": 8, "target": eight, "pig": True}, "over_value")
    play(state, 0, 7, eight, pig=True)
    sc = state.score_cards[eight]
    assert sc.total == 8 and sc.last == 0 and state.pigs == [0, 1]
    play(state, 1, 1, target(state, 0, 3))
    # Seat 0's pig lies on the 8 now: no pig play is listed for it, and one is refused.
    nine = target(state, 1, 9)
    assert {"type": "play", "card": 1, "target": nine, "pig": False} in GAME.legal_actions(state, 0)
    assert not any(a.get("pig") for a in GAME.legal_actions(state, 0))
    refused(state, 0, {"type": "play", "card": 1, "target": nine, "pig": True}, "no_pig")


def test_pig_counts_toward_the_total_limit_and_never_on_own_card() -> None:
    """On a 9 holding 4, a 5 fits but a 5 with a pig (6) goes over the total."""
    state, _ = rig([[2, 3, 5, 7, 1], [8, 9, 4, 6, 10]])
    choose(state, [[2, 3], [8, 9]])
    nine = target(state, 1, 9)
    refused(state, 1, {"type": "play", "card": 4, "target": nine, "pig": True}, "own_score_card")
    assert not any(
        a.get("pig") and state.score_cards[a["target"]].owner == 1
        for a in GAME.legal_actions(state, 1)
    )
    play(state, 1, 4, nine)
    refused(state, 0, {"type": "play", "card": 5, "target": nine, "pig": True}, "over_total")
    assert {"type": "play", "card": 5, "target": nine, "pig": False} in GAME.legal_actions(state, 0)
    assert {"type": "play", "card": 4, "target": nine, "pig": True} not in GAME.legal_actions(
        state, 0
    )


def test_pigs_go_to_the_score_cards_owner_not_its_taker() -> None:
    state, _ = rig([[10, 12, 3, 4, 9], [5, 6, 1, 2, 7]])
    choose(state, [[10, 12], [5, 6]])
    assert state.turn == 0
    play(state, 0, 4, target(state, 1, 6), pig=True)
    play(state, 1, 1, target(state, 0, 12), pig=True)
    assert state.pigs == [0, 0]
    play(state, 0, 3, target(state, 0, 10))
    play(state, 1, 2, target(state, 1, 5))
    play(state, 0, 9, target(state, 0, 12))
    events = play(state, 1, 7, target(state, 0, 10))
    # Every hand is empty: the round is over.
    assert state.round == 2 and state.phase == CHOOSE
    assert state.pigs == [1, 1]
    assert state.captured == [
        [{"owner": 0, "value": 12}, {"owner": 1, "value": 6}],
        [{"owner": 0, "value": 10}, {"owner": 1, "value": 5}],
    ]
    end = next(e.data for e in events if e.data["type"] == "round_end")
    assert [(c["owner"], c["value"], c["taker"], c["pigs"]) for c in end["captures"]] == [
        (0, 10, 1, 0),
        (0, 12, 0, 1),
        (1, 5, 1, 0),
        (1, 6, 0, 1),
    ]


# -- captures, passing and the round end ---------------------------------------------------


def test_captures_with_and_without_plays_and_penalties() -> None:
    state, _ = rig([[10, 12, 3, 4, 9], [5, 6, 1, 2, 7]])
    choose(state, [[10, 12], [5, 6]])
    play(state, 0, 4, target(state, 1, 6))
    play(state, 1, 2, target(state, 1, 6))  # the owner closes its own 6
    play(state, 0, 3, target(state, 0, 10))
    play(state, 1, 7, target(state, 0, 12))
    # Seat 0 holds a 9 that fits nowhere; it may draw its spare or pass, not play.
    assert GAME.legal_actions(state, 0) == [{"type": "draw_spare"}, {"type": "pass"}]
    act(state, 0, "pass")
    play(state, 1, 1, target(state, 0, 12))
    act(state, 0, "pass")
    # Seat 1's hand is empty but its spare is still there: passing is its decision.
    assert GAME.to_act(state) == [1]
    assert GAME.legal_actions(state, 1) == [{"type": "draw_spare"}, {"type": "pass"}]
    events = act(state, 1, "pass")
    assert state.round == 2
    assert state.captured == [
        [{"owner": 0, "value": 10}],
        [{"owner": 0, "value": 12}, {"owner": 1, "value": 5}, {"owner": 1, "value": 6}],
    ]
    assert state.penalties == [[9], []]
    penalty = [e for e in events if e.data["type"] == "penalty"]
    assert [(e.audience, e.data["cards"]) for e in penalty] == [(frozenset({0}), [9])]
    end = next(e for e in events if e.data["type"] == "round_end")
    assert end.audience is None and end.data["penalty_counts"] == [1, 0]
    # Hidden from the other seat and spectators until the game ends; the owner knows.
    assert GAME.view(state, 1)["penalties"] is None
    assert GAME.view(state, None)["penalties"] is None
    assert GAME.view(state, 1)["penalty_counts"] == [1, 0]
    assert GAME.view(state, 0)["you"]["penalties"] == [9]
    # The played cards were set aside, face up.
    assert state.score_cards == [] and state.set_aside == [[3, 4], [1, 2, 7]]
    assert GAME.view(state, None)["set_aside"] == [[3, 4], [1, 2, 7]]


def test_must_play_and_pass_only_without_a_play() -> None:
    state = two_player_eight()
    assert {"type": "pass"} not in GAME.legal_actions(state, 0)
    refused(state, 0, {"type": "pass"}, "must_play")


def test_players_with_nothing_to_decide_are_passed_for() -> None:
    """Seat 1 drew its spare and holds only cards that fit nowhere: its turn passes by
    itself; seat 0, hand empty but spare still there, decides for itself."""
    state, _ = rig([[10, 12, 1, 2, 3], [5, 6, 4, 7, 8]], spares=[16, 9])
    act(state, 1, "draw_spare")
    choose(state, [[10, 12], [5, 6]])
    play(state, 0, 1, target(state, 0, 10))
    play(state, 1, 4, target(state, 0, 10))
    play(state, 0, 2, target(state, 0, 12))
    play(state, 1, 7, target(state, 0, 12))
    events = play(state, 0, 3, target(state, 0, 10))
    # Seat 1 holds 8 and 9; the 10 has room 2, the 12 room 3, the 5 and 6 are too small.
    assert [e.data for e in events] == [
        {"type": "play", "seat": 0, "card": 3, "target": 0, "pig": False, "total": 8},
        {"type": "pass", "seat": 1},
    ]
    assert state.turn == 0 and state.passes == 1
    assert GAME.legal_actions(state, 0) == [{"type": "draw_spare"}, {"type": "pass"}]
    events = act(state, 0, "draw_spare")
    assert [(e.data["type"], e.audience) for e in events] == [
        ("spare_drawn", None),
        ("spare", frozenset({0})),
    ]
    assert state.hands[0] == [16]
    act(state, 0, "pass")
    assert state.round == 2
    assert state.penalties == [[16], [8, 9]]


def test_round_ends_when_every_player_has_passed_in_succession() -> None:
    state, _ = rig([[15, 16, 13, 14, 12], [1, 2, 13, 14, 15]], spares=[3, 4])
    choose(state, [[15, 16], [1, 2]])
    # Seat 0 starts; 13, 14, 12 fit on its own 15 and 16.
    play(state, 0, 14, target(state, 0, 15))
    play(state, 1, 13, target(state, 0, 16))
    # Nothing fits for seat 0 (its 12 and 13 are too big for every room): pass.
    act(state, 0, "pass")
    act(state, 1, "pass")
    assert state.round == 2
    assert state.penalties == [[12, 13], [14, 15]]


# -- the start player ----------------------------------------------------------------------


def test_the_highest_sum_starts_and_play_goes_clockwise() -> None:
    state, _ = rig([[1, 2, 3, 4, 5], [6, 7, 8, 9, 10], [6, 7, 13, 14, 15]])
    events = choose(state, [[1, 2], [9, 10], [6, 7]])
    reveal = next(e for e in events if e.data["type"] == "reveal")
    assert reveal.audience is None
    assert reveal.data["sums"] == [3, 19, 13] and reveal.data["start_player"] == 1
    assert reveal.data["score_cards"] == [[1, 2], [9, 10], [6, 7]]
    assert state.turn == 1
    play(state, 1, 6, target(state, 1, 9))
    assert state.turn == 2


def test_a_tied_sum_is_broken_by_the_seeded_generator() -> None:
    starts = []
    for seed in range(40):
        state, _ = rig([[1, 2, 3, 4, 5], [4, 5, 1, 2, 3], [1, 8, 2, 3, 4]], seed=seed)
        choose(state, [[4, 5], [4, 5], [1, 8]])
        assert state.start_player in (0, 1, 2)
        starts.append(state.start_player)
        again, _ = rig([[1, 2, 3, 4, 5], [4, 5, 1, 2, 3], [1, 8, 2, 3, 4]], seed=seed)
        choose(again, [[4, 5], [4, 5], [1, 8]])
        assert again.start_player == state.start_player
    assert set(starts) == {0, 1, 2}


# -- bad input -----------------------------------------------------------------------------

CHOOSING_REFUSALS: list[tuple[int, Any, str]] = [
    (0, "pass", "malformed"),
    (0, {"cards": [1, 2]}, "malformed"),
    (5, {"type": "choose", "cards": [1, 2]}, "bad_seat"),
    (0, {"type": "steal"}, "unknown_action"),
    (0, {"type": "choose"}, "malformed"),
    (0, {"type": "choose", "cards": [1, 2], "extra": 1}, "malformed"),
    (0, {"type": "choose", "cards": "1,2"}, "malformed"),
    (0, {"type": "choose", "cards": [1, 2, 3]}, "malformed"),
    (0, {"type": "choose", "cards": [1, True]}, "malformed"),
    (0, {"type": "choose", "cards": [1, 1]}, "illegal"),
    (0, {"type": "choose", "cards": [1, 16]}, "not_in_hand"),
    (0, {"type": "draw_spare", "card": 3}, "malformed"),
    (0, {"type": "play", "card": 1, "target": 0, "pig": False}, "wrong_phase"),
    (0, {"type": "pass"}, "wrong_phase"),
    (0, {"type": "chat", "text": "  "}, "malformed"),
]


@pytest.mark.parametrize(("seat", "action", "code"), CHOOSING_REFUSALS)
def test_bad_actions_while_choosing_change_nothing(seat: int, action: Any, code: str) -> None:
    state, _ = rig([[1, 2, 3, 4, 5], [6, 7, 8, 9, 10]])
    refused(state, seat, action, code)


PLAYING_REFUSALS: list[tuple[int, Any, str]] = [
    (1, {"type": "play", "card": 4, "target": 0, "pig": False}, "not_your_turn"),
    (1, {"type": "pass"}, "not_your_turn"),
    (0, {"type": "choose", "cards": [3, 5]}, "wrong_phase"),
    (0, {"type": "play", "card": 5, "target": 0}, "malformed"),
    (0, {"type": "play", "card": "5", "target": 0, "pig": False}, "malformed"),
    (0, {"type": "play", "card": 5, "target": 4, "pig": False}, "malformed"),
    (0, {"type": "play", "card": 5, "target": -1, "pig": False}, "malformed"),
    (0, {"type": "play", "card": 5, "target": 0, "pig": 0}, "malformed"),
    (0, {"type": "play", "card": 17, "target": 0, "pig": False}, "malformed"),
    (0, {"type": "play", "card": 4, "target": 0, "pig": False}, "not_in_hand"),
    (0, {"type": "play", "card": 0, "target": 0, "pig": False}, "not_in_hand"),
    (0, {"type": "play", "card": 9, "target": 0, "pig": False}, "over_value"),
    (0, {"type": "play", "card": 5, "target": 0, "pig": True}, "own_score_card"),
    (0, {"type": "play", "card": 3, "target": 2, "pig": False}, "over_value"),
    (0, {"type": "pass", "why": "no"}, "malformed"),
]


@pytest.mark.parametrize(("seat", "action", "code"), PLAYING_REFUSALS)
def test_bad_actions_during_play_change_nothing(seat: int, action: Any, code: str) -> None:
    state = two_player_eight()
    refused(state, seat, action, code)


def test_options_and_player_counts() -> None:
    assert GAME.check_options(2, {"pig_and_pig": "true"})["pig_and_pig"] is True
    assert GAME.check_options(4, {})["pig_and_pig"] is False
    for players in (1, 5):
        with pytest.raises(OptionError):
            GAME.check_options(players, {})
    with pytest.raises(OptionError):
        GAME.check_options(3, {"pig_and_pig": "maybe"})
    with pytest.raises(OptionError):
        GAME.check_options(3, {"fall_mouse": "true"})
    assert GAME.sides == ()


def test_table_talk_is_open_and_changes_nothing() -> None:
    state = two_player_eight()
    before = pickle.dumps(state)
    events = GAME.apply(state, 1, {"type": "chat", "text": " that 8 is mine "})
    assert [(e.data, e.audience) for e in events] == [
        ({"type": "chat", "seat": 1, "text": "that 8 is mine"}, None)
    ]
    assert pickle.dumps(state) == before
