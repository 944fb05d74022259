"""Sly Knight Robbery bots by level: easy, normal and hard.

- ``normal`` is the card-counting heuristic of ``bot.py`` that draws its spare early.
- ``easy`` is the same player, careless: now and then it lays any legal card.
- ``hard`` searches. It samples deals that fit its view (``sample``), plays each of its
  candidate moves out to the round's end in every sample (``rollout``), and keeps the
  move with the best average standing: its score minus the best other score, or, in
  the last round, whether it wins. All candidates see the same samples, so their
  difference is not lost in the noise of the deal. Choosing score cards, it expects the
  others to lay their two highest cards; drawing the spare then is searched like any
  choice (a sixth card to choose from measured better than keeping it).

Work is bounded by counts (samples per decision), never by the clock.
"""

from __future__ import annotations

from core.game import Action
from core.games.sly_knights.bot import SlyKnightsBot
from core.games.sly_knights.rollout import DRAW, PASS, Move, PlayoutRound, hand_mask
from core.games.sly_knights.sample import Sampler, World
from core.games.sly_knights.shapes import DrawSpareAction, SlySeatView
from core.games.sly_knights.state import PIG_AND_PIG, ROUNDS
from core.shapes import wire

CARELESS = 0.3
"""How often the easy bot plays a random legal card instead of thinking."""


class NormalBot(SlyKnightsBot):
    """The heuristic, plus one habit that measured clearly better: it draws its spare
    while choosing its first score cards, to choose from six."""

    level = "normal"

    def _choose(self, view: SlySeatView, legal: list[Action]) -> Action:
        if view["round"] == 1 and not view["you"]["spare_drawn"]:
            return wire(DrawSpareAction(type="draw_spare"))
        return super()._choose(view, legal)


class EasyBot(SlyKnightsBot):
    level = "easy"

    def decide(self, view: SlySeatView, legal: list[Action]) -> Action:
        plays = [a for a in legal if a["type"] == "play"]
        if plays and self.rng.below(1000) < CARELESS * 1000:
            return self.rng.choice(plays)
        return super().decide(view, legal)


def _top_two(hand: list[int]) -> list[int]:
    """The choice the search expects of the others: their two highest cards."""
    cards = sorted(c for c in hand if c != PIG_AND_PIG)
    return cards[-2:]


class HardBot(SlyKnightsBot):
    level = "hard"
    play_samples = 24
    """Samples per turn decision; every candidate is played out in each."""
    choose_samples = 16
    """Samples per score-card choice (ten or so candidates, each a whole round)."""
    width = 6
    """Plays kept for the search, best first by the heuristic's estimate."""

    def decide(self, view: SlySeatView, legal: list[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        if view["phase"] == "choose":
            return self._search_choice(view, legal)
        return self._search_turn(view, legal)

    # -- standing ------------------------------------------------------------------
    def _utility(self, view: SlySeatView, points: list[float]) -> float:
        me = view["seat"]
        margin = points[me] - max(points[:me] + points[me + 1:])
        if view["round"] >= ROUNDS:
            return (1.0 if margin >= 0 else 0.0) + 0.02 * margin
        return margin

    def _pick(self, totals: list[float], legal: list[Action]) -> Action:
        top = max(totals)
        return legal[totals.index(top)]

    # -- the turn ----------------------------------------------------------------
    def _candidates(self, view: SlySeatView, legal: list[Action]) -> list[Action]:
        plays = [a for a in legal if a["type"] == "play"]
        # Drawing the spare while a play is possible looks good in a playout that sees
        # every card, and measured worse: the spare is searched only when stuck.
        others = [a for a in legal if a["type"] != "play" and not plays]
        seen: dict[tuple[object, ...], Action] = {}
        for a in plays:
            sc = view["score_cards"][a["target"]]
            key = (a["card"], a["pig"], sc["owner"], sc["value"], sc["total"], sc["last"])
            seen.setdefault(key, a)
        unique = list(seen.values())
        if len(unique) > self.width:
            risk = self.belief(view).risk
            scored = sorted(unique, key=lambda a: -self._worth(view, a, risk))
            unique = scored[: self.width]
        return unique + others

    def _table(self, view: SlySeatView) -> tuple[list[int], ...]:
        """The score cards as a playout keeps them: owner, value, room, taker, pigs."""
        cards = view["score_cards"]
        return ([sc["owner"] for sc in cards], [sc["value"] for sc in cards],
                [sc["value"] - sc["total"] for sc in cards],
                [sc["owner"] if sc["last"] is None else sc["last"] for sc in cards],
                [sum(1 for p in sc["plays"] if p["pig"]) for sc in cards])

    def _playout_round(self, view: SlySeatView, world: World,
                       table: tuple[list[int], ...]) -> PlayoutRound:
        """The round as it stands in ``world``; ``table`` is shared, as a playout copies
        what it changes (``PlayoutRound.copy``) before playing."""
        playout = PlayoutRound(view["players"], world.hands, world.spares, list(view["pigs"]),
                              list(world.points), self.rng)
        playout.owner, playout.value, playout.room, playout.taker, playout.pigs_on = table
        playout.live = [t for t, room in enumerate(playout.room) if room]
        playout.turn = view["seat"]
        playout.passes = view["passes"]
        return playout

    def _search_turn(self, view: SlySeatView, legal: list[Action]) -> Action:
        candidates = self._candidates(view, legal)
        if len(candidates) == 1:
            return candidates[0]
        moves: list[Move] = []
        for a in candidates:
            if a["type"] == "play":
                moves.append((a["card"], a["target"], int(a["pig"])))
            else:
                moves.append(DRAW if a["type"] == "draw_spare" else PASS)
        sampler = Sampler(view)
        totals = [0.0] * len(moves)
        table = self._table(view)
        for _ in range(self.play_samples):
            base = self._playout_round(view, sampler.sample(self.rng), table)
            for k, move in enumerate(moves):
                points = base.copy().play_out(move)
                totals[k] += self._utility(view, points)
        return self._pick(totals, candidates)

    # -- the score cards ------------------------------------------------------------
    def _search_choice(self, view: SlySeatView, legal: list[Action]) -> Action:
        sampler = Sampler(view)
        me = view["seat"]
        own = list(view["you"]["hand"])
        laid: list[tuple[list[int], list[int]] | None] = []
        """Per candidate, the cards it lays and the hand it keeps (None: it draws the
        spare first, which differs between samples)."""
        for action in legal:
            if action["type"] == "draw_spare":
                laid.append(None)
            else:
                mine = list(action["cards"])
                laid.append((mine, [c for c in own if c not in mine]))
        totals = [0.0] * len(legal)
        for _ in range(self.choose_samples):
            world = sampler.sample(self.rng)
            chosen = [_top_two(hand) for hand in world.hands]
            kept = [[c for c in hand if c not in cards]
                    for hand, cards in zip(world.hands, chosen, strict=True)]
            base = PlayoutRound(view["players"], kept, world.spares, list(view["pigs"]),
                                list(world.points), self.rng)
            for k, own_part in enumerate(laid):
                playout = base.copy()
                if own_part is None:
                    spare = world.spares[me]
                    assert spare is not None
                    hand = world.hands[me] + [spare]
                    mine = _top_two(hand)
                    own_part = (mine, [c for c in hand if c not in mine])
                    playout.spares[me] = None
                picks = list(chosen)
                picks[me], playout.hands[me] = own_part
                playout.masks[me] = hand_mask(own_part[1])
                playout.reveal(picks)
                points = playout.play_out()
                totals[k] += self._utility(view, points)
        return self._pick(totals, legal)
