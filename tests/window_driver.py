"""The real program, driven the way a person at a LAN table would drive it, for tests
that need a whole window process (``tests/test_lan_close.py``).

``python -m tests.window_driver close ARGS...`` runs ``cheeseknights ARGS...`` (a
``join``), presses *I'm ready* in the lobby, and once the table shows its first view
closes the window: a ``pygame.QUIT``, as the window manager's close button sends.

``python -m tests.window_driver host ARGS...`` runs ``cheeseknights ARGS...`` (the
``menu``) and hosts a four-seat Cheese Thief table with two bots from it (as its host
form does), prints ``hosting at ADDRESS``, and presses *Start* once every seat is ready.

``python -m tests.window_driver rejoin ARGS...`` runs ``cheeseknights ARGS...`` (the
``menu``), presses the menu's *Rejoin* entry as soon as it appears, plays the first
legal action whenever its seat has one, presses *Continue* on each round summary the
table holds for, and when the game is over prints one JSON line
(the seat held, whether it was reclaimed, how many log lines the screen holds, the
result) and closes the window the same way.

Only events and the scenes' own buttons are used: the program cannot tell it from a
person with a quick hand.
"""

from __future__ import annotations

import json
import sys
from typing import Any

import pygame
import pygame_gui

from client import cli
from client.app import App


def press(widget: Any) -> None:
    """A click on a pygame_gui button, as the manager reports it."""
    pygame.event.post(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=widget))


class Person:
    def __init__(self, mode: str) -> None:
        self.mode = mode
        self.done: set[str] = set()

    def once(self, what: str) -> bool:
        if what in self.done:
            return False
        self.done.add(what)
        return True

    def look(self, app: App) -> None:
        from client.scenes.lobby import LobbyScene
        from client.scenes.menu import MenuScene
        from client.scenes.table import TableScene

        scene = app.scene
        if isinstance(scene, MenuScene) and self.mode == "host" and self.once("host"):
            from client.scenes.lobby import host_lobby

            lobby = host_lobby(app, "cheese_thief", 4, {}, 2, "simple", bind="127.0.0.1",
                               announce=False)
            app.push(lobby)
            print(f"hosting at 127.0.0.1:{lobby.hosted.host.port}", flush=True)  # type: ignore[union-attr]
        elif (isinstance(scene, LobbyScene) and scene.start_button is not None
                and scene.start_button.is_enabled and self.once("start")):
            press(scene.start_button)
            print("pressed start", flush=True)
        elif isinstance(scene, LobbyScene) and scene.ready_button is not None:
            if self.once("ready"):
                press(scene.ready_button)
        elif isinstance(scene, MenuScene) and self.mode == "rejoin":
            button = scene.widgets.get("rejoin")
            if button is not None and self.once("rejoin"):
                press(button)
        elif isinstance(scene, TableScene) and scene.feed.view is not None:
            self.at_table(app, scene)

    def at_table(self, app: App, scene: Any) -> None:
        feed = scene.feed
        if self.mode == "close":
            if self.once("close"):
                print(f"closing at {feed.view.get('phase')}", flush=True)
                pygame.event.post(pygame.event.Event(pygame.QUIT))
            return
        result = feed.view.get("result")
        if result is not None:
            if self.once("report"):
                print(json.dumps({**app.lan, "log": len(feed.log), "result": result}),
                      flush=True)
                pygame.event.post(pygame.event.Event(pygame.QUIT))
        elif feed.hold is not None:
            button = next((b for b in scene.buttons if b.key == "continue" and b.enabled), None)
            if button is not None and not feed.pending:
                button.on_click()
        elif feed.legal and not feed.pending:
            scene.send(feed.legal[0])


def main(argv: list[str]) -> int:
    person = Person(argv[0])
    step = App.step

    def stepping(app: App, dt: float) -> None:
        person.look(app)
        step(app, dt)

    App.step = stepping  # type: ignore[method-assign]
    return cli.main(argv[1:])


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
