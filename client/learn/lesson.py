"""What a lesson is: a seed, table options, and the steps a person is walked through.

A lesson is data. Its steps name what they point at by the keys a table already gives
its click targets for the keyboard (``seat2``, ``card19``, ``button:ready``), so a
lesson never reaches into how a game draws; a lesson may add named regions of its own
for the parts of a table nobody clicks (the log, a seat's score).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from client.kit.words import Strings

if TYPE_CHECKING:
    import pygame

Action = Mapping[str, object]
"""An action as a lesson expects it: only the keys it gives are compared (``matches``)."""
View = Mapping[str, object]
"""The person's view as a lesson's step reads it (each game's lesson reads its own view)."""

FREE_ACTIONS = frozenset({"chat", "say", "emote", "note"})
"""Actions a lesson never holds back: talk changes nothing on the table."""


@dataclass(frozen=True)
class Click:
    """One click of an action that takes several (the card, the pig, the tile asked
    about): said, pointed at and waited for on its own, so that a step never lists
    clicks. The action goes out only at the last click, which is the step's own."""

    key: str
    """Its words in the lesson's strings."""
    point: tuple[str, ...]
    """What it points at, as ``Step.point``; ``--auto`` activates the first of these on
    screen, as the keyboard's Enter would."""
    made: Callable[[Any], bool]
    """Reads the table scene: the click is made (the card held, the pig switched on).
    Read every frame, so an undone click (the card put back) is asked for again."""


@dataclass(frozen=True)
class Step:
    """One thing said, pointed at, and waited for."""

    key: str
    """Its words in the lesson's strings (English and Japanese)."""
    point: tuple[str, ...] = ()
    """What it points at: the first of these click targets (or named regions) that is
    on screen. Listing the card before the stack points at the card until it is chosen,
    then at where it goes."""
    expect: Action | None = None
    """The action that does the step (every key given must match); None: the step
    only explains, and Continue does it."""
    when: Callable[[View], bool] | None = None
    """The step waits, with the table running, until the view shows this (None: at
    once for an explanation; for an action, once that action is legal)."""
    why: str = ""
    """The key of the sentence that says why another action is not taken here."""
    fill: Callable[[View, Sequence[Mapping[str, object]]], dict[str, object]] | None = None
    """Values for the words' fields, read from the person's view and log (a die they
    saw, what a steal turned up)."""
    clicks: tuple[Click, ...] = ()
    """The clicks before the one that sends ``expect``, each its own instruction; the
    step's own words and point are for the last click."""

    @property
    def shown(self) -> int:
        """How many instructions the person sees for this step (its clicks and itself)."""
        return len(self.clicks) + 1


@dataclass(frozen=True)
class Lesson:
    """A guided first game: the deal, the table, the steps, the words."""

    game: str
    players: int
    seed: int
    steps: tuple[Step, ...]
    words: Strings
    options: Mapping[str, object] = field(default_factory=dict)
    bots: str = "normal"
    regions: Callable[[Any], dict[str, pygame.Rect]] | None = None
    """Named regions of the table scene (``scene -> {name: pygame.Rect}``) for steps
    that point at what is not clicked."""


def shown_before(steps: Sequence[Step], index: int) -> int:
    """Instructions the person has seen before step ``index`` (the counter's count)."""
    return sum(step.shown for step in steps[:index])


def matches(action: Action, expect: Action) -> bool:
    """True when ``action`` is the expected one on every key the lesson gave."""
    return all(action.get(key) == value for key, value in expect.items())
