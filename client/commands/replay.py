"""``cheeseknights replay FILE``: a finished game again, from a seat or with everything
shown, in a window or headless (the flags of ``watch``)."""

from __future__ import annotations

import argparse
import os
from pathlib import Path
from typing import Any

from client.cli_errors import CliError
from client.commands.gui import finish, open_app, window_flags


def add_parser(sub: Any) -> None:
    p = sub.add_parser("replay", help="replay a finished game from its log")
    p.add_argument("file", metavar="FILE", help="a table's log (see the Replays screen)")
    eyes = p.add_mutually_exclusive_group()
    eyes.add_argument("--seat", type=int, default=None, metavar="N",
                      help="see only what seat N (from 1) knew, when it knew it")
    eyes.add_argument("--all", action="store_true", help="every card shown (the default)")
    p.add_argument("--deal", type=int, default=None, metavar="K",
                   help="which game of the table's log (default: its last finished one)")
    p.add_argument("--at", type=int, default=0, metavar="STEP",
                   help="start after this many steps, paused")
    p.add_argument("--speed", type=float, default=None, help="replay speed (default 1)")
    p.add_argument("--beliefs", action="store_true",
                   help="show what each bot believes (only with everything shown; key B)")
    window_flags(p)
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from net.replay import load

    if args.headless:
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    if args.frames is not None and args.frames < 1:
        raise CliError("--frames must be at least 1.")
    speed = args.speed if args.speed is not None else 1.0
    if not 0.05 <= speed <= 64:
        raise CliError("--speed must be between 0.05 and 64.")
    path = Path(args.file).expanduser()
    if not path.is_file():
        raise CliError(f"There is no file {args.file}.")
    recording = load(path)
    game = recording.game(args.deal)
    seat = None
    if args.seat is not None:
        if not 1 <= args.seat <= recording.players:
            raise CliError(f"--seat must be from 1 to {recording.players}, not {args.seat}.")
        seat = args.seat - 1
        if args.beliefs:
            raise CliError("--beliefs needs everything shown: a seat's replay shows only "
                           "what that seat knew.")
    if not 0 <= args.at <= len(game.steps):
        raise CliError(f"--at must be from 0 to {len(game.steps)}, the steps of that game.")
    from client import settings as settings_mod
    from client.replays import replay_scene

    settings = settings_mod.load()
    if args.lang:
        settings.language = args.lang
    app = open_app(settings, headless=args.headless, size=args.size)
    if not args.headless:  # leaving the replay goes to the menu, not back to the shell
        from client.scenes.menu import MenuScene

        app.push(MenuScene(app, game_id=recording.game_id, players=recording.players))
    scene = replay_scene(app, recording, game.no, seat, beliefs=args.beliefs)
    scene.session.speed = speed
    if args.at:
        scene.session.replay.seek(args.at)
        scene.session.paused = True
    app.push(scene)
    return finish(app, args)
