"""The shapes Choose! speaks in: its view, its actions and its events.

They travel as plain maps (msgpack carries nothing else); declaring them here lets the
view builder, the bots and the client screen be checked against one list of field names
instead of each picking a map apart by hand.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Literal, NotRequired, TypedDict, cast

from core.game import Seat, SeatHeader, View, ViewHeader
from core.shapes import LogLine, Shapes


class MouseData(TypedDict):
    """One stack in a kitchen; ``top`` is named only to the seats that know it."""

    stack: int
    stolen: int
    nest: int | None
    placed_by: Seat
    top: str | None
    under: NotRequired[list[str]]
    """The omniscient view only: the cards under the top, bottom first."""


class HandCard(TypedDict):
    card: int
    kind: str


class Flip(TypedDict):
    """One stack turned over and scored at a round's end."""

    stack: int
    owner: Seat
    kind: str
    nested: bool
    stolen: int
    points: int


class RoundRecord(TypedDict):
    round: int
    stacks: list[Flip]
    raw: list[int]
    scores: list[int]
    totals: list[int]


class HiddenStack(TypedDict):
    """A stack as it lay at a round's end, every card in it named (bottom first)."""

    stack: int
    owner: Seat
    cards: list[str]
    nested: bool


class HiddenRound(TypedDict):
    """What a round kept face down (``story.hidden_of_round``): host-side until the end."""

    stacks: list[HiddenStack]
    discard: dict[str, int]
    """Cards of each kind in the discard pile, kinds with none left out."""


class RevealedFlip(Flip):
    cards: list[str]
    """Every card of the stack, bottom first."""


class StoryRound(TypedDict):
    """A round in the end-of-game reveal: its flip, with what stayed face down."""

    round: int
    stacks: list[RevealedFlip]
    raw: list[int]
    scores: list[int]
    totals: list[int]
    discard: dict[str, int]


class ChooseStory(TypedDict):
    """The end-of-game reveal's payload (``core.games.choose.story``)."""

    game: str
    winners: list[Seat]
    scores: list[int]
    rounds: list[StoryRound]


class MoveData(TypedDict):
    """One turn of the round as the whole table saw it (RULES.md §2 "Visibility": the
    action taken, where, the identity a steal turned face up and the nest laid or
    taken, never a card's id nor a discarded card)."""

    seat: Seat
    type: str
    """pickup, steal, nest, exterminator, camera or sleepy."""
    stack: int | None
    """The mouse acted on (the new one for a pickup); None for sleepy."""
    revealed: str | None
    """A steal's revealed top card."""
    nest: int | None
    """The nest card laid (nest) or taken back (exterminator)."""


class ChooseFields(TypedDict):
    """The game's own fields every audience sees alike."""

    round: int
    rounds: int
    start_player: Seat
    turn: Seat | None
    turns_taken: int
    hand_sizes: list[int]
    discard_size: int
    round_scores: list[list[int]]
    totals: list[int]
    last_round: RoundRecord | None
    moves: list[MoveData]
    """This round's turns so far, in order: what a seat that watched the table knows
    and its views alone would not tell (which card went under which, who played a
    camera and who slept)."""


class ChoosePublic(ViewHeader, ChooseFields):
    """What the view builder starts every audience's view with."""


class ChooseOwn(TypedDict):
    """The fields besides ``seat`` that differ between audiences (``own_view``): the
    kitchens' top cards are named by what each seat knows."""

    kitchens: list[list[MouseData]]
    hand: list[HandCard] | None
    """A seat's own hand; None for a spectator."""


class ChooseSeatView(SeatHeader, ChooseFields):
    """One seat's own view: what the bots read."""

    kitchens: list[list[MouseData]]
    hand: list[HandCard]


class ChooseView(ChoosePublic):
    """Any audience's view, as the client reads it."""

    kitchens: NotRequired[list[list[MouseData]]]
    hand: NotRequired[list[HandCard] | None]
    """A seat's own hand; None for a spectator."""
    hands: NotRequired[list[list[HandCard]]]
    """The omniscient view only, as is ``discard``."""
    discard: NotRequired[list[str]]


class PickupAction(TypedDict):
    type: Literal["pickup", "sleepy"]
    card: int


class StealAction(TypedDict):
    type: Literal["steal"]
    card: int
    stack: int


class StackAction(TypedDict):
    type: Literal["nest", "camera"]
    stack: int


class ExterminatorAction(TypedDict):
    type: Literal["exterminator"]
    stack: int
    discard: int


ChooseAction = PickupAction | StealAction | StackAction | ExterminatorAction

SHAPES = Shapes(PickupAction, StealAction, StackAction, ExterminatorAction)
"""Every action type and exactly the fields it takes, read from the declarations above."""


class RoundEvent(TypedDict):
    type: Literal["round"]
    round: int
    rounds: int
    start_player: Seat
    hand_sizes: list[int]
    discard_size: int


class DealtEvent(TypedDict):
    """To one seat only: its new hand."""

    type: Literal["dealt"]
    hand: list[HandCard]


class RoundEndEvent(RoundRecord):
    type: Literal["round_end"]


class GameOverEvent(TypedDict):
    type: Literal["game_over"]
    winners: list[Seat]
    totals: list[int]


class PlayedEvent(TypedDict):
    """To the playing seat only: the card it put down, and where."""

    type: Literal["played"]
    card: int
    kind: str
    stack: int


class StackEvent(TypedDict):
    """``pickup``, ``pull_back`` and ``robo``: a seat and the stack it concerns."""

    type: Literal["pickup", "pull_back", "robo"]
    seat: Seat
    stack: int


class StealEvent(TypedDict):
    type: Literal["steal"]
    seat: Seat
    stack: int
    robbed: Seat
    revealed: str
    stolen: int


class SawEvent(TypedDict):
    """To one seat only: ``robo_saw`` and ``camera_saw``, the kind it was shown."""

    type: Literal["robo_saw", "camera_saw"]
    stack: int
    kind: str


class OwnedStackEvent(TypedDict):
    """``nest``, ``exterminator`` and ``camera``: a seat acts on a stack of ``owner``."""

    type: Literal["nest", "exterminator", "camera"]
    seat: Seat
    stack: int
    owner: Seat


class DiscardedEvent(TypedDict):
    """To one seat only: the card it threw away."""

    type: Literal["discarded"]
    card: int
    kind: str


class SleepyEvent(TypedDict):
    type: Literal["sleepy"]
    seat: Seat


ChooseEvent = (RoundEvent | DealtEvent | RoundEndEvent | GameOverEvent | PlayedEvent
               | StackEvent | StealEvent | SawEvent | OwnedStackEvent | DiscardedEvent
               | SleepyEvent)


class ChooseLine(LogLine, total=False):
    """Any one of the events above (``ChooseEvent`` and the ones named with it) as the log
    holds it (``LogLine``)."""

    round: int
    rounds: int
    start_player: Seat
    hand_sizes: list[int]
    discard_size: int
    hand: list[HandCard]
    stacks: list[Flip]
    raw: list[int]
    scores: list[int]
    totals: list[int]
    winners: list[Seat]
    card: int
    kind: str
    stack: int
    robbed: Seat
    revealed: str
    stolen: int
    owner: Seat


def choose_view(view: Mapping[str, object]) -> ChooseView:
    """A view as received, read as the shape the host built it in (no copy, no check:
    the host is the one place that builds it, through ``view.build_view``)."""
    return cast(ChooseView, view)


def choose_seat_view(view: View) -> ChooseSeatView:
    """A seat's own view (a bot's), read as its shape."""
    return cast(ChooseSeatView, view)
