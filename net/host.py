"""The LAN host: one ZeroMQ ROUTER in front of one ``Table``.

Single-threaded on purpose: one loop reads peers, answers the ZAP handshake and the
key socket, runs the table's clocks and sends each peer its filtered updates, so no
lock can ever be forgotten around the state.
"""

from __future__ import annotations

import contextlib
import queue
import secrets
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import zmq

from core.errors import RulesError
from net.config import TABLE_OPTIONS, HostConfig, say, split_options
from net.keys import KeyPair, answer_zap, fingerprint, key_reply
from net.log import ActionLog, new_log_path, read_log
from net.outbound import Audience, error_message
from net.protocol import PROTOCOL_VERSION, ProtocolError, pack, unpack
from net.sessions import Roster, Session, new_token
from net.sockets import bind_sockets
from net.table import HUMAN, Table, stand_in_level

__all__ = ["TABLE_OPTIONS", "Host", "HostConfig", "split_options"]

ZERO_COPY = 4096
"""Payloads at least this large are handed to ZeroMQ without copying."""

CLOSE_LINGER = 0.5
"""Seconds the host keeps running after its last game, so final updates arrive."""


class Host:
    """A table served over ZeroMQ. ``serve`` runs it; ``step`` runs one loop turn."""

    def __init__(self, config: HostConfig, *, resume: Path | None = None) -> None:
        self.config = config
        self.context: zmq.Context[zmq.Socket[bytes]] = zmq.Context()
        records = read_log(resume) if resume is not None else None
        header = records[0] if records else None
        if header is not None:
            config.game_id, config.players = header["game"], header["players"]
            config.options, config.port = header["options"], header["port"]
            config.curve = header["public"] is not None
        self.keys: KeyPair | None = None
        if config.curve:
            self.keys = (
                KeyPair(header["public"], header["secret"]) if header else KeyPair.generate()
            )
        kinds = header["seats"] if header else self._seat_kinds()
        self.table = Table(
            config.game_id, config.players, config.options, self._seed(records), kinds,
            bot_delay=config.bot_delay,
        )
        self.roster = Roster(list(kinds))
        self.games_done = 0
        if records is not None:
            self._replay(records)
        self._bind()
        self.log_path = resume or new_log_path(config.log_dir, config.game_id)
        self.log = ActionLog(self.log_path)
        if records is None:
            self.log.append(self._header(kinds))
            self.log.append({"t": "game", "no": 1, "seed": self.table.seed})
        self.table.recorder = self.log
        self.started = not self.roster.free_seats()
        self.waiting_until = 0.0 if records is None else time.monotonic() + config.grace
        """A resumed table keeps its clocks stopped until its people are back (or grace ends)."""
        self.finished_at: float | None = None
        self.closing_at: float | None = None
        self._told_closed: set[str] = set()
        self.close_reason = "games_done"
        self._asked: queue.SimpleQueue[int] = queue.SimpleQueue()
        """Seats the host's person removed from the lobby, for the loop to apply."""
        self._last_lobby: dict[str, Any] | None = None
        self._next_ping = 0.0
        self.on_line: Callable[[str], None] = say
        self.announcer: Any = None
        """Anything with ``post(free_seats)``: the discovery record, when there is one."""

    # -- setup ---------------------------------------------------------------------
    def _seat_kinds(self) -> list[str]:
        c = self.config
        if not 0 <= c.bots <= c.players:
            raise RulesError("bad_bots", f"--bots must be between 0 and {c.players}.")
        level = c.bot_level or stand_in_level(c.game_id)
        return [HUMAN] * (c.players - c.bots) + [level] * c.bots

    def _seed(self, records: list[dict[str, Any]] | None) -> int:
        if records:
            games = [r for r in records if r.get("t") == "game"]
            return int(games[-1]["seed"])
        return self.config.seed if self.config.seed is not None else secrets.randbits(62)

    def _header(self, kinds: list[str]) -> dict[str, Any]:
        return {
            "t": "table", "v": PROTOCOL_VERSION, "game": self.table.game_id,
            "players": self.table.players, "options": self.table.options, "seats": kinds,
            "port": self.port, "public": self.keys.public if self.keys else None,
            "secret": self.keys.secret if self.keys else None,
        }

    def _replay(self, records: list[dict[str, Any]]) -> None:
        """Rebuild the table from a log: seats, the last game's deal, every step since."""
        games = [i for i, r in enumerate(records) if r.get("t") == "game"]
        self.games_done = max(0, len(games) - 1)
        self.table.outbound.game_no = len(games)
        for index, record in enumerate(records[1:], start=1):
            if record.get("t") == "seat":
                self.roster.claim(int(record["seat"]), str(record["name"]), record["token"], None)
            elif record.get("t") in ("act", "expire") and index > games[-1]:
                self.table.replay(record)

    def _bind(self) -> None:
        sockets = bind_sockets(self.context, self.config.bind, self.config.port, self.keys)
        self.router, self.zap, self.keysock = sockets.router, sockets.zap, sockets.keysock
        self.port = sockets.port

    @property
    def fingerprint(self) -> str | None:
        return fingerprint(self.keys.public) if self.keys else None

    # -- the loop ------------------------------------------------------------------
    def serve(self, stop: Callable[[], bool] = lambda: False) -> int:
        """Run until the last game ends (``--games``) or ``stop`` says so."""
        poller = zmq.Poller()
        for sock in (self.router, self.zap, self.keysock):
            poller.register(sock, zmq.POLLIN)
        try:
            while not stop():
                now = time.monotonic()
                due = self.table.next_due() if self.started else None
                wait = 0.05 if due is None else min(0.05, max(0.0, due - now))
                ready = dict(poller.poll(int(wait * 1000)))
                if self.zap in ready:
                    answer_zap(self.zap)
                if self.keysock in ready:
                    self._answer_key()
                if self.router in ready:
                    self._read_peers()
                if self.step(time.monotonic()):
                    return 0
            return 0
        finally:
            self.close()

    def _answer_key(self) -> None:
        frames = self.keysock.recv_multipart()
        if len(frames) == 2:
            public = self.keys.public if self.keys else None
            self.keysock.send_multipart([frames[0], key_reply(public)])

    def _read_peers(self) -> None:
        for _ in range(2000):
            try:
                frames = self.router.recv_multipart(zmq.NOBLOCK, copy=False)
            except zmq.Again:
                return
            now = time.monotonic()
            if len(frames) != 2:
                continue
            route, body = frames[0].bytes, frames[1]
            key = str(body.get("User-Id")) if self.keys else route.hex()
            self.handle(key or route.hex(), route, body.bytes, now)
            self._flush(now)

    def step(self, now: float) -> bool:
        """Clocks, heartbeats, grace periods and games; True when the host should stop."""
        if self.closing_at is not None:
            self._tell_closed()
            return now >= self.closing_at
        self._apply_removals()
        self._watch_sessions(now)
        if self.announcer is not None:
            self.announcer.post(len(self.roster.free_seats()))
        self._maybe_start()
        if self.started and not self._waiting(now):
            self.table.advance(now)
        self._flush(now)
        if self.table.finished:
            return self._after_game(now)
        return False

    def _tell_closed(self) -> None:
        """Tell every joined peer the table is closing, once each, including a peer
        (a late spectator) that joins while the host lingers before it exits."""
        for key, session in self.roster.sessions.items():
            if session.joined and key not in self._told_closed:
                self._told_closed.add(key)
                self._send(session, {"type": "closed", "reason": self.close_reason})

    def remove_seat(self, seat: int) -> None:
        """The host's person gives a claimed seat back before the start (callable from
        another thread): one who left, or never said ready, would hold the table up."""
        self._asked.put(seat)

    def _apply_removals(self) -> None:
        while not self._asked.empty():
            seat = self._asked.get()
            holder = self.roster.holder(seat)
            if self.started or self.roster.claims.pop(seat, None) is None:
                continue
            self.on_line(f"seat {seat}: given back by the host")
            if holder is not None:
                self._send(holder, {"type": "closed", "reason": "removed"})
                holder.joined, holder.seat = False, None

    def quit(self) -> None:
        """The host's person closes the table (callable from another thread): every
        peer is told, and the loop ends a moment later."""
        self.close_reason = "host_quit"
        self.closing_at = time.monotonic() + CLOSE_LINGER

    def _after_game(self, now: float) -> bool:
        if self.finished_at is None:
            self.finished_at = now
            self.games_done += 1
            self.on_line(f"game {self.games_done} over: {self.table.outcome_data()}")
            if self.config.games is not None and self.games_done >= self.config.games:
                self._tell_closed()
                self.closing_at = now + CLOSE_LINGER
            else:
                self.roster.unready()
        elif now >= self.finished_at + self.config.pause and self._all_ready():
            seed = secrets.randbits(62)
            self.log.append({"t": "game", "no": self.games_done + 1, "seed": seed})
            self.table.next_game(seed)
            self.finished_at = None
        return False

    # -- inbound ---------------------------------------------------------------------
    def handle(self, key: str, route: bytes, raw: bytes, now: float) -> None:
        """One message from one peer. Never raises for anything the peer sent."""
        session = self.roster.sessions.get(key)
        if session is None:
            if len(self.roster.sessions) > 4096:
                self._forget_idle(now)
            session = Session(key, route, now, bucket=2 * self.config.rate, bucket_at=now)
            self.roster.sessions[key] = session
        session.route, session.last_seen = route, now
        if not session.live and session.joined:
            session.live = True
            self._reconnected(session, now)
        if not session.allow(now, self.config.rate):
            if now - session.warned_at > 1.0:
                session.warned_at = now
                self._error(session, "rate_limited", "Too many messages; slow down.")
            return
        try:
            message = unpack(raw)
            getattr(self, "_on_" + message["type"])(session, message, now)
        except RulesError as exc:
            self._error(session, exc.code, exc.message)
        except Exception as exc:  # noqa: BLE001 - a bug must cost one reply, not the table
            self.on_line(f"internal error on a {type(exc).__name__}: {exc}")
            self._error(session, "internal", "The host could not handle that message.")

    def _on_ping(self, session: Session, message: dict[str, Any], now: float) -> None:
        # A peer pinging a host that does not know it (a restarted host) is told at once.
        self._need_joined(session)
        self._send(session, {"type": "ping"})

    def _on_leave(self, session: Session, message: dict[str, Any], now: float) -> None:
        session.live = False
        session.joined = False
        if session.seat is not None:
            self._dropped(session.seat, now)
        session.seat = None

    def _on_snapshot(self, session: Session, message: dict[str, Any], now: float) -> None:
        self._need_joined(session)
        session.needs_snapshot = True

    def _need_joined(self, session: Session) -> None:
        if not session.joined:
            raise ProtocolError("not_joined", "Join the table first.")

    def _on_join(self, session: Session, message: dict[str, Any], now: float) -> None:
        if session.joined and "token" not in message:
            raise ProtocolError("already_joined", "This connection has already joined.")
        password = self.config.password
        given = message.get("password", "")
        if password is not None and not secrets.compare_digest(
            given.encode("utf-8"), password.encode("utf-8")
        ):
            raise ProtocolError("bad_password", "That is not the table's password.")
        token = None
        if "token" in message:
            seat = self.roster.seat_for_token(message["token"])
            if seat is None:
                raise ProtocolError("bad_token", "That token is not one this host gave out.")
            holder = self.roster.holder(seat)
            if holder is not None and holder.key != session.key and holder.live:
                raise ProtocolError("token_in_use", "Someone else holds that seat right now.")
            if holder is not None and holder.key != session.key:
                holder.joined = False
            self.roster.claims[seat].key = session.key
        elif message.get("spectator"):
            seat = None
        elif not self.roster.free_seats() and self.started:
            seat = None  # a person arriving after the start watches the game instead
        else:
            free = self.roster.free_seats()
            if not free:
                raise ProtocolError("table_full", "Every seat is taken; join as a spectator.")
            seat = free[0]
            wanted = message.get("name", "").strip() or f"player {seat + 1}"
            name = self.roster.unique_name(wanted)
            token, token_hash = new_token()
            self.log.append({"t": "seat", "seat": seat, "name": name, "token": token_hash})
            self.roster.claim(seat, name, token_hash, session.key)
        if seat is not None:
            claim = self.roster.claims[seat]
            claim.always_ready = message["v"] == 1
            wants = self.ready_check and message.get("ready", False)
            claim.ready = claim.ready or claim.always_ready or wants
        session.joined, session.seat, session.live = True, seat, True
        session.last_n = 0
        self._send(session, self._welcome(seat, token))
        self._send(session, self._lobby())
        if seat is not None:
            self._reconnected(session, now)
        self._maybe_start()
        session.needs_snapshot = self.started

    def _on_ready(self, session: Session, message: dict[str, Any], now: float) -> None:
        """A seated person says they are ready (or not) for the next game."""
        self._need_joined(session)
        if session.seat is None:
            raise ProtocolError("spectator", "A spectator has no seat to be ready in.")
        if not self.ready_check:
            raise ProtocolError(
                "in_play", "A game is under way; say ready before a game or between games."
            )
        self.roster.claims[session.seat].ready = message["ready"]
        self._maybe_start()

    @property
    def ready_check(self) -> bool:
        """True while the host waits for seats to be ready before it deals a game."""
        between = self.finished_at is not None and self.closing_at is None
        return not self.started or between

    def _all_ready(self) -> bool:
        return self.roster.all_ready(self.table.stand_ins)

    def _maybe_start(self) -> None:
        """The first game starts once every person's seat is claimed and ready."""
        if self.started or not self._all_ready():
            return
        self.started = True
        self.on_line("all seats taken and ready: the game starts")
        for other in self.roster.sessions.values():
            other.needs_snapshot = other.joined

    def _welcome(self, seat: int | None, token: str | None) -> dict[str, Any]:
        t = self.table
        return {
            "type": "welcome", "v": PROTOCOL_VERSION, "seat": seat, "token": token,
            "game": t.game_id, "players": t.players, "options": t.options,
        }

    def _on_action(self, session: Session, message: dict[str, Any], now: float) -> None:
        self._need_joined(session)
        n = message["n"]
        try:
            if n <= session.last_n:
                raise ProtocolError("stale", f"Action number {n} was already used.")
            session.last_n = n
            if session.seat is None:
                raise ProtocolError("spectator", "A spectator cannot act.")
            if not self.started:
                raise ProtocolError(
                    "not_started", "The game starts when every seat is taken and ready."
                )
            self.table.act(session.seat, message["action"], now)
        except RulesError as exc:
            self._error(session, exc.code, exc.message, n)
            return
        self._send(session, {"type": "ack", "n": n})

    # -- presence ---------------------------------------------------------------------
    def _watch_sessions(self, now: float) -> None:
        ping = now >= self._next_ping
        if ping:
            self._next_ping = now + self.config.heartbeat
        for session in list(self.roster.sessions.values()):
            if session.live and now - session.last_seen > self.config.timeout:
                session.live = False
                if session.joined and session.seat is not None:
                    self._dropped(session.seat, now)
            elif ping and session.live and session.joined:
                self._send(session, {"type": "ping"})
        for seat, claim in self.roster.claims.items():
            holder = self.roster.holder(seat)
            live = holder is not None and holder.live
            if live or seat in self.table.stand_ins or not self.started:
                continue
            if claim.dropped_at is None:
                claim.dropped_at = now
            if now - claim.dropped_at >= self.config.grace:
                self.table.set_stand_in(seat, True)
                self.on_line(f"seat {seat}: a bot plays until {claim.name} returns")

    def _waiting(self, now: float) -> bool:
        if not self.waiting_until:
            return False
        back = all(
            (holder := self.roster.holder(seat)) is not None and holder.live
            for seat in self.roster.claims
        )
        if back or now >= self.waiting_until:
            self.waiting_until = 0.0
            self.table.restart_clock(now)
            return False
        return True

    def _dropped(self, seat: int, now: float) -> None:
        claim = self.roster.claims.get(seat)
        if claim is not None:
            claim.ready = False
            if claim.dropped_at is None:
                claim.dropped_at = now

    def _reconnected(self, session: Session, now: float) -> None:
        if session.seat is None:
            session.needs_snapshot = self.started
            return
        claim = self.roster.claims[session.seat]
        claim.dropped_at = None
        claim.ready = claim.ready or claim.always_ready
        self.table.set_stand_in(session.seat, False)
        session.needs_snapshot = self.started

    def _forget_idle(self, now: float) -> None:
        for key, session in list(self.roster.sessions.items()):
            if not session.joined and now - session.last_seen > self.config.timeout:
                del self.roster.sessions[key]

    # -- outbound: everything goes through the table's filter ------------------------
    def _flush(self, now: float) -> None:
        updates: dict[Audience, dict[str, Any]] = {}
        if self.started:
            for audience, message in self.table.updates(now):
                updates[audience] = message
        lobby = self._lobby()
        lobby_changed = lobby != self._last_lobby
        self._last_lobby = lobby
        packed = {audience: pack(message) for audience, message in updates.items()}
        for session in self.roster.sessions.values():
            if not (session.joined and session.live):
                continue
            if lobby_changed:
                self._send(session, lobby)
            if session.needs_snapshot and self.started:
                session.needs_snapshot = False
                self._send(session, self.table.snapshot(session.seat, now))
            elif session.seat in packed:
                self._send_raw(session, packed[session.seat])

    def _lobby(self) -> dict[str, Any]:
        return self.roster.lobby(self.started, self.table.outbound.game_no, self.table.stand_ins,
                                 self.ready_check)

    def _send(self, session: Session, message: dict[str, Any]) -> None:
        self._send_raw(session, pack(message))

    def _send_raw(self, session: Session, payload: bytes) -> None:
        # A peer that cannot keep up loses the message and asks for a snapshot.
        with contextlib.suppress(zmq.ZMQError):
            self.router.send(session.route, zmq.NOBLOCK | zmq.SNDMORE)
            # Zero-copy pays off above a few KiB (one view goes to many spectators).
            self.router.send(payload, zmq.NOBLOCK, copy=len(payload) < ZERO_COPY)

    def _error(self, session: Session, code: str, message: str, ref: int | None = None) -> None:
        reply = error_message(code, message)
        if ref is not None:
            reply["n"] = ref
        self._send(session, reply)

    def close(self) -> None:
        self.log.close()
        self.context.destroy(linger=0)


def announce_line(host: Host, address: str) -> list[str]:
    """What a headless host prints for people (and scripts) to read."""
    lines = [f"address {address}:{host.port}"]
    lines.append(f"fingerprint {host.fingerprint or 'none (unencrypted)'}")
    lines.append(f"log {host.log_path}")
    return lines

