"""The ready check, over real sockets on 127.0.0.1: the host deals a game only when
every person's seat is claimed and ready; leaving un-readies; spectators cannot be
ready; bot peers say ready by themselves, before the first game and between games."""

from __future__ import annotations

import threading
import time
from pathlib import Path
from typing import Any

import msgpack

from net.botpeer import play_bot
from net.host import Host
from tests.test_net_host import ANSWER, Raw, codes, config, join, serving, tmp_path

__all__ = ["tmp_path"]  # the fixture: a directory of this test's own

SLOW = {"hour_seconds": 60.0}


def lobby_of(messages: list[dict[str, Any]]) -> dict[str, Any] | None:
    tables = [m for m in messages if m["type"] == "table"]
    return tables[-1] if tables else None


def next_table(raw: Raw, wait: float = 0.3) -> dict[str, Any] | None:
    """The last table message this peer receives in ``wait`` seconds, or, if none came
    by then, the first that comes within ``ANSWER`` (a loaded host sends it late)."""
    table = lobby_of(raw.replies(wait))
    if table is None:
        table = lobby_of(raw.answer(ANSWER, lambda m: m["type"] == "table"))
    return table


def ready_flags(raw: Raw, host: Host, wait: float = 0.3) -> list[bool]:
    """The seats' ready flags in the last table message this peer received."""
    table = next_table(raw, wait)
    assert table is not None
    return [seat["ready"] for seat in table["seats"]]


def send_ready(raw: Raw, ready: bool) -> None:
    raw.send({"type": "ready", "ready": ready})


def test_the_game_waits_for_the_last_person_to_be_ready(tmp_path: Path) -> None:
    with serving(config(tmp_path, bots=2, options=SLOW)) as host:
        a, b = Raw(host), Raw(host)
        first = join(a, name="a")
        table = lobby_of(first)
        assert table is not None and table["ready_check"] and not table["started"]
        assert [s["ready"] for s in table["seats"]] == [False, False, True, True]
        join(b, name="b")
        assert not host.started
        send_ready(a, True)
        assert ready_flags(b, host) == [True, False, True, True]
        a.send({"type": "action", "n": 1, "action": {"type": "pass"}})
        assert codes(a.replies(0.3, until="not_started")) == ["not_started"]
        assert not host.started
        send_ready(b, True)
        replies = b.replies(1.0)
        assert host.started
        table = lobby_of(replies)
        assert table is not None and table["started"] and not table["ready_check"]
        assert all(seat["ready"] for seat in table["seats"])
        assert any(m["type"] == "update" and m["snapshot"] for m in replies)
        send_ready(a, False)  # a game is under way: too late to back out
        assert codes(a.replies(0.3, until="in_play")) == ["in_play"]
        for raw in (a, b):
            raw.close()


def test_not_ready_takes_it_back(tmp_path: Path) -> None:
    with serving(config(tmp_path, bots=2, options=SLOW)) as host:
        a, b = Raw(host), Raw(host)
        join(a, name="a")
        join(b, name="b")
        send_ready(a, True)
        assert ready_flags(b, host)[:2] == [True, False]
        send_ready(a, False)
        assert ready_flags(b, host)[:2] == [False, False]
        send_ready(b, True)
        assert ready_flags(a, host)[:2] == [False, True]
        time.sleep(0.2)
        assert not host.started
        send_ready(a, True)
        a.replies(0.5)
        assert host.started
        for raw in (a, b):
            raw.close()


def test_a_disconnect_unreadies_the_seat(tmp_path: Path) -> None:
    with serving(config(tmp_path, players=5, bots=2, options=SLOW, timeout=0.6)) as host:
        a, b, c = Raw(host), Raw(host), Raw(host)
        welcome_a = join(a, name="a")[0]
        join(b, name="b")
        join(c, name="c")
        send_ready(a, True)
        send_ready(b, True)
        assert ready_flags(c, host, 0.2)[:3] == [True, True, False]
        a.send({"type": "leave"})
        table = next_table(c, 0.2)
        assert table is not None
        assert (table["seats"][0]["connected"], table["seats"][0]["ready"]) == (False, False)
        assert table["seats"][1]["ready"]
        # b goes silent past the peer timeout while c keeps its line alive.
        seen: list[dict[str, Any]] = []
        end = time.monotonic() + 3
        last = None
        while time.monotonic() < end:
            c.send({"type": "ping"})
            seen.extend(c.replies(0.1))
            last = lobby_of(seen)
            if last is not None and not last["seats"][1]["connected"]:
                break
        assert last is not None
        assert (last["seats"][1]["connected"], last["seats"][1]["ready"]) == (False, False)
        send_ready(c, True)
        c.replies(0.3)
        assert not host.started  # c is ready, but a and b no longer are
        # a comes back with its token: connected again, but not ready until it says so.
        c.send({"type": "ping"})
        join(a, token=welcome_a["token"])
        table = next_table(c)
        assert table is not None
        assert (table["seats"][0]["connected"], table["seats"][0]["ready"]) == (True, False)
        assert not host.started
        for raw in (a, b, c):
            raw.close()


