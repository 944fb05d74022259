"""Choose! played at random with its invariants checked at every step, plus plain data,
bad input, table talk and the bots."""

from __future__ import annotations

import pickle
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core.errors import ActionError
from core.games.choose.rules import Choose
from core.games.choose.state import OVER, ChooseState
from core.play import play, seat_bots
from core.registry import GAMES
from core.rng import Rng, derive_seed
from tests.rules_rig import copied
from tests.slow import examples

GAME: Choose = GAMES["choose"]  # type: ignore[assignment]
DECK_DEAL_PER_HAND = {2: 14, 3: 11, 4: 9, 5: 7}
"""Cards in each hand at the deal: the number of turns each seat takes per round."""
PRIVATE_TYPES = {"dealt", "played", "discarded", "camera_saw", "robo_saw"}


# -- random play with invariants ------------------------------------------------------------


def check_invariants(state: ChooseState) -> None:
    assert state.card_count() == sum(state.deck.values())
    for seat, hand in enumerate(state.hands):
        assert all(state.known[c] >> seat & 1 for c in hand)
    for stack in state.stacks.values():
        assert state.known[stack.top] >> stack.placed_by & 1
        assert all(state.known[c] == state.everyone for c in stack.cards[:-1])
        assert stack.id in state.kitchens[stack.owner]
    assert sorted(sid for k in state.kitchens for sid in k) == sorted(state.stacks)


@settings(max_examples=examples(50), deadline=None)
@given(
    seed=st.integers(0, 2**40),
    n=st.integers(2, 5),
    levels=st.lists(st.sampled_from(["random", "simple"]), min_size=5, max_size=5),
)
def test_random_play_keeps_the_invariants(seed: int, n: int, levels: list[str]) -> None:
    state, _ = GAME.new_game(n, {}, seed)
    bots = seat_bots("choose", levels[:n], seed)
    probe = Rng(seed)
    steps = 0
    while state.phase != OVER:
        check_invariants(state)
        seat = state.turn
        legal = GAME.legal_actions(state, seat)
        assert legal and GAME.to_act(state) == [seat]
        assert all(GAME.legal_actions(state, s) == [] for s in range(n) if s != seat)
        if steps % 9 == 0:
            probe_refusals(state, seat, legal, probe)
        action = bots[seat].act(GAME.view(state, seat), legal)
        if action["type"] == "steal":
            target = state.stacks[action["stack"]]
            assert target.nest is None and target.owner != seat
        in_hands, round_before = sum(len(h) for h in state.hands), state.round
        events = GAME.apply(state, seat, action)
        steps += 1
        if state.round == round_before and state.phase != OVER:
            assert sum(len(h) for h in state.hands) == in_hands - 1
        if steps % 5 == 0 and state.phase != OVER:
            check_views_follow_the_knowledge_record(state)
        for event in events:
            if event.data["type"] in PRIVATE_TYPES:
                assert event.audience is not None and len(event.audience) == 1
                (member,) = event.audience
                if "card" in event.data:
                    assert (
                        state.known[event.data["card"]] >> member & 1 or state.round != round_before
                    )
            else:
                assert event.audience is None
                assert "card" not in event.data and "kind" not in event.data
    assert steps == n * n * DECK_DEAL_PER_HAND[n]
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.sides == ()
    best = max(outcome.scores)
    assert outcome.winners == tuple(s for s in range(n) if outcome.scores[s] == best)
    assert all(score >= 0 for scores in state.round_scores for score in scores)


def check_views_follow_the_knowledge_record(state: ChooseState) -> None:
    """Each viewer is named exactly the top cards its knowledge record holds."""
    for viewer in [*range(state.n), None]:
        view = GAME.view(state, viewer)
        bit = 0 if viewer is None else 1 << viewer
        for owner, kitchen in enumerate(view["kitchens"]):
            assert [m["stack"] for m in kitchen] == state.kitchens[owner]
            for mouse in kitchen:
                stack = state.stacks[mouse["stack"]]
                who = state.known[stack.top]
                visible = bool(who & bit) or who == state.everyone
                assert mouse["top"] == (state.kinds[stack.top] if visible else None)
                assert mouse["stolen"] == len(stack.cards) - 1
        if viewer is not None:
            assert sorted(c["card"] for c in view["hand"]) == sorted(state.hands[viewer])
        assert view["hand_sizes"] == [len(h) for h in state.hands]


def probe_refusals(state: ChooseState, seat: int, legal: list[Any], rng: Rng) -> None:
    """Actions not listed as legal are refused, and leave the state as it was."""
    before = pickle.dumps(state)
    candidates: list[dict[str, Any]] = []
    ids = range(len(state.kinds) + 2)
    stacks = range(state.next_stack + 2)
    for _ in range(12):
        candidates += [
            {"type": "pickup", "card": rng.choice(ids)},
            {"type": "steal", "card": rng.choice(ids), "stack": rng.choice(stacks)},
            {"type": "nest", "stack": rng.choice(stacks)},
            {"type": "camera", "stack": rng.choice(stacks)},
            {"type": "sleepy", "card": rng.choice(ids)},
            {
                "type": "exterminator",
                "stack": rng.choice(stacks),
                "discard": rng.choice(ids),
            },
        ]
    for action in candidates:
        if action in legal:
            continue
        with pytest.raises(ActionError):
            GAME.apply(state, seat, action)
        assert pickle.dumps(state) == before
    other = (seat + 1) % state.n
    with pytest.raises(ActionError):
        GAME.apply(state, other, legal[0])
    assert pickle.dumps(state) == before


