"""Sly Knight Robbery bot levels: registered, finish games, blind to what they cannot see,
and the hard bot's search makes the plays a good player makes."""

from __future__ import annotations

from typing import Any

import msgpack
import pytest

from core.games.sly_knights.sample import Sampler, seen_cards
from core.games.sly_knights.state import CARDS, OVER, SlyKnightsState
from core.play import play, seat_bots
from core.registry import BOTS, make_bot
from core.rng import Rng
from tests.test_sly_knights_rules import GAME, choose, rig, target
from tests.test_sly_knights_rules import play as lay

LEVELS = ["random", "simple", "easy", "normal", "hard"]


def test_every_level_is_registered() -> None:
    assert list(BOTS["sly_knights"]) == [*LEVELS, "ismcts"]
    for level in LEVELS:
        assert make_bot("sly_knights", level, 0, 1).level == level


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("pig_and_pig", [False, True])
def test_every_level_finishes_games(players: int, pig_and_pig: bool) -> None:
    """Every level in every seat, rotating, at every table size, with and without Pig & Pig."""
    for shift in range(len(LEVELS)):
        seats = [LEVELS[(shift + s) % len(LEVELS)] for s in range(players)]
        seed = 100 * players + shift + 7 * pig_and_pig
        options = {"pig_and_pig": pig_and_pig}
        record = play(GAME, players, options, seed, seat_bots("sly_knights", seats, seed))
        assert record.error is None, record.error
        assert record.outcome is not None and record.outcome.winners


# -- blind to hidden cards --------------------------------------------------------------


def _pair(seed: int, n: int, p: int, pig_and_pig: bool) -> list[SlyKnightsState]:
    """Two deals p cannot tell apart: in the second, every other seat's hand has a card
    swapped with its pile, its spare with another pile card, and p's own spare with a
    round-3 card of p."""
    pair = []
    for swap in (False, True):
        state = GAME.deal(n, GAME.check_options(n, {"pig_and_pig": pig_and_pig}), seed)
        GAME.start(state)
        if swap:
            rng = Rng(seed)
            for q in range(n):
                pile, spare = state.piles[q], state.spares[q]
                assert spare is not None
                if q == p:
                    k = rng.below(5)  # pile[0:5] is drawn in round 3
                    state.spares[q], pile[k] = pile[k], spare
                    continue
                hand = state.hands[q]
                h = rng.below(len(hand))
                if hand[h] == 0:
                    h = len(hand) - 1
                k = rng.below(len(pile))
                hand[h], pile[k] = pile[k], hand[h]
                hand.sort()
                k = rng.below(len(pile))
                state.spares[q], pile[k] = pile[k], spare
        pair.append(state)
    return pair


def _same_decisions(seed: int, n: int, p: int, pig_and_pig: bool, levels: list[str]) -> int:
    """Drive both deals alike; whenever p's views are byte-identical, every level must
    decide alike in both. Returns how many of p's decisions were compared."""
    a, b = _pair(seed, n, p, pig_and_pig)
    drivers = seat_bots("sly_knights", ["normal"] * n, seed)
    compared = 0
    while a.phase != OVER:
        seat = GAME.to_act(a)[0]
        assert GAME.to_act(b)[0] == seat
        view_a, view_b = GAME.view(a, seat), GAME.view(b, seat)
        legal_a = GAME.legal_actions(a, seat)
        if seat == p:
            if msgpack.packb(view_a) != msgpack.packb(view_b):
                break
            assert GAME.legal_actions(b, seat) == legal_a
            for level in levels:
                bot_a = make_bot("sly_knights", level, p, seed)
                bot_b = make_bot("sly_knights", level, p, seed)
                assert bot_a.act(view_a, legal_a) == bot_b.act(view_b, legal_a), level
            compared += 1
        legal_b = GAME.legal_actions(b, seat)
        common = [x for x in legal_a if x in legal_b and x["type"] != "draw_spare"]
        if not common:
            break
        action = drivers[seat].act(view_a, legal_a)
        if action not in common:
            action = common[0]
        GAME.apply(a, seat, action)
        GAME.apply(b, seat, action)
    return compared


@pytest.mark.parametrize("players", [2, 3, 4])
def test_bots_decide_alike_on_identical_views(players: int) -> None:
    compared = 0
    for k in range(3):
        seed = 31 * players + k
        compared += _same_decisions(seed, players, k % players, k == 1, LEVELS)
    assert compared >= 3


