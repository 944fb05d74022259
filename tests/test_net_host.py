"""The host against bad input, floods, a fuzzer, an eavesdropper; discovery on loopback.

The host runs on a thread of the test process, with real ZeroMQ sockets on 127.0.0.1,
so the tests can look at its state directly while attacking it from outside.
"""

from __future__ import annotations

import pickle
import random
import socket
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import msgpack
import pytest
import zmq

import net.sockets
from net.config import HostConfig
from net.discovery import Announcer, browse
from net.host import Host
from net.keys import KeyPair, fingerprint
from net.peer import Peer
from net.protocol import PROTOCOL_VERSION, pack
from tests import leftovers

FAST = {"hour_seconds": 0.05, "discussion_seconds": 0.2, "vote_seconds": 0.2}


@pytest.fixture
def tmp_path() -> Iterator[Path]:
    """A directory of this test's own: pytest's shared base directory can be pruned by
    another pytest run on the same machine while these processes still write to it."""
    with tempfile.TemporaryDirectory(prefix="cknet-") as name:
        yield Path(name)


@contextmanager
def serving(config: HostConfig) -> Iterator[Host]:
    host = Host(config)
    host.on_line = lambda line: None
    stop = threading.Event()
    thread = threading.Thread(target=host.serve, args=(stop.is_set,), daemon=True)
    thread.start()
    try:
        yield host
    finally:
        stop.set()
        thread.join(timeout=10)


def config(tmp: Path, **kw: Any) -> HostConfig:
    base: dict[str, Any] = dict(game_id="cheese_thief", players=4, bind="127.0.0.1",
                                log_dir=tmp, bot_delay=0.0, options=dict(FAST))
    base.update(kw)
    return HostConfig(**base)


class Raw:
    """A bare DEALER speaking CURVE to the host, for sending anything at all."""

    def __init__(self, host: Host, keys: KeyPair | None = None, deaf: bool = False) -> None:
        self.context: zmq.Context[zmq.Socket[bytes]] = zmq.Context()
        self.sock = self.context.socket(zmq.DEALER)
        self.sock.linger = 0
        self.sock.sndhwm = 0
        if deaf:  # a peer that asks and never reads: tiny buffers, one message deep
            self.sock.rcvhwm = 1
            self.sock.rcvbuf = 2048
        leftovers.close_later(self.close)  # a failed test's peer must not outlive it
        keys = keys or KeyPair.generate()
        self.key = keys.public
        assert host.keys is not None
        self.sock.curve_serverkey = host.keys.public.encode()
        self.sock.curve_publickey = keys.public.encode()
        self.sock.curve_secretkey = keys.secret.encode()
        self.sock.connect(f"tcp://127.0.0.1:{host.port}")

    def send(self, message: Any) -> None:
        self.sock.send(message if isinstance(message, bytes) else pack(message))

    def replies(self, wait: float = 0.5, until: str | None = None) -> list[dict[str, Any]]:
        """What arrives within ``wait`` seconds; or, when the test waits for an error
        ``until``, until it came (for at most ``ANSWER`` seconds: a test that waits for
        an error is owed one, and a loaded host may send it late)."""
        if until is None:
            return self.answer(wait)
        return self.answer(max(wait, ANSWER), lambda m: m.get("code") == until)

    def answer(self, wait: float, done: Any = None) -> list[dict[str, Any]]:
        """What arrives until a message ``done`` accepts came (then at once) or ``wait``
        seconds passed: a loaded machine may answer late, so a test that waits for an
        answer gives it a generous bound and returns as soon as it is there."""
        out: list[dict[str, Any]] = []
        end = time.monotonic() + wait
        first = True
        while first or time.monotonic() < end:
            first = False
            if self.sock.poll(20):
                while self.sock.poll(0):
                    out.append(msgpack.unpackb(self.sock.recv(), raw=False))
                if done is not None and any(done(m) for m in out):
                    break
        return [m for m in out if m["type"] != "ping"]

    def close(self) -> None:
        if not self.context.closed:
            self.context.destroy(linger=0)


