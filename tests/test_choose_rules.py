"""Choose! rule by rule (RULES.md §2): scoring, the deal and every [decided] item, the
first turn, turn order, time and the round cycle, on rigged tables."""

from __future__ import annotations

import pytest

from core.errors import OptionError
from core.games.choose.state import (
    CAMERA,
    DEAL,
    DECK,
    EXTERMINATOR,
    HENCHMAN,
    HUNGRY,
    MICE,
    NEST,
    ORDINARY,
    ROBO,
    WISDOM,
    score_mouse,
)
from tests.test_choose_rig import GAME, card, mouse, of_type, put, refused, table, types

# -- scoring ---------------------------------------------------------------------------


def test_the_four_scoring_examples_of_the_source() -> None:
    assert score_mouse(ORDINARY, True, 2) == 4
    assert score_mouse(HUNGRY, False, 0) == 2
    assert score_mouse(HENCHMAN, True, 2) == -2
    assert score_mouse(ROBO, False, 5) == 0


@pytest.mark.parametrize(
    ("kind", "nested", "stolen", "points"),
    [
        (ORDINARY, False, 3, 0),
        (ORDINARY, True, 0, 2),
        (HUNGRY, True, 3, 5),
        (HENCHMAN, False, 4, 0),
        (ROBO, True, 3, -3),
    ],
)
def test_scoring_table(kind: str, nested: bool, stolen: int, points: int) -> None:
    assert score_mouse(kind, nested, stolen) == points


def test_round_score_sums_the_mice_and_is_floored_at_zero() -> None:
    state = table(["o", "o"])
    put(state, 0, "hho", nested=True)  # ordinary, nested, 2 stolen: 4
    put(state, 0, "ccc", nested=True)  # henchman, nested, 2 stolen: -2
    put(state, 1, "oc", nested=True)  # henchman, nested, 1 stolen: -1
    put(state, 1, "h")  # hungry, no nest, 0 stolen: 2
    put(state, 1, "hoohhhr")  # robo, no nest, 6 stolen: 0
    put(state, 1, "ooc", nested=True)  # -2; seat 1 sums to -1
    GAME.apply(state, 0, {"type": "sleepy", "card": state.hands[0][0]})
    events = GAME.apply(state, 1, {"type": "sleepy", "card": state.hands[1][0]})
    end = of_type(events, "round_end")[0].data
    assert end["raw"] == [2, -1]
    assert end["scores"] == [2, 0]
    assert state.round_scores[-1] == [2, 0]
    flips = {f["stack"]: f for f in end["stacks"]}
    assert flips[0] == {
        "stack": 0,
        "owner": 0,
        "kind": ORDINARY,
        "nested": True,
        "stolen": 2,
        "points": 4,
    }
    assert flips[4]["points"] == 0 and flips[4]["stolen"] == 6


# -- setup -----------------------------------------------------------------------------


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_the_deal_table(n: int) -> None:
    state, events = GAME.new_game(n, {}, 11)
    mice, wisdom = DEAL[n]
    for seat in range(n):
        kinds = [state.kinds[c] for c in state.hands[seat]]
        assert sum(k in MICE for k in kinds) == mice
        assert sum(k in WISDOM for k in kinds) == wisdom
        for c in state.hands[seat]:
            assert state.known[c] == 1 << seat
    assert len(state.discard) == sum(DECK.values()) - n * (mice + wisdom)
    assert all(state.known[c] == 0 for c in state.discard)
    assert state.card_count() == sum(DECK.values())
    assert events[0].data["hand_sizes"] == [mice + wisdom] * n
    dealt = of_type(events, "dealt")
    assert [sorted(e.audience or ()) for e in dealt] == [[s] for s in range(n)]


def test_decided_five_players_get_four_mice_and_three_wisdom() -> None:
    assert DEAL[5] == (4, 3)
    state, _ = GAME.new_game(5, {}, 3)
    assert [len(h) for h in state.hands] == [7] * 5


