"""Cheese Thief (チーズ泥棒), RULES.md §1: the night, the followers, the day and the vote."""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations
from typing import cast

from core.errors import ActionError
from core.game import (
    Action,
    Deadline,
    Event,
    Game,
    Outcome,
    Seat,
    View,
    private,
    public,
    takes,
)
from core.games.cheese_thief.about import ABOUT
from core.games.cheese_thief.checks import check_shape, why_illegal
from core.games.cheese_thief.shapes import (
    DieAction,
    FollowersAction,
    PeekAction,
    PeekRecord,
    PlainAction,
    VoteAction,
)
from core.games.cheese_thief.state import (
    CHOOSE_DIE,
    DISCUSSION,
    FALL_MOUSE,
    FOLLOWERS,
    HOURS,
    NIGHT,
    OVER,
    SLEEPYHEAD,
    THIEF,
    VOTE,
    CheeseThiefState,
    dice_per_seat,
)
from core.games.cheese_thief.story import story
from core.games.cheese_thief.view import build_view, omniscient, own_view, shared_view
from core.options import OptionValue
from core.rng import Rng
from core.shapes import TalkLine

S = CheeseThiefState

TALK_LIMIT = 400
"""Chat lines kept per game; later lines still reach the event log."""

PHASE_OF = {"choose_die": CHOOSE_DIE, "take": NIGHT, "peek": NIGHT, "pass": NIGHT,
            "followers": FOLLOWERS, "ready": DISCUSSION, "vote": VOTE}
"""The phase each action belongs to (every action type is in ``shapes.SHAPES``)."""


def _follower_count(n: int) -> int:
    return {5: 1, 6: 1, 7: 2, 8: 2}.get(n, 0)


