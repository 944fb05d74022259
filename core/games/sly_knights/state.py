"""The full state of a Sly Knight Robbery table: host-side only, never sent anywhere.

A card is an int: 1-16 are a player's numbered cards (each player holds one of each,
in their own colour), and ``PIG_AND_PIG`` (0) is that player's Pig & Pig card. Since
every card a player ever holds comes from their own pile, a card value is enough to
name a card within one hand.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from core.game import Outcome, Seat
from core.games.sly_knights.shapes import CapturedCard, PlayData, ScoreCardData
from core.options import OptionValue
from core.rng import Rng

CARDS = range(1, 17)
PIG_AND_PIG = 0
"""The Pig & Pig expansion card; it counts ``PIG_AND_PIG_WORTH`` when played or kept."""
PIG_AND_PIG_WORTH = 2
HAND_SIZE = 5
SCORE_CARDS = 2
ROUNDS = 3
PIG_POINTS = 2

CHOOSE = "choose"
PLAY = "play"
OVER = "over"


def worth(card: int) -> int:
    """What a card counts toward the limits, and as a penalty."""
    return PIG_AND_PIG_WORTH if card == PIG_AND_PIG else card


@dataclass(slots=True)
class Play:
    """One card laid on a score card."""

    seat: Seat
    card: int
    pig: bool

    def to_data(self) -> PlayData:
        return {"seat": self.seat, "card": self.card, "pig": self.pig}


@dataclass(slots=True)
class ScoreCard:
    """A revealed score card and what lies on it this round."""

    owner: Seat
    value: int
    total: int = 0
    """Sum of the played cards' worth, each pig adding 1: never above ``value``."""
    plays: list[Play] = field(default_factory=list)
    last: Seat | None = None
    """Who played the last card that captures (Pig & Pig cards never do)."""

    @property
    def room(self) -> int:
        return self.value - self.total

    def taker(self) -> Seat:
        return self.owner if self.last is None else self.last

    def to_data(self) -> ScoreCardData:
        return {
            "owner": self.owner,
            "value": self.value,
            "total": self.total,
            "plays": [p.to_data() for p in self.plays],
            "last": self.last,
        }


@dataclass
class SlyKnightsState:
    n: int
    options: dict[str, OptionValue]
    rng: Rng
    piles: list[list[int]]
    """Per seat, face down; the top of the pile is the end of the list."""
    spares: list[int | None]
    """Per seat, the sideways bottom card; None once drawn."""
    hands: list[list[int]]
    """Per seat, kept sorted."""
    pigs: list[int]
    """Pigs each seat holds (not the ones lying on score cards)."""
    round: int = 0
    phase: str = CHOOSE
    chosen: list[list[int] | None] = field(default_factory=list)
    """Score cards each seat has laid face down this round (None: still choosing)."""
    score_cards: list[ScoreCard] = field(default_factory=list)
    """This round's revealed score cards, two per seat in seat order, low card first."""
    start_player: Seat | None = None
    turn: Seat = 0
    turns: int = 0
    """Turns taken so far in the game; names each turn's window."""
    passes: int = 0
    """Passes in succession; the round ends when every player has passed."""
    captured: list[list[CapturedCard]] = field(default_factory=list)
    """Per seat, score cards taken, face up: ``{"owner": seat, "value": v}``."""
    penalties: list[list[int]] = field(default_factory=list)
    """Per seat, the cards left in hand at each round end, face down."""
    set_aside: list[list[int]] = field(default_factory=list)
    """Per seat, the cards it played in finished rounds, set aside face up (sorted)."""
    result: Outcome | None = None
