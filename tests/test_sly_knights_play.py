"""Sly Knight Robbery as whole games: replay, plain data, random play with invariants,
the sim command and the simple bot."""

from __future__ import annotations

from collections import Counter
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from client.commands.sim import simulate
from core.game import Event
from core.games.sly_knights.bot import SlyKnightsBot, spare_candidates
from core.games.sly_knights.state import (
    CARDS,
    CHOOSE,
    OVER,
    PIG_AND_PIG,
    PLAY,
    SlyKnightsState,
    worth,
)
from core.play import play, seat_bots
from core.rng import Rng
from tests.slow import examples
from tests.test_sly_knights_rules import GAME, rig, target

Step = tuple[int, dict[str, Any]] | None


def run(
    players: int, seed: int, levels: list[str], options: dict[str, Any] | None = None
) -> tuple[SlyKnightsState, list[Step], list[Event]]:
    """A bot game, recording every step and every event."""
    state, events = GAME.new_game(players, options or {}, seed)
    bots = seat_bots(GAME.id, levels, seed)
    steps: list[Step] = []
    while GAME.outcome(state) is None:
        movers = GAME.to_act(state)
        assert movers, "play never needs the clock"
        seat = movers[0]
        action = bots[seat].act(GAME.view(state, seat), GAME.legal_actions(state, seat))
        events += GAME.apply(state, seat, action)
        steps.append((seat, action))
    return state, steps, events


# -- invariants ------------------------------------------------------------------------------


def check_invariants(state: SlyKnightsState) -> None:
    """Every card of every colour is in exactly one place; no total passes its value;
    pigs are neither made nor lost."""
    n = state.n
    pig_and_pig = bool(state.options["pig_and_pig"])
    for colour in range(n):
        cards = list(state.piles[colour]) + list(state.hands[colour]) + state.penalties[colour]
        spare = state.spares[colour]
        if spare is not None:
            cards.append(spare)
        chosen = state.chosen[colour]
        if state.phase == CHOOSE and chosen is not None:
            cards += chosen
        cards += [sc.value for sc in state.score_cards if sc.owner == colour]
        cards += [p.card for sc in state.score_cards for p in sc.plays if p.seat == colour]
        cards += [c["value"] for taken in state.captured for c in taken if c["owner"] == colour]
        cards += state.set_aside[colour]
        assert sorted(cards) == ([PIG_AND_PIG] if pig_and_pig else []) + list(CARDS)
        assert state.hands[colour] == sorted(state.hands[colour])
        assert len(state.piles[colour]) == 15 - 5 * state.round
    on_table = 0
    for sc in state.score_cards:
        assert sc.total == sum(worth(p.card) + p.pig for p in sc.plays)
        assert sc.total <= sc.value
        assert all(worth(p.card) + p.pig <= sc.value for p in sc.plays)
        assert not any(p.pig and p.seat == sc.owner for p in sc.plays)
        takers = [p.seat for p in sc.plays if p.card != PIG_AND_PIG]
        assert sc.last == (takers[-1] if takers else None)
        on_table += sum(p.pig for p in sc.plays)
    assert sum(state.pigs) + on_table == n and min(state.pigs) >= 0
    if state.round > 1 or state.phase == OVER:
        assert all(PIG_AND_PIG not in hand for hand in state.hands)
    movers = GAME.to_act(state)
    for seat in range(n):
        legal = GAME.legal_actions(state, seat)
        assert bool(legal) == (seat in movers)
        if state.phase == PLAY and seat == state.turn:
            plays = [a for a in legal if a["type"] == "play"]
            assert ({"type": "pass"} in legal) == (not plays)
    assert (state.phase == OVER) == (GAME.outcome(state) is not None)
    assert (GAME.deadline(state) is None) == (state.phase == OVER)
    assert bool(movers) == (state.phase != OVER)
    assert state.phase != PLAY or len(state.score_cards) == 2 * n


@settings(max_examples=examples(60), deadline=None)
@given(
    seed=st.integers(0, 2**40),
    players=st.integers(2, 4),
    pig_and_pig=st.booleans(),
    patience=st.integers(0, 12),
)
def test_random_play_keeps_the_invariants(
    seed: int, players: int, pig_and_pig: bool, patience: int
) -> None:
    """Random legal actions, with the clock running out now and then (``patience``)."""
    state, _ = GAME.new_game(players, {"pig_and_pig": pig_and_pig}, seed)
    rng = Rng(seed)
    check_invariants(state)
    for _ in range(2000):
        if state.phase == OVER:
            break
        if patience and rng.below(patience) == 0:
            GAME.expire(state)
        else:
            seat = rng.choice(GAME.to_act(state))
            GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
        check_invariants(state)
    result = GAME.outcome(state)
    assert result is not None and state.round == 3
    for seat in range(players):
        captured = sum(c["value"] for c in state.captured[seat])
        penalty = sum(worth(c) for c in state.penalties[seat])
        assert result.scores[seat] == captured + 2 * state.pigs[seat] - penalty
    assert set(result.winners) == {
        s for s in range(players) if result.scores[s] == max(result.scores)
    }
    assert sum(len(taken) for taken in state.captured) == 3 * 2 * players


