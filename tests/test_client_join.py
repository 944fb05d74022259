"""Joining a LAN table from the window as a person would: the name asked once, every
refusal said with a way forward, a seat taken back after a crash, and leaving that asks
first. Real hosts on threads, real sockets on 127.0.0.1, real scenes (dummy video)."""

from __future__ import annotations

import json
import stat
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest

from client import i18n, identity
from client import settings as settings_mod
from client.app import HEADLESS_DT, App
from client.scenes.connect import ConnectScene, NameScene, with_name
from client.scenes.lobby import HostedTable, JoinScene, LobbyScene
from client.scenes.menu import MenuScene
from client.scenes.table import TableScene
from client.settings import Settings
from net.host import HostConfig
from net.keys import KeyPair
from net.peer import Peer


@pytest.fixture(autouse=True)
def own_dirs(tmp_path: Path, monkeypatch: Any) -> Iterator[Path]:
    monkeypatch.setenv("CHEESEKNIGHTS_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv(identity.DATA_ENV, str(tmp_path / "data"))
    identity.reset_for_tests()
    yield tmp_path
    identity.reset_for_tests()


@pytest.fixture
def tables(tmp_path: Path) -> Iterator[list[HostedTable]]:
    made: list[HostedTable] = []
    yield made
    for hosted in made:
        hosted.close()


def host(tables: list[HostedTable], tmp_path: Path, **config: Any) -> HostedTable:
    base: dict[str, Any] = dict(game_id="cheese_thief", players=4, bots=2, bind="127.0.0.1",
                                log_dir=tmp_path, timeout=1.5)
    base.update(config)
    hosted = HostedTable(HostConfig(**base), announce=False)
    tables.append(hosted)
    return hosted


def run_until(app: App, done: Any, seconds: float = 12.0) -> None:
    end = time.monotonic() + seconds
    while time.monotonic() < end and not done():
        app.step(HEADLESS_DT)
        time.sleep(0.01)
    assert done(), f"stuck on {type(app.scene).__name__}: {getattr(app.scene, 'sentence', '')}"


WINDOWS: list[App] = []


@pytest.fixture(autouse=True)
def close_windows() -> Iterator[None]:
    """Every window a test opened hangs up, even when the test failed."""
    yield
    while WINDOWS:
        WINDOWS.pop().close()


def window(name: str = "Aki") -> App:
    app = App(Settings(name=name), headless=True)
    app.push(MenuScene(app))
    WINDOWS.append(app)
    return app


def connect(app: App, address: str, **kwargs: Any) -> ConnectScene:
    scene = ConnectScene(app, address, **kwargs)
    app.push(scene)
    return scene


def refused(app: App, scene: ConnectScene) -> str:
    run_until(app, lambda: scene.state == "refused")
    app.step(HEADLESS_DT)  # the widgets for the way forward are built
    return scene.sentence


def seated_and_ready(app: App) -> None:
    run_until(app, lambda: isinstance(app.scene, LobbyScene) and app.scene.table is not None)
    lobby = app.scene
    assert isinstance(lobby, LobbyScene)
    lobby.toggle_ready()


def click(app: App, scene: Any, button: Any) -> None:
    import pygame_gui

    scene.on_event(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=button))


# -- the name ---------------------------------------------------------------------------------
def test_the_name_is_asked_once_and_remembered(tables: list[HostedTable],
                                               tmp_path: Path) -> None:
    app = App(settings_mod.load(), headless=True)
    assert app.settings.name == ""  # never asked yet: no "Player" for everyone
    app.push(MenuScene(app))
    first = with_name(app, lambda: JoinScene(app, browse=False))
    assert isinstance(first, NameScene)
    app.push(first)
    app.step(HEADLESS_DT)
    first.submit("   ")
    assert "name" in first.message.lower() and app.scene is first
    first.submit("Hana")
    assert isinstance(app.scene, JoinScene)
    assert settings_mod.load().name == "Hana"
    again = App(settings_mod.load(), headless=True)
    assert isinstance(with_name(again, lambda: JoinScene(again, browse=False)), JoinScene)


