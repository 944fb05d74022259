"""The Sly Knight Robbery table scene; importing it also registers its rules reference."""

from client.scenes.sly_knights import rules_text as _rules_text  # noqa: F401
from client.scenes.sly_knights.scene import SlyKnightsScene

__all__ = ["SlyKnightsScene"]
