"""Cheese Thief (チーズ泥棒): RULES.md §1."""

from core.games.cheese_thief.bot import CheeseThiefBot
from core.games.cheese_thief.rules import CheeseThief

__all__ = ["CheeseThief", "CheeseThiefBot"]
