"""The hard Seven Knights bot's quicker ways of working out its beliefs and scores give
the very floats the plain ways give, on views of real rounds."""

from __future__ import annotations

import copy
from types import MethodType

import pytest

from core.bots import Bot
from core.game import Action, View
from core.games.knights import Knights
from core.games.knights.captaincy import _clusters, _heaviest, _heaviest_classes, known_tiles
from core.games.knights.deduce import Belief
from core.games.knights.model import ModelTracker
from core.games.knights.public import Grouped, PublicTracker
from core.games.knights.shapes import KnightsSeatView, knights_seat_view
from core.games.knights.smart import HardBot, line_up_score, truths
from core.games.knights.track import Tracker
from core.play import play, seat_bots
from core.rng import Rng, derive_seed


class Watching(Bot):
    """Plays as ``inner`` and keeps a copy of every view it decided on, with its legal
    actions."""

    def __init__(self, inner: Bot, seen: list[tuple[View, list[Action]]]) -> None:
        super().__init__(inner.seat, 0)
        self.inner, self.seen = inner, seen

    def act(self, view: View, legal: list[Action]) -> Action:
        # Only what the tests below read is kept (a copy of every view is slow to make).
        if view["phase"] in KEPT or (self.seat == 2 and view["log"]):
            self.seen.append((copy.deepcopy(view),
                              copy.deepcopy(legal) if view["phase"] == "command" else []))
        return self.inner.act(view, legal)


KEPT = ("recommend", "command", "line_up")


def watched(deal: int) -> list[tuple[KnightsSeatView, list[Action]]]:
    """Every decision of every seat at an eight-seat basic table of hard bots."""
    seed = derive_seed(0x1F5, deal)
    seen: list[tuple[View, list[Action]]] = []
    bots: list[Bot] = [Watching(b, seen) for b in seat_bots("knights", ["hard"] * 8, seed)]
    play(Knights(), 8, {"mode": "basic"}, seed, bots)
    return [(knights_seat_view(v), legal) for v, legal in seen]


@pytest.fixture(scope="module")
def looks() -> list[tuple[KnightsSeatView, list[Action]]]:
    return watched(3)


def test_the_public_belief_after_the_recommendations_is_the_blind_belief_from_scratch(
        looks: list[tuple[KnightsSeatView, list[Action]]]) -> None:
    late = [v for v, _ in looks if v["recommendations"] is not None and v["log"]]
    assert late, "the round should reach the recommendations"
    for view in (late[0], late[-1]):
        public = PublicTracker().belief(view)
        assert public is not None
        scratch = Belief(PublicTracker._blind_view(view))
        assert public.assignments == scratch.assignments
        assert public.weights == scratch.weights
        grouped = Grouped(public)
        tiles = list(range(public.size))
        assert grouped.by_each(tiles) == {tile: grouped.by([tile]) for tile in tiles}


def test_a_modelled_answer_weighed_per_combination_is_weighed_as_per_assignment(
        looks: list[tuple[KnightsSeatView, list[Action]]]) -> None:
    views = [v for v, _ in looks if v["seat"] == 2 and v["log"]]
    quick, plain = ModelTracker(0.45), ModelTracker(0.45)
    plain._modelled = MethodType(Tracker._modelled, plain)  # type: ignore[method-assign]
    for view in views:
        a, b = quick.belief(view), plain.belief(view)
        assert a.assignments == b.assignments
        assert a.weights == b.weights


def test_the_heaviest_public_weight_by_class_is_the_one_by_weight(
        looks: list[tuple[KnightsSeatView, list[Action]]]) -> None:
    checked = 0
    recommending = [v for v, _ in looks if len(v["log"]) >= 3 and v["phase"] == "recommend"]
    for view in recommending[:2]:
        public = PublicTracker().belief(view)
        assert public is not None
        classes = public.classes()
        assert classes is not None
        rank = _clusters(public.weights)
        assert rank is not None
        grouped = Grouped(public)
        for seat in range(view["players"]):
            codes = grouped.digits(known_tiles(view["arrows"], seat, view["players"]))
            assert type(codes) is bytes
            every = set(codes)
            some = set(sorted(every)[::3])
            plain = _heaviest(codes, public.weights, rank)
            assert _heaviest_classes(codes, *classes, rank, every) == plain
            top, ties = _heaviest_classes(codes, *classes, rank, some)
            assert top == {c: w for c, w in plain[0].items() if c in some}
            assert ties == {c: k for c, k in plain[1].items() if c in some}
            checked += 1
    assert checked


def plain_decisive(bot: HardBot, legal: list[Action], belief: Belief) -> list[Action]:
    """The questions ``HardBot._decisive`` chooses among, every one scored line-up by
    line-up (``line_up_score``)."""
    keys = [belief.line_up_of(v) for v in belief.assignments]
    sides = [belief.witch_side(v) for v in belief.assignments]
    best, pool = -1.0, list[Action]()
    for action in legal:
        liar = bytes(action["answerer"] in side for side in sides)
        score = line_up_score(belief.weights, keys, liar, truths(action, belief),
                              bot.liar_true)
        if score > best + 1e-9:
            best, pool = score, [action]
        elif score > best - 1e-9:
            pool.append(action)
    return pool


def test_the_decisive_question_is_the_one_scored_line_up_by_line_up(
        looks: list[tuple[KnightsSeatView, list[Action]]]) -> None:
    commands = [(v, legal) for v, legal in looks if v["phase"] == "command"]
    assert commands, "a captain should ask the extra question"
    for view, legal in commands:
        bot = HardBot(view["seat"], 5)
        belief = bot.belief(view)
        asked = bot._candidates(view, legal, belief)
        bot.rng = Rng(9)
        chosen = bot._decisive(asked, belief)
        assert chosen == Rng(9).choice(plain_decisive(bot, asked, belief))
