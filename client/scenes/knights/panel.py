"""The right-hand panel: phase and timer, your tile and side, then four tabs: the
public Q&A log, the game log, your private notepad, and the rules reference."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import lru_cache
from typing import Any

import pygame

from client import i18n
from client.assets import scaled, text
from client.assets import wrap as _wrap
from client.kit import ink
from client.kit.fill import fill
from client.kit.timer import draw_timer, seconds_left
from client.kit.widgets import ACCENT, INK, Button, blit_text
from client.scenes.knights import draw
from client.scenes.knights.knowledge import Knowledge
from client.scenes.knights.rules_ref import RULES
from client.scenes.knights.words import (
    Namer,
    describe,
    names_of,
    qa_line,
    say,
    tile_word,
    value_word,
)

TABS = ("qa", "log", "notes", "rules")


@lru_cache(maxsize=4096)
def _wrapped(words: str, size: int, width: int, bold: bool) -> tuple[str, ...]:
    return tuple(_wrap(words, size, width, bold))


def wrap(words: str, size: int, width: int, bold: bool = False) -> list[str]:
    """Lines that fit ``width``, remembered: the logs are wrapped again at every update."""
    return list(_wrapped(words, size, width, bold))

CONTENT = (44, 36, 50)
"""The tabs' background: opaque, so the panel costs one plain copy per frame."""


def phase_title(k: Knowledge, revealing: bool = False) -> str:
    if revealing:
        return say("phase.line_up", r=k.round)
    if k.phase == "inspect" and k.mode == "dark" and k.inspect_pass == 1:
        return say("phase.inspect_centre", r=k.round)
    return say(f"phase.{k.phase}", r=k.round)


def knowledge_lines(k: Knowledge, name: Namer) -> list[tuple[str, tuple[int, int, int]]]:
    """What you know, in words: your tile, your side, the tiles you inspected."""
    if k.me is None or not k.you:
        return [(say("omniscient") if k.omniscient else say("spectator"), INK)]
    you = k.you
    lines = [(say("you_hold", v=value_word(you.get("value"))), INK)]
    if you.get("value") == "witch":
        lines.append((say("you_side_witch"), (214, 160, 250)))
    elif you.get("bewitched"):
        lines.append((say("you_bewitched"), (214, 160, 250)))
    else:
        lines.append((say("you_side_knights"), (150, 200, 255)))
    if k.witch_side and (you.get("value") == "witch" or you.get("bewitched")):
        lines.append((say("witch_side_is", names=names_of(k.witch_side, name)), (214, 160, 250)))
    for tile in k.arrows[k.me]:
        lines.append((say("you_saw", tile=tile_word(tile, k.n, name),
                        v=value_word(k.values[tile])), INK))
    return lines


