"""``cheeseknights learn --game G``: a guided first game; ``--headless --auto --stats``
plays it through with the lesson's own answers and prints what it measured."""

from __future__ import annotations

import argparse
import json
import os
import sys
from typing import Any

from client.cli_errors import CliError
from client.commands.gui import finish, open_app, window_flags
from core.registry import get_game

AUTO_TURNS = 60_000
"""A bound on an ``--auto`` run (about 50 minutes of table clock, headless)."""


def add_parser(sub: Any) -> None:
    p = sub.add_parser("learn", help="a guided first game against bots")
    p.add_argument("--game", default="cheese_thief", help="game id (default cheese_thief)")
    p.add_argument("--auto", action="store_true",
                   help="play the lesson through with its own answers")
    p.add_argument("--restart", action="store_true",
                   help="start from the first step, not where the lesson was left")
    window_flags(p)
    p.set_defaults(run=run_learn)


def run_learn(args: argparse.Namespace) -> int:
    from client import settings as settings_mod
    from client.learn.start import lesson_scene
    from client.learn.words import has_lesson

    game = get_game(args.game)
    if not has_lesson(game.id):
        raise CliError(f"{game.id} has no lesson yet.")
    if args.headless:
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    if args.frames is not None and args.frames < 1:
        raise CliError("--frames must be at least 1.")
    settings = settings_mod.load()
    if args.lang:
        settings.language = args.lang
    app = open_app(settings, headless=args.headless, size=args.size)
    if not args.headless:  # leaving the lesson goes to the menu
        from client.scenes.menu import MenuScene

        app.push(MenuScene(app, game_id=game.id))
    scene = lesson_scene(app, game.id, resume=not args.restart)
    app.push(scene)
    coach = scene.session.coach
    if not args.auto:
        return finish(app, args)
    stats = args.stats
    args.stats = False  # the lesson's own line, below, carries the figures
    from client.kit import ink

    recorder = ink.start() if stats else None
    cap = args.frames or AUTO_TURNS
    turns = 0

    def play() -> None:
        nonlocal turns
        while app.running and not coach.tutor.done and turns < cap:
            app.run(max_frames=1)
            coach.auto(scene)
            turns += 1
        app.run(max_frames=3)  # the closing note, drawn and measured
        if stats:
            tutor = coach.tutor
            line = {"game": game.id, "language": settings.language,
                    "steps": len(tutor.lesson.steps), "steps_taken": tutor.index,
                    "done": tutor.done, "frames": app.stats()["frames"],
                    "table_seconds": round(scene.session.clock, 1),
                    "text_overflow": recorder.total() if recorder is not None else 0}
            print(json.dumps(line), flush=True)
            if args.overflow_report and recorder is not None:
                for offence in recorder.offences.values():
                    print(offence.line(), file=sys.stderr)

    return finish(app, args, run=play)