class CheeseThief(Game[CheeseThiefState]):
    about = ABOUT
    sides = ("sleepyheads", "thief", "fall_mouse")
    take_back_types = ("unready",)

    # -- setup ---------------------------------------------------------------
    def deal(self, players: int, options: dict[str, OptionValue], seed: int) -> S:
        rng = Rng(seed)
        roles = [THIEF] + [SLEEPYHEAD] * (players - 1)
        if options.get("fall_mouse"):
            roles[1] = FALL_MOUSE
        rng.shuffle(roles)
        per_seat = dice_per_seat(players)
        dice = [[rng.die() for _ in range(per_seat)] for _ in range(players)]
        thief = roles.index(THIEF)
        wake = [list(d) if players > 4 else [] for d in dice]
        wake[thief] = sorted(set(dice[thief]))
        state = S(
            n=players,
            options=options,
            rng=rng,
            roles=roles,
            dice=dice,
            wake=wake,
            thief=thief,
            seen=[[] for _ in range(players)],
            peeks=[[] for _ in range(players)],
            knows_thief=[s == thief for s in range(players)],
            known_followers=[[] for _ in range(players)],
            ready=[False] * players,
            votes=[None] * players,
            voted=[False] * players,
            revealed=[None] * players,
        )
        return state

    def start(self, state: S) -> list[Event]:
        if state.n > 4:
            return self._start_night(state)
        return [public(type="choose_die")]

    def players(self, state: S) -> int:
        return state.n

    # -- what each seat may do -------------------------------------------------
    def _awake(self, state: S, hour: int) -> list[Seat]:
        return [s for s in range(state.n) if hour in state.wake[s]]

    def _may_peek(self, state: S, seat: Seat) -> bool:
        return (
            state.roles[seat] != THIEF
            and (state.n > 4 or bool(state.options.get("peek_at_four")))
            and self._awake(state, state.hour) == [seat]
        )

    def _thief_may_wait(self, state: S) -> bool:
        """At 4 players the Thief may keep the cheese for its later hour."""
        return state.n == 4 and state.hour < state.wake[state.thief][-1]

    def _follower_choices(self, state: S) -> list[list[Seat]]:
        """The follower sets the Thief may pick from (empty: nothing to choose)."""
        n, thief = state.n, state.thief
        if n == 5:
            return [[w] for w in state.witnesses] if len(state.witnesses) > 1 else []
        others = [s for s in range(n) if s != thief]
        return [list(c) for c in combinations(others, _follower_count(n))]

    def _legal(self, state: S, seat: Seat) -> list[Action]:
        if seat in state.acted or state.phase == OVER:
            return []
        phase = state.phase
        if phase == CHOOSE_DIE:
            if state.roles[seat] == THIEF:
                return []
            return [{"type": "choose_die", "die": 0}, {"type": "choose_die", "die": 1}]
        if phase == NIGHT:
            if state.hour not in state.wake[seat]:
                return []
            if seat == state.thief:
                if state.cheese_taken:
                    return []
                acts: list[Action] = [{"type": "take"}]
                return acts + [{"type": "pass"}] if self._thief_may_wait(state) else acts
            if not self._may_peek(state, seat):
                return []
            targets = [t for t in range(state.n) if t != seat]
            if state.n == 4:
                peeks = [{"type": "peek", "target": t, "die": d} for t in targets for d in (0, 1)]
            else:
                peeks = [{"type": "peek", "target": t} for t in targets]
            return peeks + [{"type": "pass"}]
        if phase == FOLLOWERS:
            if seat != state.thief or state.followers_settled:
                return []
            return [{"type": "followers", "targets": c} for c in self._follower_choices(state)]
        if phase == DISCUSSION:
            return [] if state.ready[seat] else [{"type": "ready"}]
        if phase == VOTE:
            if state.voted[seat]:
                return []
            return [{"type": "vote", "target": t} for t in range(state.n) if t != seat]
        return []

    def take_backs(self, state: S, seat: Seat) -> list[Action]:
        """A seat ready to vote may say it is not, until everyone is and the vote opens."""
        return [{"type": "unready"}] if state.phase == DISCUSSION and state.ready[seat] else []

    def to_act(self, state: S) -> list[Seat]:
        return [s for s in range(state.n) if self._may_act(state, s)]

    def _may_act(self, state: S, seat: Seat) -> bool:
        """Whether ``_legal`` would list anything for ``seat``, without listing it."""
        if seat in state.acted or state.phase == OVER:
            return False
        phase = state.phase
        if phase == CHOOSE_DIE:
            return state.roles[seat] != THIEF
        if phase == NIGHT:
            if state.hour not in state.wake[seat]:
                return False
            if seat == state.thief:
                return not state.cheese_taken
            return self._may_peek(state, seat)
        if phase == FOLLOWERS:
            if seat != state.thief or state.followers_settled:
                return False
            if state.n == 5:
                return len(state.witnesses) > 1
            return state.n - 1 >= _follower_count(state.n)
        if phase == DISCUSSION:
            return not state.ready[seat]
        if phase == VOTE:
            return not state.voted[seat] and state.n > 1
        return False

    def chat_open(self, state: S) -> bool:
        return state.phase == DISCUSSION

    def heard(self, state: S, line: TalkLine) -> None:
        if len(state.talk) < TALK_LIMIT:
            state.talk.append(line.copy())

    # -- applying actions --------------------------------------------------------
    def _apply(self, state: S, seat: Seat, action: Action) -> list[Event]:
        kind = action["type"]
        expected = PHASE_OF.get(kind)
        if expected is None:
            raise ActionError("unknown_action", f"Cheese Thief has no action {kind!r}.")
        if state.phase != expected:
            raise ActionError("wrong_phase", f"'{kind}' is not possible during the {state.phase}.")
        check_shape(state, action)
        if action not in self.legal_actions(state, seat):
            raise ActionError("illegal", why_illegal(state, seat, action))
        return self.dispatch(state, seat, action)

    def _handlers(self) -> dict[str, Callable[[S, Seat, Action], list[Event]]]:
        """Each handler takes its action's declared shape, checked by ``_apply``."""
        return {"choose_die": takes(self._do_choose_die), "take": takes(self._do_take),
                "peek": takes(self._do_peek), "pass": takes(self._do_pass),
                "followers": takes(self._do_followers), "ready": takes(self._do_ready),
                "unready": takes(self._do_unready), "vote": takes(self._do_vote)}

    def _do_choose_die(self, state: S, seat: Seat, action: DieAction) -> list[Event]:
        state.wake[seat] = [state.dice[seat][action["die"]]]
        state.acted.add(seat)
        # The night waits for the window's end, not for the last choice: the Thief has
        # none to make, so a night that began once everyone had chosen would tell the
        # table who never needed to.
        return [private([seat], type="die_chosen", die=action["die"], hour=state.wake[seat][0])]

    def _do_take(self, state: S, seat: Seat, action: PlainAction) -> list[Event]:
        state.acted.add(seat)
        return self._theft(state)

    def _theft(self, state: S) -> list[Event]:
        awake = self._awake(state, state.hour)
        state.cheese_taken = True
        state.theft_hour = state.hour
        state.witnesses = [s for s in awake if s != state.thief]
        for s in awake:
            state.knows_thief[s] = True
            record = state.seen[s][-1]
            record["cheese"] = "taken"
            record["thief"] = state.thief
        return [private(awake, type="theft", hour=state.hour, thief=state.thief)]

    def _do_pass(self, state: S, seat: Seat, action: PlainAction) -> list[Event]:
        state.acted.add(seat)
        return []

    def _do_peek(self, state: S, seat: Seat, action: PeekAction) -> list[Event]:
        target, die = action["target"], action.get("die", 0)
        value = state.dice[target][die]
        peek: PeekRecord = {"hour": state.hour, "target": target, "die": die, "value": value}
        state.peeks[seat].append(peek)
        state.acted.add(seat)
        return [private([seat], type="peek", **peek)]

    def _do_followers(self, state: S, seat: Seat, action: FollowersAction) -> list[Event]:
        return self._settle_followers(state, list(action["targets"]))

    def _settle_followers(self, state: S, chosen: list[Seat]) -> list[Event]:
        state.followers = chosen
        state.followers_settled = True
        state.acted.add(state.thief)
        if not chosen:
            return []
        thief, n = state.thief, state.n
        state.known_followers[thief] = list(chosen)
        tell_thief = n != 7
        for f in chosen:
            state.known_followers[f] = list(chosen)
            if tell_thief:
                state.knows_thief[f] = True
        return [
            private([thief], type="followers_chosen", followers=chosen),
            private(
                chosen, type="made_follower", followers=chosen, thief=thief if tell_thief else None
            ),
        ]

    def _do_ready(self, state: S, seat: Seat, action: PlainAction) -> list[Event]:
        state.ready[seat] = True
        events = [public(type="ready", seat=seat)]
        if all(state.ready):
            events += self._start_vote(state)
        return events

    def _do_unready(self, state: S, seat: Seat, action: PlainAction) -> list[Event]:
        state.ready[seat] = False
        return [public(type="unready", seat=seat)]

    def _do_vote(self, state: S, seat: Seat, action: VoteAction) -> list[Event]:
        state.votes[seat] = action["target"]
        state.voted[seat] = True
        events = [public(type="voted", seat=seat)]
        if all(state.voted):
            events += self._resolve(state)
        return events

    # -- time ------------------------------------------------------------------
    def deadline(self, state: S) -> Deadline | None:
        o = state.options
        if state.phase == CHOOSE_DIE:
            return Deadline("choose_die", float(o["hour_seconds"]), False)
        if state.phase == NIGHT:
            return Deadline(f"hour{state.hour}", float(o["hour_seconds"]), False)
        if state.phase == FOLLOWERS:
            return Deadline("followers", float(o["follower_seconds"]), False)
        if state.phase == DISCUSSION:
            return Deadline("discussion", float(o["discussion_seconds"]), True)
        if state.phase == VOTE:
            return Deadline("vote", float(o["vote_seconds"]), True)
        return None

    def _expire(self, state: S) -> list[Event]:
        phase = state.phase
        if phase == CHOOSE_DIE:
            for seat in self.to_act(state):
                state.wake[seat] = [state.dice[seat][0]]
            return self._start_night(state)
        if phase == NIGHT:
            events: list[Event] = []
            thief = state.thief
            if (
                not state.cheese_taken
                and state.hour in state.wake[thief]
                and not self._thief_may_wait(state)
            ):
                events += self._theft(state)
            if state.hour < 6:
                return events + self._enter_hour(state, state.hour + 1)
            if state.n > 4:
                return events + self._start_followers(state)
            return events + self._start_discussion(state)
        if phase == FOLLOWERS:
            events = []
            if not state.followers_settled:
                choices = self._follower_choices(state)
                if choices:
                    chosen = state.rng.choice(choices)
                elif state.n == 5 and state.witnesses:
                    chosen = list(state.witnesses)
                else:
                    chosen = []
                events = self._settle_followers(state, chosen)
            return events + self._start_discussion(state)
        if phase == DISCUSSION:
            return self._start_vote(state)
        if phase == VOTE:
            return self._resolve(state)
        return []

    # -- phase changes -----------------------------------------------------------
    def _start_night(self, state: S) -> list[Event]:
        return self._enter_hour(state, 1)

    def _enter_hour(self, state: S, hour: int) -> list[Event]:
        state.phase, state.hour = NIGHT, hour
        state.acted = set()
        events = [public(type="hour", hour=hour)]
        awake = self._awake(state, hour)
        if awake:
            cheese = "gone" if state.cheese_taken else "present"
            for s in awake:
                state.seen[s].append(
                    {"hour": hour, "awake": awake, "cheese": cheese, "thief": None}
                )
            events.append(private(awake, type="wake", hour=hour, awake=awake, cheese=cheese))
        return events

    def _start_followers(self, state: S) -> list[Event]:
        state.phase, state.hour = FOLLOWERS, 0
        state.acted = set()
        events = [public(type="followers_step")]
        if not self._follower_choices(state):
            # Nothing to choose (5 players, at most one witness): settle now, but keep
            # the window its full length so its duration tells nobody anything.
            chosen = list(state.witnesses) if state.witnesses else []
            events += self._settle_followers(state, chosen)
        return events

    def _start_discussion(self, state: S) -> list[Event]:
        state.phase, state.hour = DISCUSSION, 0
        state.acted = set()
        return [public(type="day")]

    def _start_vote(self, state: S) -> list[Event]:
        state.phase = VOTE
        state.acted = set()
        return [public(type="vote_open")]

    def _resolve(self, state: S) -> list[Event]:
        n = state.n
        tally = [0] * n
        for target in state.votes:
            if target is not None:
                tally[target] += 1
        best = max(tally)
        top = [s for s in range(n) if best > 0 and tally[s] == best]
        for s in top:
            state.revealed[s] = state.roles[s]
        fall = [s for s in top if state.roles[s] == FALL_MOUSE]
        caught = state.thief in top and (
            len(top) == 1 or not state.options.get("tie_favours_thief")
        )
        if fall:
            side, winners = "fall_mouse", fall
        elif caught:
            side = "sleepyheads"
            winners = [
                s for s in range(n) if state.roles[s] == SLEEPYHEAD and s not in state.followers
            ]
        else:
            side = "thief"
            winners = [state.thief] + [f for f in state.followers if state.roles[f] != FALL_MOUSE]
        winners.sort()
        state.phase, state.side_won, state.top = OVER, side, top
        state.votes_public = True
        state.result = Outcome(
            winners=tuple(winners),
            scores=tuple(1 if s in winners else 0 for s in range(n)),
            sides=(side,),
            detail={
                "tally": tally,
                "top": top,
                "thief": state.thief,
                "followers": list(state.followers),
            },
        )
        return [
            public(
                type="reveal",
                votes=list(state.votes),
                tally=tally,
                top=top,
                roles=list(state.revealed),
                side=side,
            ),
            public(type="story", **story(state)),
        ]

    # -- what each seat sees ---------------------------------------------------------
    def view(self, state: S, seat: Seat | None) -> View:
        return cast(View, build_view(self, state, seat))

    def omniscient_view(self, state: S) -> View:
        return cast(View, omniscient(self, state))

    def shared_view(self, state: S) -> View | None:
        return shared_view(self, state)

    def own_view(self, state: S, seat: Seat | None) -> View:
        return own_view(state, seat)

    def outcome(self, state: S) -> Outcome | None:
        return state.result


__all__ = ["CheeseThief", "HOURS"]
