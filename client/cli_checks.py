"""Arguments checked before a command runs, so a mistake is one sentence and exit 2.

Each check reads a flag by its name wherever a command has it (``--port``,
``--web-port``, ``--level``, ``--bot-level``, ``--screenshot``, ``--resume``, an
address), so every command that takes the flag gets the same check and the same
sentence.
"""

from __future__ import annotations

import argparse
import os
from pathlib import Path

from client.cli_errors import CliError
from core.registry import BOTS, about

HIGHEST_PORT = 65534
"""The table's port; the next one serves its key, so 65535 cannot be a table's."""


def check_arguments(args: argparse.Namespace) -> None:
    """Raise CliError (or RulesError) for the first bad argument; None when all are fine."""
    port = getattr(args, "port", None)
    if port is not None and not 0 <= port <= HIGHEST_PORT:
        raise CliError(f"--port must be from 1 to {HIGHEST_PORT} (or 0 for any), not {port}.")
    web = getattr(args, "web_port", None)
    if web is not None and not 0 <= web <= 65535:  # (before the table opens its log)
        raise CliError(f"--web-port must be from 1 to 65535 (or 0 for any), not {web}.")
    for name in ("address", "connect"):
        address = getattr(args, name, None)
        if isinstance(address, str):
            from net.peer import parse_address  # the network stack, only when asked

            parse_address(address)
    level = getattr(args, "level", None)
    known = sorted({lv for levels in BOTS.values() for lv in levels})
    if level is not None and level not in known:
        raise CliError(f"There is no bot level {level!r} (the levels: {', '.join(known)}).")
    bot_level = getattr(args, "bot_level", None)
    if bot_level is not None and isinstance(getattr(args, "game", None), str):
        levels = BOTS.get(about(args.game).id, {})
        if bot_level not in levels:
            raise CliError(f"{args.game} has no bot level {bot_level!r} ({', '.join(levels)}).")
    shot = getattr(args, "screenshot", None)
    if shot:
        folder = Path(shot).expanduser().resolve().parent
        if not folder.is_dir() or not os.access(folder, os.W_OK):
            raise CliError(
                f"Cannot write the screenshot {shot}: {folder} is not a writable folder."
            )
    resume = getattr(args, "resume", None)
    from client.commands.lan import LAST  # (no file: the window's last table, found later)

    if resume is not None and resume != LAST and not Path(resume).is_file():
        raise CliError(f"There is no log to resume at {resume}.")
