"""What a guest reads before it sits down: the list of tables (the game's title in the
reader's language, the host's name, a lock, a version warning; a table not found again
leaves it), and the guest lobby's game and options. Real scenes (dummy video); the
lobby's host is a real one on a thread, on 127.0.0.1."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from client import __version__
from client.app import HEADLESS_DT, App
from client.kit import ink
from client.scenes.connect import ConnectScene
from client.scenes.finding import JoinScene
from client.scenes.lobby import HostedTable, LobbyScene
from net.discovery import Found
from net.host import HostConfig
from net.protocol import PROTOCOL_VERSION
from tests.menu_walk import settle
from tests.window_rig import own_window, run_until

pytestmark = pytest.mark.usefixtures("host_closes_at_once")


@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[App]:
    with own_window(tmp_path, monkeypatch) as window:
        yield window


def record(game: str, host: str, *, locked: bool = False, version: str = __version__,
           protocol: int = PROTOCOL_VERSION, port: int = 47470) -> Found:
    """A table's record as ``net.discovery.browse`` hands it over."""
    return Found(name=f"{game} table-{port}", address="10.213.78.1", port=port, game=game,
                 players=5, free=2, protocol=protocol, key=None,
                 addresses=("10.213.78.1", "10.77.6.1"), host=host, locked=locked,
                 version=version)


def texts(app: App) -> list[str]:
    """Every text the window draws in one frame, its widgets' included."""
    recorder = ink.start()
    try:
        app._stale = True
        app.step(HEADLESS_DT)  # (a whole frame: texts out of place are counted)
        assert recorder.total() == 0, [o.line() for o in recorder.offences.values()]
        assert app.scene is not None
        app.scene.draw(app.screen)
        return [d.words for d in recorder.drawn]
    finally:
        ink.stop()


def test_an_address_being_typed_outlives_tables_coming_and_going(app: App) -> None:
    """The list is built again whenever a table comes or goes: the address field
    emptied mid-address and let go of the keyboard, so the rest of it was lost."""
    scene = JoinScene(app, browse=False)
    app.push(scene)
    settle(app)  # (a click on a screen just shown is not taken)
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):  # a click in the field
        pygame.event.post(pygame.event.Event(kind, pos=scene.entry.rect.center, button=1))
    app.step(HEADLESS_DT)

    def type_in(words: str) -> None:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=words))
        app.step(HEADLESS_DT)
        app.step(HEADLESS_DT)

    type_in("192.168.1")
    scene.seen = {"a": (record("choose", "Ivy", port=1), time.monotonic())}
    app.step(HEADLESS_DT)
    assert len(scene.buttons) == 1  # (built again: the table came)
    type_in(".20")
    assert scene.entry.get_text() == "192.168.1.20" and scene.typing()
    scene.seen = {}  # and went
    app.step(HEADLESS_DT)
    assert not scene.buttons and scene.entry.get_text() == "192.168.1.20"
    app.set_language("ja")
    app.step(HEADLESS_DT)
    assert scene.entry.get_text() == "192.168.1.20"


def test_the_list_says_title_host_lock_and_version_and_drops_what_is_not_found(
        app: App) -> None:
    scene = JoinScene(app, browse=False)
    app.push(scene)
    now = time.monotonic()
    scene.seen = {"a": (record("cheese_thief", "Ivy", locked=True, port=1), now),
                  "b": (record("sly_knights", "Ben", version="9.9.9", port=2), now - 4.0)}
    texts(app)  # (and nothing drawn out of its place)
    words = sorted(str(b.text) for b in scene.buttons)
    assert words == [
        "Ben's table   Sly Knight Robbery   2 free   10.213.78.1:2 (+1)   key -   "
        f"⚠ version 9.9.9, yours {__version__}",
        "Ivy's table   Cheese Thief   2 free   10.213.78.1:1 (+1)   key -   password",
    ]
    assert len(scene.locks) == 1 and scene.locks[0].right < min(
        b.rect.left for b in scene.buttons)  # beside its table, not over the words
    assert sorted(scene.buttons.values()) == [
        ["10.213.78.1:1", "10.77.6.1:1"], ["10.213.78.1:2", "10.77.6.1:2"]]
    app.set_language("ja")
    texts(app)
    assert sorted(str(b.text) for b in scene.buttons)[0].startswith(
        "Benのテーブル   大どろぼうとズルい騎士   空席2")
    scene.keep_list(now + JoinScene.KEEP - 1.0)  # Ben's was last found 4 s before that
    assert [t.host for t in scene.found] == ["Ivy"]
    scene.keep_list(now + JoinScene.KEEP + 0.1)
    assert scene.found == []


def test_the_guest_lobby_names_the_game_and_its_options(app: App, tmp_path: Path) -> None:
    hosted = HostedTable(HostConfig(game_id="cheese_thief", players=4, bots=2,
                                    options={"hour_seconds": 7.0}, bind="127.0.0.1",
                                    log_dir=tmp_path), announce=False)
    try:
        app.push(ConnectScene(app, f"127.0.0.1:{hosted.host.port}"))
        run_until(app, lambda: isinstance(app.scene, LobbyScene) and app.scene.table, 15)
        assert isinstance(app.scene, LobbyScene) and app.scene.hosted is None
        drawn = texts(app)
        assert "Cheese Thief, 4 players" in drawn
        assert any("Night hour (s): 7" in line for line in drawn), drawn
        app.scene.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_l, mod=0,
                                            unicode="l"))
        drawn = texts(app)
        assert "チーズ泥棒(4人)" in drawn
    finally:
        hosted.close()
