"""Whole single-screen games played through the window with synthetic input: clicks
and key presses posted to pygame's event queue, as a person would make them."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from client.app import HEADLESS_DT, App
from client.scenes.cheese_thief import CheeseThiefScene
from client.settings import Settings
from client.tables import local_scene
from tests import client_rig as rig
from tests.client_rig import key, space

FAST = {"hour_seconds": 0.25, "look_seconds": 0.25, "discussion_seconds": 30.0,
        "vote_seconds": 20.0}
"""Short hours and looks: these games are about who looks when and what is clicked, in
order; a look's length has its own test (tests/test_shared_screen_pacing.py)."""


def click(pos: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))


def play_to_the_end(app: App, scene: CheeseThiefScene, limit: int = 6000) -> list[Any]:
    """Click a legal seat or the first button, until the result is on screen."""

    def move(frame: int) -> Any:
        k = scene.k
        assert k is not None
        seats = [s for s in range(k.n) if scene.clickable(s)]
        confirm = [b for b in scene.buttons if b.key == "followers" and b.enabled]
        if seats and not confirm:
            seat = seats[(frame // 3) % len(seats)]
            assert scene._layout is not None
            click(scene._layout.seats[seat])
            return ("seat", k.phase, seat)
        buttons = [b for b in scene.buttons if b.enabled and not b.key.startswith("emote")]
        if buttons:
            click(buttons[0].rect.center)
            return (buttons[0].key, k.phase)
        return None

    return rig.play_to_the_end(app, scene, move, limit)


@pytest.mark.parametrize(("players", "humans", "seed"), [(4, 2, 1), (7, 3, 4)])
def test_hot_seat_game_to_the_end(app: App, players: int, humans: int, seed: int) -> None:
    options = dict(FAST, **({"follower_seconds": 0.25} if players > 4 else {}))
    scene = local_scene(app, "cheese_thief", players, options, seed, humans, "simple")
    app.scenes = [scene]
    assert isinstance(scene, CheeseThiefScene)
    steps = play_to_the_end(app, scene)
    revealed = {s[1] for s in steps if s[0] == "privacy"}
    assert revealed == set(range(humans)), "every person had a private moment"
    assert any(s[0] == "ready" for s in steps)
    votes = [s for s in steps if s[0] == "seat" and s[1] == "vote"]
    assert len(votes) == humans, "each person voted once, privately"
    for seat in range(humans):
        assert scene.session.feeds[seat].view["you"]["vote"] is not None
    assert scene.k is not None and scene.k.side in ("sleepyheads", "thief")


def test_whose_turn_to_look_tells_nothing() -> None:
    """Every person looks once in every night hour, in seat order, whoever is awake: the
    order of privacy screens is the same for deals with different roles and dice."""
    app = App(Settings(), headless=True, size=(1280, 720))
    orders = []
    for seed in (3, 8):
        scene = local_scene(app, "cheese_thief", 5, dict(FAST, follower_seconds=0.25), seed, 2,
                            "simple")
        app.scenes = [scene]
        steps = play_to_the_end(app, scene)
        orders.append([s for s in steps if s[0] == "privacy" and s[2] in ("night", "followers")])
    assert orders[0] == orders[1]
    assert len(orders[0]) == 2 * 6 + 2


def test_privacy_screen_shows_nothing_of_the_previous_player(app: App) -> None:
    shots = []
    for seed in (3, 8):
        scene = local_scene(app, "cheese_thief", 5, FAST, seed, 2, "simple")
        app.scenes = [scene]
        for _ in range(400):
            app.step(HEADLESS_DT)
            if scene.session.privacy_for == 1:
                break
            if scene.session.privacy_for is not None:
                space()
            elif any(b.key == "done" for b in scene.buttons):
                click(next(b for b in scene.buttons if b.key == "done").rect.center)
        assert scene.session.privacy_for == 1
        app.step(HEADLESS_DT)
        shots.append(pygame.image.tobytes(app.screen, "RGB"))
    assert shots[0] == shots[1], "two different deals give the very same privacy screen"


def at_the_discussion(app: App) -> CheeseThiefScene:
    """One person with three bots, played by the first button to the day's talk."""
    scene = local_scene(app, "cheese_thief", 4, dict(FAST, discussion_seconds=60.0), 5, 1,
                        "simple")
    assert isinstance(scene, CheeseThiefScene)
    app.scenes = [scene]
    for _ in range(3000):
        app.step(HEADLESS_DT)
        if scene.k is not None and scene.k.phase == "discussion" and scene.talk.entry is not None:
            break
        buttons = [b for b in scene.buttons if b.enabled]
        if buttons:
            click(buttons[0].rect.center)
    assert scene.talk.entry is not None, "the chat line appears while table talk is open"
    return scene


def test_one_player_with_bots_chats_and_emotes(app: App) -> None:
    scene = at_the_discussion(app)
    assert scene.talk.entry is not None
    emote = next(b for b in scene.buttons if b.key == "emote_suspicious")
    click(emote.rect.center)
    app.step(HEADLESS_DT)
    click(scene.talk.entry.rect.center)
    app.step(HEADLESS_DT)
    for char in "who took it?":
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=char))
    app.step(HEADLESS_DT)
    key(pygame.K_RETURN)
    for _ in range(5):
        app.step(HEADLESS_DT)
    log = scene.session.feeds[0].log
    assert {"type": "emote", "seat": 0, "emote": "suspicious"} in log
    assert {"type": "chat", "seat": 0, "text": "who took it?"} in log
    assert 0 in scene.motion.bubbles


