"""Small drawing helpers shared by the table scenes: buttons, panels, badges.

The table draws its own buttons rather than using pygame_gui widgets: they come and go
with every update (one per legal action), and drawing them directly keeps a frame cheap.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

import pygame

from client.assets import shorten, text, wrap_at_most
from client.kit import ink

Color = tuple[int, int, int]

INK: Color = (251, 238, 210)
DARK: Color = (46, 31, 20)
WOOD: Color = (90, 58, 34)
ACCENT: Color = (241, 194, 125)
GOOD: Color = (120, 200, 120)
BAD: Color = (230, 110, 100)


@dataclass
class Button:
    rect: pygame.Rect
    label: str
    on_click: Callable[[], None]
    enabled: bool = True
    key: str = ""
    """A stable name for tests and keyboard shortcuts (e.g. the action type)."""
    most: int | None = None
    """The largest size its words are written at, if not the one the scene draws with: a
    row whose words stepped down together (``kit.story_sheet``)."""

    def label_size(self, size: int) -> int:
        """The largest size from ``size`` (and ``most``) down at which the words fit."""
        size = size if self.most is None else min(size, self.most)
        while text(self.label, size, INK, True).get_width() > self.rect.width - 8 and size > 9:
            size -= 1
        return size

    def draw(self, surface: pygame.Surface, mouse: tuple[int, int], size: int) -> None:
        hover = self.enabled and self.rect.collidepoint(mouse)
        fill = (154, 106, 58) if hover else (WOOD if self.enabled else (70, 60, 55))
        if self.rect.width > 0 and self.rect.height > 0:
            surface.blit(_face(self.rect.size, fill, self.enabled), self.rect.topleft)
        colour = INK if self.enabled else (150, 140, 130)
        label = text(self.label, self.label_size(size), colour, True)
        at = label.get_rect(center=self.rect.center)
        surface.blit(label, at)
        ink.note(surface, label, at, self.label, self.rect)


_CLEAR: Color = (255, 0, 255)
"""A button face's see-through colour: none of its own."""


@lru_cache(maxsize=128)
def _face(size: tuple[int, int], fill: Color, enabled: bool) -> pygame.Surface:
    """A button's shadow, face and border, drawn once per size and state: three rounded
    rectangles for every button of every frame were a tenth of a table's drawing. The
    corners are see-through (a colour key, so each pixel is copied as drawn)."""
    w, h = size
    face = pygame.Surface((w, h + 3))
    face.fill(_CLEAR)
    face.set_colorkey(_CLEAR)
    rect = pygame.Rect(0, 0, w, h)
    pygame.draw.rect(face, (30, 18, 10), rect.move(0, 3), border_radius=10)
    pygame.draw.rect(face, fill, rect, border_radius=10)
    pygame.draw.rect(face, ACCENT if enabled else (110, 100, 90), rect, 2, border_radius=10)
    return face


Spec = tuple[str, str, Callable[[], None] | None]
"""A button to lay out: its key, its words, and what it does (None: greyed)."""


