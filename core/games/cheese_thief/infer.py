"""Who is the Thief? Likelihoods from what a seat saw and what others claimed.

Each seat's wake hour is a die (1-6); an observation or an honest claim narrows the
dice that are possible. Under the hypothesis "seat t is the Thief", every claim but
t's is taken as honest, except that a few claims may be lies told by followers: the
weight of t is (number of dice assignments consistent with the kept claims) x q^k,
where k is the fewest claims that must be dropped to make the rest consistent.

Bots ask this many times a decision about the same claims with one more at the end
(each candidate claim of their own; each seat's view for a forecast), so the work on
all claims but the last is planned once per hypothesis (``_plan``) and kept with the
sets of lies already counted (``dice.Kept``); the last claim is one more mask to try.
"""

from __future__ import annotations

from functools import lru_cache

from core.games.cheese_thief.claims import Claim
from core.games.cheese_thief.dice import (
    ALL,
    ANY,
    FULL,
    Kept,
    awake_at,
    count,
    replace_seat,
    seat_domain,
    seat_is,
)

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


def _above(h: int) -> int:
    return FULL & ~((1 << (h + 1)) - 1)


def _below(h: int) -> int:
    return FULL & ((1 << h) - 1)


@lru_cache(maxsize=16384)
def _masks(n: int, claim: Claim, four: bool) -> tuple[int, ...]:
    """Per hypothetical Thief, what ``claim`` leaves of every seat's dice, packed (0:
    the claim cannot be honest if that seat is the Thief, so it must be a lie).

    A claim's constraints only ever remove die values, and each depends on the claim
    alone, so the dice consistent with several claims are the AND of their masks: a
    count is a few integer ANDs instead of replaying every claim, and a claim heard in
    one decision is worked out once for the rest of the game. Who was awake and the
    peeks say the same of every seat whoever the Thief is; only the Thief's own die
    depends on the hypothesis, so it is worked out once per hypothesis."""
    common = ANY
    for wake in claim.wakes:
        if claim.seat not in wake.awake:
            return (0,) * n
        common &= awake_at(n, wake.hour, wake.awake)
    if not four:
        for target, value in claim.peeks:
            common &= seat_is(target, value)
    out: list[int] = []
    for thief in range(n):
        if four and len(claim.wakes) > 1 and claim.seat != thief:
            out.append(0)
            continue
        # A 4-player Thief's theft hour is what counts, not when it was awake.
        die = FULL if four else seat_domain(common, thief)
        for wake in claim.wakes:
            if wake.cheese == "present":
                die &= _above(wake.hour)
            elif wake.cheese == "gone":
                die &= _below(wake.hour)
            elif wake.taker != thief:
                break
            else:
                die &= 1 << wake.hour
        else:
            out.append(replace_seat(common, thief, die))
            continue
        out.append(0)
    return tuple(out)


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


@lru_cache(maxsize=16384)
def _own(n: int, claim: Claim) -> float:
    """The chance of the Thief's own claim: one statement among many, and rarer if it
    names another seat as the taker."""
    own = 1.0 / statements(n)
    if any(w.cheese == "taken" and w.taker != claim.seat for w in claim.wakes):
        own *= BOLD_LIE
    return own


Hypothesis = tuple[Kept, float | None, int, int]
"""Per hypothetical Thief: what the certain facts leave and the claims that may be
lies; the chance of its own claim among them (None: it made none); and how many
lies may be sought among them, and with one more claim."""


@lru_cache(maxsize=4096)
def _plan(n: int, certain: tuple[Claim, ...], claims: tuple[Claim, ...],
          cleared: frozenset[int], four: bool,
          max_lies: int) -> tuple[Hypothesis | None, ...]:
    """Every hypothesis of ``_weights`` but for the last claim. A decision weighs the
    same claims with each candidate claim of its own added last, and the hard bot
    forecasts every seat from the same claims: this part is worked out once. A
    hypothesis that needs more lies than it may have is left out (None) here."""
    known = [_masks(n, c, four) for c in certain]
    heard = list(zip(*[_masks(n, c, four) for c in claims], strict=True)) if claims else [()] * n
    said: dict[int, list[int]] = {}
    for i, c in enumerate(claims):
        said.setdefault(c.seat, []).append(i)
    out: list[Hypothesis | None] = []
    for thief in range(n):
        base = ALL[n]
        for table in known:
            base &= table[thief]
        if thief in cleared or not count(base):
            out.append(None)
            continue
        # Every claim but the Thief's own; one that cannot be honest if ``thief`` is
        # the Thief has mask 0, so every kept set must drop it, as a lie.
        masks = heard[thief]
        own = said.get(thief)
        if own is not None:
            i = own[0]
            masks = (masks[:i] + masks[i + 1:] if len(own) == 1 else
                     tuple(m for i, m in enumerate(masks) if i not in own))
        kept = Kept(base, masks)
        alone = 0 if four else min(max_lies, len(masks))
        more = 0 if four else min(max_lies, len(masks) + 1)
        out.append(None if kept.forced > more else
                   (kept, None if own is None else _own(n, claims[own[-1]]), alone, more))
    return tuple(out)


@lru_cache(maxsize=8192)
def _weights(n: int, certain: tuple[Claim, ...], claims: tuple[Claim, ...],
             cleared: frozenset[int], four: bool, silent: frozenset[int],
             max_lies: int) -> tuple[float, ...]:
    weights = [0.0] * n
    follower_lie = 0.0 if four else FOLLOWER_LIES * (1.0 / statements(n))
    last = claims[-1] if claims else None
    column = _masks(n, last, four) if last is not None else None
    speaker = last.seat if last is not None else -1
    quiet = SILENT_HONEST ** len(silent)
    quiet_thief = SILENT_HONEST ** (len(silent) - 1)
    for thief, hypothesis in enumerate(_plan(n, certain, claims[:-1], cleared, four,
                                             max_lies)):
        if hypothesis is None:
            continue
        kept, own, alone, more = hypothesis
        if column is None or thief == speaker:
            drops, best = kept.fewest_lies(alone)
        else:
            drops, best = kept.fewest_lies_with(column[thief], more)
        if best:
            if thief == speaker:
                own = _own(n, claims[-1])
            elif own is None:
                own = SILENT_THIEF if thief in silent else 1.0
            weights[thief] = (best * own * (quiet_thief if thief in silent else quiet)
                              * follower_lie ** drops)
    total = sum(weights)
    return tuple([w / total for w in weights]) if total else tuple(weights)