def test_a_double_click_on_an_emote_says_it_once(app: App) -> None:
    """Both clicks of a double-click on *Suspicious!* reached the button, and the log
    read "Suspicious!" twice. Pressed again after a moment, it is said again."""
    from client.kit.talk import REPEAT

    scene = at_the_discussion(app)
    emote = next(b for b in scene.buttons if b.key == "emote_suspicious")
    said = [{"type": "emote", "seat": 0, "emote": "suspicious"}]

    def emotes() -> list[object]:
        return [e for e in scene.session.feeds[0].log if e.get("type") == "emote"]

    click(emote.rect.center)
    click(emote.rect.center)  # (both clicks in one frame)
    app.step(HEADLESS_DT)
    click(emote.rect.center)  # (the next frame)
    for _ in range(5):
        app.step(HEADLESS_DT)
    assert emotes() == said
    for _ in range(int(REPEAT / HEADLESS_DT) + 1):
        app.step(HEADLESS_DT)
    click(emote.rect.center)
    for _ in range(5):
        app.step(HEADLESS_DT)
    assert emotes() == said * 2


def test_watch_controls(app: App) -> None:
    scene = local_scene(app, "cheese_thief", 6, {}, 2, 0, "simple")
    app.scenes = [scene]
    app.step(HEADLESS_DT)
    session = scene.session
    assert session.show_all and session.view() is not None and "roles" in session.view()
    key(pygame.K_o)
    app.step(HEADLESS_DT)
    assert not session.show_all and "roles" not in (session.view() or {})
    key(pygame.K_RIGHT)
    key(pygame.K_SPACE)
    app.step(HEADLESS_DT)
    assert session.speed == 2.0 and session.paused
    clock = session.clock
    for _ in range(30):
        app.step(HEADLESS_DT)
    assert session.clock == clock, "a paused table stands still"


def test_no_omniscient_view_with_a_person_seated(app: App) -> None:
    scene = local_scene(app, "cheese_thief", 5, {}, 2, 1, "simple")
    app.scenes = [scene]
    app.step(HEADLESS_DT)
    key(pygame.K_o)
    app.step(HEADLESS_DT)
    assert not scene.session.show_all
    view = scene.session.view()
    assert view is not None and "roles" not in view and view["seat"] == 0


