"""The tables' ports of a test run (``tests/ports.py``): below the system's own range,
a block per worker, and never one that something holds."""

from __future__ import annotations

import socket
from pathlib import Path

import pytest

from tests import ports

RANGE = Path("/proc/sys/net/ipv4/ip_local_port_range")


@pytest.mark.skipif(not RANGE.exists(), reason="the ephemeral range is Linux's")
def test_every_block_lies_below_the_ports_the_system_hands_out() -> None:
    low = int(RANGE.read_text().split()[0])
    assert low >= ports.FIRST + ports.BLOCKS * ports.BLOCK


def test_each_worker_has_a_block_of_its_own(monkeypatch: pytest.MonkeyPatch) -> None:
    starts = set()
    for number in range(ports.BLOCKS):
        monkeypatch.setenv("PYTEST_XDIST_WORKER", f"gw{number}")
        starts.add(ports._block())
    ordered = sorted(starts)
    assert len(ordered) == ports.BLOCKS
    assert all(ordered[i + 1] - ordered[i] >= ports.BLOCK for i in range(len(ordered) - 1))


def test_a_port_held_is_passed_over_and_a_table_s_three_are_free() -> None:
    first = ports.table_port()  # (the next in turn that is free: a port of the block
    ports._taken[0] -= ports.SPAN  # may be held a while after a run's host; offered again)
    with socket.socket() as held:
        held.bind(("127.0.0.1", first + 2))  # its phones' port
        port = ports.table_port()
        assert port != first
    for offset in range(ports.SPAN):
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", port + offset))
