"""Ending a host on purpose: Ctrl+C (SIGINT) and SIGTERM close the table the way a
person closing its window does, so every guest is told the table closed rather than
left to find out that the host went quiet. A second signal ends it at once."""

from __future__ import annotations

import signal
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from types import FrameType
from typing import Any

SIGNALS = (signal.SIGINT, signal.SIGTERM)


def on_signals(stop: Callable[[], None]) -> dict[int, Any]:
    """From now on the first SIGINT or SIGTERM calls ``stop`` (which must only ask a loop
    to end: it runs between two of the loop's steps), and the next one raises
    KeyboardInterrupt, for a program that cannot finish ending; the handlers replaced."""
    asked = [False]

    def handler(signum: int, frame: FrameType | None) -> None:
        if asked[0]:
            raise KeyboardInterrupt
        asked[0] = True
        stop()

    return {sig: signal.signal(sig, handler) for sig in SIGNALS}


@contextmanager
def closing_on_signals(close: Callable[[], None]) -> Iterator[None]:
    """``on_signals(close)`` while inside."""
    before = on_signals(close)
    try:
        yield
    finally:
        for sig, old in before.items():
            signal.signal(sig, old)
