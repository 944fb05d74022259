"""Choose! and Sly Knight Robbery worlds re-run from their deal: a world drawn at a
seat's decision implies how the round was dealt (the hands held now plus what the
public record says each seat played or took since the deal, and the piles and spares
the world fixes). Dealt afresh that way and played forward through the round's public
record by the rules (``start``, ``apply``), it must show the seat, at each of its
earlier decisions of the round, exactly the view it was shown then, and its view now.

The latest view alone does not say everything a seat saw (a top it knew that is now
under another card, a pass made while a card still fitted); a sampler that reads only
that view draws worlds that fail here, although they fit the view now.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from typing import Any

import pytest

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
        out.steps.append(Step(number, seat, action, game.apply(state, seat, action)))
        if state.round != number and state.round not in out.dealt:
            out.dealt[state.round] = copy.deepcopy(state)

    while game.outcome(state) is None:
        assert game.to_act(state), "these games close no window by the clock"
        advance(game, state, act)
    return out


def chosen_points(rec: Record, every: int) -> list[Point]:
    """Every ``every``-th decision, and the last decision of each round (later rounds
    included), so a test sees early, middle and late points of each round."""
    points = rec.points
    last_of_round = {rec.steps[p.steps].round: i for i, p in enumerate(points)}
    keep = set(range(0, len(points), every)) | set(last_of_round.values())
    return [points[i] for i in sorted(keep)]


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


# -- Sly Knight Robbery --------------------------------------------------------------

SLY_TABLES = [(2, {}), (4, {}), (3, {"pig_and_pig": True}), (4, {"pig_and_pig": True})]


def _sly_spare(world: Any, dealt: Any, seat: int, steps: list[Step], me: int) -> int | None:
    """The spare the world implies for ``seat`` as the round was dealt: still lying
    there, drawn in an earlier round, or drawn this round. For a spare drawn this
    round the seat that drew it saw it (its private ``spare`` event); for another
    seat it is any card of the round it did not use before the draw: the smallest,
    which asks least of the passes made before it."""
    if dealt.spares[seat] is None:
        return None
    if world.spares[seat] is not None:
        return int(world.spares[seat])
    used: set[int] = set()
    for step in steps:
        if step.seat != seat:
            continue
        if step.action["type"] == "draw_spare":
            for event in step.events:
                if event.data["type"] == "spare" and seat == me:
                    return int(event.data["card"])
            break
        if step.action["type"] == "choose":
            used |= set(world.chosen[seat])
        if step.action["type"] == "play":
            used.add(step.action["card"])
    return min(c for c in _sly_round_cards(world, seat) if c not in used and c != 0)


def _sly_round_cards(world: Any, seat: int) -> list[int]:
    """The cards ``seat`` has held this round in the world: its hand, its score
    cards (chosen, face down or revealed) and the cards it played on score cards."""
    played = [p.card for sc in world.score_cards for p in sc.plays if p.seat == seat]
    return sorted([*world.hands[seat], *(world.chosen[seat] or ()), *played])


def sly_deal(world: Any, dealt: Any, steps: list[Step], me: int) -> Any:
    """The round's deal the world implies: each pile is the world's pile with the five
    cards drawn this round on top, below the spare the world fixes; everything public
    (pigs, captures, set-aside cards, the turn count) as it stood at the deal, and the
    penalties (face down) as the world has them."""
    state = copy.deepcopy(dealt)
    for seat in range(world.n):
        spare = _sly_spare(world, dealt, seat, steps, me)
        drawn = [c for c in _sly_round_cards(world, seat) if c != 0]
        if spare is not None and world.spares[seat] is None:
            drawn.remove(spare)
        assert len(drawn) == 5, (seat, drawn)
        state.piles[seat] = list(world.piles[seat]) + drawn
        state.spares[seat] = spare
        state.penalties[seat] = list(world.penalties[seat])
        state.hands[seat] = []
    state.round -= 1
    return state


@pytest.mark.parametrize("players,options", SLY_TABLES)
def test_a_sly_knights_world_re_run_from_its_deal_shows_the_seat_every_view_again(
        players: int, options: dict[str, Any]) -> None:
    """A world drawn at a seat's decision (choices, plays, passes, spares drawn, in
    every round) is dealt afresh as the round was, and played through the round's
    public record by the rules, with the world's own score cards for each choice: the
    seat sees each of its earlier views of the round again, in order, and its view now."""
    game, draw, rng = get_game("sly_knights"), sampler("sly_knights"), Rng(8)
    checked = 0
    for seed in range(8):
        rec = record("sly_knights", players, seed, options)
        for point in [p for p in rec.points for _ in range(3)]:
            now = point.views[-1]
            number = now["round"]
            world = draw(point.views, rng)
            steps = [s for s in rec.steps[:point.steps] if s.round == number]
            state = sly_deal(world, rec.dealt[number], steps, point.seat)
            game.start(state)
            act = partial(_sly_act, game, world, _start_of(rec, number))
            shown = [v for v in point.views[:-1] if v["round"] == number]
            checked += replay(game, state, point.seat, steps, shown, now, act)
    assert checked > 20


def _sly_act(game: Any, world: Any, start: int | None, state: Any, step: Step) -> Any:
    """Apply one step of the record, a choice with the world's own score cards. The
    last choice reveals them, and a tie for the start player is drawn by lot: the lot
    is set so that the draw falls as the record says it did."""
    if step.action["type"] != "choose":
        game.apply(state, step.seat, step.action)
        return state
    cards = {"type": "choose", "cards": list(world.chosen[step.seat])}
    if sum(c is None for c in state.chosen) > 1:
        game.apply(state, step.seat, cards)
        return state
    for lot in range(64):
        trial = copy.deepcopy(state)
        trial.rng = Rng(lot)
        game.apply(trial, step.seat, cards)
        if trial.start_player == start:
            return trial
    raise AssertionError("no lot gives the recorded start player")


def _start_of(rec: Record, number: int) -> int | None:
    """The start player the record's reveal of round ``number`` named, if any yet."""
    for step in rec.steps:
        for event in step.events:
            if event.data["type"] == "reveal" and step.round == number:
                return int(event.data["start_player"])
    return None
