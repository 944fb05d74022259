"""``cheeseknights sim``: headless bot games with statistics."""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import Any

from core.errors import OptionError
from core.options import parse_pairs
from core.play import play, seat_bots
from core.registry import BOTS, get_game
from core.rng import derive_seed


def add_parser(sub: Any) -> None:
    p = sub.add_parser("sim", help="play bot games headless and report statistics")
    p.add_argument("--game", default="cheese_thief", help="game id (default cheese_thief)")
    p.add_argument("--players", type=int, default=None, help="table size")
    p.add_argument("--games", type=int, default=100, help="number of games (default 100)")
    p.add_argument("--seed", type=int, default=1, help="seed of the whole run (default 1)")
    p.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="a table option; may be repeated",
    )
    p.add_argument("--bots", default="simple", help="bot level for every seat (default simple)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(run=run)


def simulate(
    game_id: str,
    players: int,
    games: int,
    seed: int,
    raw_options: dict[str, str],
    levels: list[str],
) -> dict[str, Any]:
    """The statistics of ``games`` bot games; the same arguments give the same result."""
    game = get_game(game_id)
    options = game.check_options(players, raw_options)
    wins_by_seat = [0] * players
    wins_by_side = {side: 0 for side in game.sides}
    errors = actions = 0
    started = time.perf_counter()
    for index in range(games):
        game_seed = derive_seed(seed, index)
        record = play(game, players, options, game_seed, seat_bots(game_id, levels, game_seed))
        actions += record.actions
        if record.outcome is None:
            errors += 1
            continue
        for seat in record.outcome.winners:
            wins_by_seat[seat] += 1
        for side in record.outcome.sides:
            wins_by_side[side] = wins_by_side.get(side, 0) + 1
    return {
        "game": game_id,
        "players": players,
        "games": games,
        "seed": seed,
        "options": options,
        "wins_by_seat": wins_by_seat,
        "wins_by_side": wins_by_side,
        "errors": errors,
        "actions": actions,
        "elapsed_s": round(time.perf_counter() - started, 3),
    }


def run(args: argparse.Namespace) -> int:
    game = get_game(args.game)
    players = args.players if args.players is not None else game.min_players
    if args.games < 1:
        raise OptionError("bad_games", "--games must be at least 1.")
    if args.bots not in BOTS[game.id]:
        known = ", ".join(BOTS[game.id])
        raise OptionError("unknown_bot", f"{game.id} has no bot level {args.bots!r} ({known}).")
    report = simulate(
        game.id, players, args.games, args.seed, parse_pairs(args.option), [args.bots] * players
    )
    if args.json:
        print(json.dumps(report))
    else:
        print_table(report)
    return 1 if report["errors"] else 0


def print_table(report: dict[str, Any]) -> None:
    out = sys.stdout
    games = report["games"]
    out.write(
        f"{report['game']}: {games} games, {report['players']} players, seed {report['seed']}\n"
    )
    if report["options"]:
        out.write("options: " + ", ".join(f"{k}={v}" for k, v in report["options"].items()) + "\n")
    out.write("\nseat  wins   rate\n")
    for seat, wins in enumerate(report["wins_by_seat"]):
        out.write(f"{seat:>4}  {wins:>4}  {wins / games:6.1%}\n")
    if report["wins_by_side"]:
        out.write("\nside         wins   rate\n")
        for side, wins in report["wins_by_side"].items():
            out.write(f"{side:<11}  {wins:>4}  {wins / games:6.1%}\n")
    out.write(
        f"\nerrors {report['errors']}, actions {report['actions']}, {report['elapsed_s']:.2f} s\n"
    )
