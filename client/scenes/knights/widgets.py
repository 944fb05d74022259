"""The two places where a person types: the private notepad (a ``note`` action, at any
time) and the table talk, which opens only between rounds: the kit's talk box
(``client.kit.talk``), kept shorter here so the notepad has room above it.

Both are pygame_gui text widgets, so typing Japanese through an input method works.
They exist only while shown, which keeps a watched table's frame cheap.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import partial
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from client import i18n
from client.kit.focus import Target
from client.kit.talk import Talk, may_talk
from client.kit.widgets import blit_text, row_of_buttons
from client.scenes.knights.knowledge import Knowledge
from client.scenes.knights.layout import Layout
from client.scenes.knights.words import say
from core.games.knights.state import NOTE_LIMIT

SAVED_FOR = 2.0
"""Seconds "Saved" stays under the notepad after the note was saved."""

if TYPE_CHECKING:
    from client.scenes.knights.scene import KnightsScene


class TextWidgets:
    def __init__(self, scene: KnightsScene) -> None:
        self.scene = scene
        self.ui: pygame_gui.UIManager | None = None
        """The notepad's own widgets (the talk box keeps its own)."""
        self.notes: pygame_gui.elements.UITextEntryBox | None = None
        self.talk = Talk(scene.app, scene.send, now=lambda: scene.time, emote_band=4.2,
                         emote_smaller=3)
        self._key: tuple[Any, ...] | None = None
        self._owner: int | None = None
        """The seat whose note the box holds."""
        self._saved = ""
        self.saved_at = -100.0

    @property
    def entry(self) -> pygame_gui.elements.UITextEntryLine | None:
        """The chat line, while the talk box shows."""
        return self.talk.entry

    @property
    def active(self) -> bool:
        return self.ui is not None or self.talk.ui is not None

    def typing(self) -> bool:
        return (self.notes is not None and self.notes.is_focused) or self.talk.typing()

    def moving(self, now: float) -> bool:
        """Whether the side column changes by itself: a caret blinks where the person
        types, or "Saved" is about to go (input redraws the rest)."""
        return self.typing() or now - self.saved_at < SAVED_FOR

    def targets(self) -> list[Target]:
        """The notepad and the chat line, for the keyboard: Enter there starts typing
        (and stops it in the other)."""
        targets: list[Target] = []
        ui, notes = self.ui, self.notes
        if ui is not None and notes is not None:
            targets.append(Target(notes.rect, partial(self._focus_notes, ui, notes), "notes"))
        for chat in self.talk.targets():
            targets.append(Target(chat.rect, partial(self._focus_chat, chat.activate),
                                  chat.key))
        return targets

    def _focus_notes(self, ui: pygame_gui.UIManager,
                     notes: pygame_gui.elements.UITextEntryBox) -> None:
        self.talk.stop_typing()
        ui.set_focus_set(notes)

    def _focus_chat(self, activate: Callable[[], None]) -> None:
        if self.ui is not None:
            self.ui.set_focus_set(None)
        activate()

    def stop_typing(self) -> None:
        if self.ui is not None:
            self.ui.set_focus_set(None)
        self.talk.stop_typing()

    def handle(self, event: pygame.event.Event) -> bool:
        """Give the event to the text widgets; True when it was typing, not a command."""
        if self.ui is not None:
            self.ui.process_events(event)
        if self.talk.handle(event):
            return True
        return (self.notes is not None and event.type == pygame.KEYDOWN and self.typing()
                and event.key != pygame.K_ESCAPE)

    def chat_height(self, lay: Layout, view: Mapping[str, object]) -> int:
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
            scene.buttons += row_of_buttons([("save_note", say("act.save"), self.save)], save,
                                            size)
            if scene.time - self.saved_at < SAVED_FOR:
                blit_text(surface, say("notes.saved"), size, (140, 220, 140),
                          topleft=(c.left + 4, save.top + size // 2))
        if chat_h:
            side_rect = lay.side
            box = pygame.Rect(side_rect.left + 8, side_rect.bottom - chat_h,
                              side_rect.width - 16, chat_h - 8)
            scene.buttons += self.talk.draw(surface, box, max(11, lay.text - 2))
        else:
            self.talk.close()
        self._draw_notes(surface, notes_rect, k)

    def _draw_notes(self, surface: pygame.Surface, notes_rect: pygame.Rect | None,
                    k: Knowledge) -> None:
        if notes_rect is None:
            if self.notes is not None:
                self.save()
            self.ui = self.notes = None
            self._key = None
            return
        key = (tuple(notes_rect), k.me, i18n.generation)
        if key != self._key:
            self._build(key, notes_rect, k)
        assert self.ui is not None
        self.ui.update(1 / 60)
        self.ui.draw_ui(surface)

    def _build(self, key: tuple[Any, ...], notes_rect: pygame.Rect, k: Knowledge) -> None:
        if self.notes is not None and self._owner != k.me:
            self.save()
        kept = self.note_text() if self.notes is not None and self._owner == k.me else None
        self.ui = self.scene.app.make_ui()
        self._key = key
        if kept is None:
            kept = str(k.you.get("note") or "")
            self._saved = kept
        self.notes = pygame_gui.elements.UITextEntryBox(notes_rect, kept, self.ui)
        self._owner = k.me
