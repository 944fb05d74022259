"""The Choose! cards, drawn once per size and language and cached.

The shared art has a mouse and a cheese; everything else on these cards (cat ears, the
robot's antenna, nests, cameras) is drawn here with plain shapes.
"""

from __future__ import annotations

from functools import lru_cache

import pygame

from client.assets import svg, text
from client.kit import palette
from client.kit.ink import blit as blit_ink
from client.scenes.choose.knowledge import MICE
from client.scenes.choose.words import kind_name

Color = tuple[int, int, int]

SEAT_COLORS: tuple[Color, ...] = (
    (226, 96, 84), (84, 150, 224), (116, 188, 92), (232, 182, 64), (180, 112, 212),
)

FACES: dict[str, tuple[Color, Color]] = {
    "ordinary": ((226, 230, 240), (92, 110, 160)),
    "hungry": ((250, 212, 158), (200, 110, 40)),
    "henchman": ((200, 180, 218), (88, 50, 120)),
    "robo": ((188, 206, 212), (64, 88, 100)),
    "nest": ((220, 196, 146), (124, 82, 40)),
    "exterminator": ((238, 184, 172), (170, 52, 40)),
    "camera": ((186, 208, 186), (48, 84, 60)),
}


def seat_color(seat: int) -> Color:
    return palette.colour(seat, SEAT_COLORS)


