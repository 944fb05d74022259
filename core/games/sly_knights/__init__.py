"""Sly Knight Robbery (大どろぼうとズルい騎士): RULES.md §4."""

from core.games.sly_knights.bot import SlyKnightsBot
from core.games.sly_knights.rules import SlyKnights

__all__ = ["SlyKnights", "SlyKnightsBot"]
