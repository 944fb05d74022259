"""One table as this window sees it: the host clock, the feeds, and whose eyes are on
the screen.

Single-screen play with several people needs a rule for who may look: a person sees
the screen only during their own private moments (their deal, their wake-up, their
choices), and a privacy screen stands between two such moments. Everything else is
shown from a spectator's seat, which holds no secret at all.

Time at a shared screen is information too. In a secret window (a night hour) every
person looks, in seat order, whether or not anything happens to them, and each look
lasts at least the table's ``look_seconds`` whatever the person does; the table clock
runs only while someone looks, and the window ends as soon as the last look is done.
So the schedule of the screen depends on the number of people and their own pace, never
on the deal, and no countdown runs while nobody at the screen can act.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, cast

from client.ballot import BallotFeed, on_ballot
from client.curtain import LIFT_AFTER, STEADY, Hands
from client.feed import Feed, Peer
from client.kit.scoreboard import Scoreboard
from core.game import Action, View
from core.registry import read_hold
from core.shapes import StoryHeader

CLOSING = 0.05
"""Seconds before a secret window's end at which a shared screen holds it for the looks."""

PUBLIC = -1
"""``Session.shown`` when the screen shows the spectator view."""

OPEN_TURNS = frozenset({"choose", "sly_knights"})
"""Games whose rules make public, outside a secret window, both who has a choice to make
(the player whose turn it is; everyone, when all lay score cards) and who is told
something in private (a Robo's owner, robbed in the open, sees the thief's card; the
player who draws the spare or plays a camera is the one whose turn it is; a new hand
reaches everyone). At their shared screens only the people with a reason look: a look
for everyone would hide nothing, and cost a curtain each."""

CHOICE_TURNS = frozenset({"knights"})
"""Games whose rules make public who has a choice to make (the knight inspecting, asking
or answering; everyone, when all recommend; the captain) but not who is told something:
a bewitched knight is known to the Witch's holder alone. At their shared screens only
the people with a choice look, and news waits for its person's next choice (where it is
needed), so no look tells the room that someone learned something."""


NOTICE_SECONDS = 6.0
"""How long ``Session.notice`` stands, as long as a refusal's words."""


