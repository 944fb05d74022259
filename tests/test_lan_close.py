"""A person closes the window in the middle of a LAN game and comes back: real host and
window processes (dummy video), real ZeroMQ on 127.0.0.1.

The first window joins from the command line, presses Ready, and at the table is
closed with ``pygame.QUIT`` (what the close button sends). The program is started again
with only the main menu; its *Rejoin* entry takes the same seat back, with the whole
log of the game, and the game is played to its end (``tests/window_driver.py``).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from tests.ports import WINDOW_PORT, table_port
from tests.test_net_lan import (
    ROOT,
    Procs,
    finish,
    host_args,
    procs,
    start_host,
    tmp_path,
    wait_line,
)

__all__ = ["procs", "tmp_path"]  # the fixtures, shared with the other LAN tests


def window(procs: Procs, name: str, *args: str) -> tuple[subprocess.Popen[bytes], Path]:
    """A window process of this installation (its own settings and data directory)."""
    tmp = procs.directory
    out = tmp / f"{name}.out"
    env = dict(os.environ, PYTHONPATH=str(ROOT), SDL_VIDEODRIVER="dummy",
               SDL_AUDIODRIVER="dummy", CHEESEKNIGHTS_DATA_DIR=str(tmp / "data"),
               CHEESEKNIGHTS_CONFIG_DIR=str(tmp / "config"))
    env[WINDOW_PORT] = str(table_port())
    with open(out, "wb") as sink:
        proc = subprocess.Popen([sys.executable, "-m", "tests.window_driver", *args],
                                stdout=sink, stderr=subprocess.STDOUT, cwd=ROOT, env=env)
    procs.running.append(proc)  # killed when the test ends, whatever happens
    return proc, out


def test_a_closed_window_rejoins_from_the_menu_and_the_game_completes(
        procs: Procs, tmp_path: Path) -> None:
    # Turns of one second: while the window is away its turns pass (it dozes off);
    # the grace period is longer than that, so no stand-in bot takes over meanwhile.
    args = host_args("choose", 2, tmp_path, "--games", "1", "--bots", "1",
                     "--peer-timeout", "2", timer=1.0)
    host, host_out, address, log = start_host(procs, "host", args)
    first, first_out = window(procs, "first", "close", "join", address, "--name", "Ivy",
                              "--stats")
    wait_line(first_out, "closing at ", 30)
    finish(first, first_out, timeout=20)  # the close button ends the program cleanly
    assert json.loads(wait_line(first_out, "{", 1))["seat"] == 0

    again, again_out = window(procs, "again", "rejoin", "menu")
    finish(again, again_out, timeout=60)
    report = json.loads(wait_line(again_out, "{", 1))
    assert report["seat"] == 0 and report["reclaimed"] is True
    assert report["result"] is not None and report["log"] > 10
    finish(host, host_out, timeout=20)
    assert "game 1 over" in host_out.read_text()
    seat_lines = [line for line in log.read_text().splitlines() if '"t":"seat"' in line]
    assert len(seat_lines) == 1  # the seat came back; it was never given out again
