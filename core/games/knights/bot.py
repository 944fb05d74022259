"""A deductive Seven Knights Bewitched bot that reasons only from its own view.

It keeps every tile assignment consistent with what it saw and heard (see
``deduce.Belief``), asks the question whose answer splits that set most evenly (from
a player likely to tell the truth), recommends the player it trusts most and, as
captain, lines up the tiles in the order that is right under the most weight. On the
Witch side it answers at random and backs its own side's captaincy.
"""

from __future__ import annotations

from collections.abc import Callable

from core.bots import DecisionBot, kept_belief
from core.game import Action, View
from core.games.knights.deduce import Belief, entropy
from core.games.knights.questions import asked
from core.games.knights.shapes import (
    KnightsSeatView,
    LineUpAction,
    RecommendAction,
    knights_seat_view,
)
from core.shapes import wire

TRUST_OTHERS = 0.75
"""A Knight recommends someone else only when it trusts them at least this much."""

BUDGET = 8000
"""Assignments times questions given the finer (slower) measure of a question's worth."""

LIE_RATE = 0.5
"""How often a Witch-side bot answers falsely."""


class KnightsBot(DecisionBot[KnightsSeatView]):
    level = "simple"

    def read(self, view: View) -> KnightsSeatView:
        return knights_seat_view(view)

    def decisions(self) -> dict[str, Callable[[KnightsSeatView, list[Action]], Action]]:
        return {"inspect": self._inspect, "ask": self._ask, "answer": self._answer,
                "recommend": self._recommend, "line_up": self._line_up, "ready": self._ready}

    @kept_belief
    def belief(self, view: KnightsSeatView) -> Belief:
        """Every tile assignment this seat still holds possible, weighed: what each
        question, recommendation and line-up of this bot is chosen from, and what
        watching shows of it."""
        return Belief(view)

    def _witchy(self, view: KnightsSeatView) -> bool:
        return bool(view["you"]["side"] == "witch")

    def _inspect(self, view: KnightsSeatView, legal: list[Action]) -> Action:
        # Spread the arrows: a tile nobody has seen yet adds the most to the table.
        seen = [0] * len(view["tiles"])
        for tiles in view["arrows"]:
            for tile in tiles:
                seen[tile] += 1
        fewest = min(seen[a["tile"]] for a in legal)
        return self.rng.choice([a for a in legal if seen[a["tile"]] == fewest])

    def _ask(self, view: KnightsSeatView, legal: list[Action]) -> Action:
        if self._witchy(view):
            return self.rng.choice(legal)
        belief = self.belief(view)
        trust = belief.knight_probability()
        marg = belief.marginals()
        # A cheap first cut on how evenly the answer splits, then, when tiles are set aside
        # (so several assignments share one line-up), the finer measure of what the
        # answer says about the line-up itself, on a short list sized to stay fast.
        rough = []
        for action in legal:
            honest = trust[action["answerer"]]
            weight = honest + 0.2 * (1.0 - honest)
            yes = belief.yes_probability(asked(action), marg)
            rough.append((weight * entropy(yes), weight, action))
        rough.sort(key=lambda item: -item[0])
        fine = view["aside"] > 0
        short = max(1, BUDGET // max(1, len(belief.assignments))) if fine else len(rough)
        best, pool = -1.0, list[Action]()
        for coarse, weight, action in rough[:short]:
            score = weight * belief.information(asked(action)) if fine else coarse
            if score > best + 1e-9:
                best, pool = score, [action]
            elif score > best - 1e-9:
                pool.append(action)
        return self.rng.choice(pool)

    def _answer(self, view: KnightsSeatView, legal: list[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        truthful = [a for a in legal if a["answer"] == self._true_answer(view)]
        lies = [a for a in legal if a not in truthful]
        if lies and self.rng.below(1000) < LIE_RATE * 1000:
            return lies[0]
        return truthful[0] if truthful else legal[0]

    def _true_answer(self, view: KnightsSeatView) -> bool | None:
        """What this seat knows the true answer to be (it knows every tile it is asked
        about, by the question rules)."""
        question = view["question"]
        assert question is not None, "an answer is chosen only while a question waits"
        values = view["values"]
        tile = values[question["tile"]]
        if tile is None or tile == "witch":
            return False if tile == "witch" else None
        if question["form"] == "in":
            return bool(tile in question["values"])
        other = values[question["other"]]
        if other is None:
            return None
        return bool(other != "witch" and int(tile) > int(other))

    def _recommend(self, view: KnightsSeatView, legal: list[Action]) -> Action:
        me = view["seat"]
        targets = [a["target"] for a in legal]
        if self._witchy(view):
            friends = [s for s in view["you"]["witch_side"] or [] if s in targets and s != me]
            return wire(RecommendAction(type="recommend",
                                        target=self.rng.choice(friends) if friends else me))
        trust = self.belief(view).knight_probability()
        others = [s for s in targets if s != me]
        best = max((trust[s] for s in others), default=0.0)
        if best < TRUST_OTHERS:
            return wire(RecommendAction(type="recommend", target=me))
        return wire(RecommendAction(
            type="recommend", target=self.rng.choice([s for s in others if trust[s] == best])))

    def _line_up(self, view: KnightsSeatView, legal: list[Action]) -> Action:
        return wire(LineUpAction(type="line_up", order=self.belief(view).best_line_up()))

    def _ready(self, view: KnightsSeatView, legal: list[Action]) -> Action:
        return legal[0]
