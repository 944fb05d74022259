"""A LAN peer: one ZeroMQ DEALER talking to a host, with the same surface as LocalPeer.

``send(action)`` and ``poll()`` work like ``net.local.LocalPeer``: the client treats a
table on this screen and a table across the room alike. Underneath, the peer keeps the
heartbeat going, notices a silent host and joins again with its token, and checks the
sequence numbers of updates: on a gap it drops what it has and asks for a snapshot,
and it trims a snapshot's events to those the screen has not yet been given, so the
screen sees one unbroken stream.

The ready check: a peer with ``auto_ready`` (the default, for bots and text clients)
says it is ready whenever the host asks and its seat is not; a screen that lets its
person decide passes ``auto_ready=False`` and calls ``set_ready``.
"""

from __future__ import annotations

import contextlib
import re
import time
from collections.abc import Callable, Mapping

import zmq

from core.errors import RulesError
from core.game import Action
from net.keys import KeyPair, fetch_key, fetch_key_reply, fingerprint
from net.messages import ClientMessage, JoinMessage, Received
from net.protocol import HARD_LIMIT, ProtocolError, pack, unpack_reply
from net.protocol import PROTOCOL_VERSION as PROTOCOL_VERSION  # the version this peer speaks
from net.talk import TalkKeeper

FATAL = ("bad_password", "table_full", "bad_token", "token_in_use", "bad_version", "bad_name")
"""Join errors after which a peer gives up rather than trying again."""
QUIET = 3.0
"""Seconds without a word from the host after which it counts as gone: it answers every
heartbeat (one a second), so this is three missed answers, and a person is told well
within five seconds of the host's death."""


def probe(address: str, timeout: float = 2.0) -> dict[str, object]:
    """Ask the table at ``address`` for its key and protocol version, without joining.

    Raises TimeoutError when nothing answers there, RulesError for a malformed address.
    """
    host, port = parse_address(address)
    context: zmq.Context[zmq.Socket[bytes]] = zmq.Context()
    try:
        return fetch_key_reply(context, host, port, timeout)
    finally:
        context.destroy(linger=0)


_HOST = re.compile(r"[^\s:\[\]/@]+|\[?[0-9A-Fa-f:.]+\]?")
"""A host name (a computer may be named in Japanese), an IPv4 address or an IPv6 one
(in brackets or not): no space, nor a mark that would make it another address."""


def parse_address(address: str) -> tuple[str, int]:
    """``HOST:PORT`` as a host and a port. Only the letters an address is written in: a
    host with a space in it reached the socket, whose "Invalid argument" read as the
    table refusing; a port in other digits ("٣٣٣٣") was taken for 3333."""
    wrong = RulesError("bad_address", f"An address is written HOST:PORT, not {address!r}.")
    host, sep, port = address.rpartition(":")
    if (not sep or not _HOST.fullmatch(host) or not (port.isascii() and port.isdigit())
            or not 0 < int(port) < 65535):
        raise wrong
    if not host.isascii():  # (the socket takes a name in Japanese as it is looked up)
        try:
            host = host.encode("idna").decode("ascii")
        except UnicodeError:
            raise wrong from None
    return host.strip("[]"), int(port)


