"""Sly Knight Robbery pieces, drawn once per size and cached: the numbered cards in each
player's colour, the score cards, the Pig & Pig card, the pig pieces and the knights."""

from __future__ import annotations

from functools import lru_cache

import pygame

from client.assets import text
from client.kit import ink, palette

Color = tuple[int, int, int]

SEAT_COLORS: tuple[Color, ...] = ((214, 70, 62), (60, 120, 210), (70, 160, 80), (226, 170, 40))
PINK: Color = (244, 160, 176)


def seat_color(seat: int) -> Color:
    return palette.colour(seat, SEAT_COLORS)


def _tint(color: Color, f: float) -> Color:
    return (int(color[0] + (255 - color[0]) * f), int(color[1] + (255 - color[1]) * f),
            int(color[2] + (255 - color[2]) * f))


def _dark(color: Color, f: float) -> Color:
    return (int(color[0] * f), int(color[1] * f), int(color[2] * f))


def _frame(w: int, h: int, fill: Color, edge: Color) -> pygame.Surface:
    surface = pygame.Surface((w, h), pygame.SRCALPHA)
    radius = max(3, w // 8)
    pygame.draw.rect(surface, (0, 0, 0, 70), surface.get_rect().move(2, 2), border_radius=radius)
    body = pygame.Rect(0, 0, w - 2, h - 2)
    pygame.draw.rect(surface, fill, body, border_radius=radius)
    pygame.draw.rect(surface, edge, body, max(1, w // 24), border_radius=radius)
    return surface


@lru_cache(maxsize=16)
def pig(size: int) -> pygame.Surface:
    """A pig piece: the knights' able assistant."""
    surface = pygame.Surface((size, size), pygame.SRCALPHA)
    c = size // 2
    for side in (-1, 1):
        pygame.draw.polygon(surface, (220, 120, 140), [(c + side * size // 6, size // 5),
                                                       (c + side * size * 2 // 5, size // 12),
                                                       (c + side * size * 5 // 12, size // 3)])
    pygame.draw.circle(surface, PINK, (c, c + size // 20), int(size * 0.4))
    pygame.draw.circle(surface, (200, 110, 130), (c, c + size // 20), int(size * 0.4), 2)
    snout = pygame.Rect(0, 0, size * 2 // 5, size // 4)
    snout.center = (c, c + size // 7)
    pygame.draw.ellipse(surface, (236, 130, 150), snout)
    for side in (-1, 1):
        pygame.draw.circle(surface, (120, 50, 70), (c + side * size // 14, c + size // 7),
                           max(1, size // 22))
        pygame.draw.circle(surface, (40, 30, 30), (c + side * size // 6, c - size // 12),
                           max(1, size // 18))
    return surface


@lru_cache(maxsize=128)
def number(seat: int, card: int, w: int, h: int) -> pygame.Surface:
    """A numbered card in its player's colour (0 is the Pig & Pig card)."""
    if card == 0:
        surface = _frame(w, h, (252, 214, 222), (200, 110, 130))
        face = pig(int(w * 0.5))
        surface.blit(face, face.get_rect(center=(w * 3 // 10 + 2, h // 2 - 2)))
        surface.blit(face, face.get_rect(center=(w * 7 // 10 - 2, h // 2 + h // 10)))
        label = text("2", max(8, h // 4), (150, 50, 80), True)
        ink.blit(surface, label, (w // 10, 0), "2")
        return surface
    color = seat_color(seat)
    surface = _frame(w, h, _tint(color, 0.72), _dark(color, 0.6))
    pygame.draw.rect(surface, _tint(color, 0.45), (w // 8, h // 8, w * 3 // 4 - 2, h * 3 // 4 - 2),
                     border_radius=max(2, w // 6))
    big = text(str(card), max(8, int(h * 0.42)), _dark(color, 0.45), True)
    surface.blit(big, big.get_rect(center=(w // 2 - 1, h // 2)))
    small = text(str(card), max(7, h // 7), _dark(color, 0.5), True)
    surface.blit(small, (w // 12, 0))
    return surface


@lru_cache(maxsize=32)
def back(seat: int, w: int, h: int, sideways: bool = False) -> pygame.Surface:
    color = seat_color(seat)
    surface = _frame(w, h, _dark(color, 0.7), _dark(color, 0.4))
    for i in range(-h, w, max(4, w // 5)):
        pygame.draw.line(surface, _dark(color, 0.82), (i, 0), (i + h, h), 2)
    pygame.draw.rect(surface, _tint(color, 0.4), (3, 3, w - 8, h - 8), 1,
                     border_radius=max(2, w // 10))
    if sideways:
        surface = pygame.transform.rotate(surface, 90)
    return surface


@lru_cache(maxsize=128)
def score_card(seat: int, value: int | None, w: int, h: int) -> pygame.Surface:
    """A score card: a piece of loot with its value; None draws it face down."""
    if value is None:
        return back(seat, w, h)
    color = seat_color(seat)
    surface = _frame(w, h, (248, 236, 204), (170, 130, 50))
    pygame.draw.rect(surface, color, (3, 3, w - 8, max(4, h // 9)), border_radius=3)
    pygame.draw.rect(surface, (214, 180, 100), (5, h // 6, w - 12, h - h // 6 - 8), 1,
                     border_radius=max(2, w // 10))
    gem = [(w // 2, h - h // 7), (w // 2 - w // 7, h - h // 4),
           (w // 2, h - h // 3), (w // 2 + w // 7, h - h // 4)]
    pygame.draw.polygon(surface, (150, 210, 230), gem)
    pygame.draw.polygon(surface, (70, 120, 150), gem, 1)
    big = text(str(value), max(9, int(h * 0.36)), (90, 60, 20), True)
    surface.blit(big, big.get_rect(center=(w // 2 - 1, h * 2 // 5 + 2)))
    return surface


@lru_cache(maxsize=8)
def knight(seat: int, size: int) -> pygame.Surface:
    """A knight's helmet with a plume in the player's colour."""
    surface = pygame.Surface((size, size), pygame.SRCALPHA)
    color = seat_color(seat)
    c = size // 2
    plume = [(c, size // 12), (c + size // 3, size // 6), (c + size // 8, size // 3)]
    pygame.draw.polygon(surface, color, plume)
    pygame.draw.polygon(surface, _dark(color, 0.6), plume, 2)
    helm = pygame.Rect(0, 0, int(size * 0.56), int(size * 0.64))
    helm.midbottom = (c, size - size // 10)
    pygame.draw.rect(surface, (196, 200, 210), helm, border_top_left_radius=size // 3,
                     border_top_right_radius=size // 3, border_bottom_left_radius=size // 10,
                     border_bottom_right_radius=size // 10)
    pygame.draw.rect(surface, (80, 84, 96), helm, 2, border_top_left_radius=size // 3,
                     border_top_right_radius=size // 3, border_bottom_left_radius=size // 10,
                     border_bottom_right_radius=size // 10)
    slit = pygame.Rect(helm.left + size // 12, helm.top + helm.height // 3, helm.width - size // 6,
                       max(3, size // 14))
    pygame.draw.rect(surface, (30, 30, 40), slit, border_radius=2)
    pygame.draw.line(surface, (120, 124, 136), (c, slit.bottom + 2), (c, helm.bottom - 4), 2)
    band = pygame.Rect(helm.left, helm.bottom - size // 8, helm.width, size // 10)
    pygame.draw.rect(surface, color, band)
    return surface


@lru_cache(maxsize=8)
def glow(radius: int) -> pygame.Surface:
    surface = pygame.Surface((radius * 2, radius * 2), pygame.SRCALPHA)
    for i in range(radius, 0, -2):
        pygame.draw.circle(surface, (255, 214, 120, int(90 * (1 - i / radius))), (radius, radius),
                           i)
    return surface


@lru_cache(maxsize=8)
def loot(w: int, h: int) -> pygame.Surface:
    """The small sign for captured score cards: a parchment with a gem."""
    surface = _frame(w, h, (248, 236, 204), (170, 130, 50))
    gem = [(w // 2, h * 4 // 5), (w // 5, h // 2), (w // 2, h // 4), (w * 4 // 5, h // 2)]
    pygame.draw.polygon(surface, (120, 190, 220), gem)
    return surface
