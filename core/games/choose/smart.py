"""The levelled Choose! bots: easy, normal and hard.

All three value every legal action with ``policy`` from what their view shows. Easy
often settles for a lesser action; normal takes the best; hard takes the best by
sharper weights, found by playing weight sets against normal: it holds its hungry and
ordinary mice back for steals late in the round, and fears theft less.

Playing the round out from the best few actions over hidden cards drawn to fit the
view (determinized sampling with the policy at every seat) was measured too: on top
of these weights it won no more often, at a hundred times the cost, so it is not here.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from core.bots import Bot, kept_belief
from core.game import Action, View
from core.games.choose.policy import Weights, rank
from core.games.choose.table import KnownTable, from_view

SHARP = replace(Weights(), theft=0.12,
                keep={**Weights().keep, "hungry": 3.0, "ordinary": 1.5})
"""The hard bot's weights: a mouse card kept in hand is worth more (it can still steal
when fewer seats are left to answer), and an unnested mouse is less at risk."""


class NormalBot(Bot):
    """The action of highest value."""

    level = "normal"
    weights = Weights()

    @kept_belief
    def belief(self, view: View) -> KnownTable:
        """What this seat knows of the table, hidden mouse cards as a distribution of
        kinds (``KnownTable.unknown_mice``): every action is valued from it, and watching
        shows it."""
        return from_view(view)

    def act(self, view: View, legal: list[Action]) -> Action:
        return rank(self.belief(view), legal, self.weights)[0][2]


class EasyBot(NormalBot):
    """Half the time settles for one of the three best actions instead of the best."""

    level = "easy"
    slack = 50
    """Percent of turns played loosely."""

    def act(self, view: View, legal: list[Action]) -> Action:
        ranked = rank(self.belief(view), legal, self.weights)
        if self.rng.below(100) < self.slack:
            return self.rng.choice(ranked[:3])[2]
        return ranked[0][2]


class HardBot(NormalBot):
    """The action of highest value by the sharper weights."""

    level = "hard"
    weights = SHARP


LEVELS: dict[str, Callable[[int, int], Bot]] = {
    "easy": EasyBot, "normal": NormalBot, "hard": HardBot}
"""The levels ``core.registry`` offers for Choose!, weakest first."""
