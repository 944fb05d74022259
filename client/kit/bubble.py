"""A speech bubble over a seat, shared by the tables: it sizes itself to what was
said, wraps by word (Japanese anywhere), stops at a few lines with an ellipsis after a
whole word, and stays inside the table."""

from __future__ import annotations

import pygame

from client.assets import text, wrap_at_most
from client.kit import ink
from client.scenes.widgets import DARK

Color = tuple[int, int, int]

LINES = 3
"""At most this many lines; a longer line of chat is for the log, which keeps it whole."""


def bubble_lines(words: str, size: int, width: int) -> list[str]:
    """The lines a bubble shows: wrapped to ``width``, the last one ending in "…" if the
    words run on (cut where a word ends, never inside one)."""
    return wrap_at_most(words, size, width, LINES, bold=True)


def speech_bubble(surface: pygame.Surface, anchor: tuple[int, int], words: str, size: int,
                  bounds: pygame.Rect, fill: Color = (250, 246, 236)) -> pygame.Rect:
    """Draw ``words`` in a rounded bubble whose bottom middle sits at ``anchor``, moved as
    little as needed to stay inside ``bounds``; returns the bubble's rectangle."""
    width = max(size * 6, min(bounds.width // 3, size * 16))
    lines = bubble_lines(words, size, width)
    labels = [text(line, size, DARK, True) for line in lines]
    inner_w = max((label.get_width() for label in labels), default=0)
    step = int(size * 1.25)
    box = pygame.Rect(0, 0, inner_w + size, step * len(labels) + size // 2)
    box.midbottom = anchor
    box.clamp_ip(bounds)
    pygame.draw.rect(surface, fill, box, border_radius=min(box.height // 2, size))
    ink.cover(surface, box, hides=False)
    for i, (line, label) in enumerate(zip(lines, labels, strict=True)):
        at = label.get_rect(midtop=(box.centerx, box.top + size // 4 + i * step))
        surface.blit(label, at)
        ink.note(surface, label, at, line, box)
    return box
