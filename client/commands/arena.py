"""``cheeseknights arena``: a tournament of bot levels with intervals and a ladder.

The work is done by the ``research`` package (``research.arena``), imported only when
the command runs: the program starts without it, and its third-party packages
(openskill, and Ray for ``--ray``) come from the ``research`` and ``ray`` extras.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from client.cli_errors import CliError
from core.options import parse_pairs
from core.registry import get_game


def add_parser(sub: Any) -> None:
    p = sub.add_parser("arena", help="a tournament of bot levels: win rates with intervals "
                                     "and a rated ladder")
    p.add_argument("--game", default="cheese_thief", help="game id (default cheese_thief)")
    p.add_argument("--players", type=int, default=None,
                   help="table size (default: the number of --seats, or the game's smallest)")
    p.add_argument("--seats", required=True, metavar="LEVEL,LEVEL,...",
                   help="the line-up, a level per seat; fewer levels than players repeat "
                        "in turn. Seats rotate over every deal")
    p.add_argument("--games", type=int, default=100,
                   help="games to play, rounded up to whole cycles of the line-up's distinct "
                        "rotations (default 100)")
    p.add_argument("--seed", type=int, default=1,
                   help="seed of the deals; runs with one seed play the same deals")
    p.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                   help="a table option; may be repeated")
    p.add_argument("--jobs", type=int, default=1, help="processes to spread games over")
    p.add_argument("--ray", default=None, metavar="ADDRESS",
                   help="run the games on a Ray cluster at ADDRESS ('local': a Ray "
                        "instance on this machine with --jobs CPUs)")
    p.add_argument("--progress", type=int, default=100, metavar="N",
                   help="a progress line on stderr every N games (0: none; default 100)")
    p.add_argument("--json", action="store_true", help="print one JSON object, not the table")
    p.add_argument("--out", default=None, metavar="FILE", help="also write the JSON to FILE")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    game = get_game(args.game)
    if args.games < 1:
        raise CliError("--games must be at least 1.")
    if args.jobs < 1:
        raise CliError("--jobs must be at least 1.")
    if args.progress < 0:
        raise CliError("--progress must be 0 or more.")
    out = Path(args.out).expanduser() if args.out else None
    if out is not None and not out.resolve().parent.is_dir():
        raise CliError(f"Cannot write {args.out}: its folder does not exist.")
    try:
        from research import arena
    except ImportError as exc:
        raise CliError(f"arena needs the research extra ({exc.name} is missing): "
                       "pip install 'cheeseknights[research]'.") from None
    players, levels = arena.line_up(game.id, args.players, args.seats, parse_pairs(args.option))
    options = game.check_options(players, parse_pairs(args.option))
    try:
        import openskill  # noqa: F401 - checked before any game is played
    except ImportError:
        raise CliError("arena needs openskill for its ladder: "
                       "pip install 'cheeseknights[research]'.") from None
    if args.ray is not None:
        runner, name = arena.ray_runner(args.ray, args.jobs), f"ray {args.ray}"
    else:
        runner, name = arena.local_runner(args.jobs), f"local, {args.jobs} job(s)"
    report = arena.tournament(game.id, players, levels, args.games, args.seed, options,
                              runner, name, args.progress)
    if out is not None:
        out.write_text(json.dumps(report, indent=1) + "\n", encoding="utf-8")
    if args.json:
        print(json.dumps(report))
    else:
        sys.stdout.write(arena.render(report))
    return 1 if report["errors"] else 0
