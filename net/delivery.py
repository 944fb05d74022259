"""The host's side of its peers: who is still there, and what each one is sent.

Split from ``net.host`` so each half reads in one sitting; ``Host`` inherits this.
Presence: a seated person's session outlives their silence (it shows them
disconnected, and after the grace period a bot stands in); anyone else's silent or
stuck session is freed after the peer timeout. Delivery: every message leaves through
the table's outbound filter and the byte-bounded sender, one packed update per
audience, one packed snapshot per audience per flush. Nothing leaves while a line of
the log may not be on disk yet: it is held, and a flush sends what was held once the
log's fsync (begun before the views are built, so the two overlap) has returned.
"""

from __future__ import annotations

from collections.abc import Callable

from net.between import NEXT_GAME, Between, NextGame
from net.config import HostConfig
from net.limits import Bucket
from net.log import ActionLog
from net.messages import HostMessage, TableMessage
from net.outbound import Audience, error_message
from net.packing import SharedPart
from net.protocol import pack
from net.records import LogLine
from net.resume import STAND_IN, Wait, stood_in, window_left
from net.sender import Outbox, Sender
from net.sessions import LobbyKey, PeerSession, Roster, SeatClaim, lobby_message
from net.table import Table
from net.talk import TalkTrimmer

SNAPSHOT_GAP = 0.25
"""A peer is sent at most one snapshot in this many seconds, however often it asks."""


