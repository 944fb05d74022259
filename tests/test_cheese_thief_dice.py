"""The packed dice masks of the Cheese Thief inference against plain per-seat
arithmetic: counts, the emptiness test, the masks of a claim, and the search for the
fewest lies against trying every choice of them (``_by_trying``, which the search
itself only falls back on for more than two lies)."""

from __future__ import annotations

import random

from core.games.cheese_thief import dice

FIELD = (1 << dice.BITS) - 1


def fields(packed: int) -> list[int]:
    return [(packed >> (dice.BITS * s)) & FIELD for s in range(dice.SEATS)]


def packed_of(values: list[int]) -> int:
    return sum(v << (dice.BITS * s) for s, v in enumerate(values))


NARROW = [FIELD, FIELD, FIELD, 0b111000, 0b000111, 0b010101, 0b000100]
"""Seat domains that often leave something with each other, so that the lie search
has work at every number of lies."""


def narrow(rng: random.Random) -> int:
    return packed_of([rng.choice(NARROW) for _ in range(dice.SEATS)])


def test_count_is_the_product_of_the_seats_and_allows_says_whether_it_is_any() -> None:
    rng = random.Random(7)
    for _ in range(2000):
        packed = packed_of([rng.choice([0, 1 << rng.randrange(6), rng.randrange(64)])
                            for _ in range(dice.SEATS)])
        product = 1
        for value in fields(packed):
            product *= bin(value).count("1")
        assert dice.count(packed) == product
        assert dice.allows(packed) == (product > 0)


def test_a_smaller_table_counts_only_its_own_seats() -> None:
    for n in range(4, dice.SEATS + 1):
        assert dice.count(dice.ALL[n]) == 6 ** n
        assert dice.count(dice.ALL[n] & dice.awake_at(n, 3, (0, 1))) == 1 * 1 * 5 ** (n - 2)


def test_awake_and_peek_masks_narrow_exactly_the_seats_they_name() -> None:
    n = 6
    woke = fields(dice.awake_at(n, 4, (1, 3)))
    assert woke[:n] == [0b110111, 0b001000, 0b110111, 0b001000, 0b110111, 0b110111]
    assert woke[n:] == [FIELD] * (dice.SEATS - n)
    peek = fields(dice.seat_is(2, 5))
    assert peek == [FIELD, FIELD, 0b010000] + [FIELD] * (dice.SEATS - 3)
    assert dice.seat_domain(dice.replace_seat(dice.ANY, 2, 0b0101000), 2) == 0b0101000


def test_the_lie_search_finds_what_trying_every_choice_finds() -> None:
    rng = random.Random(11)
    for _ in range(600):
        base, last = narrow(rng), narrow(rng)
        kept = [narrow(rng) for _ in range(rng.randrange(7))]
        max_lies = rng.randrange(5)
        hypothesis = dice.Kept(base, tuple(kept))
        alone = min(max_lies, len(kept))
        drops, best = hypothesis.fewest_lies(alone)
        want = dice._by_trying(base, tuple(kept), alone)
        assert best == want[1] and (not best or drops == want[0])
        more = min(max_lies, len(kept) + 1)
        drops, best = hypothesis.fewest_lies_with(last, more)
        want = dice._by_trying(base, (*kept, last), more)
        assert best == want[1] and (not best or drops == want[0])
