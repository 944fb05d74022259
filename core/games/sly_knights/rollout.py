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

WORTH = tuple(worth(card) for card in range(17))
"""``worth`` of every card, looked up (a playout asks it millions of times)."""

_DUMPS = tuple(DUMP * w for w in range(17))
_PIGGED = tuple(dump - 2 * PIG_POINTS for dump in _DUMPS)
_KEPT_MINE = tuple(
    tuple((value * ((1.0 - CHASE) - mine_now), value * ((1.0 - 0.0) - mine_now))
          for mine_now in (1.0, 1.0 - CHASE))
    for value in range(17))
"""The greedy rule's gain of a play on a score card it takes now, per value, per
whether the room is chased: (room left at risk, room left safe)."""
_KEPT_OTHER = tuple(
    (value * ((1.0 - CHASE) - 0.0) + DENY * value * (1.0 - CHASE),
     value * ((1.0 - 0.0) - 0.0) + DENY * value * (1.0 - 0.0))
    for value in range(17))
"""The same gain on a score card another takes now."""
_NARROW = tuple(
    tuple(
        tuple(pair if mine else (-DENY * pair[0], -DENY * pair[1])
              for pair in ((value * (chased - CHASE), value * (chased - 0.0))
                           for value in range(17)))
        for chased in (0.0, CHASE))
    for mine in (False, True))
"""The Pig & Pig card's gain by narrowing, per taken-by-me, chased, value."""

Move = tuple[int, int, int]
"""(card, target, pig); card -1 draws the spare, card -2 passes."""
DRAW: Move = (-1, 0, 0)
PASS: Move = (-2, 0, 0)


def hand_mask(hand: list[int]) -> int:
    """A hand as a bit mask: bit ``c`` for card ``c`` (a seat holds one card of a value)."""
    mask = 0
    for card in hand:
        mask |= 1 << card
    return mask


_BIGGEST: dict[int, tuple[int, ...]] = {}


def biggest_fits(mask: int) -> tuple[int, ...]:
    """Per room 0-16, the biggest numbered card of the hand ``mask`` that fits it (0:
    none). Each row is worked out once: the hands met are few (five cards or so out of
    one seat's sixteen), and a playout asks about them on every turn."""
    row = _BIGGEST.get(mask)
    if row is None:
        if len(_BIGGEST) >= 1 << 15:
            _BIGGEST.clear()
        cards, biggest = [], 0
        for room in range(17):
            if room and mask >> room & 1:
                biggest = room
            cards.append(biggest)
        row = _BIGGEST[mask] = tuple(cards)
    return row


_HELD_WORTH: dict[int, int] = {}


def held_worth(mask: int) -> int:
    """The penalty of the hand ``mask``: the worth of its cards, worked out once per
    hand for the same reason as ``biggest_fits``. It is a sum of whole numbers, so the
    order of the cards does not change it."""
    total = _HELD_WORTH.get(mask)
    if total is None:
        if len(_HELD_WORTH) >= 1 << 15:
            _HELD_WORTH.clear()
        total = _HELD_WORTH[mask] = sum(WORTH[c] for c in range(17) if mask >> c & 1)
    return total


