"""Choose! (チューズ): RULES.md §2."""

from core.games.choose.bot import ChooseBot
from core.games.choose.rules import Choose

__all__ = ["Choose", "ChooseBot"]
