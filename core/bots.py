"""Bots: players that see exactly what a remote player would see.

A bot is handed its seat's view and its legal actions (a function of that view) and
returns one action. It never receives the state. Each bot owns a generator seeded by
whoever seats it, so bot games replay exactly.
"""

from __future__ import annotations

from abc import ABC, abstractmethod

from core.game import Action, View
from core.rng import Rng


class Bot(ABC):
    """One seat's automatic player."""

    level: str = "random"

    def __init__(self, seat: int, seed: int) -> None:
        self.seat = seat
        self.rng = Rng(seed)

    @abstractmethod
    def act(self, view: View, legal: list[Action]) -> Action:
        """Choose one of ``legal`` (which is never empty when this is called)."""


class RandomBot(Bot):
    """Uniform over the legal actions: the baseline every game supports."""

    level = "random"

    def act(self, view: View, legal: list[Action]) -> Action:
        return self.rng.choice(legal)