class PlayoutRound:
    """One round in play, every card known.

    A hand in play is a bit mask of its cards (bit ``c`` for card ``c``), which answers
    "what fits in this room" in one step; the list it was dealt in, and a drawn spare
    after it, is kept alongside and never changed, because its order decides ties (see
    ``play_out``). Each score card keeps the room left on it and who takes it now."""

    __slots__ = ("n", "hands", "masks", "spares", "pigs", "owner", "value", "room", "live",
                 "taker", "pigs_on", "turn", "passes", "points", "rng")

    def __init__(self, n: int, hands: list[list[int]], spares: list[int | None],
                 pigs: list[int], points: list[int], rng: Rng) -> None:
        self.n = n
        self.hands = hands
        """Per seat, the cards it was dealt (then its spare, once drawn), in order; the
        ones still held are those in ``masks``. Never changed in place, so shared."""
        self.masks = [hand_mask(hand) for hand in hands]
        self.spares = spares
        self.pigs = pigs
        self.points = points
        self.owner: list[int] = []
        self.value: list[int] = []
        self.room: list[int] = []
        """Per score card, its value minus the worth laid on it (pigs count 1)."""
        self.live: list[int] = []
        """The score cards with room left, in order (only those are worth a look)."""
        self.taker: list[int] = []
        """Per score card, who would take it now: the last to lay a capturing card on
        it, else its owner."""
        self.pigs_on: list[int] = []
        self.turn = 0
        self.passes = 0
        self.rng = rng

    def copy(self) -> PlayoutRound:
        t = PlayoutRound.__new__(PlayoutRound)
        t.n = self.n
        t.hands = list(self.hands)
        t.masks = list(self.masks)
        t.spares = list(self.spares)
        t.pigs = list(self.pigs)
        t.points = list(self.points)
        t.owner = self.owner
        t.value = self.value
        t.room = list(self.room)
        t.live = list(self.live)
        t.taker = list(self.taker)
        t.pigs_on = list(self.pigs_on)
        t.turn = self.turn
        t.passes = self.passes
        t.rng = self.rng
        return t

    def reveal(self, chosen: list[list[int]]) -> None:
        """Lay the chosen score cards and give the turn to the highest sum."""
        owner: list[int] = []
        value: list[int] = []
        sums: list[int] = []
        for seat, cards in enumerate(chosen):
            owner += [seat] * len(cards)
            value += sorted(cards)
            sums.append(sum(cards))
        self.owner, self.value = owner, value
        self.room, self.taker = list(value), list(owner)
        self.live = list(range(len(value)))
        self.pigs_on = [0] * len(owner)
        best = max(sums)
        tied = [s for s in range(self.n) if sums[s] == best]
        self.passes = 0
        self.turn = tied[0] if len(tied) == 1 else self.rng.choice(tied)

    def held(self, seat: int) -> list[int]:
        """The cards ``seat`` still holds, in the order it came by them."""
        mask = self.masks[seat]
        return [card for card in self.hands[seat] if mask >> card & 1]

    def settle(self) -> list[float]:
        """Scores at the round's end, an undrawn spare counted as ``SPARE_VALUE``."""
        points = [float(p) for p in self.points]
        taker, owner, pigs_on = self.taker, self.owner, self.pigs_on
        for t, value in enumerate(self.value):
            points[taker[t]] += value
            if pigs_on[t]:  # adding 0 would change nothing (no sum here is -0.0)
                points[owner[t]] += PIG_POINTS * pigs_on[t]
        spares = self.spares
        for seat, mask in enumerate(self.masks):
            if mask:
                points[seat] -= held_worth(mask)
            if spares[seat] is not None:
                points[seat] += SPARE_VALUE
        return points

    def play_out(self, move: Move | None = None) -> list[float]:
        """Play the round to its end from ``turn`` (``move`` first, if given, then by the
        greedy rule of the module docstring) and score it (``settle``).

        The rule, worked out in one loop because a search runs it millions of times: on
        one score card the gain of a card rises with its worth (a bigger card dumps more
        and leaves less room at risk), so only the biggest card that fits can be the
        best there, besides the Pig & Pig card, which gains by narrowing. A pig with a
        card gains over the same card without only if its extra 1 takes the room left
        out of reach (``after == reach``), and never enough with a smaller card, so it
        is weighed only then. Ties go to the move the plain loop over every card (in
        ``set`` order), score card and pig would meet first: the same card's moves are
        met here in that order, so only ties between different cards need the set."""
        n, masks, spares, room, taker = self.n, self.masks, self.spares, self.room, self.taker
        live, owner, values, pigs = self.live, self.owner, self.value, self.pigs
        seat, passes = self.turn, self.passes
        # Kept as play goes on, not counted again every turn: the cards still held, and
        # the most room left (room only shrinks, so only a play on the card with the most
        # can change it).
        cards_left = sum(map(int.bit_count, masks))
        most = max(room, default=0)
        fits = (2 << most) - 2
        pig_and_pig_fits = most >= 2
        while True:
            if move is None:
                # The turn goes to the first seat with a decision: a spare to draw, or a
                # card that fits the most room left (a Pig & Pig card counts 2).
                if not cards_left:
                    break
                while passes < n:
                    mask = masks[seat]
                    if spares[seat] is not None or mask & fits or (mask & 1 and pig_and_pig_fits):
                        break
                    passes += 1
                    seat = (seat + 1) % n
                else:
                    break
                others = masks[seat - 1]  # the other hands, at most three (negative indices wrap)
                if n > 2:
                    others |= masks[seat - 2]
                    if n > 3:
                        others |= masks[seat - 3]
                low = others & -others  # the lowest card others hold
                if low == 1:  # a Pig & Pig card, which counts 2: only a 1 counts less
                    low = 2 if others & 2 else 4
                threat = low.bit_length() - 1 if low else 99  # the lowest worth others hold
                reach = threat if threat > 1 else 1  # room left this big or more is at risk
                mask = masks[seat]
                pig_and_pig = mask & 1
                fitting = _BIGGEST.get(mask) or biggest_fits(mask)
                may_pig = pigs[seat] > 0
                best: Move = PASS
                top = -1e9
                ties: list[Move] | None = None
                for t in live:
                    space = room[t]
                    w = fitting[space]
                    if w:
                        after = space - w
                        if taker[t] == seat:
                            kept = _KEPT_MINE[values[t]][threat <= space]
                        else:
                            kept = _KEPT_OTHER[values[t]]
                        gain = kept[after < reach] + _DUMPS[w]
                        if gain > top:
                            top, best, ties = gain, (w, t, 0), None
                        elif gain == top and w != best[0]:
                            ties = (ties or [best]) + [(w, t, 0)]
                        if after == reach and may_pig and owner[t] != seat:
                            gain = kept[1] + _PIGGED[w]
                            if gain > top:
                                top, best, ties = gain, (w, t, 1), None
                            elif gain == top and w != best[0]:
                                ties = (ties or [best]) + [(w, t, 1)]
                for t in live if pig_and_pig else ():
                    space = room[t]
                    if space < 2:
                        continue  # no space for the Pig & Pig card, which counts 2
                    narrow = _NARROW[taker[t] == seat][threat <= space][values[t]]
                    after = space - 2
                    gain = narrow[after < reach] + _DUMPS[2]
                    if gain > top:
                        top, best, ties = gain, (PIG_AND_PIG, t, 0), None
                    elif gain == top and best[0] != PIG_AND_PIG:
                        ties = (ties or [best]) + [(PIG_AND_PIG, t, 0)]
                    if after == reach and may_pig and owner[t] != seat:
                        gain = narrow[1] + _PIGGED[2]
                        if gain > top:
                            top, best, ties = gain, (PIG_AND_PIG, t, 1), None
                        elif gain == top and best[0] != PIG_AND_PIG:
                            ties = (ties or [best]) + [(PIG_AND_PIG, t, 1)]
                if ties:
                    order = {card: k for k, card in enumerate(set(self.held(seat)))}
                    best = min(ties, key=lambda m: (order[m[0]], m[1], m[2]))
                elif best == PASS:
                    spare = spares[seat]
                    if spare is not None and WORTH[spare] <= most:
                        best = DRAW
                move = best

            card, target, pig = move
            move = None
            if card == -1:
                spare = spares[seat]
                assert spare is not None
                self.hands[seat] = self.hands[seat] + [spare]
                masks[seat] |= 1 << spare
                cards_left += 1
                spares[seat] = None
                continue  # and it decides again
            if card == -2:
                passes += 1
            else:
                masks[seat] ^= 1 << card
                cards_left -= 1
                if pig:
                    pigs[seat] -= 1
                    self.points[seat] -= PIG_POINTS
                    self.pigs_on[target] += 1
                space = room[target]
                room[target] = space - (WORTH[card] + pig)
                if not room[target]:
                    live.remove(target)
                if space == most:
                    most = max(room)
                    fits = (2 << most) - 2
                    pig_and_pig_fits = most >= 2
                if card != PIG_AND_PIG:
                    taker[target] = seat
                passes = 0
            seat = (seat + 1) % n
        self.turn, self.passes = seat, passes
        return self.settle()
