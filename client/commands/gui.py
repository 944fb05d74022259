"""``cheeseknights watch`` and ``cheeseknights demo``: tables in a window (or headless)."""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from typing import Any

from client.cli_errors import CliError
from core.options import parse_pairs
from core.registry import BOTS, default_bot_level, get_game


def _size(text: str) -> tuple[int, int]:
    try:
        w, h = (int(part) for part in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"--size is WIDTHxHEIGHT, not {text!r}") from None
    if not (320 <= w <= 7680 and 240 <= h <= 4320):
        raise argparse.ArgumentTypeError(f"--size {text} is out of range")
    return w, h


def _common(p: argparse.ArgumentParser) -> None:
    p.add_argument("--game", default="cheese_thief", help="game id (default cheese_thief)")
    p.add_argument("--players", type=int, default=None, help="table size")
    p.add_argument("--seed", type=int, default=None, help="seed of the deal")
    p.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                   help="a table option; may be repeated")
    p.add_argument("--bots", default=None, help="bot level for the bot seats")
    window_flags(p)


def window_flags(p: argparse.ArgumentParser) -> None:
    """The flags of every table in a window: language, size, and the headless run."""
    p.add_argument("--lang", choices=("en", "ja"), default=None, help="language")
    p.add_argument("--size", type=_size, default=None, help="window size WxH (default 1280x720)")
    p.add_argument("--headless", action="store_true", help="no window (dummy video driver)")
    p.add_argument("--frames", type=int, default=None, help="stop after this many frames")
    p.add_argument("--screenshot", default=None, metavar="OUT.png",
                   help="save the whole window when done")
    p.add_argument("--stats", action="store_true",
                   help="print the pictures drawn (frames: a turn whose picture did not "
                        "change draws none), the turns, the pictures' times and "
                        "text_overflow (texts out of place) as one JSON object")
    overflow_flag(p)


def overflow_flag(p: argparse.ArgumentParser) -> None:
    p.add_argument("--overflow-report", action="store_true",
                   help="with --stats: list each text out of place (clipped, outside its "
                        "box, overlapping) on stderr, with the first frame it was seen")


def add_parser(sub: Any) -> None:
    w = sub.add_parser("watch", help="watch a table of bots")
    _common(w)
    w.add_argument("--speed", type=float, default=None, help="game speed (default 1)")
    w.add_argument("--beliefs", action="store_true", help="show what each bot believes (key B)")
    w.add_argument("--games", type=int, default=1,
                   help="games to watch in a row, one session with one scoreboard (default 1)")
    w.add_argument("--until-end", type=int, default=None, metavar="FRAMES",
                   help="close this many frames after the last game ends (with --frames "
                        "as the cap)")
    w.set_defaults(run=run_watch)
    d = sub.add_parser("demo", help="a single-screen table: you and bots, or hot-seat humans")
    _common(d)
    d.add_argument("--humans", type=int, default=1, help="people at this screen (default 1)")
    d.add_argument("--names", default=None, metavar="A,B,...",
                   help="the people's names, one per person, in seat order")
    d.add_argument("--pace", type=float, default=None, metavar="SECONDS",
                   help="seconds each bot waits before a move, so every move can be "
                        "followed (default 1.2, as the menu's Bots' pace)")
    d.set_defaults(run=run_demo)
    m = sub.add_parser("menu", help="the main menu (what cheeseknights alone opens)")
    m.add_argument("--lang", choices=("en", "ja"), default=None, help="language")
    m.add_argument("--size", type=_size, default=None, help="window size WxH")
    m.add_argument("--frames", type=int, default=None, help="close after this many frames")
    m.add_argument("--screenshot", default=None, metavar="OUT.png",
                   help="save the window when closing")
    m.add_argument("--headless", action="store_true", help="no window (dummy video driver)")
    m.add_argument("--stats", action="store_true",
                   help="print frame times and text_overflow as one JSON object")
    overflow_flag(m)
    m.add_argument("--screen", choices=("menu", "rules", "settings", "lobby"), default="menu",
                   help="with --headless: the screen to show (each drop-down opened in turn)")
    m.add_argument("--game", default=None, help="with --headless: the game the menu shows")
    m.set_defaults(run=run_menu)


