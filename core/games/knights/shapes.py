"""The shapes Seven Knights Bewitched speaks in: its view, its actions and its events.

They travel as plain maps (msgpack carries nothing else); declaring them here lets the
view builder, the bots and the client screen be checked against one list of field names
instead of each picking a map apart by hand. An ``ask`` has two forms, each declared
(``AskInAction``, ``AskGreaterAction``); the question the rules keep from it is a
``Question``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Literal, NotRequired, TypedDict, cast

from core.game import Seat, SeatHeader, View, ViewHeader
from core.shapes import LogLine, Shapes

Shown = int | str
"""A tile value as views and events spell it: a number, or ``"witch"`` (``state.shown``)."""


class Question(TypedDict):
    """A question as the rules keep it: an ``ask`` action less its ``type``, its values
    sorted (``questions.parse_question``). ``values`` for the form ``in``, ``other`` for
    ``greater``."""

    answerer: Seat
    form: Literal["in", "greater"]
    tile: int
    values: NotRequired[list[int]]
    other: NotRequired[int]


class OpenQuestion(Question):
    """The question waiting for its answer, as views show it."""

    asker: Seat


class Answered(OpenQuestion):
    """One line of a round's public log: a question and its answer."""

    answer: bool
    extra: bool
    """Asked by the captain after the captaincy (a command), not in the question turns."""


class RoundRecord(TypedDict):
    """A finished round's public record, every tile face up (``resolve.settle``)."""

    round: int
    start: Seat
    side: str
    how: str
    captain: Seat | None
    order: list[int] | None
    tiles: list[Shown]
    aside: list[Shown]
    witch_side: list[Seat]
    bewitched: list[Seat]
    scores: list[int]
    totals: list[int]


class StoryRound(RoundRecord):
    """A round in the end-of-game reveal: its record, with why it went as it did."""

    why: str
    """``success``, ``witch_in_row``, ``knight_left_out``, ``order``, or how the round
    ended at the captain's reveal (``story.why``)."""
    left_out: list[int]
    witch: int | None
    """The Witch tile's id, or None when it was set aside."""
    seats: int


class KnightsStory(TypedDict):
    """The end-of-game reveal's payload (``core.games.knights.story``)."""

    game: str
    winners: list[Seat]
    scores: list[int]
    rounds: list[StoryRound]


class TileData(TypedDict):
    id: int
    owner: Seat | None
    """The seat the tile lies before; None for a tile in the centre."""


class LineUpData(TypedDict):
    order: list[int]
    left_out: int | None


class KnightsYou(TypedDict):
    """What only the viewing seat knows about itself."""

    tile: int
    value: Shown
    side: Literal["witch", "knights"]
    bewitched: bool
    witch_side: list[Seat] | None
    """The Witch side's seats, shown to the Witch side only."""
    note: str
    won: bool | None


class KnightsFields(TypedDict):
    """The game's own fields every audience sees alike."""

    mode: str
    round: int
    start: Seat
    acting: Seat | None
    inspect_pass: int
    tiles: list[TileData]
    numbers: list[int]
    witch_possible: bool
    aside: int
    arrows: list[list[int]]
    recommended: list[bool]
    recommendations: list[Seat | None] | None
    captain: Seat | None
    captain_tile: Shown | None
    line_up: LineUpData | None
    ready: list[bool]
    totals: list[int]


class KnightsRecords(TypedDict):
    """The questions and rounds every audience sees alike, as the rules declare them."""

    question: OpenQuestion | None
    log: list[Answered]
    """Every question asked this round, with its answer."""
    rounds: list[RoundRecord]


class KnightsPublic(ViewHeader, KnightsFields, KnightsRecords):
    """What the view builder starts every audience's view with."""


class KnightsOwn(TypedDict):
    """The fields besides ``seat`` that differ between audiences (``own_view``)."""

    values: list[Shown | None]
    """Per tile id, its value where this audience has seen it."""
    you: NotRequired[KnightsYou]
    """A seat's view only."""


class KnightsSeatView(SeatHeader, KnightsFields, KnightsRecords):
    """One seat's own view: what the bots and the trackers read."""

    values: list[Shown | None]
    """Per tile id, its value where this seat has seen it."""
    you: KnightsYou


class KnightsView(ViewHeader, KnightsFields, KnightsRecords):
    """Any audience's view, as the client reads it."""

    values: NotRequired[list[Shown | None]]
    you: NotRequired[KnightsYou]
    """A seat's view only."""
    aside_values: NotRequired[list[Shown]]
    """The omniscient view only, as are the two fields below."""
    witch_side: NotRequired[list[Seat]]
    bewitched: NotRequired[list[Seat]]


