"""The full state of a Seven Knights Bewitched table: host-side only, never sent anywhere.

Tiles are named by a public *tile id*: ids ``0..n-1`` are the tiles in front of seats
``0..n-1``, ids ``n..`` are the centre slots. A question, an arrow or a line-up names a
tile by its id, never by its value, so naming a tile tells nobody what is on it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from core.game import Outcome, Seat
from core.games.knights.shapes import Answered, Question, RoundRecord
from core.options import OptionValue
from core.rng import Rng

WITCH = 0
"""The Witch tile's value inside the state; views spell it ``"witch"``."""

WITCH_NAME = "witch"


def shown(value: int) -> int | str:
    """A tile value as views and events spell it: a number, or ``"witch"``."""
    return WITCH_NAME if value == WITCH else value


BASIC = "basic"
DARK = "dark"
ADVANCED = "advanced"
COOP = "coop"
MODES = (BASIC, DARK, ADVANCED, COOP)

ROUNDS = 3

INSPECT = "inspect"
QUESTION = "question"
ANSWER = "answer"
RECOMMEND = "recommend"
COMMAND = "command"
"""The captain's extra question."""
COMMAND_ANSWER = "command_answer"
LINE_UP = "line_up"
REVIEW = "review"
"""Between rounds: every tile is face up; table talk is open again."""
OVER = "over"

ASKING = (QUESTION, COMMAND)
ANSWERING = (ANSWER, COMMAND_ANSWER)

KNIGHTS_SIDE = "knights"
WITCH_SIDE = "witch"
NOBODY = "nobody"

NOTE_LIMIT = 4000
"""Longest private notepad, in characters."""


@dataclass
class KnightsState:
    n: int
    options: dict[str, OptionValue]
    rng: Rng
    mode: str
    round: int = 0
    start: Seat = 0
    """The start player (スタピー) of the current round."""
    tiles: list[int] = field(default_factory=list)
    """Value per tile id: seats' tiles first, then the centre slots."""
    aside: list[int] = field(default_factory=list)
    """Tiles set aside unseen this round (dark and advanced modes)."""
    phase: str = INSPECT
    turn: int = 0
    """Position in the clockwise order from the start player, for one-at-a-time steps."""
    inspect_pass: int = 0
    """Dark mode inspects twice: 0 another player's tile, 1 a centre tile."""
    inspected: list[list[int]] = field(default_factory=list)
    """Per seat, the tile ids it inspected, in order: the public arrows."""
    bewitched: list[Seat] = field(default_factory=list)
    """Seats that saw the Witch tile, in the order it happened."""
    asker: Seat | None = None
    question: Question | None = None
    """The question waiting for its answer (the answerer is ``question["answerer"]``)."""
    log: list[Answered] = field(default_factory=list)
    """This round's public Q&A log."""
    recommendations: list[Seat | None] = field(default_factory=list)
    recommendations_public: bool = False
    captain: Seat | None = None
    captain_revealed: bool = False
    order: list[int] | None = None
    """The captain's line-up, once made."""
    ready: list[bool] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    rounds: list[RoundRecord] = field(default_factory=list)
    """The public record of every finished round (all tiles face up, the result)."""
    totals: list[int] = field(default_factory=list)
    result: Outcome | None = None

    @property
    def centre(self) -> range:
        return range(self.n, len(self.tiles))

    def seat_order(self) -> list[Seat]:
        """Seats clockwise from the start player."""
        return [(self.start + i) % self.n for i in range(self.n)]

    def current(self) -> Seat:
        return (self.start + self.turn) % self.n

    def knows(self, seat: Seat) -> set[int]:
        """Tile ids whose value ``seat`` has seen: its own and the ones it inspected."""
        known = {seat, *self.inspected[seat]}
        if self.captain_revealed and self.captain is not None:
            known.add(self.captain)
        return known

    def witch_tile(self) -> int | None:
        return self.tiles.index(WITCH) if WITCH in self.tiles else None

    def witch_holder(self) -> Seat | None:
        tile = self.witch_tile()
        return tile if tile is not None and tile < self.n else None

    def on_witch_side(self, seat: Seat) -> bool:
        return self.tiles[seat] == WITCH or seat in self.bewitched

    def witch_side(self) -> list[Seat]:
        return [s for s in range(self.n) if self.on_witch_side(s)]
