"""The two places where a person types: the private notepad (a ``note`` action, at any
time) and the table talk, which opens only between rounds.

Both are pygame_gui text widgets, so typing Japanese through an input method works.
They exist only while shown, which keeps a watched table's frame cheap.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from client import i18n
from client.kit.focus import Target
from client.kit.talk import may_talk
from client.scenes.knights.knowledge import Knowledge
from client.scenes.knights.layout import Layout
from client.scenes.knights.words import t
from client.scenes.widgets import ACCENT, blit_text, panel, row_of_buttons
from core.game import CHAT_LIMIT, EMOTES
from core.games.knights.state import NOTE_LIMIT

if TYPE_CHECKING:
    from client.scenes.knights.scene import KnightsScene


class TextWidgets:
    def __init__(self, scene: KnightsScene) -> None:
        self.scene = scene
        self.ui: pygame_gui.UIManager | None = None
        self.notes: pygame_gui.elements.UITextEntryBox | None = None
        self.entry: pygame_gui.elements.UITextEntryLine | None = None
        self._key: tuple[Any, ...] | None = None
        self._owner: int | None = None
        """The seat whose note the box holds."""
        self._saved = ""
        self.saved_at = -100.0

    @property
    def active(self) -> bool:
        return self.ui is not None

    def typing(self) -> bool:
        return any(w is not None and w.is_focused for w in (self.notes, self.entry))

    def targets(self) -> list[Target]:
        """The notepad and the chat line, for the keyboard: Enter there starts typing."""
        ui = self.ui
        if ui is None:
            return []
        return [Target(w.rect, partial(ui.set_focus_set, w), name)
                for w, name in ((self.notes, "notes"), (self.entry, "chat")) if w is not None]

    def stop_typing(self) -> None:
        if self.ui is not None:
            self.ui.set_focus_set(None)

    def handle(self, event: pygame.event.Event) -> bool:
        """Give the event to the text widgets; True when it was typing, not a command."""
        if self.ui is None:
            return False
        self.ui.process_events(event)
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and event.ui_element is self.entry:
            self.send_chat()
            return True
        return event.type == pygame.KEYDOWN and self.typing() and event.key != pygame.K_ESCAPE

    def chat_height(self, lay: Layout, view: dict[str, Any]) -> int:
        scene = self.scene
        if not (view.get("chat_open") and may_talk(scene.session, scene.shown_seat)):
            return 0
        return int(max(11, lay.text - 2) * 9)

    # -- the notepad -----------------------------------------------------------------------
    def note_text(self) -> str:
        return self.notes.get_text() if self.notes is not None else self._saved

    def save(self) -> None:
        """Send the note if it changed (to the seat that wrote it, at a shared screen)."""
        if self.notes is None or self._owner is None:
            return
        words = self.notes.get_text()[:NOTE_LIMIT]
        if words != self._saved:
            feed = self.scene.session.feeds.get(self._owner)
            if feed is not None:
                self.scene.app.audio.play("click")
                feed.send({"type": "note", "text": words})
            self._saved = words
        self.saved_at = self.scene.time

    def send_chat(self) -> None:
        if self.entry is None:
            return
        words = self.entry.get_text().strip()[:CHAT_LIMIT]
        if words:
            self.scene.send({"type": "chat", "text": words})
        self.entry.set_text("")

    # -- drawing -------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, lay: Layout, k: Knowledge, chat_h: int) -> None:
        scene = self.scene
        side = scene.side
        notes_rect: pygame.Rect | None = None
        if side.tab == "notes" and k.me is not None and side.content.height > 80:
            size = max(10, lay.text - 2)
            c = side.content
            notes_rect = pygame.Rect(c.left, c.top + int(size * 1.6), c.width,
                                     c.height - int(size * 4.6))
            save = pygame.Rect(c.left, notes_rect.bottom + 6, c.width, int(size * 2.4))
            scene.buttons += row_of_buttons([("save_note", t("act.save"), self.save)], save,
                                            size)
            if scene.time - self.saved_at < 2.0:
                blit_text(surface, t("notes.saved"), size, (140, 220, 140),
                          topleft=(c.left + 4, save.top + size // 2))
        entry_rect: pygame.Rect | None = None
        if chat_h:
            entry_rect = self._chat(surface, lay, chat_h)
        key = (None if notes_rect is None else tuple(notes_rect), k.me,
               None if entry_rect is None else tuple(entry_rect), i18n.generation)
        if notes_rect is None and entry_rect is None:
            if self.notes is not None:
                self.save()
            self.ui = self.notes = self.entry = None
            self._key = None
            return
        if key != self._key:
            self._build(key, notes_rect, entry_rect, k)
        assert self.ui is not None
        self.ui.update(1 / 60)
        self.ui.draw_ui(surface)

    def _build(self, key: tuple[Any, ...], notes_rect: pygame.Rect | None,
               entry_rect: pygame.Rect | None, k: Knowledge) -> None:
        if self.notes is not None and self._owner != k.me:
            self.save()
        kept = self.note_text() if self.notes is not None and self._owner == k.me else None
        self.ui = self.scene.app.make_ui()
        self._key = key
        self.notes = self.entry = None
        if notes_rect is not None:
            if kept is None:
                kept = str(k.you.get("note") or "")
                self._saved = kept
            self.notes = pygame_gui.elements.UITextEntryBox(notes_rect, kept, self.ui)
            self._owner = k.me
        if entry_rect is not None:
            self.entry = pygame_gui.elements.UITextEntryLine(entry_rect, self.ui)
            self.entry.set_text_length_limit(CHAT_LIMIT)

    def _chat(self, surface: pygame.Surface, lay: Layout, height: int) -> pygame.Rect:
        """Quick emotes and the chat line, between rounds only."""
        scene = self.scene
        side = lay.side
        size = max(11, lay.text - 2)
        box = pygame.Rect(side.left + 8, side.bottom - height, side.width - 16, height - 8)
        panel(surface, box, 220)
        blit_text(surface, t("chat"), size, ACCENT, topleft=(box.left + 8, box.top + 4),
                  bold=True)
        emotes = pygame.Rect(box.left + 4, box.top + int(size * 1.8), box.width - 8,
                             int(size * 4.2))
        specs: list[tuple[str, str, Any]] = [
            (f"emote_{e}", t(f"emote.{e}"),
             scene.sender({"type": "emote", "emote": e})) for e in EMOTES]
        scene.buttons += row_of_buttons(specs, emotes, max(10, size - 3))
        return pygame.Rect(box.left + 6, box.bottom - int(size * 2.6), box.width - 12,
                           int(size * 2.3))
