"""The host against peers that mean it harm: ones that never read, rotate their keys,
vanish, crowd in, or chat without pause. Real ZeroMQ sockets on 127.0.0.1; the host
runs on a thread of the test so the tests can look at what it holds."""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import msgpack
import pytest

import net.delivery
import net.host
from net.peer import Peer
from net.protocol import PROTOCOL_VERSION, pack
from net.talk import TALK
from tests import test_net_host
from tests.test_net_host import ANSWER, Raw, codes, config, join, serving

tmp_path = test_net_host.tmp_path  # the same private temporary directory per test

TALKY = {"hour_seconds": 0.05, "discussion_seconds": 600.0}

DRAIN = 40.0
"""Seconds a deaf peer that reads again may take to drain what the host queued for it
before its fresh snapshot (it goes on as soon as the snapshot went: here in about
0.05 s, with six busy loops beside it too). Once, in a whole run, it had not drained in
10 s. A reader only 2 KB deep may leave the host's TCP waiting on its own probes of the
closed window, which back off to seconds; so the reader also speaks, as a client's
heartbeat would, and every message it sends tells the host its window."""


@contextmanager
def tight(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, timeout: float, limit: int
          ) -> Iterator[net.host.Host]:
    """A talking table whose send queues are small and whose every snapshot request is
    answered, so a peer that does not read fills its queue fast."""
    monkeypatch.setattr(net.delivery, "SNAPSHOT_GAP", 0.0)
    with serving(config(tmp_path, bots=3, options=TALKY, rate=1000.0, timeout=timeout)) as host:
        host.sender.limit = limit
        yield host


def until(check: Any, timeout: float = 10.0, step: float = 0.02) -> None:
    end = time.monotonic() + timeout
    while not check():
        if time.monotonic() > end:
            raise AssertionError("timed out waiting")
        time.sleep(step)


def discussing(host: net.host.Host) -> bool:
    return host.started and host.table.game.chat_open(host.table.state)


def deaf_spectator(host: net.host.Host) -> Raw:
    deaf = Raw(host, deaf=True)
    deaf.send({"type": "join", "v": PROTOCOL_VERSION, "spectator": True})
    return deaf


def ask_until(host: net.host.Host, deaf: Raw, done: Any, ask: str = "snapshot") -> int:
    """Send ``ask`` without reading until ``done(session)``; the most bytes queued."""
    most = 0
    end = time.monotonic() + 20
    while time.monotonic() < end:
        for _ in range(20):
            deaf.send({"type": ask})
        time.sleep(0.01)
        session = host.roster.sessions.get(deaf.key)
        if session is not None:
            most = max(most, session.outbox.queued)
        if done(session):
            return most
    raise AssertionError("timed out asking")


def seated(host: net.host.Host) -> Raw:
    player = Raw(host)
    player.send({"type": "join", "v": PROTOCOL_VERSION, "name": "p", "ready": True})
    until(lambda: discussing(host))
    player.replies(0.1)
    return player


