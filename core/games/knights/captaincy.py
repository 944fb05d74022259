"""Whom a Knight should back as captain: the seat most likely to line the tiles up right.

Measured in bot games, the seat a table of Knights elects by trust alone (the one whose
tile or arrow they can vouch for) lines up right far less often than an average
Knight would: the tiles it knows are the ones the questions already settled, so its
own knowledge adds little. What wins is a captain whose private tiles fill the gaps
the public answers left.

Another seat is taken to reason from the public record (``public``) and the tiles it
has seen; this seat's own belief says how often that would be right. One vote rarely
makes a captain alone, so a seat the others are likely to back counts for more.
"""

from __future__ import annotations

from collections.abc import Sequence

from core.games.knights.public import Grouped
from core.games.knights.track import TrackedBelief

SELF_SHARE = 1.0
"""Back oneself when one's own chance is at least this share of the best other seat's."""

ELECT = 1.0
"""How much a seat's likely backing by its neighbours counts: a vote for someone
nobody else backs rarely makes a captain."""

TIE = 1e-9
"""Relative slack within which two public weights count as tied."""


def known_tiles(arrows: Sequence[Sequence[int]], seat: int, n: int) -> list[int]:
    """The tiles ``seat`` has seen: its own and the ones its arrows point at."""
    return sorted({seat, *arrows[seat]}) if seat < n else []


def captain_odds(public: TrackedBelief, mine: TrackedBelief, arrows: Sequence[Sequence[int]],
                 me: int) -> list[float]:
    """Per seat, the chance the Knights win with it as captain, as this seat sees it.

    For this seat: the weight of the line-up it would pick now. For another seat: it
    is taken to line up the heaviest assignment of the public belief among those that
    fit what it has seen (one of the tied heaviest at random), and that is right as
    often as this seat's belief gives that assignment weight (never when the seat is
    on the Witch side there).
    """
    n = mine.n
    odds = [0.0] * n
    if not mine.total:
        return odds
    score: dict[tuple[int, ...], float] = {}
    for values, w in zip(mine.assignments, mine.weights, strict=True):
        key = mine.line_up_of(values)
        score[key] = score.get(key, 0.0) + w
    odds[me] = max(score.values()) / mine.total
    weight = dict(zip(public.assignments, public.weights, strict=True))
    grouped = Grouped(public)
    for seat in range(n):
        if seat == me or not grouped.columns:
            continue
        seen = known_tiles(arrows, seat, n)
        top: dict[int, float] = {}
        ties: dict[int, int] = {}
        for code, w in zip(grouped.codes(seen), public.weights, strict=True):
            best = top.get(code, 0.0)
            if w > best * (1.0 + TIE):
                top[code], ties[code] = w, 1
            elif w >= best * (1.0 - TIE):
                ties[code] += 1
        right = 0.0
        for values, w, side in zip(mine.assignments, mine.weights, mine.sides, strict=True):
            code = grouped.code(values, seen)
            if seat not in side and code in top and \
                    weight.get(values, 0.0) >= top[code] * (1.0 - TIE):
                right += w / ties[code]
        odds[seat] = right / mine.total
    return odds


def neighbours(arrows: Sequence[Sequence[int]], seat: int, n: int) -> list[int]:
    """Seats that saw ``seat``'s tile or whose tile it saw: the ones who can vouch."""
    return [s for s in range(n) if s != seat and (seat in arrows[s] or s in arrows[seat])]


def backing(arrows: Sequence[Sequence[int]], trust: Sequence[float], me: int) -> list[float]:
    """Per seat, how many other seats are likely to back it too: each neighbour (other
    than this seat) is expected to back the neighbour of its own it trusts most,
    weighed by how likely that neighbour is a Knight."""
    n = len(trust)
    out = [0.0] * n
    near = [neighbours(arrows, s, n) for s in range(n)]
    for voter in range(n):
        if voter == me or not near[voter]:
            continue
        best = max(trust[s] for s in near[voter])
        top = [s for s in near[voter] if trust[s] >= best - 1e-9]
        for s in top:
            out[s] += trust[voter] / len(top)
    return out


def best_captains(public: TrackedBelief, mine: TrackedBelief, arrows: Sequence[Sequence[int]],
                  me: int, targets: Sequence[int]) -> list[int]:
    """The seats to back among ``targets`` (ties are left to the caller): oneself when
    one's own odds hold up against the best other seat's; else the other seats with the
    best odds, helped by their backing."""
    odds = captain_odds(public, mine, arrows, me)
    others = [s for s in targets if s != me]
    if not others:
        return [me]
    support = backing(arrows, mine.knight_probability(), me)
    score = {s: odds[s] * (1.0 + ELECT * support[s]) for s in others}
    top = max(score.values())
    best = [s for s in others if score[s] >= top - 1e-12]
    if me in targets and odds[me] >= SELF_SHARE * max(odds[s] for s in best):
        return [me]
    return best