def test_the_host_keeps_names_unique(tables: list[HostedTable], tmp_path: Path) -> None:
    """A name already at the table, in any case, gets the next free number. The three
    join one after another (each seated before the next knocks), so which of them is
    the first "Aki" is the order they came in, not a race between their sockets."""
    hosted = host(tables, tmp_path, players=5, bots=1)
    peers: list[Peer] = []
    names: list[str] = []
    try:
        for name in ("Aki", "aki", "Aki"):
            peers.append(Peer(hosted.address, name=name))
            end = time.monotonic() + 5
            while time.monotonic() < end and len([n for n in names if n]) < len(peers):
                for peer in peers:
                    for message in peer.poll():
                        if message["type"] == "table":
                            names = [s["name"] for s in message["seats"][:3]]
                time.sleep(0.02)
        assert names == ["Aki", "aki 2", "Aki 3"]
    finally:
        for peer in peers:
            peer.close()


# -- refusals, each a sentence with a way forward ------------------------------------------
def test_a_full_table_offers_to_watch(tables: list[HostedTable], tmp_path: Path) -> None:
    hosted = host(tables, tmp_path, players=4, bots=2)
    app = window()
    seated = [connect(window(n), hosted.address, keys=KeyPair.generate())
              for n in ("Ben", "Chika")]
    for scene in seated:
        run_until(scene.app, lambda s=scene: isinstance(s.app.scene, LobbyScene))  # type: ignore[misc]
    # Both seats are claimed but nobody is ready: the table is full and not started.
    scene = connect(app, hosted.address)
    assert "Every seat" in refused(app, scene) and "spectator" in scene.sentence
    watch = next(b for b, action in scene.actions.items() if action == scene.watch)
    click(app, scene, watch)
    run_until(app, lambda: isinstance(app.scene, LobbyScene))
    assert app.lan["seat"] is None
    for other in seated:
        other.app.close()
    app.close()


def test_a_wrong_password_asks_again(tables: list[HostedTable], tmp_path: Path) -> None:
    hosted = host(tables, tmp_path, password="cheddar")
    app = window()
    scene = connect(app, hosted.address)
    assert "needs a password" in refused(app, scene)
    scene.with_password("brie")
    assert "not this table's password" in refused(app, scene)
    scene.with_password("gouda")  # a second wrong try says it was read
    assert "not this table's either" in refused(app, scene)
    scene.password_entry.set_text("cheddar")
    scene.with_password()
    run_until(app, lambda: isinstance(app.scene, LobbyScene))
    assert app.lan["seat"] == 0
    app.close()


def test_a_refusal_is_said_again_in_the_language_the_person_switches_to(
        tables: list[HostedTable], tmp_path: Path) -> None:
    """A name no window can draw (``join --name``) is refused in the table's English
    sentence; L said it in English all the same, under Japanese buttons. The phones'
    page says a refusal again in the new language; so does the window."""
    hosted = host(tables, tmp_path)
    app = window("Aki 🍕")
    scene = connect(app, hosted.address)
    assert refused(app, scene) == (
        "The table refused: A name is up to 32 characters that every window can show: "
        "letters, digits and Japanese, no emoji.")
    app.set_language("ja")
    app.step(HEADLESS_DT)
    assert scene.sentence == i18n.tr("refuse.other", message=i18n.tr("refusal.bad_name", n=32))
    assert "絵文字" in scene.sentence and scene.words.html_text == scene.sentence
    app.set_language("en")
    app.step(HEADLESS_DT)
    # the way on: not the same name again, but another
    rename = next(b for b, action in scene.actions.items() if action == scene.rename)
    assert rename.text == "Change your name"
    click(app, scene, rename)
    asked = app.scene
    assert isinstance(asked, NameScene)
    app.step(HEADLESS_DT)
    asked.submit("Aki 🍕")
    assert asked.message == i18n.tr("name.undrawable") and app.scene is asked
    asked.submit("Aki")
    run_until(app, lambda: isinstance(app.scene, LobbyScene))
    assert app.settings.name == "Aki" and app.lan["seat"] == 0
    app.close()


def test_a_protocol_mismatch_names_both_versions(tables: list[HostedTable], tmp_path: Path,
                                                 monkeypatch: Any) -> None:
    import net.peer

    hosted = host(tables, tmp_path)
    monkeypatch.setattr(net.peer, "PROTOCOL_VERSION", 9)
    app = window()
    scene = connect(app, hosted.address)
    words = refused(app, scene)
    assert "speaks protocol 9" in words and "table speaks protocol 2" in words
    assert not scene.actions  # no retry: only Back


