"""The whole-tree checks (mypy, ruff), started in the background as soon as a run knows
it will ask for them.

They are the slowest single tests, each a process that reads the whole tree and uses
one core. The rest of the suite runs on one core too, so starting them when collection
ends lets both cores work; the tests then only wait for an answer that is usually
already there. Each check is started at most once a run; anything not asked for by the
end of the run is stopped.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

COMMANDS = {
    "mypy": [sys.executable, "-m", "mypy"],
    "ruff": [sys.executable, "-m", "ruff", "check", "."],
}
"""Each check, as a command run from the project's root."""

TESTS = {"mypy": "test_mypy_strict_on_core_net_and_client", "ruff": "test_ruff_is_clean"}
"""The test that reads each check's answer."""

TIMEOUT = 600.0

_running: dict[str, subprocess.Popen[str]] = {}


def start(name: str) -> None:
    if name not in _running:
        _running[name] = subprocess.Popen(
            COMMANDS[name], cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
            text=True,
        )


def answer(name: str) -> tuple[int, str]:
    """The check's exit code and output, starting it now if nobody has yet."""
    start(name)
    proc = _running[name]
    try:
        out, _ = proc.communicate(timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        proc.kill()
        out, _ = proc.communicate()
        return -1, f"{name} did not finish in {TIMEOUT:.0f} s\n{out}"
    return proc.returncode, out


def stop_all() -> None:
    for proc in _running.values():
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    _running.clear()
