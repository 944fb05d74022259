"""The host's person at the lobby: choosing the bots' levels and starting the table.

A table hosted from a window has a person who runs it: the window's own peer, known
by its CURVE key (``HostConfig.owner``). Such a table waits for that person's
``start`` once every seat is taken and ready, and only that person may change a bot's
level before the start. A table without an owner (``cheeseknights host``, which has
nobody at its keyboard) deals as soon as every seat is ready, as it always did.

Split from ``net.host`` so each part reads in one sitting; ``Host`` inherits this.
Every refusal is a ``ProtocolError`` (a code and a sentence) raised before anything
changes.
"""

from __future__ import annotations

from collections.abc import Callable

from core.errors import OptionError
from core.registry import BOTS
from net.config import HostConfig
from net.log import ActionLog
from net.messages import BareMessage, BotLevelMessage
from net.protocol import ProtocolError
from net.records import LogLine
from net.sessions import PeerSession, Roster
from net.table import HUMAN, Table


def bot_levels(game_id: str) -> list[str]:
    """The bot levels a game offers, weakest first, as the lobby cycles through them."""
    return list(BOTS.get(game_id, {}))


class Lobby:
    """Lobby controls for ``net.host.Host`` (whose attributes these are)."""

    config: HostConfig
    table: Table
    roster: Roster
    log: ActionLog
    started: bool
    on_line: Callable[[str], None]

    def _all_ready(self) -> bool:
        raise NotImplementedError

    @property
    def host_starts(self) -> bool:
        """True when the table waits for its person's ``start`` instead of dealing alone."""
        return self.config.owner is not None

    def is_owner(self, session: PeerSession) -> bool:
        return self.config.owner is not None and session.key == self.config.owner

    def _need_owner(self, session: PeerSession, what: str) -> None:
        if not session.joined:
            raise ProtocolError("not_joined", "Join the table first.")
        if not self.is_owner(session):
            raise ProtocolError("not_host", f"Only the person hosting the table can {what}.")
        if self.started:
            raise ProtocolError("already_started", "The game has already started.")

    next_game_now: Callable[[PeerSession], None]
    """Between games, ``start`` is *Next game* (``net.between``)."""

    def _on_start(self, session: PeerSession, message: BareMessage, now: float) -> None:
        if self.started and session.joined:
            self.next_game_now(session)
            return
        self._need_owner(session, "start the game")
        if not self._all_ready():
            raise ProtocolError(
                "not_ready", "The game starts once every seat is taken and everyone is ready."
            )
        self._start_now()

    def _start_now(self) -> None:
        raise NotImplementedError

    def _on_bot_level(self, session: PeerSession, message: BotLevelMessage, now: float) -> None:
        self._need_owner(session, "change a bot's level")
        seat, level = message["seat"], message["level"]
        if not 0 <= seat < self.table.players:
            raise ProtocolError("bad_seat", f"There is no seat {seat} at this table.")
        if self.table.kinds[seat] == HUMAN:
            raise ProtocolError("not_bot", f"Seat {seat + 1} is a person's seat, not a bot's.")
        try:
            self.table.set_level(seat, level)
        except OptionError as exc:
            raise ProtocolError(exc.code, exc.message) from None
        self.roster.kinds[seat] = level
        self.log.append({"t": "level", "seat": seat, "level": level})
        self.on_line(f"seat {seat}: a {level} bot")

    def _replay_bot(self, record: LogLine) -> None:
        """A ``bot`` line of the log: a person's seat the host gave to a bot (``host
        --resume`` replays it as it was applied)."""
        seat, level = int(record["seat"]), str(record["level"])
        self.table.give_to_bot(seat, level)
        self.roster.kinds[seat] = level

    def _replay_level(self, record: LogLine) -> None:
        """A ``level`` line of the log (``host --resume``): the bot the host chose."""
        seat, level = int(record["seat"]), str(record["level"])
        self.table.set_level(seat, level)
        self.roster.kinds[seat] = level