def test_no_answer_says_so_and_offers_a_retry(tmp_path: Path, monkeypatch: Any) -> None:
    import socket

    probe = socket.socket()
    probe.bind(("127.0.0.1", 0))
    port = probe.getsockname()[1]
    probe.close()
    monkeypatch.setattr("client.scenes.connect.PROBE_WAIT", 0.3)
    app = window()
    scene = connect(app, f"127.0.0.1:{port}")
    assert f"Nothing answered at 127.0.0.1:{port}" in refused(app, scene)
    retry = next(b for b, action in scene.actions.items() if action == scene.start)
    click(app, scene, retry)
    assert scene.state == "connecting"
    refused(app, scene)


def test_a_host_that_quits_sends_its_guests_to_the_menu(tables: list[HostedTable],
                                                        tmp_path: Path) -> None:
    hosted = host(tables, tmp_path)
    app = window()
    connect(app, hosted.address)
    run_until(app, lambda: isinstance(app.scene, LobbyScene))
    assert identity.held_seats()
    hosted.close()
    run_until(app, lambda: isinstance(app.scene, MenuScene))
    assert app.scene.message == "The host closed the table."  # type: ignore[union-attr]
    # closing is not losing: the table can be resumed, and the token takes the seat back
    assert identity.held_seats()


# -- the seat survives ----------------------------------------------------------------------
def test_identity_files_are_private(tmp_path: Path) -> None:
    keys = identity.keys()
    identity.remember(keys.public, address="127.0.0.1:1", token="t", seat=1, game="choose")
    folder = identity.data_dir()
    assert stat.S_IMODE(folder.stat().st_mode) == 0o700
    for name in ("keys.json", "seats.json"):
        assert stat.S_IMODE((folder / name).stat().st_mode) == 0o600
    identity.reset_for_tests()
    assert identity.keys() == keys  # the same installation, the same key


def test_a_saved_key_whose_halves_do_not_match_is_made_anew(tmp_path: Path) -> None:
    """A damaged keys file held two halves of the right length from different pairs; the
    host used them as they were, and no guest could join its table."""
    first, other = KeyPair.generate(), KeyPair.generate()
    assert first.whole() and not KeyPair(first.public, other.secret).whole()
    assert not KeyPair(first.public, "not a key").whole()
    identity.keys()
    path = identity.data_dir() / "keys.json"
    path.write_text(json.dumps({"public": first.public, "secret": other.secret}))
    identity.reset_for_tests()
    made = identity.keys()
    assert made.whole() and made.public != first.public
    assert json.loads(path.read_text()) == {"public": made.public, "secret": made.secret}
    identity.reset_for_tests()
    assert identity.keys() == made  # (kept, as any good pair is)


def crash(app: App) -> None:
    """What a kill -9 leaves behind: no goodbye to the host, the sockets just gone."""
    for scene in app.scenes:
        session = getattr(scene, "session", None)
        feeds = session.feeds.values() if session is not None else []
        for peer in [getattr(scene, "peer", None), *(f.peer.peer for f in feeds)]:
            if peer is not None:
                peer.context.destroy(linger=0)
    app.scenes.clear()


def test_a_crashed_window_takes_its_seat_back_with_the_whole_log(
        tables: list[HostedTable], tmp_path: Path) -> None:
    hosted = host(tables, tmp_path, players=4, bots=3, grace=0.1, timeout=1.2,
                  options={"hour_seconds": 0.5})
    app = window("Dan")
    connect(app, hosted.address)
    seated_and_ready(app)
    run_until(app, lambda: isinstance(app.scene, TableScene))
    table = app.scene
    assert isinstance(table, TableScene) and table.session.role == "guest"
    run_until(app, lambda: len(table.session.feed.log) >= 3)
    seen = list(table.session.feed.log)
    crash(app)
    end = time.monotonic() + 5
    while time.monotonic() < end and 0 not in hosted.host.table.stand_ins:
        time.sleep(0.05)
    assert 0 in hosted.host.table.stand_ins  # a bot plays the seat meanwhile

    again = window("Dan")
    menu = again.scene
    assert isinstance(menu, MenuScene)
    run_until(again, lambda: "rejoin" in menu.widgets)  # the menu offers to go back
    click(again, menu, menu.widgets["rejoin"])
    run_until(again, lambda: isinstance(again.scene, TableScene))
    back = again.scene
    assert isinstance(back, TableScene)
    run_until(again, lambda: len(back.session.feed.log) >= len(seen))
    assert again.lan["seat"] == 0 and again.lan["reclaimed"] is True
    assert again.lan["host_gone"] is False
    assert back.session.feed.log[: len(seen)] == seen  # the whole log, from the start
    again.close()


