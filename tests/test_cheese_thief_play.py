"""Cheese Thief under random play: invariants that hold in every game."""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from core.game import Event
from core.games.cheese_thief.state import FALL_MOUSE, SLEEPYHEAD, THIEF
from core.play import seat_bots
from tests.cheese_rig import GAME
from tests.slow import examples

FOLLOWERS = {4: 0, 5: 1, 6: 1, 7: 2, 8: 2}


@st.composite
def tables(draw: st.DrawFn) -> tuple[int, dict[str, bool], int, str]:
    n = draw(st.integers(4, 8))
    options = {"tie_favours_thief": draw(st.booleans())}
    if n >= 6:
        options["fall_mouse"] = draw(st.booleans())
    if n == 4:
        options["peek_at_four"] = draw(st.booleans())
    return n, options, draw(st.integers(0, 2**32)), draw(st.sampled_from(["random", "simple"]))


@settings(max_examples=examples(300), deadline=None)
@given(tables(), st.integers(0, 3))
def test_invariants_of_random_play(table: tuple[int, dict[str, bool], int, str],
                                   lazy: int) -> None:
    n, options, seed, level = table
    state, events = GAME.new_game(n, options, seed)
    bots = seat_bots("cheese_thief", [level] * n, seed)
    log: list[Event] = list(events)
    step = 0
    while state.result is None:
        movers = GAME.to_act(state)
        step += 1
        # Sometimes let a window lapse so the default actions are exercised too.
        if not movers or (lazy and step % (lazy + 2) == 0):
            log += GAME.expire(state)
            continue
        seat = movers[0]
        log += GAME.apply(state, seat, bots[seat].act(GAME.view(state, seat),
                                                       GAME.legal_actions(state, seat)))
        assert step < 500

    roles = Counter(state.roles)
    assert roles[THIEF] == 1
    assert roles[FALL_MOUSE] == (1 if options.get("fall_mouse") else 0)
    thefts = [e for e in log if e.data["type"] == "theft"]
    assert len(thefts) == 1 and state.cheese_taken
    assert thefts[0].data["thief"] == state.thief
    assert state.theft_hour in state.wake[state.thief]
    assert thefts[0].audience == frozenset(s for s in range(n)
                                           if state.theft_hour in state.wake[s])

    followers = state.followers
    assert state.thief not in followers and len(set(followers)) == len(followers)
    if n == 5:
        assert len(followers) == min(1, len(state.witnesses))
        assert set(followers) <= set(state.witnesses)
    else:
        assert len(followers) == FOLLOWERS[n]

    tally = Counter(v for v in state.votes if v is not None)
    assert all(v != s for s, v in enumerate(state.votes))
    top = sorted(s for s in tally if tally[s] == max(tally.values(), default=0))
    assert state.top == top
    result = state.result
    if any(state.roles[s] == FALL_MOUSE for s in top):
        assert result.sides == ("fall_mouse",) and len(result.winners) == 1
    elif state.thief in top and (len(top) == 1 or not options["tie_favours_thief"]):
        assert result.sides == ("sleepyheads",)
        assert set(result.winners) == {s for s in range(n) if state.roles[s] == SLEEPYHEAD
                                       and s not in followers}
    else:
        assert result.sides == ("thief",) and state.thief in result.winners
        assert set(result.winners) <= {state.thief, *followers}
    for seat in range(n):
        view = GAME.view(state, seat)
        assert view["you"]["won"] == (seat in result.winners)
        assert view["votes"] == state.votes
