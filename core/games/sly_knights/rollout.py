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

from operator import sub

from core.games.sly_knights.state import PIG_AND_PIG, PIG_POINTS, worth
from core.rng import Rng

CHASE = 0.85
"""How surely a player that holds a card fitting the room left will use it."""
DUMP = 0.35
DENY = 0.5
SPARE_VALUE = 1.5
"""What an undrawn spare is worth at a round's end, as a card to come."""

WORTH = tuple(worth(card) for card in range(17))
"""``worth`` of every card, looked up (a playout asks it millions of times)."""

Move = tuple[int, int, int]
"""(card, target, pig); card -1 draws the spare, card -2 passes."""
DRAW: Move = (-1, 0, 0)
PASS: Move = (-2, 0, 0)


class PlayoutRound:
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

    def copy(self) -> PlayoutRound:
        t = PlayoutRound.__new__(PlayoutRound)
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
        if not hand or not self.value:
            return False
        # Some card fits somewhere exactly when the lowest fits the most room left.
        room: int = max(map(sub, self.value, self.total))
        return room >= min(map(WORTH.__getitem__, hand))

    def next_turn(self, seat: int) -> bool:
        """Move on to the next seat with a decision; False once the round is over."""
        n = self.n
        hands, spares = self.hands, self.spares
        while True:
            if self.passes >= n or not any(hands):
                return False
            self.turn = seat
            if spares[seat] is not None or self.can_play(seat):
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
        self.total[target] += WORTH[card] + pig
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
            points[seat] -= sum(map(WORTH.__getitem__, self.hands[seat]))
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
        """The playout rule (see the module docstring).

        A card's gain on a score card depends on the card only through whether the room
        it leaves is still at risk, so both gains are worked out once per score card."""
        hands = self.hands
        threat = 99
        for s, hand in enumerate(hands):
            if s != seat:
                for c in hand:
                    w = WORTH[c]
                    if w < threat:
                        threat = w
        reach = threat if threat > 1 else 1
        """The room left is at risk when it is at least this (above 0 and ``threat``)."""
        best: Move = PASS
        top = -1e9
        may_pig = self.pigs[seat] > 0
        owner, last_of = self.owner, self.last
        mine = hands[seat]
        low = min(map(WORTH.__getitem__, mine), default=99)
        pig_and_pig = PIG_AND_PIG in mine
        offers = []
        for t, (value, total) in enumerate(zip(self.value, self.total, strict=True)):
            room = value - total
            if room < low:
                continue  # no card of the hand fits
            last = last_of[t]
            taker = owner[t] if last < 0 else last
            if taker == seat:
                mine_now = 1.0 - CHASE if threat <= room else 1.0
                kept = (value * ((1.0 - CHASE) - mine_now), value * ((1.0 - 0.0) - mine_now))
            else:
                kept = (value * ((1.0 - CHASE) - 0.0) + DENY * value * (1.0 - CHASE),
                        value * ((1.0 - 0.0) - 0.0) + DENY * value * (1.0 - 0.0))
            narrow = kept
            if pig_and_pig:
                chased = CHASE if threat <= room else 0.0
                narrow = (value * (chased - CHASE), value * (chased - 0.0))
                if taker != seat:
                    narrow = (-DENY * narrow[0], -DENY * narrow[1])
            offers.append((t, room, may_pig and owner[t] != seat, kept, narrow))
        for card in set(mine):
            w = WORTH[card]
            dump = DUMP * w
            pigged = dump - 2 * PIG_POINTS
            for t, room, pig_ok, kept, narrow in offers:
                if w > room:
                    continue
                after = room - w
                gains = narrow if card == PIG_AND_PIG else kept
                gain = gains[after < reach] + dump
                if gain > top:
                    top, best = gain, (card, t, 0)
                if pig_ok and after > 0:
                    gain = gains[after - 1 < reach] + pigged
                    if gain > top:
                        top, best = gain, (card, t, 1)
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
