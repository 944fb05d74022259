"""The LAN host: one ZeroMQ ROUTER in front of one ``Table``.

One loop on purpose: it reads peers, answers the ZAP handshake and the key socket,
runs the table's clocks and sends each peer its filtered updates, so no lock can ever
be forgotten around the state. The one other thread is where bots think
(``net.deciding``): it is handed a seat's view and legal actions, hands back one
action, and never touches the state; the loop applies the answer.
Presence and delivery live in ``net.delivery``; what a peer may cost, in ``net.limits``
and ``net.sender``; the log's first line, in ``net.header``.
"""

from __future__ import annotations

import queue
import secrets
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import zmq
from zmq.backend import Socket as _Socket

from core.errors import OptionError, RulesError
from core.game import Action
from core.rng import derive_seed
from net.between import NextGame
from net.config import TABLE_OPTIONS, HostConfig, announce, split_options
from net.deciding import THINK_COVER, ThreadDecider
from net.delivery import Delivery
from net.header import Password, restore, settings
from net.keys import KeyPair, answer_zap, fingerprint, key_reply
from net.limits import Bucket, anonymous, chat, per_peer
from net.lobby import Lobby
from net.log import ActionLog, new_log_path, read_log
from net.messages import (
    ActionMessage,
    BareMessage,
    JoinMessage,
    ReadyMessage,
    ScoreLine,
    WelcomeMessage,
)
from net.packing import SharedPart
from net.protocol import PROTOCOL_VERSION, ProtocolError, unpack
from net.records import LogLine
from net.resume import CLOCK, START, Wait, began, past_scores, score_line, stopped_at
from net.sender import Sender
from net.sessions import LobbyKey, PeerSession, Roster, new_token
from net.sockets import bind_sockets
from net.table import HUMAN, STEPS, Table, stand_in_level
from net.talk import TALK_EVENTS, TalkTrimmer

__all__ = ["TABLE_OPTIONS", "Host", "HostConfig", "game_seed", "split_options"]

CLOSE_LINGER = 0.5
"""Seconds the host keeps running after its last game, so final updates arrive."""
MAX_SESSIONS = 4096
"""Sessions the host keeps at most; past it, messages from unknown keys are dropped."""
PASSWORD_TRIES = 10.0
"""Joins with a password the host checks per second, in all (bursts of twice that)."""
ADDRESS_FACTOR = 10.0
"""Everyone without a seat at one network address shares this many keys' rate."""
_recv, _get = _Socket.recv, _Socket.get
"""pyzmq's own calls, without the Python wrappers around them (``net.sender``)."""
_EVENTS, _POLLIN, _RCVMORE, _NOBLOCK = (
    int(flag) for flag in (zmq.EVENTS, zmq.POLLIN, zmq.RCVMORE, zmq.NOBLOCK))
"""Plain numbers: pyzmq's are enum members, whose ``&`` runs in Python, a call each."""
GROUP = 64
"""Messages read at most before a batch that changed the table is flushed."""


Handler = Callable[[PeerSession, Any, float], None]
"""A handler of one message type, which takes that type's message (``net.messages``):
``unpack`` checked it against its declaration, so the table's ``type`` picks it."""


def game_seed(table_seed: int, number: int) -> int:
    """The seed of game ``number`` (from 1) at a table: the whole session replays."""
    return table_seed if number == 1 else derive_seed(table_seed, number)


