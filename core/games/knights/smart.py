"""Seven Knights Bewitched bots that play both sides: the easy, normal and hard levels.

All three build on the deductive ``simple`` bot (``bot.KnightsBot``) and read only
their own view. What sets them apart:

- **easy** deduces as captain but asks any listed question, and on the Witch side lies
  at random (the naive play of ``simple``).
- **normal** keeps its belief up to date across the round (``track``), asks the "is
  tile T one of …" question that splits it best, weighed by how far it trusts the
  answerer, and on the Witch side lies *consistently*: it answers as if the Witch tile
  and a tile it has seen had traded places (``lies.partner``), a false world that fits
  every honest answer, and spends its own question where it tells the Knights least.
- **hard** also compares tiles and asks about any set of numbers (the most even
  split), models the Witch side's lies answer by answer (``model``), picks the
  captain's extra question by how much it raises the chance that the line-up is right,
  and backs the captain most likely to line up right rather than the seat it trusts
  most (``captaincy``). On the Witch side it weighs every answer and question by how
  much of the public record it leaves pointing at the real tiles (``public``), falling
  back on claiming an unseen number for the Witch tile (``lies.claim``) when the round
  has too many assignments to weigh or both answers hide the truth alike.
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import getitem, itemgetter

from core.bots import kept_belief
from core.game import Action, View
from core.games.knights.bot import KnightsBot
from core.games.knights.captaincy import best_captains
from core.games.knights.deduce import Belief, entropy
from core.games.knights.lies import claimed_truth, fake_truth, witch_tile
from core.games.knights.model import ModelTracker
from core.games.knights.public import PublicTracker, digits, quiet_answer, quiet_questions
from core.games.knights.questions import asked, truth
from core.games.knights.shapes import (
    AnswerAction,
    AskInAction,
    KnightsSeatView,
    LineUpAction,
    Question,
    RecommendAction,
)
from core.games.knights.state import ANSWER, COMMAND, COMMAND_ANSWER, QUESTION, RECOMMEND
from core.games.knights.track import TrackedBelief, Tracker
from core.shapes import wire

CURRENT = frozenset({QUESTION, ANSWER, COMMAND, COMMAND_ANSWER, RECOMMEND})
"""The phases in which the hard bot keeps its beliefs current at every decision (the
arrows are down and answers come in)."""


def balanced_set(marginal: dict[int, float], numbers: list[int]) -> list[int] | None:
    """The set of numbers whose weight comes closest to half of the tile's weight.

    Greedy from the heaviest value down: near enough with at most eight values, and it
    lets a question split a belief far more evenly than "= k" or "odd".
    """
    total = sum(marginal.values())
    if total <= 0.0:
        return None
    chosen: list[int] = []
    mass = 0.0
    for value in sorted(numbers, key=lambda v: -marginal.get(v, 0.0)):
        w = marginal.get(value, 0.0)
        if w <= 0.0:
            continue
        if abs(mass + w - total / 2) < abs(mass - total / 2):
            chosen.append(value)
            mass += w
    if not chosen or mass >= total - 1e-12:
        return None
    return sorted(chosen)


def greater_weights(belief: Belief, legal: list[Action]) -> dict[tuple[int, int], float]:
    """For every "is T greater than U?" among ``legal``, the weight in which it is true,
    in one pass over the assignments (the Witch is greater than nothing, and nothing
    is greater than the Witch, as in ``questions.truth``)."""
    pairs = sorted({(a["tile"], a["other"]) for a in legal if a["form"] == "greater"})
    above = dict.fromkeys(pairs, 0.0)
    if not pairs:
        return above
    for values, w in zip(belief.assignments, belief.weights, strict=True):
        for tile, other in pairs:
            a, b = values[tile], values[other]
            if a > b and b != 0:
                above[(tile, other)] += w
    return above


def truths(question: Question, belief: Belief) -> bytes:
    """Per assignment of ``belief``, 1 where ``question``'s true answer is yes: looked up
    per value (or pair of values) of the tiles it names, column-wide."""
    tiles = [question["tile"]] + ([question["other"]] if question["form"] == "greater" else [])
    columns: list[Sequence[int]] = [
        belief.column(tile) if isinstance(belief, TrackedBelief)
        else bytes(map(itemgetter(tile), belief.assignments)) for tile in tiles]
    base = 1 + max((max(c, default=0) for c in columns), default=0)
    if base ** len(tiles) > 256:
        return bytes(truth(question, values) for values in belief.assignments)
    probe = [0] * belief.size
    table = bytearray(256)
    for code in range(base ** len(tiles)):
        rest = code
        for tile in reversed(tiles):
            rest, probe[tile] = divmod(rest, base)
        table[code] = truth(question, probe)
    codes = digits(columns, base, len(belief.assignments))
    assert isinstance(codes, bytes)  # every code fits in a byte
    return codes.translate(table)


def line_up_score(weights: Sequence[float], keys: Sequence[tuple[int, ...]], liar: bytes,
                  told: bytes, q: float) -> float:
    """The heaviest line-up's weight once a question is answered yes, plus once it is
    answered no: per assignment (its line-up in ``keys``), where the answerer would be a
    liar, and whether the true answer is yes; a liar tells the truth at rate ``q``."""
    yes: dict[tuple[int, ...], float] = {}
    no: dict[tuple[int, ...], float] = {}
    for w, key, lie, t in zip(weights, keys, liar, told, strict=True):
        if lie:
            wy, wn = (w * q, w * (1 - q)) if t else (w * (1 - q), w * q)
        else:
            wy, wn = (w, 0.0) if t else (0.0, w)
        if wy:
            yes[key] = yes.get(key, 0.0) + wy
        if wn:
            no[key] = no.get(key, 0.0) + wn
    return max(yes.values(), default=0.0) + max(no.values(), default=0.0)


class EasyBot(KnightsBot):
    """Deduces as captain, asks any listed question, lies at random."""

    level = "easy"

    def _ask(self, view: KnightsSeatView, legal: list[Action]) -> Action:
        return self.rng.choice(legal)


class NormalBot(KnightsBot):
    """Questions that split its belief; consistent lies and a wasted question on the
    Witch side."""

    level = "normal"
    liar_true = 0.6
    """The flat liar model: how often a Witch-side answer is taken to be true."""
    greater = False
    """Whether ordinary questions may also compare two tiles."""
    balanced = False
    """Also ask about the most even set of numbers, not only the listed family."""
    claims = False
    """Lie by claiming a number for the Witch tile (``lies.claim``) rather than by
    trading the Witch tile with a tile seen (``lies.partner``)."""
    trust_others = 0.75
    """A Knight backs another seat only when it trusts it at least this much."""

    def __init__(self, seat: int, seed: int) -> None:
        super().__init__(seat, seed)
        self.tracker = Tracker(self.liar_true)

    @kept_belief
    def belief(self, view: KnightsSeatView) -> Belief:
        """The tracked belief (``track``), kept up to date across the round."""
        return self.tracker.belief(view)

    # -- asking --------------------------------------------------------------------
    def _candidates(self, view: KnightsSeatView, legal: list[Action],
                    belief: Belief) -> list[Action]:
        """The listed questions plus, per (answerer, tile), the most even set of numbers."""
        marg = belief.marginals()
        if not self.greater:
            legal = [a for a in legal if a["form"] == "in"]
        if not self.balanced:
            return legal
        extra: list[Action] = []
        seen: set[tuple[int, int]] = set()
        for action in legal:
            if action["form"] != "in":
                continue
            key = (action["answerer"], action["tile"])
            if key in seen:
                continue
            seen.add(key)
            values = balanced_set(marg[action["tile"]], list(view["numbers"]))
            if values is not None:
                extra.append(wire(AskInAction(type="ask", answerer=key[0], form="in",
                                              tile=key[1], values=values)))
        return legal + extra

    def _ask(self, view: KnightsSeatView, legal: list[Action]) -> Action:
        belief = self.belief(view)
        if self._witchy(view):
            return self._waste(view, legal, belief)
        return self._informative(view, self._candidates(view, legal, belief), belief)

    def _informative(self, view: KnightsSeatView, legal: list[Action], belief: Belief) -> Action:
        trust = belief.knight_probability()
        marg = belief.marginals()
        above = greater_weights(belief, legal)
        best, pool = -1.0, list[Action]()
        for action in legal:
            honest = trust[action["answerer"]]
            if action["form"] == "greater":
                yes = above[(action["tile"], action["other"])] / belief.total
            else:
                yes = belief.yes_probability(asked(action), marg)
            score = (honest + 0.2 * (1.0 - honest)) * entropy(yes)
            if score > best + 1e-9:
                best, pool = score, [action]
            elif score > best - 1e-9:
                pool.append(action)
        return self.rng.choice(pool)

    def _waste(self, view: KnightsSeatView, legal: list[Action], belief: Belief) -> Action:
        """A Witch-side question: let a fellow liar speak, else ask what tells least."""
        friends = set(view["you"]["witch_side"] or []) - {view["seat"]}
        wtile = witch_tile(view)
        staged = [a for a in legal if a["answerer"] in friends and a["form"] == "in"
                  and a["tile"] == wtile]
        if staged:
            return self.rng.choice(staged)
        marg = belief.marginals()
        legal = [a for a in legal if a["form"] == "in"] or legal
        scores = [entropy(belief.yes_probability(asked(a), marg)) for a in legal]
        low = min(scores)
        return self.rng.choice([a for a, s in zip(legal, scores, strict=True) if s <= low + 1e-9])

    # -- answering -----------------------------------------------------------------
    def _answer(self, view: KnightsSeatView, legal: list[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        answer = claimed_truth(view) if self.claims else fake_truth(view)
        return wire(AnswerAction(type="answer", answer=answer))

    # -- recommending and lining up ---------------------------------------------------
    def _recommend(self, view: KnightsSeatView, legal: list[Action]) -> Action:
        if self._witchy(view):
            return super()._recommend(view, legal)
        me = view["seat"]
        targets = [a["target"] for a in legal]
        trust = self.belief(view).knight_probability()
        others = [s for s in targets if s != me]
        best = max((trust[s] for s in others), default=0.0)
        if best < self.trust_others:
            return wire(RecommendAction(type="recommend", target=me))
        return wire(RecommendAction(
            type="recommend", target=self.rng.choice([s for s in others if trust[s] == best])))

    def _line_up(self, view: KnightsSeatView, legal: list[Action]) -> Action:
        return wire(LineUpAction(type="line_up", order=self.belief(view).best_line_up()))


class HardBot(NormalBot):
    """Richer questions, a modelled liar, a decisive extra question, the best captain
    backed, and on the Witch side the answers and questions that hide the truth best."""

    level = "hard"
    liar_true = 0.45
    """The flat liar rate the extra question is weighed with (answers themselves go
    through the model)."""
    claims = True
    balanced = True
    greater = True
    modelled = True
    """Weigh Witch-side answers with ``model.ModelTracker`` (else a flat liar rate)."""

    def __init__(self, seat: int, seed: int) -> None:
        super().__init__(seat, seed)
        if self.modelled:
            self.tracker = ModelTracker(self.liar_true)
        self.public = PublicTracker()

    @kept_belief
    def belief(self, view: KnightsSeatView) -> TrackedBelief:
        return self.tracker.belief(view)

    def read(self, view: View) -> KnightsSeatView:
        """The view, with both beliefs caught up on every decision once the arrows are
        down (``Tracker.hear``): a slow decision then hears only the answers since this
        seat's last decision, instead of a Knight hearing the whole round in one go when
        it comes to recommend."""
        seat_view = super().read(view)
        if seat_view["phase"] in CURRENT:
            self.tracker.hear(seat_view)
            self.public.hear(seat_view)
        return seat_view

    def _answer(self, view: KnightsSeatView, legal: list[Action]) -> Action:
        """A Witch-side answer: the one that leaves the public record pointing least at
        the real tiles (a fixed way of lying gives the game away in some rounds)."""
        if len(legal) == 1:
            return legal[0]
        preferred = claimed_truth(view) if self.claims else fake_truth(view)
        public = self.public.belief(view)
        if public is None:
            return wire(AnswerAction(type="answer", answer=preferred))
        answer = quiet_answer(public, self.belief(view), view["seat"], view["question"],
                              preferred)
        return wire(AnswerAction(type="answer", answer=answer))

    def _ask(self, view: KnightsSeatView, legal: list[Action]) -> Action:
        """On the Witch side, the question whose expected answer hides the truth best; as
        a Knight captain, the decisive extra question; else an even split."""
        if self._witchy(view):
            public = self.public.belief(view)
            if public is None:
                return super()._ask(view, legal)
            allies = set(view["you"]["witch_side"] or []) - {view["seat"]}
            return self.rng.choice(quiet_questions(public, self.belief(view), allies, legal))
        if view["phase"] != "command":
            return super()._ask(view, legal)
        belief = self.belief(view)
        return self._decisive(self._candidates(view, legal, belief), belief)

    def _recommend(self, view: KnightsSeatView, legal: list[Action]) -> Action:
        """A Knight backs the seat most likely to line up right (``captaincy``): measured,
        the seat a table elects by trust alone lines up right far less often."""
        if self._witchy(view):
            return super()._recommend(view, legal)
        public = self.public.belief(view)
        if public is None:
            return super()._recommend(view, legal)
        targets = [a["target"] for a in legal]
        best = best_captains(public, self.belief(view), view["arrows"], view["seat"], targets)
        # Ties at random, like every choice of these bots (one draw, even of one seat).
        return wire(RecommendAction(type="recommend", target=self.rng.choice(best)))

    def _decisive(self, legal: list[Action], belief: Belief) -> Action:
        """The question after whose answer the heaviest line-up weighs the most."""
        keys = [belief.line_up_of(v) for v in belief.assignments]
        sides = [belief.witch_side(v) for v in belief.assignments]
        q = self.liar_true
        best, pool = -1.0, list[Action]()
        # A question's score depends only on which assignments make it true and on
        # where its answerer would be a liar: questions alike in both are scored once.
        scored: dict[tuple[bytes, bytes], float] = {}
        liars: dict[int, bytes] = {}
        # When no two assignments share a line-up, each line-up's weight after an answer is
        # one assignment's: per (liar there, true there), 0.0, w, w * (1 - q) or w * q.
        lone = len(set(keys)) == len(keys)
        yes_of = [(0.0, w, w * (1 - q), w * q) for w in belief.weights] if lone else []
        no_of = [(w, 0.0, w * q, w * (1 - q)) for w in belief.weights] if lone else []
        for action in legal:
            answerer = action["answerer"]
            liar = liars.get(answerer)
            if liar is None:
                liar = liars[answerer] = bytes(answerer in side for side in sides)
            told = truths(asked(action), belief)
            score = scored.get((liar, told))
            if score is None and lone:
                size = len(told)
                kinds = (2 * int.from_bytes(liar, "big") + int.from_bytes(told, "big")
                         ).to_bytes(size, "big")
                score = scored[(liar, told)] = (max(map(getitem, yes_of, kinds), default=0.0)
                                                + max(map(getitem, no_of, kinds), default=0.0))
            if score is None:
                score = scored[(liar, told)] = line_up_score(belief.weights, keys, liar, told, q)
            if score > best + 1e-9:
                best, pool = score, [action]
            elif score > best - 1e-9:
                pool.append(action)
        return self.rng.choice(pool)


LEVELS = {"easy": EasyBot, "normal": NormalBot, "hard": HardBot}
"""The levels this module adds, by name, for the registry."""
