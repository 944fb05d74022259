"""Hosting from the window, for people: the host form's port (the README's 47470 by
default) and password, one sentence when the port is taken, the same key (so the
same fingerprint) from one table of an installation to the next, and the lobby at the
person's text size. Real scenes with the dummy video driver, real hosts on 127.0.0.1;
no test binds 47470 itself."""

from __future__ import annotations

import socket
from collections.abc import Iterator
from pathlib import Path
from statistics import median
from typing import Any

import pygame
import pytest

from client import hosting, identity
from client.app import HEADLESS_DT, App
from client.assets import set_text_scale
from client.kit import ink
from client.scenes.lobby import LobbyScene, host_lobby
from client.scenes.menu import PASSWORD, PORT, MenuScene
from client.settings import Settings
from core.registry import default_bot_level
from net.peer import Peer
from tests.test_client_join import own_dirs, run_until

pytestmark = pytest.mark.usefixtures("host_closes_at_once")

__all__ = ["own_dirs"]  # (each test's own settings and data folders)


@pytest.fixture
def app() -> Iterator[App]:
    window = App(Settings(name="Aki"), headless=True)
    yield window
    window.close()


def host_form(app: App) -> MenuScene:
    menu = MenuScene(app)
    app.push(menu)
    menu.mode = "host"
    menu._built = None
    app.step(HEADLESS_DT)
    return menu


def test_the_form_offers_the_readme_port_and_a_password(app: App) -> None:
    menu = host_form(app)
    fields = {name: widget for widget, name in menu.option_widgets.items()}
    assert fields[PORT].get_text() == "47470"
    assert fields[PASSWORD].get_text() == ""
    readme = (Path(__file__).resolve().parent.parent / "README.md").read_text()
    assert "47470" in readme


def test_a_taken_port_is_one_sentence_and_starts_nothing(app: App) -> None:
    taken = socket.socket()
    taken.bind(("0.0.0.0", 0))  # (held on purpose: the form's port is in use)
    taken.listen()
    port = taken.getsockname()[1]
    try:
        menu = host_form(app)
        menu.port_text = str(port)
        menu.start()
        assert menu.message == (f"Port {port} is taken (another table or program uses "
                                "it): type another port, or 0 for any free one.")
        assert app.scene is menu and hosting.last() is None
        menu.port_text = "forty"
        menu.start()
        assert menu.message == '"forty" is not a port: type a number from 0 to 65534.'
    finally:
        taken.close()


def lobby(app: App, tmp_path: Path, password: str | None = None) -> LobbyScene:
    scene = host_lobby(app, "cheese_thief", 4, {}, 2, "simple", bind="127.0.0.1",
                       announce=False, log_dir=tmp_path, password=password)
    app.push(scene)
    run_until(app, lambda: scene.table is not None)
    return scene


def welcome_or_error(peer: Peer) -> str:
    for _ in range(100):
        for message in peer.wait(0.05):
            if message["type"] in ("welcome", "error"):
                return str(message.get("code", "welcome"))
    return "nothing"


def test_a_password_table_lets_its_own_window_in_and_asks_everyone_else(
        app: App, tmp_path: Path) -> None:
    scene = lobby(app, tmp_path, password="cheddar")
    assert scene.peer.seat == 0  # the host's own window: no password asked
    address = f"127.0.0.1:{scene.hosted.host.port}"  # type: ignore[union-attr]
    stranger = Peer(address, name="Ben")
    guest = Peer(address, name="Ben", password="cheddar")
    try:
        assert welcome_or_error(stranger) == "bad_password"
        assert welcome_or_error(guest) == "welcome" and guest.seat == 1
    finally:
        stranger.close()
        guest.close()
        app.pop()


