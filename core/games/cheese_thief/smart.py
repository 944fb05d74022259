"""Cheese Thief bots that talk: the easy, normal and hard levels.

At the day's start each says what its night showed (or, on the Thief's side, a lie
chosen to shift suspicion); everyone then weighs every claim (``infer``) and votes.
They read only their own view: their night, their peeks, and the public talk.
"""

from __future__ import annotations

from core.bots import kept_belief
from core.game import Action
from core.games.cheese_thief.bot import CheeseThiefBot
from core.games.cheese_thief.claims import Claim, Wake, claim_text, hear
from core.games.cheese_thief.infer import thief_weights
from core.games.cheese_thief.rules import _follower_count
from core.games.cheese_thief.shapes import CheeseSeatView, VoteAction
from core.shapes import ChatAction, EmoteAction, wire


def own_claim(view: CheeseSeatView) -> Claim:
    """The truth about this seat's night, as far as it knows it."""
    wakes = tuple(Wake(w["hour"], tuple(w["awake"]), w["cheese"], w["thief"])
                  for w in view["nights"])
    peeks = () if view["players"] == 4 else tuple((p["target"], p["value"])
                                                  for p in view["peeks"])
    return Claim(view["seat"], wakes, peeks)


def heard_claims(view: CheeseSeatView) -> list[Claim]:
    """The latest parsed claim of every other seat."""
    latest: dict[int, Claim] = {}
    for line in view["talk"]:
        if line.get("type") == "chat" and line["seat"] != view["seat"]:
            claim = hear(line["seat"], line["text"], view["players"])
            if claim is not None:
                latest[line["seat"]] = claim
    return list(latest.values())


def follower_chances(view: CheeseSeatView, thief: list[float]) -> list[float]:
    """Per seat, the chance it is (or will be made) a Follower: known outright on the
    Thief's side; otherwise the Followers are drawn from the seats that are neither
    the Thief nor this seat, which knows it is none."""
    n, me = view["players"], view["seat"]
    known = set(view["followers"])
    if known or view["you"]["role"] == "thief" or view["you"]["follower"]:
        return [1.0 if s in known else 0.0 for s in range(n)]
    share = _follower_count(n) / max(1, n - 2)
    return [0.0 if s == me else (1.0 - thief[s]) * share for s in range(n)]


def _argmax(scores: dict[int, float], bot: CheeseThiefBot) -> int:
    best = max(scores.values())
    return bot.rng.choice(sorted(s for s, v in scores.items() if v >= best - 1e-12))