class SidePanel:
    """Draws the panel; keeps the tab, each tab's scroll position and cached text."""

    def __init__(self) -> None:
        self.tab = "qa"
        self.scroll: dict[str, int] = {tab: 0 for tab in TABS}
        self.content = pygame.Rect(0, 0, 0, 0)
        self.revealing = False
        """The line-up is still turning over: the title must not tell how it ends."""
        self._cache: dict[str, tuple[tuple[Any, ...], pygame.Surface]] = {}

    def wheel(self, dy: int) -> None:
        step = -dy if self.tab == "rules" else dy
        self.scroll[self.tab] = max(0, self.scroll[self.tab] + step * 2)

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, k: Knowledge, name: Namer,
             log: Sequence[Mapping[str, object]], remaining: float | None, bottom_reserve: int,
             choose: Callable[[str], Callable[[], None]]) -> list[Button]:
        """The panel, painted into an image of its own only when what it shows changed (a
        second of the clock, a line of a log, the tab) and copied every other frame: a
        line-up turning over or a chip in flight draws the table afresh each frame, and
        the panel's texts cost as much again as its copy. Returns the tabs' buttons."""
        size = scaled(max(12, rect.height // 48))
        tabs = self._tab_names(k)
        key = (rect.size, bottom_reserve, size, phase_title(k, self.revealing),
               None if remaining is None else seconds_left(remaining),
               k.you.get("value") if k.you else None, tuple(knowledge_lines(k, name)),
               k.me, k.n, tuple(k.numbers), self.tab, tuple(self.scroll.values()),
               (len(log), id(log[-1]) if log else 0), len(k.log), k.question is not None,
               k.phase, k.round, tuple(name(s) for s in range(k.n)), i18n.generation)
        image = self._panel
        if image is None or image.get_size() != rect.size or key != self._panel_key:
            if image is None or image.get_size() != rect.size:
                image = self._panel = pygame.Surface(rect.size)
            ink.forget(image)
            self._tabs_at, self._content_at = self._paint(
                image, image.get_rect(), k, name, log, remaining, bottom_reserve, size)
            self._panel_key = key
        ink.paste(surface, image, rect.topleft)
        self.content = self._content_at.move(rect.topleft)
        return self._tabs(rect, rect.top + self._tabs_at, size, tabs, choose)

    _panel: pygame.Surface | None = None
    _panel_key: tuple[Any, ...] = ()
    _tabs_at = 0
    """The top of the tabs, in the panel."""
    _content_at = pygame.Rect(0, 0, 0, 0)
    """The tab's content, in the panel."""

    @staticmethod
    def _pad(rect: pygame.Rect) -> int:
        return max(8, rect.width // 26)

    def _paint(self, surface: pygame.Surface, rect: pygame.Rect, k: Knowledge, name: Namer,
               log: Sequence[Mapping[str, object]], remaining: float | None,
               bottom_reserve: int, size: int) -> tuple[int, pygame.Rect]:
        """The panel at ``rect``; where its tabs begin (down from its top) and the tab's
        content."""
        fill(surface, (30, 26, 36), rect)
        pygame.draw.line(surface, ACCENT, rect.topleft, rect.bottomleft, 2)
        pad = self._pad(rect)
        y = rect.top + pad
        title = phase_title(k, self.revealing)
        for line in wrap(title, int(size * 1.3), rect.width - 2 * pad, True):
            blit_text(surface, line, int(size * 1.3), ACCENT, topleft=(rect.left + pad, y),
                      bold=True)
            y += int(size * 1.8)
        if remaining is not None:
            draw_timer(surface, remaining, int(size * 1.4), (rect.left + pad, y))
            y += int(size * 2.0)
        left = rect.left + pad
        value = k.you.get("value") if k.you else None
        top = y
        if value is not None:
            tile_rect = pygame.Rect(left, y, int(size * 2.6), int(size * 3.6))
            draw.tile(surface, tile_rect, value)
            left = tile_rect.right + pad
        for line, color in knowledge_lines(k, name):
            for part in wrap(line, size, rect.right - pad - left):
                blit_text(surface, part, size, color, topleft=(left, y))
                y += int(size * 1.3)
        tabs_at = max(y, top + (int(size * 3.6) if value is not None else 0)) + pad // 2
        y = tabs_at + int(max(10, size - 1) * 2.1) + pad // 2
        self.content = pygame.Rect(rect.left + pad, y, rect.width - 2 * pad,
                                   rect.bottom - bottom_reserve - y - pad)
        if self.content.height > size * 2:
            box = self.content.inflate(pad, pad // 2)
            fill(surface, CONTENT, box.inflate(-8, -8))
            pygame.draw.rect(surface, ACCENT, box, 2, border_radius=10)
            if self.tab != "notes":
                key = ((len(log), id(log[-1]) if log else 0), len(k.log),
                       k.question is not None, k.phase, k.round,
                       self.scroll[self.tab], self.content.size, size, i18n.generation,
                       tuple(name(s) for s in range(k.n)))
                cached = self._cache.get(self.tab)
                if cached is None or cached[0] != key:
                    image = self._image(self._lines(k, name, log, size), size)
                    key = key[:5] + (self.scroll[self.tab],) + key[6:]
                    cached = (key, image)
                    self._cache[self.tab] = cached
                ink.paste(surface, cached[1], self.content.topleft)
            elif k.me is None:
                blit_text(surface, say("notes.none"), size, INK,
                          topleft=(self.content.left + 4, self.content.top + 4))
            else:
                blit_text(surface, say("notes.help"), max(10, size - 2), (200, 190, 170),
                          topleft=(self.content.left + 4, self.content.top + 2))
        return tabs_at - rect.top, self.content.move(-rect.left, -rect.top)

    def _tab_names(self, k: Knowledge) -> list[str]:
        """The tabs this seat has (a spectator keeps no notes), the open one among them."""
        tabs = [tab for tab in TABS if tab != "notes" or k.me is not None]
        if self.tab not in tabs:
            self.tab = "qa"
        return tabs

    def _tabs(self, rect: pygame.Rect, y: int, size: int, tabs: list[str],
              choose: Callable[[str], Callable[[], None]]) -> list[Button]:
        small, pad = max(10, size - 1), self._pad(rect)
        width = (rect.width - 2 * pad - (len(tabs) - 1) * 4) // len(tabs)
        out = []
        for i, tab in enumerate(tabs):
            r = pygame.Rect(rect.left + pad + i * (width + 4), y, width, int(small * 2.1))
            label = say(f"tab.{tab}")
            out.append(Button(r, ("» " if tab == self.tab else "") + label, choose(tab),
                              key=f"tab_{tab}"))
        return out

    def _lines(self, k: Knowledge, name: Namer, log: Sequence[Mapping[str, object]],
               size: int) -> list[str]:
        width = self.content.width - 6
        lines: list[str] = []
        if self.tab == "qa":
            for entry in k.log:
                lines += wrap("• " + qa_line(entry, k.n, k.numbers, name, k.me), size, width)
            if k.question is not None:
                lines += wrap("• " + qa_line(k.question, k.n, k.numbers, name, k.me) + "  …", size,
                              width)
            if not lines:
                lines = wrap(say("qa.empty"), size, width)
            if k.phase not in ("review", "over"):
                lines += [""] + wrap(say("no_chat"), size, width)
        elif self.tab == "log":
            for event in log:
                words = describe(event, k.n, k.numbers, k.me, name)
                if words:
                    lines += wrap("• " + words, size, width)
        else:
            lines = wrap(RULES.get(i18n.language(), RULES["en"]), max(10, size - 2), width)
        return lines

    def _image(self, lines: list[str], size: int) -> pygame.Surface:
        """The visible part of a tab's lines (the logs keep the newest at the bottom)."""
        area = self.content
        if self.tab == "rules":
            size = max(10, size - 2)
        step = int(size * 1.3)
        fits = max(1, (area.height - size // 2) // step)  # the last line's letters
        most = max(0, len(lines) - fits)
        self.scroll[self.tab] = min(self.scroll[self.tab], most)
        if self.tab == "rules":
            begin = self.scroll[self.tab]
        else:
            begin = max(0, len(lines) - self.scroll[self.tab] - fits)
        image = pygame.Surface(area.size)
        image.fill(CONTENT)
        for i, line in enumerate(lines[begin:begin + fits]):
            ink.blit(image, text(line, size, INK), (3, i * step), line)
        return image