def test_every_listed_action_is_accepted() -> None:
    for n in (2, 5):
        state, _ = GAME.new_game(n, {}, derive_seed(3, n))
        bots = seat_bots("choose", ["random"] * n, 3)
        while state.phase != OVER:
            seat = state.turn
            legal = GAME.legal_actions(state, seat)
            for action in legal:
                GAME.apply(copied(state), seat, action)
            GAME.apply(state, seat, bots[seat].act(GAME.view(state, seat), legal))


# -- plain data and bad input -------------------------------------------------------------------


def test_the_result_in_every_view_names_the_winners() -> None:
    state, _ = GAME.new_game(3, {"deck.hungry": "5"}, 12)
    bots = seat_bots("choose", ["simple", "random", "simple"], 12)
    while state.phase != OVER:
        seat = state.turn
        GAME.apply(state, seat, bots[seat].act(GAME.view(state, seat),
                                               GAME.legal_actions(state, seat)))
    assert state.result is not None
    assert GAME.view(state, 0)["result"] == {"winners": list(state.result.winners)}


def mid_game() -> ChooseState:
    state, _ = GAME.new_game(4, {}, 21)
    bots = seat_bots("choose", ["simple"] * 4, 21)
    for _ in range(12):
        seat = state.turn
        GAME.apply(
            state, seat, bots[seat].act(GAME.view(state, seat), GAME.legal_actions(state, seat))
        )
    return state


def bad_actions(state: ChooseState) -> list[tuple[int, Any, str]]:
    seat = state.turn
    other = (seat + 1) % 4
    card = state.hands[seat][0]
    sid = next(iter(state.stacks))
    good = {"type": "sleepy", "card": card}
    return [
        (seat, {"type": "dance"}, "unknown_action"),
        (seat, {"type": "chat", "text": "  "}, "malformed"),
        (seat, {"type": "emote", "emote": "dance"}, "malformed"),
        (seat, {"card": card}, "malformed"),
        (seat, ["sleepy", card], "malformed"),
        (seat, {"type": 3, "card": card}, "malformed"),
        (seat, {"type": "sleepy"}, "malformed"),
        (seat, {"type": "sleepy", "card": card, "extra": 1}, "malformed"),
        (seat, {"type": "sleepy", "card": str(card)}, "malformed"),
        (seat, {"type": "sleepy", "card": True}, "malformed"),
        (seat, {"type": "sleepy", "card": float(card)}, "malformed"),
        (seat, {"type": "steal", "card": card, "stack": None}, "malformed"),
        (seat, {"type": "nest", "stack": [sid]}, "malformed"),
        (seat, {"type": "sleepy", "card": state.hands[other][0]}, "not_in_hand"),
        (seat, {"type": "sleepy", "card": -1}, "not_in_hand"),
        (other, good, "not_your_turn"),
        (4, good, "bad_seat"),
        (-1, good, "bad_seat"),
        (True, good, "bad_seat"),
    ]


def test_bad_actions_raise_one_error_and_change_nothing() -> None:
    state = mid_game()
    before = pickle.dumps(state)
    for seat, action, code in bad_actions(state):
        with pytest.raises(ActionError) as err:
            GAME.apply(state, seat, action)
        assert err.value.code == code, (action, err.value.message)
        assert err.value.message and err.value.message[0].isupper()
        assert pickle.dumps(state) == before


def test_table_talk_is_open_while_the_game_runs() -> None:
    state = mid_game()
    before = pickle.dumps(state)
    other = (state.turn + 1) % 4
    events = GAME.apply(state, other, {"type": "chat", "text": " Choose! Choose! "})
    assert [(e.data, e.audience) for e in events] == [
        ({"type": "chat", "seat": other, "text": "Choose! Choose!"}, None)
    ]
    events = GAME.apply(state, other, {"type": "emote", "emote": "laugh"})
    assert events[0].data == {"type": "emote", "seat": other, "emote": "laugh"}
    assert pickle.dumps(state) == before


def test_no_action_after_the_game_is_over() -> None:
    state, _ = GAME.new_game(2, {}, 8)
    while state.phase != OVER:
        GAME.expire(state)
    before = pickle.dumps(state)
    for action in ({"type": "sleepy", "card": 0}, {"type": "chat", "text": "gg"}):
        with pytest.raises(ActionError) as err:
            GAME.apply(state, 0, action)
        assert err.value.code == "game_over"
    assert pickle.dumps(state) == before
    assert GAME.deadline(state) is None and GAME.expire(state) == []


# -- bots ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_bots_finish_games(n: int) -> None:
    game = GAMES["choose"]
    for index, levels in enumerate((["simple"] * n, ["random"] * n)):
        seed = derive_seed(5, n * 10 + index)
        record = play(game, n, {}, seed, seat_bots("choose", levels, seed))
        assert record.error is None and record.outcome is not None
        assert record.actions == n * n * DECK_DEAL_PER_HAND[n]


def test_the_simple_bot_beats_random_bots() -> None:
    game = GAMES["choose"]
    wins = 0
    for index in range(40):
        seed = derive_seed(9, index)
        bots = seat_bots("choose", ["simple", "random", "random", "random"], seed)
        record = play(game, 4, {}, seed, bots)
        assert record.outcome is not None
        wins += 0 in record.outcome.winners
    assert wins >= 20  # a random seat would win about 10 of 40
