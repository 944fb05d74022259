"""A rated ladder of bot levels (openskill's Plackett-Luce model).

Each game is a ranking: its winners share first place, everyone else shares second.
A level may sit in several seats of one game (a table of eight with five levels);
each seat is rated as a copy of its level, and the level moves by the mean of its
copies' moves, so a level is not moved twice as far for sitting twice.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from core.game import Seat


class Ladder:
    def __init__(self, levels: Sequence[str]) -> None:
        from openskill.models import PlackettLuce

        self.model = PlackettLuce()
        self.ratings = {level: self.model.rating(name=level) for level in levels}
        self.games = {level: 0 for level in levels}

    def add(self, levels: Sequence[str], winners: Sequence[Seat]) -> None:
        teams = [[self.ratings[level]] for level in levels]
        ranks = [0.0 if seat in winners else 1.0 for seat in range(len(levels))]
        if len(set(ranks)) < 2:
            return  # everyone won (or nobody did): the game ranks no one above another
        rated = self.model.rate(teams, ranks=ranks)
        moves: dict[str, list[tuple[float, float]]] = {}
        for level, team in zip(levels, rated, strict=True):
            moves.setdefault(level, []).append((team[0].mu, team[0].sigma))
        for level, seen in moves.items():
            old = self.ratings[level]
            new = self.model.rating(
                mu=old.mu + sum(mu - old.mu for mu, _ in seen) / len(seen),
                sigma=old.sigma + sum(sigma - old.sigma for _, sigma in seen) / len(seen),
                name=level)
            self.ratings[level] = new
            self.games[level] += 1

    def table(self) -> list[dict[str, Any]]:
        """Best first by the conservative ordinal (mu - 3 sigma)."""
        rows = [{"level": level, "mu": r.mu, "sigma": r.sigma, "ordinal": r.ordinal(),
                 "games": self.games[level]} for level, r in self.ratings.items()]
        return sorted(rows, key=lambda row: -float(row["ordinal"]))
