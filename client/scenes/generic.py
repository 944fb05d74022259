"""A plain table for any game that has no scene of its own yet: the view as text and
one button per legal action. Enough to watch or play every registered game."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

import pygame

from client.assets import scaled, wrap
from client.i18n import pick, tr
from client.kit.focus import Target
from client.kit.timer import draw_timer
from client.kit.widgets import ACCENT, INK, blit_text, panel, row_of_buttons
from client.scenes.table import TableScene
from core.registry import get_game


def action_label(action: Mapping[str, object]) -> str:
    rest = ", ".join(f"{k}={v}" for k, v in action.items() if k != "type")
    return f"{action['type']} {rest}".strip()


class GenericScene(TableScene):
    def draw_table(self, surface: pygame.Surface) -> None:
        surface.fill((52, 32, 20))
        w, h = surface.get_size()
        size = scaled(max(12, h // 44))
        view = self.session.view()
        if view is None:
            return
        game = get_game(str(view.get("game")))
        blit_text(surface, tr("generic.title", game=pick(game.title)), int(size * 1.6), ACCENT,
                  topleft=(size, size), bold=True)
        remaining = self.feed.remaining(self.session.clock)
        if remaining is not None:
            draw_timer(surface, remaining, size, (w - size * 10, size), warn=False, bold=False)
        box = pygame.Rect(size, size * 4, w * 2 // 3 - size, h - size * 10)
        panel(surface, box, 160)
        y = box.top + size // 2
        for key, value in view.items():
            line = f"{key}: {json.dumps(value, ensure_ascii=False)}"
            for part in wrap(line, size, box.width - size)[:3]:
                if y > box.bottom - size * 1.5:
                    break
                blit_text(surface, part, size, INK, topleft=(box.left + size // 2, y))
                y += int(size * 1.3)
        log = pygame.Rect(box.right + size, box.top, w - box.right - 2 * size, box.height)
        panel(surface, log, 160)
        blit_text(surface, tr("log"), size, ACCENT, topleft=(log.left + 8, log.top + 4), bold=True)
        lines = [json.dumps(e, ensure_ascii=False) for e in self.feed.log[-60:]]
        y = log.bottom - size * 2
        for line in reversed(lines):
            if y < log.top + size * 2:
                break
            blit_text(surface, line[:60], max(10, size - 3), INK, topleft=(log.left + 8, y))
            y -= int(size * 1.2)
        bar = pygame.Rect(size, h - size * 6, w - 2 * size, size * 5)
        if self.shown_seat is not None and not self.feed.pending:
            specs = [(a["type"], action_label(a), self._sender(a)) for a in self.feed.legal[:12]]
            self.buttons += row_of_buttons(specs, bar, size)
        else:
            self.draw_done_button(bar, size)

    def button_targets(self, buttons: list[Any]) -> list[Target]:
        """Each action's button answers to its place in the row (1 the first, 0 the
        tenth, Shift+1 the eleventh: ``client.kit.focus``)."""
        targets = super().button_targets(buttons)
        actions = [t for t in targets if t.key.removeprefix("button:") in
                   {a["type"] for a in self.feed.legal}]
        for number, target in enumerate(actions[:20], start=1):
            target.number = number
        return targets

    def _sender(self, action: Mapping[str, object]) -> Any:
        return lambda: self.send(action)