def test_decided_default_deck_is_20_mice_and_16_wisdom() -> None:
    assert DECK == {
        ORDINARY: 8,
        HUNGRY: 4,
        HENCHMAN: 4,
        ROBO: 4,
        NEST: 8,
        EXTERMINATOR: 4,
        CAMERA: 4,
    }
    # The fewest the deal table needs: mice 16/18/20/20 and wisdom 12/15/16/15 at 2-5.
    assert max(DEAL[n][0] * n for n in DEAL) == 20
    assert max(DEAL[n][1] * n for n in DEAL) == 16


def test_deck_options_override_the_table() -> None:
    options = GAME.check_options(4, {"deck.hungry": "6", "deck.camera": 5})
    assert options["deck.hungry"] == 6 and options["deck.camera"] == 5
    state, _ = GAME.new_game(4, {"deck.hungry": "6"}, 5)
    assert state.kinds.count(HUNGRY) == 6
    assert state.card_count() == sum(DECK.values()) + 2


def test_a_deck_too_small_for_the_deal_is_refused_with_a_sentence() -> None:
    with pytest.raises(OptionError) as err:
        GAME.check_options(5, {"deck.ordinary": 7})
    assert err.value.code == "deck_too_small"
    assert "20 mouse cards" in err.value.message
    with pytest.raises(OptionError) as err:
        GAME.check_options(4, {"deck.nest": 7})
    assert err.value.code == "deck_too_small"
    GAME.check_options(2, {"deck.ordinary": 4})  # 2 players need only 16 mice
    with pytest.raises(OptionError):
        GAME.check_options(4, {"deck.goblin": 2})
    with pytest.raises(OptionError):
        GAME.check_options(6, {})


def test_rounds_rotate_the_start_player_and_there_are_as_many_as_players() -> None:
    state, _ = GAME.new_game(3, {}, 9)
    starts = []
    while state.result is None:
        if state.turns_taken == 0:
            starts.append(state.start_player)
            assert state.turn == state.start_player
        seat = state.turn
        GAME.apply(state, seat, GAME.legal_actions(state, seat)[0])
    first = starts[0]
    assert starts == [first, (first + 1) % 3, (first + 2) % 3]
    assert len(state.round_scores) == 3
    assert list(state.result.scores) == [sum(r[s] for r in state.round_scores) for s in range(3)]


def test_highest_total_wins_and_ties_share() -> None:
    state = table(["o", "o", "o"])
    state.round = 3  # the last round at 3 players
    state.totals = [3, 1, 0]
    put(state, 1, "o", nested=True)  # 2 more for seat 1
    put(state, 2, "ohhhh")  # hungry with 4 stolen: 6 for seat 2
    for seat in range(3):
        events = GAME.apply(state, seat, {"type": "sleepy", "card": state.hands[seat][0]})
    assert state.totals == [3, 3, 6]
    assert state.result is not None and state.result.winners == (2,)
    assert of_type(events, "game_over")[0].data == {
        "type": "game_over",
        "winners": [2],
        "totals": [3, 3, 6],
    }
    assert GAME.to_act(state) == [] and GAME.legal_actions(state, 0) == []
    state = table(["o", "o"])
    state.round = 2
    state.totals = [4, 2]
    put(state, 1, "o", nested=True)
    GAME.apply(state, 0, {"type": "sleepy", "card": state.hands[0][0]})
    GAME.apply(state, 1, {"type": "sleepy", "card": state.hands[1][0]})
    assert state.result is not None and state.result.winners == (0, 1)
    assert state.result.scores == (4, 4)


# -- the first turn and pickup -------------------------------------------------------------


def test_the_first_turn_of_a_round_must_be_a_pickup() -> None:
    state, _ = GAME.new_game(4, {}, 2)
    seat = state.turn
    legal = GAME.legal_actions(state, seat)
    assert types(legal) == {"pickup"}
    assert sorted(a["card"] for a in legal) == sorted(
        c for c in state.hands[seat] if state.kinds[c] in MICE
    )
    wisdom = next(c for c in state.hands[seat] if state.kinds[c] in WISDOM)
    refused(state, seat, {"type": "sleepy", "card": wisdom}, "must_pickup")
    refused(state, seat, {"type": "pickup", "card": wisdom}, "not_a_mouse")
    GAME.apply(state, seat, legal[0])
    assert "sleepy" in types(GAME.legal_actions(state, state.turn))


