"""``cheeseknights sim``: headless bot games with statistics."""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Mapping
from typing import Any, NotRequired, TypedDict

from core.errors import OptionError
from core.options import OptionValue, parse_pairs
from core.registry import BOTS, get_game
from core.rng import derive_seed


def add_parser(sub: Any) -> None:
    p = sub.add_parser("sim", help="play bot games headless and report statistics")
    p.add_argument("--game", default="cheese_thief", help="game id (default cheese_thief)")
    p.add_argument("--players", type=int, default=None,
                   help="table size (default: the game's smallest, or the number of --seats)")
    p.add_argument("--games", type=int, default=100, help="number of games (default 100)")
    p.add_argument("--seed", type=int, default=1, help="seed of the whole run (default 1)")
    p.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                   help="a table option; may be repeated")
    p.add_argument("--bots", default="simple", help="bot level for every seat (default simple)")
    p.add_argument("--seats", default=None, metavar="LEVEL,LEVEL,...",
                   help="a bot level per seat, e.g. hard,random,random,random")
    p.add_argument("--jobs", type=int, default=1, help="processes to spread games over")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(run=run)


class Tally(TypedDict):
    """What a run of games adds up to (summed over the processes of ``--jobs``)."""

    wins_by_seat: list[int]
    wins_by_side: dict[str, int]
    errors: int
    """Games that ended without an outcome."""
    actions: int


class Report(Tally):
    """``cheeseknights sim``'s result, as ``--json`` prints it."""

    game: str
    players: int
    games: int
    seed: int
    options: dict[str, OptionValue]
    wins_by_level: NotRequired[dict[str, int]]
    """Only when ``--seats`` gave the seats different levels."""
    elapsed_s: float


def _play_games(game_id: str, players: int, options: Mapping[str, object], seed: int,
                levels: list[str], indices: range) -> Tally:
    """Statistics of the games with these indices; each game's seed depends only on
    the run's seed and the index, so splitting the range never changes the sum."""
    from core.play import play, seat_bots  # (the engine, not for the menu's start-up)

    game = get_game(game_id)
    stats: Tally = {"wins_by_seat": [0] * players, "wins_by_side": {},
                    "errors": 0, "actions": 0}
    for index in indices:
        game_seed = derive_seed(seed, index)
        record = play(game, players, options, game_seed, seat_bots(game_id, levels, game_seed))
        stats["actions"] += record.actions
        if record.outcome is None:
            stats["errors"] += 1
            continue
        for seat in record.outcome.winners:
            stats["wins_by_seat"][seat] += 1
        for side in record.outcome.sides:
            stats["wins_by_side"][side] = stats["wins_by_side"].get(side, 0) + 1
    return stats


def simulate(game_id: str, players: int, games: int, seed: int,
             raw_options: Mapping[str, object], levels: list[str], jobs: int = 1) -> Report:
    """The statistics of ``games`` bot games; the same arguments give the same result,
    whatever the number of jobs."""
    game = get_game(game_id)
    options = game.check_options(players, raw_options)
    started = time.perf_counter()
    jobs = max(1, min(jobs, games))
    bounds = [games * j // jobs for j in range(jobs + 1)]
    chunks = [range(bounds[j], bounds[j + 1]) for j in range(jobs)]
    if jobs == 1:
        parts = [_play_games(game_id, players, options, seed, levels, chunks[0])]
    else:
        from concurrent.futures import ProcessPoolExecutor

        with ProcessPoolExecutor(jobs) as pool:
            futures = [pool.submit(_play_games, game_id, players, options, seed, levels, chunk)
                       for chunk in chunks]
            parts = [future.result() for future in futures]
    wins_by_seat = [sum(part["wins_by_seat"][s] for part in parts) for s in range(players)]
    wins_by_side = {side: 0 for side in game.sides}
    for part in parts:
        for side, wins in part["wins_by_side"].items():
            wins_by_side[side] = wins_by_side.get(side, 0) + wins
    wins_by_level: dict[str, int] = {}
    for seat, level in enumerate(levels):
        wins_by_level[level] = wins_by_level.get(level, 0) + wins_by_seat[seat]
    return {
        "game": game_id, "players": players, "games": games, "seed": seed,
        "options": options, "wins_by_seat": wins_by_seat, "wins_by_side": wins_by_side,
        "wins_by_level": wins_by_level,
        "errors": sum(part["errors"] for part in parts),
        "actions": sum(part["actions"] for part in parts),
        "elapsed_s": round(time.perf_counter() - started, 3),
    }


def seat_levels(game_id: str, players: int | None, bots: str, seats: str | None,
                minimum: int) -> tuple[int, list[str]]:
    """The table size and one bot level per seat, from --players, --bots and --seats."""
    known = BOTS[game_id]
    if seats is not None:
        levels = [level.strip() for level in seats.split(",")]
        if players is not None and players != len(levels):
            raise OptionError("bad_seats",
                              f"--seats names {len(levels)} seats but --players is {players}.")
        players = len(levels)
    else:
        players = players if players is not None else minimum
        levels = [bots] * players
    for level in levels:
        if level not in known:
            raise OptionError("unknown_bot", f"{game_id} has no bot level {level!r} "
                              f"(levels: {', '.join(known)}).")
    return players, levels


def run(args: argparse.Namespace) -> int:
    game = get_game(args.game)
    if args.games < 1:
        raise OptionError("bad_games", "--games must be at least 1.")
    if args.jobs < 1:
        raise OptionError("bad_jobs", "--jobs must be at least 1.")
    players, levels = seat_levels(game.id, args.players, args.bots, args.seats, game.min_players)
    game.check_options(players, parse_pairs(args.option))
    report = simulate(game.id, players, args.games, args.seed, parse_pairs(args.option),
                      levels, args.jobs)
    if args.seats is None:
        del report["wins_by_level"]
    if args.json:
        print(json.dumps(report))
    else:
        print_table(report, levels)
    return 1 if report["errors"] else 0


def print_table(report: Report, levels: list[str]) -> None:
    out = sys.stdout
    games = report["games"]
    out.write(f"{report['game']}: {games} games, {report['players']} players, "
              f"seed {report['seed']}\n")
    if report["options"]:
        out.write("options: " + ", ".join(f"{k}={v}" for k, v in report["options"].items()) + "\n")
    out.write("\nseat  bot       wins   rate\n")
    for seat, wins in enumerate(report["wins_by_seat"]):
        out.write(f"{seat:>4}  {levels[seat]:<8}  {wins:>4}  {wins / games:6.1%}\n")
    if report["wins_by_side"]:
        out.write("\nside         wins   rate\n")
        for side, wins in report["wins_by_side"].items():
            out.write(f"{side:<11}  {wins:>4}  {wins / games:6.1%}\n")
    out.write(f"\nerrors {report['errors']}, actions {report['actions']}, "
              f"{report['elapsed_s']:.2f} s\n")
