"""The room and the round wooden table every table game is played on, darkened at
night, drawn once per window size."""

from __future__ import annotations

from functools import lru_cache

import pygame

NIGHT_SHADE = (10, 16, 48, 150)


@lru_cache(maxsize=8)
def tabletop(w: int, h: int, table: tuple[int, int, int, int], rx: int, ry: int,
             cx: int, cy: int, night: bool = False) -> pygame.Surface:
    """The room floor and the wooden table (darkened at night), drawn once per size."""
    if night:
        dark = tabletop(w, h, table, rx, ry, cx, cy).copy()
        dark.blit(night_shade(table[2], h), (0, 0))
        return dark.convert() if pygame.display.get_surface() else dark
    surface = pygame.Surface((w, h))
    surface.fill((52, 32, 20))
    for y in range(0, h, 28):
        pygame.draw.line(surface, (60, 38, 24), (0, y), (w, y), 2)
    for i in range(24, 0, -1):
        f = i / 24
        color = (int(150 + 70 * (1 - f)), int(96 + 58 * (1 - f)), int(52 + 40 * (1 - f)))
        rect = pygame.Rect(0, 0, int(2 * rx * (0.74 + 0.34 * f)), int(2 * ry * (0.7 + 0.36 * f)))
        rect.center = (cx, cy)
        pygame.draw.ellipse(surface, color, rect)
    rim = pygame.Rect(0, 0, int(2 * rx * 1.08), int(2 * ry * 1.06))
    rim.center = (cx, cy)
    pygame.draw.ellipse(surface, (92, 54, 28), rim, max(4, int(rx * 0.025)))
    inner = rim.inflate(-int(rx * 0.08), -int(ry * 0.08))
    pygame.draw.ellipse(surface, (170, 112, 60), inner, 2)
    return surface.convert() if pygame.display.get_surface() else surface


@lru_cache(maxsize=8)
def night_shade(w: int, h: int) -> pygame.Surface:
    shade = pygame.Surface((w, h), pygame.SRCALPHA)
    shade.fill(NIGHT_SHADE)
    return shade