def test_menu_starts_a_table_and_switches_language(app: App) -> None:
    from client import i18n
    from client.scenes.menu import MenuScene
    from client.scenes.rules import RulesScene
    from tests.menu_walk import settle

    i18n.set_language("en")
    menu = MenuScene(app)
    app.scenes = [menu]
    for _ in range(3):
        app.step(HEADLESS_DT)
    menu.dropdown_changed(menu.widgets["language"], "日本語")
    app.step(HEADLESS_DT)
    assert i18n.language() == "ja" and menu.widgets["start"].text == "開始"
    rules = menu.widgets["rules"].rect.center
    settle(app)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=rules, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=rules, button=1))
    for _ in range(3):
        app.step(HEADLESS_DT)
    assert isinstance(app.scene, RulesScene) and "チーズ泥棒" in app.scene.box.html_text
    key(pygame.K_ESCAPE)
    app.step(HEADLESS_DT)
    assert app.scene is menu
    menu.option_text["hour_seconds"] = "-3"
    menu.start()
    assert "夜の1時刻(秒)" in menu.message and app.scene is menu  # the field, as titled
    menu.option_text["hour_seconds"] = "2"
    start = menu.widgets["start"].rect.center
    settle(app)  # (back on the menu from the Rules screen a moment ago)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=start, button=1))
    for _ in range(5):
        app.step(HEADLESS_DT)
    assert isinstance(app.scene, CheeseThiefScene)
    assert app.scene.session.humans == [0]
    i18n.set_language("en")


def test_settings_scene_saves(app: App, tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    import json

    from client.scenes.settings_scene import SettingsScene
    from tests.menu_walk import settle

    monkeypatch.setenv("CHEESEKNIGHTS_CONFIG_DIR", str(tmp_path))
    monkeypatch.setattr(app, "settings", Settings())
    scene = SettingsScene(app)
    app.scenes = [scene]
    settle(app)
    scene.w["name"].set_text("Hana")
    scene.w["bot_delay"].set_text("1.25")
    save = scene.w["save"].rect.center
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=save, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=save, button=1))
    for _ in range(3):
        app.step(HEADLESS_DT)
    saved = json.loads((tmp_path / "settings.json").read_text())
    assert saved["name"] == "Hana" and saved["bot_delay"] == 1.25
    assert scene.message


def test_the_menu_names_options_in_words_not_keys(app: App) -> None:
    import pygame_gui

    from client import i18n
    from client.scenes.menu import MenuScene

    for lang, title in (("en", "Night hour (s)"), ("ja", "夜の1時刻(秒)")):
        i18n.set_language(lang)
        menu = MenuScene(app)
        app.scenes = [menu]
        app.step(HEADLESS_DT)
        labels = [e.text for e in menu.ui.get_sprite_group().sprites()
                  if isinstance(e, pygame_gui.elements.UILabel)]
        assert title in labels
        assert not {s.name for s in menu.game.options} & set(labels)
    i18n.set_language("en")


def test_l_switches_the_language_on_every_screen_and_is_remembered(
    tmp_path: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The menu, the rules and the settings answer L as the tables do; a window (not a
    headless run) saves the choice, and the next launch opens in it."""
    from client import i18n
    from client import settings as store
    from client.scenes.menu import MenuScene
    from client.scenes.rules import RulesScene
    from client.scenes.settings_scene import SettingsScene

    monkeypatch.setenv("CHEESEKNIGHTS_CONFIG_DIR", str(tmp_path))
    i18n.set_language("en")
    window = App(Settings(), headless=False, size=(1024, 600))
    try:
        for scene in (MenuScene(window), RulesScene(window, "knights"), SettingsScene(window)):
            window.scenes = [scene]
            before = i18n.language()
            key(pygame.K_l)
            window.step(HEADLESS_DT)
            assert i18n.language() != before, type(scene).__name__
        assert store.load().language == i18n.language()
        window.close()
        assert store.load().language == i18n.language()
        assert (store.load().width, store.load().height) == (1024, 600)
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_menu_fits_every_games_options_at_every_size(lang: str) -> None:
    """pygame_gui warns of every label too small for its words: none may warn, and the
    options end inside the window."""
    import warnings

    from client import i18n
    from client.scenes.menu import MenuScene
    from core.registry import GAMES

    try:
        for size in ((1024, 600), (1280, 720), (1920, 1080)):
            window = App(Settings(language=lang), headless=True, size=size)
            for game_id, game in GAMES.items():
                for mode in ("single", "host"):  # the host form adds its port and password
                    menu = MenuScene(window)
                    window.scenes = [menu]
                    menu.game_id, menu.players, menu.mode = game_id, game.max_players, mode
                    with warnings.catch_warnings():
                        warnings.simplefilter("error")
                        menu.rebuild()
                    bottom = max(e.rect.bottom for e in menu.ui.get_sprite_group().sprites())
                    assert bottom <= size[1], (game_id, mode, size)
    finally:
        i18n.set_language("en")