def _prepare(args: argparse.Namespace) -> tuple[Any, Any, int, dict[str, object], str]:
    """Check everything before a window opens, so a bad flag is one sentence."""
    if args.headless:
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    game = get_game(args.game)
    players = args.players if args.players is not None else max(game.min_players,
                                                                 min(6, game.max_players))
    options: dict[str, object] = dict(parse_pairs(args.option))
    options = dict(game.check_options(players, options))
    levels = BOTS[game.id]
    level = args.bots or default_bot_level(game.id)
    if level not in levels:
        raise CliError(f"{game.id} has no bot level {level!r} ({', '.join(levels)}).")
    if args.frames is not None and args.frames < 1:
        raise CliError("--frames must be at least 1.")
    from client import settings as settings_mod

    settings = settings_mod.load()
    if args.lang:
        settings.language = args.lang
    return game, settings, players, options, level


NO_SCREEN = ("offscreen", "dummy")
"""SDL's drivers for a window drawn nowhere, which it takes when it finds no display."""


def open_app(settings: Any, *, headless: bool = False, size: tuple[int, int] | None = None
             ) -> Any:
    """The window, or one sentence saying why there cannot be one."""
    import os

    import pygame

    from client.app import App

    asked = os.environ.get("SDL_VIDEODRIVER")
    try:
        app = App(settings, headless=headless, size=size)
    except pygame.error as exc:
        raise CliError(
            f"Cannot open a window ({exc}). Run with a display, or use --headless."
        ) from None
    if not headless and asked is None and pygame.display.get_driver() in NO_SCREEN:
        app.close()  # (SDL fell back to a window nobody sees: the program sat there)
        raise CliError("Cannot open a window (no display: DISPLAY is not set). Run with "
                       "a display, or use --headless.")
    from client.stopping import on_signals

    # SIGTERM (and Ctrl+C) end the window as its close button would, without the
    # question: a table it hosts tells its guests it closed, a seat says it left.
    on_signals(lambda: setattr(app, "running", False))
    return app


def _run(args: argparse.Namespace, humans: int, speed: float) -> int:
    from client.tables import local_scene

    game, settings, players, options, level = _prepare(args)
    if not 0 <= humans <= players:
        raise CliError(f"--humans must be between 0 and {players}.")
    people = _people(getattr(args, "names", None), humans)
    pace = _pace(args, humans)
    seed = args.seed if args.seed is not None else int(time.time()) % 100_000
    app = open_app(settings, headless=args.headless, size=args.size)
    if not args.headless:  # leaving the table goes to the menu, not back to the shell
        from client.scenes.menu import MenuScene

        app.push(MenuScene(app, game_id=game.id, mode="single" if humans else "watch",
                           players=players, humans=humans))
    games = getattr(args, "games", 1)
    if games < 1:
        raise CliError("--games must be at least 1.")
    scene = local_scene(app, game.id, players, options, seed, humans, level, speed=speed,
                        games=games, people=people, bot_delay=pace)
    scene.session.show_beliefs = getattr(args, "beliefs", False) and (
        scene.session.bot_views is not None)
    app.push(scene)
    after = getattr(args, "until_end", None)
    if after is not None and after < 0:
        raise CliError("--until-end must be 0 or more.")
    if after is None:
        return finish(app, args)
    return finish(app, args, done=_ended(app, after))


def _pace(args: argparse.Namespace, humans: int) -> float | None:
    """The bots' pace at a table with people: ``--pace``, else the menu's default (at
    the settings' 0.6 s two or three moves happened between a person's two looks).
    None for a watched table, which paces its bots by the settings and its speed."""
    from net.config import PEOPLE_PACE

    pace = getattr(args, "pace", None)
    if not humans:
        return None
    if pace is None:
        return PEOPLE_PACE
    if not 0.0 <= pace <= 60.0:
        raise CliError("--pace must be between 0 and 60 seconds.")
    return float(pace)


