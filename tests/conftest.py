"""Set-up every test shares, made before any test module is imported: screens and
sound go to SDL's dummy drivers, and settings to a folder of their own, so a test run
never opens a window, plays a sound or touches the user's settings. And no test may
hang: a stuck one prints every thread's stack and stops the run."""

from __future__ import annotations

import faulthandler
import os
import tempfile
from collections.abc import Iterator
from typing import Any

import pytest

from tests import early, house_checks

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("CHEESEKNIGHTS_CONFIG_DIR", tempfile.mkdtemp(prefix="ck-settings-"))

HANG = 240.0
"""Seconds after which a test is taken to hang, so a stuck socket fails the run in
minutes rather than at CI's limit."""


@pytest.fixture(autouse=True)
def _no_test_hangs() -> Iterator[None]:
    faulthandler.dump_traceback_later(HANG, exit=True)
    yield
    faulthandler.cancel_dump_traceback_later()


@pytest.fixture(scope="module")
def app() -> Any:
    """A headless 1280x720 window with default settings, one per test module, for the
    table tests to draw on; a module that needs another window defines its own."""
    from client.app import App
    from client.settings import Settings

    return App(Settings(), headless=True, size=(1280, 720))


def pytest_collection_finish(session: pytest.Session) -> None:
    """Start the whole-tree checks and the processes that only wait, which this run
    will ask for, so they run beside the suite (in a parallel run, each test starts
    its own)."""
    if hasattr(session.config, "workerinput"):
        return
    names = {item.name for item in session.items}
    for check, test in house_checks.TESTS.items():
        if test in names:
            house_checks.start(check)
    if "test_each_mistake_is_one_sentence_and_exit_2" in names:
        from tests.test_cli_mistakes import PROCESSES

        for name, argv in PROCESSES.items():
            early.start(name, argv)


def pytest_sessionfinish(session: pytest.Session) -> None:
    early.stop_all()  # (the whole-tree checks too)