# -- leaving on purpose -----------------------------------------------------------------------
def test_esc_asks_before_a_guest_leaves_and_says_a_bot_stands_in(
        tables: list[HostedTable], tmp_path: Path) -> None:
    hosted = host(tables, tmp_path, players=4, bots=3)
    app = window("Emi")
    connect(app, hosted.address)
    seated_and_ready(app)
    run_until(app, lambda: isinstance(app.scene, TableScene))
    table = app.scene
    assert isinstance(table, TableScene)
    escape = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="")
    enter = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r")
    table.handle(escape)
    assert table.confirm == "leave" and "bot will play your seat" in (table.leave_words() or "")
    table.draw(app.screen)
    assert [b.key for b in table.confirm_buttons] == ["leave", "stay"]
    table.handle(escape)  # Esc again: stay
    assert table.confirm is None and app.scene is table
    table.handle(escape)
    table.handle(enter)
    assert isinstance(app.scene, MenuScene)
    app.close()


def hosting_with_a_guest(tmp_path: Path, host_name: str, guest_name: str
                         ) -> tuple[App, LobbyScene, App]:
    """A window hosting a table from its lobby, and a second window seated at it."""
    from client.scenes.lobby import host_lobby

    app = window(host_name)
    lobby = host_lobby(app, "cheese_thief", 4, {}, 2, "simple", bind="127.0.0.1",
                       announce=False, log_dir=tmp_path)
    app.push(lobby)
    guest = window(guest_name)
    connect(guest, f"127.0.0.1:{lobby.hosted.host.port}")  # type: ignore[union-attr]
    run_until(guest, lambda: isinstance(guest.scene, LobbyScene))
    return app, lobby, guest


def test_a_host_window_asks_before_closing_the_table(tables: list[HostedTable],
                                                     tmp_path: Path) -> None:
    app, lobby, guest = hosting_with_a_guest(tmp_path, "Fumi", "Gen")
    app.step(HEADLESS_DT)
    assert "127.0.0.1:" in lobby.address and lobby.peer.fingerprint
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.step(HEADLESS_DT)
    assert app.running and lobby.confirming  # the close button asks first
    app.step(HEADLESS_DT)
    click(app, lobby, lobby.stay)
    assert not lobby.confirming
    click(app, lobby, lobby.back)
    click(app, lobby, lobby.back)  # "Close the table"
    run_until(guest, lambda: isinstance(guest.scene, MenuScene))
    assert guest.scene.message == "The host closed the table."  # type: ignore[union-attr]


# -- the lobby ----------------------------------------------------------------------------------
def test_lobby_lines_name_a_bot_once_and_grey_out_a_dropped_person() -> None:
    from client.kit.widgets import BAD
    from client.scenes.lobby import seat_line

    bot, _ = seat_line({"seat": 3, "kind": "bot", "claimed": True, "connected": True}, False)
    assert bot.count("Bot") == 1
    gone, colour = seat_line({"seat": 1, "kind": "human", "claimed": True, "name": "Ben",
                              "connected": False, "stand_in": True, "ready": False}, False)
    assert "disconnected" in gone and "a bot stands in" in gone and colour == BAD
    here, other = seat_line({"seat": 1, "kind": "human", "claimed": True, "name": "Ben",
                             "connected": True, "ready": True}, False)
    assert "ready" in here and other != BAD


