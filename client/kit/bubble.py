"""A speech bubble over a seat, shared by the tables: it sizes itself to what was
said, wraps by word (Japanese anywhere), stops at a few lines with an ellipsis after a
whole word, and stays inside the table."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import lru_cache

import pygame

from client.assets import text, text_scale, wrap_at_most
from client.kit import ink
from client.kit.widgets import DARK

Color = tuple[int, int, int]

LINES = 3
"""At most this many lines; a longer line of chat is for the log, which keeps it whole."""


def bubble_lines(words: str, size: int, width: int, most: int = LINES) -> list[str]:
    """The lines a bubble shows: wrapped to ``width``, the last one ending in "…" if the
    words run on (cut where a word ends, never inside one)."""
    return wrap_at_most(words, size, width, most, bold=True)


def speech_bubble(surface: pygame.Surface, anchor: tuple[int, int], words: str, size: int,
                  bounds: pygame.Rect, fill: Color = (250, 246, 236),
                  avoid: Sequence[pygame.Rect] = (), must_fit: bool = False) -> pygame.Rect:
    """Draw ``words`` in a rounded bubble whose bottom middle sits at ``anchor``, moved as
    little as needed to stay inside ``bounds`` and off the ``avoid`` rectangles (names,
    marks, other bubbles: a bubble over a name hides it); returns its rectangle. With
    ``must_fit``, a bubble with no free place is not drawn at all (an empty rectangle):
    for a shout the log also keeps, a crowded table loses nothing by it.

    At large text a crowded table (eight seats all speaking at the vote) may have no
    free place for a bubble: its text then steps down, no smaller than its size at
    100%, until one is found."""
    least = min(size, max(9, round(size / text_scale())))
    for tried in range(size, least - 1, -1):
        lines, labels, box = _laid(anchor, words, tried, bounds, avoid)
        if not any(box.colliderect(r) for r in avoid):
            break
    else:  # still no free place: narrower and one line taller, which fits between more
        lines, labels, box = _laid(anchor, words, tried, bounds, avoid, narrow=True)
    size, step = tried, int(tried * 1.25)
    if must_fit and any(box.colliderect(r) for r in avoid):
        return pygame.Rect(box.topleft, (0, 0))
    pygame.draw.rect(surface, fill, box, border_radius=min(box.height // 2, size))
    ink.cover(surface, box, hides=False)
    for i, (line, label) in enumerate(zip(lines, labels, strict=True)):
        at = label.get_rect(midtop=(box.centerx, box.top + size // 4 + i * step))
        surface.blit(label, at)
        ink.note(surface, label, at, line, box)
    return box


def _laid(anchor: tuple[int, int], words: str, size: int, bounds: pygame.Rect,
          avoid: Sequence[pygame.Rect], narrow: bool = False
          ) -> tuple[list[str], list[pygame.Surface], pygame.Rect]:
    """A bubble's lines, their images and its place, at text size ``size``."""
    width = max(size * 6, min(bounds.width // 3, size * (10 if narrow else 16)))
    lines = bubble_lines(words, size, width, LINES + 1 if narrow else LINES)
    labels = [text(line, size, DARK, True) for line in lines]
    inner_w = max((label.get_width() for label in labels), default=0)
    box = pygame.Rect(0, 0, inner_w + size, int(size * 1.25) * len(labels) + size // 2)
    box.midbottom = anchor
    return lines, labels, _free_place(box.clamp(bounds), bounds, avoid, size)


def _free_place(box: pygame.Rect, bounds: pygame.Rect, avoid: Sequence[pygame.Rect],
                size: int) -> pygame.Rect:
    """The nearest place to ``box`` (sliding sideways, then up or down, at most about a
    bubble's width away, so it still reads as its seat's) that covers nothing in
    ``avoid``; where every place covers something, the one covering least.

    A table asks the same question every frame while its bubbles stand (a vote's eight
    shouts against some thirty names and marks: most of a frame at 1920x1080), so the
    answers are kept."""
    return pygame.Rect(_free_at(tuple(box), tuple(bounds), tuple(tuple(r) for r in avoid),
                                size))


Box = tuple[int, int, int, int]


@lru_cache(maxsize=512)
def _free_at(at: Box, within: Box, avoid: tuple[Box, ...], size: int) -> Box:
    """The search behind ``_free_place``. A bubble that rises keeps moving, so most
    frames ask anew: only the rectangles near the places tried are measured, and a place
    that clamping to the table made the same as an earlier one is measured once (it
    covers the same, so it could not be the first to cover least)."""
    box, bounds = pygame.Rect(at), pygame.Rect(within)
    places = [box, *_places(box, bounds, size)]
    near = box.unionall(places)
    rects = [r for r in map(pygame.Rect, avoid) if r.colliderect(near)]
    best, least, seen = box, -1, set()
    for place in places:
        key = (place.x, place.y, place.w, place.h)
        if key in seen:
            continue
        seen.add(key)
        amount = 0
        for i in place.collidelistall(rects):
            clip = place.clip(rects[i])
            amount += clip.w * clip.h
        if least < 0 or amount < least:
            best, least = place, amount
            if least == 0:
                break
    return (best.x, best.y, best.width, best.height)


def _places(box: pygame.Rect, bounds: pygame.Rect, size: int) -> Iterator[pygame.Rect]:
    reach = max(box.width, size * 6)
    for k in range(1, 17):
        for dx in (-k * reach // 8, k * reach // 8):
            yield box.move(dx, 0).clamp(bounds)
    for k in range(1, 7):
        for dy in (-k * size, k * size):
            for dx in (0, -reach // 2, reach // 2, -reach, reach):
                yield box.move(dx, dy).clamp(bounds)