def row_of_buttons(
    specs: list[Spec],
    area: pygame.Rect,
    size: int,
    least: int | None = None,
) -> list[Button]:
    """Buttons laid out left to right and centred in ``area``, wrapping when needed.
    With ``least`` (their size at 100% text), buttons that would wrap are made smaller
    first, down to it: a card bar's second row of buttons rose over the table, onto the
    bottom seat's labels (150% in 800x500)."""

    def widths_at(size: int) -> list[int]:
        pad = max(6, size // 2)
        return [max(text(label, size, INK, True).get_width() + 2 * pad + 8, int(size * 2.2) * 2)
                for _, label, _ in specs]

    while (least is not None and size > least
           and sum(widths_at(size)) + max(6, size // 2) * len(specs) > area.width):
        size -= 1
    pad = max(6, size // 2)
    height = int(size * 2.2)
    widths = widths_at(size)
    rows: list[list[int]] = [[]]
    line = 0
    for i, w in enumerate(widths):
        if rows[-1] and line + w + pad > area.width:
            rows.append([])
            line = 0
        rows[-1].append(i)
        line += w + pad
    buttons: list[Button] = []
    top = area.centery - (len(rows) * (height + pad) - pad) // 2
    for r, row in enumerate(rows):
        total = sum(widths[i] for i in row) + pad * (len(row) - 1)
        x = area.centerx - total // 2
        for i in row:
            key, label, click = specs[i]
            rect = pygame.Rect(x, top + r * (height + pad), widths[i], height)
            buttons.append(Button(rect, label, click or _nothing, enabled=click is not None,
                                  key=key))
            x += widths[i] + pad
    return buttons


@lru_cache(maxsize=64)
def shade(width: int, height: int, alpha: int, color: Color = DARK) -> pygame.Surface:
    """A translucent rounded rectangle, cached: building one each frame costs time."""
    surface = pygame.Surface((width, height), pygame.SRCALPHA)
    pygame.draw.rect(surface, (*color, alpha), surface.get_rect(), border_radius=12)
    return surface


def _nothing() -> None:
    """What a disabled button does."""


@lru_cache(maxsize=16)
def blended(color: Color, alpha: int, under: Color) -> Color:
    """``color`` at ``alpha`` over ``under``, to the unit, as a blit blends it."""
    pixel = pygame.Surface((1, 1))
    pixel.fill(under)
    pixel.blit(shade(1, 1, alpha, color), (0, 0))
    r, g, b, _ = pixel.get_at((0, 0))
    return r, g, b


def panel(surface: pygame.Surface, rect: pygame.Rect, alpha: int = 200,
          under: Color | None = None) -> None:
    """A dark panel with a warm border: translucent for a label over the table, opaque
    (``alpha=255``) for an overlay people read, so nothing beneath shows through. Over
    one colour (``under``) the blend is one colour too, and an opaque panel is its own
    colour: each is drawn as it is (blending a translucent image cost a large overlay's
    frames a millisecond at 1920x1080, and one of a size not seen before 3 ms)."""
    if alpha == 255:
        pygame.draw.rect(surface, DARK, rect, border_radius=12)
    elif under is not None:
        pygame.draw.rect(surface, blended(DARK, alpha, under), rect, border_radius=12)
    else:
        surface.blit(shade(rect.width, rect.height, alpha), rect.topleft)
    pygame.draw.rect(surface, ACCENT, rect, 2, border_radius=12)
    if alpha == 255:
        ink.cover(surface, rect)


def badge(surface: pygame.Surface, center: tuple[int, int], words: str, size: int,
          fill: Color) -> pygame.Rect:
    """A pill with ``words``; returns the pill's rectangle."""
    label = text(words, size, DARK, True)
    rect = label.get_rect(center=center).inflate(size, size // 3)
    pygame.draw.rect(surface, fill, rect, border_radius=rect.height // 2)
    at = label.get_rect(center=rect.center)
    surface.blit(label, at)
    ink.note(surface, label, at, words)
    return rect


def blit_text(surface: pygame.Surface, words: str, size: int, color: Color,
              *, center: tuple[int, int] | None = None, topleft: tuple[int, int] | None = None,
              topright: tuple[int, int] | None = None, bold: bool = False,
              shadow: bool = False, box: pygame.Rect | None = None) -> pygame.Rect:
    """Draw ``words``; ``box`` is where they belong (None: anywhere on ``surface``),
    for the record of texts that run out of their place (``client.kit.ink``)."""
    label = text(words, size, color, bold)
    if center:
        rect = label.get_rect(center=center)
    elif topright:
        rect = label.get_rect(topright=topright)
    else:
        rect = label.get_rect(topleft=topleft or (0, 0))
    if shadow:
        surface.blit(text(words, size, (0, 0, 0), bold), rect.move(2, 2))
    surface.blit(label, rect)
    ink.note(surface, label, rect, words, box)
    return rect


def blit_lines(surface: pygame.Surface, words: str, size: int, color: Color,
               topleft: tuple[int, int], width: int, most: int = 2, step: float = 1.3) -> int:
    """Draw ``words`` wrapped to ``width`` in at most ``most`` lines (the last ending in
    "…" if they run on); returns the height taken. A side panel's line that large text
    makes wider than the panel goes on to a second line rather than past its edge."""
    x, y = topleft
    lines = wrap_at_most(words, size, width, most)
    for line in lines:
        blit_text(surface, line, size, color, topleft=(x, y))
        y += int(size * step)
    return y - topleft[1]


def fit_line(words: str, size: int, width: int, least: int,
             bold: bool = False) -> tuple[str, int]:
    """A hint line kept to one line of ``width``: its size steps down (never below
    ``least``, its size at 100% text) and past that its end is cut with "…". The foot of
    a window holds one line, however large the person's text."""
    while size > least and text(words, size, INK, bold).get_width() > width:
        size -= 1
    return shorten(words, size, width, bold), size


def fitting(size: int, fits: Callable[[int], bool]) -> int:
    """The largest size from ``size`` down to its 100% size for which ``fits`` holds (a
    dense table in a side panel keeps its columns whole rather than the person's full
    text size; at 100% it is laid out as it always was)."""
    from client.assets import at_100

    least = at_100(size)
    while size > least and not fits(size):
        size -= 1
    return size
