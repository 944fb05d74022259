"""Bots: players that see exactly what a remote player would see.

A bot is handed its seat's view and its legal actions (a function of that view) and
returns one action. It never receives the state. Each bot owns a generator seeded by
whoever seats it, so bot games replay exactly.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable
from functools import wraps
from typing import Any, Generic, TypeVar

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


V = TypeVar("V")
"""The view as a game's bots read it: its declared shape."""


class DecisionBot(Bot, Generic[V]):
    """A bot with one method per kind of decision, found in its table (``decisions``) by
    the type of its first legal action (a legal list holds one kind of decision); a kind
    it has no method for takes the first legal action."""

    def act(self, view: View, legal: list[Action]) -> Action:
        decide = self.decisions().get(legal[0]["type"])
        if decide is None:
            return legal[0]
        return decide(self.read(view), legal)

    @abstractmethod
    def decisions(self) -> dict[str, Callable[[V, list[Action]], Action]]:
        """Each kind of decision and the method that makes it. Built per decision, not
        kept: the methods are bound to this bot, and a kept table would go on calling
        the original's from a copy."""

    @abstractmethod
    def read(self, view: View) -> V:
        """The view as this game's bots read it: its declared shape."""


B = TypeVar("B", bound=Bot)
W = TypeVar("W")
R = TypeVar("R")


def kept_belief(method: Callable[[B, W], R]) -> Callable[[B, W], R]:
    """A bot's ``belief(view)``, worked out once per view and kept until the next view.

    The bot's decisions and the beliefs shown while people watch (``client.kit.beliefs``)
    both ask ``belief`` for the same view, so both get this very object: what is shown
    is what decided, not a second working-out that could differ (a tracker that hears
    the round as it goes, a belief read lazily). ``shown_belief`` names it."""

    @wraps(method)
    def belief(self: B, view: W) -> R:
        key = repr(view)
        kept = self.__dict__.get("_kept_belief")
        if kept is not None and kept[0] == key:
            found: R = kept[1]
            return found
        out = method(self, view)
        self.__dict__["_kept_belief"] = (key, out)
        return out

    return belief


def shown_belief(bot: Bot, view: object) -> Any:
    """The belief ``bot`` keeps for ``view`` (None if it has worked none out for it):
    the object its decision on that view read."""
    kept = bot.__dict__.get("_kept_belief")
    return kept[1] if kept is not None and kept[0] == repr(view) else None
