"""Bots: players that see exactly what a remote player would see.

A bot is handed its seat's view and its legal actions (a function of that view) and
returns one action. It never receives the state. Each bot owns a generator seeded by
whoever seats it, so bot games replay exactly.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any

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


class DecisionBot(Bot):
    """A bot with one method per kind of decision, ``_<type>(view, legal)``, named by
    the type of its first legal action (a legal list holds one kind of decision); a kind
    it has no method for takes the first legal action."""

    def act(self, view: View, legal: list[Action]) -> Action:
        handler = getattr(self, "_" + legal[0]["type"], None)
        if handler is None:
            return legal[0]
        action: Action = handler(self.read(view), legal)
        return action

    def read(self, view: View) -> Any:
        """The view as this game's bots read it: its declared shape."""
        return view
