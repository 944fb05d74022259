"""Ports for the tables the tests start, where a table started again must find its
port still free.

A host started on port 0 gets a port from the system's ephemeral range (32768-60999
on Linux), the range every outgoing connection of the machine takes its own port
from too. A test that kills a host and starts it again from its log asks for the
same port back, and meanwhile any connection of any process (a browser's, a peer's,
another test's) may have been given it: once in a whole run here, the resumed host
found "Address already in use" and the test failed.

So a table gets a port below that range, where the system hands out none by itself,
from a block of this worker's own, so that two workers of a parallel run never offer
the same port; within the block, ports are taken in turn and each is checked free
(a host of an earlier test may linger on its port a moment)."""

from __future__ import annotations

import os
import socket

FIRST = 20000
"""The first port of the blocks; the last block ends below the ephemeral range."""
BLOCK = 1000
"""Ports per worker."""
BLOCKS = 12
"""Workers with a block of their own (a run of more shares blocks round)."""
SPAN = 3
"""Ports a table takes: its own, its key socket's (+1) and its phones' (+2)."""

WINDOW_PORT = "CHEESEKNIGHTS_TEST_PORT"
"""The port a window a test drives (``tests/window_driver.py``) hosts its table on."""

_taken = [0]
"""Ports this process has offered from its block, in turn."""


def _block() -> int:
    worker = os.environ.get("PYTEST_XDIST_WORKER", "gw0")
    number = int(worker[2:]) if worker[2:].isdigit() else 0
    return FIRST + (number % BLOCKS) * BLOCK


def _free(port: int) -> bool:
    with socket.socket() as probe:
        try:
            probe.bind(("", port))  # (every interface: a table's phones listen on all)
        except OSError:
            return False
    return True


def table_port() -> int:
    """A port T for a table, with T + 1 and T + 2 free too (a resumed host takes the
    same three), which the system gives no connection of its own accord."""
    start = _block()
    for _ in range(BLOCK // SPAN):
        port = start + _taken[0] % (BLOCK - SPAN)
        _taken[0] += SPAN
        if all(_free(port + offset) for offset in range(SPAN)):
            return port
    raise AssertionError(f"no {SPAN} free ports in a row from {start} to {start + BLOCK}")