class Host(Lobby, Delivery, NextGame):
    """A table served over ZeroMQ. ``serve`` runs it; ``step`` runs one loop turn."""

    def __init__(self, config: HostConfig, *, resume: Path | None = None) -> None:
        self.config = config
        self.context: zmq.Context[zmq.Socket[bytes]] = zmq.Context()
        records = read_log(resume) if resume is not None else None
        stopped = stopped_at(resume) if resume is not None else 0.0
        header = records[0] if records else None
        self.password = Password.make(config.password) if config.password is not None else None
        if header is not None:
            self.password = restore(config, header)
        self.keys: KeyPair | None = None
        if config.curve:
            self.keys = (
                KeyPair(str(header["public"]), str(header["secret"])) if header
                else KeyPair(*config.host_keys) if config.host_keys else KeyPair.generate()
            )
        if config.owner is not None and not config.curve:
            raise OptionError("bad_owner", "A table run from its window needs encryption.")
        kinds = header["seats"] if header else self._seat_kinds()
        self.table_seed = int(config.seed) if config.seed is not None else secrets.randbits(62)
        games = [r for r in records or [] if r.get("t") == "game"]
        seed = self._logged_seed(games[-1]) if games else game_seed(self.table_seed, 1)
        self.table = Table(
            config.game_id, config.players, config.options, seed, kinds,
            bot_delay=config.bot_delay, decider=ThreadDecider(), summary_seconds=config.summary,
            think_cover=THINK_COVER,
        )
        self.roster = Roster(list(kinds))
        self.games_done = 0
        self.scores: list[ScoreLine] = []
        """The session's finished games before this one (``score_line``), for the
        scoreboard of whoever joins: a resumed table's scores carry on."""
        if records is not None:
            self._replay(records)
            self.scores = past_scores(records, self.table.game, self.table.players,
                                      self.table.options)
        try:
            self._bind()
        except Exception:  # (a port in use): nothing of this table is left running
            self.table.decider.close()
            self.context.destroy(linger=0)
            raise
        self.log_path = resume or new_log_path(config.log_dir, config.game_id)
        self.log = ActionLog(self.log_path)
        self._own_log = records is None
        """The log is this table's own, begun here (not a resumed table's)."""
        if records is None:
            self.log.append(self._header(kinds))
        if not games:
            self.log.append({"t": "game", "no": 1, "seed": self.table.seed})
        self.log.wait()
        self.table.recorder = self.log
        self.sender = Sender(self.router)
        self._held: list[tuple[PeerSession, bytes]] = []
        """What waits for the log's fsync (``Delivery._send_raw``)."""
        self._part: SharedPart | None = None
        """The last flush's shared part, packed (``net.packing``)."""
        self.anonymous: Bucket = anonymous(config.spectators)
        """Shared by every message from a peer without a seat, whatever its key."""
        self.addresses: dict[str, Bucket] = {}
        self.password_tries = Bucket(PASSWORD_TRIES, 2 * PASSWORD_TRIES)
        """Checking a password costs milliseconds, so the whole table gets this many a second."""
        self.chat: dict[int, Bucket] = {}
        """Each seat's table-talk bucket (per seat, so a new key does not refill it)."""
        self.talk = TalkTrimmer()
        self._now = time.monotonic()
        self._flushed = -1
        self.started = not self.roster.free_seats() and began(records)
        self.wait: Wait | None = None
        """A resumed table's fixed wait for its people, its clocks stopped (``net.resume``)."""
        self._clocked: tuple[str, float] | None = None
        self._touch_at = 0.0
        self.finished_at: float | None = None
        self.closing_at: float | None = None
        self._told_closed: set[str] = set()
        self.close_reason = "games_done"
        self._asked: queue.SimpleQueue[tuple[str, int]] = queue.SimpleQueue()
        """What the host's person asked of a seat in the lobby (``remove``, ``bot``), for
        the loop to apply."""
        self._last_lobby: tuple[LobbyKey, Any] | None = None
        self._next_ping = 0.0
        self.on_line: Callable[[str], None] = announce
        self.announcer: Any = None
        """Anything with ``post(free_seats)``: the discovery record, when there is one."""
        if records is not None and self.started:
            self._wait_for_people(records, stopped, time.monotonic())

    # -- setup ---------------------------------------------------------------------
    def _seat_kinds(self) -> list[str]:
        c = self.config
        if not 0 <= c.bots <= c.players:
            raise RulesError("bad_bots", f"--bots must be between 0 and {c.players}.")
        return [HUMAN] * (c.players - c.bots) + [self._bot_level()] * c.bots

    def _bot_level(self) -> str:
        """The level of the in-host bots: the host's, or the game's for stand-ins."""
        return self.config.bot_level or stand_in_level(self.config.game_id)

    @staticmethod
    def _logged_seed(record: LogLine) -> int:
        seed = record.get("seed")
        if not isinstance(seed, int):
            raise OptionError("bad_log", "A game line of the log has no seed.")
        return seed

    def _header(self, kinds: list[str]) -> LogLine:
        header: LogLine = {
            "t": "table", "v": PROTOCOL_VERSION, "game": self.table.game_id,
            "players": self.table.players, "options": self.table.options, "seats": kinds,
            "port": self.port, "public": self.keys.public if self.keys else None,
            "secret": self.keys.secret if self.keys else None,
        }
        header.update(settings(self.config, self.password, self.table_seed))
        return header

    def _replay(self, records: list[LogLine]) -> None:
        """Rebuild the table from a log: seats, the last game's deal, every step since."""
        games = [i for i, r in enumerate(records) if r.get("t") == "game"]
        self.games_done = max(0, len(games) - 1)
        self.table.outbound.game_no = max(1, len(games))
        last = games[-1] if games else len(records)
        try:
            for index, record in enumerate(records[1:], start=1):
                if record.get("t") == "seat":
                    self.roster.claim(
                        int(record["seat"]), str(record["name"]), str(record["token"]), None
                    )
                elif record.get("t") == "level":
                    self._replay_level(record)
                elif record.get("t") == "bot":
                    self._replay_bot(record)
                elif record.get("t") in STEPS and index > last:
                    self.table.replay(record)
                elif record.get("t") in STEPS and not games:
                    raise OptionError("bad_log", "The log has moves before any game was dealt.")
        except (KeyError, TypeError, ValueError):
            raise OptionError("bad_log", "The log holds a record this host cannot read.") from None

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
        # A bot thinking on its thread hands the interpreter back this often.
        sys.setswitchinterval(0.0002)
        poller = zmq.Poller()
        for sock in (self.router, self.zap, self.keysock):
            poller.register(sock, zmq.POLLIN)
        try:
            while not stop():
                now = time.monotonic()
                due = self.table.next_due() if self.started else None
                wait = 0.05 if due is None else min(0.05, max(0.0, due - now))
                if self.sender.pending:
                    wait = min(wait, 0.005)  # a slow reader's queue: try again soon
                if self.table.decider.busy:
                    wait = min(wait, 0.001)  # a bot is thinking: apply its answer soon
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
        """Everything waiting, in one batch: its log lines, and those the turn's
        ``step`` adds, share one fsync, then its news goes out in ``step``'s flush (a
        long burst is cut every ``GROUP`` messages once it changed the table, so a
        flood never holds an action's news back for long)."""
        read = 0
        router = self.router
        for _ in range(2000):
            # Asking first costs less than the exception an empty socket raises.
            if not _get(router, _EVENTS) & _POLLIN:  # type: ignore[operator]
                break
            first = _recv(router, _NOBLOCK, copy=False)
            body = _recv(router, _NOBLOCK, copy=False) if first.more else None
            if body is None or body.more:
                while _get(router, _RCVMORE):
                    _recv(router, _NOBLOCK)
                continue  # a peer's message is one frame (the router adds the route)
            route = first.bytes
            now = time.monotonic()
            key = str(body.get("User-Id")) if self.keys else route.hex()
            address = str(body.get("Peer-Address") or "")
            self.handle(key or route.hex(), route, body.bytes, now, address)
            read += 1
            if read >= GROUP and self.table.version != self._flushed:
                read = 0
                self._flush(now)

    def step(self, now: float) -> bool:
        """Clocks, heartbeats, grace periods and games, then the one flush of the loop's
        turn; True when the host should stop."""
        if self.closing_at is not None:
            self._flush(now)
            self._tell_closed()
            self._release()
            return now >= self.closing_at
        self._apply_asked()
        self._watch_sessions(now)
        if self.announcer is not None:
            self.announcer.post(len(self.roster.free_seats()))
        self._maybe_start()
        if self.started and not self._waiting(now):
            self.table.advance(now)
        self._log_clock(now)
        self._flush(now)
        if self.table.finished:
            return self._after_game(now)
        return False

    def _log_clock(self, now: float) -> None:
        """Write when the open window's clock started, and keep the log's modification
        time fresh: together they tell a resumed host what the window had left."""
        opened = self.table.window_began() if self.started else None
        if opened is not None and opened != self._clocked:
            self._clocked = opened
            wall = time.time() - (now - opened[1])
            self.log.append({"t": CLOCK, "key": opened[0], "wall": round(wall, 3)})
        if now >= self._touch_at:
            self._touch_at = now + 0.1
            self.log.touch()

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
        self._asked.put(("remove", seat))

    def give_to_bot(self, seat: int) -> None:
        """The host's person gives a person's seat nobody took to a bot, at the form's
        level, before the start (callable from another thread): fewer people came than
        the table has seats for."""
        self._asked.put(("bot", seat))

    def _apply_asked(self) -> None:
        while not self._asked.empty():
            what, seat = self._asked.get()
            (self._seat_bot if what == "bot" else self._give_back)(seat)

    def _give_back(self, seat: int) -> None:
        holder = self.roster.holder(seat)
        if self.started or self.roster.claims.pop(seat, None) is None:
            return
        self.on_line(f"seat {seat}: given back by the host")
        if holder is not None:
            self._send(holder, {"type": "closed", "reason": "removed"})
            holder.joined, holder.seat = False, None

    def _seat_bot(self, seat: int) -> None:
        """A person's seat nobody took, given to a bot: applied as its log line is."""
        if (self.started or seat in self.roster.claims or not 0 <= seat < self.table.players
                or self.roster.kinds[seat] != HUMAN):
            return  # taken meanwhile, a bot's, or dealt: the lobby's next picture says so
        line: LogLine = {"t": "bot", "seat": seat, "level": self._bot_level()}
        self._replay_bot(line)
        self.log.append(line)
        self.on_line(f"seat {seat}: given to a {line['level']} bot")

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
            self.scores += [score_line(e.data) for e in self.table.events
                            if e.audience is None and e.data.get("type") == "story"]
            if self.config.games is not None and self.games_done >= self.config.games:
                self._tell_closed()
                self.closing_at = now + CLOSE_LINGER
            else:
                self.game_over(now)
        elif self.next_game_due(now):
            seed = game_seed(self.table_seed, self.games_done + 1)
            self.log.append({"t": "game", "no": self.games_done + 1, "seed": seed})
            self.table.next_game(seed)
            self.finished_at = None
        return False

    # -- inbound ---------------------------------------------------------------------
    def handle(self, key: str, route: bytes, raw: bytes, now: float, address: str = "") -> None:
        """One message from one peer. Never raises for anything the peer sent."""
        self._now = now
        session = self.roster.sessions.get(key)
        seated = session is not None and session.joined and session.seat is not None
        if not seated and not self._anonymous_allowed(address, now):
            return  # strangers past their shared budget are not even answered
        if session is None:
            if len(self.roster.sessions) >= MAX_SESSIONS:
                self._forget_idle(now)
                if len(self.roster.sessions) >= MAX_SESSIONS:
                    return
            session = PeerSession(key, route, now, limit=per_peer(self.config.rate))
            self.roster.sessions[key] = session
        session.route, session.last_seen = route, now
        if not session.live and session.joined and session.outbox.behind_since is None:
            session.live = True  # (a peer still behind comes back when it reads again)
            self._reconnected(session, now)
        if not session.limit.allow(now):
            if now - session.warned_at > 1.0:
                session.warned_at = now
                self._error(session, "rate_limited", "Too many messages; slow down.")
            return
        try:
            message = unpack(raw)
            self._handlers()[message["type"]](session, message, now)
        except RulesError as exc:
            self._error(session, exc.code, exc.message)
        except Exception as exc:  # noqa: BLE001 - a bug must cost one reply, not the table
            self.on_line(f"internal error on a {type(exc).__name__}: {exc}")
            self._error(session, "internal", "The host could not handle that message.")

    def _handlers(self) -> dict[str, Handler]:
        """Each message type a peer may send (``net.protocol.CLIENT_TYPES``, which
        ``unpack`` holds it to) and its handler: one table, as the rules have for
        actions. Built per message: a few bound methods cost less than the unpacking."""
        return {"join": self._on_join, "action": self._on_action, "ready": self._on_ready,
                "snapshot": self._on_snapshot, "ping": self._on_ping, "leave": self._on_leave,
                "start": self._on_start, "bot_level": self._on_bot_level}

    def _anonymous_allowed(self, address: str, now: float) -> bool:
        """Traffic from peers without a seat: per network address, then in total."""
        if address:
            bucket = self.addresses.get(address)
            if bucket is None:
                bucket = self.addresses[address] = per_peer(ADDRESS_FACTOR * self.config.rate)
            if not bucket.allow(now):
                return False
        return self.anonymous.allow(now)

    def _on_ping(self, session: PeerSession, message: BareMessage, now: float) -> None:
        # A peer pinging a host that does not know it (a restarted host) is told at once.
        self._need_joined(session)
        self._send(session, {"type": "ping"})

    def _on_leave(self, session: PeerSession, message: BareMessage, now: float) -> None:
        session.live = False
        session.joined = False
        if session.seat is not None:
            self._dropped(session.seat, now)
        session.seat = None

    def _on_snapshot(self, session: PeerSession, message: BareMessage, now: float) -> None:
        self._need_joined(session)
        session.needs_snapshot = True

    def _need_joined(self, session: PeerSession) -> None:
        if not session.joined:
            raise ProtocolError("not_joined", "Join the table first.")

    def _on_join(self, session: PeerSession, message: JoinMessage, now: float) -> None:
        if session.joined and "token" not in message:
            raise ProtocolError("already_joined", "This connection has already joined.")
        if self.password is not None and not self.is_owner(session):  # (its own window)
            if not self.password_tries.allow(now):
                raise ProtocolError("rate_limited", "Too many password tries; wait a moment.")
            if not self.password.matches(message.get("password", "")):
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
        elif message.get("spectator") or (self.started and not self.roster.free_seats()):
            seat = None  # a person arriving after the start watches the game instead
            watching = sum(1 for other in self.roster.sessions.values()
                           if other.joined and other.seat is None and other is not session)
            if watching >= self.config.spectators:
                raise ProtocolError(
                    "spectators_full",
                    f"This table has its {self.config.spectators} spectators; try again later.",
                )
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
            claim.always_ready = message["v"] == 1 or self.is_owner(session)
            wants = self.ready_check and message.get("ready", False)
            claim.ready = claim.ready or self.ready_by_itself(claim) or wants
        session.joined, session.seat, session.live = True, seat, True
        session.last_n = 0
        self._send(session, self._welcome(seat, token))
        self._send(session, self._lobby())
        if seat is not None:
            self._reconnected(session, now)
        self._maybe_start()
        session.needs_snapshot = self.started

    def _on_ready(self, session: PeerSession, message: ReadyMessage, now: float) -> None:
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
        """The first game starts once every person's seat is claimed and ready (at a
        table hosted from a window, when its person says ``start``: ``net.lobby``)."""
        if self.started or not self._all_ready() or self.host_starts:
            return
        self._start_now()

    def _start_now(self) -> None:
        self.started = True
        self.log.append({"t": START})  # a resumed table deals no game nobody started
        self.on_line("all seats taken and ready: the game starts")
        for other in self.roster.sessions.values():
            other.needs_snapshot = other.joined

    def _welcome(self, seat: int | None, token: str | None) -> WelcomeMessage:
        t = self.table
        return {
            "type": "welcome", "v": PROTOCOL_VERSION, "seat": seat, "token": token,
            "game": t.game_id, "players": t.players, "options": t.options,
            "scores": self._earlier_scores(),
        }

    def _earlier_scores(self) -> list[ScoreLine]:
        """The finished games before the one on the table (its own story, if it is over,
        comes with its events)."""
        return self.scores[:-1] if self.finished_at is not None else list(self.scores)

    def _on_action(self, session: PeerSession, message: ActionMessage, now: float) -> None:
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
            self._check_talk(session.seat, message["action"], now)
            self.table.act(session.seat, message["action"], now)
        except RulesError as exc:
            self._error(session, exc.code, exc.message, n)
            return
        self._send(session, {"type": "ack", "n": n})

    def _check_talk(self, seat: int, action: Action, now: float) -> None:
        if action.get("type") not in TALK_EVENTS:
            return
        bucket = self.chat.get(seat)
        if bucket is None:
            bucket = self.chat[seat] = chat(self.config.chat_burst, self.config.chat_rate)
        if not bucket.allow(now):
            raise ProtocolError(
                "chat_limited", "That is a lot of table talk at once; wait a moment."
            )

    def close(self) -> None:
        self.table.decider.close()
        self.log.close()
        self.context.destroy(linger=0)

    def abandon(self) -> None:
        """Close a table that never opened (what it needed beside it could not start),
        leaving nothing behind: a log begun here is removed, as no game was played in
        it; a resumed table's log stays as it was."""
        self.close()
        if self._own_log:
            self.log_path.unlink(missing_ok=True)


def announce_line(host: Host, address: str) -> list[str]:
    """What a headless host prints for people (and scripts) to read."""
    lines = [f"address {address}:{host.port}"]
    lines.append(f"fingerprint {host.fingerprint or 'none (unencrypted)'}")
    lines.append(f"log {host.log_path}")
    return lines