def codes(messages: list[dict[str, Any]]) -> list[str]:
    return [m["code"] for m in messages if m["type"] == "error"]


ANSWER = 10.0
"""How long a test waits at most for an answer the host owes (it returns as soon as it
comes): the host answers in milliseconds, but on a loaded machine a fixed 0.3 s wait
was missed now and then."""


def join_answer(message: dict[str, Any]) -> bool:
    """A join's whole answer: an error, or the table message that follows a welcome
    (the two leave the host together, but may arrive a poll apart, so a test that
    stopped at the welcome sometimes saw no table)."""
    return message["type"] in ("table", "error")


def join(raw: Raw, **fields: Any) -> list[dict[str, Any]]:
    raw.send({"type": "join", "v": PROTOCOL_VERSION, **fields})
    return raw.answer(ANSWER, join_answer)


def until(what: Any, seconds: float = ANSWER) -> None:
    """Wait for ``what()`` to hold, for at most ``seconds``."""
    end = time.monotonic() + seconds
    while not what() and time.monotonic() < end:
        time.sleep(0.01)
    assert what(), f"not within {seconds} s"


def test_each_kind_of_bad_input_gets_its_error_code(tmp_path: Path) -> None:
    slow = {"hour_seconds": 60.0}
    with serving(config(tmp_path, bots=2, password="cheddar", rate=50.0, options=slow)) as host:
        a = Raw(host)
        assert codes(join(a, name="a")) == ["bad_password"]
        assert codes(join(a, name="a", password="cheddar", v=99)) == ["bad_version"]
        welcome = join(a, name="a", password="cheddar")[0]
        assert welcome["type"] == "welcome" and welcome["seat"] == 0
        checks: list[tuple[Any, str]] = [
            (b"\xc1\xff not msgpack", "not_msgpack"),
            (pack([1, 2]), "malformed"),
            ({"type": "action", "n": "one", "action": {"type": "x"}}, "malformed"),
            ({"type": "action", "action": {"type": "x"}}, "malformed"),
            ({"type": "teleport"}, "unknown_type"),
            (b"\x80" + b"x" * 20_000, "too_large"),
            ({"type": "join", "v": 1, "name": "again"}, "already_joined"),
            ({"type": "action", "n": 1, "action": {"type": "vote", "target": 1}}, "not_started"),
            ({"type": "action", "n": 1, "action": {"type": "vote", "target": 1}}, "stale"),
        ]
        for message, code in checks:
            a.send(message)
            assert codes(a.replies(ANSWER, until=code)) == [code], code
        thief = Raw(host)
        assert codes(join(thief, token=welcome["token"], password="cheddar")) == ["token_in_use"]
        assert codes(join(thief, token="forged", password="cheddar")) == ["bad_token"]
        watcher = Raw(host)
        join(watcher, spectator=True, password="cheddar")
        b = Raw(host)
        join(b, name="b", password="cheddar")
        for seated in (a, b):  # protocol 2: the game waits for every seat's ready
            seated.send({"type": "ready", "ready": True})
        until(lambda: host.started)
        watcher.send({"type": "action", "n": 1, "action": {"type": "pass"}})
        assert "spectator" in codes(watcher.replies(ANSWER, until="spectator"))
        late = join(Raw(host), password="cheddar")  # after the start: a spectator
        assert not codes(late) and late[0]["type"] == "welcome" and late[0]["seat"] is None
        a.send({"type": "action", "n": 5, "action": {"type": "peek", "target": 9}})
        wrong = {"wrong_phase", "malformed", "illegal"}
        assert set(codes(a.answer(ANSWER, lambda m: m.get("code") in wrong))) & wrong
        for index in range(400):
            a.send({"type": "ping"} if index % 2 else b"junk")
        assert "rate_limited" in codes(a.replies(ANSWER, until="rate_limited"))
        giant = Raw(host)
        giant.send(b"\x00" * 200_000)  # above MAXMSGSIZE: ZeroMQ drops the connection
        time.sleep(0.2)
        fresh = Raw(host)
        assert codes(join(fresh, spectator=True)) == ["bad_password"]
        for raw in (a, b, thief, watcher, giant, fresh):
            raw.close()


