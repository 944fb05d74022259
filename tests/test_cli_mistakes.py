"""Every command-line mistake is one sentence on stderr and exit status 2, never a
traceback: each case runs the real program, all of them at once."""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

NOBODY = "127.0.0.1:9"  # the discard port: nothing answers a table's key request there

MISTAKES = {
    # A window shows a refusal with a way on (Try again); without one it is a sentence.
    "join, nothing answers": ["join", "--headless", NOBODY],
    "bot, nothing answers": ["bot", "--connect", NOBODY],
    "join, malformed address": ["join", "no-port-here"],
    "join, no time to answer": ["join", "--headless", NOBODY, "--answer-seconds", "0"],
    "bot, malformed address": ["bot", "--connect", "table:99999"],
    "bot, unknown level": ["bot", "--connect", NOBODY, "--level", "godlike"],
    "host, unknown bot level": ["host", "--headless", "--bots", "1", "--bot-level", "godlike"],
    "host, port too high": ["host", "--headless", "--no-discovery", "--port", "80000"],
    "host, negative port": ["host", "--headless", "--no-discovery", "--port", "-5"],
    "watch, screenshot into a missing folder": [
        "watch", "--headless", "--frames", "2", "--screenshot", "/no/such/folder/shot.png"],
    "host, missing resume file": ["host", "--headless", "--resume", "/no/such/table.log"],
    "watch, no games": ["watch", "--headless", "--games", "0"],
}


def test_each_mistake_is_one_sentence_and_exit_2() -> None:
    with tempfile.TemporaryDirectory() as home:
        env = dict(os.environ, PYTHONPATH=str(ROOT), SDL_VIDEODRIVER="dummy",
                   SDL_AUDIODRIVER="dummy", CHEESEKNIGHTS_CONFIG_DIR=home, XDG_DATA_HOME=home)
        running = {
            name: subprocess.Popen([sys.executable, "-m", "client.cli", *argv], cwd=ROOT,
                                   env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                   text=True)
            for name, argv in MISTAKES.items()
        }
        try:
            for name, proc in running.items():
                _, err = proc.communicate(timeout=30)
                lines = err.strip().splitlines()
                assert proc.returncode == 2, (name, err)
                assert len(lines) == 1 and lines[0].startswith("cheeseknights: "), (name, err)
                assert lines[0].endswith("."), (name, err)
        finally:
            for proc in running.values():
                if proc.poll() is None:
                    proc.kill()
                    proc.wait()