def test_pickup_puts_a_mouse_in_your_kitchen_known_only_to_you() -> None:
    state = table(["oN", "hE"], first_turn=True)
    ordinary = card(state, 0, ORDINARY)
    events = GAME.apply(state, 0, {"type": "pickup", "card": ordinary})
    assert state.kitchens[0] == [0] and state.stacks[0].cards == [ordinary]
    assert of_type(events, "pickup")[0].audience is None
    assert of_type(events, "pickup")[0].data == {"type": "pickup", "seat": 0, "stack": 0}
    assert of_type(events, "played")[0].audience == frozenset({0})
    assert mouse(state, 0, 0)["top"] == ORDINARY
    assert mouse(state, 1, 0)["top"] is None
    assert mouse(state, None, 0)["top"] is None
    assert state.turn == 1


def test_no_pickup_or_steal_without_a_mouse_card() -> None:
    state = table(["NC", "o"])
    put(state, 1, "h")
    legal = GAME.legal_actions(state, 0)
    assert types(legal) == {"nest", "camera", "sleepy"}
    refused(state, 0, {"type": "pickup", "card": card(state, 0, NEST)}, "not_a_mouse")
    refused(state, 0, {"type": "steal", "card": card(state, 0, NEST), "stack": 0}, "not_a_mouse")


# -- turns and time ----------------------------------------------------------------------------


def test_turns_go_clockwise_and_skip_empty_hands() -> None:
    state = table(["oo", "", "oo"], turn=2)
    assert GAME.to_act(state) == [2]
    GAME.apply(state, 2, GAME.legal_actions(state, 2)[0])
    assert state.turn == 0
    refused(state, 2, {"type": "sleepy", "card": state.hands[2][0]}, "not_your_turn")
    GAME.apply(state, 0, {"type": "sleepy", "card": state.hands[0][0]})
    assert state.turn == 2


def test_expire_dozes_off_and_opens_a_new_deadline() -> None:
    state, _ = GAME.new_game(3, {"turn_seconds": "30"}, 4)
    first = GAME.deadline(state)
    assert first is not None and first.seconds == 30.0 and first.ends_early
    seat = state.turn
    events = GAME.expire(state)
    assert events[0].data["type"] == "pickup" and events[0].data["seat"] == seat
    second = GAME.deadline(state)
    assert second is not None and second.key != first.key
    sizes = [len(h) for h in state.hands]
    events = GAME.expire(state)
    assert events[0].data == {"type": "sleepy", "seat": (seat + 1) % 3}
    assert sum(len(h) for h in state.hands) == sum(sizes) - 1


def test_round_end_deals_the_next_round() -> None:
    state = table(["o", "o"])
    put(state, 0, "o", nested=True)
    GAME.apply(state, 0, {"type": "sleepy", "card": state.hands[0][0]})
    events = GAME.apply(state, 1, {"type": "sleepy", "card": state.hands[1][0]})
    assert [e.data["type"] for e in events][:3] == ["sleepy", "discarded", "round_end"]
    assert of_type(events, "round")[0].data["round"] == 2
    assert state.stacks == {} and state.kitchens == [[], []]
    assert [len(h) for h in state.hands] == [14, 14]
    assert state.turns_taken == 0 and state.turn == state.start_player
    GAME.apply(state, state.turn, GAME.legal_actions(state, state.turn)[0])
    assert state.kitchens[state.start_player] == [1]  # stack ids run on across rounds
    view = GAME.view(state, 1)
    assert view["last_round"]["scores"] == [2, 0]
    assert view["last_round"]["stacks"][0]["kind"] == ORDINARY
