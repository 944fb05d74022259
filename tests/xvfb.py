"""A private X server for a test's real window: ``with xvfb(":N", "800x600") as env``
gives the environment a child needs to open its window there (SDL's dummy video driver
left out, sound dummy), and stops the server afterwards, even on failure."""

from __future__ import annotations

import os
import subprocess
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path


@contextmanager
def xvfb(display: str, size: str) -> Iterator[dict[str, str]]:
    server = subprocess.Popen(["Xvfb", display, "-screen", "0", f"{size}x24", "-nolisten",
                               "tcp"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        # the server is up once its socket is there (not after a guessed second)
        socket = Path(f"/tmp/.X11-unix/X{display[1:]}")
        end = time.monotonic() + 20
        while not socket.exists() and server.poll() is None and time.monotonic() < end:
            time.sleep(0.02)
        assert socket.exists(), "Xvfb did not start"
        env = {k: v for k, v in os.environ.items() if k != "SDL_VIDEODRIVER"}
        env.update(DISPLAY=display, SDL_AUDIODRIVER="dummy")
        yield env
    finally:
        server.terminate()
        server.wait(timeout=10)
