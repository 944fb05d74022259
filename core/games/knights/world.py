"""A whole Seven Knights Bewitched table that fits one seat's view: the search bot's
worlds.

All that is hidden from a seat is where the round's tiles lie (the tiles it has not
seen, and the ones set aside) and the captain recommendations not yet shown; every
inspection, question and answer is public. So a world is one filling of the unseen
tiles (``deduce.fillings``, the hard bot's own enumeration) with the rest copied from
the view.

The draw is exact under one stated model: the deal is uniform, a Knight answers
truly (the rules make it), and every choice a seat makes freely is uniform over its
legal options. Under that model inspections and questions weigh every filling alike
(which tiles a seat may name does not depend on their values), an answer by a seat on
the Witch side weighs 1/2 (true or false alike), an answer by a Knight weighs 1 if true
and 0 if not, and a shown recommendation weighs one over the number of seats its
recommender could name (the Witch may not name a bewitched seat, nor a bewitched seat
the Witch). Fillings that contradict what the seat knows of itself (its side, and the
Witch side it is shown) weigh 0. Earlier rounds are public records, copied.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import cast

from core.game import View
from core.games.knights.deduce import Assignment, fillings
from core.games.knights.questions import copy_question, truth
from core.games.knights.resolve import copy_record
from core.games.knights.shapes import KnightsSeatView, Question
from core.games.knights.state import (
    ASKING,
    REVIEW,
    WITCH,
    WITCH_NAME,
    KnightsState,
)
from core.games.knights.tiles import supply
from core.rng import Rng
from core.worlds import LastPlan, weighted


def _value(shown: int | str | None) -> int | None:
    if shown is None:
        return None
    return WITCH if shown == WITCH_NAME else int(shown)


def bewitched_of(view: KnightsSeatView, values: Assignment) -> list[int]:
    """The seats that inspected the Witch, in the order they did: pass by pass, each
    pass clockwise from the start player."""
    return bewitched_in(inspections(view), values)


def bewitched_in(inspected: list[tuple[int, int]], values: Assignment) -> list[int]:
    """``bewitched_of`` from the view's ``inspections``, worked out beforehand."""
    return [seat for seat, tile in inspected if values[tile] == WITCH]


def inspections(view: KnightsSeatView) -> list[tuple[int, int]]:
    """Every inspection as (seat, tile), in the order made: pass by pass, each pass
    clockwise from the start player. Worked out once per view, not once per filling (a
    plan weighs thousands of fillings of one view)."""
    n, arrows = view["players"], view["arrows"]
    order = [(view["start"] + i) % n for i in range(n)]
    return [(seat, arrows[seat][step])
            for step in range(max((len(a) for a in arrows), default=0))
            for seat in order if len(arrows[seat]) > step]


class Plan:
    """Every filling of the view's unseen tiles with its weight, counted once."""

    def __init__(self, view: KnightsSeatView) -> None:
        self.view = view
        n, me = view["players"], view["seat"]
        sup = supply(view["mode"], n)
        known = [_value(v) for v in view["values"]]
        you = view["you"]
        recs = view["recommendations"]
        self.fillings: list[tuple[Assignment, float]] = []
        inspected = inspections(view)
        for values in fillings(sup, known, n):
            bewitched = bewitched_in(inspected, values)
            holder = values.index(WITCH) if WITCH in values[:n] else None
            side = sorted({s for s in range(n) if s == holder or s in bewitched})
            if (me in side) != (you["side"] == "witch") or (me in bewitched) != you["bewitched"]:
                continue
            if you["witch_side"] is not None and you["witch_side"] != side:
                continue
            weight = 1.0
            for entry in view["log"]:
                if entry["answerer"] in side:
                    weight *= 0.5
                elif truth(entry, values) != entry["answer"]:
                    weight = 0.0
                    break
            if weight and recs is not None:
                weight *= _recommended(recs, holder, bewitched, me)
            if weight:
                self.fillings.append((values, weight))
        if not self.fillings:
            raise ValueError("no deal fits this Seven Knights Bewitched view")
        self.total = sum(w for _, w in self.fillings)
        self.pool = sup.pool

    def draw(self, rng: Rng) -> Assignment:
        return weighted(self.fillings, rng, self.total)


def _targets(seat: int, holder: int | None, bewitched: list[int], n: int) -> list[int]:
    """Whom ``seat`` may recommend (``Knights._recommend_targets``)."""
    if seat == holder:
        return [t for t in range(n) if t not in bewitched]
    if seat in bewitched:
        return [t for t in range(n) if t != holder]
    return list(range(n))


def _recommended(recs: Sequence[int | None], holder: int | None, bewitched: list[int],
                 me: int) -> float:
    """The chance of the others' shown recommendations, each uniform over its options."""
    weight = 1.0
    for seat, target in enumerate(recs):
        if seat == me or target is None:
            continue
        options = _targets(seat, holder, bewitched, len(recs))
        if target not in options:
            return 0.0
        weight /= len(options)
    return weight


_plan = LastPlan(Plan)
"""The last view's plan: a search draws many worlds from one view."""


def sample_world(views: Sequence[View], rng: Rng) -> KnightsState:
    """A full state whose view for ``views[-1]``'s seat is ``views[-1]``."""
    plan = _plan(views[-1])
    view = plan.view
    n, me, phase = view["players"], view["seat"], view["phase"]
    values = plan.draw(rng)
    bewitched = bewitched_of(view, values)
    holder = values.index(WITCH) if WITCH in values[:n] else None
    if phase == REVIEW and view["rounds"]:
        aside = [cast(int, _value(v)) for v in view["rounds"][-1]["aside"]]
    else:
        aside = [v for v in plan.pool if v not in values]
        rng.shuffle(aside)
    recs = view["recommendations"]
    if recs is not None:
        recommendations = list(recs)
    else:
        recommendations = []
        for seat, done in enumerate(view["recommended"]):
            options = _targets(seat, holder, bewitched, n)
            recommendations.append(options[rng.below(len(options))] if done else None)
    question = view["question"]
    asker: int | None = None
    if question is not None:
        asker = question["asker"]
    elif phase in ASKING:
        asker = view["acting"]
    open_question: Question | None = None
    if question is not None:
        open_question = cast(Question, {k: v for k, v in copy_question(question).items()
                                        if k != "asker"})
    line_up = view["line_up"]
    deadline = view["deadline"]
    key = str(deadline["key"]).split(":") if deadline is not None else ["0", "", "0", "0"]
    state = KnightsState(
        n=n, options=dict(view["options"]), rng=Rng(rng.next64()), mode=view["mode"],
        round=view["round"], start=view["start"], tiles=list(values), aside=aside,
        phase=phase, turn=int(key[3]), inspect_pass=view["inspect_pass"],
        inspected=[list(a) for a in view["arrows"]], bewitched=bewitched, asker=asker,
        question=open_question, log=[copy_question(e) for e in view["log"]],
        recommendations=recommendations, recommendations_public=recs is not None,
        captain=view["captain"], captain_revealed=view["captain_tile"] is not None,
        order=list(line_up["order"]) if line_up is not None else None,
        ready=list(view["ready"]),
        notes=[view["you"]["note"] if s == me else "" for s in range(n)],
        rounds=[copy_record(r) for r in view["rounds"]], totals=list(view["totals"]))
    return state