SYNC = 2**61 + 12345
"""An action number no fuzzed message uses: its error reply marks the end of a run."""


def fuzz_messages(count: int, seed: int, token: str) -> list[bytes]:
    """Random bytes, random plain data, and valid messages with bits flipped."""
    rng = random.Random(seed)
    valid = [
        pack({"type": "join", "v": 1, "name": "x"}),
        pack({"type": "join", "v": 1, "token": token}),
        pack({"type": "join", "v": 1, "spectator": True}),
        pack({"type": "action", "n": 7, "action": {"type": "vote", "target": 1}}),
        pack({"type": "action", "n": 8, "action": {"type": "choose_die", "die": 0}}),
        pack({"type": "snapshot"}),
        pack({"type": "ping"}),
    ]

    def plain(depth: int) -> Any:
        pick = rng.randrange(9 if depth < 4 else 6)
        if pick == 0:
            return rng.randrange(-(2**63), 2**63)
        if pick == 1:
            return rng.random() * 10 ** rng.randrange(-5, 30)
        if pick == 2:
            return "".join(chr(rng.randrange(1, 0x3000)) for _ in range(rng.randrange(12)))
        if pick == 3:
            return rng.choice([None, True, False, "type", "action", "join", "vote"])
        if pick == 4:
            return rng.randbytes(rng.randrange(8))
        if pick == 5:
            return rng.randrange(-3, 12)
        if pick in (6, 7):
            keys = ["type", "n", "action", "v", "token", "name", "target", "die", "spectator"]
            return {rng.choice(keys): plain(depth + 1) for _ in range(rng.randrange(5))}
        return [plain(depth + 1) for _ in range(rng.randrange(5))]

    out: list[bytes] = []
    for _ in range(count):
        kind = rng.randrange(10)
        if kind < 2:
            out.append(rng.randbytes(rng.randrange(40)))
        elif kind < 6:
            blob = bytearray(rng.choice(valid))
            for _ in range(rng.randrange(1, 4)):
                blob[rng.randrange(len(blob))] = rng.randrange(256)
            out.append(bytes(blob))
        else:
            try:
                out.append(msgpack.packb(plain(0), use_bin_type=True))
            except (OverflowError, ValueError):
                out.append(b"\xc1")
    return out


def answered(raw: Raw) -> list[dict[str, Any]]:
    """Everything ``raw`` is sent until the host has answered all it sent so far: a ping
    goes last, and the host answers in order. (So the replies never pile up past the
    bytes a peer may have waiting, however slowly a busy machine runs this test.)"""
    raw.send({"type": "ping"})
    out: list[dict[str, Any]] = []
    end = time.monotonic() + 60
    while time.monotonic() < end:
        if raw.sock.poll(50):
            while True:
                try:  # (a poll per message cost more than the fuzzing it drains)
                    data = raw.sock.recv(zmq.NOBLOCK)
                except zmq.Again:
                    break
                message = msgpack.unpackb(data, raw=False)
                if message["type"] == "ping" or message.get("code") == "not_joined":
                    return out
                out.append(message)
    raise AssertionError("the host did not answer a ping")


