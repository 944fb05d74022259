"""The Choose! table scene; importing it also registers the game's rules reference."""

from client.scenes.choose import rules_text as _rules_text  # noqa: F401
from client.scenes.choose.scene import ChooseScene

__all__ = ["ChooseScene"]