def test_the_host_gives_back_a_seat_that_holds_the_table_up(tables: list[HostedTable],
                                                            tmp_path: Path) -> None:
    app, lobby, guest = hosting_with_a_guest(tmp_path, "Hana", "Ivy")
    run_until(app, lambda: bool(lobby.remove_buttons))
    assert list(lobby.remove_buttons.values()) == [1]
    click(app, lobby, next(iter(lobby.remove_buttons)))
    run_until(guest, lambda: isinstance(guest.scene, MenuScene))
    assert "gave your seat back" in guest.scene.message  # type: ignore[union-attr]
    run_until(app, lambda: not lobby.remove_buttons)
    seats = lobby.table["seats"]  # type: ignore[index]
    assert not seats[1]["claimed"]  # open for the next person
    app.close()


def test_demo_and_watch_from_the_command_line_leave_to_the_menu(monkeypatch: Any) -> None:
    """A window opened by ``demo`` or ``watch`` has the menu under its table, so leaving
    the table lands there and not back in the shell."""
    from client import cli
    from client.commands import gui

    stacks: list[list[str]] = []

    def keep(app: App, args: Any) -> int:
        stacks.append([type(scene).__name__ for scene in app.scenes])
        app.close()
        return 0

    monkeypatch.setattr(gui, "finish", keep)
    assert cli.main(["demo", "--players", "4", "--frames", "1"]) == 0
    assert cli.main(["watch", "--players", "4", "--frames", "1"]) == 0
    assert cli.main(["watch", "--players", "4", "--headless", "--frames", "1"]) == 0
    assert stacks == [["MenuScene", "CheeseThiefScene"]] * 2 + [["CheeseThiefScene"]]


def test_a_demo_paces_its_bots_as_the_menu_does(monkeypatch: Any, tmp_path: Path) -> None:
    """``demo`` is a table with a person at it: its bots wait the menu's 1.2 s before
    each move (they took the settings' 0.6 s, and two or three moves happened between
    a person's two looks), or ``--pace``; a watched table keeps the settings' pace."""
    from client import cli, tables
    from client.commands import gui

    monkeypatch.setenv("CHEESEKNIGHTS_CONFIG_DIR", str(tmp_path))
    asked: list[Any] = []
    real = tables.local_scene

    def spy(*args: Any, **kwargs: Any) -> Any:
        asked.append(kwargs.get("bot_delay"))
        return real(*args, **kwargs)

    def keep(app: App, args: Any) -> int:
        app.close()
        return 0

    monkeypatch.setattr(tables, "local_scene", spy)
    monkeypatch.setattr(gui, "finish", keep)
    assert cli.main(["demo", "--game", "choose", "--headless", "--frames", "1"]) == 0
    assert cli.main(["demo", "--game", "choose", "--headless", "--pace", "2.5"]) == 0
    assert cli.main(["watch", "--game", "choose", "--headless", "--frames", "1"]) == 0
    assert asked == [1.2, 2.5, None]
    assert cli.main(["demo", "--game", "choose", "--headless", "--pace", "-1"]) == 2
    assert len(asked) == 3, "a bad pace is refused before any table is made"


def test_a_lan_spectator_keeps_the_hosts_time(tables: list[HostedTable], tmp_path: Path) -> None:
    """A LAN table runs on its host's clock: a spectator's Space and → change nothing
    (seen in a real window: "Paused — Space resumes" over a table that played on, and a
    countdown four times too fast at ×4), and its keys line offers neither."""
    from client.kit import hotkeys

    hosted = host(tables, tmp_path, game_id="choose", players=3, bots=3,
                  options={"turn_seconds": 60.0})
    app = window("Watcher")
    connect(app, hosted.address, spectator=True)
    run_until(app, lambda: isinstance(app.scene, TableScene)
              and app.scene.feed.remaining(app.scene.session.clock) is not None)
    scene = app.scene
    assert isinstance(scene, TableScene) and scene.watching
    session = scene.session
    assert not session.own_clock
    for key in (pygame.K_SPACE, pygame.K_RIGHT, pygame.K_RIGHT):
        assert not hotkeys.watch_key(session, key)
    assert not session.paused and session.speed == 1.0
    line = scene.overlays.keys_line()
    assert "Space" not in line and "×" not in line and "PgUp" in line
    session.paused, session.speed = True, 4.0  # as a scene's own hold would have it
    clock = session.clock
    for _ in range(60):
        app.step(HEADLESS_DT)
    assert session.clock - clock == pytest.approx(60 * HEADLESS_DT), "a second is a second"
