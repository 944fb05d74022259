"""A scrollable game log in a box: every table's side panel has one, each with the words
of its own game (``describe``)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import pygame

from client import i18n
from client.assets import text, wrap
from client.kit import ink
from client.kit.widgets import ACCENT, INK
from client.kit.words import Namer as Namer


def as_round_ended(log: Sequence[Mapping[str, object]],
                   summary: Mapping[str, object]) -> Sequence[Mapping[str, object]]:
    """``log`` up to the event a round's ``summary`` was made from: what a side panel
    shows while people read it. The table has already dealt the next round by then (one
    move ends a round and begins the next), and its first lines would read as though it
    were being played under the summary. (The log as it is, should that event have
    scrolled out of it.)"""
    for i in range(len(log) - 1, -1, -1):
        if log[i] == summary:
            return log[:i + 1]
    return log


class LogBox:
    """A scrollable log drawn into ``rect``; the image is rebuilt only when it changes."""

    def __init__(self, describe: Callable[[Mapping[str, object], Namer], str]) -> None:
        self.describe = describe
        self.scroll = 0
        self.rect = pygame.Rect(0, 0, 0, 0)
        self._key: tuple[Any, ...] | None = None
        self._image: pygame.Surface | None = None
        self._wrapped: dict[tuple[str, int, int], list[str]] = {}

    def wheel(self, dy: int) -> None:
        self.scroll = max(0, self.scroll + dy * 2)

    def texts(self, log: Sequence[Mapping[str, object]], name: Namer) -> list[str]:
        """One line of words per event (a game whose lines need context overrides this)."""
        return [self.describe(event, name) for event in log]

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, log: Sequence[Mapping[str, object]],
             name: Namer, size: int) -> None:
        self.rect = rect
        if rect.height < size * 2:
            return
        box = rect.inflate(8, 4)
        pygame.draw.rect(surface, (44, 30, 20), box, border_radius=12)
        pygame.draw.rect(surface, ACCENT, box, 2, border_radius=12)
        key = (len(log), id(log[-1]) if log else 0, i18n.generation, self.scroll, rect.size, size)
        if key != self._key or self._image is None:
            if len(self._wrapped) > 4000:
                self._wrapped.clear()
            lines: list[str] = []
            for words in self.texts(log, name):
                cached = (words, size, rect.width)
                if cached not in self._wrapped:
                    self._wrapped[cached] = wrap("• " + words, size, rect.width - 4)
                lines.extend(self._wrapped[cached])
            step = int(size * 1.3)
            fits = max(1, (rect.height - size // 2) // step)  # the last line's letters
            self.scroll = min(self.scroll, max(0, len(lines) - fits))
            end = len(lines) - self.scroll
            image = pygame.Surface(rect.size, pygame.SRCALPHA)
            for i, line in enumerate(lines[max(0, end - fits):end]):
                label = text(line, size, INK)
                image.blit(label, (2, i * step))
                ink.note(image, label, (2, i * step), line)
            self._key, self._image = key, image
        ink.paste(surface, self._image, rect.topleft)
