"""Processes a test only waits on, started when collection ends so their waiting runs
beside the rest of the suite (as ``house_checks`` does for the whole-tree checks).

A command-line mistake that is found by waiting for a table that never answers spends
its seconds asleep; started early, it has its answer ready when its test asks. Each is
started at most once a run, in a settings and data folder of its own; anything not
asked for by the end of the run is stopped.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

_running: dict[str, subprocess.Popen[str]] = {}
_homes: list[str] = []


def start(name: str, argv: list[str]) -> None:
    """Run ``cheeseknights argv`` in the background under ``name``, once."""
    if name in _running:
        return
    home = tempfile.mkdtemp(prefix="ck-early-")
    _homes.append(home)
    env = dict(os.environ, PYTHONPATH=str(ROOT), SDL_VIDEODRIVER="dummy",
               SDL_AUDIODRIVER="dummy", CHEESEKNIGHTS_CONFIG_DIR=home, XDG_DATA_HOME=home)
    _running[name] = subprocess.Popen(
        [sys.executable, "-m", "client.cli", *argv], cwd=ROOT, env=env,
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def answer(name: str, argv: list[str], timeout: float = 30.0) -> tuple[int, str]:
    """The process's exit code and stderr, starting it now if nobody has yet."""
    start(name, argv)
    proc = _running.pop(name)
    try:
        _, err = proc.communicate(timeout=timeout)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    return proc.returncode, err


def stop_all() -> None:
    for proc in _running.values():
        if proc.poll() is None:
            proc.kill()
        proc.communicate()
    _running.clear()
    for home in _homes:
        shutil.rmtree(home, ignore_errors=True)
    _homes.clear()
