"""The forms by keyboard alone: the menu to a table and back, the settings, the rules,
and a hosted lobby with a guest, through real scenes with posted key presses only."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame

from client import i18n
from client.app import HEADLESS_DT, App
from client.scenes.cheese_thief import CheeseThiefScene
from client.scenes.menu import MenuScene
from client.scenes.rules import RulesScene
from client.scenes.settings_scene import SettingsScene
from client.scenes.table import TableScene
from client.scenes.ui import UIScene
from client.settings import Settings
from tests.test_client_lobby_host import both, hosted_pair, windows  # noqa: F401 - the fixture


def key(app: App, code: int, mod: int = 0, text: str = "") -> None:
    for kind in (pygame.KEYDOWN, pygame.KEYUP):  # a press, then the key let go
        pygame.event.post(pygame.event.Event(kind, key=code, mod=mod, unicode=text,
                                             scancode=0))
    app.step(HEADLESS_DT)


def name(widget: Any) -> str:
    return f"{type(widget).__name__}@{widget.rect.x},{widget.rect.y}"


def focus(app: App, scene: UIScene, widget: Any) -> None:
    """Tab until ``widget`` has the focus, checking each press moves it on."""
    for _ in range(40):
        now = scene.ring.current(scene.targets())
        if now is not None and now.key == name(widget):
            return
        key(app, pygame.K_TAB)
    raise AssertionError(f"Tab never reached {name(widget)}")


def test_menu_to_a_table_and_back() -> None:
    app = App(Settings(bot_delay=0.0), headless=True, size=(1024, 600))
    menu = MenuScene(app)
    app.push(menu)
    app.step(HEADLESS_DT)
    key(app, pygame.K_TAB)
    assert menu.ring.current(menu.targets()).key == name(menu.widgets["game"])  # type: ignore[union-attr]
    before = menu.game_id
    key(app, pygame.K_RIGHT)  # the next game
    app.step(HEADLESS_DT)
    assert menu.game_id != before
    key(app, pygame.K_LEFT)
    app.step(HEADLESS_DT)
    assert menu.game_id == before, "Left goes back"
    focus(app, menu, menu.widgets["players"])
    players = menu.players
    key(app, pygame.K_RIGHT)
    app.step(HEADLESS_DT)
    assert menu.players == players + 1, "the table size changes by arrow"
    key(app, pygame.K_UP)  # the arrows move between rows too
    assert menu.ring.current(menu.targets()).key == name(menu.widgets["mode"])  # type: ignore[union-attr]
    focus(app, menu, menu.widgets["start"])
    key(app, pygame.K_RETURN)
    app.step(HEADLESS_DT)
    table = app.scene
    assert isinstance(table, TableScene), "Enter on Start starts the table"
    for _ in range(5):
        app.step(HEADLESS_DT)
    key(app, pygame.K_ESCAPE)
    assert table.confirm == "leave", "Esc during a game asks first"
    key(app, pygame.K_RETURN)
    assert app.scene is menu, "Enter confirms"
    key(app, pygame.K_l)
    assert i18n.language() == "ja", "L still switches the language"
    key(app, pygame.K_l)
    app.close()


def test_settings_by_keys() -> None:
    app = App(Settings(name="Aki"), headless=True, size=(1024, 600))
    app.push(MenuScene(app))
    scene = SettingsScene(app)
    app.push(scene)
    app.step(HEADLESS_DT)
    focus(app, scene, scene.w["page.sound"])
    key(app, pygame.K_RETURN)
    app.step(HEADLESS_DT)
    assert scene.page == "sound", "Enter on a page's tab shows the page"
    muted = app.settings.muted
    focus(app, scene, scene.w["mute"])
    key(app, pygame.K_RETURN)
    app.step(HEADLESS_DT)
    assert app.settings.muted is not muted, "Enter ticks the box"
    focus(app, scene, scene.w["volume"])
    volume = app.settings.volume
    key(app, pygame.K_LEFT)
    app.step(HEADLESS_DT)
    assert app.settings.volume < volume, "Left turns the slider down"
    focus(app, scene, scene.w["page.general"])
    key(app, pygame.K_RETURN)
    app.step(HEADLESS_DT)
    focus(app, scene, scene.w["name"])
    key(app, pygame.K_RETURN)
    assert scene.typing(), "Enter starts typing in a field"
    key(app, pygame.K_l, text="l")
    assert i18n.language() == "en", "an L typed into a name is a letter"
    key(app, pygame.K_ESCAPE)
    assert not scene.typing() and app.scene is scene, "Esc leaves the field, not the screen"
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, MenuScene), "then Esc goes back"
    app.close()


def test_rules_scroll_and_back_by_keys() -> None:
    app = App(Settings(), headless=True, size=(1024, 600))
    app.push(MenuScene(app))
    scene = RulesScene(app, "cheese_thief")
    app.push(scene)
    app.step(HEADLESS_DT)
    bar = scene.box.scroll_bar
    assert bar is not None
    key(app, pygame.K_PAGEDOWN)
    key(app, pygame.K_DOWN)
    assert bar.start_percentage > 0, "the keys read on"
    key(app, pygame.K_HOME)
    assert bar.start_percentage == 0
    key(app, pygame.K_TAB)
    assert scene.ring.current(scene.targets()).key == name(scene.back)  # type: ignore[union-attr]
    key(app, pygame.K_RETURN)
    app.step(HEADLESS_DT)
    assert isinstance(app.scene, MenuScene), "Enter on Back goes back"
    app.close()


def test_a_hosted_lobby_by_keys(windows: list[App], tmp_path: Path) -> None:  # noqa: F811
    host, lobby, guest, theirs = hosted_pair(windows, tmp_path)
    both(host, guest, lambda: len(lobby.level_buttons) == 2 and theirs.ready_button is not None)
    seat_two = next(b for b, seat in lobby.level_buttons.items() if seat == 2)
    focus(host, lobby, seat_two)
    key(host, pygame.K_RETURN)
    both(host, guest, lambda: (theirs.table or {})["seats"][2]["level"] == "easy")
    assert theirs.ready_button is not None
    focus(guest, theirs, theirs.ready_button)
    key(guest, pygame.K_RETURN)
    both(host, guest, lambda: lobby.start_button is not None and lobby.start_button.is_enabled)
    assert lobby.start_button is not None
    focus(host, lobby, lobby.start_button)
    key(host, pygame.K_RETURN)
    both(host, guest, lambda: isinstance(guest.scene, CheeseThiefScene)
         and isinstance(host.scene, CheeseThiefScene))


def test_the_moderator_by_keys() -> None:
    """Tab reaches the moderator's buttons and Enter presses them (Space still pauses)."""
    from client.scenes.moderator import ModeratorScene

    app = App(Settings(), headless=True, size=(1024, 600))
    app.push(MenuScene(app))
    scene = ModeratorScene(app, 5, 1.0, "en", follower_seconds=1, discussion_seconds=1)
    app.push(scene)
    app.step(HEADLESS_DT)
    key(app, pygame.K_TAB)
    assert scene.ring.current(scene.targets()).key == "pause"  # type: ignore[union-attr]
    key(app, pygame.K_RETURN)
    assert scene.paused, "Enter on Pause pauses"
    key(app, pygame.K_SPACE)
    assert not scene.paused
    key(app, pygame.K_RIGHT)
    assert scene.ring.current(scene.targets()).key == "restart"  # type: ignore[union-attr]
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RETURN)
    assert scene.asking == "leave", "mid-night, Enter on Menu asks first"
    key(app, pygame.K_RETURN)
    assert isinstance(app.scene, MenuScene), "and Enter again goes back"
    app.close()


