"""A LAN host's log replays: after a real host ran two games with bot peers over
ZeroMQ, every view each peer received comes back, in order, in that seat's replay
(a host's log has no ticks, so its replay may hold moments between two of them)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import tests.test_net_lan as lan
from net.replay import load, messages
from net.talk import TalkKeeper
from tests.test_net_lan import Procs, finish, host_args, start_host
from tests.test_net_lan import messages as recorded

procs, tmp_path = lan.procs, lan.tmp_path
"""The LAN tests' fixtures: processes that die with the test, a directory of its own."""


def live_views(record: Path) -> dict[int, list[Any]]:
    """Per game, the views one peer was sent (talk put back as the peer does)."""
    talk = TalkKeeper()
    out: dict[int, list[Any]] = {}
    for direction, message in recorded(record):
        if direction == "in" and message["type"] == "update":
            talk.restore(message)
            out.setdefault(message["game_no"], []).append(message["view"])
    return out


def in_order(wanted: list[Any], among: list[Any]) -> bool:
    found = iter(among)
    return all(any(view == seen for seen in found) for view in wanted)


def test_a_lan_hosts_log_replays_what_each_peer_saw(procs: Procs, tmp_path: Path) -> None:
    n = 4
    host, host_out, address, log = start_host(
        procs, "host", host_args("cheese_thief", n, tmp_path, "--games", "2"))
    peers = []
    for seat in range(n):
        record = tmp_path / f"p{seat}.rec"
        peers.append((*procs.start(f"p{seat}", "bot", "--connect", address, "--name",
                                   f"p{seat}", "--record", str(record)), record))
    finish(host, host_out)
    for proc, out, _ in peers:
        finish(proc, out)
    recording = load(log)
    assert [g.no for g in recording.finished_games()] == [1, 2]
    assert sorted(name for name in recording.names if name) == [f"p{s}" for s in range(n)]
    for _, _, record in peers:
        seat = next(m["seat"] for d, m in recorded(record) if m["type"] == "welcome")
        for no, views in live_views(record).items():
            replayed = [m["view"] for m in messages(recording, seat, no)]
            assert in_order(views, replayed), (seat, no)
            assert replayed[-1] == views[-1] and views[-1]["result"] is not None
