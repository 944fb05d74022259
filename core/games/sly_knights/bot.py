"""A simple, sensible Sly Knight Robbery bot that reasons only from its own view.

It counts cards: every card of a colour that has been seen face up (score cards and
plays, this round and earlier) cannot be in that player's hand, pile or spare. From
that it estimates how likely an opponent is to hold a card small enough to land on a
score card after it. A play is worth the points it is likely to keep (closing a card
exactly keeps it for sure), the points it takes from the current taker, and the relief
of getting a high card out of hand before it becomes a penalty. A pig costs its holder
2 and gives the score card's owner 2, so it is kept for a steal worth more than that.
The spare is drawn when counting says what it is and it is useful now.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import comb

from core.bots import Bot, kept_belief
from core.game import Action, View
from core.games.sly_knights.sample import seen_cards
from core.games.sly_knights.shapes import (
    ChooseAction,
    DrawSpareAction,
    PassAction,
    SlySeatView,
    sly_seat_view,
)
from core.games.sly_knights.state import CARDS, PIG_AND_PIG, PIG_POINTS, worth
from core.shapes import wire

DUMP_WEIGHT = 0.35
"""Points a play earns per point of card value it keeps out of the penalty pile."""
DENIAL_WEIGHT = 0.5
"""A point taken from one opponent is worth less than a point gained: others remain."""


def spare_candidates(view: SlySeatView) -> list[int]:
    """The values this seat's spare may have: its cards it has never seen."""
    me, you = view["seat"], view["you"]
    known = seen_cards(view)[me]
    known.update(c for c in you["hand"] if c != PIG_AND_PIG)
    known.update(you["chosen"] or ())
    known.update(you["penalties"])
    return [c for c in CARDS if c not in known]


@dataclass(frozen=True)
class Belief:
    """What a seat believes of the hidden cards: the cards each opponent may hold
    (``risk``, which also prices every play) and the values its own spare may have."""

    risk: _Risk
    spare: list[int]


class SlyKnightsBot(Bot):
    level = "simple"

    @kept_belief
    def belief(self, view: SlySeatView) -> Belief:
        """Counted from this seat's view; every choice and play of this bot reads it,
        and watching shows it."""
        return Belief(_Risk(view), spare_candidates(view))

    def act(self, view: View, legal: list[Action]) -> Action:
        return self.decide(sly_seat_view(view), legal)

    def decide(self, view: SlySeatView, legal: list[Action]) -> Action:
        """``act`` on the view read as its declared shape."""
        if view["phase"] == "choose":
            return self._choose(view, legal)
        return self._turn(view, legal)

    # -- score cards -------------------------------------------------------------
    def _choose(self, view: SlySeatView, legal: list[Action]) -> Action:
        hand = [c for c in view["you"]["hand"] if c != PIG_AND_PIG]
        if not view["you"]["spare_drawn"]:
            candidates = self.belief(view).spare
            # Only once the pile is empty is the spare known exactly (the last round).
            if len(candidates) == 1:
                spare = candidates[0]
                if spare > sorted(hand)[-2] or spare <= 2:
                    return wire(DrawSpareAction(type="draw_spare"))
        # High cards make high stakes, and a high card kept in hand is a likely penalty.
        top = sorted(hand)[-2:]
        return wire(ChooseAction(type="choose", cards=top))

    # -- turns -------------------------------------------------------------------
    def _turn(self, view: SlySeatView, legal: list[Action]) -> Action:
        plays = [a for a in legal if a["type"] == "play"]
        belief = self.belief(view)
        if any(a["type"] == "draw_spare" for a in legal) and self._want_spare(
                view, bool(plays), belief.spare):
            return wire(DrawSpareAction(type="draw_spare"))
        if not plays:
            return wire(PassAction(type="pass"))
        risk = belief.risk
        scored = [(self._worth(view, a, risk), a) for a in plays]
        top = max(score for score, _ in scored)
        # Equal plays are common (two owners' 9s look alike); picking the first would
        # always pick on the lowest seat.
        return self.rng.choice([a for score, a in scored if score >= top - 1e-9])

    def _want_spare(self, view: SlySeatView, can_play: bool, candidates: list[int]) -> bool:
        rooms = [sc["value"] - sc["total"] for sc in view["score_cards"]]
        if not candidates or not rooms:
            return False
        if len(candidates) == 1:
            spare = candidates[0]
            return spare in rooms or (not can_play and spare <= max(rooms))
        playable = sum(1 for c in candidates if c <= max(rooms))
        return not can_play and playable >= 0.75 * len(candidates)

    def _worth(self, view: SlySeatView, action: Action, risk: _Risk) -> float:
        me = view["seat"]
        sc = view["score_cards"][action["target"]]
        card, pig = action["card"], action["pig"]
        value: int = sc["value"]
        owner, last = sc["owner"], sc["last"]
        room_now: int = value - sc["total"]
        room: int = room_now - worth(card) - pig
        taker = owner if last is None else last
        mine_now = 1.0 - risk(room_now) if taker == me else 0.0
        if card == PIG_AND_PIG:
            # It never captures: it only narrows the card for whoever takes it now.
            narrowing = value * (risk(room_now) - risk(room))
            gain = narrowing if taker == me else -DENIAL_WEIGHT * narrowing
            gain += worth(PIG_AND_PIG)
        else:
            keep = 1.0 - risk(room)
            gain = value * (keep - mine_now)
            if taker != me:
                gain += DENIAL_WEIGHT * value * keep
        if pig:
            gain -= 2 * PIG_POINTS
        return gain + DUMP_WEIGHT * worth(card)


class _Risk:
    """The chance that some opponent still holds a card that fits in ``room``."""

    def __init__(self, view: SlySeatView) -> None:
        me = view["seat"]
        seen = seen_cards(view)
        pig_and_pig = bool(view["options"].get("pig_and_pig"))
        self.hands: list[tuple[list[int], int]] = []
        self.unseen: dict[int, tuple[list[int], int]] = {}
        """Per opponent with cards in hand: the cards it may hold, and how many it holds."""
        for seat in range(view["players"]):
            held = view["hand_sizes"][seat]
            if seat == me or held == 0:
                continue
            unseen = [c for c in CARDS if c not in seen[seat]]
            if pig_and_pig and PIG_AND_PIG not in seen[seat] and view["round"] == 1:
                unseen.append(PIG_AND_PIG)
            self.hands.append(([worth(c) for c in unseen], held))
            self.unseen[seat] = (unseen, held)
        self.cache: dict[int, float] = {}

    def __call__(self, room: int) -> float:
        if room <= 0:
            return 0.0
        if room not in self.cache:
            none_fit = 1.0
            for worths, held in self.hands:
                total = len(worths)
                misses = sum(1 for w in worths if w > room)
                if held <= total:
                    none_fit *= comb(misses, held) / comb(total, held)
            self.cache[room] = 1.0 - none_fit
        return self.cache[room]