def _frame(w: int, h: int, fill: Color, edge: Color) -> pygame.Surface:
    surface = pygame.Surface((w, h), pygame.SRCALPHA)
    radius = max(3, w // 8)
    pygame.draw.rect(surface, (0, 0, 0, 70), surface.get_rect().move(2, 2), border_radius=radius)
    body = pygame.Rect(0, 0, w - 2, h - 2)
    pygame.draw.rect(surface, fill, body, border_radius=radius)
    pygame.draw.rect(surface, edge, body, max(1, w // 28), border_radius=radius)
    return surface


def _twigs(surface: pygame.Surface, rect: pygame.Rect, color: Color) -> None:
    """A nest: a bowl of crossing twigs."""
    pygame.draw.ellipse(surface, color, rect)
    dark = tuple(max(0, c - 50) for c in color)
    for i in range(7):
        a = rect.left + rect.width * i // 7
        pygame.draw.line(surface, dark, (a, rect.top + rect.height // 3),
                         (a + rect.width // 4, rect.bottom - 2), max(1, rect.height // 8))
        pygame.draw.line(surface, dark, (rect.right - (a - rect.left), rect.top + rect.height // 3),
                         (rect.right - (a - rect.left) - rect.width // 4, rect.bottom - 2), 1)
    inner = rect.inflate(-rect.width // 3, -rect.height // 2).move(0, -rect.height // 6)
    pygame.draw.ellipse(surface, (90, 60, 30), inner)


def _picture(surface: pygame.Surface, kind: str, box: pygame.Rect, ink: Color) -> None:
    """The middle of a face: the mouse with its marks, or the wisdom card's tool."""
    s = min(box.width, box.height)
    cx, cy = box.center
    if kind in MICE:
        mouse = svg("mouse", s, s)
        surface.blit(mouse, mouse.get_rect(center=(cx, cy + s // 10)))
        if kind == "henchman":
            for side in (-1, 1):
                tip = (cx + side * s // 3, cy - s // 2)
                pygame.draw.polygon(surface, (40, 30, 40), [
                    (cx + side * s // 6, cy - s // 5), tip, (cx + side * s * 4 // 9, cy - s // 6)])
            pygame.draw.line(surface, (40, 30, 40), (cx - s // 3, cy + s // 8),
                             (cx - s // 8, cy + s // 6), 2)
            pygame.draw.line(surface, (40, 30, 40), (cx + s // 3, cy + s // 8),
                             (cx + s // 8, cy + s // 6), 2)
        elif kind == "robo":
            pygame.draw.line(surface, (60, 60, 70), (cx, cy - s // 6), (cx, cy - s // 2), 2)
            pygame.draw.circle(surface, (230, 60, 60), (cx, cy - s // 2), max(2, s // 12))
            visor = pygame.Rect(0, 0, int(s * 0.5), max(3, s // 7))
            visor.center = (cx, cy + s // 6)
            pygame.draw.rect(surface, (50, 200, 230), visor, border_radius=2)
        elif kind == "hungry":
            pygame.draw.circle(surface, (120, 190, 240), (cx + s // 6, cy + s * 2 // 5),
                               max(2, s // 14))
        return
    if kind == "nest":
        _twigs(surface, pygame.Rect(cx - s // 2, cy - s // 5, s, s // 2), (170, 118, 60))
    elif kind == "exterminator":
        can = pygame.Rect(0, 0, s // 3, s // 2)
        can.midbottom = (cx, cy + s // 3)
        pygame.draw.rect(surface, (200, 60, 50), can, border_radius=3)
        pygame.draw.rect(surface, (60, 60, 60), (can.centerx - 2, can.top - s // 8, 5, s // 8))
        pygame.draw.line(surface, (60, 60, 60), (can.centerx, can.top - s // 8),
                         (can.centerx + s // 4, can.top - s // 8), 3)
        for i in range(3):
            pygame.draw.circle(surface, (230, 230, 230),
                               (can.centerx + s // 3 + i * 3, can.top - s // 5 + i * 4), 2)
    elif kind == "camera":
        body = pygame.Rect(0, 0, int(s * 0.7), int(s * 0.42))
        body.center = (cx, cy)
        pygame.draw.rect(surface, (60, 66, 70), body, border_radius=4)
        pygame.draw.circle(surface, (20, 20, 24), body.center, s // 6)
        pygame.draw.circle(surface, (90, 160, 220), body.center, s // 10)
        pygame.draw.circle(surface, (230, 60, 60), (body.right - s // 10, body.top + s // 10), 2)


@lru_cache(maxsize=256)
def face(kind: str, w: int, h: int, lang: str) -> pygame.Surface:
    """A face-up card: colour, picture, cheese marks, and its name along the bottom."""
    fill, ink = FACES[kind]
    surface = _frame(w, h, fill, ink)
    strip = max(10, h // 5)
    _picture(surface, kind, pygame.Rect(w // 8, h // 7, w * 3 // 4, h - strip - h // 6), ink)
    if kind in ("ordinary", "hungry"):
        mark = svg("cheese", max(6, w // 4), max(5, w // 5))
        surface.blit(mark, (3, 3))
        surface.blit(mark, (3 + mark.get_width() * 3 // 4, 3 + mark.get_height() // 2))
    band = pygame.Rect(2, h - strip - 3, w - 6, strip)
    pygame.draw.rect(surface, ink, band, border_radius=3)
    label = text(kind_name(kind, short=True), max(7, strip * 3 // 5), (255, 250, 240), True)
    # centred by its letters, not its line (Noto's line is far taller than a small card's
    # band), and squeezed to the band where it would run past it
    letters = label.subsurface(label.get_bounding_rect())
    room = band.inflate(-2, -2)
    if letters.get_width() > room.width or letters.get_height() > room.height:
        letters = pygame.transform.smoothscale(letters, (
            min(letters.get_width(), room.width), min(letters.get_height(), room.height)))
    blit_ink(surface, letters, letters.get_rect(center=band.center), kind_name(kind, short=True),
             band)
    return surface


@lru_cache(maxsize=64)
def back(deck: str, w: int, h: int) -> pygame.Surface:
    """A card back: the mouse deck shows cheese marks, the wisdom deck a light bulb."""
    if deck == "mouse":
        surface = _frame(w, h, (246, 222, 150), (150, 100, 40))
        inner = pygame.Rect(4, 4, w - 10, h - 10)
        pygame.draw.rect(surface, (236, 200, 110), inner, 1, border_radius=max(2, w // 10))
        mark = svg("cheese", int(w * 0.6), int(w * 0.5))
        surface.blit(mark, mark.get_rect(center=(w // 2 - 1, h // 2)))
    elif deck == "hidden":
        surface = _frame(w, h, (150, 96, 56), (70, 42, 22))
        pygame.draw.rect(surface, (186, 128, 76), (3, 3, w - 8, h - 8), 1,
                         border_radius=max(2, w // 10))
    else:
        surface = _frame(w, h, (104, 146, 112), (40, 70, 50))
        pygame.draw.circle(surface, (250, 236, 150), (w // 2, h // 2 - h // 10), w // 4)
        pygame.draw.rect(surface, (200, 200, 200),
                         (w // 2 - w // 9, h // 2 + h // 10, 2 * w // 9, h // 9))
    return surface


def card(kind: str | None, w: int, h: int, lang: str, deck: str = "mouse") -> pygame.Surface:
    if kind is None:
        return back(deck, w, h)
    return face(kind, w, h, lang)


@lru_cache(maxsize=256)
def tilted(kind: str | None, w: int, h: int, lang: str, deck: str, angle: int) -> pygame.Surface:
    return pygame.transform.rotate(card(kind, w, h, lang, deck), angle)


@lru_cache(maxsize=16)
def nest_bed(w: int, h: int) -> pygame.Surface:
    """The nest a mouse sits in on the table, drawn under its stack."""
    surface = pygame.Surface((w, h), pygame.SRCALPHA)
    _twigs(surface, surface.get_rect(), (176, 122, 62))
    return surface


@lru_cache(maxsize=8)
def eye(size: int) -> pygame.Surface:
    """The mark on a mouse this seat has looked at."""
    surface = pygame.Surface((size, size), pygame.SRCALPHA)
    pygame.draw.circle(surface, (30, 30, 40), (size // 2, size // 2), size // 2)
    body = pygame.Rect(1, size // 4, size - 2, size // 2)
    pygame.draw.ellipse(surface, (250, 250, 250), body)
    pygame.draw.circle(surface, (40, 110, 200), (size // 2, size // 2), size // 5)
    pygame.draw.circle(surface, (0, 0, 0), (size // 2, size // 2), max(1, size // 10))
    return surface


@lru_cache(maxsize=8)
def glow(radius: int, color: Color = (255, 214, 120)) -> pygame.Surface:
    surface = pygame.Surface((radius * 2, radius * 2), pygame.SRCALPHA)
    for i in range(radius, 0, -2):
        pygame.draw.circle(surface, (*color, int(90 * (1 - i / radius))), (radius, radius), i)
    return surface
