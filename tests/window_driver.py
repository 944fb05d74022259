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

``host`` chooses *Host a LAN table* on the menu (Cheese Thief, four seats, two of them
for people, short hours, any free port), presses *Start* once the guest is ready, and
plays at its table; ``resume`` presses the menu's *Resume your table* as soon as it
appears and plays on. Both print a ``hosting``/``resumed`` line (seat, whether it was
reclaimed, port, fingerprint, and for ``resume`` the seconds from the press to every
person seated), and at the result the JSON line above; ``guest`` (a ``join``) plays
until the result. The menu's own widgets are set as a person would pick them.

Only events and the scenes' own buttons are used: the program cannot tell it from a
person with a quick hand.
"""

from __future__ import annotations

import json
import os
import sys
import time
from typing import Any

import pygame
import pygame_gui

from client import cli
from client.app import App
from tests.ports import WINDOW_PORT


def press(widget: Any) -> None:
    """A click on a pygame_gui button, as the manager reports it."""
    pygame.event.post(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=widget))


class Person:
    def __init__(self, mode: str) -> None:
        self.mode = mode
        self.done: set[str] = set()
        self.pressed_at = 0.0

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
        if isinstance(scene, MenuScene) and self.mode == "hostwindow" and self.once("host"):
            from client.scenes.lobby import host_lobby

            lobby = host_lobby(app, "cheese_thief", 4, {}, 2, "simple", bind="127.0.0.1",
                               announce=False)
            app.push(lobby)
            print(f"hosting at 127.0.0.1:{lobby.hosted.host.port}", flush=True)  # type: ignore[union-attr]
            return
        if isinstance(scene, LobbyScene) and scene.hosted is not None and self.once("lobby"):
            print(f"lobby port {scene.hosted.host.port}", flush=True)
        if isinstance(scene, LobbyScene) and scene.ready_button is not None:
            if self.once("ready"):
                press(scene.ready_button)
        elif (isinstance(scene, LobbyScene) and scene.start_button is not None
              and scene.start_button.is_enabled and self.once("start")):
            press(scene.start_button)
            print("pressed start", flush=True)
        elif isinstance(scene, MenuScene) and self.mode in ("rejoin", "resume"):
            button = scene.widgets.get(self.mode)
            if button is not None and self.once(self.mode):
                self.pressed_at = time.monotonic()
                press(button)
        elif isinstance(scene, MenuScene) and self.mode in ("host", "hostclose") and self.once(
                "host"):
            scene.mode, scene.players, scene.people_seats = "host", 4, 2
            scene.option_text.update(hour_seconds="1", discussion_seconds="10",
                                     vote_seconds="10")
            # (never the README's 47470 in a test; a port the test chose, which its
            # table finds free again when it is resumed: ``tests/ports.py``)
            scene.port_text = os.environ.get(WINDOW_PORT, "0")
            app.settings.name = app.settings.name or "Aki"
            self.pressed_at = time.monotonic()
            scene.start()
        elif isinstance(scene, TableScene) and scene.feed.view is not None:
            self.at_table(app, scene)

    def at_table(self, app: App, scene: Any) -> None:
        feed = scene.feed
        if self.mode in ("host", "hostclose", "resume") and self.once("seated"):
            self.say_seated(app, scene)
        if self.mode == "hostclose":
            self.close_table(scene, feed)
            return
        if self.mode == "guest" and self.once("seated"):
            print(f"at the table seat {feed.seat}", flush=True)
        self.say_waiting(scene, feed)
        if self.mode == "resume" and "everyone" not in self.done and everyone_seated(feed):
            self.done.add("everyone")
            print(f"everyone seated {time.monotonic() - self.pressed_at:.2f} s after the "
                  f"press", flush=True)
        if self.mode == "close":
            if self.once("close"):
                print(f"closing at {feed.view.get('phase')}", flush=True)
                pygame.event.post(pygame.event.Event(pygame.QUIT))
            return
        result = feed.view.get("result")
        if result is not None:
            if self.once("report"):
                print(json.dumps({**app.lan, "log": len(feed.log), "result": result,
                                  "at": feed.seat}), flush=True)
                pygame.event.post(pygame.event.Event(pygame.QUIT))
        elif feed.hold is not None:
            button = next((b for b in scene.buttons if b.key == "continue" and b.enabled), None)
            if button is not None and not feed.pending:
                button.on_click()
        elif feed.legal and not feed.pending:
            scene.send(feed.legal[0])


    def say_waiting(self, scene: Any, feed: Any) -> None:
        """The resumed table's sentence, the first time the screen shows it, with the
        open window's clock as shown (it stands still while the table waits)."""
        from client.kit.resume_wait import waiting_words

        words = waiting_words(feed, scene.session.clock)
        if words is not None and self.once("waiting"):
            print(f"waiting shown: {words} / clock {feed.remaining(scene.session.clock)}",
                  flush=True)

    def close_table(self, scene: Any, feed: Any) -> None:
        """Once the night has begun: the window's close button, then *Close the table*
        (Enter) on the question it asks."""
        if scene.confirm == "quit" and self.once("confirm"):
            print("closing the table", flush=True)
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN,
                                                 mod=0, unicode="\r"))
        elif feed.view.get("phase") == "night" and self.once("close"):
            pygame.event.post(pygame.event.Event(pygame.QUIT))

    def say_seated(self, app: App, scene: Any) -> None:
        """The hosting window's own seat, and what guests need to find the table."""
        lobby = scene.session.on_close.__self__  # (the lobby handed its table over)
        hosted, peer = lobby.hosted, lobby.peer
        word = "resumed" if self.mode == "resume" else "hosting"
        print(f"{word} seat {peer.seat} reclaimed {peer.reclaimed} port {hosted.host.port} "
              f"fingerprint {peer.fingerprint} after {time.monotonic() - self.pressed_at:.2f} s",
              flush=True)


def everyone_seated(feed: Any) -> bool:
    """Every person's seat at the table is held by its person, connected."""
    seats = (feed.roster or {}).get("seats") or []
    people = [s for s in seats if s.get("kind") == "human"]
    return bool(people) and all(s.get("connected") and not s.get("stand_in") for s in people)


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
