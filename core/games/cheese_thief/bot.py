"""A simple, sensible Cheese Thief bot that reasons only from its own view.

Witnesses vote for the thief they saw; a lone sleepyhead peeks at someone it cannot
yet clear and uses the die to narrow the theft hour; the thief hides among the crowd
and votes for a plausible scapegoat; followers shield the thief they serve.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from core.bots import DecisionBot
from core.game import Action, View
from core.games.cheese_thief.shapes import (
    CheeseSeatView,
    PlainAction,
    VoteAction,
    cheese_seat_view,
)
from core.shapes import wire


def _suspects(view: CheeseSeatView) -> list[int]:
    """Seats that could be the Thief, given only what this seat saw at night."""
    n, me = view["players"], view["seat"]
    four = n == 4
    cleared: set[int] = {me} | set(view["followers"])
    for night in view["nights"]:
        if night["cheese"] == "present" and not four:
            # Awake beside me while the cheese stayed: not the thief (it must take it).
            cleared.update(s for s in night["awake"] if s != night["thief"])
    first_seen = min((w["hour"] for w in view["nights"]), default=None)
    cheese_gone_at_first = bool(view["nights"]) and view["nights"][0]["cheese"] == "gone"
    for peek in view["peeks"]:
        if first_seen is None or four:
            continue
        value = peek["value"]
        if cheese_gone_at_first and value >= first_seen:
            cleared.add(peek["target"])
        if not cheese_gone_at_first and value <= first_seen:
            cleared.add(peek["target"])
    return [s for s in range(n) if s not in cleared]


class CheeseThiefBot(DecisionBot[CheeseSeatView]):
    level = "simple"

    def read(self, view: View) -> CheeseSeatView:
        return cheese_seat_view(view)

    def decisions(self) -> dict[str, Callable[[CheeseSeatView, list[Action]], Action]]:
        """A Thief awake with the cheese is asked to ``take`` (its list may also offer
        ``pass``); a lone sleepyhead to ``peek`` (or pass)."""
        return {"choose_die": self._choose_die, "take": self._take, "peek": self._peek,
                "followers": self._followers, "ready": self._ready, "vote": self._vote}

    def _choose_die(self, view: CheeseSeatView, legal: list[Action]) -> Action:
        # A later hour is more likely to find the cheese gone and the thief's hour known.
        dice = view["you"]["dice"]
        return legal[0] if dice[0] >= dice[1] else legal[1]

    def _take(self, view: CheeseSeatView, legal: list[Action]) -> Action:
        me = view["seat"]
        night = view["nights"][-1]
        alone = night["awake"] == [me]
        if not alone and any(a["type"] == "pass" for a in legal):
            return wire(PlainAction(type="pass"))
        return wire(PlainAction(type="take"))

    def _peek(self, view: CheeseSeatView, legal: list[Action]) -> Action:
        suspects = [s for s in _suspects(view) if s != view["seat"]]
        peeked = {p["target"] for p in view["peeks"]}
        pool = [
            a
            for a in legal
            if a["type"] == "peek" and a["target"] in suspects and a["target"] not in peeked
        ]
        if not pool:
            pool = [a for a in legal if a["type"] == "peek"]
        return self.rng.choice(pool)

    def _followers(self, view: CheeseSeatView, legal: list[Action]) -> Action:
        # Prefer followers who did not see the theft: a witness already knows, a fresh
        # follower adds a mouth that will defend the thief.
        seen: set[int] = set()
        for night in view["nights"]:
            seen.update(night["awake"])
        fresh = [a for a in legal if not seen.intersection(a["targets"])]
        return self.rng.choice(fresh or legal)

    def _ready(self, view: CheeseSeatView, legal: list[Action]) -> Action:
        return legal[0]

    def _vote(self, view: CheeseSeatView, legal: list[Action]) -> Action:
        me, role = view["seat"], view["you"]["role"]
        targets = [a["target"] for a in legal]
        thief = view["thief"]
        team = {me, *view["followers"]} | ({thief} if thief is not None else set())
        on_thief_side = role == "thief" or view["you"]["follower"]
        if role == "fall_mouse" and not view["you"]["follower"]:
            pick: Any = self.rng.choice(targets)
        elif on_thief_side:
            scapegoats = [t for t in targets if t not in team]
            pick = self.rng.choice(scapegoats or targets)
        elif thief is not None and thief in targets:
            pick = thief
        else:
            pool = [t for t in _suspects(view) if t in targets]
            pick = self.rng.choice(pool or targets)
        return wire(VoteAction(type="vote", target=pick))
