"""Table talk: quick emotes and a chat line, open whenever the game allows talk and a
person (not a shared screen) is seated.

The chat line is a pygame_gui entry, so typing Japanese through the input method works.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import pygame
import pygame_gui

from client import i18n
from client.app import App
from client.assets import text_scale
from client.i18n import tr
from client.kit.focus import Target
from client.kit.widgets import ACCENT, Button, blit_text, fitting, panel, row_of_buttons
from core.game import CHAT_LIMIT, EMOTES

REPEAT = 0.4
"""Seconds within which a second press of the same emote is a double-click's second
click: the emote is said once (a person who means it twice presses again after)."""


def talk_open(view: Mapping[str, object] | None) -> bool:
    """Whether table talk is open: every view's header says so."""
    return bool(view and view["chat_open"])


def may_talk(session: Any, shown_seat: int | None) -> bool:
    """Talk needs a person at their own screen, a live table (a replay only retells
    what was said), and the game to allow it now."""
    return (shown_seat is not None and not session.hot_seat and session.replay is None
            and talk_open(session.view()))


class Talk:
    """The talk box: a heading, the emote buttons and the chat line.

    ``now`` is the scene's clock, which tells a double-click from two presses.
    ``emote_band`` is the height of the emote rows, in text heights, and
    ``emote_smaller`` how much smaller than the heading their labels are: a table whose
    side panel holds more than the log (Knights' notepad) keeps a shorter box."""

    def __init__(self, app: App, send: Callable[[Mapping[str, object]], None], *,
                 now: Callable[[], float], emote_band: float = 5.0,
                 emote_smaller: int = 2) -> None:
        self.app = app
        self.send = send
        self.now = now
        self._said: tuple[str, float] | None = None
        """The last emote pressed, and when."""
        self.emote_band = emote_band
        self.emote_smaller = emote_smaller
        self.ui: pygame_gui.UIManager | None = None
        self.entry: pygame_gui.elements.UITextEntryLine | None = None
        self._lang = -1
        self._rect: pygame.Rect | None = None

    @staticmethod
    def height(size: int) -> int:
        return int(size * 10)

    def typing(self) -> bool:
        return self.entry is not None and self.entry.is_focused

    def targets(self) -> list[Target]:
        """The chat line, for the keyboard: Enter there starts typing."""
        entry, ui = self.entry, self.ui
        if entry is None or ui is None:
            return []
        return [Target(entry.rect, lambda: ui.set_focus_set(entry), "chat")]

    def stop_typing(self) -> None:
        if self.ui is not None:
            self.ui.set_focus_set(None)

    def close(self) -> None:
        self.ui, self.entry, self._rect = None, None, None

    def handle(self, event: pygame.event.Event) -> bool:
        """True when the event was the chat's own (typing, or the line sent)."""
        if self.ui is None:
            return False
        self.ui.process_events(event)
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and event.ui_element is self.entry:
            self._send_line()
            return True
        return event.type == pygame.KEYDOWN and self.typing() and event.key != pygame.K_ESCAPE

    def _send_line(self) -> None:
        if self.entry is None:
            return
        words = self.entry.get_text().strip()[:CHAT_LIMIT]
        if words:
            self.send({"type": "chat", "text": words})
        self.entry.set_text("")

    def draw(self, surface: pygame.Surface, box: pygame.Rect, size: int) -> list[Button]:
        """The talk box: its title, the emote buttons and the chat line; returns the buttons."""
        panel(surface, box, 220)
        blit_text(surface, tr("chat"), size, ACCENT, topleft=(box.left + 8, box.top + 4),
                  bold=True)
        # Two rows of emotes fit between the heading and the chat line at every window
        # size; a label too wide for its button is drawn smaller (``Button.draw``).
        emotes = pygame.Rect(box.left + 4, box.top + int(size * 1.8), box.width - 8,
                             int(size * self.emote_band))
        entry_rect = pygame.Rect(box.left + 6, box.bottom - int(size * 2.6), box.width - 12,
                                 int(size * 2.3))
        laid = (tuple(box), size, i18n.generation, text_scale())
        if self._buttons[0] != laid:
            self._buttons = (laid, self._emote_buttons(box, emotes, entry_rect, size))
        if self.ui is None or self._lang != i18n.generation or self._rect != entry_rect:
            self.ui = self.app.make_ui()
            self._lang, self._rect = i18n.generation, entry_rect
            self.entry = pygame_gui.elements.UITextEntryLine(entry_rect, self.ui)
            self.entry.set_text_length_limit(CHAT_LIMIT)
        self.ui.update(1 / 60)
        self.ui.draw_ui(surface)
        return list(self._buttons[1])

    _buttons: tuple[tuple[Any, ...], list[Button]] = ((), [])
    """The emote buttons and what they were laid out for (the box, the text size, the
    language): laid out again only when that changes, not at every frame the box shows."""

    def _emote_buttons(self, box: pygame.Rect, emotes: pygame.Rect, entry_rect: pygame.Rect,
                       size: int) -> list[Button]:
        specs: list[tuple[str, str, Any]] = [
            (f"emote_{e}", tr(f"emote.{e}"), self._emote(e)) for e in EMOTES]

        def fits(small: int) -> bool:
            """The rows of emotes stay under the heading and above the chat line (larger
            text makes wider buttons, and more rows of them)."""
            rows = row_of_buttons(specs, emotes, small)
            return min(b.rect.top for b in rows) >= box.top + int(size * 1.5) and \
                max(b.rect.bottom for b in rows) <= entry_rect.top - 2

        return row_of_buttons(specs, emotes, fitting(max(10, size - self.emote_smaller), fits))

    def _emote(self, emote: str) -> Callable[[], None]:
        def say() -> None:
            now, said = self.now(), self._said
            if said is not None and said[0] == emote and now - said[1] < REPEAT:
                return  # (the second click of a double-click)
            self._said = (emote, now)
            self.send({"type": "emote", "emote": emote})

        return say
