"""The rules reference drawn over a table, scrollable, in the reader's language; the text
is the one the menu's rules screen shows (``client.rules_text.RULES``)."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import pygame

from client import i18n
from client.assets import wrap
from client.i18n import tr
from client.kit import keymap
from client.kit.widgets import ACCENT, INK, blit_text, panel
from client.rules_text import RULES


@lru_cache(maxsize=8)
def _rules_lines(game: str, lang: str, size: int, width: int) -> tuple[str, ...]:
    words = RULES.get(game, {}).get(lang) or tr("rules.none")
    return tuple(wrap(words, size, width))


def rules_panel(surface: pygame.Surface, area: pygame.Rect, game: str, size: int,
                scroll: int) -> int:
    """The rules reference over the table; returns the largest useful scroll."""
    panel(surface, area, 255)
    lines = _rules_lines(game, i18n.language(), size, area.width - 2 * size)
    step = int(size * 1.35)
    fits = max(1, (area.height - 2 * size) // step)
    limit = max(0, len(lines) - fits)
    scroll = min(scroll, limit)
    for i, line in enumerate(lines[scroll:scroll + fits]):
        bold = line.isupper() or (line and not line.startswith((" ", "・", "•")) and i == 0)
        blit_text(surface, line, size, ACCENT if line.isupper() else INK,
                  topleft=(area.left + size, area.top + size + i * step), bold=bool(bold))
    return limit


class RulesOverTable:
    """The input of a table that opens its rules sheet over itself with R: the wheel (or
    PgUp/PgDn) scrolls the sheet while it is up and the log otherwise, and a click
    anywhere closes the sheet."""

    show_rules: bool
    rules_scroll: int
    _rules_limit: int
    side: Any
    mouse: tuple[int, int]

    def rules_key(self, key: int) -> bool:
        if keymap.current().action_of(key) == "rules":
            self.show_rules = not self.show_rules
            return True
        return False

    def scroll_log(self, steps: int) -> None:
        if self.show_rules:
            self.rules_scroll = max(0, min(self._rules_limit, self.rules_scroll - steps * 3))
        else:
            self.side.log.wheel(steps)

    def rules_input(self, event: pygame.event.Event, ready: bool) -> bool:
        """True when ``event`` is spent here; a left click on a ``ready`` table that is not
        is for the table itself."""
        if event.type == pygame.MOUSEWHEEL:
            if self.show_rules or self.side.log.rect.collidepoint(self.mouse):
                self.scroll_log(event.y)
            return True
        if event.type != pygame.MOUSEBUTTONDOWN or event.button != 1 or not ready:
            return True
        if self.show_rules:
            self.show_rules = False
            return True
        return False
