"""Who is the Thief? Likelihoods from what a seat saw and what others claimed.

Each seat's wake hour is a die (1-6); an observation or an honest claim narrows the
dice that are possible. Under the hypothesis "seat t is the Thief", every claim but
t's is taken as honest, except that a few claims may be lies told by followers: the
weight of t is (number of dice assignments consistent with the kept claims) x q^k,
where k is the fewest claims that must be dropped to make the rest consistent.
"""

from __future__ import annotations

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


def _above(h: int) -> int:
    return FULL & ~((1 << (h + 1)) - 1)


def _below(h: int) -> int:
    return FULL & ((1 << h) - 1)


def _count(n: int, thief: int, claims: list[Claim], four: bool) -> int:
    """Dice assignments consistent with every claim, if ``thief`` is the Thief."""
    domains = [FULL] * n
    for claim in claims:
        if four and len(claim.wakes) > 1 and claim.seat != thief:
            return 0
        for wake in claim.wakes:
            bit = 1 << wake.hour
            if claim.seat not in wake.awake:
                return 0
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
                return 0
            else:
                domains[thief] &= bit
        if not four:
            for target, value in claim.peeks:
                domains[target] &= 1 << value
    total = 1
    for domain in domains:
        total *= _POP[domain]
        if not total:
            return 0
    return total


def thief_weights(n: int, certain: list[Claim], claims: list[Claim], cleared: set[int],
                  four: bool, silent: frozenset[int] = frozenset(),
                  max_lies: int = 2) -> list[float]:
    """Relative probability that each seat is the Thief (cleared seats get 0).

    ``certain`` are facts the asking seat knows first-hand; ``claims`` are what others
    said, at most one per seat; ``silent`` the seats that said nothing. The weight of
    "t is the Thief" is the chance of everything said given that: honest claims must
    match the dice (counted over all dice), and each lie -- the Thief's own claim, and
    any others it needs, which only followers tell -- is one statement among many.
    """
    weights = [0.0] * n
    lie = 1.0 / statements(n)
    follower_lie = 0.0 if four else FOLLOWER_LIES * lie
    by_seat = {c.seat: c for c in claims}
    for thief in range(n):
        if thief in cleared:
            continue
        others = [c for c in claims if c.seat != thief]
        own = lie if thief in by_seat else (SILENT_THIEF if thief in silent else 1.0)
        if thief in by_seat and any(w.cheese == "taken" and w.taker != thief
                                    for w in by_seat[thief].wakes):
            own *= BOLD_LIE
        quiet = SILENT_HONEST ** len(silent - {thief})
        for lies in range(min(max_lies, len(others)) + 1):
            if lies and not follower_lie:
                break
            best = 0
            for dropped in combinations(range(len(others)), lies):
                kept = [c for i, c in enumerate(others) if i not in dropped]
                best = max(best, _count(n, thief, certain + kept, four))
            if best:
                weights[thief] = best * own * quiet * follower_lie ** lies
                break
    total = sum(weights)
    return [w / total for w in weights] if total else weights