class Peer:
    """A seat (or a spectator) at a LAN table."""

    def __init__(
        self,
        address: str,
        *,
        name: str = "",
        token: str | None = None,
        spectator: bool = False,
        password: str | None = None,
        server_key: str | None = None,
        keys: KeyPair | None = None,
        encrypted: bool = True,
        heartbeat: float = 1.0,
        timeout: float = 4.0,
        auto_ready: bool = True,
    ) -> None:
        self.host, self.port = parse_address(address)
        self.context: zmq.Context[zmq.Socket[bytes]] = zmq.Context()
        if encrypted and server_key is None:
            server_key = fetch_key(self.context, self.host, self.port)
            if server_key is None:
                self.context.destroy(linger=0)
                raise RulesError("unencrypted", "That table does not encrypt; refusing to join.")
        self.server_key = server_key if encrypted else None
        self.fingerprint = fingerprint(self.server_key) if self.server_key else None
        self.keys = keys if keys is not None else KeyPair.generate()
        self.name, self.token, self.spectator, self.password = name, token, spectator, password
        self.heartbeat, self.timeout = heartbeat, timeout
        self.auto_ready = auto_ready
        self.table: Received | None = None
        """The last ``table`` message (the lobby), once one has arrived."""
        self._ready_sent_at = -1e9
        self.seat: int | None = None
        self.welcome: Received | None = None
        self.closed = False
        self.reclaimed = False
        """True once the host gave back a seat this peer's token held before."""
        self.seen = False
        """True once a host welcomed this peer (silence before that is no host's death)."""
        self.refused: Received | None = None
        """The join error after which this peer stopped trying (a FATAL code)."""
        self.record: Callable[[str, Mapping[str, object]], None] | None = None
        """When set, called with ("in", message) and ("out", message) for every message."""
        self.autoplay: Callable[[Received], None] | None = None
        """When set, called with each message this peer delivers, as it is delivered: a
        bot that plays the seat of a window nobody sits at (``net.botpeer.SeatPlayer``)."""
        self._n = 0
        self._last_seq = -1
        self._game_no = 0
        self._delivered = 0
        self._awaiting_snapshot = True
        self._talk = TalkKeeper()
        """Puts each update's table-talk window back into its view (``net.talk``)."""
        self._asked_at = -1e9
        self._last_heard = self._last_join = time.monotonic()
        self._next_ping = 0.0
        self._rejoining = False
        """True from an automatic join (the host went quiet or forgot us) to its welcome:
        what the host answers meanwhile is this peer's business, not the person's."""
        self.sock = self._connect()
        self._join()

    # -- the LocalPeer surface -----------------------------------------------------
    def send(self, action: Action) -> None:
        """An action for this seat; the host answers ``ack`` (kept here) or ``error``."""
        self._n += 1
        self._out({"type": "action", "n": self._n, "action": action})

    def poll(self) -> list[Received]:
        """Messages since the last poll (never blocks)."""
        return self.wait(0.0)

    def wait(self, timeout: float) -> list[Received]:
        """Like ``poll``, but waits up to ``timeout`` seconds for the first message."""
        out: list[Received] = []
        if self.sock.poll(int(timeout * 1000)):
            for _ in range(10_000):
                try:
                    raw = self.sock.recv(zmq.NOBLOCK)
                except zmq.Again:
                    break
                self._last_heard = time.monotonic()
                try:
                    message = unpack_reply(raw)
                except ProtocolError:
                    continue
                if self.record is not None:
                    self.record("in", message)
                for delivered in self._receive(message):
                    out.append(delivered)
                    if self.autoplay is not None:
                        self.autoplay(delivered)
                if message["type"] == "ack" and self.autoplay is not None:
                    self.autoplay(message)  # (its seat's player waits for it; nobody else does)
        self._keep_alive(time.monotonic())
        return out

    def set_ready(self, ready: bool) -> None:
        """Tell the host this seat is ready for the next game (or no longer is)."""
        self._ready_sent_at = time.monotonic()
        self._out({"type": "ready", "ready": ready})

    def start(self) -> None:
        """The host's person deals the first game (``net.lobby``); others get ``not_host``."""
        self._out({"type": "start"})

    def set_bot_level(self, seat: int, level: str) -> None:
        """The host's person puts a bot of another level in a bot's seat, before the start."""
        self._out({"type": "bot_level", "seat": seat, "level": level})

    def asked_ready(self) -> bool:
        """True when the host waits for this seat to say it is ready."""
        table = self.table
        if table is None or not table.get("ready_check") or self.seat is None:
            return False
        seats = table.get("seats") or []
        mine = [s for s in seats if isinstance(s, dict) and s.get("seat") == self.seat]
        return bool(mine) and not mine[0].get("ready")

    @property
    def last_heard(self) -> float:
        """``time.monotonic()`` when the host last said anything, heartbeats included."""
        return self._last_heard

    def quiet(self, now: float) -> bool:
        """True when the host of a table this peer sat at has said nothing for ``QUIET``
        seconds (it died, or its network did); the peer keeps trying to join again."""
        return self.seen and not self.closed and now - self._last_heard > QUIET

    def close(self) -> None:
        if not self.context.closed:
            try:
                self._out({"type": "leave"})
            finally:
                self.context.destroy(linger=100)

    # -- inside ----------------------------------------------------------------------
    def _out(self, message: ClientMessage) -> None:
        if self.record is not None:
            self.record("out", message)
        # Not connected yet: the next heartbeat or join tries again.
        with contextlib.suppress(zmq.Again):
            self.sock.send(pack(message), zmq.NOBLOCK)

    def _connect(self) -> zmq.Socket[bytes]:
        sock = self.context.socket(zmq.DEALER)
        sock.linger = 0
        sock.setsockopt(zmq.MAXMSGSIZE, 16 * 1024 * 1024)
        if self.server_key is not None:
            sock.curve_serverkey = self.server_key.encode("ascii")
            sock.curve_publickey = self.keys.public.encode("ascii")
            sock.curve_secretkey = self.keys.secret.encode("ascii")
        sock.connect(f"tcp://{self.host}:{self.port}")
        return sock

    def _reconnect(self) -> None:
        """A fresh socket to a host that went quiet. ZeroMQ queues what is sent while a
        connection is down and delivers it all when it is back; a host gone a minute
        would then get sixty pings and fifteen joins at once, each join a password check
        from a budget the whole table shares, and refuse the rest. A fresh socket drops
        the queue, so the host gets one join. (The host knows a peer by its key, so a
        new connection is the same peer; without encryption it would not be.)"""
        if self.server_key is None:
            return
        self.sock.close(linger=0)
        self.sock = self._connect()

    def _join(self) -> None:
        message: JoinMessage = {"type": "join", "v": PROTOCOL_VERSION, "name": self.name}
        if self.token is not None:
            message["token"] = self.token
        elif self.spectator:
            message["spectator"] = True
        if self.auto_ready and not self.spectator:
            message["ready"] = True
        if self.password is not None:
            message["password"] = self.password
        self._last_join = time.monotonic()
        self._out(message)

    def _keep_alive(self, now: float) -> None:
        if now >= self._next_ping:
            self._next_ping = now + self.heartbeat
            self._out({"type": "ping"})
        silent = now - self._last_heard > self.timeout
        retry = self.refused is None and now - self._last_join > self.timeout
        if (silent or self.welcome is None) and retry:
            if silent and self.seen:
                self._reconnect()
            self._rejoining = self._rejoining or self.seen
            self.welcome = None
            self._join()
        self._say_ready(now)

    def _say_ready(self, now: float) -> None:
        # Once a second at most: the host's answer is the next table message.
        due = self.welcome is not None and now - self._ready_sent_at > 1.0
        if self.auto_ready and due and self.asked_ready():
            self.set_ready(True)

    def _receive(self, message: Received) -> list[Received]:
        kind = message["type"]
        if kind == "welcome":
            self.welcome, self.seen, self._rejoining = message, True, False
            self.seat = message.get("seat")
            self.reclaimed = self.seat is not None and self.token is not None and not message.get(
                "token")
            if message.get("token"):
                self.token = message["token"]
            self._last_seq, self._awaiting_snapshot = -1, True
            return [message]
        if kind == "update":
            return self._update(message)
        if kind == "error":
            if message.get("code") == "not_joined":
                # The host restarted and forgot us: join again (the screen need not know);
                # not after a refusal, though, which a ping is answered so too: the same
                # join would only be refused again, and use up the table's password tries.
                if self.refused is None and now_ok(self._last_join, self.timeout / 4):
                    self._rejoining = self.seen
                    self._join()
                return []
            if message.get("code") in FATAL and self.welcome is None:
                self.refused = message
            elif self._rejoining and "n" not in message:
                return []  # a join nobody typed was answered "wait": the next one will do
            return [message]
        if kind == "closed":
            self.closed = True
            return [message]
        if kind == "table":
            self.table = message
            self._say_ready(time.monotonic())
            return [message]
        return []  # ping and ack only keep the line alive

    def _update(self, message: Received) -> list[Received]:
        seq, game_no = message.get("seq"), message.get("game_no")
        if not isinstance(seq, int) or not isinstance(game_no, int):
            return []
        events = message.get("events") or []
        if message.get("snapshot"):
            if seq < self._last_seq:
                return []
            if game_no != self._game_no:
                self._game_no, self._delivered = game_no, 0
            message["events"] = events[self._delivered :]
            message["first_event"] = self._delivered
        else:
            if seq <= self._last_seq:
                return []
            first = message.get("first_event")
            if game_no != self._game_no:
                self._game_no, self._delivered = game_no, 0
            if self._awaiting_snapshot or seq != self._last_seq + 1 or first != self._delivered:
                self._ask_snapshot()
                return []
        self._talk.restore(message)
        self._awaiting_snapshot = False
        self._asked_at = -1e9
        self._last_seq = seq
        self._delivered += len(message["events"])
        return [message]

    def _ask_snapshot(self) -> None:
        now = time.monotonic()
        if now - self._asked_at > 1.0 and self.welcome is not None:
            self._asked_at = now
            self._out({"type": "snapshot"})


def now_ok(since: float, gap: float) -> bool:
    """True when ``gap`` seconds have passed since ``since`` (limits repeated joins)."""
    return time.monotonic() - since >= gap


__all__ = ["FATAL", "HARD_LIMIT", "Peer", "parse_address"]