@dataclass
class Session:
    feeds: dict[int | None, Feed]
    """By seat; None is the spectator feed every session keeps."""
    humans: list[int]
    names: list[str]
    tick: Callable[[float], None] | None = None
    """The in-process host's clock input; None when the host is elsewhere (LAN)."""
    omniscient: Callable[[], View | None] | None = None
    version: Callable[[], int] | None = None
    """The in-process host's state's version: the omniscient view (``show_all``) is the
    host's state now, which moves on while the feeds wait (a held round's summary)."""
    finished: Callable[[], bool] = lambda: False
    speed: float = 1.0
    paused: bool = False
    clock: float = 0.0
    shown: int = PUBLIC
    privacy_for: int | None = None
    """A seat whose private moment waits behind the privacy screen."""
    ballot: int | None = None
    """A seat choosing on a ballot (``client.ballot``): the screen shows the spectator's
    table with that seat's choices, and the next ballot follows with no curtain."""
    show_all: bool = False
    """Watch mode: show the omniscient view instead of the spectator's."""
    on_close: Callable[[], None] | None = None
    """Hangs up a LAN connection (and stops a host this window runs)."""
    role: str = "local"
    """local (this process runs the table), host, guest or spectator (LAN): what leaving
    means, and so what the window says before it lets someone leave."""
    closed: str | None = None
    """The host's reason, once it said the table closed."""
    host: Any = None
    """A LAN guest's watch on its host (``client.host_watch.HostWatch``); None elsewhere."""
    dwell: float = 0.0
    """Watch mode: seconds the host clock holds after each new hour or phase, so that
    people can follow a table of bots that would otherwise race through its night."""
    notice: tuple[str, dict[str, object]] | None = None
    """Words said over the table for its first ``NOTICE_SECONDS`` (a strings key and its
    fields, so they read in the language of the moment): a game at one screen that
    cannot be kept for Replays says so as it starts, and plays on."""
    _heard: tuple[float, float] = (0.0, 0.0)
    """A LAN guest's host's last word: its ``time.monotonic()``, and this screen's clock
    in the frame it was read."""
    replay: Any = None
    """A replay's controls (``client.replays.ReplayControl``); None at a live table."""
    bot_views: Callable[[], Any] | None = None
    """Each bot seat with its bot and its view, where every seat's view may be shown
    (watching bots, a replay with everything shown); None everywhere else."""
    show_beliefs: bool = False
    """Draw what each bot believes (only ever with ``bot_views``)."""
    scoreboard: Scoreboard = field(default_factory=Scoreboard)
    """Every finished game of this table session; a table played again passes it on."""
    coach: Any = None
    """A lesson's coach (``client.learn.coach.Coach``) over this table; None elsewhere."""
    more_games: int = 0
    """Watched tables: games still to deal after this one, each starting by itself."""
    look_left: float = 0.0
    """Seconds the person now looking must still keep the screen (their look's minimum)."""
    screen_time: float = 0.0
    """Seconds the window has run this table (real seconds, whatever the speed): how
    long a curtain or a new screen has stood, for the hands at a shared screen."""
    eyes_since: float = 0.0
    """``screen_time`` when the eyes last changed (a curtain appeared or lifted)."""
    hands: Hands = field(default_factory=Hands)
    """What the people's hands hold down, and the press that may lift the curtain."""
    _eyes_seen: tuple[int, int | None, int | None] = (PUBLIC, None, None)
    _hold: float = 0.0
    _seen_private: dict[int, int] = field(default_factory=dict)
    _private_cache: dict[int, int] = field(default_factory=dict)
    _rounds: set[str] = field(default_factory=set)
    _looked: set[tuple[int, str | None]] = field(default_factory=set)
    _last_window: tuple[str | None, bool] = (None, False)
    """The public window last seen, and whether it was secret."""

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
            version=lambda: table.version,
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
    @property
    def own_clock(self) -> bool:
        """Whether this window runs the table's clock (a table in this process, or a
        replay), so a person may pause it or change its speed."""
        return self.tick is not None

    def advance(self, dt: float) -> None:
        """Move the host clock and take in the answers. A privacy screen stops the clock:
        the table waits while the laptop changes hands."""
        self.screen_time += dt
        # A LAN table keeps its host's time: a pause or a speed here would only make
        # this screen's countdown stand, or run ahead of, the table's.
        paused = self.paused and self.own_clock
        step = dt * (self.speed if self.own_clock else 1.0)
        if self._hold > 0 and not paused:
            self._hold -= step
        elif not (paused or self.privacy_for is not None):
            self._run_clock(step)
        if self.shown != PUBLIC and self.privacy_for is None and not paused:
            self.look_left = max(0.0, self.look_left - step)
        if self.tick is not None:
            self.tick(self.clock)
        for feed in self.feeds.values():
            feed.pump(self.clock)
        self._stop_clocks_while_the_host_is_quiet()
        first = self.feeds.get(None) or next(iter(self.feeds.values()))
        for event in first.fresh:
            if event.get("type") == "story":
                self.scoreboard.add(cast(StoryHeader, event))
        self._private_cache = {}
        public = self.feeds.get(None)
        if self.dwell and public is not None and public.fresh:
            self._hold = max(self._hold, read_hold(public.view, public.fresh, self.dwell))
        if len(self.humans) > 1:
            self._after_night()
            self._choose_viewer()
        self._note_eyes()

    # -- the hands at a shared screen ------------------------------------------------
    def _note_eyes(self) -> None:
        """Remember when the eyes changed: a curtain's age, and how long what is newly
        shown has stood still, are counted from then."""
        eyes = (self.shown, self.privacy_for, self.ballot)
        if eyes != self._eyes_seen:
            self._eyes_seen = eyes
            self.eyes_since = self.screen_time
            if self.privacy_for is not None:
                self.hands.curtain_appeared()

    def curtain_since(self) -> float | None:
        """When the curtain now shown appeared; None when there is none."""
        self._note_eyes()
        return None if self.privacy_for is None else self.eyes_since

    def curtain_ready(self) -> bool:
        """The curtain has stood long enough for a press on it to begin."""
        since = self.curtain_since()
        return since is not None and self.screen_time - since >= LIFT_AFTER

    def steady(self) -> bool:
        """What these eyes see has stood long enough to take a press: for a moment
        after a handover, a click meant for the last screen lands on nothing."""
        self._note_eyes()
        return not self.hot_seat or self.screen_time - self.eyes_since >= STEADY

    # -- what is on screen -----------------------------------------------------------
    @property
    def feed(self) -> Feed:
        if self.shown != PUBLIC and self.shown in self.feeds:
            return self.feeds[self.shown]
        public = self.feeds.get(None) or next(iter(self.feeds.values()))
        if self.ballot is not None and self.ballot in self.feeds:
            return BallotFeed(public, self.feeds[self.ballot])
        return public

    def view(self) -> View | None:
        """The view to draw: the shown seat's, or everything at a watched bot table."""
        if self.show_all and self.shown == PUBLIC and self.omniscient is not None:
            full = self.omniscient()
            if full is not None:
                return full
        return self.feed.view

    def _stop_clocks_while_the_host_is_quiet(self) -> None:
        """While a LAN guest's host is quiet, the open window's clock shows what was left
        when the host last spoke: a dead host's window does not run down to 0 s under
        the sentence that it went quiet. A resumed table sends its time again; a host
        that was only out of reach runs on, and so does the clock once it is heard."""
        host = self.host
        if host is None:
            return
        if host.last_heard != self._heard[0]:
            self._heard = (host.last_heard, self.clock)
        for feed in self.feeds.values():
            feed.stopped_at = self._heard[1] if host.gone else None

    def countdown(self) -> float | None:
        """The seconds to show for the open window. A shared screen shows none for a
        secret window: it ends when the looks do, and each look counts down its own
        minimum on the button that ends it."""
        feed = self.feed
        if self.hot_seat and self._secret(feed):
            return None
        return feed.remaining(self.clock)

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
        In a secret window (a night hour) everyone looks once, in seat order, from the
        moment it opens; in any other window, when anyone has something private,
        everyone takes a turn, except in games where who has something is public anyway
        (``OPEN_TURNS``) or who has a choice is (``CHOICE_TURNS``).
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
            return not looked
        game = feed.view.get("game")
        if game in OPEN_TURNS:
            return self._own_reason(seat)
        if game in CHOICE_TURNS:
            # The person looking keeps the screen until they say Done, news or not: a
            # screen that moved on at once for those with nothing new would tell.
            choice = bool(feed.legal) and not self._public_choice(feed)
            return choice or (seat == self.shown and not looked)
        if key in self._rounds or any(self._own_reason(h) for h in self.humans):
            self._rounds.add(key)
            return not looked or (bool(feed.legal) and not self._public_choice(feed))
        return False

    def _after_night(self) -> None:
        """The first window after a secret one opens with a turn for every person: news
        that reached someone after their last look (a Follower chosen by a Thief who
        looked later) is seen then, in a round everyone takes, never in one only some
        deals would need."""
        public = self.feeds.get(None)
        if public is None:
            return
        key = self._window(public)
        if key != self._last_window[0]:
            if self._last_window[1] and key is not None and not self._secret(public):
                self._rounds.add(key)
            self._last_window = (key, self._secret(public))

    def _run_clock(self, step: float) -> None:
        """Move the host clock by ``step``, as the people at the screen allow.

        In a secret window at a shared screen the clock runs only while someone looks
        (the bots awake in it act then), stops just short of the window's end until
        every person has looked, and jumps to that point once the last look is done: the
        window ends when the looks do, which depends on the people, never on the deal.
        Elsewhere it stops while anyone has a private moment to take.
        """
        public = self.feeds.get(None)
        if self.hot_seat and public is not None and self._secret(public):
            closing = self._closing_time(public)
            if closing is None:
                self.clock += step
            elif self._all_looked(public):
                if self.tick is not None and self.clock < closing:
                    self.tick(closing)  # whatever is due before the end happens first
                self.clock = max(self.clock + step, closing + CLOSING)
            elif self.shown != PUBLIC:
                self.clock = max(self.clock, min(self.clock + step, closing))
            return
        if not self._waiting_for_people():
            self.clock += step

    def _all_looked(self, feed: Feed) -> bool:
        key = self._window(feed)
        return all((h, key) in self._looked for h in self.humans)

    def look_seconds(self) -> float:
        """The table's minimum look at a shared screen (0 where the game has none)."""
        options = (self.feeds[None].view or {}).get("options") if None in self.feeds else None
        try:
            return max(0.0, float((options or {}).get("look_seconds", 0.0)))
        except (TypeError, ValueError):
            return 0.0

    def _waiting_for_people(self) -> bool:
        return self.hot_seat and any(self.has_moment(h) for h in self.humans)

    @staticmethod
    def _public_choice(feed: Feed) -> bool:
        """Choices made in the open (ready to vote) need no privacy screen."""
        return all(action.get("type") == "ready" for action in feed.legal)

    def moment_done(self) -> None:
        """The shown person has seen their news and closed their eyes (not before their
        look's minimum is over: a look that ends early would tell the room something)."""
        if self.shown != PUBLIC and self.look_left > 0:
            return
        if self.shown != PUBLIC:
            self._seen_private[self.shown] = self._private_count(self.shown)
            self._looked.add((self.shown, self._window(self.feeds[self.shown])))
        self._choose_viewer()
        self._note_eyes()

    def reveal(self) -> None:
        """The person behind the privacy screen is ready to look (or, where their moment
        is a ballot, to choose on it)."""
        if self.privacy_for is not None:
            if self._ballot_moment(self.privacy_for):
                self.ballot, self.privacy_for = self.privacy_for, None
            else:
                self.shown, self.privacy_for = self.privacy_for, None
                self.look_left = self.look_seconds()
            self._note_eyes()

    def _ballot_moment(self, seat: int) -> bool:
        """The seat's moment is a choice made on a ballot, in a window whose timing is
        not secret (which the looks of a night hour are)."""
        feed = self.feeds[seat]
        return self.hot_seat and not self._secret(feed) and on_ballot(feed.legal)

    def _next_ballot(self) -> bool:
        """Once the voter on the ballot has chosen, the next person with a ballot takes
        the screen straight away (True), or the ballots are over (False)."""
        assert self.ballot is not None
        voter = self.feeds[self.ballot]
        if voter.pending or voter.legal:
            return True
        self._looked.add((self.ballot, self._window(voter)))
        self.ballot = None
        after = next((s for s in self.humans if self.has_moment(s)), None)
        if after is not None and self._ballot_moment(after):
            self.ballot = after
            return True
        return False

    def _choose_viewer(self) -> None:
        if self.privacy_for is not None or (self.ballot is not None and self._next_ballot()):
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

    def public_actions(self) -> list[tuple[int, Action]]:
        """Open choices every person at a shared screen may make together (ready)."""
        out = []
        for seat in self.humans:
            for action in self.feeds[seat].legal:
                if action.get("type") == "ready":
                    out.append((seat, action))
        return out
