"""``cheeseknights moderate``: call a Cheese Thief night for people with the real game."""

from __future__ import annotations

import argparse
import json
import os
from typing import Any

from client.cli_errors import CliError

MAX_FRAMES = 2_000_000
"""A headless night stops here whatever happens (about nine hours of table time)."""


def add_parser(sub: Any) -> None:
    from client.commands.gui import _size

    m = sub.add_parser("moderate", help="call the night aloud for a physical Cheese Thief table")
    m.add_argument("--players", type=int, default=5, help="people at the table, 4-8 (default 5)")
    m.add_argument("--hour-seconds", type=float, default=10.0,
                   help="counted seconds of each night hour (default 10)")
    m.add_argument("--follower-seconds", type=float, default=5.0,
                   help="counted seconds of each follower step (default 5)")
    m.add_argument("--discussion-seconds", type=float, default=180.0,
                   help="length of the discussion (default 180)")
    m.add_argument("--lang", choices=("en", "ja"), default=None,
                   help="language of the voice and the screen (default: the settings')")
    m.add_argument("--size", type=_size, default=None, help="window size WxH")
    m.add_argument("--headless", action="store_true", help="no window (dummy video and audio)")
    m.add_argument("--stats", action="store_true",
                   help="print the cues said as one JSON line when the night is over")
    m.add_argument("--frames", type=int, default=None, help="stop after this many frames")
    m.add_argument("--screenshot", default=None, metavar="OUT.png",
                   help="save the window when done")
    m.set_defaults(run=run)


def check(args: argparse.Namespace) -> None:
    """Every mistake as one sentence before a window opens."""
    if not 4 <= args.players <= 8:
        raise CliError("--players must be between 4 and 8 (Cheese Thief's table sizes).")
    for name, low, high in (("hour_seconds", 1, 60), ("follower_seconds", 1, 60),
                            ("discussion_seconds", 1, 3600)):
        value = getattr(args, name)
        if not (low <= value <= high) or value != value:
            flag = "--" + name.replace("_", "-")
            raise CliError(f"{flag} must be between {low} and {high} seconds.")
    if args.frames is not None and args.frames < 1:
        raise CliError("--frames must be at least 1.")


def run(args: argparse.Namespace) -> int:
    check(args)
    if args.headless:
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from client import settings as settings_mod
    from client.commands.gui import open_app
    from client.scenes.moderator import ModeratorScene

    settings = settings_mod.load()
    lang = args.lang or settings.language
    settings.language = lang
    app = open_app(settings, headless=args.headless, size=args.size)
    scene = ModeratorScene(app, args.players, args.hour_seconds, lang,
                           follower_seconds=args.follower_seconds,
                           discussion_seconds=args.discussion_seconds)
    app.push(scene)
    limit = args.frames if args.frames is not None else (MAX_FRAMES if args.headless else None)
    turns = 0
    # A headless night ends with the night; a window stays open until it is closed.
    while app.running and (limit is None or turns < limit):
        app.run(max_frames=1)
        turns += 1
        if args.headless and scene.done and args.frames is None:
            break
    if args.screenshot:
        app.screenshot(args.screenshot)
    if args.stats:
        print(json.dumps({
            "players": args.players, "lang": lang, "hour_seconds": args.hour_seconds,
            "night_seconds": scene.night.length, "done": scene.done,
            "restarts": scene.restarts, "cues": scene.cues,
        }, ensure_ascii=False))
    import pygame

    pygame.quit()
    return 0
