"""Finding a LAN table: the tables discovery sees, or an address typed in."""

from __future__ import annotations

import threading
import time
from typing import Any

import pygame
import pygame_gui

from client.app import App
from client.i18n import tr
from client.scenes.ui import UIScene


class JoinScene(UIScene):
    """Tables found on the LAN (mDNS), or an address typed in.

    The list keeps refreshing while the scene is open. An unattended window (tests,
    pictures) has nobody to click, so it joins the first table found with a free seat.
    """

    title_key = "mode.join"
    REFRESH = 3.0

    def __init__(self, app: App, *, browse: bool = True) -> None:
        super().__init__(app)
        self.found: list[Any] = []
        self.searching = False
        self.browse = browse
        self.buttons: dict[Any, list[str]] = {}
        """Each listed table's button, and every address its host announced."""
        self._next_search = 0.0
        self._picked = False

    def search(self) -> None:
        if self.searching:
            return
        self.searching = True

        def look() -> None:
            try:
                from net.discovery import browse

                found = browse(2.0)
            except Exception:  # noqa: BLE001 - no multicast: typing an address still works
                found = []
            if [t.to_data() for t in found] != [t.to_data() for t in self.found]:
                self.found = found
                self._built = None
            self.searching = False

        threading.Thread(target=look, name="browse", daemon=True).start()

    def update(self, dt: float) -> None:
        super().update(dt)
        now = time.monotonic()
        if self.browse and not self.searching and now >= self._next_search:
            self._next_search = now + self.REFRESH
            self.search()
        if self.app.unattended and not self._picked:
            from client import identity

            # A table where this installation holds a seat first (a relaunch after a
            # crash), then any with a free seat.
            held = [t for t in self.found if identity.seat_at(t.key) is not None]
            free = held or [t for t in self.found if t.free > 0]
            if free:
                self._picked = True
                self.connect(*free[0].places())

    def build(self) -> None:
        w, h = self.app.screen.get_size()
        row, left, col = self.grid()
        y = h // 6
        self.label(pygame.Rect(left, y, col, row), tr("menu.address"))
        self.entry = pygame_gui.elements.UITextEntryLine(
            pygame.Rect(left + col, y, col, row), self.ui)
        self.join = self.button(pygame.Rect(left + 2 * col + 10, y, col // 3, row),
                                tr("menu.join"))
        y += row * 2
        self.label(pygame.Rect(left, y, col, row), tr("menu.found"))
        y += row
        self.buttons = {}
        if not self.found:
            self.label(pygame.Rect(left, y, col * 2, row), tr("menu.none_found"))
        for table in self.found[:8]:
            where = f"{table.address}:{table.port}"
            words = tr("menu.found_table", game=table.game, where=where, free=table.free,
                       fp=table.fingerprint or "-")
            button = self.button(pygame.Rect(left, y, col * 2, row), words)
            self.buttons[button] = table.places()
            y += row + 4
        self.back = self.back_button()

    def on_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.back:
                self.app.pop()
            elif event.ui_element is self.join:
                self.connect(self.entry.get_text().strip())
            elif event.ui_element in self.buttons:
                self.connect(*self.buttons[event.ui_element])
        elif event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and event.ui_element is self.entry:
            self.connect(self.entry.get_text().strip())

    def connect(self, address: str, *also: str) -> None:
        """Join the table at ``address`` (or, first to answer, at one of ``also``)."""
        from client.scenes.connect import ConnectScene
        from net.peer import parse_address

        try:
            parse_address(address)
        except Exception as exc:  # noqa: BLE001 - a typing mistake is said, in words
            self.message = str(getattr(exc, "message", exc))
            return
        self.message = ""
        self.app.push(ConnectScene(self.app, address, also=also))