def test_a_hundred_thousand_fuzzed_messages_change_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Every limit lifted (strangers share a budget that grows with the spectator cap; the
    # router queues every answer, so none waits for the loop's next turn), so each fuzzed
    # message reaches the parser and is answered; the limits have tests of their own.
    monkeypatch.setattr(net.sockets, "PIPE_MESSAGES", 10_000)
    with serving(config(tmp_path, bots=2, rate=1e9, spectators=10**8)) as host:
        me = Peer(f"127.0.0.1:{host.port}", name="me")
        while me.welcome is None:
            me.wait(0.1)
        fuzzer = Raw(host)
        join(fuzzer, spectator=True)
        before = pickle.dumps(host.table.state)
        log_before = host.log_path.read_bytes()
        seen: set[str] = set()
        for index, blob in enumerate(fuzz_messages(100_000, 7, me.token or "")):
            fuzzer.send(blob)
            if index % 500 == 499:
                seen.update(codes(answered(fuzzer)))
                me.poll()
        fuzzer.send({"type": "action", "n": SYNC, "action": {"type": "sync"}})
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            replies = fuzzer.replies(0.2)
            seen.update(codes(replies))
            if any(m.get("n") == SYNC for m in replies):
                break
        assert any(m.get("n") == SYNC for m in replies), "every message was answered"
        assert seen >= {"not_msgpack", "malformed", "unknown_type", "spectator"}
        assert pickle.dumps(host.table.state) == before
        assert host.log_path.read_bytes() == log_before
        assert host.roster.free_seats() == [1]
        other = Peer(f"127.0.0.1:{host.port}", name="other")
        done = False
        deadline = time.monotonic() + 30
        while not done and time.monotonic() < deadline:
            for peer in (me, other):
                for message in peer.wait(0.01):
                    if message["type"] == "update" and message["legal"]:
                        peer.send(message["legal"][0])
            for blob in fuzz_messages(50, int(time.monotonic() * 1000), "x"):
                fuzzer.send(blob)
            done = host.table.finished
        assert done
        for raw in (me, other):
            raw.close()
        fuzzer.close()


def test_a_refused_peer_tries_no_more_by_itself(tmp_path: Path) -> None:
    """A peer keeps its line alive with pings, and the table answers a ping from a line
    that has not joined "Join the table first"; a peer took that, after a refusal, as
    the table having forgotten it, and sent its wrong password again and again, once
    each quarter of its timeout. A refusal stands until the person tries again."""
    with serving(config(tmp_path, bots=2, password="cheddar")) as host:
        peer = Peer(f"127.0.0.1:{host.port}", name="Ben", password="gouda", heartbeat=0.05,
                    timeout=0.4)
        try:
            refusals = []
            end = time.monotonic() + 1.5  # a dozen pings, and more than three timeouts
            while time.monotonic() < end:
                refusals += [m for m in peer.wait(0.05) if m.get("code") == "bad_password"]
            assert len(refusals) == 1 and peer.refused is not None
        finally:
            peer.close()


def test_refused_messages_never_change_the_state_mid_game(tmp_path: Path) -> None:
    """Straight through ``Host.handle``: after every message that was not acknowledged,
    the state must pickle to the same bytes as before it."""
    host = Host(config(tmp_path, bots=3, options={"hour_seconds": 600.0}))
    sent: list[dict[str, Any]] = []
    host._send_raw = lambda session, payload: sent.append(msgpack.unpackb(payload))  # type: ignore[method-assign]
    try:
        host.handle("seat", b"r1", pack({"type": "join", "v": 1, "name": "me"}), 0.0)
        host.handle("watch", b"r2", pack({"type": "join", "v": 1, "spectator": True}), 0.0)
        host.step(0.0)
        assert host.started
        for index, blob in enumerate(fuzz_messages(20_000, 3, "nope")):
            before = pickle.dumps(host.table.state)
            del sent[:]
            host.handle("seat" if index % 2 else "watch", b"r", blob, 0.001 * index)
            if not any(m["type"] == "ack" for m in sent):
                assert pickle.dumps(host.table.state) == before
    finally:
        host.close()


def test_an_eavesdropper_on_the_wire_reads_no_view(tmp_path: Path) -> None:
    captured = bytearray()
    plain = bytearray()
    for encrypted, sink in ((True, captured), (False, plain)):
        # One deal for both runs, so the plaintext run is sure to carry every word.
        with serving(config(tmp_path, bots=3, curve=encrypted, seed=11)) as host:
            proxy = Proxy(host.port, sink)
            peer = Peer(f"127.0.0.1:{proxy.port}", name="me", encrypted=encrypted,
                        server_key=host.keys.public if host.keys else None)
            try:
                updates, story = 0, False
                end = time.monotonic() + 30
                # Until the peer holds the last update (the story, every role revealed):
                # it reached the peer through the proxy, so the capture holds it too,
                # however long a loaded disk keeps the host's log line (and so the
                # update) back.
                while not story and time.monotonic() < end:
                    for message in peer.wait(0.05):
                        if message["type"] == "update":
                            updates += 1
                            story |= any(e["type"] == "story" for e in message["events"])
                            if message["legal"]:
                                peer.send(message["legal"][0])
                assert host.table.finished and story and updates > 3
            finally:
                peer.close()
                proxy.close()
    secrets = [b"phase", b"legal", b"view", b"cheese_thief", b"sleepyhead", b"thief", b"dice"]
    assert all(word in plain for word in secrets)  # the capture works: plaintext shows all
    assert not any(word in captured for word in secrets)
    assert len(captured) > 1000


class Proxy:
    """A TCP relay that records every byte passing in either direction."""

    def __init__(self, target: int, sink: bytearray) -> None:
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        self.target, self.sink, self.open = target, sink, True
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while self.open:
            try:
                client, _ = self.listener.accept()
            except OSError:
                return
            server = socket.create_connection(("127.0.0.1", self.target))
            for a, b in ((client, server), (server, client)):
                threading.Thread(target=self._pump, args=(a, b), daemon=True).start()

    def _pump(self, source: socket.socket, dest: socket.socket) -> None:
        try:
            while data := source.recv(65536):
                self.sink.extend(data)
                dest.sendall(data)
        except OSError:
            pass
        finally:
            dest.close()

    def close(self) -> None:
        self.open = False
        self.listener.close()


def test_discovery_finds_a_table_announced_on_loopback(tmp_path: Path) -> None:
    with serving(config(tmp_path, players=5, bots=2)) as host:
        assert host.keys is not None
        announcer = Announcer("test table", "127.0.0.1", host.port, "cheese_thief", 5,
                              host.keys.public, interface="127.0.0.1")
        host.announcer = announcer
        try:
            found = []
            end = time.monotonic() + 15
            while not found and time.monotonic() < end:
                found = [t for t in browse(1.5, interface="127.0.0.1") if t.port == host.port]
            assert found
            table = found[0]
            assert (table.game, table.players, table.free, table.protocol) == (
                "cheese_thief", 5, 3, PROTOCOL_VERSION)
            assert table.key == host.keys.public
            assert table.fingerprint == fingerprint(host.keys.public) == host.fingerprint
        finally:
            announcer.close()


def test_a_peer_that_sees_a_gap_asks_for_a_snapshot_and_trims_what_it_already_showed(
    tmp_path: Path,
) -> None:
    with serving(config(tmp_path, bots=3, options={"hour_seconds": 60.0})) as host:
        peer = Peer(f"127.0.0.1:{host.port}", name="me")
        sent: list[dict[str, Any]] = []
        peer.record = lambda way, message: sent.append(message) if way == "out" else None
        first: list[dict[str, Any]] = []
        end = time.monotonic() + 10
        while not first and time.monotonic() < end:
            first = [m for m in peer.wait(0.05) if m["type"] == "update"]
        assert first[0]["snapshot"] and first[0]["events"]
        shown = len(first[0]["events"])
        seq = first[-1]["seq"]
        base = {"type": "update", "game_no": 1, "view": {}, "legal": [], "deadline": None}
        skipped = dict(base, seq=seq + 2, snapshot=False, first_event=shown, events=[{"x": 1}])
        assert peer._receive(skipped) == []
        assert {"type": "snapshot"} in sent
        events = [{"n": i} for i in range(shown + 2)]
        snapshot = dict(base, seq=seq + 2, snapshot=True, first_event=0, events=events)
        delivered = peer._receive(snapshot)
        assert delivered[0]["events"] == events[shown:] and delivered[0]["first_event"] == shown
        stale = dict(base, seq=seq + 1, snapshot=False, first_event=shown, events=[])
        assert peer._receive(stale) == []
        peer.close()


def test_local_and_lan_peers_share_one_surface() -> None:
    import inspect

    from net.local import LocalPeer, LocalTable

    params = inspect.signature(LocalTable.__init__).parameters
    assert list(params) == ["self", "game_id", "players", "options", "seed", "seats", "bot_delay",
                            "log", "names"]
    assert params["bot_delay"].kind is inspect.Parameter.KEYWORD_ONLY
    assert params["bot_delay"].default == 0.6
    for name in ("log", "names"):  # a replay's log, kept only when asked for
        assert params[name].kind is inspect.Parameter.KEYWORD_ONLY and params[name].default is None
    for name in ("join", "tick", "omniscient_view"):
        assert callable(getattr(LocalTable, name))
    for cls in (LocalPeer, Peer):
        assert callable(cls.send) and callable(cls.poll)


def test_a_spectator_joining_while_the_host_closes_is_told_it_closed(tmp_path: Path) -> None:
    """A peer that joins in the moment between the last game and the host's exit must
    still hear that the table closed, or it would wait for a host that is gone, and
    get the snapshot of the game that ended."""
    with serving(config(tmp_path, bots=4, games=1)) as host:
        end = time.monotonic() + 30
        while host.closing_at is None and time.monotonic() < end:
            time.sleep(0.01)
        assert host.closing_at is not None, "the bot game did not finish"
        late = Raw(host)
        try:
            late.send({"type": "join", "v": PROTOCOL_VERSION, "spectator": True})
            kinds = [m["type"] for m in late.replies(0.4)]
        finally:
            late.close()
    assert "welcome" in kinds and "closed" in kinds
    assert "update" in kinds  # and it sees how the game ended


def test_nothing_leaves_the_host_before_the_log_is_on_disk(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An action's ack waits for the fsync of its log line: a slow disk may delay the
    news of an action, never let it outrun the log."""
    import os

    import net.log

    real_fsync = os.fsync
    synced: list[int] = []

    def slow_fsync(fd: int) -> None:
        time.sleep(0.02)
        real_fsync(fd)
        synced.append(os.fstat(fd).st_size)

    monkeypatch.setattr(net.log.os, "fsync", slow_fsync)
    # Short hours: a Thief has nothing to choose before its hour comes.
    with serving(config(tmp_path, bots=3, options={"hour_seconds": 0.5})) as host:
        peer = Peer(f"127.0.0.1:{host.port}", name="me")
        acked: list[int] = []  # how much of the log was on disk when each ack arrived

        def record(way: str, message: dict[str, Any]) -> None:
            if message["type"] == "ack":
                acked.append(max(synced, default=0))

        peer.record = record
        end = time.monotonic() + 20
        while not acked and time.monotonic() < end:
            for message in peer.wait(0.02):
                if message["type"] == "update" and message["legal"]:
                    peer.send(message["legal"][0])  # again if a window closed under it
        peer.close()
        log = host.log_path.read_bytes()
    assert acked, "the action was never acknowledged"
    act_end = log.index(b'"t":"act","seat":0,')  # this peer's first accepted action
    act_end = log.index(b"\n", act_end) + 1
    assert acked[0] >= act_end
