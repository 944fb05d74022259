"""Who sits at a single-screen table: each person's name, asked before the deal.

The curtain between two people's moments says whom to pass the screen to, and the
table and the story call each person by name, so a shared screen asks for everyone's
name first. The last names used are offered again (kept in the settings), so the same
family at the same laptop only presses Start.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pygame_gui

from client import people as people_rules
from client import settings as settings_mod
from client.app import App, Scene
from client.i18n import tr
from client.scenes.ui import UIScene


class PeopleScene(UIScene):
    """One name field per person, Start and Back; ``then(names)`` builds the table."""

    title_key = "people.title"
    decorated = False  # the backdrop's cheese would sit under Start

    def __init__(self, app: App, people: int, then: Callable[[list[str]], Scene]) -> None:
        super().__init__(app)
        self.then = then
        self.names = people_rules.offered(app.settings.screen_names, people,
                                          tr("people.default"))
        self.entries: list[pygame_gui.elements.UITextEntryLine] = []

    def build(self) -> None:
        w, h = self.app.screen.get_size()
        row, left, col = self.grid()
        top = h // 6
        self.label(pygame.Rect(left, top, w - 2 * left, row), tr("people.ask"))
        step = min(row + row // 3, (h - top - row * 5) // max(1, len(self.names)))
        self.entries = []
        for i, name in enumerate(self.names):
            y = top + row * 2 + i * step
            self.label(pygame.Rect(left, y, col // 2, row), tr("people.person", n=i + 1))
            entry = self.text_entry(pygame.Rect(left + col // 2, y, col, row))
            entry.set_text_length_limit(people_rules.LONGEST)
            entry.set_text(name)
            self.entries.append(entry)
        w_start = w // 6
        self.start = self.button(pygame.Rect(w - left - w_start, h - int(row * 2.2), w_start,
                                             row), tr("people.start"))
        self.back = self.back_button()

    def on_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED and event.ui_element in self.entries:
            self.names[self.entries.index(event.ui_element)] = event.ui_element.get_text()
        elif event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.back:
            self.app.pop()
        elif event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.start:
            self.submit()

    def submit(self) -> None:
        """Start with these names, or say in one sentence why not (nothing changes)."""
        try:
            names = people_rules.check(self.names)
        except people_rules.NamesProblem as problem:
            self.message = tr(problem.key, name=problem.name)
            return
        self.app.settings.screen_names = names
        settings_mod.save(self.app.settings)
        self.app.replace(self.then(names))


def with_people(app: App, humans: int, make: Callable[[list[str] | None], Scene]) -> Scene:
    """The table ``make`` builds; with several people at the screen, their names first."""
    if humans < 2:
        return make(None)
    return PeopleScene(app, humans, make)
