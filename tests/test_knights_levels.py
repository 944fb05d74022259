"""The easy, normal and hard Seven Knights Bewitched bots: registered, complete games,
blind to what their seat cannot see, and the hard bot's key decisions."""

from __future__ import annotations

import copy
from typing import Any

import msgpack
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core.games.knights import Knights
from core.games.knights.captaincy import captain_odds
from core.games.knights.lies import claim, claimed_truth, fake_values, partner
from core.games.knights.public import Grouped, PublicTracker, quiet_questions, truth_shares
from core.games.knights.questions import truth
from core.games.knights.smart import HardBot, NormalBot, balanced_set
from core.games.knights.state import WITCH, KnightsState
from core.games.knights.tiles import MODE_PLAYERS
from core.play import advance, play, seat_bots
from core.registry import BOTS
from tests.rules_rig import copied

GAME = Knights()
LEVELS = ["random", "simple", "easy", "normal", "hard"]


def test_every_level_is_registered() -> None:
    assert list(BOTS["knights"]) == [*LEVELS, "ismcts"]
    for level in ("easy", "normal", "hard"):
        assert BOTS["knights"][level](2, 7).level == level


@pytest.mark.parametrize(
    ("mode", "players"),
    [(mode, n) for mode, (low, high) in MODE_PLAYERS.items() for n in range(low, high + 1)],
)
def test_every_level_finishes_games_at_every_table(mode: str, players: int) -> None:
    # Every level sits at every table, in a different seat each game.
    for shift in range(2):
        seats = [LEVELS[(seat + shift) % len(LEVELS)] for seat in range(players)]
        seed = 100 * players + shift
        record = play(GAME, players, {"mode": mode}, seed, seat_bots("knights", seats, seed))
        assert record.error is None
        assert record.outcome is not None and len(record.outcome.sides) == 3


# -- blindness -----------------------------------------------------------------------------


def unseen_numbers(state: KnightsState, seat: int) -> list[int]:
    """Tiles ``seat`` has not seen that hold numbers: trading two keeps every arrow and
    every side as it was, and changes only what the seat cannot know."""
    known = state.knows(seat)
    return [t for t in range(len(state.tiles)) if t not in known and state.tiles[t] != WITCH]


def packed(view: dict[str, Any]) -> bytes:
    return bytes(msgpack.packb(view, use_bin_type=True))


@pytest.mark.parametrize(("mode", "players"), [("basic", 5), ("basic", 7), ("dark", 4),
                                               ("advanced", 5)])
def test_bots_decide_alike_on_identical_views_from_different_deals(mode: str,
                                                                   players: int) -> None:
    state, _ = GAME.new_game(players, {"mode": mode}, 3)
    bots = seat_bots("knights", ["hard", "normal", "easy"] * 3, 3)[:players]
    compared = 0

    def act(seat: int, legal: list[dict[str, Any]]) -> None:
        nonlocal compared
        hidden = unseen_numbers(state, seat)
        if len(hidden) >= 2 and state.phase not in ("inspect", "review", "over"):
            other = copied(state)
            a, b = hidden[0], hidden[-1]
            other.tiles[a], other.tiles[b] = other.tiles[b], other.tiles[a]
            assert other.tiles != state.tiles
            view, twin = GAME.view(state, seat), GAME.view(other, seat)
            assert packed(view) == packed(twin)
            assert GAME.legal_actions(other, seat) == legal
            mine, theirs = copy.deepcopy(bots[seat]), copy.deepcopy(bots[seat])
            assert mine.act(view, legal) == theirs.act(twin, legal)
            compared += 1
        GAME.apply(state, seat, bots[seat].act(GAME.view(state, seat), legal))

    while GAME.outcome(state) is None and state.round == 1:
        advance(GAME, state, act)
    assert compared >= players


# -- the hard bot's decisions --------------------------------------------------------------


def witch_state(players: int = 6, seed: int = 1) -> KnightsState:
    """A basic round after the inspections, with the Witch held by a seat."""
    for attempt in range(200):
        state, _ = GAME.new_game(players, {"mode": "basic"}, seed + attempt)
        bots = seat_bots("knights", ["simple"] * players, seed)
        while state.phase == "inspect":
            seat = GAME.to_act(state)[0]
            GAME.apply(state, seat, bots[seat].act(GAME.view(state, seat),
                                                   GAME.legal_actions(state, seat)))
        if state.witch_holder() is not None:
            return state
    raise AssertionError("no deal put the Witch in front of a seat")


def put_to_holder(state: KnightsState, question: dict[str, Any]) -> dict[str, Any]:
    """Put ``question`` to the Witch's holder directly; the holder's view of it."""
    holder = state.witch_holder()
    assert holder is not None
    state.phase, state.asker = "answer", (holder + 1) % state.n
    state.question = {"answerer": holder, **question}
    return GAME.view(state, holder)