def test_a_spectator_cannot_be_ready(tmp_path: Path) -> None:
    with serving(config(tmp_path, bots=2, options=SLOW)) as host:
        watcher, stranger = Raw(host), Raw(host)
        join(watcher, spectator=True)
        send_ready(watcher, True)
        replies = watcher.replies(0.3, until="spectator")
        errors = [m for m in replies if m["type"] == "error"]
        assert [e["code"] for e in errors] == ["spectator"] and errors[0]["message"]
        send_ready(stranger, True)
        assert codes(stranger.replies(0.3, until="not_joined")) == ["not_joined"]
        stranger.send({"type": "ready"})
        assert codes(stranger.replies(0.3, until="malformed")) == ["malformed"]
        stranger.send({"type": "ready", "ready": 1})
        assert codes(stranger.replies(0.3, until="malformed")) == ["malformed"]
        assert not host.started and host.roster.claims == {}
        for raw in (watcher, stranger):
            raw.close()


def test_ready_may_come_with_the_join(tmp_path: Path) -> None:
    with serving(config(tmp_path, bots=2, options=SLOW)) as host:
        a, b = Raw(host), Raw(host)
        join(a, name="a", ready=True)
        assert not host.started
        replies = join(b, name="b", ready=True)
        replies += b.replies(0.3)
        assert host.started and any(m["type"] == "update" for m in replies)
        join(Raw(host), spectator=True, ready=True)  # a spectator's wish is ignored
        for raw in (a, b):
            raw.close()


def test_a_protocol_1_peer_counts_as_always_ready(tmp_path: Path) -> None:
    with serving(config(tmp_path, bots=3, options=SLOW)) as host:
        old = Raw(host)
        old.send({"type": "join", "v": 1, "name": "old"})
        replies = old.replies(0.5)
        assert replies[0]["type"] == "welcome"
        assert host.started and any(m["type"] == "update" for m in replies)
        old.close()


def test_bot_peers_are_ready_by_themselves_before_and_between_games(tmp_path: Path) -> None:
    record = tmp_path / "a.rec"
    with serving(config(tmp_path, players=4, bots=2, games=2, pause=0.2,
                        options={"hour_seconds": 0.05, "discussion_seconds": 0.1,
                                 "vote_seconds": 0.1})) as host:
        address = f"127.0.0.1:{host.port}"
        results: list[int] = []

        def bot(name: str, rec: Path | None) -> None:
            results.append(play_bot(address, name=name, record=rec, say=lambda line: None))

        threads = [threading.Thread(target=bot, args=("a", record), daemon=True),
                   threading.Thread(target=bot, args=("b", None), daemon=True)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=40)
        assert results == [0, 0] and host.games_done == 2
    unpacker = msgpack.Unpacker(raw=False)
    unpacker.feed(record.read_bytes())
    log = list(unpacker)
    sent = [m for way, m in log if way == "out"]
    received = [m for way, m in log if way == "in"]
    tables = [m for m in received if m["type"] == "table"]
    seat = next(m["seat"] for m in received if m["type"] == "welcome")
    mine = [t["seats"][seat]["ready"] for t in tables if not t["started"]]
    assert mine and all(mine)  # its join said ready: never shown otherwise before game 1
    assert {"type": "ready", "ready": True} in sent  # said again between games
    between = [t for t in tables if t["started"] and t["ready_check"]]
    assert between and not all(s["ready"] for s in between[0]["seats"])
    assert tables[0]["ready_check"] and not tables[0]["started"]