def test_a_peer_that_never_reads_is_held_to_its_bytes_then_gets_a_fresh_snapshot(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with tight(tmp_path, monkeypatch, timeout=30.0, limit=64 * 1024) as host:
        player = seated(host)
        deaf = deaf_spectator(host)
        most = ask_until(host, deaf, lambda s: s is not None and s.outbox.behind_since)
        session = host.roster.sessions[deaf.key]
        assert most <= host.sender.limit
        # It reads again: the backlog drains, then a fresh snapshot comes, then updates.
        got: list[dict[str, Any]] = []
        end = time.monotonic() + DRAIN
        said = 0.0
        while time.monotonic() < end and session.outbox.behind_since is not None:
            if time.monotonic() - said > 0.25:  # as a client's heartbeat would
                deaf.send({"type": "ping"})
                said = time.monotonic()
            while deaf.sock.poll(10):
                got.append(msgpack.unpackb(deaf.sock.recv(), raw=False))
        assert session.outbox.behind_since is None
        got += deaf.replies(0.5)
        player.send({"type": "action", "n": 1, "action": {"type": "chat", "text": "hi"}})
        got += deaf.replies(0.5)
        snaps = [i for i, m in enumerate(got) if m["type"] == "update" and m["snapshot"]]
        assert snaps
        later = [m for m in got[snaps[-1]:] if m["type"] == "update" and not m["snapshot"]]
        assert later and later[-1]["events"][-1]["text"] == "hi"
        for raw in (player, deaf):
            raw.close()


def test_a_peer_still_behind_after_the_timeout_is_forgotten(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with tight(tmp_path, monkeypatch, timeout=1.0, limit=32 * 1024) as host:
        player = seated(host)
        deaf = deaf_spectator(host)
        ask_until(host, deaf, lambda s: s is not None and s.outbox.behind_since)

        def forgotten(session: Any) -> bool:
            player.answer(0.0)  # the player reads all the while, as a client does (one
            return session is None or not session.joined  # that stopped would go too)

        # It keeps talking, so it is not silent; but it stays behind past the timeout.
        ask_until(host, deaf, forgotten, ask="ping")
        assert host._lobby()["spectators"] == 0  # its spectator session was freed
        player.send({"type": "action", "n": 1, "action": {"type": "chat", "text": "still"}})
        # the player plays on (a loaded host may answer late: a generous bound)
        assert any(m["type"] == "ack" for m in player.answer(ANSWER, lambda m: m["type"] == "ack"))
        for raw in (player, deaf):
            raw.close()


def test_silent_spectators_are_freed_and_the_lobby_counts_only_the_living(tmp_path: Path) -> None:
    with serving(config(tmp_path, bots=3, options=TALKY, timeout=1.0)) as host:
        player = seated(host)
        watchers = [Raw(host) for _ in range(5)]
        for watcher in watchers:
            watcher.send({"type": "join", "v": PROTOCOL_VERSION, "spectator": True})
        until(lambda: host._lobby()["spectators"] == 5)
        for watcher in watchers:
            watcher.close()  # gone without a word
        end = time.monotonic() + 5
        while len(host.roster.sessions) > 1 and time.monotonic() < end:
            player.send({"type": "ping"})  # the player stays; only the silent go
            time.sleep(0.1)
        assert list(host.roster.sessions.values())[0].seat == 0
        assert host._lobby()["spectators"] == 0
        player.close()


def test_spectators_are_capped_by_the_table_option(tmp_path: Path) -> None:
    with serving(config(tmp_path, bots=3, options=TALKY, spectators=2)) as host:
        watchers = [Raw(host) for _ in range(3)]
        assert [m["type"] for m in join(watchers[0], spectator=True)][0] == "welcome"
        assert [m["type"] for m in join(watchers[1], spectator=True)][0] == "welcome"
        assert codes(join(watchers[2], spectator=True)) == ["spectators_full"]
        for watcher in watchers:
            watcher.close()


def test_rotating_keys_does_not_buy_more_answers(tmp_path: Path) -> None:
    """Forty fresh keys, each well inside its own rate, together past the shared one:
    the host answers only the shared budget, and the seated player is not slowed."""
    with serving(config(tmp_path, bots=3, options=TALKY, spectators=10)) as host:
        player = seated(host)
        strangers = [Raw(host) for _ in range(40)]
        budget = host.anonymous.burst + 2.0 * host.anonymous.rate
        started = time.monotonic()
        for _ in range(30):
            for stranger in strangers:
                stranger.send({"type": "ping"})
        player.send({"type": "action", "n": 1, "action": {"type": "chat", "text": "still here"}})
        answered = sum(len(s.replies(0.05)) for s in strangers)
        player_got = player.replies(0.5)
        elapsed = time.monotonic() - started
        assert answered <= host.anonymous.burst + elapsed * host.anonymous.rate + 1
        assert answered < 1200 and budget < 1200
        assert any(m["type"] == "ack" for m in player_got)
        for raw in (player, *strangers):
            raw.close()


def test_chat_has_a_burst_and_a_steady_rate_per_seat(tmp_path: Path) -> None:
    # a slow rate, so that a busy host reading the burst slowly does not refill it
    with serving(config(tmp_path, bots=3, options=TALKY, chat_rate=2.0)) as host:
        player = seated(host)
        for n in range(1, 11):
            player.send({"type": "action", "n": n, "action": {"type": "chat", "text": f"{n}"}})
        replies: list[dict[str, Any]] = []
        end = time.monotonic() + ANSWER  # a loaded host answers late, but answers all ten
        while sum(m["type"] in ("ack", "error") for m in replies) < 10 and time.monotonic() < end:
            replies += player.replies(0.05)
        acks = [m["n"] for m in replies if m["type"] == "ack"]
        assert acks == [1, 2, 3, 4, 5]
        assert codes(replies).count("chat_limited") == 5
        time.sleep(0.7)  # one line each half second, after the burst
        player.send({"type": "action", "n": 11, "action": {"type": "chat", "text": "later"}})
        answer = player.answer(ANSWER, lambda m: m["type"] in ("ack", "error"))
        assert any(m["type"] == "ack" and m["n"] == 11 for m in answer), answer
        player.close()


def test_updates_leave_the_talk_window_out_and_a_peer_puts_it_back(tmp_path: Path) -> None:
    with serving(config(tmp_path, bots=3, options=TALKY)) as host:
        player = seated(host)
        raw = Raw(host)
        join(raw, spectator=True)
        peer = Peer(f"127.0.0.1:{host.port}", spectator=True)
        until(lambda: any(m["type"] == "update" for m in peer.wait(0.05)))
        for n in range(1, 4):
            player.send({"type": "action", "n": n, "action": {"type": "chat", "text": f"l{n}"}})
        wire = [m for m in raw.replies(0.6) if m["type"] == "update" and not m["snapshot"]]
        assert wire and all(TALK not in m["view"] and TALK in m for m in wire)
        assert all(len(pack(m)) < 2048 for m in wire)
        views = [m["view"] for m in peer.wait(0.3) + peer.wait(0.3) if m["type"] == "update"]
        truth = host.table.game.view(host.table.state, None)[TALK]
        assert views and views[-1][TALK] == truth
        assert [line["text"] for line in truth[-3:]] == ["l1", "l2", "l3"]
        for closing in (player, raw, peer):
            closing.close()


def test_password_guesses_are_checked_only_so_often(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each check is a salted hash that costs milliseconds: a flood of guesses gets
    ``rate_limited`` past the table's budget, and the right password still works.
    The budget here is small, so that a busy machine, checking slower than the budget
    refills, still runs out of it."""
    monkeypatch.setattr(net.host, "PASSWORD_TRIES", 2.0)
    with serving(config(tmp_path, bots=3, options=TALKY, password="brie")) as host:
        guesser = Raw(host)
        for n in range(60):
            guesser.send({"type": "join", "v": PROTOCOL_VERSION, "password": f"guess {n}"})
        got = codes(guesser.replies(1.0))
        assert got.count("bad_password") <= 2 * net.host.PASSWORD_TRIES + 10
        assert "rate_limited" in got
        time.sleep(1.0 / net.host.PASSWORD_TRIES + 0.2)  # one try back in the budget
        player = Raw(host)
        assert [m["type"] for m in join(player, password="brie")][0] == "welcome"
        for raw in (guesser, player):
            raw.close()


def test_a_seated_person_who_stops_reading_is_shown_away_until_they_read_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with tight(tmp_path, monkeypatch, timeout=1.0, limit=32 * 1024) as host:
        me = Raw(host, deaf=True)
        me.send({"type": "join", "v": PROTOCOL_VERSION, "name": "me", "ready": True})
        until(lambda: discussing(host))
        ask_until(host, me, lambda s: s is not None and s.outbox.behind_since)
        ask_until(host, me, lambda s: not host._lobby()["seats"][0]["connected"], ask="ping")
        assert host.roster.claims[0].key == me.key  # the seat is still theirs
        # They read again, and talk as a client does (a heartbeat well inside the
        # timeout): a peer that only reads would be silent for longer than the 1 s
        # timeout on a loaded machine, and rightly shown away again at once.
        got: list[dict[str, Any]] = []
        end = time.monotonic() + 10
        beat = 0.0
        while time.monotonic() < end and not host._lobby()["seats"][0]["connected"]:
            if time.monotonic() >= beat:
                beat = time.monotonic() + 0.2
                me.send({"type": "ping"})
            while me.sock.poll(10):
                got.append(msgpack.unpackb(me.sock.recv(), raw=False))
        assert host._lobby()["seats"][0]["connected"]
        got += me.replies(0.3)
        assert any(m["type"] == "update" and m["snapshot"] and m["view"]["seat"] == 0
                   for m in got)
        me.close()
