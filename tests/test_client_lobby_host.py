"""The hosting window's lobby controls, as people use them: the host changes a bot's
level with its button and every lobby shows it; Start opens only once every seat is
taken and ready, while the guest's lobby says it waits for the host; a guest's own
request to start is refused in a sentence. Real host thread, real sockets on
127.0.0.1, real scenes (dummy video)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pygame_gui
import pytest

from client import identity
from client.app import HEADLESS_DT, App
from client.scenes.cheese_thief import CheeseThiefScene
from client.scenes.connect import ConnectScene
from client.scenes.lobby import LobbyScene, host_lobby, seat_line
from client.scenes.menu import MenuScene
from client.settings import Settings
from net.config import RESULT_PAUSE
from tests.test_client_join import run_until


@pytest.fixture
def windows(tmp_path: Path, monkeypatch: Any) -> Iterator[list[App]]:
    monkeypatch.setenv("CHEESEKNIGHTS_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv(identity.DATA_ENV, str(tmp_path / "data"))
    identity.reset_for_tests()
    made: list[App] = []
    yield made
    for app in reversed(made):
        app.close()
    identity.reset_for_tests()


def window(made: list[App], name: str) -> App:
    app = App(Settings(name=name), headless=True)
    app.push(MenuScene(app))
    made.append(app)
    return app


def click(scene: Any, button: Any) -> None:
    scene.on_event(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=button))


def both(host: App, guest: App, done: Any) -> None:
    """Step both windows until ``done`` (each reads its own peer)."""
    def step() -> bool:
        guest.step(HEADLESS_DT)
        return bool(done())
    run_until(host, step)


def hosted_pair(windows: list[App], tmp_path: Path
                ) -> tuple[App, LobbyScene, App, LobbyScene]:
    """A host's lobby for four (two bots) on loopback, and a guest's lobby joined to it."""
    host = window(windows, "Hana")
    lobby = host_lobby(host, "cheese_thief", 4, {"hour_seconds": 0.2}, 2, "simple",
                       bind="127.0.0.1", announce=False, log_dir=tmp_path)
    host.push(lobby)
    guest = window(windows, "Ivy")
    guest.push(ConnectScene(guest, f"127.0.0.1:{lobby.hosted.host.port}"))  # type: ignore[union-attr]
    run_until(guest, lambda: isinstance(guest.scene, LobbyScene) and guest.scene.table is not None)
    theirs = guest.scene
    assert isinstance(theirs, LobbyScene)
    return host, lobby, guest, theirs


def test_the_host_picks_levels_and_starts_when_all_are_ready(
        windows: list[App], tmp_path: Path) -> None:
    host, lobby, guest, theirs = hosted_pair(windows, tmp_path)

    both(host, guest, lambda: len(lobby.level_buttons) == 2 and lobby.start_button is not None)
    assert sorted(lobby.level_buttons.values()) == [2, 3]
    assert all(b.text == "Level: simple" for b in lobby.level_buttons)
    assert lobby.start_button is not None and not lobby.start_button.is_enabled
    assert lobby.ready_button is None  # the host's own seat: Start says it
    assert lobby.hosted.host.config.pause == RESULT_PAUSE  # type: ignore[union-attr]
    assert not theirs.level_buttons and theirs.start_button is None

    seat_two = next(b for b, seat in lobby.level_buttons.items() if seat == 2)
    click(lobby, seat_two)  # simple -> easy
    both(host, guest, lambda: (theirs.table or {})["seats"][2]["level"] == "easy")
    line, _ = seat_line(theirs.table["seats"][2], False)  # type: ignore[index]
    assert "easy" in line and line.count("Bot") == 1
    both(host, guest, lambda: any(b.text == "Level: easy" for b in lobby.level_buttons))

    theirs.peer.start()  # a guest cannot start the table, whatever it sends
    both(host, guest, lambda: "Only the person hosting" in theirs.message)
    assert not lobby.hosted.host.started  # type: ignore[union-attr]

    theirs.toggle_ready()
    both(host, guest, lambda: lobby.start_button is not None and lobby.start_button.is_enabled)
    both(host, guest, lambda: theirs.status() == "Everyone is ready: waiting for the host to "
                                                 "start.")
    assert lobby.status() == "Everyone is ready: you can start the game."
    theirs.draw(guest.screen)
    lobby.draw(host.screen)

    click(lobby, lobby.start_button)
    both(host, guest, lambda: isinstance(guest.scene, CheeseThiefScene)
         and isinstance(host.scene, CheeseThiefScene))
    assert [bot.level for seat, bot in sorted(lobby.hosted.host.table.bots.items())] == [  # type: ignore[union-attr]
        "easy", "simple"]


def test_every_bot_level_has_words() -> None:
    from client.scenes.lobby import level_word
    from client.strings import STRINGS
    from core.registry import BOTS

    for levels in BOTS.values():
        for level in levels:
            assert f"level.{level}" in STRINGS
    assert level_word("hard") == "hard" and level_word("genius") == "genius"


def test_a_command_line_table_leaves_the_result_up_as_long_as_a_windows_table() -> None:
    """People at a table from ``cheeseknights host`` read the result too: their windows
    say ready by themselves once the table is open, so only the pause keeps the next
    deal from taking the result off their screens."""
    from client.cli import build_parser
    from net.config import HostConfig

    args = build_parser().parse_args(["host", "--headless"])
    assert args.pause == RESULT_PAUSE == HostConfig("cheese_thief", 4).pause
    assert build_parser().parse_args(["host", "--pause", "0.5"]).pause == 0.5
