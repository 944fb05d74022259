"""The lobby's Ready / Not ready button: pressing it sends ``ready`` to the host, the
seat then shows ready (in English and Japanese), and the game starts only once the
last person is ready. All traffic stays on 127.0.0.1."""

from __future__ import annotations

from typing import Any

import pygame
import pygame_gui
import pytest

from client import i18n
from client.app import HEADLESS_DT, App
from client.scenes.cheese_thief import CheeseThiefScene
from client.scenes.lobby import LobbyScene
from client.settings import Settings
from tests.test_client_lan import hosted_lobby, run_until

pytestmark = pytest.mark.usefixtures("host_closes_at_once")


def press(app: App, lobby: LobbyScene) -> None:
    """Click the ready button the way pygame_gui reports a click."""
    assert lobby.ready_button is not None
    pygame.event.post(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED,
                                         {"ui_element": lobby.ready_button}))
    app.step(HEADLESS_DT)


def seat_ready(lobby: LobbyScene, seat: int) -> bool:
    return bool(lobby.table and lobby.table["seats"][seat]["ready"])


def test_the_ready_button_sends_ready_and_the_seat_shows_it(
    tmp_path: Any, monkeypatch: Any
) -> None:
    from net.peer import Peer

    app, lobby = hosted_lobby(tmp_path, monkeypatch)
    window = App(Settings(name="Ben"), headless=True)
    guest = LobbyScene(window, Peer(lobby.hosted.address, name="Ben",  # type: ignore[union-attr]
                                    auto_ready=False))
    sent: list[dict[str, Any]] = []
    guest.peer.record = lambda way, message: sent.append(message) if way == "out" else None
    window.push(guest)
    try:
        run_until(window, lambda: bool(guest.table and guest.table["seats"][1]["claimed"]))
        window.step(HEADLESS_DT)
        assert guest.table is not None and guest.table["ready_check"]
        # The host's own seat is ready from the start: its Start button says it.
        assert [s["ready"] for s in guest.table["seats"]] == [True, False, True, True]
        assert guest.ready_button is not None
        assert guest.ready_button.text == "I'm ready"

        press(window, guest)
        assert {"type": "ready", "ready": True} in sent
        run_until(window, lambda: seat_ready(guest, 1))
        window.step(HEADLESS_DT)
        assert guest.ready_button is not None and guest.ready_button.text == "Not ready yet"
        guest.draw(window.screen)

        press(window, guest)
        assert sent[-1] == {"type": "ready", "ready": False}
        run_until(window, lambda: not seat_ready(guest, 1))

        i18n.set_language("ja")
        try:
            window.step(HEADLESS_DT)
            assert guest.ready_button is not None and guest.ready_button.text == "準備完了"
            guest.draw(window.screen)
            press(window, guest)
            run_until(window, lambda: seat_ready(guest, 1))
            window.step(HEADLESS_DT)
            assert guest.ready_button.text == "準備を取り消す"
        finally:
            i18n.set_language("en")
        assert isinstance(window.scene, LobbyScene)
        assert not lobby.hosted.host.started  # type: ignore[union-attr]

        run_until(app, lambda: lobby.start_button is not None and lobby.start_button.is_enabled)
        lobby.on_event(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED,
                                          {"ui_element": lobby.start_button}))
        run_until(window, lambda: isinstance(window.scene, CheeseThiefScene))
        # between games at a window's table the table scene asks for Continue itself
        assert not guest.peer.auto_ready
    finally:
        window.close()
        app.pop()
    assert lobby.hosted is not None and not lobby.hosted.thread.is_alive()


def test_a_spectators_lobby_has_no_ready_button(tmp_path: Any, monkeypatch: Any) -> None:
    from client.scenes.lobby import HostedTable
    from net.host import HostConfig
    from net.peer import Peer

    monkeypatch.setenv("CHEESEKNIGHTS_CONFIG_DIR", str(tmp_path))
    hosted = HostedTable(HostConfig(game_id="cheese_thief", players=4, bots=3,
                                    bind="127.0.0.1", log_dir=tmp_path), announce=False)
    app = App(Settings(name="Eri"), headless=True)
    watcher = Peer(hosted.address, spectator=True, auto_ready=False)
    lobby = LobbyScene(app, watcher, address=hosted.address)
    app.push(lobby)
    try:
        run_until(app, lambda: lobby.table is not None)
        app.step(HEADLESS_DT)
        assert lobby.ready_button is None and watcher.seat is None
        lobby.toggle_ready()  # does nothing for a spectator
        app.step(HEADLESS_DT)
        assert not hosted.host.started
    finally:
        app.pop()
        hosted.close()
