"""Who is the Thief? Likelihoods from what a seat saw and what others claimed.

Each seat's wake hour is a die (1-6); an observation or an honest claim narrows the
dice that are possible. Under the hypothesis "seat t is the Thief", every claim but
t's is taken as honest, except that a few claims may be lies told by followers: the
weight of t is (number of dice assignments consistent with the kept claims) x q^k,
where k is the fewest claims that must be dropped to make the rest consistent.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations

from core.games.cheese_thief.claims import Claim

FULL = 0b1111110
"""Bits 1..6: every die value still possible."""

FOLLOWER_LIES = 0.3
"""Chance that a seat other than the Thief lies: it would have to be a follower."""

SILENT_HONEST = 0.1
"""Chance that an honest seat lets the discussion pass without stating its night
(people at the table may not type)."""

SILENT_THIEF = 0.1
"""Chance that the Thief says nothing rather than lie."""

BOLD_LIE = 0.1
"""How much rarer a lie that names another seat as the taker is than a quiet lie: a
Thief who accuses someone can be contradicted by everyone awake at that hour, so it
seldom does, and a witness's accusation carries weight."""


def statements(n: int) -> int:
    """How many different claims a seat could make (hour x who was awake x cheese):
    a liar who picks one says any particular one with about this little chance."""
    return 6 * (1 << (n - 1)) * 3


_POP = [bin(m).count("1") for m in range(128)]

_BITS = 8
"""Each seat's die domain takes one byte of a packed mask (bits 1..6 used)."""


def _above(h: int) -> int:
    return FULL & ~((1 << (h + 1)) - 1)


def _below(h: int) -> int:
    return FULL & ((1 << h) - 1)


@lru_cache(maxsize=16384)
def _masks(n: int, claim: Claim, four: bool) -> tuple[int | None, ...]:
    """Per hypothetical Thief, what ``claim`` leaves of every seat's dice, packed one
    byte a seat (None: the claim cannot be honest if that seat is the Thief).

    A claim's constraints only ever remove die values, and each depends on the claim
    alone, so the dice consistent with several claims are the AND of their masks: a
    count is a few integer ANDs instead of replaying every claim, and a claim heard in
    one decision is worked out once for the rest of the game."""
    out: list[int | None] = []
    for thief in range(n):
        domains = [FULL] * n
        possible = not (four and len(claim.wakes) > 1 and claim.seat != thief)
        for wake in claim.wakes if possible else ():
            bit = 1 << wake.hour
            if claim.seat not in wake.awake:
                possible = False
                break
            for s in range(n):
                if four and s == thief:
                    continue  # a 4-player Thief wakes twice; its theft hour is what counts
                if s in wake.awake:
                    domains[s] &= bit
                else:
                    domains[s] &= ~bit
            if wake.cheese == "present":
                domains[thief] &= _above(wake.hour)
            elif wake.cheese == "gone":
                domains[thief] &= _below(wake.hour)
            elif wake.taker != thief:
                possible = False
                break
            else:
                domains[thief] &= bit
        if possible and not four:
            for target, value in claim.peeks:
                domains[target] &= 1 << value
        out.append(sum(d << (_BITS * s) for s, d in enumerate(domains)) if possible else None)
    return tuple(out)


_COUNTED: list[dict[int, int]] = [{} for _ in range(9)]
"""Per table size, the count of each packed mask seen so far (a game sees few)."""


def _assignments(n: int, packed: int) -> int:
    """How many dice assignments a packed mask allows: the product of its domains."""
    counted = _COUNTED[n]
    total = counted.get(packed)
    if total is None:
        total = 1
        for s in range(n):
            total *= _POP[(packed >> (_BITS * s)) & 0xFF]
        if len(counted) > 100_000:
            counted.clear()
        counted[packed] = total
    return total