class Delivery:
    """Presence and delivery for ``net.host.Host`` (whose attributes these are)."""

    config: HostConfig
    table: Table
    roster: Roster
    sender: Sender
    log: ActionLog
    talk: TalkTrimmer
    _held: list[tuple[PeerSession, bytes]]
    _part: SharedPart | None
    addresses: dict[str, Bucket]
    started: bool
    wait: Wait | None
    on_line: Callable[[str], None]
    _now: float
    _flushed: int
    _next_ping: float
    _last_lobby: tuple[LobbyKey, Between | None] | None

    @property
    def ready_check(self) -> bool:
        raise NotImplementedError

    @property
    def host_starts(self) -> bool:
        raise NotImplementedError

    between_key: Callable[[], Between | None]
    ready_by_itself: Callable[[SeatClaim], bool]
    """``net.between``: what the lobby says of the next game (nothing during one)."""

    # -- presence ---------------------------------------------------------------------
    def _watch_sessions(self, now: float) -> None:
        ping = now >= self._next_ping
        if ping:
            self._next_ping = now + self.config.heartbeat
            self._prune_addresses(now)
        timeout = self.config.timeout
        for session in list(self.roster.sessions.values()):
            behind = session.outbox.behind_since
            silent = now - session.last_seen > timeout
            stuck = behind is not None and now - behind > timeout
            if not (silent or stuck or ping):
                continue  # (every peer, every turn: the usual case first)
            if (silent or stuck) and not self._holds_seat(session):
                self._forget(session)  # a silent or stuck spectator, or a stranger
            elif session.live and (silent or stuck):
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
            if now - claim.dropped_at >= self.config.grace and self.wait is None:
                self._stand_in(seat, True)

    def _stand_in(self, seat: int, playing: bool) -> None:
        """A bot takes over (or hands back) a person's seat, and the log says so, so a
        resumed table knows whom to wait for (``net.resume``)."""
        if playing == (seat in self.table.stand_ins):
            return
        self.table.set_stand_in(seat, playing)
        self.log.append({"t": STAND_IN, "seat": seat, "on": playing})
        if playing:
            name = self.roster.claims[seat].name if seat in self.roster.claims else ""
            self.on_line(f"seat {seat}: a bot plays until {name} returns")

    # -- a resumed table's wait (net.resume) --------------------------------------------
    def _wait_for_people(self, records: list[LogLine], stopped: float,
                         now: float) -> None:
        """Stop the clocks for the fixed wait; the people who were at the table when it
        stopped are awaited, and the open window keeps only what it had left."""
        away = stood_in(records)
        for seat in sorted(away & set(self.roster.claims)):
            self.table.set_stand_in(seat, True)
        deadline = self.table.open_window()
        left = None
        if deadline is not None and self.table.hold is None:
            left = window_left(records, deadline.key, deadline.seconds, stopped)
        self.table.freeze(left, now)
        people = [seat for seat in sorted(self.roster.claims)
                  if self.table.kinds[seat] == "human" and seat not in away]
        self.wait = Wait(now + self.config.resume_wait, people)
        self.on_line(f"resumed: waiting {self.config.resume_wait:g} s for seats {people}")

    def _waiting(self, now: float) -> bool:
        """True while the resumed table waits; when the wait is over, stand-ins take the
        seats still empty and the clock runs on."""
        if self.wait is None:
            return False
        if now < self.wait.until:
            return True
        self.wait = None
        for seat in sorted(self.roster.claims):
            holder = self.roster.holder(seat)
            if holder is None or not holder.live:
                self._stand_in(seat, True)
        self.table.thaw(now)
        return False

    def _not_back(self) -> tuple[str, ...]:
        """The names the wait is still waiting for, in seat order."""
        if self.wait is None:
            return ()
        return tuple(self.roster.claims[seat].name for seat in self.wait.seats
                     if (holder := self.roster.holder(seat)) is None or not holder.live)

    def _dropped(self, seat: int, now: float) -> None:
        claim = self.roster.claims.get(seat)
        self.table.passes_hold(seat)  # one who left does not hold the round summary up
        if claim is not None:
            claim.ready = False
            if claim.dropped_at is None:
                claim.dropped_at = now

    def _reconnected(self, session: PeerSession, now: float) -> None:
        if session.seat is None:
            session.needs_snapshot = self.started
            return
        claim = self.roster.claims[session.seat]
        claim.dropped_at = None
        claim.ready = claim.ready or self.ready_by_itself(claim)
        self._stand_in(session.seat, False)
        session.needs_snapshot = self.started

    def _holds_seat(self, session: PeerSession) -> bool:
        """A seated person's session is kept while silent: it shows them disconnected."""
        return session.seat is not None and self.roster.holder(session.seat) is session

    def _forget(self, session: PeerSession) -> None:
        self.roster.sessions.pop(session.key, None)
        self.sender.forget(session.route)

    def _forget_idle(self, now: float) -> None:
        for session in list(self.roster.sessions.values()):
            if not session.joined and now - session.last_seen > self.config.timeout:
                self._forget(session)

    def _prune_addresses(self, now: float) -> None:
        for address, bucket in list(self.addresses.items()):
            if now - bucket.at > 10.0:
                del self.addresses[address]

    # -- outbound: everything goes through the table's filter ------------------------
    def _flush(self, now: float) -> None:
        self._now = now
        self._flushed = self.table.version
        self.log.start_sync()  # the disk works while the views are built and packed
        packed = self._packed_updates(now) if self.started else {}
        key = self._lobby_key()
        lobby_changed = key != self._last_lobby
        self._last_lobby = key
        lobby = self._lobby_of(key) if lobby_changed else None
        self.log.wait()  # every line behind what goes out below is on disk now
        # What goes out is chosen first and sent in one run (what waited for the disk
        # first), so ZeroMQ's I/O thread takes the burst at once, not one per wake-up.
        out = self._take_held()
        snapshots: dict[Audience, bytes] = {}
        started = self.started
        lobby_bytes = b"" if lobby is None else pack(lobby)
        for session in list(self.roster.sessions.values()):
            if not session.joined:
                continue
            box = session.outbox
            if box.behind_since is not None:
                self.sender.send_all(out, now)  # (what came before goes first)
                out = []
                self._catch_up(session, snapshots, now)  # live or not: it may read again
                continue
            if not session.live:
                continue
            if lobby_changed:
                out.append((session.route, box, lobby_bytes))
            if session.needs_snapshot and started:
                if now - session.snapshot_at >= SNAPSHOT_GAP:
                    session.needs_snapshot = False
                    session.snapshot_at = now
                    snapshot = self._snapshot(session.seat, snapshots, now)
                    out.append((session.route, box, snapshot))
            else:
                payload = packed.get(session.seat)
                if payload is not None:
                    out.append((session.route, box, payload))
        self.sender.send_all(out, now)
        self.sender.pump()

    def _packed_updates(self, now: float) -> dict[Audience, bytes]:
        """This flush's updates, packed: the shared part of the views once for all."""
        outbound = self.table.outbound
        messages = self.table.updates(now, whole=False)
        shared = outbound.shared
        if shared is not None and messages:
            part = SharedPart(shared, self.talk, messages[0][1].get("events") or [],
                              self._part)
            self._part = part
            streams = outbound.streams
            return {audience: part.pack(message, streams[audience].view, audience)
                    for audience, message in messages}
        return {audience: pack(self.talk.trim(audience, message))
                for audience, message in messages}

    def _snapshot(self, audience: Audience, cache: dict[Audience, bytes], now: float) -> bytes:
        """One packed snapshot per audience per flush, however many peers want it."""
        if audience not in cache:
            cache[audience] = pack(self.table.snapshot(audience, now))
        return cache[audience]

    def _catch_up(self, session: PeerSession, cache: dict[Audience, bytes], now: float) -> None:
        """A peer that fell behind: once ZeroMQ takes a message for it again, it gets the
        lobby and a fresh snapshot, and is back in the stream."""
        if now - session.snapshot_at < SNAPSHOT_GAP:
            return
        session.snapshot_at = now
        first = self._snapshot(session.seat, cache, now) if self.started else pack(self._lobby())
        if self.sender.try_now(session.route, first):
            session.outbox.behind_since = None
            session.needs_snapshot = False
            if self.started:
                self._send(session, self._lobby())
            if not session.live:  # a seated person who was stuck: back at the table
                session.live = True
                self._reconnected(session, now)
                session.needs_snapshot = False  # the snapshot just went

    def _lobby(self) -> TableMessage:
        return self._lobby_of(self._lobby_key())

    def _lobby_key(self) -> tuple[LobbyKey, Between | None]:
        waiting = None if self.wait is None else (self.wait.until, self._not_back())
        seats = self.roster.lobby_key(self.started, self.table.outbound.game_no,
                                      self.table.stand_ins, self.ready_check, self.host_starts,
                                      waiting)
        return seats, self.between_key()

    def _lobby_of(self, key: tuple[LobbyKey, Between | None]) -> TableMessage:
        """The ``table`` message; between games at a window's table it says how the next
        game comes (``net.between``), and a resumed table's wait how long it has left."""
        message = lobby_message(key[0], self._now)
        if key[1] is not None:
            message[NEXT_GAME] = NextGame.between_data(key[1], self._now)
        return message

    def _send(self, session: PeerSession, message: HostMessage) -> None:
        self._send_raw(session, pack(message))

    def _send_raw(self, session: PeerSession, payload: bytes) -> None:
        if self.log.pending:
            self._held.append((session, payload))  # until its log lines are on disk
            return
        self.sender.send(session.route, session.outbox, payload, self._now)

    def _release(self) -> None:
        """Wait for the log's lines to be on disk, then send what waited for them."""
        self.log.wait()
        self.sender.send_all(self._take_held(), self._now)

    def _take_held(self) -> list[tuple[bytes, Outbox, bytes]]:
        held, self._held = self._held, []
        return [(session.route, session.outbox, payload) for session, payload in held]

    def _error(self, session: PeerSession, code: str, message: str, ref: int | None = None) -> None:
        reply = error_message(code, message)
        if ref is not None:
            reply["n"] = ref
        self._send(session, reply)