# -- sim and bots ------------------------------------------------------------------------------


def test_sim_runs_clean_with_and_without_pig_and_pig() -> None:
    for raw in ({}, {"pig_and_pig": "true"}):
        report = simulate("sly_knights", 4, 20, 3, raw, ["simple"] * 4)
        assert report["errors"] == 0
        assert report["wins_by_side"] == {}
        assert sum(report["wins_by_seat"]) >= 20
        assert report["options"]["pig_and_pig"] is bool(raw)
    mixed = simulate("sly_knights", 2, 20, 4, {}, ["random", "simple"])
    assert mixed["errors"] == 0


def test_the_simple_bot_beats_random_bots() -> None:
    wins = 0
    for game in range(40):
        levels = ["random"] * 4
        levels[game % 4] = "simple"
        record = play(GAME, 4, {}, 1000 + game, seat_bots(GAME.id, levels, 1000 + game))
        assert record.outcome is not None
        wins += (game % 4) in record.outcome.winners
    assert wins >= 25


def bot_move(state: SlyKnightsState, seat: int) -> dict[str, Any]:
    bot = SlyKnightsBot(seat, 9)
    return bot.act(GAME.view(state, seat), GAME.legal_actions(state, seat))


def test_bot_closes_its_own_high_score_card_exactly() -> None:
    state, _ = rig([[12, 13, 5, 3, 1], [8, 9, 7, 2, 6]])
    GAME.apply(state, 0, {"type": "choose", "cards": [12, 13]})
    GAME.apply(state, 1, {"type": "choose", "cards": [8, 9]})
    GAME.apply(state, 0, {"type": "play", "card": 1, "target": 0, "pig": False})
    GAME.apply(state, 1, {"type": "play", "card": 6, "target": 0, "pig": False})
    # Seat 0's 12 holds 7: its 5 closes it exactly.
    assert bot_move(state, 0) == {"type": "play", "card": 5, "target": 0, "pig": False}


def test_bot_steals_a_nearly_full_card_and_keeps_its_pig_for_a_big_one() -> None:
    state, _ = rig([[1, 2, 3, 10, 4], [14, 16, 11, 12, 13]])
    GAME.apply(state, 0, {"type": "choose", "cards": [1, 2]})
    GAME.apply(state, 1, {"type": "choose", "cards": [14, 16]})
    fourteen = target(state, 1, 14)
    GAME.apply(state, 1, {"type": "play", "card": 11, "target": fourteen, "pig": False})
    # The 14 holds 11: seat 0's 3 closes it, no pig needed.
    assert bot_move(state, 0) == {"type": "play", "card": 3, "target": fourteen, "pig": False}
    assert state.pigs[0] == 1
    state, _ = rig([[1, 2, 3, 6, 9], [14, 16, 12, 11, 13], [4, 5, 7, 8, 10]])
    GAME.apply(state, 0, {"type": "choose", "cards": [1, 2]})
    GAME.apply(state, 1, {"type": "choose", "cards": [14, 16]})
    GAME.apply(state, 2, {"type": "choose", "cards": [4, 5]})
    sixteen, fourteen = target(state, 1, 16), target(state, 1, 14)
    GAME.apply(state, 1, {"type": "play", "card": 12, "target": sixteen, "pig": False})
    GAME.apply(state, 2, {"type": "play", "card": 7, "target": fourteen, "pig": False})
    # The 16 holds 12: a 3 would leave room for a 1 from either opponent; 3 and the pig
    # close it for good, and 16 points are worth the pig.
    assert bot_move(state, 0) == {"type": "play", "card": 3, "target": sixteen, "pig": True}


def test_bot_counts_its_cards_to_know_its_spare() -> None:
    state, _ = rig(
        [[1, 2, 3, 4, 5], [1, 2, 3, 4, 5]],
        later=[list(range(6, 16)), list(range(6, 16))],
        spares=[16, 16],
    )
    assert len(spare_candidates(GAME.view(state, 0))) == 11
    assert bot_move(state, 0)["type"] == "choose"
    while state.round < 3:
        GAME.expire(state)
    view = GAME.view(state, 0)
    assert spare_candidates(view) == [16]
    assert bot_move(state, 0) == {"type": "draw_spare"}


def test_bot_games_use_pigs_and_spares() -> None:
    used: Counter[str] = Counter()
    for seed in range(10):
        _, steps, _ = run(4, seed, ["simple"] * 4)
        for step in steps:
            assert step is not None
            action = step[1]
            used[action["type"]] += 1
            used["pig"] += bool(action.get("pig"))
    assert used["draw_spare"] > 0 and used["pig"] > 0 and used["play"] > 100
