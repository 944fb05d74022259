"""Between two games: when the next one is dealt.

At a table hosted from a window the end of a game is the group's: people read who
was who, and the next game is dealt when the host's person says *Next game* (a
``start`` between games), or once every person has said *Continue* (``ready``), or,
only where the host set one, when a countdown the lobby shows runs out. Nothing deals
a game while people may still be reading, unless someone chose so.

``cheeseknights host`` has nobody at its keyboard: it keeps its pause (``--pause``)
and deals once every seat is ready, as its people's windows say by themselves.

Split from ``net.host`` so each part reads in one sitting; ``Host`` inherits this.
"""

from __future__ import annotations

from typing import Final

from net.config import HostConfig
from net.messages import NextGameData
from net.protocol import ProtocolError
from net.sessions import PeerSession, Roster, SeatClaim

NEXT_GAME: Final = "next_game"
"""The lobby's field, between games at a table hosted from a window."""

Between = tuple[str, float | None]
"""What the lobby says of the wait for the next game: who decides, and the moment
(host clock) a countdown the host set ends, or None."""


class NextGame:
    """The wait between games for ``net.host.Host`` (whose attributes these are)."""

    config: HostConfig
    roster: Roster
    finished_at: float | None
    closing_at: float | None
    started: bool
    next_at: float | None = None
    """When the host's countdown deals the next game (None: no countdown)."""
    deal_now: bool = False
    """The host's person said *Next game*."""

    @property
    def host_starts(self) -> bool:
        raise NotImplementedError

    def _all_ready(self) -> bool:
        raise NotImplementedError

    def is_owner(self, session: PeerSession) -> bool:
        raise NotImplementedError

    def game_over(self, now: float) -> None:
        """A game ended and another follows: everyone is asked again. At a window's
        table the host's person too (they have *Next game* as well as *Continue*)."""
        self.roster.unready()
        self.deal_now = False
        self.next_at = None
        if not self.host_starts:
            return
        for claim in self.roster.claims.values():
            if claim.key == self.config.owner:
                claim.ready = False
        if self.config.next_after:
            self.next_at = now + self.config.next_after

    def ready_by_itself(self, claim: SeatClaim) -> bool:
        """A seat that is ready without saying so (``always_ready``): not the host's person
        between games at their own table, even back from a dropped connection; their
        *Continue* or *Next game* says it."""
        reading = (self.host_starts and self.finished_at is not None
                   and claim.key == self.config.owner)
        return claim.always_ready and not reading

    def next_game_due(self, now: float) -> bool:
        """Whether the next game may be dealt now (``game_over`` came first)."""
        if not self.host_starts:
            assert self.finished_at is not None
            return now >= self.finished_at + self.config.pause and self._all_ready()
        due = self.next_at is not None and now >= self.next_at
        return self.deal_now or due or self._all_ready()

    def between_key(self) -> Between | None:
        """The lobby's words on the next game, as a key that changes only with them."""
        if not self.host_starts or self.finished_at is None or self.closing_at is not None:
            return None
        return ("group", self.next_at)

    @staticmethod
    def between_data(key: Between, now: float) -> NextGameData:
        """``next_game`` in the lobby: ``countdown`` is the seconds left as it is sent
        (a screen counts down from when it read it), None where the host set none."""
        by, at = key
        return {"by": by, "countdown": None if at is None else max(0.0, at - now)}

    def next_game_now(self, session: PeerSession) -> None:
        """*Next game*: the host's person deals the next game without waiting."""
        if not self.is_owner(session):
            raise ProtocolError("not_host", "Only the person hosting the table can deal "
                                            "the next game.")
        if self.finished_at is None or self.closing_at is not None:
            raise ProtocolError("already_started", "The game has already started.")
        self.deal_now = True
