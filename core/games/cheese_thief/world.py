"""A whole Cheese Thief table that fits one seat's view: the search bot's worlds.

What is hidden from a seat is the deal (who is the Thief, the Fall Mouse, every other
die), the choices others made in secret (a four-player Sleepyhead's die, the Thief's
hour at four players, peeks, the Followers, votes not yet shown), and nothing else.

The draw is exact under one stated model: the deal is as the rules deal it, and every
secret choice of another seat is uniform over its legal options. Under that model the
dice of different seats are independent given the roles, and each seat's constraints
(awake or not at each of this seat's wake-ups, the dice this seat peeked at, and for
the Thief the cheese this seat saw or missed) are counted per seat by enumerating its
own dice and choices. The Thief is drawn with weight proportional to the product of
those per-seat likelihoods, then each seat's dice from its own allowed list.

Two things are not used, on purpose: table talk (a claim's weight depends on how
people lie, which no rule fixes; the hand-made bots weigh claims in ``infer``), and
how likely each seat's visible moves were under its real strategy.

The world is then built by replaying the night through the rules themselves, this
seat's own choices as its view records them and the others' as drawn, so every view
this seat was shown along the way is the one it would have been shown in the world.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from core.game import Action, View
from core.games.cheese_thief.rules import CheeseThief
from core.games.cheese_thief.shapes import CheeseSeatView
from core.games.cheese_thief.state import (
    CHOOSE_DIE,
    DISCUSSION,
    FALL_MOUSE,
    FOLLOWERS,
    NIGHT,
    SLEEPYHEAD,
    THIEF,
    VOTE,
    CheeseThiefState,
    dice_per_seat,
)
from core.rng import Rng
from core.worlds import LastPlan, weighted

TRIES = 200
"""Replays tried before giving up: each fits unless the view is not one the rules make."""

Outcome = tuple[tuple[int, ...], int, int]
"""One seat's secret: its dice, the index of its chosen die (-1: none) and, for the
Thief, the hour it takes the cheese (0 for the others)."""

_GAME = CheeseThief()


def _outcomes(players: int, thief: bool) -> Iterator[tuple[Outcome, float]]:
    """Every secret a seat of this role may hold, with its prior probability."""
    per = dice_per_seat(players)
    rolls = [(a,) for a in range(1, 7)] if per == 1 else [
        (a, b) for a in range(1, 7) for b in range(1, 7)]
    for dice in rolls:
        p = 1.0 / len(rolls)
        if not thief:
            if per == 1:
                yield (dice, -1, 0), p
            else:
                yield (dice, 0, 0), p / 2
                yield (dice, 1, 0), p / 2
            continue
        hours = sorted(set(dice))
        if len(hours) == 1:
            yield (dice, -1, hours[0]), p
        else:  # four players: take at the first hour, or wait for the second
            yield (dice, -1, hours[0]), p / 2
            yield (dice, -1, hours[1]), p / 2


def _wake(secret: Outcome, thief: bool) -> list[int]:
    dice, chosen, _ = secret
    if thief:
        return sorted(set(dice))
    return [dice[chosen]] if chosen >= 0 else list(dice)


class Plan:
    """Everything a view implies, counted once for all the worlds drawn from it."""

    def __init__(self, view: CheeseSeatView) -> None:
        self.view = view
        me, n = view["seat"], view["players"]
        self.me, self.n = me, n
        mine = view["you"]["role"] == THIEF
        nights = view["nights"]
        current = view["phase"] == NIGHT and bool(nights) and nights[-1]["hour"] == view["hour"]
        others = [s for s in range(n) if s != me]
        # Per other seat and role: the secrets that fit this seat's view, and their mass.
        self.allowed: dict[tuple[int, bool], list[tuple[Outcome, float]]] = {}
        for s in others:
            for thief in (False, True):
                if mine and thief:
                    continue
                fits = [(o, p) for o, p in _outcomes(n, thief)
                        if self._fits(s, o, thief, current)]
                self.allowed[(s, thief)] = fits
        candidates = [me] if mine else [s for s in others if self._may_be_thief(s)]
        self.thieves: list[tuple[int, float]] = []
        for t in candidates:
            weight = 1.0
            for s in others:
                weight *= sum(p for _, p in self.allowed[(s, s == t)])
            if weight > 0:
                self.thieves.append((t, weight))
        if not self.thieves:
            raise ValueError("no deal fits this Cheese Thief view")

    def _may_be_thief(self, s: int) -> bool:
        known = self.view["thief"]
        if known is not None:
            return s == known
        return s not in self.view["followers"]

    def _fits(self, s: int, secret: Outcome, thief: bool, current: bool) -> bool:
        view = self.view
        wake = _wake(secret, thief)
        taken_at = secret[2]
        last = len(view["nights"]) - 1
        for i, record in enumerate(view["nights"]):
            h = record["hour"]
            if (h in wake) != (s in record["awake"]):
                return False
            if thief:
                cheese = record["cheese"]
                if cheese == "taken" and taken_at != h:
                    return False
                if cheese == "gone" and taken_at >= h:
                    return False
                if cheese == "present" and (taken_at < h or (taken_at == h and not (
                        current and i == last))):
                    return False
        for peek in view["peeks"]:
            if peek["target"] == s and secret[0][peek["die"]] != peek["value"]:
                return False
        return True

    def draw(self, rng: Rng) -> tuple[list[str], list[Outcome]]:
        """Roles and every seat's secret (this seat's own read from its view)."""
        thief = weighted(self.thieves, rng)
        n, me, you = self.n, self.me, self.view["you"]
        roles = [SLEEPYHEAD] * n
        roles[thief] = THIEF
        roles[me] = you["role"]
        if self.view["options"].get("fall_mouse") and you["role"] != FALL_MOUSE:
            spots = [s for s in range(n) if s not in (me, thief)]
            roles[spots[rng.below(len(spots))]] = FALL_MOUSE
        secrets: list[Outcome] = []
        for s in range(n):
            if s == me:
                secrets.append(self._own())
            else:
                secrets.append(weighted(self.allowed[(s, s == thief)], rng))
        return roles, secrets

    def _own(self) -> Outcome:
        you = self.view["you"]
        dice = tuple(you["dice"])
        if you["role"] == THIEF:
            taken = [r["hour"] for r in self.view["nights"] if r["cheese"] == "taken"]
            return dice, -1, taken[0] if taken else 0
        if len(dice) == 2 and len(you["wake_hours"]) == 1:
            return dice, 0 if dice[0] == you["wake_hours"][0] else 1, 0
        return dice, -1, 0


def _replay(plan: Plan, roles: list[str], secrets: list[Outcome],
            rng: Rng) -> CheeseThiefState | None:
    """The table these roles and secrets make, played by the rules up to the view's
    moment; None if it does not come out as the view (then another draw is tried)."""
    view, n, me = plan.view, plan.n, plan.me
    thief = roles.index(THIEF)
    dice = [list(secret[0]) for secret in secrets]
    wake = [list(d) if n > 4 else [] for d in dice]
    wake[thief] = sorted(set(dice[thief]))
    state = CheeseThiefState(
        n=n, options=dict(view["options"]), rng=Rng(rng.next64()), roles=roles, dice=dice,
        wake=wake, thief=thief, seen=[[] for _ in range(n)], peeks=[[] for _ in range(n)],
        knows_thief=[s == thief for s in range(n)],
        known_followers=[[] for _ in range(n)], ready=[False] * n, votes=[None] * n,
        voted=[False] * n, revealed=[None] * n)
    _GAME.start(state)
    for _ in range(64):
        if _at(state, view):
            break
        window, moved = (state.phase, state.hour), False
        for s in _GAME.to_act(state):
            if (state.phase, state.hour) != window or _at(state, view):
                break
            action = _decide(plan, state, s, secrets[s], rng)
            if action is not None:
                _GAME.apply(state, s, action)
                moved = True
        if not moved:
            _GAME.expire(state)
    state.talk = [line.copy() for line in view["talk"]]
    return state if _GAME.view(state, me) == view else None


def _at(state: CheeseThiefState, view: CheeseSeatView) -> bool:
    """Whether the replay has reached the moment of ``view``."""
    if state.phase != view["phase"] or state.hour != view["hour"]:
        return False
    if state.phase == DISCUSSION:
        return state.ready == view["ready"]
    if state.phase == VOTE:
        return state.voted == view["voted"]
    return True


def _decide(plan: Plan, state: CheeseThiefState, s: int, secret: Outcome,
            rng: Rng) -> Action | None:
    """What seat ``s`` does in the open window: this seat as its view says, the others
    as drawn, or uniformly among their options where nothing says; None to let the
    window close on it."""
    view, me = plan.view, plan.me
    phase = state.phase
    if phase == CHOOSE_DIE:
        return {"type": "choose_die", "die": max(secret[1], 0)}
    if phase == NIGHT:
        if s == state.thief:
            return {"type": "take"} if state.hour == secret[2] else {"type": "pass"}
        if s == me:
            for peek in view["peeks"]:
                if peek["hour"] == state.hour:
                    target: Action = {"type": "peek", "target": peek["target"]}
                    return {**target, "die": peek["die"]} if dice_per_seat(state.n) == 2 else target
            return {"type": "pass"}
        legal = _GAME.legal_actions(state, s)
        return legal[rng.below(len(legal))]
    if phase == FOLLOWERS:
        if me == state.thief or view["you"]["follower"]:
            return {"type": "followers", "targets": list(view["followers"])}
        choices = [c for c in _GAME._follower_choices(state) if me not in c]
        if not choices:
            return None
        return {"type": "followers", "targets": choices[rng.below(len(choices))]}
    if phase == DISCUSSION:
        return {"type": "ready"} if view["ready"][s] else None
    if phase == VOTE:
        if not view["voted"][s]:
            return None
        if s == me and view["you"]["vote"] is not None:
            return {"type": "vote", "target": view["you"]["vote"]}
        targets = [t for t in range(state.n) if t != s]
        return {"type": "vote", "target": targets[rng.below(len(targets))]}
    return None


_plan = LastPlan(Plan)
"""The last view's plan: a search draws many worlds from one view."""


def sample_world(views: Sequence[View], rng: Rng) -> CheeseThiefState:
    """A full state whose view for ``views[-1]``'s seat is ``views[-1]``."""
    plan = _plan(views[-1])
    for _ in range(TRIES):
        roles, secrets = plan.draw(rng)
        state = _replay(plan, roles, secrets, rng)
        if state is not None:
            return state
    raise ValueError("no replay of the night fits this Cheese Thief view")
