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

import sys
from collections import Counter
from collections.abc import Iterable, Sequence

from core.games.knights.public import Grouped
from core.games.knights.track import TrackedBelief, present

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
    theirs = public.weights_of(mine.assignments)
    grouped = Grouped(public)
    classes = public.classes()
    if classes is not None:
        kept, weight = classes
        rank = _clusters([weight[c] for c in present(kept, len(weight))])
    else:
        rank = _clusters(public.weights)
    for seat in range(n):
        if seat == me or not grouped.columns:
            continue
        seen = known_tiles(arrows, seat, n)
        codes = grouped.digits(seen)
        mine_codes = [grouped.code(values, seen) for values in mine.assignments]
        if rank is not None and classes is not None and type(codes) is bytes:
            # Only the codes of this seat's assignments that can count are looked up below
            # (public weight 0.0 never reaches a top, which is positive).
            needed = {code for code, side, their in zip(mine_codes, mine.sides, theirs,
                                                        strict=True)
                      if their and seat not in side}
            top, ties = _heaviest_classes(codes, classes[0], classes[1], rank, needed)
        elif rank is not None:
            top, ties = _heaviest(codes, public.weights, rank)
        else:
            top, ties = _heaviest_within(codes, public.weights)
        right = 0.0
        for code, w, side, their in zip(mine_codes, mine.weights, mine.sides, theirs,
                                        strict=True):
            if seat not in side and code in top and their >= top[code] * (1.0 - TIE):
                right += w / ties[code]
        odds[seat] = right / mine.total
    return odds


def _heaviest_within(codes: Sequence[int], weights: Sequence[float]
                     ) -> tuple[dict[int, float], dict[int, int]]:
    """Per code, the heaviest weight and how many weights tie with it (within ``TIE``,
    in the order the assignments come)."""
    top: dict[int, float] = {}
    ties: dict[int, int] = {}
    for code, w in zip(codes, weights, strict=True):
        best = top.get(code, 0.0)
        if w > best * (1.0 + TIE):
            top[code], ties[code] = w, 1
        elif w >= best * (1.0 - TIE):
            ties[code] += 1
    return top, ties


def _clusters(weights: Sequence[float]) -> dict[float, int] | None:
    """Per distinct weight, its cluster's rank (lightest first), or None when a weight is
    not positive or two clusters lie too close for ``TIE`` to tell them apart plainly.

    The weights are products of a few answer factors: equal products taken in another
    order differ in the last bits (a cluster, far narrower than ``TIE``), and unequal
    ones differ by far more than ``TIE``. Then ``TIE`` ties exactly the weights of a
    cluster."""
    distinct = sorted(set(weights))
    if not distinct or distinct[0] <= 0.0:
        return None
    rank: dict[float, int] = {}
    start, cluster = distinct[0], 0
    for low, high in zip([distinct[0], *distinct], distinct, strict=False):
        if high > start * (1.0 + NARROW):
            if not low * (1.0 + 2 * TIE) < high * (1.0 - 2 * TIE):
                return None
            start, cluster = high, cluster + 1
        rank[high] = cluster
    return rank


NARROW = 1e-12
"""Widest a cluster of weights may be, relative to its lightest (far below ``TIE``)."""


def _heaviest(codes: Sequence[int], weights: Sequence[float], rank: dict[float, int]
              ) -> tuple[dict[int, float], dict[int, int]]:
    """``_heaviest_within`` for weights in ``_clusters``, counted at C speed over (code,
    weight) pairs, which come in the order they first occur.

    In that order the first weight of a code's heaviest cluster beats everything before
    it by more than ``TIE``; every other weight of that cluster ties with it and every
    weight of a lighter cluster is more than ``TIE`` below it, so that weight is the top
    and the cluster's count the ties."""
    return _tops(((code, w, count) for (code, w), count
                  in Counter(zip(codes, weights, strict=True)).items()), rank)


def _tops(counted: Iterable[tuple[int, float, int]], rank: dict[float, int]
          ) -> tuple[dict[int, float], dict[int, int]]:
    """Per code, the first weight of its heaviest cluster and how many weights the cluster
    holds, from (code, weight, count) in the order the pairs first occur."""
    top: dict[int, float] = {}
    ties: dict[int, int] = {}
    level: dict[int, int] = {}
    for code, w, count in counted:
        cluster = rank[w]
        best = level.get(code, -1)
        if cluster > best:
            top[code], ties[code], level[code] = w, count, cluster
        elif cluster == best:
            ties[code] += count
    return top, ties


def _heaviest_classes(codes: bytes, classes: bytes, weight: list[float],
                      rank: dict[float, int], needed: set[int]
                      ) -> tuple[dict[int, float], dict[int, int]]:
    """``_heaviest`` for weights kept as classes (each class one distinct weight), for the
    ``needed`` codes (the others' entries are left out): the (code, class) pairs are the
    (code, weight) pairs, in the same order of first occurrence, counted as 16-bit
    numbers laid out byte by byte at C speed. Every code not needed is first merged into
    one of them, so only the needed ones are gone through."""
    other = next((code for code in range(256) if code not in needed), -1)
    merged = codes if other < 0 else codes.translate(
        bytes(code if code in needed else other for code in range(256)))
    pairs = bytearray(2 * len(codes))
    low, high = (0, 1) if sys.byteorder == "little" else (1, 0)
    pairs[low::2], pairs[high::2] = classes, merged
    return _tops(((pair >> 8, weight[pair & 0xFF], count) for pair, count
                  in Counter(memoryview(pairs).cast("H").tolist()).items()
                  if pair >> 8 != other), rank)


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
