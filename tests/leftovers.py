"""What a test opened and must close even when it fails.

A ZeroMQ context left open by a test that stopped at a failed assertion is closed by the
garbage collector later, in whichever test happens to be running, and there its ``term``
can wait forever for a socket: the next test on that worker then hangs until the hang
guard stops the worker. So a test helper that opens a context names its ``close`` here,
and every test's teardown calls what is left (``tests/conftest.py``).
"""

from __future__ import annotations

from collections.abc import Callable

_LEFT: list[Callable[[], None]] = []


def close_later(close: Callable[[], None]) -> None:
    """Call ``close`` when the running test ends, if nothing did before (it must be
    harmless to call twice)."""
    _LEFT.append(close)


def close_all() -> None:
    while _LEFT:
        _LEFT.pop()()
