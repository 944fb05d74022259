"""A rated ladder of bot levels (openskill's Plackett-Luce model).

Each game is a ranking: its winners share first place, everyone else shares second.
A level may sit in several seats of one game (a table of eight with five levels);
each seat is rated as a copy of its level, and the level moves by the mean of its
copies' moves, so a level is not moved twice as far for sitting twice.

Rating games one after another makes the last games weigh more than the first, and
at tables where many seats share a win (the Sleepyheads together) that order moves
the ratings more than a few points of win rate do. So the ladder is rated over
``ORDERS`` orders of the same games (the order played, then fixed shuffles) and each
level's mu and sigma are the means over the orders: the same games give the same
ladder whatever order they finished in.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from core.game import Seat
from core.rng import Rng

ORDERS = 8
"""Orders of the games the ratings are averaged over."""

Played = tuple[tuple[str, ...], tuple[float, ...]]
"""One game: the level at each seat and each seat's rank (0 won, 1 lost)."""


class Ladder:
    def __init__(self, levels: Sequence[str]) -> None:
        from openskill.models import PlackettLuce

        self.model = PlackettLuce()
        self.levels = list(levels)
        self.played: list[Played] = []

    def add(self, levels: Sequence[str], winners: Sequence[Seat]) -> None:
        ranks = tuple(0.0 if seat in winners else 1.0 for seat in range(len(levels)))
        if len(set(ranks)) == 2:  # a game everyone (or no one) won ranks no one higher
            self.played.append((tuple(levels), ranks))

    def rated(self, games: Sequence[Played]) -> dict[str, Any]:
        """The levels' ratings after ``games`` in this order."""
        ratings = {level: self.model.rating(name=level) for level in self.levels}
        for levels, ranks in games:
            rated = self.model.rate([[ratings[level]] for level in levels], ranks=list(ranks))
            moves: dict[str, list[tuple[float, float]]] = {}
            for level, team in zip(levels, rated, strict=True):
                moves.setdefault(level, []).append((team[0].mu, team[0].sigma))
            for level, seen in moves.items():
                old = ratings[level]
                ratings[level] = self.model.rating(
                    mu=old.mu + sum(mu - old.mu for mu, _ in seen) / len(seen),
                    sigma=old.sigma + sum(sigma - old.sigma for _, sigma in seen) / len(seen),
                    name=level)
        return ratings

    def table(self) -> list[dict[str, Any]]:
        """Best first by the conservative ordinal (mu - 3 sigma) of the mean rating."""
        mu = {level: 0.0 for level in self.levels}
        sigma = {level: 0.0 for level in self.levels}
        for order in range(ORDERS):
            games = list(self.played)
            if order:
                Rng(order).shuffle(games)
            for level, rating in self.rated(games).items():
                mu[level] += rating.mu / ORDERS
                sigma[level] += rating.sigma / ORDERS
        counts = {level: sum(level in levels for levels, _ in self.played)
                  for level in self.levels}
        rows = [{"level": level, "mu": mu[level], "sigma": sigma[level],
                 "ordinal": mu[level] - 3 * sigma[level], "games": counts[level]}
                for level in self.levels]
        return sorted(rows, key=lambda row: -float(row["ordinal"]))
