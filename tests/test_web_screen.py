"""The table screen: a window that hosts a table whose people are all on phones holds no
seat; its lobby shows the join code large, the address as text and who has joined, and
its table shows the public table only. Real scenes (dummy video), a real host thread
with its real gateway, Python phones speaking to it as the page does."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pygame
import pygame_gui
import pytest

from client import hosting
from client.i18n import tr
from client.phones import code_matrix
from client.scenes.lobby import LobbyScene
from client.scenes.menu import PORT, SCREEN, MenuScene
from client.scenes.table import TableScene
from client.session import PUBLIC
from net.web.phone import PyPhone
from tests.phone_rig import py_phone
from tests.ports import table_port
from tests.window_rig import own_window, run_until

pytestmark = pytest.mark.usefixtures("host_closes_at_once")


@pytest.fixture
def window(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    with own_window(tmp_path, monkeypatch) as app:
        yield app


def keep(app: Any, path: Path) -> None:
    pygame.image.save(app.screen, str(path))
    if os.environ.get("CHEESEKNIGHTS_SHOTS"):
        shutil.copy(path, Path(os.environ["CHEESEKNIGHTS_SHOTS"]) / path.name)


def press(app: Any, button: Any) -> None:
    app.scene.on_event(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=button))


def screen_from_the_form(app: Any, players: int, people: int,
                         monkeypatch: pytest.MonkeyPatch) -> LobbyScene:
    """The host form with *Table screen* on, as a person sets it, and Start (the table
    listens on 127.0.0.1 and announces nothing: a test's traffic stays on loopback)."""
    from client.scenes import lobby as lobby_module

    real = lobby_module.host_lobby
    monkeypatch.setattr(lobby_module, "host_lobby", lambda *a, **k: real(
        *a, **{**k, "bind": "127.0.0.1", "announce": False}))
    menu = app.scene
    assert isinstance(menu, MenuScene)
    menu.mode, menu.players, menu.people_seats, menu._built = "host", players, people, None
    app.step(0.05)
    fields = {name: widget for widget, name in menu.option_widgets.items()}
    assert SCREEN in fields  # the form offers it, with the port and the password
    menu.dropdown_changed(fields[SCREEN], tr("opt.on"))
    menu.option_text[PORT] = str(table_port())  # (its phones' port free too)
    press(app, menu.widgets["start"])
    lobby = app.scene
    assert isinstance(lobby, LobbyScene), menu.message
    return lobby


def seated(lobby: LobbyScene) -> list[str]:
    return [str(s.get("name")) for s in (lobby.table or {}).get("seats") or []
            if s["claimed"] and s["kind"] == "human"]


def test_a_table_screen_shows_the_code_who_joined_and_then_only_the_table(
        window: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    lobby = screen_from_the_form(window, 4, 2, monkeypatch)
    hosted = lobby.hosted
    assert hosted is not None and hosted.phones_url and lobby.screen
    run_until(window, lambda: lobby.table is not None, 10)
    assert lobby.peer.seat is None  # the window holds no seat...
    record = hosting.last()
    assert record is not None and record["screen"] is True  # (resumed as a screen too)
    phones: list[PyPhone] = []
    try:
        for name in ("Mika", "Noa"):
            phone = py_phone(SimpleNamespace(gateway=hosted.gateway, keys=hosted.host.keys))
            phones.append(phone)
            phone.send({"type": "join", "v": 2, "name": name, "ready": True})
            assert isinstance(phone.until("welcome")["seat"], int)
        run_until(window, lambda: seated(lobby) == ["Mika", "Noa"], 10)
        window.step(0.05)
        keep(window, tmp_path / "screen-lobby.png")
        # ...and does not count itself among those watching
        assert (lobby.table or {}).get("spectators") == 1
        # the code, large, module for module the join address's
        matrix = code_matrix(hosted.phones_url)
        area = lobby._code_area()
        # the address to type, whole, in the caption's column: wrapped to the window's
        # edge, it ran to within a few pixels of it, and a fourth line was left out
        from client.kit import widgets

        drawn: list[tuple[str, pygame.Rect]] = []
        blit_text = widgets.blit_text

        def noted(*args: Any, **kwargs: Any) -> pygame.Rect:
            drawn.append((args[1], blit_text(*args, **kwargs)))
            return drawn[-1][1]

        monkeypatch.setattr(widgets, "blit_text", noted)
        lobby.draw(window.screen)
        monkeypatch.setattr(widgets, "blit_text", blit_text)
        typed = tr("lobby.screen_type", url=hosted.phones_url)
        caption = next(rect for words, rect in drawn if words == tr("lobby.screen_scan"))
        lines = [(words, rect) for words, rect in drawn if rect.top > caption.top]
        assert "".join(words for words, _ in lines) == typed
        assert all(caption.left <= rect.left and rect.right <= area.right
                   for _, rect in lines), (lines, caption, area)
        module = area.w // len(matrix)
        assert module * len(matrix) >= window.screen.get_height() // 3
        left = area.right - module * len(matrix)
        for row in range(len(matrix)):
            for col in range(len(matrix)):
                colour = window.screen.get_at((left + col * module + module // 2,
                                               area.y + row * module + module // 2))
                assert (colour.r < 128) == matrix[row][col]
        # every seat taken and ready: the person at the screen starts the game
        run_until(window, lambda: lobby.start_button is not None
                  and lobby.start_button.is_enabled, 10)
        press(window, lobby.start_button)
        run_until(window, lambda: isinstance(window.scene, TableScene), 15)
        scene = window.scene
        session = scene.session
        assert session.humans == [] and session.shown == PUBLIC and session.role == "host"
        run_until(window, lambda: session.view() is not None, 10)
        window.step(0.05)
        keep(window, tmp_path / "screen-table.png")
        assert "you" not in session.view()  # the public table, nobody's secrets
        dealt = phones[0].until("update")
        assert "you" in dealt["view"]  # (each phone has its own)
    finally:
        for phone in phones:
            phone.close()
