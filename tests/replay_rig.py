"""Worlds re-run from their deal: the record of a whole game of bots (every action,
its events, the public table after it, and the state as each round was dealt), the
decisions of each seat with every view it was shown, and a replay that checks a seat's
views as the rules show them again (``test_sly_knights_replay``, ``test_choose_replay``).

A world drawn at a seat's decision implies how the round was dealt: the hands held now
plus what the public record says each seat played or took since the deal, and the
piles and spares the world fixes. Dealt afresh that way and played forward through the
round's public record by the rules, it must show the seat, at each of its earlier
decisions of the round, exactly the view it was shown then, and its view now.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from core.about import load
from core.game import Action, Event, View
from core.play import advance, seat_bots
from core.registry import about, get_game
from core.rng import Rng


def sampler(game_id: str) -> Callable[[list[View], Rng], Any]:
    found: Callable[[list[View], Rng], Any] = load(about(game_id).sampler)
    return found


@dataclass
class Step:
    """One action of the true game, as the public record and the seat that made it
    know it: its round, the seat, the action and the events it caused."""

    round: int
    seat: int
    action: Action
    events: list[Event]
    after: View
    """The spectator's view once the step is made: the public record of the table."""


@dataclass
class Point:
    """One decision of a seat: every view it was shown at its decisions so far (the
    last is now) and how many steps of the record came before it."""

    seat: int
    views: list[View]
    steps: int


@dataclass
class Record:
    """A whole game of bots: its steps, its decisions and, per round, the state as the
    round was dealt (only its public fields are read)."""

    steps: list[Step] = field(default_factory=list)
    points: list[Point] = field(default_factory=list)
    dealt: dict[int, Any] = field(default_factory=dict)


def record(game_id: str, players: int, seed: int, options: dict[str, Any],
           level: str = "simple") -> Record:
    game = get_game(game_id)
    state, _ = game.new_game(players, options, seed)
    bots = seat_bots(game_id, [level] * players, seed)
    shown: dict[int, list[View]] = {s: [] for s in range(players)}
    out = Record()
    out.dealt[state.round] = copy.deepcopy(state)

    def act(seat: int, legal: list[Action]) -> None:
        view = game.view(state, seat)
        shown[seat].append(view)
        out.points.append(Point(seat, list(shown[seat]), len(out.steps)))
        action = bots[seat].act(view, legal)
        number = state.round
        events = game.apply(state, seat, action)
        out.steps.append(Step(number, seat, action, events, game.view(state, None)))
        if state.round != number and state.round not in out.dealt:
            out.dealt[state.round] = copy.deepcopy(state)

    while game.outcome(state) is None:
        assert game.to_act(state), "these games close no window by the clock"
        advance(game, state, act)
    return out


def replay(game: Any, state: Any, seat: int, steps: list[Step], views: list[View],
           now: View, act: Callable[[Any, Step], Any]) -> int:
    """Play ``steps`` on ``state`` with ``act`` (which may return a new state),
    checking the seat's view before each of its own steps against ``views`` in order,
    then against ``now``. Returns how many earlier views were checked."""
    earlier = list(views)
    for step in steps:
        if step.seat == seat:
            assert earlier, "the seat decided more often than it was shown a view"
            assert game.view(state, seat) == earlier.pop(0)
        state = act(state, step)
    assert not earlier
    assert game.view(state, seat) == now
    return len(views)
