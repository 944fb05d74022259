"""Settings: name, language, volume and mute, the narrator's voice and its volume,
window size, speeds. Saved on "Save"."""

from __future__ import annotations

import contextlib
from typing import Any

import pygame
import pygame_gui

from client import settings
from client.app import App
from client.i18n import tr
from client.scenes.menu import LANG_NAMES
from client.scenes.ui import UIScene

SIZES = ("1024x640", "1280x720", "1600x900", "1920x1080")
SPEEDS = ("0.5", "1", "2", "4", "8")


class SettingsScene(UIScene):
    title_key = "menu.settings"

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.w: dict[str, Any] = {}

    def build(self) -> None:
        s = self.app.settings
        w, h = self.app.screen.get_size()
        row, left, col = self.grid()
        x, y = w // 2 - col, h // 6
        label_w = col

        def label(words: str) -> pygame.Rect:
            self.label(pygame.Rect(x, y, label_w - 10, row), words)
            return pygame.Rect(x + label_w, y, col, row)

        self.w = {}
        self.w["name"] = pygame_gui.elements.UITextEntryLine(label(tr("set.name")), self.ui)
        self.w["name"].set_text(s.name)
        y += row + row // 3
        self.w["language"] = self.dropdown(label(tr("menu.language")), list(LANG_NAMES.values()),
                                           LANG_NAMES[s.language])
        y += row + row // 3
        self.w["volume"] = pygame_gui.elements.UIHorizontalSlider(
            label(tr("set.volume")), s.volume * 100, (0, 100), self.ui)
        y += row + row // 3
        tick = row * 3 // 5  # its label is as tall as the box: a Japanese word needs this
        self.w["mute"] = pygame_gui.elements.UICheckBox(
            pygame.Rect(x + label_w, y + row // 5, tick, tick), tr("set.mute"), self.ui,
            initial_state=s.muted)
        # The narrator's switch shares the row, so the form still fits a 500-pixel window.
        self.w["voice"] = pygame_gui.elements.UICheckBox(
            pygame.Rect(x + label_w + col // 2, y + row // 5, tick, tick),
            tr("set.voice"), self.ui, initial_state=s.voice)
        y += row + row // 3
        self.w["voice_volume"] = pygame_gui.elements.UIHorizontalSlider(
            label(tr("set.voice_volume")), s.voice_volume * 100, (0, 100), self.ui)
        y += row + row // 3
        size = f"{s.width}x{s.height}"
        self.w["size"] = self.dropdown(label(tr("set.size")),
                                       list(dict.fromkeys((*SIZES, size))), size)
        y += row + row // 3
        self.w["bot_delay"] = pygame_gui.elements.UITextEntryLine(label(tr("set.bot_delay")),
                                                                  self.ui)
        self.w["bot_delay"].set_text(f"{s.bot_delay:g}")
        y += row + row // 3
        speed = f"{s.watch_speed:g}"
        self.w["watch_speed"] = self.dropdown(label(tr("set.watch_speed")),
                                              list(dict.fromkeys((*SPEEDS, speed))), speed)
        y += int(row * 1.8)
        self.w["save"] = self.button(pygame.Rect(x + label_w, y, col // 2 - 5, row),
                                     tr("set.save"))
        self.w["back"] = self.button(pygame.Rect(x + label_w + col // 2 + 5, y, col // 2 - 5, row),
                                     tr("menu.back"))

    def on_event(self, event: pygame.event.Event) -> None:
        s = self.app.settings
        if event.type == pygame_gui.UI_HORIZONTAL_SLIDER_MOVED:
            if event.ui_element is self.w.get("voice_volume"):
                s.voice_volume = float(self.w["voice_volume"].get_current_value()) / 100
                self.app.voice.set_volume(s.voice_volume)
                self.app.voice.say("count_1", s.language, 0.0)
                return
            s.volume = float(self.w["volume"].get_current_value()) / 100
            self.app.audio.set_volume(s.volume)
            self.app.audio.play("click")
        elif event.type in (pygame_gui.UI_CHECK_BOX_CHECKED, pygame_gui.UI_CHECK_BOX_UNCHECKED):
            on = event.type == pygame_gui.UI_CHECK_BOX_CHECKED
            if event.ui_element is self.w.get("voice"):
                s.voice = on
                self.app.voice.set_enabled(on)
                return
            s.muted = on
            self.app.audio.muted = s.muted
        elif event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            if event.ui_element is self.w["language"]:
                lang = next(k for k, v in LANG_NAMES.items() if v == event.text)
                self.app.set_language(lang)
            elif event.ui_element is self.w["size"]:
                s.width, s.height = (int(p) for p in event.text.split("x"))
            elif event.ui_element is self.w["watch_speed"]:
                s.watch_speed = float(event.text)
        elif event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.w["save"]:
                self.save()
            elif event.ui_element is self.w["back"]:
                self.app.pop()

    def save(self) -> None:
        s = self.app.settings
        s.name = self.w["name"].get_text()
        with contextlib.suppress(ValueError):
            s.bot_delay = float(self.w["bot_delay"].get_text())
        settings.save(s)
        self.message = tr("set.saved")
        if not self.app.headless and self.app.screen.get_size() != (s.width, s.height):
            self.app.screen = pygame.display.set_mode((s.width, s.height), pygame.RESIZABLE)
            for scene in self.app.scenes:
                scene.resize((s.width, s.height))
