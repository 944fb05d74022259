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

_EVERY_SEAT = sum(1 << (BITS * s) for s in range(SEATS))

_COUNTED: dict[int, int] = {}
"""The count of each packed mask seen so far: a game sees few, and one look-up is
cheaper than the four of ``_PAIR``."""


def _assignments(packed: int) -> int:
    """Count a packed mask not counted before, and keep the count."""
    if len(_COUNTED) > 200_000:
        _COUNTED.clear()
    total = _COUNTED[packed] = (_PAIR[packed & 4095] * _PAIR[(packed >> 12) & 4095]
                                * _PAIR[(packed >> 24) & 4095] * _PAIR[packed >> 36])
    return total


_LOW = sum((_FIELD >> 1) << (BITS * s) for s in range(SEATS))
_HIGH = _LOW + _EVERY_SEAT


def allows(packed: int) -> bool:
    """Whether a packed mask allows any dice, i.e. no field is empty, without counting:
    a field's low bits plus all ones carry into its high bit when any is set, and the
    carry never goes further, so every field is tested at once. The lie search writes
    this out inline where it runs most."""
    return ((packed & _LOW) + _LOW | packed) & _HIGH == _HIGH


def count(packed: int) -> int:
    """How many dice assignments a packed mask allows: the product of its domains."""
    found = _COUNTED.get(packed)
    return _assignments(packed) if found is None else found


def replace_seat(packed: int, seat: int, domain: int) -> int:
    """``packed`` with one seat's domain (bits 1..6) put in place of its own."""
    shift = BITS * seat
    return packed & ~(_FIELD << shift) | (domain >> 1) << shift


def seat_domain(packed: int, seat: int) -> int:
    """One seat's domain (bits 1..6) out of a packed mask."""
    return (packed >> (BITS * seat) & _FIELD) << 1


_WHOLE = _FIELD * _EVERY_SEAT

ANY = _WHOLE
"""The packed mask that removes nothing, padding included."""

ALL = [_WHOLE & ~sum((_FIELD - 1) << (BITS * s) for s in range(n, SEATS))
       for n in range(SEATS + 1)]
"""The packed mask with every die value possible, per table size."""

_PADDING = [_WHOLE & ~((1 << (BITS * n)) - 1) for n in range(SEATS + 1)]


def awake_at(n: int, hour: int, awake: tuple[int, ...]) -> int:
    """The packed mask of "the seats in ``awake`` woke at ``hour`` and no others did":
    every field keeps the hour's bit where the seat was awake, the others where it
    was not (the bit XOR the seat's full field, inverted)."""
    hour_bit = ((1 << hour) & FULL) >> 1
    seats = sum(_FIELD << (BITS * s) for s in set(awake))
    return _WHOLE & ~(hour_bit * _EVERY_SEAT ^ seats) | _PADDING[n]


def seat_is(seat: int, value: int) -> int:
    """The packed mask of "``seat``'s die shows ``value``"."""
    shift = BITS * seat
    return _WHOLE & ~(_FIELD << shift) | (((1 << value) & FULL) >> 1) << shift


class Kept:
    """A base that must hold and masks that may each be a lie, with the work on them
    kept: a decision weighs the same claims again with each candidate claim added,
    and the sets with one or two of these masks dropped are worked out once.

    ``singles`` and ``pairs`` list, most assignments first, the (count, packed mask)
    of every set with one or two masks dropped that allows any dice."""

    __slots__ = ("base", "masks", "forced", "every", "_singles", "_pairs")

    def __init__(self, base: int, masks: tuple[int, ...]) -> None:
        self.base = base
        low, high = _LOW, _HIGH
        kept = []
        for mask in masks:
            packed = base & mask
            if ((packed & low) + low | packed) & high == high:
                kept.append(mask)
        self.masks = live = tuple(kept)
        self.forced = len(masks) - len(live)
        """Masks that leave no dice with the base alone: every set that allows any
        keeps none of them, so they are lies whatever else is, and left out."""
        every = base
        for mask in live:
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
        most -= self.forced
        if most < 0:
            return 0, 0
        drops, best = self._alone(most)
        return drops + self.forced, best

    def fewest_lies_with(self, last: int, most: int) -> tuple[int, int]:
        """``fewest_lies`` with one more mask, ``last``.

        A set with d drops either drops ``last`` and d - 1 of the others, or keeps it
        and drops d of them. Those are visited most assignments first, and keeping
        ``last`` never adds any, so the visit stops at the first set that cannot beat
        the best."""
        forced = self.forced
        most -= forced
        if most < 0:
            return 0, 0
        packed = self.base & last
        if ((packed & _LOW) + _LOW | packed) & _HIGH != _HIGH:
            if not most:
                return 0, 0
            drops, best = self._alone(most - 1)
            return drops + 1 + forced, best
        counted = _COUNTED
        packed = self.every & last
        if ((packed & _LOW) + _LOW | packed) & _HIGH == _HIGH:
            found = counted.get(packed)
            return forced, _assignments(packed) if found is None else found
        if not most:
            return 0, 0
        if most > 2:
            drops, best = _by_trying(self.base, (*self.masks, last), most)
            return drops + forced, best
        singles = self.singles()
        best = _best_with(singles, last, count(self.every))
        if best or most == 1:
            return 1 + forced, best
        return 2 + forced, _best_with(self.pairs(), last, singles[0][0] if singles else 0)

    def _alone(self, most: int) -> tuple[int, int]:
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


def _best_with(sets: list[tuple[int, int]], last: int, best: int) -> int:
    """The most assignments any of ``sets`` (most first) leaves with ``last`` too, if
    more than ``best``; else ``best``."""
    counted = _COUNTED
    for bound, packed in sets:
        if bound <= best:
            break
        packed &= last
        if ((packed & _LOW) + _LOW | packed) & _HIGH == _HIGH:
            found = counted.get(packed)
            if found is None:
                found = _assignments(packed)
            if found > best:
                best = found
    return best


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
