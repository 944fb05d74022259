"""Rigged Choose! tables for the rule tests: chosen hands and kitchens, and small
helpers to read views and events. It holds no tests of its own."""

from __future__ import annotations

import functools
from typing import Any

from core.game import Event
from core.games.choose.rules import Choose
from core.games.choose.state import (
    CAMERA,
    EXTERMINATOR,
    HENCHMAN,
    HUNGRY,
    NEST,
    ORDINARY,
    ROBO,
    ChooseState,
    Stack,
)
from core.registry import GAMES
from tests import rules_rig

GAME: Choose = GAMES["choose"]  # type: ignore[assignment]

LETTERS = {
    "o": ORDINARY,
    "h": HUNGRY,
    "c": HENCHMAN,
    "r": ROBO,
    "N": NEST,
    "E": EXTERMINATOR,
    "C": CAMERA,
}


def table(hands: list[str], turn: int = 0, first_turn: bool = False) -> ChooseState:
    """A round in progress with chosen hands, one letter a card (see LETTERS), and
    empty kitchens. ``first_turn`` False means the round's opening pickup is past."""
    n = len(hands)
    state = GAME.deal(n, GAME.check_options(n, {}), 1)
    GAME.start(state)
    state.kinds, state.known, state.hands, state.discard = [], [], [], []
    for seat, letters in enumerate(hands):
        hand = []
        for letter in letters:
            hand.append(len(state.kinds))
            state.kinds.append(LETTERS[letter])
            state.known.append(1 << seat)
        state.hands.append(hand)
    state.turn = state.start_player = turn
    state.first_player = (turn - state.round + 1) % n
    state.turns_taken = 0 if first_turn else 1
    return state


def put(
    state: ChooseState,
    owner: int,
    cards: str,
    nested: bool = False,
    placed_by: int | None = None,
) -> int:
    """Put a mouse in ``owner``'s kitchen: ``cards`` bottom first, the last one on top.

    The cards under the top were revealed by steals, so everyone knows them; the top
    is known to whoever placed it."""
    placer = owner if placed_by is None else placed_by
    ids = []
    for i, letter in enumerate(cards):
        ids.append(len(state.kinds))
        state.kinds.append(LETTERS[letter])
        last = i == len(cards) - 1
        state.known.append(1 << placer if last else state.everyone)
    sid = state.next_stack
    state.next_stack += 1
    stack = Stack(sid, owner, ids, placer)
    if nested:
        stack.nest = len(state.kinds)
        state.kinds.append(NEST)
        state.known.append(state.everyone)
    state.stacks[sid] = stack
    state.kitchens[owner].append(sid)
    return sid


def card(state: ChooseState, seat: int, kind: str) -> int:
    return next(c for c in state.hands[seat] if state.kinds[c] == kind)


def mouse(state: ChooseState, viewer: int | None, sid: int) -> dict[str, Any]:
    view = GAME.view(state, viewer)
    return next(m for kitchen in view["kitchens"] for m in kitchen if m["stack"] == sid)


def of_type(events: list[Event], kind: str) -> list[Event]:
    return [e for e in events if e.data["type"] == kind]


def types(legal: list[dict[str, Any]]) -> set[str]:
    return {a["type"] for a in legal}


refused = functools.partial(rules_rig.refused, GAME)
