"""A table drawn once into a still image and repainted only when what it shows changes.

Most frames of a card table change nothing but a timer or a moving card; copying one
image is cheap, redrawing every card is not. When both the table and the side panel
changed, the panel is repainted a frame later, so no single frame pays for both.
"""

from __future__ import annotations

from typing import Any

import pygame

from client.kit import ink


class StillCache:
    """Mixin for a scene that provides ``_still_key``, ``_side_key``, ``_paint_still``
    and ``_paint_side`` (declared here, drawn by the scene), and keeps its clickable
    ``buttons``."""

    buttons: list[Any]
    _key: tuple[Any, ...] = ()
    _side: tuple[Any, ...] = ()
    _still: pygame.Surface | None = None
    _still_buttons: list[Any] = []

    def _still_key(self, k: Any, lay: Any) -> tuple[Any, ...]:
        """What the table shows; the still image is repainted when it changes."""
        raise NotImplementedError

    def _side_key(self, lay: Any) -> tuple[Any, ...]:
        """What the side panel shows; it is repainted when this changes."""
        raise NotImplementedError

    def _paint_still(self, surface: pygame.Surface, lay: Any, k: Any) -> None:
        raise NotImplementedError

    def _paint_side(self, surface: pygame.Surface, lay: Any, k: Any) -> None:
        raise NotImplementedError

    def side_behind(self, lay: Any) -> bool:
        """Whether the side panel waits to be repainted: it is, on the first frame that
        does not repaint the table too, so frames are drawn until it is."""
        return lay is not None and self._still is not None and self._side_key(lay) != self._side

    def blit_still(self, surface: pygame.Surface, lay: Any, k: Any) -> None:
        size = surface.get_size()
        key, side_key = self._still_key(k, lay), self._side_key(lay)
        fresh = self._still is None or self._still.get_size() != size
        if fresh or self._still is None:
            self._still = pygame.Surface(size)
        painted = fresh or key != self._key
        if painted:
            self.buttons = []
            ink.forget(self._still)
            self._paint_still(self._still, lay, k)
            self._still_buttons, self._key = self.buttons, key
        if (fresh or not painted) and side_key != self._side:
            ink.forget(self._still, getattr(lay, "side", None))
            self._paint_side(self._still, lay, k)
            self._side = side_key
        ink.paste(surface, self._still, (0, 0))
        self.buttons = list(self._still_buttons)