def ask_and_answer(state: KnightsState, bot: HardBot, question: dict[str, Any]) -> bool:
    """Put ``question`` to the Witch's holder directly and let ``bot`` answer it."""
    view = put_to_holder(state, question)
    answer = bot.act(view, GAME.legal_actions(state, view["seat"]))
    return bool(answer["answer"])


def test_a_claiming_witch_names_one_unseen_number_and_sticks_to_it() -> None:
    state = witch_state()
    holder = state.witch_holder()
    assert holder is not None
    view = GAME.view(state, holder)
    number = claim(view)
    seen = {state.tiles[t] for t in state.knows(holder)}
    assert number is not None and number not in seen
    for k in view["numbers"]:
        asked = put_to_holder(copied(state), {"form": "in", "tile": holder,
                                                     "values": [k]})
        assert claimed_truth(asked) == (k == number)


@pytest.mark.parametrize("players", [4, 6, 8])
def test_the_hard_witch_never_admits_that_its_tile_holds_no_number(players: int) -> None:
    # "No" could only come from the Witch's holder; "yes" fits an honest Knight.
    state = witch_state(players, 5)
    holder = state.witch_holder()
    assert holder is not None
    numbers = list(range(1, players + (1 if players <= 5 else 0)))
    question = {"form": "in", "tile": holder, "values": numbers}
    assert ask_and_answer(state, HardBot(holder, 2), question) is True


def test_the_hard_witch_answers_the_way_that_points_least_at_the_truth() -> None:
    state = witch_state(6, 8)
    holder = state.witch_holder()
    assert holder is not None
    seen = state.inspected[holder][0]
    for tile in (holder, seen):
        for k in range(1, 6):
            question = {"form": "in", "tile": tile, "values": [k]}
            bot, asked = HardBot(holder, 3), copied(state)
            view = put_to_holder(asked, question)
            public = PublicTracker().belief(view)
            assert public is not None
            shares = truth_shares(public, bot.belief(view), holder, view["question"])
            said = bot.act(view, GAME.legal_actions(asked, holder))["answer"]
            assert shares[said] <= shares[not said] + 1e-12


def answered(values: list[int], every: int) -> tuple[KnightsState, int]:
    """A six-seat Witch round in which seat 0 has asked each seat whether the first tile
    it inspected is among ``values``, and every ``every``-th seat said yes; with the
    Witch's holder."""
    state = witch_state(6, 4)
    holder = state.witch_holder()
    assert holder is not None
    state.log = [{"asker": 0, "answerer": s, "form": "in", "tile": state.inspected[s][0],
                  "values": values, "answer": s % every == 0, "extra": False}
                 for s in range(6)]
    return state, holder


def test_the_public_belief_sums_by_side_and_value_as_a_plain_count_would() -> None:
    state, holder = answered([1, 2], 2)
    public = PublicTracker().belief(GAME.view(state, holder))
    assert public is not None and 0 < len(public.assignments) < 720
    tiles = [holder, state.inspected[holder][0]]
    plain: dict[tuple[frozenset[int], tuple[int, ...]], float] = {}
    for values, w, side in zip(public.assignments, public.weights, public.sides, strict=True):
        key = (side, tuple(values[t] for t in tiles))
        plain[key] = plain.get(key, 0.0) + w
    grouped = Grouped(public).by(tiles)
    assert grouped.keys() == plain.keys()
    assert all(abs(grouped[k] - plain[k]) < 1e-9 for k in plain)


def test_the_normal_witch_trades_places_with_a_tile_it_has_seen() -> None:
    state = witch_state(7, 11)
    holder = state.witch_holder()
    assert holder is not None
    view = GAME.view(state, holder)
    swap = partner(view)
    assert swap is not None and swap in state.knows(holder) and swap != holder
    fake = fake_values(view)
    assert fake[holder] == state.tiles[swap] and fake[swap] == WITCH
    bot = NormalBot(holder, 5)
    state.phase, state.asker = "answer", (holder + 1) % state.n
    state.question = {"answerer": holder, "form": "in", "tile": holder,
                      "values": [state.tiles[swap]]}
    answer = bot.act(GAME.view(state, holder), GAME.legal_actions(state, holder))
    assert answer == {"type": "answer", "answer": True}


@settings(max_examples=60, deadline=None)
@given(st.lists(st.floats(min_value=0.0, max_value=1.0), min_size=2, max_size=8))
def test_a_balanced_set_splits_a_tile_near_half(weights: list[float]) -> None:
    marginal = {k + 1: w for k, w in enumerate(weights)}
    total = sum(weights)
    chosen = balanced_set(marginal, list(marginal))
    if chosen is None:
        return
    mass = sum(marginal[k] for k in chosen)
    assert 0.0 < mass < total
    # No single value moved across would bring the split closer to half.
    for k in marginal:
        moved = mass - marginal[k] if k in chosen else mass + marginal[k]
        assert abs(moved - total / 2) >= abs(mass - total / 2) - max(marginal.values()) - 1e-9


