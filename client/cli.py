"""``cheeseknights``: the one entry point. Subcommands live in ``client/commands``."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from client import __version__
from client.cli_checks import check_arguments
from client.cli_errors import CliError
from client.commands import arena, gui, join, lan, learn, moderate, replay, sim
from core.errors import RulesError

COMMANDS = (sim, arena, lan, join, gui, moderate, replay, learn)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="cheeseknights",
        description="Cheese Thief, Choose!, Seven Knights Bewitched and Sly Knight Robbery.",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for module in COMMANDS:
        module.add_parser(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        check_arguments(args)
        if args.command is None:
            return gui.run_menu(args)
        result: int = args.run(args)
        return result
    except (RulesError, CliError, TimeoutError) as exc:
        print(f"cheeseknights: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except Exception as exc:
        # ZeroMQ is imported only by commands that use the network (the menu opens
        # faster without it), so its error is recognised without importing it here.
        zmq = sys.modules.get("zmq")
        if zmq is None or not isinstance(exc, zmq.ZMQError):
            raise
        # an address ZeroMQ cannot use, a port in use
        print(f"cheeseknights: The network refused that: {exc}.", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
