"""The search bot (level ``ismcts``): offered by every game, it plays whole games at the
smallest and largest table without an illegal move, the same way again for the same
seeds, and wins clearly more than random play where skill shows against random play."""

from __future__ import annotations

from typing import Any

import pytest

from core.bots import Bot, RandomBot
from core.game import Action
from core.ismcts import SIMULATIONS, IsmctsBot, action_key
from core.play import advance, play, seat_bots
from core.registry import BOTS, GAMES, about, get_game, make_bot
from core.rng import derive_seed

TABLES = [(game_id, players) for game_id in sorted(GAMES)
          for players in (about(game_id).min_players, about(game_id).max_players)]


def test_every_game_offers_the_search_level() -> None:
    for game_id in GAMES:
        assert "ismcts" in BOTS[game_id]
        bot = make_bot(game_id, "ismcts", 1, 7)
        assert isinstance(bot, IsmctsBot) and bot.level == "ismcts"
        assert bot.simulations == SIMULATIONS


def searchers(game_id: str, players: int, seed: int, simulations: int) -> list[Bot]:
    """Searchers in the first two seats (made as every table makes its bots), random
    players in the others."""
    bots = seat_bots(game_id, ["ismcts"] * 2 + ["random"] * (players - 2), seed)
    for bot in bots[:2]:
        assert isinstance(bot, IsmctsBot)
        bot.simulations = simulations
    return bots


def moves(game_id: str, players: int, seed: int, bots: list[Bot]) -> tuple[list[Any], Any]:
    """Every move of a game, checked against the legal list it was chosen from."""
    game = get_game(game_id)
    state, _ = game.new_game(players, {}, seed)
    made: list[Any] = []

    def act(seat: int, legal: list[Action]) -> None:
        action = bots[seat].act(game.view(state, seat), legal)
        assert action in legal
        made.append((seat, action_key(action)))
        game.apply(state, seat, action)

    for _ in range(10_000):
        if game.outcome(state) is not None:
            break
        advance(game, state, act)
    return made, game.outcome(state)


@pytest.mark.parametrize("game_id,players", TABLES)
def test_searchers_play_whole_games_and_play_them_again_alike(
        game_id: str, players: int) -> None:
    first, outcome = moves(game_id, players, 3, searchers(game_id, players, 3, 4))
    assert outcome is not None and first
    again, same = moves(game_id, players, 3, searchers(game_id, players, 3, 4))
    assert again == first and same == outcome


@pytest.mark.parametrize("game_id,players", TABLES)
def test_a_searcher_among_random_players_finishes_without_an_error(
        game_id: str, players: int) -> None:
    bots: list[Bot] = [RandomBot(s, derive_seed(5, s)) for s in range(players)]
    bots[1] = IsmctsBot(1, 11, simulations=12)
    record = play(get_game(game_id), players, {}, 5, bots)
    assert record.error is None and record.outcome is not None


@pytest.mark.parametrize("game_id,players,games,least", [("sly_knights", 2, 8, 7)])
def test_the_searcher_beats_random_play(game_id: str, players: int, games: int,
                                        least: int) -> None:
    """At its default budget, in its seat against random players, over seeded deals
    (a random player wins about half of them). Against random play the hidden-role
    games leave little to win by skill, and Choose! takes seconds a game: bench/ismcts.py
    measures every game."""
    won = 0.0
    for index in range(games):
        seed, me = derive_seed(31, index), index % players
        bots: list[Bot] = [RandomBot(s, derive_seed(seed, s)) for s in range(players)]
        bots[me] = IsmctsBot(me, derive_seed(seed, 99))
        outcome = play(get_game(game_id), players, {}, seed, bots).outcome
        assert outcome is not None
        if me in outcome.winners:
            won += 1 / len(outcome.winners)
    assert won >= least, won


def test_a_budget_from_outside_the_core_ends_the_search_early() -> None:
    """A caller with a clock stops the search (here after two simulations, by count,
    so the test needs no clock); without one the search runs every simulation."""
    from core.about import load
    from core.ismcts import search
    from core.rng import Rng

    game_id, players = "sly_knights", 2
    game = get_game(game_id)
    state, _ = game.new_game(players, {}, 1)
    view, legal = game.view(state, 0), game.legal_actions(state, 0)
    draw = load(about(game_id).sampler)
    drawn: list[int] = []

    def counting(views: Any, rng: Rng) -> Any:
        drawn.append(1)
        return draw(views, rng)

    asked: list[int] = []

    def stop() -> bool:
        asked.append(1)
        return len(asked) >= 2

    assert search(game, counting, [view], 0, legal, 40, Rng(2), stop) in legal
    assert len(drawn) == 2
    drawn.clear()
    search(game, counting, [view], 0, legal, 40, Rng(2))
    assert len(drawn) == 40
    bot = IsmctsBot(0, 3, simulations=40, budget=lambda: stop)
    asked.clear()
    assert bot.act(view, legal) in legal and len(asked) == 2


@pytest.mark.parametrize("game_id,players", TABLES)
def test_the_searcher_decides_on_its_view_alone(game_id: str, players: int) -> None:
    """Two tables that differ only in what the seat cannot see (two worlds its game's
    sampler draws for it) get the same move from searchers of the same seed."""
    from core.about import load
    from core.rng import Rng

    game, draw = get_game(game_id), load(about(game_id).sampler)
    state, _ = game.new_game(players, {}, 8)
    rng, compared = Rng(8), 0
    for _ in range(400):
        if game.outcome(state) is not None or compared >= 3:
            break
        movers = game.to_act(state)
        if not movers:
            game.expire(state)
            continue
        seat = movers[0]
        legal = game.legal_actions(state, seat)
        view = game.view(state, seat)
        if len(legal) > 1:
            one, other = draw([view], rng), draw([view], rng)
            if game.omniscient_view(one) != game.omniscient_view(other):
                mine, theirs = game.view(one, seat), game.view(other, seat)
                assert mine == theirs == view
                decided = IsmctsBot(seat, 4, simulations=8).act(mine, legal)
                assert IsmctsBot(seat, 4, simulations=8).act(theirs, legal) == decided
                compared += 1
        game.apply(state, seat, legal[rng.below(len(legal))])
    assert compared >= 1
