"""``cheeseknights``: the one entry point. Subcommands live in ``client/commands``."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from client.commands import lan, sim
from core.errors import RulesError

COMMANDS = (sim, lan)


class CliError(Exception):
    """A bad argument, reported as one sentence and exit status 2."""


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="cheeseknights",
        description="Cheese Thief, Choose!, Seven Knights Bewitched and Sly Knight Robbery.",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for module in COMMANDS:
        module.add_parser(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command is None:
        parser.print_help()
        return 0
    try:
        result: int = args.run(args)
        return result
    except (RulesError, CliError) as exc:
        print(f"cheeseknights: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
