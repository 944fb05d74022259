"""Sly Knight Robbery: non-interference for hands, piles and spares.

Two deals that differ only in what seat p cannot know are driven with the same actions
(drawn from those legal in both). Until the rules show p the difference, p's views,
legal actions and events, and the spectator's view and events, must be byte for byte
the same. The comparison stops when an action is legal in only one of the two games
or passes for it (another seat's hidden cards do decide what it may do, and its pass
shows that it had no play, as at the table), or when the game ends and the penalties
are turned up.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import zip_longest
from typing import Any

import msgpack
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from core.game import Event
from core.games.sly_knights.state import OVER, SlyKnightsState
from core.rng import Rng
from tests.test_sly_knights_rules import GAME

Avoid = Callable[[int, dict[str, Any]], bool]
"""Actions (seat, action) the driver leaves out, such as p drawing its own spare."""
Until = Callable[[SlyKnightsState], bool]
"""Whether the game has reached the point where p is shown the difference."""


def snapshot(state: SlyKnightsState, events: list[Event], p: int) -> bytes:
    packed: bytes = msgpack.packb(
        [
            GAME.view(state, p),
            GAME.legal_actions(state, p),
            [e.data for e in events if e.visible_to(p)],
            GAME.view(state, None),
            [e.data for e in events if e.visible_to(None)],
        ]
    )
    return packed


def compare(
    a: tuple[SlyKnightsState, list[Event]],
    b: tuple[SlyKnightsState, list[Event]],
    p: int,
    seed: int,
    avoid: Avoid | None = None,
    until: Until | None = None,
) -> int:
    """Drive both games with the same actions; return how many steps matched for p."""
    (state_a, events_a), (state_b, events_b) = a, b
    assert snapshot(state_a, events_a, p) == snapshot(state_b, events_b, p)
    rng = Rng(seed)
    steps = 0
    while state_a.phase != OVER:
        movers = GAME.to_act(state_a)
        assert GAME.to_act(state_b) == movers, "whose move it is is public"
        seat = rng.choice(movers)
        legal_b = GAME.legal_actions(state_b, seat)
        common = [x for x in GAME.legal_actions(state_a, seat) if x in legal_b]
        if avoid is not None:
            common = [x for x in common if not avoid(seat, x)]
        if not common:
            break
        action = rng.choice(common)
        events_a = GAME.apply(state_a, seat, action)
        events_b = GAME.apply(state_b, seat, action)
        if state_a.phase == OVER or (until is not None and until(state_a)):
            break
        if _forced_pass_differs(events_a, events_b, p):
            break
        assert snapshot(state_a, events_a, p) == snapshot(state_b, events_b, p), steps
        steps += 1
    return steps


def _forced_pass_differs(events_a: list[Event], events_b: list[Event], p: int) -> bool:
    """Another seat passed by itself in one game and not in the other: its hidden cards
    left it no play there, which a pass shows everyone, as it would at the table."""
    public_a = [e.data for e in events_a if e.audience is None]
    public_b = [e.data for e in events_b if e.audience is None]
    if public_a == public_b:
        return False
    first = next(i for i, (x, y) in enumerate(zip_longest(public_a, public_b)) if x != y)
    differing = [e[first] for e in (public_a, public_b) if first < len(e)]
    assert any(e["type"] == "pass" and e["seat"] != p for e in differing), differing
    return True


def deal(seed: int, n: int, pig_and_pig: bool) -> SlyKnightsState:
    return GAME.deal(n, GAME.check_options(n, {"pig_and_pig": pig_and_pig}), seed)


def started(state: SlyKnightsState) -> tuple[SlyKnightsState, list[Event]]:
    return state, GAME.start(state)


GAMES = st.tuples(st.integers(0, 2**32), st.integers(2, 4), st.booleans())


@settings(max_examples=40, deadline=None)
@given(game=GAMES, pick=st.integers(0, 10**6))
def test_another_seats_hand(game: tuple[int, int, bool], pick: int) -> None:
    """Swap a card of q's hand with one still in q's pile: p sees nothing of it."""
    seed, n, pig_and_pig = game
    p, q = pick % n, (pick // n) % n
    assume(p != q)
    pair = []
    for swap in (False, True):
        state, events = started(deal(seed, n, pig_and_pig))
        if swap:
            hand, pile = state.hands[q], state.piles[q]
            h = (pick // 7) % 5 + (1 if pig_and_pig else 0)
            k = (pick // 11) % len(pile)
            hand[h], pile[k] = pile[k], hand[h]
            hand.sort()
        pair.append((state, events))
    compare(pair[0], pair[1], p, seed)


@settings(max_examples=40, deadline=None)
@given(game=GAMES, pick=st.integers(0, 10**6))
def test_another_seats_pile_and_spare(game: tuple[int, int, bool], pick: int) -> None:
    """Reorder q's later cards and swap its spare with one of them: p sees nothing of
    it, even while q draws its spare and its later hands."""
    seed, n, pig_and_pig = game
    p, q = pick % n, (pick // n) % n
    assume(p != q)
    pair = []
    for swap in (False, True):
        state = deal(seed, n, pig_and_pig)
        if swap:
            pile = state.piles[q]
            later = pile[:10]  # rounds 3 and 2; pile[10:] is the round-1 hand
            Rng(pick).shuffle(later)
            pile[:10] = later
            k = pick % 10
            spare = state.spares[q]
            assert spare is not None
            state.spares[q], pile[k] = pile[k], spare
        pair.append(started(state))
    steps = compare(pair[0], pair[1], p, seed + 1)
    assert steps >= n  # at least every choice of round 1


@settings(max_examples=40, deadline=None)
@given(game=GAMES, pick=st.integers(0, 10**6))
def test_own_spare_and_later_pile(game: tuple[int, int, bool], pick: int) -> None:
    """p's own spare is unknown to p, and so is the order of p's later cards: swap the
    spare with a round-3 card and reorder p's round-2 cards. p's stream is the same
    until p draws its spare or the round-3 hand."""
    seed, n, pig_and_pig = game
    p = pick % n
    pair = []
    for swap in (False, True):
        state = deal(seed, n, pig_and_pig)
        if swap:
            pile = state.piles[p]
            spare = state.spares[p]
            assert spare is not None
            k = pick % 5  # pile[0:5] is drawn in round 3
            state.spares[p], pile[k] = pile[k], spare
            round2 = pile[5:10]
            Rng(pick).shuffle(round2)
            pile[5:10] = round2
        pair.append(started(state))

    def draws_own_spare(seat: int, action: dict[str, Any]) -> bool:
        return seat == p and action["type"] == "draw_spare"

    steps = compare(
        pair[0], pair[1], p, seed + 2, avoid=draws_own_spare, until=lambda s: s.round >= 3
    )
    assert steps >= 2 * n
