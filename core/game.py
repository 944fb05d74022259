"""The contract every game module fulfils, and the plain-data types it speaks in.

A game object is stateless: it holds the rules, and the state it is handed holds
everything that changes. That lets one registry instance serve the host, bots, tests
and replays at once.
"""

from __future__ import annotations

import weakref
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, ClassVar, Generic, TypedDict, TypeVar, cast

from core.about import About
from core.errors import ActionError, OptionError
from core.options import OptionSpec, OptionValue, resolve_options
from core.shapes import TALK, TalkLine
from core.shapes import Action as Action
from core.shapes import need_fields as need_fields

Seat = int
"""Seats are numbered 0..n-1 clockwise."""

View = dict[str, Any]
"""What one seat (or a spectator) may see, as plain data built by whitelist."""

EMOTES: tuple[str, ...] = ("thumbs_up", "thinking", "suspicious", "laugh", "surprised", "sleepy")
"""Quick emotes a player can show while table talk is open."""

CHAT_LIMIT = 280
"""Longest chat line, in characters."""


@dataclass(frozen=True)
class Event:
    """One line of the game log, with the seats allowed to see it.

    ``audience`` None means everyone, spectators included; otherwise only the listed
    seats. The event's data must itself be fit for every member of its audience.
    """

    data: dict[str, Any]
    audience: frozenset[Seat] | None = None

    def visible_to(self, seat: Seat | None) -> bool:
        return self.audience is None or (seat is not None and seat in self.audience)


def public(**data: Any) -> Event:
    return Event(data)


def private(
    seats: frozenset[Seat] | set[Seat] | list[Seat] | tuple[Seat, ...], **data: Any
) -> Event:
    return Event(data, frozenset(seats))


class DeadlineData(TypedDict):
    """An open window as views carry it (``Deadline.to_data``)."""

    key: str
    seconds: float
    ends_early: bool


@dataclass(frozen=True)
class Deadline:
    """A window the host must time.

    When ``seconds`` pass, the host calls ``Game.expire`` (which applies the default
    actions). ``ends_early`` says the window may close as soon as nobody has anything
    left to do; when False, closing early would leak information (a night hour), and
    only a table of bots may cut it short.
    """

    key: str
    """Changes whenever a new window opens; the host restarts its clock on a new key."""
    seconds: float
    ends_early: bool

    def to_data(self) -> DeadlineData:
        return {"key": self.key, "seconds": self.seconds, "ends_early": self.ends_early}


class TableHeader(TypedDict):
    """The header fields every audience's view carries alike: everything but the seat."""

    game: str
    players: int
    phase: str
    options: dict[str, OptionValue]
    deadline: DeadlineData | None
    """The open window (``Deadline.to_data``), or None when nothing is timed."""
    chat_open: bool
    result: dict[str, Any] | None
    """None while the game runs; the game's public result once it is over."""


class ViewHeader(TableHeader):
    """What every view starts with, for every audience of every game: what a table
    needs before it knows the game's own fields (docs/PROTOCOL.md)."""

    seat: Seat | None
    """The seat the view is for; None for a spectator."""


class SeatHeader(TableHeader):
    """The header of one seat's own view, the only view a bot or a sampler reads."""

    seat: Seat


HEADER: tuple[str, ...] = ("game", "players", "seat", "phase", "options", "deadline",
                           "chat_open", "result")
"""The header's keys, in the order every view carries them (``view_header``)."""


