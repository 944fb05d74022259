"""The log before the wire: whatever the host sends, every line it has written to its
action log is on disk first, and the lines of one batch share one fsync."""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Any

import pytest

import net.log
from net.host import Host
from net.peer import Peer
from net.protocol import PROTOCOL_VERSION, pack
from tests import test_net_host
from tests.test_net_host import config, serving

tmp_path = test_net_host.tmp_path


def counting_fsync(monkeypatch: pytest.MonkeyPatch, delay: float) -> list[int]:
    """fsync made slow; returns the log sizes each fsync had made durable, in order."""
    real_fsync = os.fsync
    synced: list[int] = []

    def fsync(fd: int) -> None:
        size = os.fstat(fd).st_size
        time.sleep(delay)
        real_fsync(fd)
        synced.append(size)

    monkeypatch.setattr(net.log.os, "fsync", fsync)
    return synced


def test_nothing_leaves_while_a_written_line_may_not_be_on_disk(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every message the router takes (acks, updates, lobbies, pings) finds the whole
    log on disk, with a slow disk and the fsync on its own thread."""
    synced = counting_fsync(monkeypatch, 0.01)
    with serving(config(tmp_path, bots=3, options={"hour_seconds": 0.3})) as host:
        sends: list[tuple[int, int]] = []  # (log size, durable size) at each send
        real_try = host.sender._try

        def watched(route: bytes, payload: bytes) -> bool:
            sends.append((host.log_path.stat().st_size, max(synced, default=0)))
            return real_try(route, payload)

        host.sender._try = watched  # type: ignore[method-assign]
        peer = Peer(f"127.0.0.1:{host.port}", name="me")
        watcher = Peer(f"127.0.0.1:{host.port}", spectator=True)
        acks: list[int] = []

        def record(way: str, message: dict[str, Any]) -> None:
            if message["type"] == "ack":
                acks.append(message["n"])

        peer.record = record
        end = time.monotonic() + 20
        while len(acks) < 3 and time.monotonic() < end and not host.table.finished:
            for message in peer.wait(0.02):
                if message["type"] == "update" and message["legal"]:
                    peer.send(message["legal"][0])
            watcher.poll()
        peer.close()
        watcher.close()
    assert acks, "no action was acknowledged"
    assert len(sends) > 5
    assert [s for s in sends if s[1] < s[0]] == []


def test_the_lines_of_one_batch_share_one_fsync(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Three seats claimed in one turn of the loop: three lines, one fsync, and the
    three welcomes go out after it."""
    host = Host(config(tmp_path, players=4))
    synced = counting_fsync(monkeypatch, 0.0)
    sent: list[int] = []
    host.sender._try = lambda route, payload: sent.append(len(synced)) or True  # type: ignore[method-assign]
    try:
        for n in range(3):
            host.handle(f"k{n}", b"r%d" % n, pack({"type": "join", "v": PROTOCOL_VERSION,
                                                   "name": f"p{n}"}), 0.0)
        assert sent == [] and synced == []  # written, held: nothing out yet
        host._flush(0.0)
        assert len(synced) == 1 and synced[0] == host.log_path.stat().st_size
        assert len(sent) >= 3 and set(sent) == {1}
    finally:
        host.close()
