"""Choose!: replay, and non-interference.

Two deals that differ only in mouse cards seat p cannot know (other hands and the
undealt cards) must give p byte-identical views, legal actions and events until the
rules show p one of the cards that differ.
"""

from __future__ import annotations

import copy
from typing import Any

import msgpack
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from core.game import Event
from core.games.choose.rules import Choose
from core.games.choose.state import MICE, OVER, ChooseState
from core.play import seat_bots
from core.registry import GAMES
from core.rng import Rng

GAME: Choose = GAMES["choose"]  # type: ignore[assignment]


def packed(state: ChooseState, seat: int | None, events: list[Event]) -> bytes:
    """Everything the host would send ``seat`` after a step, serialized."""
    legal = GAME.legal_actions(state, seat) if seat is not None else []
    visible = [e.data for e in events if e.visible_to(seat)]
    data: bytes = msgpack.packb([GAME.view(state, seat), legal, visible])
    return data


# -- replay ------------------------------------------------------------------------------


# -- non-interference -----------------------------------------------------------------------


def shown_at(state: ChooseState, p: int, levels: list[str], seed: int) -> tuple[Any, Any]:
    """Play a copy of ``state`` with bots; return the action list, and for each mouse
    card of round 1 hidden from p, the step at which p is first shown it."""
    state = copy.deepcopy(state)
    bots = seat_bots("choose", levels, seed)
    hidden = {c for c, k in enumerate(state.kinds) if k in MICE and not state.known[c] >> p & 1}
    when: dict[int, int] = {}
    steps: list[tuple[int, Any]] = []
    while state.phase != OVER and state.round == 1:
        seat = state.turn
        action = bots[seat].act(GAME.view(state, seat), GAME.legal_actions(state, seat))
        discard = set(state.discard)
        events = GAME.apply(state, seat, action)
        if state.round == 1:
            when.update((c, len(steps)) for c in hidden - set(when) if state.known[c] >> p & 1)
        else:  # the flip shows everything still on the table
            discard.update(e.data["card"] for e in events if e.data["type"] == "discarded")
            when.update((c, len(steps)) for c in hidden - set(when) - discard)
        steps.append((seat, action))
    return steps, when


@settings(max_examples=80, deadline=None)
@given(
    seed=st.integers(0, 2**40),
    n=st.integers(2, 5),
    p=st.integers(0, 4),
    pick=st.integers(0, 5),
    levels=st.lists(st.sampled_from(["random", "simple"]), min_size=5, max_size=5),
)
def test_swapping_two_hidden_mice_looks_the_same_to_p_until_shown(
    seed: int, n: int, p: int, pick: int, levels: list[str]
) -> None:
    """Swap two mouse cards of different kinds that p does not hold (in other hands or
    undealt): p's stream is byte-identical up to the step that shows p one of them,
    and differs exactly there."""
    p %= n
    one, start = GAME.new_game(n, {}, seed)
    steps, when = shown_at(one, p, levels[:n], seed)
    never = len(steps)
    hidden = sorted(
        (c for c, k in enumerate(one.kinds) if k in MICE and not one.known[c] >> p & 1),
        key=lambda c: (-when.get(c, never), c),
    )
    a = hidden[pick % min(6, len(hidden))]
    b = next((c for c in hidden if one.kinds[c] != one.kinds[a]), None)
    assume(b is not None)
    assert b is not None
    two = copy.deepcopy(one)
    two.kinds[a], two.kinds[b] = one.kinds[b], one.kinds[a]
    shown = min(when.get(a, never), when.get(b, never))
    assert packed(one, p, start) == packed(two, p, start)
    for index, (seat, action) in enumerate(steps[: shown + 1]):
        seen_one = packed(one, p, GAME.apply(one, seat, action))
        seen_two = packed(two, p, GAME.apply(two, seat, action))
        assert (seen_one == seen_two) == (index < shown), (index, shown)


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 2**40),
    n=st.integers(2, 5),
    p=st.integers(0, 4),
    shuffle=st.integers(0, 2**40),
)
def test_mice_p_never_sees_leave_the_whole_game_identical_for_p(
    seed: int, n: int, p: int, shuffle: int
) -> None:
    """Permute only the mice that end round 1 face down in the discard pile without p
    having held them (undealt, or put to sleep by others): p is never shown them, so
    p's whole stream, through every round, must not change."""
    p %= n
    one, start = GAME.new_game(n, {}, seed)
    fresh = copy.deepcopy(one)
    bots = seat_bots("choose", ["random"] * n, seed)
    steps: list[tuple[int, Any]] = []
    unseen = {c for c in one.discard if one.kinds[c] in MICE}
    while one.phase != OVER:
        seat = one.turn
        action = bots[seat].act(GAME.view(one, seat), GAME.legal_actions(one, seat))
        round_before = one.round
        for event in GAME.apply(one, seat, action):
            discarded = event.data["type"] == "discarded" and round_before == 1
            if discarded and seat != p and event.data["kind"] in MICE:
                unseen.add(event.data["card"])
        steps.append((seat, action))
    one, two = fresh, copy.deepcopy(fresh)
    hidden = sorted(unseen)
    kinds = [two.kinds[c] for c in hidden]
    Rng(shuffle).shuffle(kinds)
    for c, kind in zip(hidden, kinds, strict=True):
        two.kinds[c] = kind
    assert packed(one, p, start) == packed(two, p, start)
    for seat, action in steps:
        seen_one = packed(one, p, GAME.apply(one, seat, action))
        assert seen_one == packed(two, p, GAME.apply(two, seat, action))
    assert GAME.outcome(one) == GAME.outcome(two)


def test_no_card_on_the_table_is_named_by_id_except_face_up_nests() -> None:
    state, _ = GAME.new_game(4, {}, 5)
    bots = seat_bots("choose", ["random"] * 4, 5)
    for _ in range(30):  # round 1 has 36 turns
        seat = state.turn
        legal = GAME.legal_actions(state, seat)
        GAME.apply(state, seat, bots[seat].act(GAME.view(state, seat), legal))
        for viewer in [*range(4), None]:
            for kitchen in GAME.view(state, viewer)["kitchens"]:
                for mouse in kitchen:
                    assert set(mouse) == {"stack", "stolen", "nest", "placed_by", "top"}
                    assert mouse["nest"] is None or state.kinds[mouse["nest"]] == "nest"


def test_card_ids_say_nothing_about_identity() -> None:
    kinds_of_card_0 = set()
    for seed in range(30):
        state, _ = GAME.new_game(2, {}, seed)
        kinds_of_card_0.add(state.kinds[0])
        first_round = list(state.kinds)
        while state.round == 1:
            GAME.expire(state)
        assert state.kinds != first_round  # ids are dealt afresh every round
    assert len(kinds_of_card_0) >= 4
