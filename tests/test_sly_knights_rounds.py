"""Sly Knight Robbery over whole rounds (RULES.md §4): the spare, the game end and its
score, the Pig & Pig expansion and the clock, on rigged deals."""

from __future__ import annotations

from core.game import Event
from core.games.sly_knights.state import OVER, PIG_AND_PIG, PLAY, SlyKnightsState
from tests.test_sly_knights_rules import (
    GAME,
    act,
    choose,
    play,
    refused,
    rig,
    target,
    two_player_eight,
)

# -- the spare -----------------------------------------------------------------------------


def test_the_spare_drawn_while_choosing_gives_two_of_six() -> None:
    state, _ = rig([[1, 2, 3, 4, 5], [6, 7, 8, 9, 10]], spares=[14, 11])
    assert {"type": "draw_spare"} in GAME.legal_actions(state, 0)
    assert GAME.view(state, 0)["you"]["hand"] == [1, 2, 3, 4, 5]
    events = act(state, 0, "draw_spare")
    assert [(e.data, e.audience) for e in events] == [
        ({"type": "spare_drawn", "seat": 0}, None),
        ({"type": "spare", "card": 14}, frozenset({0})),
    ]
    legal = GAME.legal_actions(state, 0)
    assert len(legal) == 15 and all(a["type"] == "choose" for a in legal)
    assert {"type": "choose", "cards": [5, 14]} in legal
    refused(state, 0, {"type": "draw_spare"}, "spare_gone")
    view = GAME.view(state, 1)
    assert view["spare_drawn"] == [True, False] and view["hand_sizes"] == [6, 5]
    assert view["you"]["spare_drawn"] is False
    # Seat 1 chooses first; after that its spare waits for its turn.
    GAME.apply(state, 1, {"type": "choose", "cards": [9, 10]})
    refused(state, 1, {"type": "draw_spare"}, "too_late")
    GAME.apply(state, 0, {"type": "choose", "cards": [14, 5]})
    assert state.chosen == [[5, 14], [9, 10]] and state.turn == 0
    # On a turn, only the player whose turn it is may draw.
    refused(state, 1, {"type": "draw_spare"}, "not_your_turn")


def test_the_spare_drawn_on_a_turn_before_playing() -> None:
    state, _ = rig([[1, 2, 3, 4, 5], [6, 7, 8, 9, 10]], spares=[14, 11])
    choose(state, [[1, 2], [9, 10]])
    assert state.turn == 1
    assert {"type": "draw_spare"} in GAME.legal_actions(state, 1)
    act(state, 1, "draw_spare")
    assert state.turn == 1 and state.hands[1] == [6, 7, 8, 11]
    assert {"type": "draw_spare"} not in GAME.legal_actions(state, 1)
    play(state, 1, 8, target(state, 1, 9))
    assert state.turn == 0


def play_out(state: SlyKnightsState) -> list[Event]:
    """Let every window time out: the default choices until the game ends."""
    events: list[Event] = []
    while state.phase != OVER:
        events += GAME.expire(state)
    return events


def test_a_spare_never_drawn_costs_nothing() -> None:
    state, _ = rig(
        [[1, 2, 3, 4, 5], [1, 2, 3, 4, 5]],
        spares=[16, 16],
        later=[list(range(6, 16)), list(range(6, 16))],
    )
    events = play_out(state)
    assert state.spares == [16, 16]
    assert all(16 not in p for p in state.penalties)
    result = GAME.outcome(state)
    assert result is not None
    for seat in range(2):
        expected = (
            sum(c["value"] for c in state.captured[seat])
            + 2 * state.pigs[seat]
            - sum(state.penalties[seat])
        )
        assert result.scores[seat] == expected
    end, story = events[-2].data, events[-1].data
    assert end["type"] == "game_end" and end["scores"] == list(result.scores)
    assert story["type"] == "story" and story["spares"] == [16, 16]  # turned over at last


def test_final_scores_and_penalties_revealed_at_the_end() -> None:
    state, _ = rig([[10, 12, 3, 4, 9], [5, 6, 1, 2, 7]])
    choose(state, [[10, 12], [5, 6]])
    play(state, 0, 4, target(state, 1, 6), pig=True)
    play(state, 1, 1, target(state, 1, 6))
    play(state, 0, 3, target(state, 0, 10))
    play(state, 1, 7, target(state, 0, 12))
    act(state, 0, "pass")
    play(state, 1, 2, target(state, 0, 12))
    act(state, 0, "pass")
    act(state, 1, "pass")
    assert state.pigs == [0, 2] and state.penalties == [[9], []]
    events = play_out(state)
    result = GAME.outcome(state)
    assert result is not None and result.sides == ()
    captured = [sum(c["value"] for c in state.captured[s]) for s in range(2)]
    penalty = [sum(state.penalties[s]) for s in range(2)]
    scores = [captured[s] + 2 * state.pigs[s] - penalty[s] for s in range(2)]
    assert list(result.scores) == scores
    assert result.winners == tuple(s for s in range(2) if scores[s] == max(scores))
    assert 9 in state.penalties[0]
    end = events[-1]
    assert end.audience is None and end.data["penalties"] == state.penalties
    for seat in (0, 1, None):
        view = GAME.view(state, seat)
        assert view["penalties"] == state.penalties
        assert view["result"]["scores"] == scores
    refused(state, 0, {"type": "pass"}, "game_over")


