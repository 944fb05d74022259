"""A real window (dummy video) in the test's own process, with an installation of its own
(settings, seat tokens), and a way to run it until something is on screen."""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


@contextmanager
def own_window(home: Path, monkeypatch: Any, name: str = "Aki") -> Iterator[Any]:
    """An English window named ``name`` on its main menu, its files under ``home``; it
    hangs up (and forgets its seats) when the test ends, whatever happens."""
    from client import identity
    from client.app import App
    from client.scenes.menu import MenuScene
    from client.settings import Settings

    monkeypatch.setenv("CHEESEKNIGHTS_CONFIG_DIR", str(home / "config"))
    monkeypatch.setenv(identity.DATA_ENV, str(home / "data"))
    identity.reset_for_tests()
    app = App(Settings(name=name, language="en"), headless=True, size=(1024, 700))
    app.push(MenuScene(app))
    try:
        yield app
    finally:
        app.close()
        identity.reset_for_tests()


def run_until(app: Any, done: Any, seconds: float) -> None:
    """Frames, in real time, until ``done()`` (which must come within ``seconds``)."""
    from client.app import HEADLESS_DT

    end = time.monotonic() + seconds
    while time.monotonic() < end and not done():
        app.step(HEADLESS_DT)
        time.sleep(0.01)
    assert done(), getattr(app.scene, "sentence", type(app.scene).__name__)
