"""The rules reference for one game, in the current language, scrollable."""

from __future__ import annotations

import html

import pygame
import pygame_gui

from client import i18n
from client.app import App
from client.i18n import tr
from client.rules_text import RULES
from client.scenes.ui import UIScene


class RulesScene(UIScene):
    title_key = "rules.title"

    def __init__(self, app: App, game_id: str) -> None:
        super().__init__(app)
        self.game_id = game_id

    def title(self) -> str:
        from core.registry import GAMES

        game = GAMES.get(self.game_id)
        return tr(self.title_key, game=i18n.pick(game.title) if game else self.game_id)

    def build(self) -> None:
        w, h = self.app.screen.get_size()
        row, left, _ = self.grid()
        words = RULES.get(self.game_id, {}).get(i18n.language()) or tr("rules.none")
        body = html.escape(words).replace("\n", "<br>")
        rect = pygame.Rect(left, h // 6, w - 2 * left, h - h // 6 - row * 3)
        self.box = pygame_gui.elements.UITextBox(body, rect, self.ui)
        self.back = self.button(pygame.Rect(left, h - int(row * 2.2), w // 6, row),
                                tr("menu.back"))

    def on_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.back:
            self.app.pop()
