"""Finding a LAN table: the tables discovery sees, or an address typed in.

Each table is listed by its game's title in the reader's language and its host's name,
with a lock where it asks for a password and a warning where its host runs another
version; a table that stops announcing (its host closed, crashed or left the network)
leaves the list within ``KEEP`` seconds and a search."""

from __future__ import annotations

import threading
import time
from typing import Any

import pygame
import pygame_gui

from client.app import App
from client.i18n import tr
from client.listing import table_words
from client.scenes.ui import UIScene


class JoinScene(UIScene):
    """Tables found on the LAN (mDNS), or an address typed in.

    The list keeps refreshing while the scene is open. An unattended window (tests,
    pictures) has nobody to click, so it joins the first table found with a free seat.
    """

    title_key = "mode.join"
    REFRESH = 3.0
    KEEP = 5.0
    """Seconds a table stays listed after a search last found it: longer than a search
    (so one lost answer does not make it blink out), short enough that a dead table is
    gone within ten seconds."""

    def __init__(self, app: App, *, browse: bool = True) -> None:
        super().__init__(app)
        self.found: list[Any] = []
        self.searching = False
        self.browse = browse
        self.buttons: dict[Any, list[str]] = {}
        """Each listed table's button, and every address its host announced."""
        self.seen: dict[str, tuple[Any, float]] = {}
        """Every table found lately, by its record's name, and when it was last found."""
        self.locks: list[pygame.Rect] = []
        """Where a lock is drawn: beside each listed table that asks for a password."""
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
            now = time.monotonic()
            self.seen.update({table.name: (table, now) for table in found})
            self.searching = False

        threading.Thread(target=look, name="browse", daemon=True).start()

    def keep_list(self, now: float) -> None:
        """The list: what searches found in the last ``KEEP`` seconds, by name."""
        for name, (_, at) in list(self.seen.items()):
            if now - at > self.KEEP:
                del self.seen[name]
        found = sorted((table for table, _ in self.seen.values()), key=lambda t: t.name)
        if [t.to_data() for t in found] != [t.to_data() for t in self.found]:
            self.found = found
            self._built = None

    def update(self, dt: float) -> None:
        now = time.monotonic()
        self.keep_list(now)  # (first: the widgets are built for it in this frame)
        super().update(dt)
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
        # (kept: each table coming or going builds the screen again)
        self.entry = self.text_entry(pygame.Rect(left + col, y, col, row), keep="address")
        self.join = self.button(pygame.Rect(left + 2 * col + 10, y, col // 3, row),
                                tr("menu.join"))
        y += row * 2
        self.label(pygame.Rect(left, y, col, row), tr("menu.found"))
        y += row
        self.buttons, self.locks = {}, []
        if not self.found:
            self.label(pygame.Rect(left, y, col * 2, row), tr("menu.none_found"))
        for table in self.found[:8]:
            rect = pygame.Rect(left, y, w - 2 * left, row)
            button = self.button(rect, table_words(table))
            self.buttons[button] = table.places()
            if table.locked:
                self.locks.append(pygame.Rect(rect.left - row - 6, rect.top, row, row))
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
        except Exception:  # noqa: BLE001 - a typing mistake is said, in the reader's words
            self.message = (tr("menu.bad_address", address=address) if address
                            else tr("menu.no_address"))
            return
        self.message = ""
        self.app.push(ConnectScene(self.app, address, also=also))

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        from client.assets import svg

        for rect in self.locks:
            surface.blit(svg("lock", rect.width, rect.height), rect)
