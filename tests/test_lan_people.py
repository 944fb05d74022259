"""LAN play as people meet it, with real processes on 127.0.0.1: a bot peer that sits
through a long discussion hearing only heartbeats, a headless windowed ``join`` and its
stats line, and a table that stays on the network when its free seats change."""

from __future__ import annotations

import json
import time
from pathlib import Path

from net.discovery import Announcer, browse
from net.peer import Peer
from tests.test_net_lan import Procs, finish, host_args, procs, start_host, tmp_path

__all__ = ["procs", "tmp_path"]  # the fixtures, shared with the other LAN tests

SILENCE = 1.5
"""The bot peers' silence here; the discussion below lasts several times as long."""


def test_a_bot_peer_sits_through_a_discussion_longer_than_its_silence(
        procs: Procs, tmp_path: Path) -> None:
    args = host_args("cheese_thief", 4, tmp_path, "--games", "1", "--bots", "2", timer=0.1)
    args += ["--option", f"discussion_seconds={SILENCE * 3}", "--peer-timeout", "3"]
    host, host_out, address, _ = start_host(procs, "host", args)
    bot, bot_out = procs.start("bot", "bot", "--connect", address, "--silence", str(SILENCE))
    person = Peer(address, name="slow thinker")  # says ready for the deal, then only listens
    try:
        end = time.monotonic() + 30
        talked_at = None
        while host.poll() is None and time.monotonic() < end:
            for message in person.wait(0.1):
                phase = (message.get("view") or {}).get("phase")
                if message["type"] == "update" and phase == "discussion" and talked_at is None:
                    talked_at = time.monotonic()
        assert talked_at is not None
        finish(host, host_out)
        finish(bot, bot_out)  # exit 0: it stayed until the host said the table closed
        assert "went quiet" not in bot_out.read_text()
    finally:
        person.close()


def test_a_headless_join_plays_its_seat_and_reports_it(procs: Procs, tmp_path: Path) -> None:
    args = host_args("cheese_thief", 4, tmp_path, "--games", "1", "--bots", "3", timer=0.2)
    host, host_out, address, _ = start_host(procs, "host", args)
    shot = tmp_path / "table.png"
    client, client_out = procs.start(
        "join", "join", address, "--headless", "--name", "Ivy", "--frames", "3000",
        "--stats", "--screenshot", str(shot))
    finish(client, client_out)
    finish(host, host_out)
    text = client_out.read_text()
    assert f"seat 0 at {address}" in text
    stats = json.loads(next(line for line in text.splitlines() if line.startswith("{")))
    assert stats["seat"] == 0 and stats["reclaimed"] is False and stats["frames"] < 3000
    assert shot.stat().st_size > 10_000


def test_a_headless_join_to_nothing_says_so_and_fails(procs: Procs, tmp_path: Path) -> None:
    import socket

    probe = socket.socket()
    probe.bind(("127.0.0.1", 0))
    port = probe.getsockname()[1]
    probe.close()
    # (a second to answer: it is the refusal that is checked, not the wait before it)
    client, out = procs.start("join", "join", f"127.0.0.1:{port}", "--headless", "--stats",
                               "--lang", "en", "--answer-seconds", "1")
    assert client.wait(timeout=20) == 2, "refused, like any command-line mistake"
    assert f"Nothing answered at 127.0.0.1:{port}" in out.read_text()
    assert "Traceback" not in out.read_text()


def test_a_table_stays_on_the_network_when_its_free_seats_change() -> None:
    announcer = Announcer("changing", "127.0.0.1", 47999, "choose", 4, None,
                          interface="127.0.0.1")
    try:
        seen: set[int] = set()
        end = time.monotonic() + 20
        for free in (2, 0):
            announcer.post(free)
            while free not in seen and time.monotonic() < end:
                seen |= {t.free for t in browse(1.0, interface="127.0.0.1") if t.port == 47999}
        assert seen == {2, 0}
    finally:
        announcer.close()
