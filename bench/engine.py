"""Actions and views per second for every registered game and table size.

Each figure is the median of several runs over the same recorded random games, timed
on one core: first the games are played once by random bots to record their action
lists, then the lists are replayed (timing ``apply`` and ``expire``), then replayed
again timing ``view`` plus msgpack serialisation for every seat after every step.

    python bench/engine.py [--games 200] [--repeat 5] [--game ID]

``--playouts`` instead times random playouts through the public API (``to_act``, then
``legal_actions`` and ``apply``, or ``expire`` when nobody moves) at each game's largest
table, side by side with OpenSpiel's ``python_kuhn_poker`` and ``python_tic_tac_toe``
played the same way. Each round plays every contender for the same slice of time, one
after the other, so a busy machine slows a round for all of them alike; the ratios are
taken round by round and their median is reported (``pip install .[bench]``):

    python bench/engine.py --playouts [--rounds 9] [--slice 0.4] [--game ID]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path
from typing import Any

import msgpack

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.counts import positive  # noqa: E402
from core.errors import OptionError  # noqa: E402
from core.game import Game  # noqa: E402
from core.play import seat_bots  # noqa: E402
from core.registry import GAMES  # noqa: E402
from core.rng import derive_seed  # noqa: E402

Step = tuple[int, dict[str, Any]] | None
"""(seat, action), or None for a window that expired."""


def table_options(game: Game[Any], players: int) -> dict[str, Any] | None:
    """The default options, or else the first choice of a choice option that makes the
    table size legal (a mode that allows it); None if nothing does."""
    candidates: list[dict[str, Any]] = [{}]
    candidates += [{spec.name: choice} for spec in game.options for choice in spec.choices]
    for options in candidates:
        try:
            game.check_options(players, options)
        except OptionError:
            continue
        return options
    return None


def record(game: Game[Any], players: int, options: dict[str, Any],
           seed: int) -> list[Step]:
    state, _ = game.new_game(players, options, seed)
    bots = seat_bots(game.id, ["random"] * players, seed)
    steps: list[Step] = []
    while game.outcome(state) is None:
        movers = game.to_act(state)
        if not movers:
            game.expire(state)
            steps.append(None)
            continue
        for seat in movers:
            legal = game.legal_actions(state, seat)
            if legal:
                action = bots[seat].act(game.view(state, seat), legal)
                game.apply(state, seat, action)
                steps.append((seat, action))
    return steps


def replay_actions(game: Game[Any], players: int, options: dict[str, Any],
                   games: list[tuple[int, list[Step]]]) -> float:
    applied = 0
    started = time.perf_counter()
    for seed, steps in games:
        state, _ = game.new_game(players, options, seed)
        for step in steps:
            if step is None:
                game.expire(state)
            else:
                game.apply(state, step[0], step[1])
                applied += 1
    return applied / (time.perf_counter() - started)


def replay_views(game: Game[Any], players: int, options: dict[str, Any],
                 games: list[tuple[int, list[Step]]]) -> float:
    views = 0
    spent = 0.0
    seats: list[int | None] = [*range(players), None]
    for seed, steps in games:
        state, _ = game.new_game(players, options, seed)
        for step in steps:
            if step is None:
                game.expire(state)
            else:
                game.apply(state, step[0], step[1])
            started = time.perf_counter()
            for seat in seats:
                msgpack.packb(game.view(state, seat))
            spent += time.perf_counter() - started
            views += len(seats)
    return views / spent


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=positive, default=200)
    parser.add_argument("--repeat", type=positive, default=5)
    parser.add_argument("--game", default=None)
    parser.add_argument("--playouts", action="store_true",
                        help="random playouts against OpenSpiel, paired round by round")
    parser.add_argument("--rounds", type=positive, default=9, help="rounds (--playouts)")
    parser.add_argument("--slice", type=float, default=0.4,
                        help="seconds each contender plays per round (--playouts)")
    args = parser.parse_args()
    if args.playouts:
        from bench.playouts import compare

        return compare(args.game, args.rounds, args.slice)
    print(f"{'game':<14}{'players':>8}{'actions/s':>12}{'views/s':>12}  options")
    for game_id, game in GAMES.items():
        if args.game and game_id != args.game:
            continue
        for players in range(game.min_players, game.max_players + 1):
            options = table_options(game, players)
            if options is None:
                continue
            games = [(derive_seed(7, i), record(game, players, options, derive_seed(7, i)))
                     for i in range(args.games)]
            actions = statistics.median(
                replay_actions(game, players, options, games) for _ in range(args.repeat))
            views = statistics.median(
                replay_views(game, players, options, games) for _ in range(args.repeat))
            print(f"{game_id:<14}{players:>8}{actions:>12,.0f}{views:>12,.0f}  "
                  f"{options or 'default'}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
