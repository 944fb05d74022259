"""A table session's scoreboard: each person's wins and points across its games.

Filled from the one public ``story`` event that ends every game (its ``winners`` and
``scores``), so it needs no game's own rules and knows nothing a spectator does not.
A session is the games one table plays in a row: several games at one LAN table, or a
watched or single-screen table played again.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from core.shapes import StoryHeader
from net.messages import ScoreLine


@dataclass
class Game:
    game: str
    winners: list[int]
    scores: list[int]


@dataclass
class Scoreboard:
    games: list[Game] = field(default_factory=list)

    def add(self, story: StoryHeader | ScoreLine) -> None:
        """One finished game, from its story event."""
        self.games.append(Game(str(story.get("game", "")),
                               [int(s) for s in story.get("winners") or []],
                               [int(v) for v in story.get("scores") or []]))

    @property
    def seats(self) -> int:
        return max((len(g.scores) for g in self.games), default=0)

    def wins(self, seat: int) -> int:
        return sum(seat in g.winners for g in self.games)

    def points(self, seat: int) -> int:
        return sum(g.scores[seat] for g in self.games if seat < len(g.scores))

    def per_game(self) -> list[list[int]]:
        """Each game's points per seat (a seat missing from a game scores 0 in it)."""
        n = self.seats
        return [[g.scores[s] if s < len(g.scores) else 0 for s in range(n)] for g in self.games]

    def standings(self) -> list[int]:
        """Seats, best first: most wins, then most points, then seat order."""
        return sorted(range(self.seats), key=lambda s: (-self.wins(s), -self.points(s), s))
