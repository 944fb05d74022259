"""A private X server for a test's real window: ``with xvfb("800x600") as env`` gives
the environment a child needs to open its window there (SDL's dummy video driver left
out, sound dummy), and stops the server afterwards, even on failure.

The server picks its own free display number (``-displayfd``) and says which: a number
chosen by the test could be taken by another worker of a parallel run, or by anyone
else's X server on the machine.
"""

from __future__ import annotations

import os
import select
import subprocess
import time
from collections.abc import Iterator
from contextlib import contextmanager


def _read_display(fd: int, server: subprocess.Popen[bytes], seconds: float) -> str:
    """The display number the server writes to ``fd`` once it is ready for clients."""
    got = b""
    end = time.monotonic() + seconds
    while not got.endswith(b"\n") and server.poll() is None and time.monotonic() < end:
        ready, _, _ = select.select([fd], [], [], max(0.0, end - time.monotonic()))
        if ready:
            chunk = os.read(fd, 32)
            if not chunk:
                break
            got += chunk
    assert got.strip().isdigit(), "Xvfb did not start"
    return f":{got.decode().strip()}"


@contextmanager
def xvfb(size: str) -> Iterator[dict[str, str]]:
    read, write = os.pipe()
    server = subprocess.Popen(["Xvfb", "-displayfd", str(write), "-screen", "0",
                               f"{size}x24", "-nolisten", "tcp"], pass_fds=(write,),
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(write)
    try:
        display = _read_display(read, server, 20.0)
        env = {k: v for k, v in os.environ.items() if k != "SDL_VIDEODRIVER"}
        env.update(DISPLAY=display, SDL_AUDIODRIVER="dummy")
        yield env
    finally:
        os.close(read)
        server.terminate()
        server.wait(timeout=10)
