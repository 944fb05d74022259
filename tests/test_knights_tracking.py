"""A tracker that catches up answer by answer hands out the very belief it would have
built hearing the whole round at once (the hard bot catches up on quick decisions)."""

from __future__ import annotations

import copy
from typing import Any

from core.bots import Bot
from core.game import Action, View
from core.games.knights import Knights
from core.games.knights.deduce import Belief
from core.games.knights.model import ModelTracker
from core.games.knights.public import Grouped, PublicTracker
from core.games.knights.shapes import KnightsSeatView, knights_seat_view
from core.play import play, seat_bots
from core.rng import derive_seed


class Watching(Bot):
    """Plays as ``inner`` and keeps a copy of every view it decided on."""

    def __init__(self, inner: Bot, views: list[View]) -> None:
        super().__init__(inner.seat, 0)
        self.inner, self.views = inner, views

    def act(self, view: View, legal: list[Action]) -> Action:
        self.views.append(copy.deepcopy(view))
        return self.inner.act(view, legal)


def watched(deal: int, seat: int, phases: tuple[str, ...]) -> list[KnightsSeatView]:
    """The views ``seat`` decided on in ``phases``, at an eight-seat basic table of
    normal bots on deal ``deal``."""
    seed = derive_seed(0x7AC, deal)
    views: list[View] = []
    bots: list[Bot] = list(seat_bots("knights", ["normal"] * 8, seed))
    bots[seat] = Watching(bots[seat], views)
    play(Knights(), 8, {"mode": "basic"}, seed, bots)
    return [knights_seat_view(v) for v in views if v["phase"] in phases]


def test_catching_up_answer_by_answer_hands_out_the_same_belief() -> None:
    looks = watched(1, 3, ("question", "answer", "recommend", "command", "line_up"))
    rounds = {v["round"] for v in looks}
    # The round in which this seat looked at the most different stages of the log.
    best = max(rounds, key=lambda r: len({len(v["log"]) for v in looks if v["round"] == r}))
    current = [v for v in looks if v["round"] == best]
    assert len({len(v["log"]) for v in current}) > 2, "the round should hear several answers"
    last = current[-1]
    for make in (lambda: ModelTracker(0.45), PublicTracker):
        stepwise: Any = make()
        for view in current[:-1]:
            stepwise.hear(view)
        at_once: Any = make()
        a, b = stepwise.belief(last), at_once.belief(last)
        assert a is not None and b is not None
        assert a.assignments == b.assignments
        assert a.weights == b.weights
        assert a.sides == b.sides


def test_the_public_belief_written_out_late_is_the_blind_belief_built_from_scratch() -> None:
    looks = watched(2, 5, ("question", "answer"))
    fresh = next(v for v in looks if not v["log"])
    later = max(looks, key=lambda v: len(v["log"]))
    assert later["log"], "the seat should decide after some answers"
    for view in (fresh, later):
        public = PublicTracker().belief(view)
        assert public is not None
        scratch = Belief(PublicTracker._blind_view(view))
        assert public.assignments == scratch.assignments
        assert public.weights == scratch.weights
        assert public.sides == [frozenset(scratch.witch_side(v)) for v in scratch.assignments]
        for tile in range(8):
            plain: dict[tuple[frozenset[int], tuple[int, ...]], float] = {}
            for values, w, side in zip(public.assignments, public.weights, public.sides,
                                       strict=True):
                key = (side, (values[tile],))
                plain[key] = plain.get(key, 0.0) + w
            assert Grouped(public).by([tile]) == plain
