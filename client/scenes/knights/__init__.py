"""The Seven Knights Bewitched table scene, imported on first use: the Rules screen
reads this package's rules reference (``rules_ref``) without loading the table's
drawing code."""

from typing import TYPE_CHECKING

from core.about import later_names

if TYPE_CHECKING:
    from client.scenes.knights.scene import KnightsScene

__all__ = ["KnightsScene"]
__getattr__ = later_names(__name__, {"KnightsScene": "scene"})
