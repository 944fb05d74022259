"""The window: one pygame display, a stack of scenes, and a capped frame rate.

The frame rate drops when nothing moves, so a table left open on a laptop does not
keep a core busy. Headless runs (tests, screenshots) use a fixed time step, so the
same command draws the same frames every time.
"""

from __future__ import annotations

import contextlib
import os
import sys
import time
import warnings
from pathlib import Path
from typing import Any, TypedDict

import pygame
import pygame_gui

from client import i18n
from client import settings as settings_store
from client.assets import font_path, hold_until_quit, scaled, set_text_scale
from client.audio import MIXER, Audio, device_hushed
from client.idle import display_socket, wait_for_input
from client.kit import ink, keymap, palette
from client.settings import SMALLEST, Settings
from client.themes import Manager
from client.voice import Voice


class LanStats(TypedDict, total=False):
    """What a window at a LAN table tells scripts (``join --stats``, ``gui --stats``)."""

    seat: int | None
    """The seat this window holds; None for a spectator."""
    reclaimed: bool
    """The seat came back to its token (the window rejoined after a restart)."""
    refused: str
    """The code the host refused the join with."""
    closed: str
    """The reason the host gave when it closed the table."""
    host_gone: bool
    """The host went quiet (``client.host_watch``)."""
    host_gone_after_s: float | None
    """Seconds from the host's last word to the window saying it went quiet."""


ACTIVE_FPS = 60
IDLE_FPS = 20
HEADLESS_DT = 1 / 60


class Scene:
    """One screen of the program. The top scene of the stack gets input and draws."""

    animating = False
    """True while something moves; the app then draws at the full frame rate."""
    input_wait_ms = 0
    """While nothing moves, how long the window may sleep waiting for input between
    turns. A scene that only answers input (the menu) sleeps, so an idle window costs
    next to nothing yet answers a click at once; a table polling the network does not."""

    def __init__(self, app: App) -> None:
        self.app = app

    def handle(self, event: pygame.event.Event) -> None:
        """One input event."""

    def update(self, dt: float) -> None:
        """Advance by ``dt`` seconds."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the whole window."""

    def resize(self, size: tuple[int, int]) -> None:
        """The window changed size."""

    def leave(self) -> None:
        """The scene is removed from the stack."""

    def may_close(self) -> bool:
        """The window's close button was pressed: False keeps the window open (the scene
        then asks the person first, e.g. before a host closes a table for everyone)."""
        return True

    def wants_redraw(self) -> bool:
        """Whether the picture changed since the last frame drawn (input redraws too,
        unless ``redraws_for`` says this sees what it changed). Asked every turn.

        A window that redraws only on change costs next to nothing while people think.
        """
        return True

    def redraws_for(self, event: pygame.event.Event) -> bool:
        """Whether an event alone redraws the picture (``wants_redraw`` then need not see
        what it changed): True, unless the scene's ``wants_redraw`` sees all of it."""
        return True


WIDGETS = ("button", "label", "text_entry_line", "text_entry_box", "text_box",
           "drop_down_menu", "check_box", "selection_list", "tool_tip", "window")


def _font(size: int, bold: bool = False) -> list[dict[str, str]]:
    """One font block per language: pygame_gui picks fonts by locale, and only per widget."""
    block = {
        "name": "noto_sans_jp_ck",
        "size": str(size),
        "bold": "1" if bold else "0",
        "regular_path": font_path(False),
        "bold_path": font_path(True),
        "italic_path": font_path(False),
        "bold_italic_path": font_path(True),
    }
    return [dict(block, locale=lang) for lang in i18n.LANGUAGES]


UI_FONT = 16
"""The widgets' font size at 100% text."""


def ui_font() -> int:
    """The widgets' font size at the person's text size, for measuring text before it
    goes into a widget."""
    return scaled(UI_FONT)


COMPACT = "@compact"
"""The theme class of a widget whose words are at the 100% text size where a crowded
form has no room for larger ones (``UIScene.button``, ``label``, ``dropdown``)."""


