"""The Sly Knight Robbery table scene, imported on first use: the Rules screen reads
this package's rules text without loading the table's drawing code."""

from typing import TYPE_CHECKING

from core.about import later_names

if TYPE_CHECKING:
    from client.scenes.sly_knights.scene import SlyKnightsScene

__all__ = ["SlyKnightsScene"]
__getattr__ = later_names(__name__, {"SlyKnightsScene": "scene"})
