"""A speech bubble over a seat, shared by the tables: it sizes itself to what was
said, wraps by word (Japanese anywhere), stops at a few lines with an ellipsis after a
whole word, and stays inside the table."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache

import pygame

from client.assets import at_100, text, wrap_at_most
from client.kit import ink
from client.kit.widgets import DARK

Color = tuple[int, int, int]

LINES = 3
"""At most this many lines; a longer line of chat is for the log, which keeps it whole."""


def bubble_lines(words: str, size: int, width: int, most: int = LINES) -> list[str]:
    """The lines a bubble shows: wrapped to ``width``, the last one ending in "…" if the
    words run on (cut where a word ends, never inside one)."""
    return wrap_at_most(words, size, width, most, bold=True)


@dataclass(frozen=True)
class Placed:
    """Where a bubble goes and what it shows: its lines, their images, its box and the
    text size it stepped down to (an empty box: no free place, so it is not drawn)."""

    lines: list[str]
    labels: list[pygame.Surface]
    box: pygame.Rect
    size: int

    def shown(self) -> tuple[object, ...]:
        """All the picture of the bubble depends on, beside its words: two frames that
        place a rising bubble alike draw it alike (held at the table's edge, or off a
        name, it stands still though it rises; with no free place it is not drawn)."""
        return (tuple(self.box), self.size, tuple(self.lines)) if self.box.width else ()


def place(anchor: tuple[int, int], words: str, size: int, bounds: pygame.Rect,
          avoid: Sequence[pygame.Rect] = (), must_fit: bool = False) -> Placed:
    """Where ``speech_bubble`` draws: its bottom middle at ``anchor``, moved as little as
    needed to stay inside ``bounds`` and off the ``avoid`` rectangles; with
    ``must_fit``, an empty box where no place is free.

    At large text a crowded table (eight seats all speaking at the vote) may have no
    free place for a bubble: its text then steps down, no smaller than its size at
    100%, until one is found."""
    least = at_100(size)
    boxes, within = tuple(tuple(r) for r in avoid), tuple(bounds)
    for tried in range(size, least - 1, -1):
        lines, labels, box = _laid(anchor, words, tried, bounds)
        free = _first_free(tuple(box), within, boxes, tried)
        if free is not None:
            box = pygame.Rect(free)
            break
    else:  # still no free place: narrower and one line taller, which fits between more
        lines, labels, box = _laid(anchor, words, tried, bounds, narrow=True)
        box = pygame.Rect(_least_covered(tuple(box), within, boxes, tried))
    if must_fit and any(box.colliderect(r) for r in avoid):
        box = pygame.Rect(box.topleft, (0, 0))
    return Placed(lines, labels, box, tried)


def speech_bubble(surface: pygame.Surface, anchor: tuple[int, int], words: str, size: int,
                  bounds: pygame.Rect, fill: Color = (250, 246, 236),
                  avoid: Sequence[pygame.Rect] = (), must_fit: bool = False) -> pygame.Rect:
    """Draw ``words`` in a rounded bubble where ``place`` puts it (names, marks and
    other bubbles in ``avoid``: a bubble over a name hides it); returns its rectangle.
    With ``must_fit``, a bubble with no free place is not drawn at all (an empty
    rectangle): for a shout the log also keeps, a crowded table loses nothing by it."""
    return draw_placed(surface, place(anchor, words, size, bounds, avoid, must_fit), fill)


def draw_placed(surface: pygame.Surface, placed: Placed,
                fill: Color = (250, 246, 236)) -> pygame.Rect:
    """Draw a bubble ``place`` placed; returns its rectangle."""
    box, size = placed.box, placed.size
    if not box.width:
        return box
    step = int(size * 1.25)
    pygame.draw.rect(surface, fill, box, border_radius=min(box.height // 2, size))
    ink.cover(surface, box, hides=False)
    for i, (line, label) in enumerate(zip(placed.lines, placed.labels, strict=True)):
        at = label.get_rect(midtop=(box.centerx, box.top + size // 4 + i * step))
        surface.blit(label, at)
        ink.note(surface, label, at, line, box)
    return box


def _laid(anchor: tuple[int, int], words: str, size: int, bounds: pygame.Rect,
          narrow: bool = False) -> tuple[list[str], list[pygame.Surface], pygame.Rect]:
    """A bubble's lines, their images and its box over ``anchor``, inside ``bounds``,
    at text size ``size``."""
    width = max(size * 6, min(bounds.width // 3, size * (10 if narrow else 16)))
    lines = bubble_lines(words, size, width, LINES + 1 if narrow else LINES)
    labels = [text(line, size, DARK, True) for line in lines]
    inner_w = max((label.get_width() for label in labels), default=0)
    box = pygame.Rect(0, 0, inner_w + size, int(size * 1.25) * len(labels) + size // 2)
    box.midbottom = anchor
    return lines, labels, box.clamp(bounds)


Box = tuple[int, int, int, int]


@lru_cache(maxsize=512)
def _first_free(at: Box, within: Box, avoid: tuple[Box, ...], size: int) -> Box | None:
    """The nearest place to ``at`` (``_places``) that covers nothing in ``avoid``, or
    None.

    A table asks every frame while its bubbles stand, and a bubble that rises asks
    anew each frame, once for each text size it steps down through (a vote's eight
    shouts against some thirty names and marks, at large text: most of a frame), so
    only this, which stops at the first free place, runs for each size; the answers
    are kept for a bubble that stands still."""
    box, bounds, rects = pygame.Rect(at), pygame.Rect(within), [pygame.Rect(r) for r in avoid]
    for place in _places(box, bounds, size):
        if place.collidelist(rects) < 0:
            return (place.x, place.y, place.width, place.height)
    return None


@lru_cache(maxsize=512)
def _least_covered(at: Box, within: Box, avoid: tuple[Box, ...], size: int) -> Box:
    """Where no place is free (``_first_free``), the first of them that covers least."""
    box, bounds = pygame.Rect(at), pygame.Rect(within)
    best, least = box, -1
    for place in _places(box, bounds, size):
        amount = 0
        for i in place.collidelistall(avoid):
            clip = place.clip(avoid[i])
            amount += clip.w * clip.h
        if least < 0 or amount < least:
            best, least = place, amount
            if least == 0:  # (the narrower bubble fits where the wider ones did not)
                break
    return (best.x, best.y, best.width, best.height)


def _places(box: pygame.Rect, bounds: pygame.Rect, size: int) -> Iterator[pygame.Rect]:
    """``box``, then places sliding sideways, then up or down, at most about a
    bubble's width away (so it still reads as its seat's), nearest first; each kept
    inside ``bounds``. Made one at a time: most searches stop at the first few."""
    return (box.move(step).clamp(bounds) for step in _steps(max(box.width, size * 6), size))


@lru_cache(maxsize=64)
def _steps(reach: int, size: int) -> tuple[tuple[int, int], ...]:
    sideways = [(dx, 0) for k in range(1, 17) for dx in (-k * reach // 8, k * reach // 8)]
    upright = [(dx, dy) for k in range(1, 7) for dy in (-k * size, k * size)
               for dx in (0, -reach // 2, reach // 2, -reach, reach)]
    return ((0, 0), *sideways, *upright)