class NormalBot(CheeseThiefBot):
    """States its night, weighs everyone's claims, votes for the likeliest thief."""

    level = "normal"
    lie_search = True

    def __init__(self, seat: int, seed: int) -> None:
        super().__init__(seat, seed)
        self.spoken = False

    # -- what this seat knows ------------------------------------------------------
    def _team(self, view: CheeseSeatView) -> set[int]:
        """Seats on the Thief's side that this seat knows of (itself included)."""
        me, role = view["seat"], view["you"]["role"]
        if role != "thief" and not view["you"]["follower"]:
            return set()
        team = {me, *view["followers"]}
        if view["thief"] is not None:
            team.add(view["thief"])
        return team

    def _silent(self, view: CheeseSeatView, claims: list[Claim]) -> frozenset[int]:
        """Seats that let the discussion pass without a claim (only known at the vote)."""
        if view["phase"] != "vote":
            return frozenset()
        spoke = {c.seat for c in claims} | {view["seat"]}
        return frozenset(s for s in range(view["players"]) if s not in spoke)

    def _mine(self, view: CheeseSeatView, claims: list[Claim]) -> list[float]:
        n, me = view["players"], view["seat"]
        if view["thief"] is not None:
            return [1.0 if s == view["thief"] else 0.0 for s in range(n)]
        cleared = {me, *view["followers"]}
        return thief_weights(n, [own_claim(view)], claims, cleared, n == 4,
                             self._silent(view, claims))

    def _public(self, view: CheeseSeatView, claims: list[Claim],
                silent: frozenset[int] | None = None) -> list[float]:
        if silent is None:
            silent = self._silent(view, claims)
        return thief_weights(view["players"], [], claims, set(), view["players"] == 4, silent)

    @kept_belief
    def belief(self, view: CheeseSeatView) -> dict[str, list[float]]:
        """What this seat believes now, per seat: the chance it is the Thief (the
        weights every night and vote decision of this bot reads) and the chance it is
        a Follower. Watching shows it from here, so what is shown is what decides."""
        thief = self._mine(view, heard_claims(view))
        return {"thief": thief, "follower": follower_chances(view, thief)}

    # -- night ---------------------------------------------------------------------
    def _peek(self, view: CheeseSeatView, legal: list[Action]) -> Action:
        weights = self.belief(view)["thief"]
        peeked = {p["target"] for p in view["peeks"]}
        scores = {a["target"]: weights[a["target"]] for a in legal
                  if a["type"] == "peek" and a["target"] not in peeked}
        if not scores:
            return super()._peek(view, legal)
        target = _argmax(scores, self)
        return self.rng.choice([a for a in legal if a.get("target") == target])

    # -- day -----------------------------------------------------------------------
    def _ready(self, view: CheeseSeatView, legal: list[Action]) -> Action:
        if not self.spoken and view["chat_open"]:
            self.spoken = True
            claim = self._claim(view)
            if claim is not None and (claim.wakes or claim.peeks):
                return wire(ChatAction(type="chat", text=claim_text(claim)))
        return legal[0]

    def _claim(self, view: CheeseSeatView) -> Claim | None:
        truth = own_claim(view)
        role, me = view["you"]["role"], view["seat"]
        thief = view["thief"]
        if role == "fall_mouse" and not view["you"]["follower"]:
            return self._best_claim(view, truth, me, maximise=True)
        if role == "thief" or (view["you"]["follower"] and thief is not None):
            return self._best_claim(view, truth, thief if thief is not None else me,
                                    maximise=False)
        return truth

    def _best_claim(self, view: CheeseSeatView, truth: Claim, focus: int,
                    maximise: bool) -> Claim | None:
        """The claim (or silence, None) that moves public suspicion of ``focus`` the way
        this seat wants."""
        if not self.lie_search:
            return truth
        me = view["seat"]
        others = heard_claims(view)
        candidates: list[Claim | None] = [None, truth]
        candidates += [Claim(me, (Wake(h, (me,), status),))
                       for h in range(1, 7) for status in ("present", "gone")]
        if truth.wakes:
            real = truth.wakes[0]
            candidates += [Claim(me, (Wake(real.hour, real.awake, status),))
                           for status in ("present", "gone")]
        scored = []
        for candidate in candidates:
            if candidate is None:
                suspicion = self._public(view, others, frozenset({me}))[focus]
            else:
                suspicion = self._public(view, others + [candidate], frozenset())[focus]
            scored.append((-suspicion if maximise else suspicion, candidate))
        best = min(score for score, _ in scored)
        return self.rng.choice([c for score, c in scored if score <= best + 1e-12])

    def _vote(self, view: CheeseSeatView, legal: list[Action]) -> Action:
        targets = [a["target"] for a in legal]
        claims = heard_claims(view)
        role = view["you"]["role"]
        team = self._team(view)
        if role == "fall_mouse" and not view["you"]["follower"]:
            public = self._public(view, claims)
            pick = _argmax({t: -public[t] for t in targets}, self)
        elif team:
            pick = self._scapegoat(view, claims, targets, team)
        else:
            pick = self._accuse(view, claims, targets)
        return wire(VoteAction(type="vote", target=pick))

    def _accuse(self, view: CheeseSeatView, claims: list[Claim], targets: list[int]) -> int:
        mine = self.belief(view)["thief"]
        return _argmax({t: mine[t] for t in targets}, self)

    def _scapegoat(self, view: CheeseSeatView, claims: list[Claim], targets: list[int],
                   team: set[int]) -> int:
        public = self._public(view, claims)
        mine = self.belief(view)["thief"]
        pool = [t for t in targets if t not in team] or targets
        return _argmax({t: public[t] * (1.0 - mine[t]) for t in pool}, self)


class EasyBot(NormalBot):
    """Talks and listens like the normal bot, but never lies well (the Thief's side
    tells the truth) and a third of its votes go anywhere."""

    level = "easy"
    lie_search = False

    def _vote(self, view: CheeseSeatView, legal: list[Action]) -> Action:
        if self.rng.below(3) == 0:
            return self.rng.choice(legal)
        return super()._vote(view, legal)