def _people(names: str | None, humans: int) -> list[str] | None:
    """``--names`` as the people's names, or one sentence on what is wrong with it."""
    from client.people import LONGEST, NamesProblem, check

    if names is None:
        return None
    given = names.split(",")
    if len(given) != humans:
        raise CliError(f"--names needs {humans} name(s), one per person, not {len(given)}.")
    try:
        return check(given)
    except NamesProblem as problem:
        raise CliError({
            "people.empty": "--names has an empty name: give each person one.",
            "people.same": f"--names gives two people the name {problem.name!r}.",
            "people.long": f"--names: {problem.name!r} is longer than {LONGEST} characters.",
            "people.undrawable": f"--names: {problem.name!r} has a character a window cannot "
                                 "show (an emoji, say); use letters, digits or Japanese.",
        }[problem.key]) from None


def _ended(app: Any, after: int) -> Any:
    """True once ``after`` frames have passed since the table on screen reached its last
    game's end: the host has finished it and this window has shown its way there (a
    table replays the last moves at its own pace, so the host finishes first). A run
    then covers a whole game and its end screens, and no more."""
    since = [0]

    def done() -> bool:
        scene = app.scene
        session = getattr(scene, "session", None)
        reveal = getattr(scene, "reveal", None)
        if (session is not None and session.finished() and not session.more_games
                and getattr(reveal, "ended_at", None) is not None):
            since[0] += 1
        return since[0] > after
    return done


def finish(app: Any, args: argparse.Namespace, *, lan: bool = False,
           done: Any = None, run: Any = None) -> int:
    """Run the window to its end (or until ``done()``); then the screenshot, the stats
    line and the goodbyes."""
    from client.kit import ink

    recorder = ink.start() if args.stats else None
    try:
        if run is not None:
            run()
        elif done is None:
            app.run(max_frames=args.frames)
        else:
            turns = 0
            while app.running and not done() and (args.frames is None or turns < args.frames):
                app.run(max_frames=1)
                turns += 1
        if args.screenshot:
            app.screenshot(args.screenshot)
        if args.stats:
            stats = app.stats()
            keys = ("frames", "turns", "p50_ms", "p99_ms", "max_ms", "text_overflow")
            line = {k: stats[k] for k in keys}
            print(json.dumps({**line, **app.lan} if lan else line), flush=True)
            print(f"first frame after {stats['first_frame_s']:.3f} s", file=sys.stderr)
            if getattr(args, "overflow_report", False) and recorder is not None:
                print(f"{recorder.noted} texts recorded", file=sys.stderr)
                for offence in recorder.offences.values():
                    print(offence.line(), file=sys.stderr)
    finally:
        ink.stop()
        app.close()
        import pygame

        pygame.quit()
    return 0


def run_watch(args: argparse.Namespace) -> int:
    speed = args.speed if args.speed is not None else 1.0
    if not 0.05 <= speed <= 64:
        raise CliError("--speed must be between 0.05 and 64.")
    if args.seed is None:
        args.seed = 1
    return _run(args, 0, speed)


def run_demo(args: argparse.Namespace) -> int:
    return _run(args, args.humans, 1.0)


def run_menu(args: argparse.Namespace) -> int:
    """``cheeseknights`` (or ``cheeseknights menu``): the main menu in a window."""
    from client import settings as settings_mod
    from client.scenes.menu import MenuScene

    settings = settings_mod.load()
    if getattr(args, "lang", None):
        settings.language = args.lang
    if getattr(args, "headless", False):
        return _run_screen(args, settings)
    app = open_app(settings, size=getattr(args, "size", None))
    app.push(MenuScene(app))
    try:
        app.run(max_frames=getattr(args, "frames", None))
        if getattr(args, "screenshot", None):
            app.screenshot(args.screenshot)
    finally:
        app.close()
        import pygame

        pygame.quit()
    return 0


def _run_screen(args: argparse.Namespace, settings: Any) -> int:
    """A screen around the tables, headless, for screenshots and ``--stats``."""
    from client.commands import tour

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    if args.game is not None:
        get_game(args.game)
    frames = args.frames if args.frames is not None else 60
    if frames < 1:
        raise CliError("--frames must be at least 1.")
    app = open_app(settings, headless=True, size=args.size)
    app.push(tour.screen_scene(app, args.screen, args.game))
    args.frames = frames
    return finish(app, args, run=lambda: tour.run(app, frames))
