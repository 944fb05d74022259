"""The full state of a Choose! table, and the game's data tables: host-side only.

Card ids are internal to the host and to the holder of a card: they are renewed from
the state's generator every round, so an id says nothing about a card's identity, and
no view shows the id of a card on the table.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from core.game import Outcome, Seat
from core.games.choose.shapes import HiddenRound, MoveData, RoundRecord
from core.options import OptionValue
from core.rng import Rng

ORDINARY = "ordinary"
HUNGRY = "hungry"
HENCHMAN = "henchman"
ROBO = "robo"
NEST = "nest"
EXTERMINATOR = "exterminator"
CAMERA = "camera"

MICE = (ORDINARY, HUNGRY, HENCHMAN, ROBO)
"""Mouse cards (ねずみカード): one deck, all with the same cheese-mark back."""
WISDOM = (NEST, EXTERMINATOR, CAMERA)
"""Wisdom cards (ちえカード): the other deck."""
KINDS = MICE + WISDOM

DECK: dict[str, int] = {
    ORDINARY: 8,
    HUNGRY: 4,
    HENCHMAN: 4,
    ROBO: 4,
    NEST: 8,
    EXTERMINATOR: 4,
    CAMERA: 4,
}
"""RULES.md §2 [decided]: the default composition, each count a ``deck.<kind>`` option."""

DEAL: dict[int, tuple[int, int]] = {2: (8, 6), 3: (6, 5), 4: (5, 4), 5: (4, 3)}
"""Players -> (mouse cards, wisdom cards) dealt to each hand, from the source's table."""

PLAY = "play"
OVER = "over"


def score_mouse(kind: str, nested: bool, stolen: int) -> int:
    """What one mouse is worth to the kitchen it ends in (RULES.md §2, scoring).

    A face-up ordinary or hungry mouse shows 2 cheese marks of its own, hence the +2.
    """
    if kind == HUNGRY:
        return stolen + 2
    if not nested:
        return 0
    if kind == ORDINARY:
        return stolen + 2
    return -stolen


def first_card(state: ChooseState, seat: Seat, kind: str) -> int | None:
    """The card of ``kind`` a wisdom action uses: face-up cards are interchangeable, so
    the lowest id, which the holder's view shows, stands for them all."""
    kinds = state.kinds
    found: int | None = None
    for c in state.hands[seat]:
        if kinds[c] == kind and (found is None or c < found):
            found = c
    return found


@dataclass
class Stack:
    """One mouse: the cards of a kitchen stack, bottom first; the last is the top."""

    id: int
    """Public: a stack keeps its id when it moves between kitchens."""
    owner: Seat
    cards: list[int]
    placed_by: Seat
    """Who put the top card down: everyone at the table saw it happen."""
    nest: int | None = None
    """The nest card lying on this mouse, if any."""

    @property
    def top(self) -> int:
        return self.cards[-1]

    @property
    def stolen(self) -> int:
        return len(self.cards) - 1


@dataclass
class ChooseState:
    n: int
    options: dict[str, OptionValue]
    rng: Rng
    deck: dict[str, int]
    first_player: Seat
    round: int = 0
    """1-based once the first round is dealt."""
    phase: str = PLAY
    start_player: Seat = 0
    turn: Seat = 0
    turns_taken: int = 0
    """Turns played in this round; the first one must be a pickup."""
    kinds: list[str] = field(default_factory=list)
    """Card id -> identity, for the current round."""
    known: list[int] = field(default_factory=list)
    """Card id -> bit mask of the seats that know its identity."""
    hands: list[list[int]] = field(default_factory=list)
    stacks: dict[int, Stack] = field(default_factory=dict)
    kitchens: list[list[int]] = field(default_factory=list)
    """Per seat: the ids of the stacks in its kitchen, in the order they arrived."""
    discard: list[int] = field(default_factory=list)
    moves: list[MoveData] = field(default_factory=list)
    """This round's turns as the table saw them (``MoveData``)."""
    next_stack: int = 0
    """Stack ids run on across rounds, so an action aimed at last round's mouse misses."""
    round_scores: list[list[int]] = field(default_factory=list)
    """Per finished round: each seat's score, already floored at 0."""
    totals: list[int] = field(default_factory=list)
    last_round: RoundRecord | None = None
    """The flip of the last finished round, as public plain data."""
    round_records: list[RoundRecord] = field(default_factory=list)
    """Every finished round's flip (``last_round``), for the end-of-game story."""
    hidden_rounds: list[HiddenRound] = field(default_factory=list)
    """Per finished round, the cards that stayed face down: secret until the game ends."""
    result: Outcome | None = None

    @property
    def everyone(self) -> int:
        return (1 << self.n) - 1

    def card_count(self) -> int:
        """Cards in hands, kitchens (mice and nests) and the discard pile."""
        on_table = sum(len(s.cards) + (s.nest is not None) for s in self.stacks.values())
        return sum(len(h) for h in self.hands) + on_table + len(self.discard)
