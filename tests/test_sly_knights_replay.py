"""Sly Knight Robbery worlds re-run from the deal they imply (``replay_rig``).

The latest view alone does not say every pass of the round; a sampler that read only
it drew worlds in which a player who passed held a card that fitted, which the rules
refuse.
"""

from __future__ import annotations

import copy
from functools import partial
from typing import Any

import pytest

from core.registry import get_game
from core.rng import Rng
from tests.replay_rig import Record, Step, record, replay, sampler
from tests.rules_rig import copied

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
    return min(c for c in _sly_round_cards(world, seat, steps) if c not in used and c != 0)


def _sly_round_cards(world: Any, seat: int, steps: list[Step]) -> list[int]:
    """The cards ``seat`` has held this round in the world: its hand and its score
    cards (chosen, face down or revealed) as the world has them, and the cards the
    record says it played. No card twice: each player owns one card of each value."""
    played = [s.action["card"] for s in steps if s.seat == seat and s.action["type"] == "play"]
    cards = sorted([*world.hands[seat], *(world.chosen[seat] or ()), *played])
    assert len(set(cards)) == len(cards), ("a card held twice", seat, cards)
    return cards


def sly_deal(world: Any, dealt: Any, steps: list[Step], me: int) -> Any:
    """The round's deal the world implies: each pile is the world's pile with the five
    cards drawn this round on top, below the spare the world fixes; everything public
    (pigs, captures, set-aside cards, the turn count) as it stood at the deal, and the
    penalties (face down) as the world has them."""
    state = copy.deepcopy(dealt)
    for seat in range(world.n):
        spare = _sly_spare(world, dealt, seat, steps, me)
        drawn = [c for c in _sly_round_cards(world, seat, steps) if c != 0]
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
    for seed in range(8 if players < 4 else 4):
        rec = record("sly_knights", players, seed, options)
        # Three worlds at every decision: one that breaks an earlier pass of the round
        # is drawn only now and then.
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
        trial = copied(state)
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
