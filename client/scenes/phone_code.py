"""The phones' join code on the host's lobby: a QR code people scan from their seats."""

from __future__ import annotations

import pygame

from client.phones import code_matrix

_cache: dict[str, list[list[bool]]] = {}


def code_side(w: int, h: int) -> int:
    """About how wide the code is drawn on a ``w`` × ``h`` screen."""
    return min(h // 4, w // 5)


def draw_code(surface: pygame.Surface, url: str, caption: str, size: int) -> pygame.Rect:
    """Draw the code for ``url`` at the lower right, dark on white (as a camera reads it
    best), with ``caption`` above it; returns where it went."""
    from client.kit.widgets import INK, blit_text

    matrix = _cache.get(url) or _cache.setdefault(url, code_matrix(url))
    w, h = surface.get_size()
    module = max(2, code_side(w, h) // len(matrix))
    side = module * len(matrix)
    # Below the table's options, left of the lobby's mouse, above its buttons.
    rect = pygame.Rect(w - w // 5 - side, h - h // 7 - side, side, side)
    pygame.draw.rect(surface, (255, 255, 255), rect)
    for row, line in enumerate(matrix):
        for col, dark in enumerate(line):
            if dark:
                surface.fill((0, 0, 0), (rect.x + col * module, rect.y + row * module,
                                         module, module))
    blit_text(surface, caption, size, INK, topleft=(rect.x, rect.y - int(size * 1.5)))
    return rect