def test_the_hidden_cards_really_differ_between_the_pair() -> None:
    a, b = _pair(5, 3, 0, False)
    assert a.hands[0] == b.hands[0]
    assert a.hands[1] != b.hands[1] and a.hands[2] != b.hands[2]
    assert a.spares != b.spares


# -- sampling ---------------------------------------------------------------------------


def test_samples_fit_the_view() -> None:
    """Each sample gives every seat its hand size and keeps every seen card out of
    hiding; the sampling seat's own hand is its own."""
    state, _ = rig([[16, 15, 6, 3, 1], [16, 14, 10, 2, 5], [13, 12, 11, 9, 8]])
    choose(state, [[16, 15], [16, 14], [13, 12]])
    lay(state, 0, 1, target(state, 0, 15))
    view = GAME.view(state, 1)
    seen = seen_cards(view)
    sampler = Sampler(view)
    rng = Rng(3)
    for _ in range(50):
        world = sampler.sample(rng)
        assert world.hands[1] == state.hands[1]
        for seat in (0, 2):
            assert len(world.hands[seat]) == len(state.hands[seat])
            assert not set(world.hands[seat]) & seen[seat]
            assert world.spares[seat] in CARDS and world.spares[seat] not in world.hands[seat]


def test_seats_that_passed_hold_only_cards_too_big() -> None:
    """Seat 1 passed with nothing fitting the rooms left: samples give it only bigger cards."""
    state, _ = rig([[2, 3, 1, 5, 9], [1, 2, 13, 14, 15], [3, 4, 1, 2, 7]])
    choose(state, [[2, 3], [1, 2], [3, 4]])
    assert state.turn == 2
    lay(state, 2, 1, target(state, 2, 4))
    lay(state, 0, 1, target(state, 0, 3))
    assert GAME.legal_actions(state, 1) == [{"type": "draw_spare"}, {"type": "pass"}]
    GAME.apply(state, 1, {"type": "pass"})
    view = GAME.view(state, 2)
    assert view["turn"] == 2 and view["passes"] == 1
    room = max(sc["value"] - sc["total"] for sc in view["score_cards"])
    sampler = Sampler(view)
    rng = Rng(1)
    for _ in range(50):
        world = sampler.sample(rng)
        assert len(world.hands[1]) == 3 and min(world.hands[1]) > room


# -- the hard bot's key decisions --------------------------------------------------------


def _hard_turn(state: SlyKnightsState, seat: int) -> dict[str, Any]:
    bot = make_bot("sly_knights", "hard", seat, 11)
    return bot.act(GAME.view(state, seat), GAME.legal_actions(state, seat))


def _opening() -> SlyKnightsState:
    """Seat 0 lays 16+15 and starts; seat 1 lays 16+14 and puts 10 on its own 16."""
    state, _ = rig([[16, 15, 6, 3, 4], [16, 14, 10, 1, 5]])
    choose(state, [[16, 15], [16, 14]])
    assert state.turn == 0
    lay(state, 0, 3, target(state, 0, 15))
    lay(state, 1, 10, target(state, 1, 16))
    return state


def test_hard_closes_a_sixteen_exactly() -> None:
    """A 6 on the other 16 (10 on it) closes it: nobody can take it back."""
    state = _opening()
    assert _hard_turn(state, 0) == {
        "type": "play", "card": 6, "target": target(state, 1, 16), "pig": False,
    }


def test_hard_keeps_its_spare_while_it_can_play() -> None:
    """Drawing the spare during a turn that has a play measured worse than keeping it:
    the hard bot draws it then only when it has no play."""
    decided = 0
    for seed in range(4):
        state, _ = GAME.new_game(3, {}, seed)
        drivers = seat_bots("sly_knights", ["simple"] * 3, seed)
        hard = make_bot("sly_knights", "hard", 0, seed)
        while state.phase != OVER:
            seat = GAME.to_act(state)[0]
            legal = GAME.legal_actions(state, seat)
            view = GAME.view(state, seat)
            spare = {"type": "draw_spare"} in legal
            if seat == 0 and spare and any(a["type"] == "play" for a in legal):
                assert hard.act(view, legal)["type"] == "play"
                decided += 1
            GAME.apply(state, seat, drivers[seat].act(view, legal))
    assert decided >= 10
