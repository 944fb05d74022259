"""The shapes Sly Knight Robbery speaks in: its view, its actions and its events.

They travel as plain maps (msgpack carries nothing else); declaring them here lets the
view builder, the bots, the sampler and the client screen be checked against one list
of field names instead of each picking a map apart by hand.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Literal, NotRequired, TypedDict, cast

from core.game import Seat, SeatHeader, View, ViewHeader
from core.shapes import LogLine, Shapes


class PlayData(TypedDict):
    """One card lying on a score card."""

    seat: Seat
    card: int
    pig: bool


class ScoreCardData(TypedDict):
    owner: Seat
    value: int
    total: int
    plays: list[PlayData]
    last: Seat | None


class CapturedCard(TypedDict):
    """A score card taken, face up."""

    owner: Seat
    value: int


class SlyYou(TypedDict):
    """What only the viewing seat knows about itself."""

    hand: list[int]
    chosen: list[int] | None
    spare_drawn: bool
    penalties: list[int]
    pigs: int


class SlyFields(TypedDict):
    """The game's own fields every audience sees alike."""

    round: int
    turn: Seat | None
    start_player: Seat | None
    passes: int
    chosen: list[bool]
    score_cards: list[ScoreCardData]
    hand_sizes: list[int]
    pile_sizes: list[int]
    spare_drawn: list[bool]
    pigs: list[int]
    captured: list[list[CapturedCard]]
    penalty_counts: list[int]
    penalties: list[list[int]] | None
    """Everyone's penalty cards, once the game is over (in the omniscient view, always)."""
    set_aside: list[list[int]]


class SlyPublic(ViewHeader, SlyFields):
    """What the view builder starts every audience's view with."""


class SlyOwn(TypedDict):
    """The fields besides ``seat`` that differ between audiences (``own_view``)."""

    you: NotRequired[SlyYou]
    """A seat's view only."""


class SlySeatView(SeatHeader, SlyFields):
    """One seat's own view: what the bots and the sampler read."""

    you: SlyYou


class SlyView(SlyPublic):
    """Any audience's view, as the client reads it."""

    you: NotRequired[SlyYou]
    """A seat's view only."""
    hands: NotRequired[list[list[int]]]
    """The omniscient view only, as are the fields below."""
    piles: NotRequired[list[list[int]]]
    spares: NotRequired[list[int | None]]
    chosen_cards: NotRequired[list[list[int] | None]]


class ChooseAction(TypedDict):
    type: Literal["choose"]
    cards: list[int]


class DrawSpareAction(TypedDict):
    type: Literal["draw_spare"]


class PlayAction(TypedDict):
    type: Literal["play"]
    card: int
    target: int
    pig: bool


class PassAction(TypedDict):
    type: Literal["pass"]


SlyAction = ChooseAction | DrawSpareAction | PlayAction | PassAction

SHAPES = Shapes(ChooseAction, DrawSpareAction, PlayAction, PassAction)
"""Every action type and exactly the fields it takes, read from the declarations above."""


class SeatEvent(TypedDict):
    """``chosen``, ``spare_drawn`` and ``pass``: a seat did so."""

    type: Literal["chosen", "spare_drawn", "pass"]
    seat: Seat


class SpareEvent(TypedDict):
    """To the drawing seat only: its spare card."""

    type: Literal["spare"]
    card: int


class PlayEvent(TypedDict):
    type: Literal["play"]
    seat: Seat
    card: int
    target: int
    pig: bool
    total: int


class RoundEvent(TypedDict):
    type: Literal["round"]
    round: int


class CardsEvent(TypedDict):
    """To one seat only: ``drawn``, its new hand cards; ``penalty``, the cards it keeps
    face down at a round's end."""

    type: Literal["drawn", "penalty"]
    cards: list[int]


class RevealEvent(TypedDict):
    type: Literal["reveal"]
    score_cards: list[list[int]]
    sums: list[int]
    tied: list[Seat]
    start_player: Seat


class Capture(TypedDict):
    target: int
    owner: Seat
    value: int
    taker: Seat
    pigs: int


class RoundEndEvent(TypedDict):
    type: Literal["round_end"]
    round: int
    captures: list[Capture]
    penalty_counts: list[int]
    pigs: list[int]


class GameEndEvent(TypedDict):
    type: Literal["game_end"]
    scores: list[int]
    winners: list[Seat]
    captured_points: list[int]
    pig_points: list[int]
    penalty_points: list[int]
    penalties: list[list[int]]


class SlyStory(TypedDict):
    """The end-of-game reveal's payload (``core.games.sly_knights.story``)."""

    game: str
    winners: list[Seat]
    scores: list[int]
    piles: list[list[int]]
    spares: list[int | None]
    penalties: list[list[int]]
    captured: list[list[CapturedCard]]
    pigs: list[int]
    captured_points: list[int]
    pig_points: list[int]
    penalty_points: list[int]


class StoryEvent(SlyStory):
    """The end-of-game reveal."""

    type: Literal["story"]


SlyEvent = (SeatEvent | SpareEvent | PlayEvent | RoundEvent | CardsEvent | RevealEvent
            | RoundEndEvent | GameEndEvent | StoryEvent)


class SlyLine(LogLine, total=False):
    """Any one of the events above (``SlyEvent`` and the ones named with it) as the log
    holds it (``LogLine``)."""

    card: int
    target: int
    pig: bool
    total: int
    round: int
    cards: list[int]
    score_cards: list[list[int]]
    sums: list[int]
    tied: list[Seat]
    start_player: Seat
    captures: list[Capture]
    penalty_counts: list[int]
    pigs: list[int]
    scores: list[int]
    winners: list[Seat]
    captured_points: list[int]
    pig_points: list[int]
    penalty_points: list[int]
    penalties: list[list[int]]


def sly_view(view: Mapping[str, object]) -> SlyView:
    """A view as received, read as the shape the host built it in (no copy, no check:
    the host is the one place that builds it, through ``view.build_view``)."""
    return cast(SlyView, view)


def sly_seat_view(view: View) -> SlySeatView:
    """A seat's own view (a bot's), read as its shape."""
    return cast(SlySeatView, view)
