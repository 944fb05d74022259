"""The log before the wire, with a host in its own process: an ack, and the update that
carries a chat line, reach a peer only once the line is on disk. And on a host in this
process: the fsync is under way while the views are built, and every turn of the
host's loop makes at most one fsync however many lines its messages wrote."""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import net.log
from net.host import Host
from net.peer import Peer
from net.protocol import PROTOCOL_VERSION, pack
from net.table import Table
from tests.test_net_host import config, serving

ROOT = Path(__file__).resolve().parent.parent

HOOKED_HOST = """
import os, sys
real = os.fsync
side = os.open(sys.argv.pop(1), os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
def fsync(fd):
    size = os.fstat(fd).st_size  # every byte written before the fsync begins
    real(fd)
    os.write(side, b"%d\\n" % size)  # on disk now (the test reads this file)
os.fsync = fsync
from client.cli import main
sys.exit(main(sys.argv[1:]))
"""
"""The headless host, its every fsync telling a side file how much of its log is durable."""


@pytest.fixture
def tmp_path() -> Iterator[Path]:
    with tempfile.TemporaryDirectory(prefix="cknet-") as name:
        yield Path(name)


def durable(side: Path) -> int:
    """How many bytes of the host's log its fsyncs have made durable so far."""
    lines = side.read_bytes().split(b"\n")[:-1]
    return max((int(line) for line in lines), default=0)


def line_ends(log: bytes, needle: bytes) -> list[int]:
    """Where each log line holding ``needle`` ends (just past its newline)."""
    ends, at = [], log.find(needle)
    while at >= 0:
        ends.append(log.index(b"\n", at) + 1)
        at = log.find(needle, ends[-1])
    return ends


def test_a_host_process_sends_nothing_before_its_line_is_on_disk(tmp_path: Path) -> None:
    """Each ack, and each update carrying one of this seat's chat lines, arrives only
    when the fsync that covers the line has returned in the host's process."""
    side = tmp_path / "durable"
    args = [sys.executable, "-c", HOOKED_HOST, str(side), "host", "--headless",
            "--game", "cheese_thief", "--players", "4", "--bots", "3", "--port", "0",
            "--bind", "127.0.0.1", "--no-discovery", "--log-dir", str(tmp_path),
            "--option", "hour_seconds=0.05",
            "--option", "discussion_seconds=60", "--option", "bot_seconds=0"]
    host = subprocess.Popen(args, stdout=subprocess.PIPE, cwd=ROOT,
                            env=dict(os.environ, PYTHONPATH=str(ROOT)))
    try:
        assert host.stdout is not None
        said = [host.stdout.readline().decode().split(maxsplit=1) for _ in range(3)]
        address, log_path = dict(said)["address"].strip(), Path(dict(said)["log"].strip())
        peer = Peer(address, name="me")
        acks: list[int] = []  # durable bytes of the log as each ack arrived
        probes: dict[int, int] = {}  # chat line k -> durable bytes as its update arrived

        def record(way: str, message: dict[str, Any]) -> None:
            if way != "in":
                return
            if message["type"] == "ack":
                acks.append(durable(side))
            for event in message.get("events") or [] if message["type"] == "update" else []:
                text = str(event.get("text", ""))
                if text.startswith("probe ") and int(text[6:]) not in probes:
                    probes[int(text[6:])] = durable(side)

        peer.record = record
        end = time.monotonic() + 30
        asked = 0
        while len(probes) < 5 and time.monotonic() < end:
            for message in peer.wait(0.02):
                if message["type"] != "update" or not message["legal"]:
                    continue
                if message["view"].get("chat_open"):
                    if asked == len(probes):
                        asked += 1
                        peer.send({"type": "chat", "text": f"probe {asked}"})
                else:
                    peer.send(message["legal"][0])
        peer.close()
        log = log_path.read_bytes()
    finally:
        host.kill()
        host.wait()
    assert len(probes) == 5, "the chat lines did not come back"
    acted = line_ends(log, b'"t":"act","seat":0,')
    assert len(acks) == len(acted) >= 5
    assert all(got >= end for got, end in zip(acks, acted, strict=True))
    for k, got in probes.items():
        assert got >= line_ends(log, f'"text":"probe {k}"'.encode())[0]