def ui_theme(size: int = UI_FONT) -> dict[str, Any]:
    """pygame_gui's theme with Noto Sans JP on every widget in every language, so a
    Japanese name never shows as boxes, even in the English interface."""
    theme: dict[str, Any] = {
        "defaults": {
            "colours": {
                "normal_bg": "#5a3a22",
                "hovered_bg": "#7a5230",
                "active_bg": "#9a6a3a",
                "selected_bg": "#9a6a3a",
                "dark_bg": "#2e1f14",
                "normal_text": "#fbeed2",
                "hovered_text": "#ffffff",
                "selected_text": "#ffffff",
                "normal_border": "#c99a5b",
                "hovered_border": "#f1c27d",
                "text_cursor": "#ffffff",
            },
        },
    }
    for widget in WIDGETS:
        theme[widget] = {"font": _font(scaled(size))}
    # a crowded form's buttons (a full table's lobby at large text in a small window)
    # at the size the text has at 100%, which their rows then have room for
    theme[COMPACT] = {"font": _font(size)}
    for part in ("#selected_option", "#drop_down_options_list",  # (a drop-down's own)
                 "#drop_down_options_list.button",  # (and its open list's rows)
                 "label"):  # (a check box's words)
        theme[f"{COMPACT}.{part}"] = {"font": _font(size)}
    theme[f"{COMPACT}.#drop_down_options_list"]["misc"] = {
        "list_item_height": str(int(size * 1.7))}
    theme["label"]["colours"] = {"normal_text": "#fbeed2", "dark_bg": "#00000000"}
    theme["text_box"]["colours"] = {"dark_bg": "#2e1f14cc"}
    # A drop-down's open list is a selection list whose rows default to 20 px, less
    # than a line of this font: the rows must hold their text.
    theme["selection_list"]["misc"] = {"list_item_height": str(int(scaled(size) * 1.7))}
    # Rows of a list are read down their left edge (the replays: date, game, players).
    theme["selection_list.#item_list_item"] = {
        "misc": {"text_horiz_alignment": "left", "text_horiz_alignment_padding": "8"}}
    return theme


def least_size(size: tuple[int, int]) -> None:
    """The least size a person can drag the window to, as a hint to the desktop's
    window manager: dragged to 500x340, the menu's rows ran into each other and Start
    hid under Rules (a size asked for on the command line stays possible). pygame-ce
    reaches the display's window only through a call it means to replace; where that
    call is gone, the window has no least size, as before."""
    with warnings.catch_warnings(), contextlib.suppress(AttributeError, pygame.error):
        warnings.simplefilter("ignore", DeprecationWarning)
        pygame.Window.from_display_module().minimum_size = size


