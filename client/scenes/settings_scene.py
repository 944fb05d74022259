"""Settings, on four pages: general (name, language, window, speeds), sound (the
effects', the speech's and the chimes' volumes, mute, the narrator's voice), reading and
time (text size, seat colours, subtitles, more time) and the table's keys. A change
shows at once; *Save* keeps them all for the next launch."""

from __future__ import annotations

import contextlib
from typing import Any

import pygame
import pygame_gui

from client import settings
from client.app import App
from client.assets import font, set_text_scale, wrap
from client.i18n import tr
from client.kit import keymap, palette
from client.scenes.menu import LANG_NAMES
from client.scenes.ui import UIScene
from net.glyphs import drawable

SIZES = ("1024x640", "1280x720", "1600x900", "1920x1080")
SPEEDS = ("0.5", "1", "2", "4", "8")
PAGES = ("general", "sound", "access", "keys")


def percent(size: int) -> str:
    return f"{size}%"


def times(factor: float) -> str:
    return f"×{factor:g}"


class SettingsScene(UIScene):
    title_key = "menu.settings"

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.w: dict[str, Any] = {}
        self.page = "general"
        self.capturing: str | None = None
        """The action whose new key the screen waits for (the keys page)."""

    # -- building ------------------------------------------------------------------------
    def build(self) -> None:
        w, h = self.app.screen.get_size()
        row, left, col = self.grid()
        self.w = {}
        tab_w = (w - 2 * left - 3 * 8) // len(PAGES)
        y = h // 6
        for i, page in enumerate(PAGES):
            tab = self.button(pygame.Rect(left + i * (tab_w + 8), y, tab_w, row),
                              tr(f"set.page.{page}"))
            if page == self.page:
                tab.disable()  # type: ignore[no-untyped-call]  # (the page shown)
            self.w[f"page.{page}"] = tab
        # Save and Back sit over the keys at the foot, the page's rows between: rows
        # close up so that a page fits a small window at the largest text.
        middle, big = self.message_line()
        bottom = middle - int(big * 0.8) - row  # (a message shows between them and the keys)
        top = y + row + row // 2
        build = getattr(self, f"_build_{self.page}")
        units = build(None, 0)
        self.step = max(row + 4, min(row + row // 3, (bottom - row // 4 - top) // max(1, units)))
        build(top, row)
        self.w["save"] = self.button(pygame.Rect(w // 2 - col // 2 - 5, bottom, col // 2, row),
                                     tr("set.save"))
        self.w["back"] = self.button(pygame.Rect(w // 2 + 5, bottom, col // 2, row),
                                     tr("menu.back"))

    step = 0
    """Pixels from one row of the page to the next."""

    def _row(self, y: int, row: int, words: str) -> pygame.Rect:
        """A label on the left, and the rectangle of its widget on the right."""
        w = self.app.screen.get_size()[0]
        col = max(w // 3, int(w * 0.36))
        self.label(pygame.Rect(w // 2 - col, y, col - 10, row), words)
        return pygame.Rect(w // 2, y, col, row)

    def _tick(self, key: str, rect: pygame.Rect, words: str, on: bool) -> None:
        tick = rect.height * 3 // 5  # its label is as tall as the box: a Japanese word needs it
        self.w[key] = pygame_gui.elements.UICheckBox(
            pygame.Rect(rect.left, rect.top + rect.height // 5, tick, tick), words, self.ui,
            initial_state=on, object_id=self._theme_class(False))

    def _note(self, y: int, row: int, words: str) -> int:
        """Lines of explanation across the form, under the setting they explain."""
        w = self.app.screen.get_size()[0]
        span = 2 * max(w // 3, int(w * 0.36))
        line = int(self.widget_font() * 1.5)
        for part in wrap(words, self.widget_font(), span - 12):
            self.label(pygame.Rect(w // 2 - span // 2, y, span, line), part)
            y += line
        return y

    def _note_rows(self, words: str) -> float:
        w = self.app.screen.get_size()[0]
        span = 2 * max(w // 3, int(w * 0.36))
        size = self.widget_font()
        return len(wrap(words, size, span - 12)) * size * 1.5 / self.grid()[0]

    def _build_general(self, y: int | None, row: int) -> float:
        if y is None:
            return 5
        s = self.app.settings
        # (kept as typed; the settings hold the last name every window can show, so
        # nothing saves a name with its emoji dropped)
        self.w["name"] = self.text_entry(self._row(y, row, tr("set.name")), keep="name",
                                         text=s.name)
        y += self.step
        self.w["language"] = self.dropdown(self._row(y, row, tr("menu.language")),
                                           list(LANG_NAMES.values()), LANG_NAMES[s.language])
        y += self.step
        size = f"{s.width}x{s.height}"
        self.w["size"] = self.dropdown(self._row(y, row, tr("set.size")),
                                       list(dict.fromkeys((*SIZES, size))), size)
        y += self.step
        self.w["bot_delay"] = self.text_entry(self._row(y, row, tr("set.bot_delay")),
                                              keep="bot_delay", text=f"{s.bot_delay:g}")
        y += self.step
        speed = f"{s.watch_speed:g}"
        self.w["watch_speed"] = self.dropdown(self._row(y, row, tr("set.watch_speed")),
                                              list(dict.fromkeys((*SPEEDS, speed))), speed)
        return 5

    def _build_sound(self, y: int | None, row: int) -> float:
        if y is None:
            return 4
        s = self.app.settings
        for key, words, value in (("volume", "set.effects_volume", s.volume),
                                  ("voice_volume", "set.speech_volume", s.voice_volume),
                                  ("chime_volume", "set.chime_volume", s.chime_volume)):
            self.w[key] = pygame_gui.elements.UIHorizontalSlider(
                self._row(y, row, tr(words)), value * 100, (0, 100), self.ui)
            y += self.step
        rect = self._row(y, row, "")
        self._tick("mute", rect, tr("set.mute"), s.muted)
        self._tick("voice", rect.move(rect.width // 2, 0), tr("set.voice"), s.voice)
        return 4

    def _build_access(self, y: int | None, row: int) -> float:
        notes = self._note_rows(tr("set.subtitles_note")) + self._note_rows(
            tr("set.more_time_note"))
        if y is None:
            return 4 + notes
        s = self.app.settings
        self.w["text_size"] = self.dropdown(self._row(y, row, tr("set.text_size")),
                                            [percent(n) for n in settings.TEXT_SIZES],
                                            percent(s.text_size))
        y += self.step
        names = {tr(f"palette.{p}"): p for p in settings.PALETTES}
        self.w["palette"] = self.dropdown(self._row(y, row, tr("set.palette")), list(names),
                                          tr(f"palette.{s.palette}"))
        y += self.step
        self._tick("subtitles", self._row(y, row, ""), tr("set.subtitles"), s.subtitles)
        y = self._note(y + row, row, tr("set.subtitles_note")) + self.step - row
        self.w["more_time"] = self.dropdown(self._row(y, row, tr("set.more_time")),
                                            [times(f) for f in settings.MORE_TIME],
                                            times(s.more_time))
        self._note(y + row, row, tr("set.more_time_note"))
        return 4 + notes

    def _build_keys(self, y: int | None, row: int) -> float:
        actions = list(keymap.DEFAULTS)
        half = (len(actions) + 1) // 2
        if y is None:
            return 1 + half
        w = self.app.screen.get_size()[0]
        left = self.grid()[1]
        self.label(pygame.Rect(left, y, w - 2 * left, row), tr("set.keys_title"))
        y += self.step
        keys = keymap.current()
        span = (w - 2 * left - 20) // 2
        key_w = max(row * 2, max(font(self.widget_font()).size(keymap.key_label(k))[0]
                                 for k in keys.keys.values()) + 40)
        for i, action in enumerate(actions):
            x = left + (i // half) * (span + 20)
            at = y + (i % half) * self.step
            self.label(pygame.Rect(x, at, span - key_w - 8, row), tr(f"key.{action}"))
            words = "…" if action == self.capturing else keymap.key_label(keys.keys[action])
            self.w[f"key.{action}"] = self.button(
                pygame.Rect(x + span - key_w, at, key_w, row), words)
        middle, big = self.message_line()
        self.w["keys_reset"] = self.button(
            pygame.Rect(left, middle - int(big * 0.8) - row,
                        w // 2 - self.grid()[2] // 2 - 15 - left, row), tr("set.keys_reset"))
        return 1 + half

    # -- input ---------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        if self.capturing is not None and event.type == pygame.KEYDOWN:
            self.take_key(self.capturing, event.key)
            return
        super().handle(event)

    def take_key(self, action: str, key: int) -> None:
        """The key pressed for ``action``: taken, or refused with a sentence (Esc keeps
        the key it had)."""
        self.capturing = None
        if key != pygame.K_ESCAPE:
            refused = keymap.current().assign(action, key)
            if refused is not None:
                self.say(lambda: keymap.current().refusal(action, key) or "")
            else:
                self.say(lambda: tr("keys.set", action=tr(f"key.{action}"),
                                    name=keymap.key_label(key)))
            self.app.settings.keys = keymap.current().saved()
        else:
            self.message = ""
        self._built = None

    def on_event(self, event: pygame.event.Event) -> None:
        s = self.app.settings
        element = getattr(event, "ui_element", None)
        named = next((k for k, v in self.w.items() if v is element), "")
        if event.type == pygame_gui.UI_HORIZONTAL_SLIDER_MOVED:
            value = float(element.get_current_value()) / 100 if element is not None else 0.0
            if named == "voice_volume":
                s.voice_volume = value
                self.app.voice.set_volume(value)
                self.app.voice.say("count_1", s.language, 0.0)
            elif named == "chime_volume":
                s.chime_volume = value
                self.app.audio.set_chime_volume(value)
                self.app.audio.play("chime")
            elif named == "volume":
                s.volume = value
                self.app.audio.set_volume(value)
                self.app.audio.play("click")
        elif event.type in (pygame_gui.UI_CHECK_BOX_CHECKED, pygame_gui.UI_CHECK_BOX_UNCHECKED):
            self.tick(named, event.type == pygame_gui.UI_CHECK_BOX_CHECKED)
        elif event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            self.choose(named, event.text)
        elif event.type == pygame_gui.UI_BUTTON_PRESSED:
            self.press(named)

    def tick(self, named: str, on: bool) -> None:
        s = self.app.settings
        if named == "voice":
            s.voice = on
            self.app.voice.set_enabled(on)
        elif named == "subtitles":
            s.subtitles = on
            self.app.voice.subtitles = on
        elif named == "mute":
            s.muted = on
            self.app.audio.muted = on

    def choose(self, named: str, words: str) -> None:
        s = self.app.settings
        if named == "language":
            self.app.set_language(next(k for k, v in LANG_NAMES.items() if v == words))
        elif named == "size":
            s.width, s.height = (int(p) for p in words.split("x"))
        elif named == "watch_speed":
            s.watch_speed = float(words)
        elif named == "text_size":
            self.set_text_size(int(words.rstrip("%")))
        elif named == "palette":
            s.palette = next(p for p in settings.PALETTES if tr(f"palette.{p}") == words)
            palette.set_palette(s.palette)
        elif named == "more_time":
            s.more_time = float(words.lstrip("×"))

    def set_text_size(self, size: int) -> None:
        """Every screen's text at ``size`` percent from now: each screen on the stack
        lays itself out again, this one included."""
        self.app.settings.text_size = size
        set_text_scale(size / 100)
        for scene in self.app.scenes:
            scene.resize(self.app.screen.get_size())

    def press(self, named: str) -> None:
        if named.startswith("page."):
            self.keep_fields()
            self.page, self.message = named.removeprefix("page."), ""
            self._built = None
        elif named.startswith("key."):
            self.capturing = named.removeprefix("key.")
            self.say(lambda: tr("keys.press", action=tr(named)))
            self._built = None
        elif named == "keys_reset":
            keymap.use(keymap.KeyMap())
            self.app.settings.keys = {}
            self.message, self._built = "", None
        elif named == "save":
            self.save()
        elif named == "back":
            self.app.pop()

    def keep_fields(self) -> None:
        """What was typed on the general page (a page left is built again later)."""
        s = self.app.settings
        typed = self.typed("name")
        if typed is not None and drawable(typed):
            s.name = typed
        delay = self.typed("bot_delay")
        if delay is not None:
            with contextlib.suppress(ValueError):
                s.bot_delay = float(delay)

    def save(self) -> None:
        s = self.app.settings
        self.keep_fields()
        typed = self.typed("name")
        if typed is not None and not drawable(typed):
            self.say(lambda: tr("set.name_undrawable"))  # (saved, it would lose them unsaid)
            return
        s.keys = keymap.current().saved()
        problem = settings.save(s)
        if problem is not None:
            self.say(lambda: tr("set.not_saved", why=problem))
        else:
            self.say(lambda: tr("set.saved"), done=True)
        if not self.app.headless and self.app.screen.get_size() != (s.width, s.height):
            self.app.screen = pygame.display.set_mode((s.width, s.height), pygame.RESIZABLE)
            for scene in self.app.scenes:
                scene.resize((s.width, s.height))
