"""The rules reference for one game, in the current language, scrollable."""

from __future__ import annotations

import html
import re

import pygame
import pygame_gui

from client import i18n
from client.app import App, ui_font
from client.assets import wrap
from client.i18n import tr
from client.rules_text import RULES
from client.scenes.ui import UIScene

_STARTS = re.compile(r"^(•|・|\d+\.|[A-Z][A-Z0-9 ,()&!'-]+$)")
"""A line that starts a line of its own: a bullet, a numbered rule or a HEADING."""

_ENDS = tuple(".:!?。：！？)」")


def heading(line: str) -> bool:
    """An English HEADING, or a short Japanese line with no closing mark (夜, 準備)."""
    bare = line.strip()
    if _STARTS.match(bare) and bare[:1] not in "•・" and not bare[:1].isdigit():
        return True
    return bool(bare) and ord(bare[0]) > 0x2E80 and len(bare) <= 12 \
        and not bare.endswith(_ENDS)


def reflow(text: str) -> str:
    """Join the lines the source wrapped for its own width, so that the box wraps the
    text at the box's width; bullets, numbered rules, headings and blank lines keep
    their own lines."""
    out: list[str] = []
    for line in text.split("\n"):
        bare = line.strip()
        joins = (out and out[-1].strip() and bare and not _STARTS.match(bare)
                 and not heading(out[-1])
                 and (line[:1].isspace() or not out[-1].rstrip().endswith(_ENDS)))
        if joins:
            glue = "" if ord(out[-1].rstrip()[-1]) > 0x2E80 else " "
            out[-1] = out[-1].rstrip() + glue + bare
        else:
            out.append(line)
    return "\n".join(out)


SCROLL = {pygame.K_UP: -0.1, pygame.K_DOWN: 0.1, pygame.K_PAGEUP: -1.0,
          pygame.K_PAGEDOWN: 1.0, pygame.K_HOME: -1e9, pygame.K_END: 1e9}


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
        rect = pygame.Rect(left, h // 6, w - 2 * left, h - h // 6 - row * 3)
        # Lines broken here, by the rules of each language (no line begins with "。",
        # no katakana word is split); the box, left with lines that fit, breaks none.
        room = rect.width - ui_font() * 3  # the box's padding and its scroll bar
        lines = [part for line in reflow(words).split("\n")
                 for part in (wrap(line, ui_font(), room) if line.strip() else [""])]
        body = "<br>".join(html.escape(line) for line in lines)
        # Japanese has no spaces to break at: break between characters, without the
        # hyphens a long English word would get.
        self.box = pygame_gui.elements.UITextBox(
            body, rect, self.ui, allow_split_dashes=i18n.language() != "ja")
        self.back = self.button(pygame.Rect(left, h - int(row * 2.2), w // 6, row),
                                tr("menu.back"))

    def on_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.back:
            self.app.pop()

    def handle(self, event: pygame.event.Event) -> None:
        """The arrows read the rules (Tab still reaches the way back)."""
        if event.type == pygame.KEYDOWN and event.key in SCROLL:
            self.ensure_built()
            self.scroll(SCROLL[event.key])
            return
        super().handle(event)

    def scroll(self, pages: float) -> None:
        """Up/Down move a tenth of the text's window, Page Up/Down a whole one."""
        bar = self.box.scroll_bar
        if bar is not None:
            top = 1.0 - bar.visible_percentage
            bar.set_scroll_from_start_percentage(
                max(0.0, min(top, bar.start_percentage + pages * bar.visible_percentage)))
