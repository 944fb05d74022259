"""The whole-tree checks (mypy, ruff), started in the background (``tests.early``) as
soon as a run knows it will ask for them.

They are the slowest single tests, each a process that reads the whole tree and uses
one core. The rest of the suite runs on one core too, so starting them when collection
ends lets both cores work; the tests then only wait for an answer that is usually
already there.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import platformdirs

from tests import early

COMMANDS = {
    "mypy": [sys.executable, "-m", "mypy"],
    "ruff": [sys.executable, "-m", "ruff", "check", "."],
}
"""Each check, as a command run from the project's root."""

TESTS = {"mypy": "test_mypy_strict_on_core_net_and_client", "ruff": "test_ruff_is_clean"}
"""The test that reads each check's answer."""

TIMEOUT = 600.0

MYPY_CACHE = Path(platformdirs.user_cache_dir("cheeseknights-tests")) / "mypy"
"""Where the suite's mypy keeps its cache, unless ``MYPY_CACHE_DIR`` names another:
outside the tree, so that a fresh clone (as CI's) checks only what differs from the
last run on this machine rather than the standard library and every stub again (5 s of
a core, against a quarter of a second). mypy checks each cached module against its
file's contents, whichever clone wrote it, as it does its own ``.mypy_cache``."""


def mypy_env() -> dict[str, str]:
    """The environment the suite runs mypy in: its cache at ``MYPY_CACHE``."""
    return {"MYPY_CACHE_DIR": str(MYPY_CACHE), **os.environ}


def start(name: str) -> None:
    early.start_command(name, COMMANDS[name], env=mypy_env() if name == "mypy" else None,
                        merged=True)


def answer(name: str) -> tuple[int, str]:
    """The check's exit code and output, starting it now if nobody has yet."""
    start(name)
    code, out, _ = early.result(name, TIMEOUT)
    if code == -1:
        return -1, f"{name} did not finish in {TIMEOUT:.0f} s\n{out}"
    return code, out