def test_the_key_is_the_same_from_one_table_to_the_next(app: App, tmp_path: Path) -> None:
    first = lobby(app, tmp_path)
    fingerprint = first.peer.fingerprint
    app.pop()
    second = lobby(app, tmp_path)
    try:
        assert fingerprint and second.peer.fingerprint == fingerprint
        assert second.hosted.host.port != 47470  # type: ignore[union-attr]
    finally:
        app.pop()
    saved = identity.data_dir() / hosting.HOST_KEYS
    assert oct(saved.stat().st_mode & 0o777) == "0o600"


def test_the_table_to_resume_is_kept_privately_for_a_week(tmp_path: Path) -> None:
    log = tmp_path / "table.log"
    log.write_text("{}\n")
    hosting.remember(log=str(log), game="cheese_thief", players=4, owner=["pub", "sec"])
    hosting.remember(token="t0", seat=0)
    record = hosting.last()
    assert record is not None and record["token"] == "t0" and record["players"] == 4
    saved = identity.data_dir() / hosting.RECORD
    assert oct(saved.stat().st_mode & 0o777) == "0o600"  # it holds a seat's token
    old = dict(record, saved=record["saved"] - identity.KEEP_SECONDS - 1)
    identity.write_private(saved, old)
    assert hosting.last() is None
    hosting.remember(log=str(log), game="cheese_thief", players=4, owner=["pub", "sec"])
    log.unlink()
    assert hosting.last() is None  # its log is gone: nothing to resume


def lobby_texts(tmp_path: Path, text_size: int, lang: str, players: int = 3,
                size: tuple[int, int] = (1024, 600)) -> tuple[dict[str, int], list[str], int]:
    """The lobby of a Knights table of ``players`` (the others bots) at ``size`` and
    ``text_size``: the ink height of each of its own texts, by its words (the lines it
    draws, not its buttons'), the texts out of place, and how many texts were recorded."""
    window = App(Settings(name="Aki", text_size=text_size, language=lang), headless=True,
                 size=size)
    recorder = ink.start()
    heights: dict[str, int] = {}
    note = ink.note

    def measuring(surface: pygame.Surface, label: pygame.Surface, at: Any, words: str,
                  box: Any = None) -> None:
        heights[words] = label.get_bounding_rect().height
        note(surface, label, at, words, box)

    try:
        scene = host_lobby(window, "knights", players, {}, players - 1,
                           default_bot_level("knights"), bind="127.0.0.1", announce=False,
                           log_dir=tmp_path / f"{text_size}-{players}")
        window.push(scene)
        run_until(window, lambda: scene.table is not None
                  and len(scene.level_buttons) == players - 1)
        ink.note = measuring
        for _ in range(5):
            window.step(HEADLESS_DT)
    finally:
        ink.note = note
        ink.stop()
        window.close()
        set_text_scale(1.0)
    return heights, [o.line() for o in recorder.offences.values()], recorder.noted


def medians(small: dict[str, int], large: dict[str, int]) -> tuple[float, float]:
    """The median heights of the texts both lobbies drew. Its lines fill in from the
    host over real sockets, so five frames of a busy machine's lobby may show a line the
    other run's did not: a median over different lines once read 18 at 100% and 17.5 at
    150%."""
    both = small.keys() & large.keys()
    assert len(both) > 5, (small, large)
    return median(small[w] for w in both), median(large[w] for w in both)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_lobby_grows_its_own_texts_with_the_text_size_and_keeps_them_in_place(
        tmp_path: Path, lang: str) -> None:
    """At 150% the lobby's address, seats, status and the game's options are half as
    tall again (they stayed at 100% while its buttons grew), and every text, a bot's
    level button's too, stays in its place in 1024x600."""
    at_100, _, _ = lobby_texts(tmp_path, 100, lang)
    at_150, out_of_place, noted = lobby_texts(tmp_path, 150, lang)
    small, large = medians(at_100, at_150)
    assert 1.35 < large / small < 1.65, (small, large)
    assert noted > 20 and out_of_place == [], out_of_place


