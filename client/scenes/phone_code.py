"""The phones' join code on the host's lobby: a QR code people scan from their seats.

A window that is the table screen (``host_lobby(screen=True)``) shows the code large,
with the address as text under it, so a whole room can join from the sofa."""

from __future__ import annotations

import pygame

from client.phones import code_matrix

_cache: dict[str, list[list[bool]]] = {}


def code_side(w: int, h: int) -> int:
    """About how wide the code is drawn on a ``w`` × ``h`` screen."""
    return min(h // 4, w // 5)


def _matrix(url: str) -> list[list[bool]]:
    return _cache.get(url) or _cache.setdefault(url, code_matrix(url))


def _paint(surface: pygame.Surface, matrix: list[list[bool]], left: int, top: int,
           module: int) -> pygame.Rect:
    """The code dark on white (as a camera reads it best), its top left at (left, top)."""
    rect = pygame.Rect(left, top, module * len(matrix), module * len(matrix))
    pygame.draw.rect(surface, (255, 255, 255), rect)
    for row, line in enumerate(matrix):
        for col, dark in enumerate(line):
            if dark:
                surface.fill((0, 0, 0), (left + col * module, top + row * module,
                                         module, module))
    return rect


def draw_code(surface: pygame.Surface, url: str, caption: str, size: int,
              top: int = 0) -> pygame.Rect:
    """Draw the code for ``url`` at the lower right, with ``caption`` above it and both
    below ``top`` where the code's size allows (the lobby's seat buttons end there: at
    large text the caption ran up against the last); returns where it went."""
    from client.kit.widgets import INK, blit_text

    matrix = _matrix(url)
    w, h = surface.get_size()
    module = max(2, code_side(w, h) // len(matrix))
    while module > 2 and h - h // 7 - module * len(matrix) - int(size * 1.5) < top:
        module -= 1
    side = module * len(matrix)
    # Below the table's options, left of the lobby's mouse, above its buttons.
    rect = _paint(surface, matrix, w - w // 5 - side, h - h // 7 - side, module)
    blit_text(surface, caption, size, INK, topleft=(rect.x, rect.y - int(size * 1.5)))
    return rect


def screen_area(w: int, top: int, bottom: int, size: int) -> pygame.Rect:
    """Where the table screen's code goes: the right part of the lobby from ``top`` to
    ``bottom``, leaving three lines below it for its caption and the address."""
    side = max(60, min(w * 3 // 10, bottom - top - int(size * 4.5)))
    return pygame.Rect(w - w // 10 - side, top, side, side)


def draw_screen_code(surface: pygame.Surface, url: str, area: pygame.Rect, size: int,
                     caption: str, typed: str) -> pygame.Rect:
    """The table screen's code, as large as ``area`` holds, its caption and the
    address as text below it (a person who cannot scan types it), in the caption's
    column: wrapped to the window's edge, the address ran to within a few pixels of
    it, and a fourth line was left out. Returns where the code went."""
    from client.assets import font
    from client.kit.widgets import ACCENT, INK, blit_text

    matrix = _matrix(url)
    module = max(2, area.w // len(matrix))
    rect = _paint(surface, matrix, area.right - module * len(matrix), area.y, module)
    said = blit_text(surface, caption, size, ACCENT,
                     topright=(rect.right, rect.bottom + size // 3), bold=True)
    small = max(12, size * 3 // 4)
    left = min(rect.x, said.x)
    lines = [""]
    for ch in typed:  # (an address has no spaces to break at)
        if lines[-1] and font(small).size(lines[-1] + ch)[0] > rect.right - left:
            lines.append("")
        lines[-1] += ch
    y = rect.bottom + int(size * 1.8)
    for line in lines:
        blit_text(surface, line, small, INK, topleft=(left, y))
        y += int(small * 1.3)
    return rect
