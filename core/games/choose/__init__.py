"""Choose! (チューズ): RULES.md §2."""

from typing import TYPE_CHECKING

from core.about import later_names

if TYPE_CHECKING:
    from core.games.choose.bot import ChooseBot
    from core.games.choose.rules import Choose

__all__ = ["Choose", "ChooseBot"]
__getattr__ = later_names(__name__, {"Choose": "rules", "ChooseBot": "bot"})