class App:
    def __init__(
        self,
        settings: Settings,
        *,
        headless: bool = False,
        size: tuple[int, int] | None = None,
    ) -> None:
        self.started = time.perf_counter()
        self.headless = headless
        if headless:
            os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
            os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
        if sys.platform.startswith("linux"):
            # The window's pixels go to X11 as they are (MIT-SHM), not through an OpenGL
            # texture: every frame is drawn in software anyway, and finding out whether
            # the OpenGL is fast makes SDL open a test context first, 130 ms of the first
            # frame without a graphics card (12 ms of CPU for every flip after it too).
            # The same pixels either way; setting the variable chooses otherwise.
            os.environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")
        self.settings = settings
        i18n.set_language(settings.language)
        set_text_scale(settings.text_size / 100)
        pygame.mixer.pre_init(**MIXER)  # (pygame.init opens the sound device)
        with device_hushed():
            pygame.init()
        hold_until_quit()
        size = size or (settings.width, settings.height)
        flags = 0 if headless else pygame.RESIZABLE
        self.screen = pygame.display.set_mode(size, flags)
        if not headless:
            least_size((min(SMALLEST[0], size[0]), min(SMALLEST[1], size[1])))
        pygame.display.set_caption(i18n.tr("app.title"))
        # No key repeat: pygame's comes from a timer that can land a second Enter after
        # the key was let go on a busy frame, pressing whatever the first one revealed.
        # (A text field turns its own on while it has the keyboard.)
        pygame.key.set_repeat(0)
        self.audio = Audio(settings.volume, settings.muted, settings.chime_volume)
        self.voice = Voice(settings.voice, settings.voice_volume, settings.subtitles)
        self.voice.sound_off = lambda: self.audio.muted
        palette.set_palette(settings.palette)
        keymap.use(keymap.KeyMap(settings.keys))
        self.scenes: list[Scene] = []
        self.clock = pygame.time.Clock()
        self.frame_ms: list[float] = []
        self.first_frame_s: float | None = None
        self.running = True
        self.frames = 0
        """Pictures drawn."""
        self.turns = 0
        """Turns of the loop, drawn or not."""
        self._stale = True
        self._top: Scene | None = None
        self._top_since = 0.0
        self._top_steps = 0.0
        self._changed_at = time.monotonic()
        """When the stack last changed. The turn after a change may come only after an
        idle screen's sleep (``input_wait_ms``): the new screen's age counts from here."""
        self.paced = False
        """Headless, but in real time (a LAN table's clock is the host's, not ours)."""
        self.draw_all = False
        """Draw every turn of the loop, changed or not. A window draws only what changed
        (``Scene.wants_redraw``); ``bench/redraw.py`` draws all, to find a turn skipped
        whose picture would have differed."""
        self.fresh = True
        """Whether the last turn's picture was wanted (news, input, motion)."""
        self.unattended = False
        """Nobody sits at this window (``join --headless``): it says ready by itself,
        joins the first table it finds, and closes when the table closes or refuses."""
        self.bot_plays = False
        """A bot of the game plays this window's seat (``join --bot``): the window shows
        the table while its seat decides at once, as a person who never hesitates."""
        self._socket: int | None = None
        self._socket_asked = False
        self.lan: LanStats = {"seat": None, "reclaimed": False}
        """The seat this window holds at a LAN table, for ``join --stats``."""

    @property
    def top_age(self) -> float:
        """Seconds the scene on top has been there (a screen just come takes no click:
        ``client.scenes.ui``): the clock's in a window, whose idle turns step less than
        the time they slept; the frames' own time headless."""
        return self._top_steps if self.headless else time.monotonic() - self._top_since

    # -- the scene stack -------------------------------------------------------------
    @property
    def scene(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Scene) -> None:
        self.scenes.append(scene)
        self._stale, self._changed_at = True, time.monotonic()

    def pop(self) -> None:
        if self.scenes:
            self.scenes.pop().leave()
        # (stamped once the screen has left: a hosting lobby takes a while, closing its
        # table, and a click queued meanwhile is the rest of the one that closed it)
        self._stale, self._changed_at = True, time.monotonic()
        if not self.scenes:
            self.running = False

    def replace(self, scene: Scene) -> None:
        if self.scenes:
            self.scenes.pop().leave()
        self._stale, self._changed_at = True, time.monotonic()  # (as ``pop``'s)
        self.scenes.append(scene)

    def make_ui(self) -> pygame_gui.UIManager:
        return Manager(self.screen.get_size(), ui_theme(), starting_language=i18n.language())

    def set_language(self, lang: str) -> None:
        """Switch every screen's words, and remember the choice for the next launch."""
        i18n.set_language(lang)
        self.settings.language = lang
        pygame.display.set_caption(i18n.tr("app.title"))
        self.remember()

    def remember(self) -> None:
        """Save the person's settings (language, volume, window size). A headless run,
        a test or a screenshot, changes nobody's settings."""
        if self.headless:
            return
        self.settings.volume, self.settings.muted = self.audio.volume, self.audio.muted
        self.settings.width, self.settings.height = self.screen.get_size()
        settings_store.save(self.settings.clean())

    # -- running ---------------------------------------------------------------------
    def step(self, dt: float) -> None:
        """One frame: input, update, draw."""
        begin = time.perf_counter()
        self.turns += 1
        if self.scene is not self._top:
            self._top, self._top_since, self._top_steps = self.scene, self._changed_at, 0.0
        events = pygame.event.get()
        for event in events:
            if event.type == pygame.QUIT:
                top = self.scene
                if top is None or top.may_close():
                    self.running = False
                    return
                continue
            if event.type == pygame.VIDEORESIZE and not self.headless:
                self.screen = pygame.display.get_surface() or self.screen
                self._stale = True
                for each in self.scenes:
                    each.resize(event.size)
            top = self.scene
            if top is not None:
                top.handle(event)
        scene = self.scene
        if scene is None:
            self.running = False
            return
        scene.update(dt)
        self._top_steps += dt
        if self.scene is not scene:
            self._stale = True
            return
        wants = scene.wants_redraw()  # (asked every turn: it keeps its last picture's note)
        self.fresh = any(scene.redraws_for(e) for e in events) or self._stale or wants
        if not (self.fresh or self.draw_all):
            return
        self._stale = False
        scene.draw(self.screen)
        recorder = ink.RECORDER
        if recorder is not None:
            for ui in _managers(scene):
                ink.note_ui(ui)
            recorder.end_frame()
        pygame.display.flip()
        self.frames += 1
        self.frame_ms.append((time.perf_counter() - begin) * 1000)
        if self.first_frame_s is None:
            self.first_frame_s = time.perf_counter() - self.started

    def run(self, max_frames: int | None = None) -> None:
        """The main loop; headless runs advance a fixed step per frame and never sleep.

        ``max_frames`` counts turns of the loop, drawn or not (an idle window skips
        drawing), so a screenshot taken after N frames does not wait for N changes.
        """
        turns = 0
        while self.running and (max_frames is None or turns < max_frames):
            turns += 1
            if self.headless:
                if self.paced:
                    self.clock.tick(ACTIVE_FPS)
                self.step(HEADLESS_DT)
                continue
            scene = self.scene
            animating = scene is not None and scene.animating
            dt = self.clock.tick(ACTIVE_FPS if animating else IDLE_FPS) / 1000
            self.step(min(dt, 0.25))
            scene = self.scene
            idle = scene is not None and not scene.animating and not self._stale
            more = max_frames is None or turns < max_frames
            if idle and more and self.running and scene is not None and scene.input_wait_ms:
                # (after the turn, so a new scene's first frame never waits; the next
                # tick counts the sleep into its time step)
                self._wait_for_input(scene.input_wait_ms / 1000, self._input_socket())

    @staticmethod
    def _wait_for_input(seconds: float, socket: int | None = None) -> None:
        """Sleep up to ``seconds``; input ends the sleep at once (``client.idle``)."""
        wait_for_input(seconds, socket)

    def _input_socket(self) -> int | None:
        """The window's display connection to sleep on, found at the first sleep (after
        the first frame; ``client.idle``)."""
        if not self._socket_asked:
            self._socket, self._socket_asked = display_socket(), True
        return self._socket

    def close(self) -> None:
        """Take every scene off the stack, so each hangs up what it holds: a LAN guest
        says it left, a hosted table tells its peers it closed."""
        while self.scenes:
            self.pop()
        self.remember()

    def changed(self) -> None:
        """The picture changed by other means than input or the scene's own news (a
        lesson's ``--auto`` click): the next turn draws it."""
        self._stale = True

    def screenshot(self, path: str | Path) -> None:
        pygame.image.save(self.screen, str(path))

    def stats(self) -> dict[str, float | int]:
        """Frame times, and (when texts were recorded) how many ran out of place."""
        times = sorted(self.frame_ms) or [0.0]

        def pct(p: float) -> float:
            return round(times[min(len(times) - 1, int(p * len(times)))], 3)

        return {
            "frames": len(self.frame_ms),
            "turns": self.turns,
            "p50_ms": pct(0.50),
            "p99_ms": pct(0.99),
            "max_ms": round(times[-1], 3),
            "first_frame_s": round(self.first_frame_s or 0.0, 3),
            **({"text_overflow": ink.RECORDER.total()} if ink.RECORDER is not None else {}),
        }


def _managers(scene: Scene) -> list[Any]:
    """The pygame_gui managers a scene draws: its own, and those of the parts it holds
    (table talk, a notes box)."""
    found = []
    for owner in (scene, *vars(scene).values()):
        ui = getattr(owner, "ui", None) if hasattr(owner, "__dict__") else None
        if isinstance(ui, pygame_gui.UIManager) and ui not in found:
            found.append(ui)
    return found