@pytest.mark.parametrize(("players", "size", "lang"), [
    (6, (1024, 600), "en"), (8, (1024, 600), "ja"), (8, (1280, 720), "en")])
def test_a_big_tables_lobby_at_large_text_steps_its_words_down_to_keep_them_in_place(
        tmp_path: Path, players: int, size: tuple[int, int], lang: str) -> None:
    """Six seats at 150% in 1024x600 (eight in 1280x720) ran the seats, the game and its
    options down under Back and Start: the lobby's own words now step down, no smaller
    than at 100%, until they keep above them (Back and Start stay large); eight seats in
    1024x600 also need the seats' level buttons at 100%."""
    texts_100, _, _ = lobby_texts(tmp_path, 100, lang, players, size)
    texts_150, out_of_place, noted = lobby_texts(tmp_path, 150, lang, players, size)
    at_100, at_150 = medians(texts_100, texts_150)
    assert at_100 <= at_150 < at_100 * 1.35, (at_100, at_150)
    assert noted > 20 and out_of_place == [], out_of_place


def test_every_seat_is_for_people_until_the_host_gives_the_open_ones_to_bots(
        app: App, tmp_path: Path, monkeypatch: Any) -> None:
    """A table hosted from the form as it comes has a seat for every person who joins;
    in the lobby the host gives the seats nobody took to bots, and starts. (It had one
    seat for people: the host's own, so a friend was told the table was full.)"""
    import client.scenes.lobby as lobby_module
    from client.scenes.cheese_thief import CheeseThiefScene
    from net.table import stand_in_level
    from tests.test_client_lobby_host import click

    real = lobby_module.host_lobby

    def on_loopback(*args: Any, **kw: Any) -> LobbyScene:
        kw.update(bind="127.0.0.1", announce=False, log_dir=tmp_path)
        return real(*args, **kw)

    monkeypatch.setattr(lobby_module, "host_lobby", on_loopback)
    menu = host_form(app)
    assert menu.widgets["humans"].selected_option[0] == "5" == str(menu.players)
    menu.players = 4  # (the form's Players, changed)
    menu._built = None
    app.step(HEADLESS_DT)
    assert menu.widgets["humans"].selected_option[0] == "4"
    menu.port_text = "0"
    menu.start()
    scene = app.scene
    assert isinstance(scene, LobbyScene), menu.message
    run_until(app, lambda: len(scene.bot_buttons) == 3)
    assert sorted(scene.bot_buttons.values()) == [1, 2, 3]
    assert {b.text for b in scene.bot_buttons} == {"Give to a bot"}
    guest = Peer(f"127.0.0.1:{scene.hosted.host.port}", name="Ben")  # type: ignore[union-attr]
    try:
        assert welcome_or_error(guest) == "welcome" and guest.seat == 1
        run_until(app, lambda: sorted(scene.bot_buttons.values()) == [2, 3])
        assert scene.status() == ("Waiting for 2 more players, or give their seats to "
                                  "bots (Give to a bot).")
        for left in (1, 0):  # (each press rebuilds the lobby's buttons)
            click(scene, next(iter(scene.bot_buttons)))
            run_until(app, lambda: len(scene.bot_buttons) == left)  # noqa: B023
            if left:
                assert scene.status() == ("Waiting for 1 more player, or give the seat to "
                                          "a bot (Give to a bot).")
        run_until(app, lambda: len(scene.level_buttons) == 2 and not scene.bot_buttons)
        host = scene.hosted.host  # type: ignore[union-attr]
        level = host.config.bot_level or stand_in_level("cheese_thief")
        assert host.table.kinds == ["human", "human", level, level]
        guest.set_ready(True)
        run_until(app, lambda: scene.start_button is not None and scene.start_button.is_enabled)
        scene.draw(app.screen)
        click(scene, scene.start_button)
        run_until(app, lambda: isinstance(app.scene, CheeseThiefScene))
    finally:
        guest.close()
        app.pop()