def view_header(game: Game[S], state: S, seat: Seat | None, *, phase: str,
                options: Mapping[str, OptionValue],
                result: dict[str, Any] | None) -> ViewHeader:
    """The one way a view's header is built, so no game can drift from the others."""
    deadline = game.deadline(state)
    return {
        "game": game.id,
        "players": game.players(state),
        "seat": seat,
        "phase": phase,
        "options": dict(options),
        "deadline": deadline.to_data() if deadline else None,
        "chat_open": game.chat_open(state),
        "result": result,
    }


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended (host-side: it may name secret roles)."""

    winners: tuple[Seat, ...]
    """Seats that won; ties share the win."""
    scores: tuple[int, ...]
    """Final score per seat (1 for a win, 0 for a loss in games without points)."""
    sides: tuple[str, ...] = ()
    """The side that won each game (or each round, in games scored by rounds)."""
    detail: dict[str, Any] = field(default_factory=dict)


S = TypeVar("S")
A = TypeVar("A")
R = TypeVar("R")


def takes(handler: Callable[[S, Seat, A], R]) -> Callable[[S, Seat, Action], R]:
    """A handler typed with its action's declared shape (a TypedDict), entered in the
    table of handlers (``Game.handlers``), which hands it the plain map received. Sound
    because every handler checks the map's keys against that declaration
    (``core.shapes.Shape.need``) before it reads a field."""
    return cast(Callable[[S, Seat, Action], R], handler)

ABOUT_FIELDS = ("id", "title", "min_players", "max_players", "options", "paced")
"""The class attributes a ``Game`` takes from its ``About``."""


class Game(ABC, Generic[S]):
    """The rules of one game. Subclasses fill in the abstract methods.

    ``apply`` is the single gate for every action: it checks the seat and the shape
    common to all games, handles table talk, then hands over to ``_apply``, which must
    check everything before it changes anything.

    Legal lists are built once per state change per seat: the host sends each seat its
    list, a bot chooses from it and ``apply`` checks against it, and all of them ask for
    the same list. The lists are kept beside the state, not in it (a state pickles,
    copies and compares as before), and are forgotten whenever ``apply`` or ``expire``
    runs; a copy or an unpickled state starts with none.
    """

    about: ClassVar[About | None] = None
    """The game's facts that need none of its rules (``core.about``). A subclass that
    names one takes its ``id``, ``title``, table sizes, ``options`` and ``paced`` from it,
    so the menu, which reads only the ``About``, and the rules cannot disagree."""
    id: ClassVar[str]
    title: ClassVar[dict[str, str]]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    sides: ClassVar[tuple[str, ...]] = ()
    options: ClassVar[tuple[OptionSpec, ...]] = ()
    round_ends: ClassVar[frozenset[str]] = frozenset()
    """Types of the public events that close a round whose summary people read before
    the next round is played. After one (unless the game is over) the table holds: no
    clock runs and no bot is asked until every person has said ``continue`` (or the
    table's ``summary_seconds`` pass). A game whose rules hold by themselves between
    rounds (a review phase with its own window) leaves this empty."""
    paced: ClassVar[tuple[str, ...]] = ()
    """Public event types after which a watched table of bots holds for a moment (a new
    hour, a new round), so people can follow play that would otherwise race by."""
    take_back_types: ClassVar[tuple[str, ...]] = ()
    """Action types that take back a choice that is still open (``take_backs``)."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        about = cls.__dict__.get("about")
        if about is not None:
            for name in ABOUT_FIELDS:
                setattr(cls, name, getattr(about, name))

    # -- setup ---------------------------------------------------------------
    def check_options(self, players: int, given: Mapping[str, object]) -> dict[str, OptionValue]:
        """Full, checked options for a table; raises OptionError with a sentence."""
        if not isinstance(players, int) or isinstance(players, bool):
            raise OptionError("bad_players", "The number of players must be a whole number.")
        if not self.min_players <= players <= self.max_players:
            raise OptionError(
                "bad_players",
                f"{self.id} is for {self.min_players}-{self.max_players} players, not {players}.",
            )
        options = resolve_options(self.options, players, given, self.id)
        self._check_combination(players, options)
        return options

    def _check_combination(self, players: int, options: dict[str, OptionValue]) -> None:
        """Hook for rules that tie options to each other or to the player count."""

    def new_game(
        self, players: int, options: Mapping[str, object], seed: int
    ) -> tuple[S, list[Event]]:
        """Check options, deal and start: the usual way to begin a game."""
        state = self.deal(players, self.check_options(players, options), seed)
        return state, self.start(state)

    @abstractmethod
    def deal(self, players: int, options: dict[str, OptionValue], seed: int) -> S:
        """A fresh state from checked options; all chance comes from ``seed``."""

    def start(self, state: S) -> list[Event]:
        """Open the first window; called once, right after ``deal``.

        Separate from ``deal`` so the opening events (the first hour called, the first
        hand dealt) reach the log like every later event.
        """
        return []

    # -- play ----------------------------------------------------------------
    @abstractmethod
    def players(self, state: S) -> int: ...

    def legal_actions(self, state: S, seat: Seat) -> list[Action]:
        """Every decision open to ``seat`` now (table talk is not listed).

        A function of that seat's view only, so it is safe to send to that seat. Built
        by ``_legal`` at most once until the state next changes; each caller gets its
        own list (of the same action maps, which nobody may change).
        """
        entry = self._kept.get(id(state))
        lists = entry[1] if entry is not None and entry[0]() is state else self._lists(state)
        if lists is None:
            return self._legal(state, seat)
        legal = lists.get(seat)
        if legal is None:
            legal = lists[seat] = self._legal(state, seat)
        return list(legal)

    @abstractmethod
    def _legal(self, state: S, seat: Seat) -> list[Action]:
        """Build ``seat``'s legal list (``legal_actions`` keeps it until a change)."""

    @abstractmethod
    def to_act(self, state: S) -> list[Seat]:
        """Seats that still have a decision in the current window (host-side only):
        exactly those whose legal list is not empty, found without building the lists."""

    @cached_property
    def _kept(self) -> dict[int, tuple[weakref.ref[Any], dict[Seat, list[Action]]]]:
        """Per live state (by id, checked by a weak reference): its legal lists so far."""
        return {}

    def _lists(self, state: S) -> dict[Seat, list[Action]] | None:
        """The legal lists kept for ``state``; None for a state no weak reference can
        follow (it is then simply not kept)."""
        key = id(state)
        entry = self._kept.get(key)
        if entry is not None and entry[0]() is state:
            return entry[1]
        kept = self._kept

        def drop(ref: weakref.ref[Any]) -> None:
            if kept.get(key, (None,))[0] is ref:
                del kept[key]

        try:
            ref = weakref.ref(state, drop)
        except TypeError:
            return None
        lists: dict[Seat, list[Action]] = {}
        kept[key] = (ref, lists)
        return lists

    def _changed(self, state: S) -> None:
        """The state may have changed: its legal lists are stale."""
        entry = self._kept.get(id(state))
        if entry is not None:
            entry[1].clear()

    def apply(self, state: S, seat: Seat, action: object) -> list[Event]:
        """Apply one action by ``seat``; returns the events it caused."""
        if type(seat) is not int or not 0 <= seat < self.players(state):
            raise ActionError("bad_seat", f"There is no seat {seat!r} at this table.")
        if not isinstance(action, dict) or not isinstance(action.get("type"), str):
            raise ActionError("malformed", "An action must be a map with a text field 'type'.")
        if self.outcome(state) is not None:
            raise ActionError("game_over", "The game is over; no more actions are taken.")
        try:
            if action["type"] in ("chat", "emote"):
                line = self._talk(state, seat, action)
                self.heard(state, line)
                return [public(**line)]
            if action["type"] in self.take_back_types:
                if action not in self.take_backs(state, seat):
                    raise ActionError("nothing_to_take_back",
                                      "There is no open choice of yours to take back.")
                return self.dispatch(state, seat, action)
            return self._apply(state, seat, action)
        finally:
            entry = self._kept.get(id(state))  # _changed, written out: every action ends here
            if entry is not None:
                entry[1].clear()

    def take_backs(self, state: S, seat: Seat) -> list[Action]:
        """The choices ``seat`` made that are still open and may be taken back ("ready to
        vote" before the vote opens). Never among ``legal_actions``, which bots choose
        from: a bot would take back its own choice, and a table of bots would never move
        on. A person takes one back, often one a stand-in bot made in their name."""
        return []

    def _apply(self, state: S, seat: Seat, action: Action) -> list[Event]:
        """Checks every action type shares, then the handler. A game whose actions share
        checks (the phase, the turn) makes them here before calling ``dispatch``."""
        return self.dispatch(state, seat, action)

    @cached_property
    def handlers(self) -> dict[str, Callable[[S, Seat, Action], list[Event]]]:
        """Each action type and the one method that checks and applies it. One table per
        game, so every handler is named where the actions are listed."""
        return self._handlers()

    @abstractmethod
    def _handlers(self) -> dict[str, Callable[[S, Seat, Action], list[Event]]]: ...

    def dispatch(self, state: S, seat: Seat, action: Action) -> list[Event]:
        kind = action["type"]
        handler = self.handlers.get(kind)
        if handler is None:
            known = ", ".join(self.handlers)
            raise ActionError("unknown_action",
                              f"{self.title['en']} has no action {kind!r} ({known}).")
        return handler(state, seat, action)

    def chat_open(self, state: S) -> bool:
        """Whether free table talk (chat and emotes) is allowed now."""
        return False

    def heard(self, state: S, line: TalkLine) -> None:
        """Hook: a game that keeps table talk in its views (so bots and late joiners can
        read it) stores ``line`` here. By default talk lives only in the event log."""

    def _talk(self, state: S, seat: Seat, action: Action) -> TalkLine:
        if not self.chat_open(state):
            raise ActionError("chat_closed", "Table talk is not open at this moment.")
        if action["type"] == "chat":
            TALK["chat"].need(action)
            text = action["text"]
            if not isinstance(text, str) or not text.strip():
                raise ActionError("malformed", "A chat line must be non-empty text.")
            if len(text) > CHAT_LIMIT:
                raise ActionError("too_long", f"A chat line holds at most {CHAT_LIMIT} characters.")
            return {"type": "chat", "seat": seat, "text": text.strip()}
        TALK["emote"].need(action)
        emote = action["emote"]
        if emote not in EMOTES:
            raise ActionError("malformed", f"Unknown emote {emote!r}.")
        return {"type": "emote", "seat": seat, "emote": emote}

    @abstractmethod
    def deadline(self, state: S) -> Deadline | None:
        """The window now open, or None when nothing is timed."""

    def expire(self, state: S) -> list[Event]:
        """The open window's time has passed: apply the default actions, move on."""
        try:
            return self._expire(state)
        finally:
            self._changed(state)

    @abstractmethod
    def _expire(self, state: S) -> list[Event]:
        """What ``expire`` does for this game."""

    @abstractmethod
    def view(self, state: S, seat: Seat | None) -> View:
        """What ``seat`` may see (None: a spectator), built by whitelist."""

    @abstractmethod
    def outcome(self, state: S) -> Outcome | None:
        """None while the game runs."""

    def omniscient_view(self, state: S) -> View:
        """Everything, for watching an all-bot table. Never sent where a person plays."""
        return self.view(state, None)

    def shared_view(self, state: S) -> View | None:
        """The fields of ``view`` that every audience, spectators included, sees alike;
        None (the default) when the game does not split its view.

        A host builds and packs this part once per change for all its audiences, so a
        game with a large public part (a talk window) does not pay for it per seat.
        A game that gives it must give ``own_view`` too, such that ``view(state, seat)``
        is exactly ``joined_view`` of the two, key order included, and table talk may
        change this part but no audience's ``own_view``, legal actions or deadline
        (tests/test_game_contract.py checks both).
        """
        return None

    def own_view(self, state: S, seat: Seat | None) -> View:
        """The fields of ``view`` that are not in ``shared_view`` (all, without one):
        ``seat``, and no other header field."""
        return self.view(state, seat)


def without_seat(view: Mapping[str, Any]) -> View:
    """A view built for a spectator, less its ``seat``: the part of it that every audience
    sees alike, when the game builds its seat-dependent fields apart (``shared_view``)."""
    shared = dict(view)
    del shared["seat"]
    return shared


def joined_view(shared: View, own: View) -> View:
    """A split view put back together in the order ``view`` gives it: the header first
    (``seat`` from the audience's own part), then the shared fields, then its own. The
    order matters on the wire: the view packs to the very bytes of the unsplit one."""
    return {**_HEADER_SLOTS, **shared, **own}


_HEADER_SLOTS: dict[str, None] = dict.fromkeys(HEADER)
"""The header's keys in their order, each filled in by one of the two parts."""


def need_int(action: Mapping[str, object], key: str, low: int, high: int) -> int:
    """The integer field ``key`` of an action, in [low, high], or a malformed error."""
    value = action.get(key)
    if not isinstance(value, int) or isinstance(value, bool):
        raise ActionError("malformed", f"Field {key!r} must be a whole number.")
    if not low <= value <= high:
        raise ActionError("malformed", f"Field {key!r} must be between {low} and {high}.")
    return value
