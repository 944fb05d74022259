"""The four modes: which tiles each uses, where they go, and who may play them (RULES.md §3)."""

from __future__ import annotations

from dataclasses import dataclass

from core.games.knights.state import ADVANCED, BASIC, COOP, DARK, WITCH
from core.rng import Rng

MODE_PLAYERS: dict[str, tuple[int, int]] = {
    BASIC: (4, 8),
    DARK: (3, 4),
    ADVANCED: (4, 7),
    COOP: (4, 7),
}
"""Smallest and largest table for each mode."""

MODE_TITLES: dict[str, str] = {
    BASIC: "basic (疑心暗鬼)",
    DARK: "dark (暗中模索)",
    ADVANCED: "advanced (前途多難)",
    COOP: "cooperative (一致団結)",
}


@dataclass(frozen=True)
class Supply:
    """What one round of a mode puts into play, before shuffling.

    A bot reasons from this (it is public: it follows from the mode and the table size),
    so the same object serves dealing and deduction.
    """

    pool: tuple[int, ...]
    """Every tile the round shuffles (``WITCH`` is 0)."""
    centre: int
    """How many tiles lie in the centre."""
    seats_knights_only: bool
    """Dark mode deals the seats from the knights alone."""

    @property
    def numbers(self) -> list[int]:
        """The knight numbers that may be in play: the range questions talk about."""
        return [v for v in self.pool if v != WITCH]

    @property
    def witch_possible(self) -> bool:
        return WITCH in self.pool


def mode_allows(mode: str, players: int) -> bool:
    low, high = MODE_PLAYERS[mode]
    return low <= players <= high


def modes_for(players: int) -> list[str]:
    return [mode for mode in MODE_PLAYERS if mode_allows(mode, players)]


def supply(mode: str, n: int) -> Supply:
    """The round's tiles for ``mode`` at ``n`` players (the table must allow the mode)."""
    small = n <= 5
    if mode == BASIC:
        top = n if small else n - 1
        return Supply((WITCH, *range(1, top + 1)), 1 if small else 0, False)
    if mode == DARK:
        return Supply((WITCH, *range(1, 8)), 3, True)
    if mode == ADVANCED:
        return Supply((WITCH, *range(1, 8)), 1 if small else 0, False)
    top = n + 1 if small else n
    return Supply(tuple(range(1, top + 1)), 1 if small else 0, False)


def deal_tiles(mode: str, n: int, rng: Rng) -> tuple[list[int], list[int]]:
    """Shuffle and lay out one round: (values by tile id, tiles set aside unseen)."""
    sup = supply(mode, n)
    if sup.seats_knights_only:
        knights = [v for v in sup.pool if v != WITCH]
        rng.shuffle(knights)
        seats, rest = knights[:n], knights[n:] + [WITCH]
        rng.shuffle(rest)
        return seats + rest[: sup.centre], rest[sup.centre :]
    tiles = list(sup.pool)
    rng.shuffle(tiles)
    table = n + sup.centre
    return tiles[:table], tiles[table:]