def test_the_fsync_is_under_way_while_the_views_are_built(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The log's thread is inside its fsync before the host's loop builds a view, so
    the disk and the views work at the same time (a thread merely woken would wait
    for the interpreter until the loop blocks for the fsync's answer)."""
    host = Host(config(tmp_path, bots=3))
    host.on_line = lambda line: None
    inside, free = threading.Event(), threading.Event()
    seen: list[bool] = []
    real_fsync, real_updates = os.fsync, Table.updates

    def fsync(fd: int) -> None:
        inside.set()
        free.wait(5)
        real_fsync(fd)

    def updates(table: Table, now: float, **how: Any) -> Any:
        seen.append(inside.is_set())
        free.set()
        return real_updates(table, now, **how)

    monkeypatch.setattr(net.log.os, "fsync", fsync)
    monkeypatch.setattr(Table, "updates", updates)
    # The interpreter forces a switch after 5 ms: on a loaded machine the log's thread,
    # stalled for that long between its handshake and its fsync, handed the interpreter
    # back to the loop first (seen under six workers on two cores). A long interval
    # leaves only the handshake to order them; without it the loop, holding the
    # interpreter, still builds its views before the thread runs at all.
    switch = sys.getswitchinterval()
    sys.setswitchinterval(1.0)
    try:
        host.handle("k0", b"r0", pack({"type": "join", "v": PROTOCOL_VERSION,
                                                   "ready": True}), 0.0)
        assert host.started and host.log.pending
        host._flush(0.0)
    finally:
        sys.setswitchinterval(switch)
        host.close()
    assert seen[:1] == [True]


def test_every_turn_of_the_loop_makes_at_most_one_fsync(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Bursts of chat lines, the loop held while they arrive: the lines one turn reads
    (and any a clock or a bot adds in that turn) share one fsync."""
    turn = [0]
    fsyncs: dict[int, int] = {}
    lines: dict[int, int] = {}
    chats: dict[int, int] = {}
    real_fsync = os.fsync

    def fsync(fd: int) -> None:
        fsyncs[turn[0]] = fsyncs.get(turn[0], 0) + 1
        real_fsync(fd)

    monkeypatch.setattr(net.log.os, "fsync", fsync)
    options = {"hour_seconds": 0.05, "discussion_seconds": 60}
    held, going = threading.Event(), threading.Event()
    with serving(config(tmp_path, bots=3, options=options, chat_burst=1000.0)) as host:
        real_step, real_append = host.step, host.log.append

        def step(now: float) -> bool:
            done = real_step(now)
            turn[0] += 1
            if held.is_set():
                going.wait(5)
            return done

        def append(record: dict[str, Any]) -> None:
            lines[turn[0]] = lines.get(turn[0], 0) + 1
            if record.get("action", {}).get("type") == "chat":
                chats[turn[0]] = chats.get(turn[0], 0) + 1
            real_append(record)

        host.step = step  # type: ignore[method-assign]
        host.log.append = append  # type: ignore[method-assign]
        peer = Peer(f"127.0.0.1:{host.port}", name="me")
        end = time.monotonic() + 20
        while time.monotonic() < end and max(chats.values(), default=0) < 3:
            for message in peer.wait(0.02):
                if message["type"] != "update" or not message["legal"]:
                    continue
                if not message["view"].get("chat_open"):
                    peer.send(message["legal"][0])
                    continue
                going.clear()
                held.set()  # the loop stops after its next turn...
                for k in range(5):
                    peer.send({"type": "chat", "text": f"burst {k}"})
                time.sleep(0.05)  # (how long the lines have to arrive: not asserted)
                held.clear()
                going.set()  # ...and reads them all in the turn after
        peer.close()
    assert max(chats.values(), default=0) >= 3, "no turn read several chat lines"
    assert all(count == 1 for count in fsyncs.values()), (fsyncs, lines)
    assert all(fsyncs.get(t) == 1 for t in lines)
