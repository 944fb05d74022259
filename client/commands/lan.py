"""``cheeseknights host`` and ``bot``: LAN tables from the command line (``join`` is the
window's, in ``client.commands.join``)."""

from __future__ import annotations

import argparse
import socket
from pathlib import Path
from typing import Any

from core.errors import OptionError
from core.options import parse_pairs
from core.registry import get_game
from net.config import GIVE_UP, RESULT_PAUSE, HostConfig, split_options

DEFAULT_PORT = 47470
LAST = Path("\0last")
"""``--resume`` without a file: the table this installation's window hosted last."""


def add_parser(sub: Any) -> None:
    _add_host(sub)
    _add_bot(sub)


def _add_host(sub: Any) -> None:
    p = sub.add_parser("host", help="host a LAN table")
    p.add_argument("--headless", action="store_true", help="run without a window")
    p.add_argument("--game", default="cheese_thief", help="game id (default cheese_thief)")
    p.add_argument("--players", type=int, default=None, help="table size")
    p.add_argument("--bots", type=int, default=0, help="seats played by bots in the host")
    p.add_argument("--bot-level", default=None, help="level of those bots (default: normal)")
    p.add_argument("--port", type=int, default=DEFAULT_PORT,
                   help=f"port (default {DEFAULT_PORT}; 0 picks one; the next port serves the key)")
    p.add_argument("--bind", default="0.0.0.0", help="interface to listen on (default all)")
    p.add_argument("--no-discovery", action="store_true", help="do not announce on the LAN")
    p.add_argument("--games", type=int, default=None, help="stop after this many games")
    p.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                   help="a game or table option (grace_seconds, bot_seconds, spectators, "
                        "chat_burst, chat_per_second, summary_seconds, resume_seconds); may be "
                        "repeated")
    p.add_argument("--password", default=None, help="a password joining players must give")
    p.add_argument("--name", default=None,
                   help="the host's name in guests' lists of tables (default: the computer's)")
    p.add_argument("--resume", type=Path, nargs="?", const=LAST, default=None, metavar="FILE",
                   help="restart a table from its action log (no FILE: the table last "
                        "hosted from this installation's window)")
    p.add_argument("--log-dir", type=Path, default=None, help="where action logs go")
    p.add_argument("--seed", type=int, default=None, help="seed of the first deal")
    p.add_argument("--pause", type=float, default=RESULT_PAUSE,
                   help=f"seconds between games (default {RESULT_PAUSE:g}, to read the result)")
    p.add_argument("--rate-limit", type=float, default=100.0, help="messages a second per peer")
    p.add_argument("--peer-timeout", type=float, default=4.0,
                   help="seconds of silence after which a peer counts as disconnected")
    from client.phones import add_flags

    add_flags(p)
    p.set_defaults(run=run_host)


def _add_bot(sub: Any) -> None:
    p = sub.add_parser("bot", help="a headless bot that joins a LAN table")
    p.add_argument("--connect", required=True, metavar="HOST:PORT", help="the table")
    p.add_argument("--token-file", type=Path, default=None, metavar="F",
                   help="keeps the seat's token; a restarted bot takes its seat back")
    p.add_argument("--name", default="bot", help="name shown at the table")
    p.add_argument("--level", default=None, help="bot level (default: the game's best)")
    p.add_argument("--password", default=None, help="the table's password")
    p.add_argument("--seed", type=int, default=0, help="seed of the bot's choices")
    p.add_argument("--spectator", action="store_true", help="only watch (with --record)")
    p.add_argument("--record", type=Path, default=None, metavar="F",
                   help="append every message sent and received to F (msgpack)")
    p.add_argument("--silence", type=float, default=GIVE_UP, metavar="SECONDS",
                   help=f"leave after this long without a word from the host, heartbeats "
                        f"counting as words (default {GIVE_UP:g})")
    p.set_defaults(run=run_bot)


def run_host(args: argparse.Namespace) -> int:
    if args.games is not None and args.games < 1:
        raise OptionError("bad_games", "--games must be at least 1.")
    game_options, table_options = split_options(parse_pairs(args.option))
    game = get_game(args.game)
    config = HostConfig(
        game_id=game.id,
        players=args.players if args.players is not None else game.min_players,
        options=game_options, bots=args.bots, bot_level=args.bot_level, bind=args.bind,
        port=args.port, password=args.password,
        grace=float(table_options["grace_seconds"]),
        bot_delay=float(table_options["bot_seconds"]), games=args.games, pause=args.pause,
        rate=args.rate_limit, timeout=args.peer_timeout, seed=args.seed, log_dir=args.log_dir,
        spectators=int(table_options["spectators"]),
        chat_burst=float(table_options["chat_burst"]),
        chat_rate=float(table_options["chat_per_second"]),
        summary=float(table_options["summary_seconds"]),
        resume_wait=float(table_options["resume_seconds"]),
    )
    from net.host import Host

    host = Host(config, resume=last_table() if args.resume == LAST else args.resume)
    bind = host.config.bind  # a resumed table listens where it did before
    address = bind
    if bind in ("0.0.0.0", ""):
        from net.addresses import lan_address

        address = lan_address()
    from client.phones import headless_lines

    try:
        gateway, lines = headless_lines(args, host, address)
    except Exception:
        host.abandon()  # (the phones' port asked for is taken: the mistake changes nothing)
        raise
    print(f"address {address}:{host.port}", flush=True)
    print(f"fingerprint {host.fingerprint}", flush=True)
    print(f"log {host.log_path}", flush=True)
    for line in lines:
        print(line, flush=True)
    if not args.headless:
        print("(no window in this build of the host command; running headless)", flush=True)
    if not args.no_discovery:
        # (zeroconf is imported only by a host that announces itself)
        from client.listing import listing
        from net.discovery import Announcer

        host.announcer = Announcer(
            f"{host.table.game_id} table", address, host.port, host.table.game_id,
            host.table.players, host.keys.public if host.keys else None,
            interface=None if bind in ("0.0.0.0", "") else bind,
            **listing(args.name or socket.gethostname(), host.password is not None),
        )
    from client.stopping import closing_on_signals

    try:
        with closing_on_signals(host.quit):
            return host.serve()
    finally:
        if gateway is not None:
            gateway.close()
        if host.announcer is not None:
            host.announcer.close()


def last_table() -> Path:
    """The log of the table this installation's window hosted last (``client.hosting``)."""
    from client import hosting

    record = hosting.last()
    if record is None:
        raise OptionError("no_table", "This installation has no table to resume; name its "
                                      "log: --resume FILE.")
    return Path(record["log"])


def run_bot(args: argparse.Namespace) -> int:
    from net.botpeer import play_bot
    from net.peer import parse_address

    parse_address(args.connect)
    return play_bot(
        args.connect, name=args.name, level=args.level, token_file=args.token_file,
        password=args.password, seed=args.seed, spectator=args.spectator, record=args.record,
        say=lambda line: print(line, flush=True), give_up=args.silence,
    )
