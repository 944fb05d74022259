"""The full state of a Cheese Thief table: host-side only, never sent anywhere."""

from __future__ import annotations

from dataclasses import dataclass, field

from core.game import Outcome, Seat
from core.games.cheese_thief.shapes import NightRecord, PeekRecord
from core.options import OptionValue
from core.rng import Rng
from core.shapes import TalkLine

THIEF = "thief"
SLEEPYHEAD = "sleepyhead"
FALL_MOUSE = "fall_mouse"

HOURS = range(1, 7)

CHOOSE_DIE = "choose_die"
NIGHT = "night"
FOLLOWERS = "followers"
DISCUSSION = "discussion"
VOTE = "vote"
OVER = "over"


def dice_per_seat(players: int) -> int:
    """RULES.md §1: at a table of four each seat rolls two dice, otherwise one."""
    return 2 if players == 4 else 1


@dataclass
class CheeseThiefState:
    n: int
    options: dict[str, OptionValue]
    rng: Rng
    roles: list[str]
    dice: list[list[int]]
    """One die per seat, two at 4 players."""
    wake: list[list[int]]
    """Wake hours: a 4-player Sleepyhead has none until it picks a die; the Thief has both."""
    thief: Seat
    phase: str = CHOOSE_DIE
    hour: int = 0
    cheese_taken: bool = False
    theft_hour: int | None = None
    witnesses: list[Seat] = field(default_factory=list)
    acted: set[Seat] = field(default_factory=set)
    """Seats that finished their decision in the current window."""
    seen: list[list[NightRecord]] = field(default_factory=list)
    """Per seat: what each of its wake-ups showed (hour, who was awake, the cheese)."""
    peeks: list[list[PeekRecord]] = field(default_factory=list)
    knows_thief: list[bool] = field(default_factory=list)
    known_followers: list[list[Seat]] = field(default_factory=list)
    followers: list[Seat] = field(default_factory=list)
    followers_settled: bool = False
    ready: list[bool] = field(default_factory=list)
    votes: list[Seat | None] = field(default_factory=list)
    voted: list[bool] = field(default_factory=list)
    revealed: list[str | None] = field(default_factory=list)
    votes_public: bool = False
    side_won: str | None = None
    top: list[Seat] = field(default_factory=list)
    talk: list[TalkLine] = field(default_factory=list)
    """Chat lines and emotes of the day, public to everyone."""
    result: Outcome | None = None
