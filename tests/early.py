"""Processes a test only waits on, started when collection ends so their waiting (or
their use of the second core) runs beside the rest of the suite.

The whole-tree checks (``house_checks``) each read the whole tree on one core; a
command-line mistake found by waiting for a table that never answers spends its
seconds asleep. Started early, each has its answer ready when its test asks. Each is
started at most once a run; anything not asked for by the end of the run is stopped,
and the folders made for it are removed.
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


def start_command(name: str, command: list[str], env: dict[str, str] | None = None,
                  merged: bool = False) -> None:
    """Run ``command`` from the project's root in the background under ``name``, once
    (``merged``: its stderr goes with its stdout)."""
    if name not in _running:
        _running[name] = subprocess.Popen(
            command, cwd=ROOT, env=env, stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT if merged else subprocess.PIPE, text=True)


def start(name: str, argv: list[str]) -> None:
    """Run ``cheeseknights argv`` in the background under ``name``, once, in a settings
    and data folder of its own."""
    if name in _running:
        return
    home = tempfile.mkdtemp(prefix="ck-early-")
    _homes.append(home)
    env = dict(os.environ, PYTHONPATH=str(ROOT), SDL_VIDEODRIVER="dummy",
               SDL_AUDIODRIVER="dummy", CHEESEKNIGHTS_CONFIG_DIR=home, XDG_DATA_HOME=home)
    start_command(name, [sys.executable, "-m", "client.cli", *argv], env)


def result(name: str, timeout: float) -> tuple[int, str, str]:
    """The started process's exit code, stdout and stderr; one that does not finish in
    ``timeout`` seconds is killed, and its code is -1."""
    proc = _running.pop(name)
    try:
        out, err = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        proc.kill()
        out, err = proc.communicate()
        return -1, out, err or ""
    return proc.returncode, out, err or ""


def answer(name: str, argv: list[str], timeout: float = 30.0) -> tuple[int, str]:
    """The ``cheeseknights argv`` process's exit code and stderr, starting it now if
    nobody has yet."""
    start(name, argv)
    code, _, err = result(name, timeout)
    return code, err


def stop_all() -> None:
    for proc in _running.values():
        if proc.poll() is None:
            proc.kill()
        proc.communicate()
    _running.clear()
    for home in _homes:
        shutil.rmtree(home, ignore_errors=True)
    _homes.clear()
