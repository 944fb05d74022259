"""Random playouts through each game's public API against OpenSpiel's Python games.

An action is one player's decision applied through the public API: ``apply`` for our
games, ``apply_action`` at a player's node for OpenSpiel's. Neither side counts chance:
OpenSpiel's chance nodes and our timed windows closing (``expire``) are played but not
counted. Both sides choose
uniformly with the same kind of generator, so the figures compare the engines, not the
policies. Run through ``bench/engine.py --playouts``.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

from core.game import Game
from core.registry import GAMES

ANCHORS = ("python_kuhn_poker", "python_tic_tac_toe")

Player = Callable[[int], int]
"""Plays one random game from a seed; returns the actions it counted."""


def ours(game: Game[Any], players: int, options: dict[str, Any]) -> Player:
    def playout(seed: int) -> int:
        rng = random.Random(seed)
        state, _ = game.new_game(players, options, seed)
        steps = 0
        while game.outcome(state) is None:
            movers = game.to_act(state)
            if movers:
                seat = rng.choice(movers)
                game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
                steps += 1
            else:
                game.expire(state)
        return steps

    return playout


def openspiel(name: str) -> Player:
    import open_spiel.python.games  # noqa: F401 - registers the python_* games
    import pyspiel

    spiel = pyspiel.load_game(name)

    def playout(seed: int) -> int:
        rng = random.Random(seed)
        state = spiel.new_initial_state()
        steps = 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, weights = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(outcomes, weights)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
                steps += 1
        return steps

    return playout


def rate(player: Player, seconds: float, first_seed: int) -> tuple[float, int]:
    """Actions per second of this process's CPU time, over whole playouts filling at
    least ``seconds`` of it: on a shared machine, time spent waiting for a core would
    otherwise land on whichever contender happened to be playing."""
    steps, seed = 0, first_seed
    started = time.process_time()
    while True:
        steps += player(seed)
        seed += 1
        spent = time.process_time() - started
        if spent >= seconds:
            return steps / spent, seed


def contenders(only: str | None) -> dict[str, Player]:
    from bench.engine import table_options

    out: dict[str, Player] = {}
    for game_id, game in GAMES.items():
        if only and game_id != only:
            continue
        for players in range(game.max_players, game.min_players - 1, -1):
            options = table_options(game, players)
            if options is not None:
                out[f"{game_id} {players}p"] = ours(game, players, options)
                break
    return out


def compare(only: str | None, rounds: int, seconds: float) -> int:
    try:
        anchors = {name: openspiel(name) for name in ANCHORS}
    except ImportError:
        print("OpenSpiel is not installed: pip install 'open_spiel>=2.0' (the [bench] extra) "
              "to compare against it.", file=sys.stderr)
        return 2
    tables = contenders(only)
    everyone = {**anchors, **tables}
    rates: dict[str, list[float]] = {name: [] for name in everyone}
    seeds = dict.fromkeys(everyone, 1)
    for _ in range(rounds):
        for name, player in everyone.items():
            value, seeds[name] = rate(player, seconds, seeds[name])
            rates[name].append(value)
    print(f"{rounds} rounds of {seconds:g} CPU s each; actions/s is the median over rounds, "
          "ratios the median of the per-round ratios.")
    head = "".join(f"{'x ' + a.removeprefix('python_'):>18}" for a in ANCHORS)
    print(f"{'table':<18}{'actions/s':>10}{head}")
    for name, values in rates.items():
        ratios = "".join(
            f"{statistics.median(v / a for v, a in zip(values, rates[anchor], strict=True)):>18.2f}"
            for anchor in ANCHORS)
        print(f"{name:<18}{statistics.median(values):>10,.0f}{ratios}")
    return 0