def test_the_hard_captain_asks_what_settles_the_line_up_and_then_lines_up_right() -> None:
    # Cooperative, 4 players, tiles 1..5: seat 0 (captain) holds 1 and saw seat 1 = 2.
    # Tiles 2, 3 and the centre hold 3, 4, 5 in some order: the extra question must
    # split those six orders as evenly as a yes/no can, and seat 2 and seat 3 each
    # saw one of them.
    state, _ = GAME.new_game(4, {"mode": "coop"}, 0)
    state.tiles = [1, 2, 4, 5, 3]
    state.inspected = [[1], [0], [3], [4]]
    state.phase, state.asker, state.captain = "command", 0, 0
    bot = HardBot(0, 9)
    view = GAME.view(state, 0)
    question = bot.act(view, GAME.legal_actions(state, 0))
    assert question["type"] == "ask"
    GAME.apply(state, 0, question)
    answerer = question["answerer"]
    GAME.apply(state, answerer, GAME.legal_actions(state, answerer)[0])
    assert state.phase == "line_up"
    order = bot.act(GAME.view(state, 0), GAME.legal_actions(state, 0))["order"]
    # Knights cannot lie in the cooperative mode, so two of the six orders remain at
    # most, and the bot bets on one that fits the answer.
    values = [state.tiles[t] for t in order]
    fits = [v for v in values if v in (1, 2)]
    assert fits == [1, 2] and len(order) == 5


def brute_share(public: Any, mine: Any, answerer_lies: bool, question: dict[str, Any],
                answer: bool) -> float:
    """The truth's public share after ``answer``, summed over every assignment."""
    def factor(values: tuple[int, ...], lies: bool) -> float:
        true = truth(question, values) == answer
        return (0.6 if true else 0.4) if lies else float(true)
    z = sum(w * factor(b, question["answerer"] in side)
            for b, w, side in zip(public.assignments, public.weights, public.sides, strict=True))
    pub = dict(zip(public.assignments, public.weights, strict=True))
    told = [(a, w) for a, w in zip(mine.assignments, mine.weights, strict=True)
            if answerer_lies or truth(question, a) == answer]
    return sum(w * pub.get(a, 0.0) * factor(a, answerer_lies) for a, w in told) / z


def test_the_witch_sides_quiet_question_is_the_one_a_plain_count_picks() -> None:
    state, holder = answered([2, 3], 3)
    state.phase, state.asker = "question", holder
    view = GAME.view(state, holder)
    legal = [a for a in GAME.legal_actions(state, holder) if a["form"] == "in"]
    bot = HardBot(holder, 1)
    public, mine = PublicTracker().belief(view), bot.belief(view)
    assert public is not None
    allies = set(state.witch_side()) - {holder}
    expected = {}
    for i, action in enumerate(legal):
        shares = [brute_share(public, mine, action["answerer"] in allies, action, answer)
                  for answer in (True, False)]
        expected[i] = min(shares) if action["answerer"] in allies else sum(shares)
    low = min(expected.values())
    assert quiet_questions(public, mine, allies, legal) == \
        [a for i, a in enumerate(legal) if expected[i] <= low + 1e-12]


def test_the_hard_knight_backs_a_seat_that_has_seen_what_it_has_not() -> None:
    # Cooperative, 4 players, tiles 1..5: seats 0 and 1 saw each other's tiles (1 and 2)
    # and said so in public. Seats 2 and 3 each know two of the three other tiles, so
    # either would line up right for sure; seat 0 itself, or seat 1, would guess.
    state, _ = GAME.new_game(4, {"mode": "coop"}, 0)
    state.tiles = [1, 2, 4, 5, 3]
    state.inspected = [[1], [0], [3], [4]]
    state.log = [{"asker": 2, "answerer": 1, "form": "in", "tile": 0, "values": [1],
                  "answer": True, "extra": False},
                 {"asker": 3, "answerer": 0, "form": "in", "tile": 1, "values": [2],
                  "answer": True, "extra": False}]
    state.phase = "recommend"
    view = GAME.view(state, 0)
    public = PublicTracker().belief(view)
    assert public is not None
    odds = captain_odds(public, HardBot(0, 1).belief(view), view["arrows"], 0)
    assert odds[2] == odds[3] == 1.0 and odds[0] == odds[1] == 1 / 6
    action = HardBot(0, 1).act(view, GAME.legal_actions(state, 0))
    assert action["target"] in (2, 3)
