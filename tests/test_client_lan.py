"""A LAN table hosted from the window: the lobby, a second player joining by address,
and the table scene that follows. All traffic stays on 127.0.0.1; no discovery."""

from __future__ import annotations

import time
from typing import Any

from client.app import HEADLESS_DT, App
from client.scenes.cheese_thief import CheeseThiefScene
from client.scenes.lobby import JoinScene, LobbyScene, host_lobby
from client.settings import Settings


def run_until(app: App, done: Any, seconds: float = 15.0) -> None:
    end = time.monotonic() + seconds
    while time.monotonic() < end and not done():
        app.step(HEADLESS_DT)
        time.sleep(0.01)
    assert done()


def hosted_lobby(tmp_path: Any, monkeypatch: Any) -> tuple[App, LobbyScene]:
    """A window, as the person "Aki", hosting a four-seat Cheese Thief table (two people,
    two bots, short hours) on 127.0.0.1 with nothing announced; settings and logs stay
    in ``tmp_path``. It returns once the host's window sits in the first seat, as a
    person's does before anyone can join: a guest let in sooner may take that seat
    first (a whole run here once seated Ben in seat 0 and the host in seat 1)."""
    monkeypatch.setenv("CHEESEKNIGHTS_CONFIG_DIR", str(tmp_path))
    monkeypatch.chdir(tmp_path)
    app = App(Settings(name="Aki"), headless=True)
    lobby = host_lobby(app, "cheese_thief", 4, {"hour_seconds": 0.2}, 2, "simple",
                       bind="127.0.0.1", announce=False, log_dir=tmp_path)
    app.push(lobby)
    run_until(app, lambda: lobby.table is not None and lobby.peer.seat == 0)
    return app, lobby


def test_host_from_the_window_and_play(tmp_path: Any, monkeypatch: Any) -> None:
    from net.peer import Peer

    app, lobby = hosted_lobby(tmp_path, monkeypatch)
    run_until(app, lambda: lobby.table is not None)
    seats = lobby.table["seats"]  # type: ignore[index]
    assert [s["kind"] for s in seats] == ["human", "human", "bot", "bot"]
    assert seats[0]["name"] == "Aki" and seats[0]["connected"] and not seats[1]["claimed"]
    assert lobby.peer.fingerprint and lobby.peer.seat == 0
    assert seats[0]["ready"] and lobby.ready_button is None  # the host's seat: Start says it

    guest = Peer(lobby.hosted.address, name="Ben")  # type: ignore[union-attr]
    try:
        run_until(app, lambda: lobby.start_button is not None and lobby.start_button.is_enabled)
        lobby.peer.start()
        run_until(app, lambda: isinstance(app.scene, CheeseThiefScene))
        table = app.scene
        assert isinstance(table, CheeseThiefScene)
        run_until(app, lambda: table.k is not None)
        assert table.k is not None and table.k.me == 0
        assert table.name(1) == "Ben"
        assert table.session.feeds[0].roster is not None
    finally:
        guest.close()
        app.pop()
    assert lobby.hosted is not None and not lobby.hosted.thread.is_alive()


def test_join_a_table_by_address(tmp_path: Any, monkeypatch: Any) -> None:
    """The guest's side: the join form, the lobby with the host's key fingerprint, then
    the table once the last seat is taken."""
    from client.scenes.lobby import HostedTable
    from net.host import HostConfig
    from net.peer import Peer

    monkeypatch.setenv("CHEESEKNIGHTS_CONFIG_DIR", str(tmp_path))
    monkeypatch.chdir(tmp_path)
    hosted = HostedTable(HostConfig(game_id="cheese_thief", players=5, bots=3,
                                    bind="127.0.0.1", log_dir=tmp_path), announce=False)
    app = App(Settings(name="Chika"), headless=True)
    join = JoinScene(app, browse=False)
    app.push(join)
    app.step(HEADLESS_DT)
    join.connect(hosted.address)
    run_until(app, lambda: isinstance(app.scene, LobbyScene))
    lobby = app.scene
    assert isinstance(lobby, LobbyScene)
    run_until(app, lambda: lobby.table is not None)
    assert lobby.peer.fingerprint == hosted.host.fingerprint
    lobby.toggle_ready()
    other = Peer(hosted.address, name="Dan")
    try:
        run_until(app, lambda: isinstance(app.scene, CheeseThiefScene))
        table = app.scene
        assert isinstance(table, CheeseThiefScene)
        run_until(app, lambda: table.k is not None)
        assert table.k is not None and table.k.me == 0 and table.name(0) == "Chika"
        assert table.name(1) == "Dan"
    finally:
        other.close()
        app.pop()
        hosted.close()


def test_join_by_a_bad_address_says_why(tmp_path: Any, monkeypatch: Any) -> None:
    monkeypatch.setenv("CHEESEKNIGHTS_CONFIG_DIR", str(tmp_path))
    app = App(Settings(), headless=True)
    join = JoinScene(app, browse=False)
    app.push(join)
    app.step(HEADLESS_DT)
    join.connect("not an address")
    assert "HOST:PORT" in join.message
    assert app.scene is join and not isinstance(app.scene, LobbyScene)
    join.connect("")  # (Join pressed with nothing typed)
    assert join.message == ("Type the table's address (HOST:PORT), or pick a table found "
                            "on the LAN.")
    app.set_language("ja")  # (it read in English on a Japanese window)
    try:
        join.connect("my pc:5000")
        assert join.message == "「my pc:5000」はアドレスではありません。例: 192.168.1.20:47470"
    finally:
        app.set_language("en")
