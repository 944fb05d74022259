"""The Seven Knights Bewitched table scene, and its rules reference for the menu."""

from client.rules_text import RULES as _MENU_RULES
from client.scenes.knights.rules_ref import RULES
from client.scenes.knights.scene import KnightsScene

_MENU_RULES.setdefault("knights", dict(RULES))

__all__ = ["KnightsScene"]
