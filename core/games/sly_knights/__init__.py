"""Sly Knight Robbery (大どろぼうとズルい騎士): RULES.md §4."""

from typing import TYPE_CHECKING

from core.about import later_names

if TYPE_CHECKING:
    from core.games.sly_knights.bot import SlyKnightsBot
    from core.games.sly_knights.rules import SlyKnights

__all__ = ["SlyKnights", "SlyKnightsBot"]
__getattr__ = later_names(__name__, {"SlyKnights": "rules", "SlyKnightsBot": "bot"})
