"""The lobby's Ready / Not ready button: pressing it sends ``ready`` to the host, the
seat then shows ready (in English and Japanese), and the game starts only once the
last person is ready. All traffic stays on 127.0.0.1."""

from __future__ import annotations

from typing import Any

import pygame
import pygame_gui

from client import i18n
from client.app import HEADLESS_DT, App
from client.scenes.cheese_thief import CheeseThiefScene
from client.scenes.lobby import LobbyScene, host_lobby
from client.settings import Settings
from tests.test_client_lan import run_until


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

    monkeypatch.setenv("CHEESEKNIGHTS_CONFIG_DIR", str(tmp_path))
    monkeypatch.chdir(tmp_path)
    app = App(Settings(name="Aki"), headless=True)
    lobby = host_lobby(app, "cheese_thief", 4, {"hour_seconds": 0.2}, 2, "simple",
                       bind="127.0.0.1", announce=False, log_dir=tmp_path)
    sent: list[dict[str, Any]] = []
    lobby.peer.record = lambda way, message: sent.append(message) if way == "out" else None
    app.push(lobby)
    guest = Peer(lobby.hosted.address, name="Ben", auto_ready=False)  # type: ignore[union-attr]
    try:
        run_until(app, lambda: bool(lobby.table and lobby.table["seats"][1]["claimed"]))
        app.step(HEADLESS_DT)
        assert lobby.table is not None and lobby.table["ready_check"]
        assert [s["ready"] for s in lobby.table["seats"]] == [False, False, True, True]
        assert lobby.ready_button is not None
        assert lobby.ready_button.text == "I'm ready"

        press(app, lobby)
        assert {"type": "ready", "ready": True} in sent
        run_until(app, lambda: seat_ready(lobby, 0))
        app.step(HEADLESS_DT)
        assert lobby.ready_button is not None and lobby.ready_button.text == "Not ready yet"
        lobby.draw(app.screen)
        assert not lobby.hosted.host.started  # type: ignore[union-attr]

        press(app, lobby)
        assert sent[-1] == {"type": "ready", "ready": False}
        run_until(app, lambda: not seat_ready(lobby, 0))

        i18n.set_language("ja")
        try:
            app.step(HEADLESS_DT)
            assert lobby.ready_button is not None and lobby.ready_button.text == "準備完了"
            lobby.draw(app.screen)
            press(app, lobby)
            run_until(app, lambda: seat_ready(lobby, 0))
            app.step(HEADLESS_DT)
            assert lobby.ready_button.text == "準備を取り消す"
        finally:
            i18n.set_language("en")
        assert isinstance(app.scene, LobbyScene)

        guest.set_ready(True)  # the last person: now the game is dealt
        run_until(app, lambda: isinstance(app.scene, CheeseThiefScene))
        assert lobby.peer.auto_ready  # between games the table scene has no button
    finally:
        guest.close()
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
