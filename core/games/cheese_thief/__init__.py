"""Cheese Thief (チーズ泥棒): RULES.md §1."""

from typing import TYPE_CHECKING

from core.about import later_names

if TYPE_CHECKING:
    from core.games.cheese_thief.bot import CheeseThiefBot
    from core.games.cheese_thief.rules import CheeseThief

__all__ = ["CheeseThief", "CheeseThiefBot"]
__getattr__ = later_names(__name__, {"CheeseThief": "rules", "CheeseThiefBot": "bot"})
