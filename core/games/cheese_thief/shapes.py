"""The shapes Cheese Thief speaks in: its view, its actions and its events.

They travel as plain maps (msgpack carries nothing else); declaring them here lets the
view builder, the bots and the client screen be checked against one list of field names
instead of each picking a map apart by hand.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Literal, NotRequired, TypedDict, cast

from core.game import Seat, SeatHeader, View, ViewHeader
from core.shapes import LogLine, Shapes, TalkLine


class NightRecord(TypedDict):
    """What one wake-up showed a seat: who was awake, and the cheese."""

    hour: int
    awake: list[Seat]
    cheese: str
    """``present``, ``taken`` (this hour, before these eyes) or ``gone``."""
    thief: Seat | None
    """The thief, when it took the cheese this hour."""


class PeekRecord(TypedDict):
    """A die looked at under its cup."""

    hour: int
    target: Seat
    die: int
    value: int


class SeatPeek(PeekRecord):
    """A peek in the end-of-game story: whose it was."""

    seat: Seat


class StoryPeek(TypedDict):
    seat: Seat
    target: Seat
    die: int
    value: int


class StoryHour(TypedDict):
    """One hour of the night, turned over at the end."""

    hour: int
    awake: list[Seat]
    peeks: list[StoryPeek]
    theft: bool
    witnesses: list[Seat]


class CheeseStory(TypedDict):
    """The end-of-game reveal's payload (``core.games.cheese_thief.story``)."""

    game: str
    winners: list[Seat]
    scores: list[int]
    side: str | None
    why: str
    roles: list[str]
    dice: list[list[int]]
    wake_hours: list[list[int]]
    thief: Seat
    followers: list[Seat]
    fall_mouse: Seat | None
    theft_hour: int | None
    night: list[StoryHour]
    votes: list[Seat | None]
    top: list[Seat]


class CheeseYou(TypedDict):
    """What only the viewing seat knows about itself."""

    role: str
    dice: list[int]
    wake_hours: list[int]
    follower: bool
    awake: bool
    vote: Seat | None
    won: bool | None


class CheeseFields(TypedDict):
    """The game's own fields every audience sees alike."""

    hour: int
    ready: list[bool]
    voted: list[bool]
    votes: list[Seat | None] | None
    """Everyone's vote, once the votes are revealed (in the omniscient view, always)."""
    revealed: list[str | None]
    talk: list[TalkLine]
    """The latest chat and emote events (``core.game.Game._talk``)."""


class CheesePublic(ViewHeader, CheeseFields):
    """What the view builder starts every audience's view with."""


class CheesePrivate(TypedDict):
    """A seat's own part of its view (``view._private``)."""

    you: CheeseYou
    nights: list[NightRecord]
    peeks: list[PeekRecord]
    thief: Seat | None
    followers: list[Seat]


class CheeseSeatView(SeatHeader, CheeseFields, CheesePrivate):
    """One seat's own view: what the bots read."""


class CheeseView(CheesePublic):
    """Any audience's view, as the client reads it."""

    you: NotRequired[CheeseYou]
    """A seat's view only, as are the four fields below."""
    nights: NotRequired[list[NightRecord]]
    peeks: NotRequired[list[PeekRecord]]
    thief: NotRequired[Seat | None]
    followers: NotRequired[list[Seat]]
    """A seat's followers known to it; in the omniscient view, the followers."""
    roles: NotRequired[list[str]]
    """The omniscient view only, as are the fields below."""
    dice: NotRequired[list[list[int]]]
    wake_hours: NotRequired[list[list[int]]]
    cheese_taken: NotRequired[bool]
    theft_hour: NotRequired[int | None]


class DieAction(TypedDict):
    type: Literal["choose_die"]
    die: int


class PeekAction(TypedDict):
    type: Literal["peek"]
    target: Seat
    die: NotRequired[int]
    """Only where each seat has two dice (a table of four)."""


class FollowersAction(TypedDict):
    type: Literal["followers"]
    targets: list[Seat]


class VoteAction(TypedDict):
    type: Literal["vote"]
    target: Seat


class PlainAction(TypedDict):
    type: Literal["take", "pass", "ready", "unready"]


CheeseAction = DieAction | PeekAction | FollowersAction | VoteAction | PlainAction

SHAPES = Shapes(DieAction, PeekAction, FollowersAction, VoteAction, PlainAction)
"""Every action type and the fields it takes, read from the declarations above."""


class MomentEvent(TypedDict):
    """``choose_die``, ``followers_step``, ``day`` and ``vote_open``: the table moves on."""

    type: Literal["choose_die", "followers_step", "day", "vote_open"]


class DieChosenEvent(TypedDict):
    type: Literal["die_chosen"]
    die: int
    hour: int


class TheftEvent(TypedDict):
    """To the eyes awake at the theft only."""

    type: Literal["theft"]
    hour: int
    thief: Seat


class PeekEvent(PeekRecord):
    type: Literal["peek"]


class FollowersChosenEvent(TypedDict):
    type: Literal["followers_chosen"]
    followers: list[Seat]


class MadeFollowerEvent(TypedDict):
    type: Literal["made_follower"]
    followers: list[Seat]
    thief: Seat | None


class SeatEvent(TypedDict):
    type: Literal["ready", "unready", "voted"]
    seat: Seat


class HourEvent(TypedDict):
    type: Literal["hour"]
    hour: int


class WakeEvent(TypedDict):
    """To the eyes awake this hour only."""

    type: Literal["wake"]
    hour: int
    awake: list[Seat]
    cheese: str


class RevealEvent(TypedDict):
    type: Literal["reveal"]
    votes: list[Seat | None]
    tally: list[int]
    top: list[Seat]
    roles: list[str | None]
    side: str


CheeseEvent = (MomentEvent | DieChosenEvent | TheftEvent | PeekEvent | FollowersChosenEvent
               | MadeFollowerEvent | SeatEvent | HourEvent | WakeEvent | RevealEvent)
"""Besides these, ``story``: the end-of-game reveal (``core.games.cheese_thief.story``)."""


class CheeseLine(LogLine, total=False):
    """Any one of the events above (``CheeseEvent`` and the ones named with it) as the log
    holds it (``LogLine``)."""

    hour: int
    die: int
    thief: Seat | None
    target: Seat
    value: int
    followers: list[Seat]
    awake: list[Seat]
    cheese: str
    votes: list[Seat | None]
    tally: list[int]
    top: list[Seat]
    roles: list[str | None]
    side: str


def cheese_view(view: Mapping[str, object]) -> CheeseView:
    """A view as received, read as the shape the host built it in (no copy, no check:
    the host is the one place that builds it, through ``view.build_view``)."""
    return cast(CheeseView, view)


def cheese_seat_view(view: View) -> CheeseSeatView:
    """A seat's own view (a bot's), read as its shape."""
    return cast(CheeseSeatView, view)
