"""``cheeseknights join``: a LAN table in the window, found by discovery or by address.

``--list`` keeps the old text answer (the tables found, optionally as JSON) for scripts;
everything a person does happens in the window.
"""

from __future__ import annotations

import argparse
import json
import os
from typing import Any

from client.cli_errors import CliError
from client.commands.gui import _size, finish, open_app, overflow_flag


def add_parser(sub: Any) -> None:
    p = sub.add_parser("join", help="join a LAN table in the window (found on the LAN, or by "
                                    "address)")
    p.add_argument("address", nargs="?", default=None, metavar="HOST:PORT",
                   help="the table; without it, the window lists the tables it finds")
    p.add_argument("--name", default=None, help="your name at the table (asked once, then "
                                                "remembered, when not given)")
    p.add_argument("--spectator", action="store_true", help="watch without a seat")
    p.add_argument("--password", default=None, help="the table's password")
    p.add_argument("--list", action="store_true",
                   help="print the tables found on the LAN and exit (no window)")
    p.add_argument("--json", action="store_true", help="with --list: as one JSON array")
    p.add_argument("--browse-seconds", type=float, default=2.0,
                   help="with --list: how long to look")
    p.add_argument("--answer-seconds", type=float, default=None, metavar="SECONDS",
                   help="how long the table at ADDRESS has to answer before the window says "
                        "nothing answered (default 5)")
    p.add_argument("--lang", choices=("en", "ja"), default=None, help="language")
    p.add_argument("--size", type=_size, default=None, help="window size WxH")
    p.add_argument("--headless", action="store_true",
                   help="no window (dummy video driver); without an address, joins the "
                        "first table found with a free seat")
    p.add_argument("--bot", action="store_true",
                   help="a bot of the game plays this window's seat at once, and the window "
                        "says ready by itself (to show a table, or to fill a seat in a test)")
    p.add_argument("--frames", type=int, default=None, help="stop after this many frames "
                                                            "(60 a second)")
    p.add_argument("--screenshot", default=None, metavar="OUT.png",
                   help="save the whole window when done")
    p.add_argument("--stats", action="store_true",
                   help='print frame times, text_overflow, "seat" and "reclaimed" as one '
                        'JSON object')
    overflow_flag(p)
    p.set_defaults(run=run_join)


def run_join(args: argparse.Namespace) -> int:
    if args.list:
        return _list(args)
    from net.peer import parse_address

    if args.address is not None:
        parse_address(args.address)  # a typing mistake is one sentence, before a window
    if args.frames is not None and args.frames < 1:
        raise CliError("--frames must be at least 1.")
    if args.name is not None and not args.name.strip():
        raise CliError("--name must not be empty.")
    if args.answer_seconds is not None and not 0 < args.answer_seconds <= 600:
        raise CliError("--answer-seconds must be more than 0 and at most 600.")
    if args.bot and args.spectator:
        raise CliError("--bot plays a seat: it cannot watch as a spectator.")
    if args.headless:
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from client import settings as settings_mod
    from client.scenes.connect import ConnectScene, with_name
    from client.scenes.lobby import JoinScene
    from client.scenes.menu import MenuScene

    settings = settings_mod.load()
    if args.lang:
        settings.language = args.lang
    if args.name is not None:
        settings.name = args.name.strip()[:24]  # for this run; Settings keeps the saved one
    elif args.headless and not settings.name:
        settings.name = "Player"  # nobody to ask; the host numbers repeated names
    app = open_app(settings, headless=args.headless, size=args.size)
    app.paced = True  # the table's clock is the host's: frames are real sixtieths
    app.unattended = args.headless or args.bot  # (a bot's seat has nobody at it either)
    app.bot_plays = args.bot
    if not args.headless:
        app.push(MenuScene(app))  # leaving the table goes to the menu
    address, spectator, password = args.address, args.spectator, args.password

    def first() -> Any:
        if address is None:
            return JoinScene(app)
        return ConnectScene(app, address, spectator=spectator, password=password,
                            answer_wait=args.answer_seconds)

    scene = with_name(app, first)
    if scene is not None:
        app.push(scene)
    code = finish(app, args, lan=True)
    return 2 if app.lan.get("refused") else code  # refused, like any mistake: one sentence


def _list(args: argparse.Namespace) -> int:
    from net.discovery import browse

    tables = browse(args.browse_seconds)
    if args.json:
        print(json.dumps([t.to_data() for t in tables]))
        return 0
    if not tables:
        print("no tables found (try: cheeseknights join HOST:PORT)")
    for table in tables:
        print(
            f"{', '.join(table.places())}  {table.game}  {table.players} players, "
            f"{table.free} free  key {table.fingerprint}  ({table.name})"
        )
    return 0
