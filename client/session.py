"""One table as this window sees it: the host clock, the feeds, and whose eyes are on
the screen.

Single-screen play with several people needs a rule for who may look: a person sees
the screen only during their own private moments (their deal, their wake-up, their
choices), and a privacy screen stands between two such moments. Everything else is
shown from a spectator's seat, which holds no secret at all.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from client.feed import Feed, Peer
from client.kit.scoreboard import Scoreboard
from core.registry import paced_events

CLOSING = 0.05
"""Seconds before a secret window's end at which a shared screen holds it for the looks."""

PUBLIC = -1
"""``Session.shown`` when the screen shows the spectator view."""


@dataclass
class Session:
    feeds: dict[int | None, Feed]
    """By seat; None is the spectator feed every session keeps."""
    humans: list[int]
    names: list[str]
    tick: Callable[[float], None] | None = None
    """The in-process host's clock input; None when the host is elsewhere (LAN)."""
    omniscient: Callable[[], dict[str, Any] | None] | None = None
    finished: Callable[[], bool] = lambda: False
    speed: float = 1.0
    paused: bool = False
    clock: float = 0.0
    shown: int = PUBLIC
    privacy_for: int | None = None
    """A seat whose private moment waits behind the privacy screen."""
    show_all: bool = False
    """Watch mode: show the omniscient view instead of the spectator's."""
    on_close: Callable[[], None] | None = None
    """Hangs up a LAN connection (and stops a host this window runs)."""
    role: str = "local"
    """local (this process runs the table), host, guest or spectator (LAN): what leaving
    means, and so what the window says before it lets someone leave."""
    closed: str | None = None
    """The host's reason, once it said the table closed."""
    dwell: float = 0.0
    """Watch mode: seconds the host clock holds after each new hour or phase, so that
    people can follow a table of bots that would otherwise race through its night."""
    replay: Any = None
    """A replay's controls (``client.replays.ReplayControl``); None at a live table."""
    bot_views: Callable[[], Any] | None = None
    """Each bot seat with its bot and its view, where every seat's view may be shown
    (watching bots, a replay with everything shown); None everywhere else."""
    show_beliefs: bool = False
    """Draw what each bot believes (only ever with ``bot_views``)."""
    scoreboard: Scoreboard = field(default_factory=Scoreboard)
    """Every finished game of this table session; a table played again passes it on."""
    more_games: int = 0
    """Watched tables: games still to deal after this one, each starting by itself."""
    _hold: float = 0.0
    _seen_private: dict[int, int] = field(default_factory=dict)
    _private_cache: dict[int, int] = field(default_factory=dict)
    _rounds: set[str] = field(default_factory=set)
    _looked: set[tuple[int, str | None]] = field(default_factory=set)

    @classmethod
    def local(
        cls, table: Any, humans: list[int], names: list[str], *, speed: float = 1.0
    ) -> Session:
        """A session on an in-process ``net.local.LocalTable``."""
        feeds: dict[int | None, Feed] = {None: Feed(table.join(None))}
        for seat in humans:
            feeds[seat] = Feed(table.join(seat))
        session = cls(
            feeds,
            humans,
            names,
            tick=table.tick,
            omniscient=table.omniscient_view,
            finished=lambda: bool(table.finished),
            speed=speed,
        )
        session.shown = humans[0] if len(humans) == 1 else PUBLIC
        session.show_all = not humans and table.all_bots
        if session.show_all:
            session.bot_views = table.bot_views
        session.dwell = 1.5 if not humans else 0.0
        return session

    @classmethod
    def remote(cls, peer: Peer, names: list[str]) -> Session:
        """A session on a LAN peer: one seat (or a spectator), no clock of our own."""
        feeds: dict[int | None, Feed] = {None: Feed(peer)}
        humans: list[int] = []
        if peer.seat is not None:
            feeds = {peer.seat: Feed(peer)}
            humans = [peer.seat]
        session = cls(feeds, humans, names)
        session.shown = humans[0] if humans else PUBLIC
        return session

    # -- the clock -----------------------------------------------------------------
    def advance(self, dt: float) -> None:
        """Move the host clock and take in the answers. A privacy screen stops the clock:
        the table waits while the laptop changes hands."""
        if self._hold > 0 and not self.paused:
            self._hold -= dt * self.speed
        elif not (self.paused or self.privacy_for is not None or self._waiting_for_people()):
            limit = self._clock_limit()
            step = self.clock + dt * self.speed
            self.clock = step if limit is None else max(self.clock, min(step, limit))
        if self.tick is not None:
            self.tick(self.clock)
        for feed in self.feeds.values():
            feed.pump(self.clock)
        first = self.feeds.get(None) or next(iter(self.feeds.values()))
        for event in first.fresh:
            if event.get("type") == "story":
                self.scoreboard.add(event)
        self._private_cache = {}
        public = self.feeds.get(None)
        if self.dwell and public is not None and any(
            e.get("type") in paced_events(public.view) for e in public.fresh
        ):
            self._hold = self.dwell
        if len(self.humans) > 1:
            self._choose_viewer()

    # -- what is on screen -----------------------------------------------------------
    @property
    def feed(self) -> Feed:
        if self.shown != PUBLIC and self.shown in self.feeds:
            return self.feeds[self.shown]
        return self.feeds.get(None) or next(iter(self.feeds.values()))

    def view(self) -> dict[str, Any] | None:
        """The view to draw: the shown seat's, or everything at a watched bot table."""
        if self.show_all and self.shown == PUBLIC and self.omniscient is not None:
            full = self.omniscient()
            if full is not None:
                return full
        return self.feed.view

    @property
    def hot_seat(self) -> bool:
        return len(self.humans) > 1

    def _private_count(self, seat: int) -> int:
        """Events this seat was told that the spectator was not: its private news."""
        cached = self._private_cache.get(seat)
        if cached is None:
            mine, public = self.feeds[seat].event_counts, self.feeds[None].event_counts
            cached = self._private_cache[seat] = sum((mine - public).values())
        return cached

    @staticmethod
    def _window(feed: Feed) -> str | None:
        return None if not feed.deadline else str(feed.deadline.get("key"))

    @staticmethod
    def _secret(feed: Feed) -> bool:
        """A window whose timing is itself secret (a night hour): it may not end early."""
        deadline = (feed.view or {}).get("deadline") or {}
        return deadline.get("ends_early") is False

    def _closing_time(self, feed: Feed) -> float | None:
        left = feed.remaining(feed.received_at)
        return None if left is None else feed.received_at + left - CLOSING

    def _own_reason(self, seat: int) -> bool:
        """The seat has a choice to make in private, or news it has not seen."""
        feed = self.feeds[seat]
        if feed.view is None or feed.view.get("result") is not None:
            return False
        if feed.legal and not self._public_choice(feed):
            return True
        return self._private_count(seat) > self._seen_private.get(seat, -1)

    def has_moment(self, seat: int) -> bool:
        """Whether this person should now take a turn at the screen.

        With several people at one screen, whose turn comes must tell the table nothing.
        In a secret window (a night hour) everyone looks once, in seat order, when the
        window is about to close (the bots have acted by then); in any other window, when
        anyone has something private, everyone takes a turn.
        """
        if self.feed.hold is not None:
            return False  # a round summary is read together, in the open
        if not self.hot_seat:
            return self._own_reason(seat)
        feed = self.feeds[seat]
        key = self._window(feed)
        if key is None or feed.view is None or feed.view.get("result") is not None:
            return False
        looked = (seat, key) in self._looked
        if self._secret(feed):
            closing = self._closing_time(feed)
            return closing is not None and self.clock >= closing - 1e-9 and not looked
        if key in self._rounds or any(self._own_reason(h) for h in self.humans):
            self._rounds.add(key)
            return not looked or (bool(feed.legal) and not self._public_choice(feed))
        return False

    def _clock_limit(self) -> float | None:
        """At a shared screen, a secret window stops just short of its end until every
        person has had their turn to look."""
        public = self.feeds.get(None)
        if not self.hot_seat or public is None or not self._secret(public):
            return None
        key = self._window(public)
        if all((h, key) in self._looked for h in self.humans):
            return None
        return self._closing_time(public)

    def _waiting_for_people(self) -> bool:
        return self.hot_seat and any(self.has_moment(h) for h in self.humans)

    @staticmethod
    def _public_choice(feed: Feed) -> bool:
        """Choices made in the open (ready to vote) need no privacy screen."""
        return all(action.get("type") == "ready" for action in feed.legal)

    def moment_done(self) -> None:
        """The shown person has seen their news and closed their eyes."""
        if self.shown != PUBLIC:
            self._seen_private[self.shown] = self._private_count(self.shown)
            self._looked.add((self.shown, self._window(self.feeds[self.shown])))
        self._choose_viewer()

    def reveal(self) -> None:
        """The person behind the privacy screen is ready to look."""
        if self.privacy_for is not None:
            self.shown, self.privacy_for = self.privacy_for, None

    def _choose_viewer(self) -> None:
        if self.privacy_for is not None:
            return
        current = self.shown
        if current != PUBLIC and (self.feeds[current].pending or self.has_moment(current)):
            return
        for seat in self.humans:
            if self.has_moment(seat):
                self.shown = PUBLIC
                self.privacy_for = seat
                return
        self.shown = PUBLIC

    def public_actions(self) -> list[tuple[int, dict[str, Any]]]:
        """Open choices every person at a shared screen may make together (ready)."""
        out = []
        for seat in self.humans:
            for action in self.feeds[seat].legal:
                if action.get("type") == "ready":
                    out.append((seat, action))
        return out