def test_tied_scores_share_the_win() -> None:
    state, _ = rig(
        [[1, 2, 3, 4, 5], [1, 2, 3, 4, 5]],
        later=[list(range(6, 16)), list(range(6, 16))],
        spares=[16, 16],
    )
    play_out(state)
    result = GAME.outcome(state)
    assert result is not None
    assert result.scores[0] == result.scores[1] and result.winners == (0, 1)


# -- Pig & Pig -----------------------------------------------------------------------------


def test_pig_and_pig_is_in_hand_in_round_one_and_is_no_score_card() -> None:
    state, _ = rig([[1, 2, 3, 4, 5], [6, 7, 8, 9, 10]], pig_and_pig=True)
    assert state.hands == [[0, 1, 2, 3, 4, 5], [0, 6, 7, 8, 9, 10]]
    legal = GAME.legal_actions(state, 0)
    assert len([a for a in legal if a["type"] == "choose"]) == 10
    assert all(PIG_AND_PIG not in a.get("cards", []) for a in legal)
    refused(state, 0, {"type": "choose", "cards": [0, 5]}, "illegal")


def test_pig_and_pig_counts_two_and_never_captures() -> None:
    state, _ = rig([[1, 2, 8, 9, 10], [1, 2, 5, 6, 7]], pig_and_pig=True)
    choose(state, [[9, 10], [1, 2]])
    assert state.turn == 0
    one, two = target(state, 1, 1), target(state, 1, 2)
    refused(state, 0, {"type": "play", "card": 0, "target": one, "pig": False}, "over_value")
    legal = GAME.legal_actions(state, 0)
    assert {"type": "play", "card": 0, "target": two, "pig": False} in legal
    assert {"type": "play", "card": 0, "target": two, "pig": True} not in legal
    play(state, 0, 0, two)  # Pig & Pig alone on the 2: it closes it, it takes nothing
    sc = state.score_cards[two]
    assert sc.total == 2 and sc.last is None
    nine = target(state, 0, 9)
    play(state, 1, 5, nine)
    play(state, 0, 2, nine)
    play(state, 1, 0, nine)  # 5 + 2 + 2 = 9: the last card is Pig & Pig
    assert state.score_cards[nine].total == 9 and state.score_cards[nine].last == 0
    ten = target(state, 0, 10)
    play(state, 0, 1, ten)
    play(state, 1, 7, ten)
    # Seat 0 holds 8 and seat 1 holds 6: the 10 has room 2 and the 1 room 1, so both pass.
    while state.round == 1:
        GAME.expire(state)
    taken = {(c["owner"], c["value"]): s for s in range(2) for c in state.captured[s]}
    assert taken[(1, 2)] == 1  # only Pig & Pig on it: back to its owner
    assert taken[(0, 9)] == 0  # the last card was Pig & Pig: the 2 before it takes it
    assert taken[(0, 10)] == 1


def test_pig_and_pig_left_in_hand_costs_two() -> None:
    state, _ = rig([[2, 3, 1, 14, 15], [1, 5, 2, 3, 4]], pig_and_pig=True)
    choose(state, [[2, 3], [1, 5]])
    assert state.turn == 1
    play(state, 1, 3, target(state, 0, 3))
    play(state, 0, 1, target(state, 0, 2))
    play(state, 1, 4, target(state, 1, 5))
    # Every room is 1 now: Pig & Pig (2) fits nowhere, so both players pass.
    act(state, 0, "pass")
    act(state, 1, "pass")
    assert state.round == 2
    assert state.penalties == [[0, 14, 15], [0, 2]]
    assert all(PIG_AND_PIG not in hand for hand in state.hands)
    first = [sum(2 if c == PIG_AND_PIG else c for c in p) for p in state.penalties]
    assert first == [31, 4]
    play_out(state)
    result = GAME.outcome(state)
    assert result is not None
    for seat in range(2):
        assert result.detail["penalty_points"][seat] == sum(
            2 if c == PIG_AND_PIG else c for c in state.penalties[seat]
        )


# -- time ----------------------------------------------------------------------------------


def test_time_runs_out_while_choosing() -> None:
    state, _ = rig([[9, 2, 3, 4, 5], [6, 7, 8, 1, 10]], pig_and_pig=True)
    deadline = GAME.deadline(state)
    assert deadline is not None and deadline.ends_early and deadline.seconds == 60.0
    GAME.apply(state, 1, {"type": "choose", "cards": [8, 10]})
    events = GAME.expire(state)
    # The late chooser lays its two lowest numbered cards (never Pig & Pig), no spare.
    assert state.chosen == [[2, 3], [8, 10]]
    assert state.spares[0] is not None
    assert [e.data["type"] for e in events][:2] == ["chosen", "reveal"]
    assert state.phase == PLAY and state.turn == 1


def test_time_runs_out_on_a_turn() -> None:
    state = two_player_eight()
    first = GAME.deadline(state)
    assert first is not None and first.ends_early and first.seconds == 30.0
    events = GAME.expire(state)
    # The smallest play, without the pig: seat 0's 3 on the first score card it fits.
    assert events[0].data == {
        "type": "play",
        "seat": 0,
        "card": 3,
        "target": 0,
        "pig": False,
        "total": 3,
    }
    second = GAME.deadline(state)
    assert second is not None and second.key != first.key
    assert state.pigs == [1, 1]