class HardBot(NormalBot):
    """Votes where its vote counts: it predicts how every other seat will vote from
    their claims, then picks the vote that most often decides the game its way."""

    level = "hard"
    patience = 3
    """How many times a lying seat lets others speak first before it talks."""

    def __init__(self, seat: int, seed: int) -> None:
        super().__init__(seat, seed)
        self.waited = 0

    def _ready(self, view: CheeseSeatView, legal: list[Action]) -> Action:
        lying = view["you"]["role"] != "sleepyhead" or view["you"]["follower"]
        if lying and not self.spoken and self.waited < self.patience and view["chat_open"]:
            spoke = {c.seat for c in heard_claims(view)} | {view["seat"]}
            quiet = [s for s in range(view["players"])
                     if s not in spoke and not view["ready"][s]]
            if quiet:
                self.waited += 1
                return wire(EmoteAction(type="emote", emote="thinking"))
        return super()._ready(view, legal)

    def _best_claim(self, view: CheeseSeatView, truth: Claim, focus: int,
                    maximise: bool) -> Claim | None:
        """The thief's side picks the claim after which the forecast vote is least
        likely to catch the thief; the Fall Mouse keeps the normal choice."""
        if maximise or view["thief"] is None:
            return super()._best_claim(view, truth, focus, maximise)
        me, n = view["seat"], view["players"]
        others = heard_claims(view)
        team = self._team(view)
        candidates: list[Claim | None] = [None, truth]
        candidates += [Claim(me, (Wake(h, (me,), status),))
                       for h in range(1, 7) for status in ("present", "gone")]
        scored = []
        for candidate in candidates:
            claims = others if candidate is None else others + [candidate]
            silent = frozenset({me}) if candidate is None else frozenset()
            honest, thieving = self._forecast(view, claims, silent)
            tally = [0.0] * n
            for seat in range(n):
                dist = thieving[seat] if seat in team else honest[seat]
                tally = [a + b for a, b in zip(tally, dist, strict=True)]
            public = self._public(view, claims, silent)
            scored.append((self._caught(tally, focus, view) + public[focus], candidate))
        best = min(score for score, _ in scored)
        return self.rng.choice([c for score, c in scored if score <= best + 1e-12])

    def _followers(self, view: CheeseSeatView, legal: list[Action]) -> Action:
        # A witness made follower stops accusing the thief and starts covering for it.
        seen: set[int] = set()
        for night in view["nights"]:
            if night["thief"] == view["seat"]:
                seen.update(s for s in night["awake"] if s != view["seat"])
        best = max(len(seen.intersection(a["targets"])) for a in legal)
        return self.rng.choice([a for a in legal
                                if len(seen.intersection(a["targets"])) == best])

    def _forecast(self, view: CheeseSeatView, claims: list[Claim],
                  silent: frozenset[int] | None = None) -> tuple[list[list[float]],
                                                                   list[list[float]]]:
        """Per seat, two vote distributions: if that seat is honest (it votes for its
        likeliest thief, from its own claim) and if it is the Thief (it throws its
        vote on the likeliest innocent)."""
        n, me = view["players"], view["seat"]
        by_seat = {c.seat: c for c in claims}
        if silent is None:
            silent = self._silent(view, claims)
        public = self._public(view, claims, silent)
        honest: list[list[float]] = []
        thieving: list[list[float]] = []
        for seat in range(n):
            claim = by_seat.get(seat)
            if seat == me or claim is None:
                weights = public
            else:
                others = [c for c in claims if c.seat != seat]
                weights = thief_weights(n, [claim], others, {seat}, n == 4, silent)
            honest.append(_spread([w if s != seat else -1.0 for s, w in enumerate(weights)]))
            thieving.append(_spread([public[s] if s != seat else -1.0 for s in range(n)]))
        return honest, thieving

    def _caught(self, tally: list[float], thief: int, view: CheeseSeatView) -> bool:
        best = max(tally)
        top = [s for s, v in enumerate(tally) if v >= best - 1e-9]
        if best <= 0 or thief not in top:
            return False
        return len(top) == 1 or not view["options"].get("tie_favours_thief")

    def _accuse(self, view: CheeseSeatView, claims: list[Claim], targets: list[int]) -> int:
        n, me = view["players"], view["seat"]
        mine = self.belief(view)["thief"]
        honest, thieving = self._forecast(view, claims)
        scores: dict[int, float] = {t: 1e-6 * mine[t] for t in targets}
        for thief in range(n):
            if mine[thief] < 0.01:
                continue
            tally = [0.0] * n
            for seat in range(n):
                if seat != me:
                    dist = thieving[seat] if seat == thief else honest[seat]
                    tally = [a + b for a, b in zip(tally, dist, strict=True)]
            for target in targets:
                tally[target] += 1.0
                scores[target] += mine[thief] * self._caught(tally, thief, view)
                tally[target] -= 1.0
        return _argmax(scores, self)

    def _scapegoat(self, view: CheeseSeatView, claims: list[Claim], targets: list[int],
                   team: set[int]) -> int:
        thief = view["thief"]
        if thief is None:
            return super()._scapegoat(view, claims, targets, team)
        n, me = view["players"], view["seat"]
        honest, thieving = self._forecast(view, claims)
        tally = [0.0] * n
        for seat in range(n):
            if seat != me:
                dist = thieving[seat] if seat in team else honest[seat]
                tally = [a + b for a, b in zip(tally, dist, strict=True)]
        public = self._public(view, claims)
        pool = [t for t in targets if t not in team] or targets
        scores = {}
        for target in pool:
            tally[target] += 1.0
            scores[target] = (not self._caught(tally, thief, view)) + 1e-6 * public[target]
            tally[target] -= 1.0
        return _argmax(scores, self)


def _spread(scores: list[float]) -> list[float]:
    """A vote split evenly over the best-scoring seats."""
    best = max(scores)
    tied = [s for s, v in enumerate(scores) if v >= best - 1e-12]
    return [1.0 / len(tied) if s in tied else 0.0 for s in range(len(scores))]