class NoteAction(TypedDict):
    type: Literal["note"]
    text: str


class InspectAction(TypedDict):
    type: Literal["inspect"]
    tile: int


class AskInAction(TypedDict):
    type: Literal["ask"]
    answerer: Seat
    form: Literal["in"]
    tile: int
    values: list[int]


class AskGreaterAction(TypedDict):
    type: Literal["ask"]
    answerer: Seat
    form: Literal["greater"]
    tile: int
    other: int


class AnswerAction(TypedDict):
    type: Literal["answer"]
    answer: bool


class RecommendAction(TypedDict):
    type: Literal["recommend"]
    target: Seat


class LineUpAction(TypedDict):
    type: Literal["line_up"]
    order: list[int]


class ReadyAction(TypedDict):
    type: Literal["ready", "unready"]


AskAction = AskInAction | AskGreaterAction

SHAPES = Shapes(NoteAction, InspectAction, AnswerAction, RecommendAction, LineUpAction,
                ReadyAction)
"""Every action type but ``ask`` and the fields it takes, read from the declarations above."""

ASK_SHAPES = Shapes(AskInAction, AskGreaterAction, key="form")
"""The fields of an ``ask``, by its form: a question of each form names other tiles."""

KnightsAction = (NoteAction | InspectAction | AskInAction | AskGreaterAction | AnswerAction
                 | RecommendAction | LineUpAction | ReadyAction)


class RoundEvent(TypedDict):
    type: Literal["round"]
    round: int
    start: Seat
    tiles: int


class YourTileEvent(TypedDict):
    """To one seat only: its own tile."""

    type: Literal["your_tile"]
    tile: int
    value: Shown


class NoteEvent(TypedDict):
    type: Literal["note"]
    text: str


class InspectEvent(TypedDict):
    type: Literal["inspect"]
    seat: Seat
    tile: int


class InspectedEvent(InspectEvent):
    """To the inspecting seat only (``inspected``): what the tile holds."""

    value: Shown


class SeatEvent(TypedDict):
    """``bewitched`` (to the Witch side), ``recommended``, ``captain_bewitched``,
    ``ready``: a seat did or became so."""

    type: Literal["bewitched", "recommended", "captain_bewitched", "ready", "unready"]
    seat: Seat


class AskTurnEvent(TypedDict):
    type: Literal["ask_turn"]
    seat: Seat
    extra: bool


class CaptainEvent(TypedDict):
    type: Literal["captain"]
    captain: Seat
    recommendations: list[Seat | None]
    tally: list[int]


class CaptainTileEvent(TypedDict):
    type: Literal["captain_tile"]
    seat: Seat
    value: Shown


class LineUpEvent(TypedDict):
    type: Literal["line_up"]
    captain: Seat | None
    order: list[int]
    left_out: int | None
    values: list[Shown]


class GameOverEvent(TypedDict):
    type: Literal["game_over"]
    totals: list[int]
    winners: list[Seat]


KnightsEvent = (RoundEvent | YourTileEvent | NoteEvent | InspectEvent | InspectedEvent
                | SeatEvent | AskTurnEvent | CaptainEvent | CaptainTileEvent | LineUpEvent
                | GameOverEvent)
"""Besides these: ``question`` and ``answer`` carry a question's map, ``round_end`` a
round's record, ``recommend_open`` and ``line_up_open`` the moment alone, and ``story``
the end-of-game reveal (``core.games.knights.story``)."""


class KnightsLine(LogLine, total=False):
    """Any one of the events above (``KnightsEvent`` and the ones named with it) as the log
    holds it (``LogLine``). A ``round_end`` line is a round's record: read it as
    ``RoundRecord``."""

    round: int
    start: Seat
    tiles: int
    tile: int
    value: Shown
    extra: bool
    captain: Seat | None
    recommendations: list[Seat | None]
    tally: list[int]
    order: list[int]
    left_out: int | None
    values: list[Shown]
    answerer: Seat
    asker: Seat
    form: str
    other: int
    answer: bool
    totals: list[int]
    winners: list[Seat]


def knights_view(view: Mapping[str, object]) -> KnightsView:
    """A view as received, read as the shape the host built it in (no copy, no check:
    the host is the one place that builds it, through ``view.build_view``)."""
    return cast(KnightsView, view)


def knights_seat_view(view: View) -> KnightsSeatView:
    """A seat's own view (a bot's), read as its shape."""
    return cast(KnightsSeatView, view)