@lru_cache(maxsize=65536)
def _most_kept(n: int, base: int, masks: tuple[int, ...], drop: int) -> int:
    """The most assignments left by ``base`` and all of ``masks`` but ``drop`` of them:
    the best choice of which ``drop`` claims were lies. The same sets of claims come
    back across the hypotheses a decision weighs, so each is worked out once."""
    counted = _COUNTED[n]
    k = len(masks)
    if drop == 0:
        packed = base
        for mask in masks:
            packed &= mask
        found = counted.get(packed)
        return _assignments(n, packed) if found is None else found
    before = [base] * (k + 1)
    for i, mask in enumerate(masks):
        before[i + 1] = before[i] & mask
    after = [-1] * (k + 1)
    for i in range(k - 1, -1, -1):
        after[i] = after[i + 1] & masks[i]
    kept: list[int] = []
    if drop == 1:
        kept = [before[i] & after[i + 1] for i in range(k)]
    elif drop == 2:
        for i in range(k):
            between = before[i]
            for j in range(i + 1, k):
                kept.append(between & after[j + 1])
                between &= masks[j]
    else:
        for dropped in combinations(range(k), drop):
            packed = base
            for i, mask in enumerate(masks):
                if i not in dropped:
                    packed &= mask
            kept.append(packed)
    best = 0
    for packed in kept:
        found = counted.get(packed)
        if found is None:
            found = _assignments(n, packed)
        if found > best:
            best = found
    return best


_ALL = [sum(FULL << (_BITS * s) for s in range(n)) for n in range(9)]
"""The packed mask with every die value possible, per table size."""


def _count(n: int, thief: int, claims: list[Claim], four: bool) -> int:
    """Dice assignments consistent with every claim, if ``thief`` is the Thief."""
    packed = _ALL[n]
    for claim in claims:
        mask = _masks(n, claim, four)[thief]
        if mask is None:
            return 0
        packed &= mask
    return _assignments(n, packed)


def thief_weights(n: int, certain: list[Claim], claims: list[Claim], cleared: set[int],
                  four: bool, silent: frozenset[int] = frozenset(),
                  max_lies: int = 2) -> list[float]:
    """Relative probability that each seat is the Thief (cleared seats get 0).

    ``certain`` are facts the asking seat knows first-hand; ``claims`` are what others
    said, at most one per seat; ``silent`` the seats that said nothing. The weight of
    "t is the Thief" is the chance of everything said given that: honest claims must
    match the dice (counted over all dice), and each lie -- the Thief's own claim, and
    any others it needs, which only followers tell -- is one statement among many.

    The hard bot forecasts every seat's vote from the same claims, and every bot at a
    table does so at the same moment: the answer for one set of arguments is kept.
    """
    return list(_weights(n, tuple(certain), tuple(claims), frozenset(cleared), four,
                         frozenset(silent), max_lies))


@lru_cache(maxsize=8192)
def _weights(n: int, certain: tuple[Claim, ...], claims: tuple[Claim, ...],
             cleared: frozenset[int], four: bool, silent: frozenset[int],
             max_lies: int) -> tuple[float, ...]:
    weights = [0.0] * n
    lie = 1.0 / statements(n)
    follower_lie = 0.0 if four else FOLLOWER_LIES * lie
    by_seat = {c.seat: c for c in claims}
    tables = [(c.seat, _masks(n, c, four)) for c in claims]
    known = [_masks(n, c, four) for c in certain]
    for thief in range(n):
        if thief in cleared:
            continue
        base = _ALL[n]
        for table in known:
            mask = table[thief]
            if mask is None:
                base = 0
                break
            base &= mask
        if not base:
            continue
        claim = by_seat.get(thief)
        own = lie if claim is not None else (SILENT_THIEF if thief in silent else 1.0)
        if claim is not None and any(w.cheese == "taken" and w.taker != thief
                                     for w in claim.wakes):
            own *= BOLD_LIE
        quiet = SILENT_HONEST ** (len(silent) - (thief in silent))
        found = [table[thief] for seat, table in tables if seat != thief]
        impossible = found.count(None)
        """Claims that cannot be honest if ``thief`` is the Thief: every kept set of
        claims must drop them all."""
        masks = tuple(m for m in found if m is not None) if impossible else found
        for lies in range(min(max_lies, len(found)) + 1):
            if lies and not follower_lie:
                break
            best = 0 if impossible > lies else _most_kept(n, base, tuple(masks),
                                                          lies - impossible)
            if best:
                weights[thief] = best * own * quiet * follower_lie ** lies
                break
    total = sum(weights)
    return tuple(w / total for w in weights) if total else tuple(weights)
