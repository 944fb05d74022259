"""The Replays screen: every finished game this installation kept, newest first, with
its game, players and date; pick one and whose eyes to watch it through."""

from __future__ import annotations

import time
from typing import Any

import pygame
import pygame_gui

from client.app import App, ui_font
from client.assets import text
from client.i18n import pick, tr
from client.replays import Entry, list_replays, replay_scene
from client.scenes.ui import UIScene
from core.errors import RulesError
from core.registry import GAMES


def describe(entry: Entry, width: int | None = None) -> str:
    """One row of the list: date, game, players, winner and the reader's seat; the
    players are shortened ("Ada, Ben +5") where the row would not fit ``width``."""
    game = GAMES.get(entry.game_id)
    title = pick(game.title) if game else entry.game_id
    when = time.strftime("%Y-%m-%d %H:%M", time.localtime(entry.when))
    sep = "、" if tr("you") == "あなた" else ", "

    def named(seats: tuple[int, ...]) -> str:
        return sep.join(entry.players[s] for s in seats if s < len(entry.players)) or "—"

    seat = tr("replays.you", names=named(entry.humans)) if entry.humans else tr(
        "replays.watched")
    shown = len(entry.players)
    while True:
        players = sep.join(entry.players[:shown])
        if shown < len(entry.players):
            players = tr("replays.more", names=players, n=len(entry.players) - shown)
        row = tr("replays.entry", when=when, game=title, players=players,
                 winners=named(entry.winners), seat=seat)
        if width is None or shown <= 1 or text(row, ui_font(), (0, 0, 0)).get_width() <= width:
            return row
        shown -= 1


class ReplaysScene(UIScene):
    title_key = "replays.title"

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.entries = list_replays()
        self.chosen = 0
        self.eyes = self._own_eyes(0)
        """0: everything shown; seat + 1: that seat's view."""
        self.widgets: dict[str, Any] = {}
        self.labels: list[str] = []

    def build(self) -> None:
        w, h = self.app.screen.get_size()
        row, left, _ = self.grid()
        self.widgets = {}
        width = w - 2 * left
        if not self.entries:
            self.label(pygame.Rect(left, h // 3, width, row), tr("replays.none"))
        else:
            fits = width - ui_font() * 4  # the list's border and scroll bar
            self.labels = [f"{i + 1}. {describe(e, fits)}" for i, e in enumerate(self.entries)]
            items: list[str | tuple[str, str]] = list(self.labels)
            self.widgets["list"] = pygame_gui.elements.UISelectionList(
                pygame.Rect(left, h // 6, width, h - h // 6 - row * 5), items, self.ui,
                default_selection=self.labels[self.chosen])
            y = h - int(row * 4.4)
            self.label(pygame.Rect(left, y, width // 6, row), tr("replays.from"))
            self._eyes_at = pygame.Rect(left + width // 6, y, width // 3, row)
            self._eyes_field()
            self.widgets["go"] = self.button(
                pygame.Rect(left + width // 2 + row, y, width // 4, row), tr("replays.go"))
        self.widgets["back"] = self.back_button()

    def _own_eyes(self, index: int) -> int:
        """A game one person played opens through their eyes; any other, everything."""
        if index >= len(self.entries) or len(self.entries[index].humans) != 1:
            return 0
        return self.entries[index].humans[0] + 1

    def _eyes_field(self) -> None:
        """The chosen game's *Watch from*: everything, or one of its seats."""
        eyes = [tr("replays.all"), *self.entries[self.chosen].players]
        self.eyes = min(self.eyes, len(eyes) - 1)
        self.widgets["eyes"] = self.dropdown(self._eyes_at, eyes, eyes[self.eyes])

    def choose(self, index: int) -> None:
        """Another game in the list: only its *Watch from* changes. The list stays the
        widget it was, or the second click of a double-click on a row would land on a
        new list, which takes it for a first click."""
        if index != self.chosen:
            self.chosen, self.eyes = index, self._own_eyes(index)
            old = self.widgets.get("eyes")
            if old is None:
                return
            root: Any = self.ui.get_root_container()
            built = root.elements  # (in the keyboard's order: ``UIScene.targets``)
            place = built.index(old)
            old.kill()
            self._eyes_field()
            built.remove(self.widgets["eyes"])
            built.insert(place, self.widgets["eyes"])

    def on_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_SELECTION_LIST_NEW_SELECTION:
            if event.text in self.labels:
                self.choose(self.labels.index(event.text))
        elif event.type == pygame_gui.UI_SELECTION_LIST_DOUBLE_CLICKED_SELECTION:
            if event.text in self.labels:  # a list's row opens at a double-click, as anywhere
                self.choose(self.labels.index(event.text))
                self.start()
        elif event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            entry = self.entries[self.chosen]
            eyes = [tr("replays.all"), *entry.players]
            if event.text in eyes:
                self.eyes = eyes.index(event.text)
        elif event.type == pygame_gui.UI_BUTTON_PRESSED:
            self.pressed(event.ui_element)

    def pressed(self, widget: Any) -> None:
        key = next((k for k, v in self.widgets.items() if v is widget), None)
        if key == "back":
            self.app.pop()
        elif key == "go" and self.entries:
            self.start()

    def start(self) -> None:
        """The chosen game, through the chosen eyes; a log gone bad since it was listed
        is a sentence here."""
        from net.replay import load

        entry = self.entries[self.chosen]
        try:
            recording = load(entry.path)
            seat = None if self.eyes == 0 else self.eyes - 1
            scene = replay_scene(self.app, recording, entry.no, seat)
        except (RulesError, OSError) as exc:
            self.message = str(getattr(exc, "message", exc))
            return
        self.message = ""
        self.app.push(scene)
