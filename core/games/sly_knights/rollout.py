"""A lean copy of one round's play, for playing a sampled deal out many times.

It follows RULES.md §4 exactly as ``rules.py`` does (the limits, pigs, Pig & Pig, the
spare, forced passes, round end) but on bare lists, with no events or checks, because a
search plays thousands of these per decision. It stops at the round's end: rounds share
only the score, the pigs and the spares, and those are valued there.

The players inside a playout see every card (that is the point of a sampled deal) and
follow a quick greedy rule: take what they can keep, keep others from keeping, and
empty their hand of big cards.
"""

from __future__ import annotations

from core.games.sly_knights.state import PIG_AND_PIG, PIG_POINTS, worth
from core.rng import Rng

CHASE = 0.85
"""How surely a player that holds a card fitting the room left will use it."""
DUMP = 0.35
DENY = 0.5
SPARE_VALUE = 1.5
"""What an undrawn spare is worth at a round's end, as a card to come."""

Move = tuple[int, int, int]
"""(card, target, pig); card -1 draws the spare, card -2 passes."""
DRAW: Move = (-1, 0, 0)
PASS: Move = (-2, 0, 0)


class Table:
    """One round in play, every card known."""

    __slots__ = ("n", "hands", "spares", "pigs", "owner", "value", "total", "last",
                 "pigs_on", "turn", "passes", "points", "rng")

    def __init__(self, n: int, hands: list[list[int]], spares: list[int | None],
                 pigs: list[int], points: list[int], rng: Rng) -> None:
        self.n = n
        self.hands = hands
        self.spares = spares
        self.pigs = pigs
        self.points = points
        self.owner: list[int] = []
        self.value: list[int] = []
        self.total: list[int] = []
        self.last: list[int] = []
        self.pigs_on: list[int] = []
        self.turn = 0
        self.passes = 0
        self.rng = rng

    def copy(self) -> Table:
        t = Table.__new__(Table)
        t.n = self.n
        t.hands = [list(h) for h in self.hands]
        t.spares = list(self.spares)
        t.pigs = list(self.pigs)
        t.points = list(self.points)
        t.owner = self.owner
        t.value = self.value
        t.total = list(self.total)
        t.last = list(self.last)
        t.pigs_on = list(self.pigs_on)
        t.turn = self.turn
        t.passes = self.passes
        t.rng = self.rng
        return t

    def reveal(self, chosen: list[list[int]]) -> bool:
        """Lay the chosen score cards and give the turn to the highest sum."""
        self.owner, self.value = [], []
        for seat, cards in enumerate(chosen):
            for card in sorted(cards):
                self.owner.append(seat)
                self.value.append(card)
        k = len(self.owner)
        self.total, self.last, self.pigs_on = [0] * k, [-1] * k, [0] * k
        sums = [sum(c) for c in chosen]
        best = max(sums)
        tied = [s for s in range(self.n) if sums[s] == best]
        self.passes = 0
        return self.next_turn(tied[0] if len(tied) == 1 else self.rng.choice(tied))

    def can_play(self, seat: int) -> bool:
        hand = self.hands[seat]
        if not hand:
            return False
        low = min(worth(c) for c in hand)
        return any(v - t >= low for v, t in zip(self.value, self.total, strict=True))

    def next_turn(self, seat: int) -> bool:
        """Move on to the next seat with a decision; False once the round is over."""
        n = self.n
        while True:
            if self.passes >= n or not any(self.hands):
                return False
            self.turn = seat
            if self.spares[seat] is not None or self.can_play(seat):
                return True
            self.passes += 1
            seat = (seat + 1) % n

    def apply(self, seat: int, move: Move) -> bool:
        card, target, pig = move
        if card == -1:
            spare = self.spares[seat]
            assert spare is not None
            self.hands[seat].append(spare)
            self.spares[seat] = None
            return True
        if card == -2:
            self.passes += 1
            return self.next_turn((seat + 1) % self.n)
        self.hands[seat].remove(card)
        if pig:
            self.pigs[seat] -= 1
            self.points[seat] -= PIG_POINTS
            self.pigs_on[target] += 1
        self.total[target] += worth(card) + pig
        if card != PIG_AND_PIG:
            self.last[target] = seat
        self.passes = 0
        return self.next_turn((seat + 1) % self.n)

    def settle(self) -> list[float]:
        """Scores at the round's end, an undrawn spare counted as ``SPARE_VALUE``."""
        points = [float(p) for p in self.points]
        for t, value in enumerate(self.value):
            last = self.last[t]
            points[self.owner[t] if last < 0 else last] += value
            points[self.owner[t]] += PIG_POINTS * self.pigs_on[t]
        for seat in range(self.n):
            points[seat] -= sum(worth(c) for c in self.hands[seat])
            if self.spares[seat] is not None:
                points[seat] += SPARE_VALUE
        return points

    def moves(self, seat: int) -> list[Move]:
        out: list[Move] = []
        may_pig = self.pigs[seat] > 0
        for card in self.hands[seat]:
            w = worth(card)
            for t, value in enumerate(self.value):
                room = value - self.total[t]
                if w > room:
                    continue
                out.append((card, t, 0))
                if may_pig and w < room and self.owner[t] != seat:
                    out.append((card, t, 1))
        return out

    def greedy(self, seat: int) -> Move:
        """The playout rule (see the module docstring)."""
        hands = self.hands
        threat = 99
        for s in range(self.n):
            if s != seat:
                for c in hands[s]:
                    w = worth(c)
                    if w < threat:
                        threat = w
        best: Move = PASS
        top = -1e9
        may_pig = self.pigs[seat] > 0
        for card in set(hands[seat]):
            w = worth(card)
            for t, value in enumerate(self.value):
                room = value - self.total[t]
                if w > room:
                    continue
                last = self.last[t]
                taker = self.owner[t] if last < 0 else last
                mine_now = (1.0 - CHASE if threat <= room else 1.0) if taker == seat else 0.0
                after = room - w
                for pig in (0, 1) if may_pig and after > 0 and self.owner[t] != seat else (0,):
                    left = after - pig
                    risk = CHASE if left > 0 and threat <= left else 0.0
                    if card == PIG_AND_PIG:
                        narrow = value * ((CHASE if threat <= room else 0.0) - risk)
                        gain = narrow if taker == seat else -DENY * narrow
                    else:
                        keep = 1.0 - risk
                        gain = value * (keep - mine_now)
                        if taker != seat:
                            gain += DENY * value * keep
                    gain += DUMP * w - 2 * PIG_POINTS * pig
                    if gain > top:
                        top, best = gain, (card, t, pig)
        if best == PASS:
            spare = self.spares[seat]
            if spare is not None and any(
                worth(spare) <= v - t for v, t in zip(self.value, self.total, strict=True)
            ):
                return DRAW
        return best

    def play_out(self) -> list[float]:
        while True:
            seat = self.turn
            if not self.apply(seat, self.greedy(seat)):
                return self.settle()