def test_a_double_click_on_give_to_a_bot_does_not_press_the_level_under_it(
        app: App, tmp_path: Path) -> None:
    """The second click of a double-click lands where *Level* has just come in place of
    *Give to a bot*: it is the rest of the double-click, not a press of *Level*."""
    from tests.test_double_press import click
    from tests.test_net_host import until

    scene = host_lobby(app, "cheese_thief", 4, {}, 0, "", bind="127.0.0.1",
                       announce=False, log_dir=tmp_path)
    app.push(scene)
    run_until(app, lambda: len(scene.bot_buttons) == 3 and app.top_age > 1.0)
    host = scene.hosted.host  # type: ignore[union-attr]
    at = next(b for b, seat in scene.bot_buttons.items() if seat == 1).rect.center
    try:
        click(app, at, 2)  # (the press reaches the lobby a frame after the click)
        until(lambda: host.table.kinds[1] != "human")  # (the host's thread; no frame)
        level = host.table.kinds[1]
        # the lobby hears of it, and its buttons are built again when the next input
        # comes: the second click itself (Level then stands where it lands)
        run_until(app, lambda: scene._built is None, 5.0)
        click(app, at, 3)
        under = next(b for b, seat in scene.level_buttons.items() if seat == 1)
        assert under.rect.collidepoint(at)
        run_until(app, lambda: app.top_age > scene._moved_at + 1.0)
        assert host.table.kinds[1] == level
        click(app, at, 3)  # a click of its own, later, is taken
        run_until(app, lambda: host.table.kinds[1] != level, 5.0)
    finally:
        app.pop()


def test_a_double_click_on_back_asks_before_the_table_closes(app: App, tmp_path: Path
                                                             ) -> None:
    """The host's *Back* asks first, and its question puts *Close the table* where *Back*
    was: the second click of a double-click closed the table for everyone, unasked."""
    from tests.test_double_press import click

    scene = host_lobby(app, "cheese_thief", 4, {}, 2, "", bind="127.0.0.1",
                       announce=False, log_dir=tmp_path)
    app.push(scene)
    run_until(app, lambda: scene.table is not None and app.top_age > 1.0)
    host = scene.hosted.host  # type: ignore[union-attr]
    at = scene.back.rect.center  # type: ignore[union-attr]
    try:
        click(app, at, 2)  # (the press reaches the lobby a frame after the click)
        assert scene.confirming and scene.back.rect.collidepoint(at)  # type: ignore[union-attr]
        click(app, at, 10)
        assert app.scene is scene and scene.confirming and host.closing_at is None
        run_until(app, lambda: app.top_age > scene._moved_at + 1.0)
        click(app, at, 3)  # a click of its own, later, closes it
        run_until(app, lambda: app.scene is not scene)
        assert host.closing_at is not None
    finally:
        if app.scene is scene:
            app.pop()


def test_esc_in_the_hosting_lobby_asks_before_the_table_closes(app: App, tmp_path: Path
                                                               ) -> None:
    """Esc is *Back*: one Esc closed the table for everyone without the question *Back*
    asks. Esc on the question stays."""
    app.push(MenuScene(app))  # (hosted from the menu, as a person does)
    scene = host_lobby(app, "cheese_thief", 4, {}, 2, "", bind="127.0.0.1",
                       announce=False, log_dir=tmp_path)
    app.push(scene)
    run_until(app, lambda: scene.table is not None)
    host = scene.hosted.host  # type: ignore[union-attr]
    try:
        for confirming in (True, False, True):
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0,
                                                 unicode="", scancode=0))
            app.step(HEADLESS_DT)
            assert app.scene is scene and scene.confirming is confirming
            assert host.closing_at is None
        app.step(HEADLESS_DT)
        assert scene.message == "Close the table? Everyone at it will be told it closed."
    finally:
        while app.scenes:
            app.pop()