def test_replays_by_keys(tmp_path: Path, monkeypatch: Any) -> None:
    """The list and the eyes change by arrow, and Enter on Replay opens the game."""
    import shutil

    from client import identity
    from client.replays import replay_dir
    from client.scenes.replays import ReplaysScene
    from tests.test_replay import play_local

    monkeypatch.setenv(identity.DATA_ENV, str(tmp_path / "data"))
    replay_dir().mkdir(parents=True)
    play_local(replay_dir() / "a.log", "cheese_thief", 4, 3, ["simple"] * 4)
    shutil.copy(replay_dir() / "a.log", replay_dir() / "b.log")
    app = App(Settings(), headless=True, size=(1024, 600))
    app.push(MenuScene(app))
    scene = ReplaysScene(app)
    app.push(scene)
    app.step(HEADLESS_DT)
    focus(app, scene, scene.widgets["list"])
    key(app, pygame.K_RIGHT)
    app.step(HEADLESS_DT)
    assert scene.chosen == 1, "Right picks the next game in the list"
    focus(app, scene, scene.widgets["eyes"])
    key(app, pygame.K_RIGHT)
    assert scene.eyes == 1, "and the next pair of eyes"
    focus(app, scene, scene.widgets["go"])
    key(app, pygame.K_RETURN)
    app.step(HEADLESS_DT)
    assert isinstance(app.scene, TableScene) and app.scene.session.replay is not None
    app.close()
