"""Counting the dice a set of claims allows, and the fewest claims to call lies.

Each seat's wake hour is a die. A packed mask holds, six bits a seat, the values each
seat's die may still have (value v at bit v - 1), so the dice several claims allow
are the AND of their masks and their number is the product of the seats' counts.
``infer`` turns claims into masks and weighs the hypotheses; this module only counts.
"""

from __future__ import annotations

from itertools import combinations

FULL = 0b1111110
"""A seat's domain as claims narrow it: bits 1..6, every die value still possible."""

BITS = 6
SEATS = 8
"""Every packed mask has room for the largest table; the seats a smaller table lacks
hold one possibility each, so they multiply a count by 1 and every table counts alike."""

_FIELD = (1 << BITS) - 1

_POP = [bin(m).count("1") for m in range(1 << BITS)]

_PAIR = [_POP[x & _FIELD] * _POP[x >> BITS] for x in range(1 << (2 * BITS))]
"""The assignments two neighbouring seats' domains allow, for every pair of domains:
a count is four look-ups instead of one per seat."""

_COUNTED: dict[int, int] = {}
"""The count of each packed mask seen so far: a game sees few, and one look-up is
cheaper than the four of ``_PAIR``."""


def _assignments(packed: int) -> int:
    if len(_COUNTED) > 200_000:
        _COUNTED.clear()
    total = _COUNTED[packed] = (_PAIR[packed & 4095] * _PAIR[(packed >> 12) & 4095]
                                * _PAIR[(packed >> 24) & 4095] * _PAIR[packed >> 36])
    return total


def count(packed: int) -> int:
    """How many dice assignments a packed mask allows: the product of its domains."""
    found = _COUNTED.get(packed)
    return _assignments(packed) if found is None else found


def pack(domains: list[int]) -> int:
    """Seat domains (bits 1..6) as one packed mask; the seats beyond the table allow
    anything, so an AND keeps the single possibility ``ALL`` gives them."""
    packed = 0
    for s in range(SEATS):
        packed |= (domains[s] >> 1 if s < len(domains) else _FIELD) << (BITS * s)
    return packed


def replace_seat(packed: int, seat: int, domain: int) -> int:
    """``packed`` with one seat's domain (bits 1..6) put in place of its own."""
    shift = BITS * seat
    return packed & ~(_FIELD << shift) | (domain >> 1) << shift


ALL = [pack([FULL] * n) & ~sum((_FIELD - 1) << (BITS * s) for s in range(n, SEATS))
       for n in range(SEATS + 1)]
"""The packed mask with every die value possible, per table size."""


class Kept:
    """A base that must hold and masks that may each be a lie, with the work on them
    kept: a decision weighs the same claims again with each candidate claim added,
    and the sets with one or two of these masks dropped are worked out once.

    ``singles`` and ``pairs`` list, most assignments first, the (count, packed mask)
    of every set with one or two masks dropped that allows any dice."""

    __slots__ = ("base", "masks", "every", "_singles", "_pairs")

    def __init__(self, base: int, masks: tuple[int, ...]) -> None:
        self.base, self.masks = base, masks
        every = base
        for mask in masks:
            every &= mask
        self.every = every
        self._singles: list[tuple[int, int]] | None = None
        self._pairs: list[tuple[int, int]] | None = None

    def singles(self) -> list[tuple[int, int]]:
        if self._singles is None:
            masks, k = self.masks, len(self.masks)
            before = [self.base] * (k + 1)
            for i, mask in enumerate(masks):
                before[i + 1] = before[i] & mask
            after = -1
            kept = []
            for i in range(k - 1, -1, -1):
                packed = before[i] & after
                found = count(packed)
                if found:
                    kept.append((found, packed))
                after &= masks[i]
            kept.sort(reverse=True)
            self._singles = kept
        return self._singles

    def pairs(self) -> list[tuple[int, int]]:
        if self._pairs is None:
            masks, k = self.masks, len(self.masks)
            after = [-1] * (k + 1)
            for i in range(k - 1, -1, -1):
                after[i] = after[i + 1] & masks[i]
            kept = []
            head = self.base
            for i in range(k - 1):
                between = head
                for j in range(i + 1, k):
                    packed = between & after[j + 1]
                    found = count(packed)
                    if found:
                        kept.append((found, packed))
                    between &= masks[j]
                head &= masks[i]
            kept.sort(reverse=True)
            self._pairs = kept
        return self._pairs

    def fewest_lies(self, most: int) -> tuple[int, int]:
        """The fewest masks (at most ``most``, no more than there are) to drop for the
        rest to allow any dice, and the most assignments such a choice leaves:
        (drops, assignments), assignments 0 if no choice does."""
        best = count(self.every)
        if best or not most:
            return 0, best
        if most > 2:
            return _by_trying(self.base, self.masks, most)
        singles = self.singles()
        if singles or most == 1:
            return 1, singles[0][0] if singles else 0
        pairs = self.pairs()
        return 2, pairs[0][0] if pairs else 0

    def fewest_lies_with(self, last: int, most: int) -> tuple[int, int]:
        """``fewest_lies`` with one more mask, ``last``: a set with d drops either
        drops it and d - 1 of the others, or keeps it and drops d of them. Those are
        visited most assignments first, and keeping ``last`` never adds any, so the
        visit stops at the first set that cannot beat the best."""
        counted = _COUNTED
        packed = self.every & last
        best = counted.get(packed)
        if best is None:
            best = _assignments(packed)
        if best or not most:
            return 0, best
        if most > 2:
            return _by_trying(self.base, (*self.masks, last), most)
        best = count(self.every)
        singles = self.singles()
        for bound, packed in singles:
            if bound <= best:
                break
            packed &= last
            found = counted.get(packed)
            if found is None:
                found = _assignments(packed)
            if found > best:
                best = found
        if best or most == 1:
            return 1, best
        best = singles[0][0] if singles else 0
        for bound, packed in self.pairs():
            if bound <= best:
                break
            packed &= last
            found = counted.get(packed)
            if found is None:
                found = _assignments(packed)
            if found > best:
                best = found
        return 2, best


def _by_trying(base: int, masks: tuple[int, ...], most: int) -> tuple[int, int]:
    """``Kept.fewest_lies`` for any number of lies, by trying every choice of them."""
    for drop in range(most + 1):
        best = 0
        for dropped in combinations(range(len(masks)), drop):
            packed = base
            for i, mask in enumerate(masks):
                if i not in dropped:
                    packed &= mask
            best = max(best, count(packed))
        if best:
            return drop, best
    return most, 0
