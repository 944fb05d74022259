"""An in-process table for single-screen play and watching bots.

It runs the very same authority path as a LAN host (``net.table``), with the peers
living in the same process instead of behind sockets. Messages are passed through
msgpack on their way out, so a screen here receives exactly the plain data a LAN peer
would (and cannot reach into the host's objects).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Mapping
from pathlib import Path

import msgpack  # type: ignore[import-untyped]

from core.bots import Bot
from core.errors import ActionError, OptionError
from core.game import Action, View
from net.log import ActionLog
from net.messages import HostMessage, Received, UpdateMessage
from net.outbound import Audience, error_message
from net.protocol import check_action
from net.records import LogLine
from net.table import HUMAN, Table


def _wire(message: Mapping[str, object]) -> Received:
    data: Received = msgpack.unpackb(msgpack.packb(message), raw=False)
    return data


class LocalPeer:
    """One screen's end of a local table: a seat (or a spectator) and its messages."""

    def __init__(self, table: LocalTable, seat: int | None) -> None:
        self.seat = seat
        self._table = table
        self._inbox: list[Received] = []
        self._needs_snapshot = True

    def send(self, action: Action) -> None:
        """An action for this seat, applied at the next tick (errors come back by poll)."""
        self._table._queue.append((self, action))

    def poll(self) -> list[Received]:
        """Messages since the last poll: ``update`` and ``error`` (docs/PROTOCOL.md)."""
        out, self._inbox = self._inbox, []
        return out

    def _deliver(self, message: HostMessage) -> None:
        self._inbox.append(_wire(message))


class LocalTable:
    """A table whose seats are people at this screen or bots; ``tick`` drives it."""

    def __init__(
        self,
        game_id: str,
        players: int,
        options: dict[str, object],
        seed: int,
        seats: list[str],
        *,
        bot_delay: float = 0.6,
        log: Path | None = None,
        names: list[str | None] | None = None,
    ) -> None:
        self._table = Table(game_id, players, options, seed, seats, bot_delay=bot_delay)
        self._peers: list[LocalPeer] = []
        self._queue: list[tuple[LocalPeer, Action]] = []
        self._now: float | None = None
        self._ticks = 0
        self._everything: tuple[object, int, bool, View | None] | None = None
        self._log: ActionLog | None = None
        self.log_error: str | None = None
        """Why the game's log could not be written (it is played on, with no replay)."""
        if log is not None:
            self._keep_log(log, names)

    def _keep_log(self, path: Path, names: list[str | None] | None) -> None:
        """Write the table's log (the LAN host's format, ``net.log``) so the game can be
        replayed; each step is stamped with its tick and the table clock, because the
        steps of one tick reached the screens as one update."""
        table = self._table
        self._log_path = path
        try:
            log = self._log = ActionLog(path)
        except OptionError as exc:  # the game is still worth playing without its replay
            self.log_error = exc.message
            return
        log.append({"t": "table", "game": table.game_id, "players": table.players,
                    "options": table.options, "seats": table.kinds, "names": names,
                    "mode": "local", "started": round(time.time(), 3)})
        log.append({"t": "game", "no": 1, "seed": table.seed})
        table.recorder = self

    def drop_unfinished_log(self) -> None:
        """The screen left before the game ended: a replay is only of a finished game, so
        its log goes (a finished game's log was closed, and stays)."""
        if self._log is not None:
            self._log.close()
            self._log = None
            self._log_path.unlink(missing_ok=True)

    def append(self, record: LogLine) -> None:
        """The table's recorder: the log line, stamped."""
        if self._log is not None:
            line = record.copy()
            line["tick"], line["at"] = self._ticks, round(self._now or 0.0, 3)
            self._log.append(line)

    @property
    def all_bots(self) -> bool:
        return self._table.all_bots

    @property
    def finished(self) -> bool:
        return self._table.finished

    @property
    def game_id(self) -> str:
        return self._table.game_id

    @property
    def players(self) -> int:
        return self._table.players

    def join(self, seat: int | None) -> LocalPeer:
        """A screen for ``seat`` (None: a spectator). Its first message is a snapshot."""
        if seat is not None and not (
            isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < self.players
        ):
            raise OptionError("bad_seat", f"There is no seat {seat!r} at this table.")
        peer = LocalPeer(self, seat)
        self._peers.append(peer)
        return peer

    def tick(self, now: float) -> None:
        """Apply queued actions, run bots and deadlines due by ``now``, deliver updates."""
        table = self._table
        self._now = now
        self._ticks += 1
        queue, self._queue = self._queue, []
        for peer, action in queue:
            try:
                if peer.seat is None:
                    raise ActionError("spectator", "A spectator cannot act.")
                if table.kinds[peer.seat] != HUMAN:
                    raise ActionError("bot_seat", "A bot is playing this seat.")
                table.act(peer.seat, check_action(action), now)
            except ActionError as exc:
                peer._deliver(error_message(exc.code, exc.message))
        table.advance(now)
        self._publish(table.updates(now), now)
        if self._log is not None and table.finished:
            # its last fsync on a thread of its own: tens of milliseconds on a slow disk
            # (100 ms here) held the frame that shows the game's end (the lines are
            # written already, and the program waits for the thread before it exits)
            threading.Thread(target=self._log.close, name="log-close").start()
            self._log = None

    def _publish(self, updates: list[tuple[Audience, UpdateMessage]], now: float) -> None:
        by_audience = dict(updates)
        for peer in self._peers:
            if peer._needs_snapshot:
                peer._needs_snapshot = False
                peer._deliver(self._table.snapshot(peer.seat, now))
            elif peer.seat in by_audience:
                peer._deliver(by_audience[peer.seat])

    def bot_views(self) -> list[tuple[int, Bot, View]]:
        """Each bot, its seat and its view now; only when every seat is a bot."""
        table = self._table
        if not table.all_bots:
            return []
        return [(seat, bot, table.game.view(table.state, seat))
                for seat, bot in sorted(table.bots.items())]

    @property
    def version(self) -> int:
        """The table's state's version: it grows with every change."""
        return self._table.version

    def omniscient_view(self) -> View | None:
        """Everything, only when every seat is a bot (else None). A watching screen asks
        every frame; the view is built and sent through the wire's encoding once per
        version of the state (a tenth of a watched Choose! frame), and is read, never
        changed, as every view a screen holds between updates is."""
        table = self._table
        held = self._everything
        if (held is None or held[0] is not table.state or held[1] != table.version
                or held[2] != table.all_bots):  # (a next game deals a new state at 0)
            view = table.omniscient_view()
            held = self._everything = (table.state, table.version, table.all_bots,
                                       None if view is None else _wire(view))
        return held[3]
