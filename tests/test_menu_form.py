"""The new-game form as a newcomer meets it: a bot level for the empty seats, a way of
playing that is not confused with a game's own mode, options that stay as the person
left them from one table to the next (and from one run to the next), and a moderator
that asks before a stray Esc or R throws away the night the table is playing.

Real scenes with the dummy video driver; each test has its own settings and data."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame
import pygame_gui
import pytest

from client import i18n, settings
from client.app import HEADLESS_DT, App
from client.i18n import level_word, tr
from client.replays import replay_dir
from client.scenes.menu import PASSWORD, PORT, MenuScene
from client.scenes.moderator import ModeratorScene
from client.scenes.table import TableScene
from core.registry import BOTS, GAMES, about
from net.log import read_log
from tests.menu_walk import click, escape, turns
from tests.menu_window import app, own_dirs

__all__ = ["app", "own_dirs"]  # (a headless menu window, its own folders)




def menu_on(app: App) -> MenuScene:
    menu = MenuScene(app)
    app.scenes = [menu]
    app.step(HEADLESS_DT)
    return menu


def choose(app: App, menu: MenuScene, key: str, words: str) -> None:
    """Pick ``words`` in the form's drop-down ``key``, as its widget reports a pick."""
    menu.dropdown_changed(menu.widgets[key], words)
    app.step(HEADLESS_DT)


def fields(menu: MenuScene) -> dict[str, Any]:
    return {name: widget for widget, name in menu.option_widgets.items()}


def test_every_game_offers_its_bot_levels_where_bots_play(app: App) -> None:
    menu = menu_on(app)
    for game_id in GAMES:
        choose(app, menu, "game", about(game_id).title["en"])
        for mode, words in (("single", "Single screen"), ("watch", "Watch bots"),
                            ("host", "Host a LAN table")):
            choose(app, menu, "mode", words)
            assert menu.mode == mode
            level = menu.widgets["level"]
            offered = [o[0] for o in level.options_list]
            assert offered == [level_word(v) for v in BOTS[game_id]]
            assert "hard" in BOTS[game_id] and level.selected_option[0] == "normal"
        choose(app, menu, "mode", "Join a LAN table")
        assert "level" not in menu.widgets, "a guest's form has no bots to set"


def test_the_level_chosen_is_the_level_the_bots_play(app: App) -> None:
    menu = menu_on(app)
    choose(app, menu, "game", "Choose!")
    choose(app, menu, "mode", "Watch bots")
    choose(app, menu, "players", "4")
    choose(app, menu, "level", "hard")
    click(app, menu.widgets["start"], lambda: isinstance(app.scene, TableScene))
    assert isinstance(app.scene, TableScene)
    logs = list(replay_dir().glob("*-choose-*.log"))
    assert len(logs) == 1
    table = read_log(logs[0])[0]
    assert table["seats"] == ["hard"] * 4


def test_the_way_to_play_and_the_game_mode_have_their_own_names(app: App) -> None:
    menu = menu_on(app)
    choose(app, menu, "game", "Seven Knights Bewitched")
    for lang in ("en", "ja"):
        app.set_language(lang)
        app.step(HEADLESS_DT)
        labels = [e.text for e in menu.ui.get_sprite_group().sprites()
                  if isinstance(e, pygame_gui.elements.UILabel)]
        way, mode = (("Way to play", "Game mode") if lang == "en" else ("遊び方", "ゲームモード"))
        assert way in labels and mode in labels
        assert len(labels) == len(set(labels)), f"two fields share a label: {labels}"
    app.set_language("en")


def test_edited_options_and_level_are_kept_for_the_next_table_and_run(app: App) -> None:
    menu = menu_on(app)
    choose(app, menu, "mode", "Watch bots")
    choose(app, menu, "players", "4")
    choose(app, menu, "level", "easy")
    menu.option_text["hour_seconds"] = "4"
    menu.option_text["discussion_seconds"] = "90"
    menu.start()
    assert isinstance(app.scene, TableScene)
    app.pop()
    app.step(HEADLESS_DT)
    # another game's form has its own defaults; coming back finds the edits
    choose(app, menu, "game", "Choose!")
    assert "hour_seconds" not in menu.option_text and menu.level == "normal"
    choose(app, menu, "game", "Cheese Thief")
    form = fields(menu)
    assert form["hour_seconds"].get_text() == "4"
    assert form["discussion_seconds"].get_text() == "90"
    assert menu.widgets["level"].selected_option[0] == "easy"
    # and a fresh window (the next run) reads them back from the settings file
    kept = settings.load()
    assert kept.table_options["cheese_thief"]["hour_seconds"] == "4"
    again = App(kept, headless=True, size=(1024, 600))
    try:
        fresh = menu_on(again)
        choose(again, fresh, "mode", "Watch bots")
        assert fields(fresh)["hour_seconds"].get_text() == "4"
        assert fresh.level == "easy"
    finally:
        again.close()


def test_a_refused_option_is_not_kept_and_a_password_never(app: App) -> None:
    menu = menu_on(app)
    menu.option_text["hour_seconds"] = "soon"
    menu.start()
    assert menu.message and app.scene is menu
    assert "cheese_thief" not in settings.load().table_options
    choose(app, menu, "mode", "Host a LAN table")
    menu.option_text.update({"hour_seconds": "7", PORT: "0", PASSWORD: "secret"})
    menu.keep()
    text = settings.settings_path().read_text(encoding="utf-8")
    assert "secret" not in text and '"hour_seconds": "7"' in text


@pytest.mark.parametrize(("lang", "field", "typed", "said"), [
    ("en", "hour_seconds", "abc", "Night hour (s) must be a number, not \u201cabc\u201d."),
    ("en", "hour_seconds", " ", "Night hour (s) must be a number."),
    ("en", "table:bot_seconds", "99", "Bots' pace (s) must be at most 60, not \u201c99\u201d."),
    ("ja", "hour_seconds", "ten", "夜の1時刻(秒)は数値にしてください(「ten」は使えません)。"),
    ("ja", "table:bot_seconds", "-1", "ボットの間(秒)は0以上にしてください(「-1」は使えません)。"),
], ids=["en-letters", "en-blank", "en-pace", "ja-letters", "ja-pace"])
def test_a_refused_option_is_named_by_its_field_in_the_readers_language(
        app: App, lang: str, field: str, typed: str, said: str) -> None:
    """The form once said "Option problem: Option hour_seconds must be a number, not
    'abc'.", in English whatever the language: the option's name, which the form shows
    nowhere. It now names the field as the form titles it, and starts nothing."""
    i18n.set_language(lang)
    menu = menu_on(app)
    menu.option_text[field] = typed
    menu.start()
    assert menu.message == said and app.scene is menu and len(app.scenes) == 1
    assert "seconds" not in menu.message


def test_esc_on_the_last_screen_asks_before_the_program_closes(app: App) -> None:
    """Esc leaves a field, and once more closed the program with the table half set up.
    On the last screen the first Esc now says a second one quits; anything between the
    two keeps the program open. A screen above the menu still goes back at one press."""
    menu = menu_on(app)
    assert "Esc: quit" in menu.keys_line()[0]
    escape(app, lambda: False, most=2)
    assert app.running and app.scene is menu and menu.message == "Press Esc again to quit."
    click(app, menu.widgets["players"], lambda: False, most=2)  # a click in between
    assert menu.message == ""
    escape(app, lambda: False, most=2)
    assert app.running and app.scene is menu
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, mod=0,
                                         unicode="\t", scancode=0))  # a key in between
    escape(app, lambda: False, most=2)
    assert app.running and app.scene is menu and menu.message == "Press Esc again to quit."
    escape(app, lambda: not app.running, most=2)
    assert not app.running and not app.scenes
    app.running = True
    menu = menu_on(app)
    mode = menu.widgets["mode"]
    click(app, mode, lambda: mode.current_state is mode.menu_states["expanded"])
    escape(app, lambda: mode.current_state is mode.menu_states["closed"], most=3)
    assert mode.current_state is mode.menu_states["closed"], "Esc closes an open list first"
    assert app.running and menu.message == "", "and does not count as the first Esc"
    click(app, menu.widgets["rules"], lambda: app.scene is not menu)
    assert app.scene is not menu and "Esc: back" in app.scene.keys_line()[0]  # type: ignore[union-attr]
    escape(app, lambda: app.scene is menu)
    assert app.running and app.scene is menu


def test_a_hand_edited_form_in_the_settings_file_is_cleaned(app: App) -> None:
    path = settings.settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('{"table_options": {"choose": 5, "knights": {"turn_seconds": 30}},'
                    ' "bot_levels": {"knights": "genius", "choose": 3}}', encoding="utf-8")
    kept = settings.load()
    assert kept.table_options == {"knights": {"turn_seconds": "30"}}
    assert kept.bot_levels == {"knights": "genius"}
    window = App(kept, headless=True, size=(1024, 600))
    try:
        menu = menu_on(window)
        choose(window, menu, "game", "Seven Knights Bewitched")
        assert menu.level == "normal", "a level the game lacks falls back to its default"
    finally:
        window.close()


def key(app: App, code: int) -> None:
    for kind in (pygame.KEYDOWN, pygame.KEYUP):
        pygame.event.post(pygame.event.Event(kind, key=code, mod=0, unicode="", scancode=0))
    app.step(HEADLESS_DT)


def moderator(app: App) -> tuple[MenuScene, ModeratorScene]:
    menu = menu_on(app)
    scene = ModeratorScene(app, 5, 2.0, "en", follower_seconds=1, discussion_seconds=5)
    app.push(scene)
    turns(app, lambda: scene.t >= 1.0, 200)
    assert scene.mid_night
    return menu, scene


def test_the_moderator_asks_before_leaving_mid_night(app: App) -> None:
    menu, scene = moderator(app)
    escape(app, lambda: scene.asking is not None)
    assert scene.asking == "leave" and app.scene is scene
    t = scene.t
    turns(app, lambda: False, 60)
    assert scene.t == t, "the night holds while the question stands"
    key(app, pygame.K_ESCAPE)
    assert scene.asking is None and not scene.paused, "Esc keeps going"
    turns(app, lambda: scene.t > t + 0.5, 100)
    # the Menu button asks too; Enter says yes
    menu_button = next(b for b in scene.buttons if b.key == "menu")
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=menu_button.rect.center,
                                         button=1))
    app.step(HEADLESS_DT)
    assert scene.asking == "leave"
    key(app, pygame.K_RETURN)
    assert app.scene is menu


def test_the_moderator_asks_before_restarting_and_keeps_a_pause(app: App) -> None:
    _, scene = moderator(app)
    key(app, pygame.K_SPACE)
    assert scene.paused
    key(app, pygame.K_r)
    assert scene.asking == "restart" and scene.restarts == 0
    stay = next(b for b in scene.buttons if b.key == "stay")
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=stay.rect.center,
                                         button=1))
    app.step(HEADLESS_DT)
    assert scene.asking is None and scene.paused, "a paused night stays paused"
    assert scene.t >= 1.0 and scene.restarts == 0
    key(app, pygame.K_r)
    key(app, pygame.K_RETURN)
    assert scene.restarts == 1 and scene.t < 0.1 and scene.asking is None


def test_the_moderator_goes_at_once_when_there_is_no_night_to_lose(app: App) -> None:
    menu = menu_on(app)
    scene = ModeratorScene(app, 4, 0.2, "en", follower_seconds=0.2, discussion_seconds=0.2)
    app.push(scene)
    key(app, pygame.K_ESCAPE)  # (its first turn reads the key before the clock runs)
    assert app.scene is menu, "a night not begun leaves at once"
    scene = ModeratorScene(app, 4, 0.2, "en", follower_seconds=0.2, discussion_seconds=0.2)
    app.push(scene)
    turns(app, lambda: scene.done, 4000)
    key(app, pygame.K_r)
    assert scene.asking is None and scene.restarts == 1, "an ended night restarts at once"
    turns(app, lambda: scene.done, 4000)
    key(app, pygame.K_ESCAPE)
    assert app.scene is menu, "an ended night leaves at once"


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_crowded_menu_keeps_every_text_in_its_place(app: App, own_dirs: Path,
                                                      lang: str) -> None:
    """With a table of this installation's to resume, the bots' level and every way to
    play, at the smallest window: *Learn to play* keeps its own row, the Resume button
    says what it resumes within its width, and no text leaves its widget."""
    from client import hosting, identity
    from client.kit import ink

    log = identity.data_dir() / "hosted.log"
    log.parent.mkdir(parents=True, exist_ok=True)
    log.write_text("")
    hosting.remember(log=str(log), game="knights", players=3, owner=["a", "b"])
    app.set_language(lang)
    menu = menu_on(app)
    recorder = ink.start()
    try:
        for game_id in GAMES:
            choose(app, menu, "game", about(game_id).title[lang])
            for mode in ("single", "watch", "host", "join"):
                choose(app, menu, "mode", i18n.tr(f"mode.{mode}"))
                assert "resume" in menu.widgets
                learn, start = menu.widgets["learn"], menu.widgets["start"]
                assert learn.rect.width == start.rect.width, "Learn keeps its own row"
                assert not learn.rect.colliderect(menu.widgets["resume"].rect)
        assert recorder.noted and recorder.total() == 0, [
            o.line() for o in recorder.offences.values()]
    finally:
        ink.stop()


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_host_form_at_large_text_in_a_small_window_keeps_every_field_on_screen(
        own_dirs: Path, lang: str) -> None:
    """At 150% in 1024x600 the host form of Cheese Thief at six or more players, and of
    Choose!, put its last fields (the port, the password, the table screen) below the
    window, where nobody could reach them. Where rows a line tall with no help still do
    not fit, the option column's words are at 100%; every field of every game, way to
    play and table size is on screen, every text in its widget."""
    from client.kit import ink
    from client.settings import Settings

    i18n.set_language(lang)
    window = App(Settings(name="Aki", text_size=150, language=lang), headless=True,
                 size=(1024, 600))
    try:
        menu = menu_on(window)
        below: list[tuple[str, str, int, int]] = []
        recorder = ink.start()
        for game_id in GAMES:
            choose(window, menu, "game", about(game_id).title[lang])
            for mode in ("single", "watch", "host", "join"):
                choose(window, menu, "mode", i18n.tr(f"mode.{mode}"))
                for n in range(about(game_id).min_players, about(game_id).max_players + 1):
                    if "players" not in menu.widgets:
                        break
                    choose(window, menu, "players", str(n))
                    window.step(HEADLESS_DT)
                    lowest = max((w.rect.bottom for w in menu.option_widgets), default=0)
                    if lowest > 600:
                        below.append((game_id, mode, n, lowest))
        assert below == []
        assert recorder.noted and recorder.total() == 0, [
            o.line() for o in recorder.offences.values()]
    finally:
        ink.stop()
        window.close()
        i18n.set_language("en")


@pytest.mark.parametrize(("lang", "where"), [("en", "watching"), ("ja", "観戦")])
def test_the_two_bot_paces_say_where_each_applies(lang: str, where: str) -> None:
    """Settings called its pace "Bot thinking time (s)" (0.6) beside the form's "Bots'
    pace (s)" (1.2): two names for one idea. Settings' applies only to watched tables
    (a table with people takes the form's), and now says so."""
    i18n.set_language(lang)
    try:
        assert where in tr("set.bot_delay") and where not in tr("menu.bot_pace")
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_long_refusal_at_large_text_stays_on_its_line(app: App, lang: str) -> None:
    """A refusal quotes what was typed. At 150% in 1024x600 a long one in Japanese ran
    under the mouse in the corner, and a pasted paragraph would have left the window:
    the quote stops after a few characters, and the line steps its size down (to its
    100% size) to stay in its place, measured by the record of texts drawn."""
    from client.assets import set_text_scale
    from client.kit import ink
    from client.scenes.ui import decor_left

    i18n.set_language(lang)
    set_text_scale(1.5)
    try:
        menu = menu_on(app)
        menu.option_text["hour_seconds"] = "a pasted paragraph, far too long for a field " * 3
        menu.start()
        assert app.scene is menu and "…" in menu.message and len(menu.message) < 80
        recorder = ink.start()
        menu.draw(app.screen)
        w, h = app.screen.get_size()
        said = next(d for d in recorder.drawn if d.words[:4] in menu.message)
        assert said.ink.right < decor_left(w, h)  # short of the corner's mouse
        recorder.end_frame()
        assert recorder.total() == 0, [o.line() for o in recorder.offences.values()]
    finally:
        ink.stop()
        set_text_scale(1.0)


@pytest.mark.parametrize(("lang", "key", "args"), [
    ("en", "menu.bad_address", {"address": "192.168.100.200:47470"}),
    ("ja", "host.bad_port", {"port": "47470"})])
def test_a_refusal_too_long_for_its_line_takes_a_second_at_the_least_window(
        lang: str, key: str, args: dict[str, str]) -> None:
    """At 800x500 a refusal that does not fit its line at its 100% size was cut with
    "…", losing its example or what to do ("…0〜65534の数を入力して…"): it takes a second
    line where the keys are, whole and in place, and the keys come back when it goes."""
    from client.kit import ink
    from client.settings import Settings

    i18n.set_language(lang)
    window = App(Settings(language=lang), headless=True, size=(800, 500))
    try:
        menu = MenuScene(window)
        window.push(menu)
        window.run(max_frames=3)
        menu.message = tr(key, **args)
        recorder = ink.start()
        menu.draw(window.screen)
        lines = [d.words for d in recorder.drawn if d.words in menu.shown_message()[0]]
        keys = menu.keys_line()[0]
        assert len(lines) == 2 and "…" not in "".join(lines)
        assert "".join(lines).replace(" ", "") == menu.message.replace(" ", "")
        assert not any(d.words == keys for d in recorder.drawn)
        recorder.end_frame()
        assert recorder.total() == 0, [o.line() for o in recorder.offences.values()]
        menu.message = ""
        menu.draw(window.screen)
        assert any(d.words == keys for d in recorder.drawn)
    finally:
        ink.stop()
        window.close()
        i18n.set_language("en")


@pytest.mark.parametrize(("lang", "text_size", "size", "modes"), [
    ("en", 150, (800, 500), None), ("ja", 150, (800, 500), None),
    ("en", 125, (800, 500), ("single", "host")), ("ja", 150, (1024, 600), ("single", "host"))])
def test_a_form_too_large_for_its_window_comes_at_its_100_percent_size(
        lang: str, text_size: int, size: tuple[int, int], modes: tuple[str, ...] | None
        ) -> None:
    """At 150% in 800x500 the menu set Start under the row of buttons and cut the
    options' titles ("Ties fa"), and the join form's note ran one word a line into the
    corner; at 150% in 1024x600 the host form's Start ran under the row too. Where the
    person's text size leaves the form no room, its words are at 100% (as a crowded
    options column's already were), and every way to play shows every word whole,
    nothing over anything; where it fits (a single screen at 150% in 1024x600), the
    form keeps the person's size."""
    from client.kit import ink
    from client.scenes.menu import MODES
    from client.settings import Settings

    i18n.set_language(lang)
    window = App(Settings(language=lang, text_size=text_size), headless=True, size=size)
    try:
        for mode in modes or MODES:
            menu = MenuScene(window)
            window.push(menu)
            menu.mode, menu._built = mode, None  # (as choosing the way to play builds it)
            recorder = ink.start()
            window.run(max_frames=3)
            assert recorder.total() == 0, (mode, [o.line() for o in recorder.offences.values()])
            assert menu.whole(), mode
            if size == (1024, 600) and mode == "single":
                assert not menu.form_compact  # (it fits at the person's size)
            if text_size == 150 and size == (800, 500) and mode == "single":
                assert menu.form_compact
            ink.stop()
            window.pop()
    finally:
        ink.stop()
        window.close()
        i18n.set_language("en")


def test_joining_offers_no_table_settings_and_checks_none(app: App) -> None:
    """A guest sits at the host's table as the host set it, yet the form for *Join a LAN
    table* showed Players and every table option, and an option typed wrong for another
    way of playing refused the join ("Night hour (s) must be a number")."""
    from client.scenes.lobby import JoinScene

    menu = menu_on(app)
    menu.option_text["hour_seconds"] = "abc"  # typed for a table of one's own
    choose(app, menu, "mode", "Join a LAN table")
    assert "players" not in menu.widgets and not menu.option_widgets
    assert menu.form_specs() == []
    menu.start()
    assert menu.message == "" and isinstance(app.scene, JoinScene)
    app.pop()
    app.step(HEADLESS_DT)
    choose(app, menu, "mode", "Single screen")  # and the form is back as it was
    assert "players" in menu.widgets and fields(menu)["hour_seconds"].get_text() == "abc"


def test_the_moderator_offers_only_the_times_it_calls(app: App) -> None:
    """Walked in a real window: the form for *Moderator for real cards* offered *Ties
    favour the Thief*, *Each look* and *Vote*, which a moderated night never reads, and a
    look typed wrong for a shared screen would have refused the moderator."""
    menu = menu_on(app)
    menu.option_text["look_seconds"] = "abc"  # typed for a shared screen
    choose(app, menu, "mode", "Moderator for real cards")
    for players in range(4, 9):
        choose(app, menu, "players", str(players))
        followers = {"follower_seconds"} if players >= 5 else set()
        assert set(fields(menu)) == {"hour_seconds", "discussion_seconds", *followers}
    menu.option_text["hour_seconds"] = "7"
    menu.start()
    assert menu.message == "" and isinstance(app.scene, ModeratorScene)
    hours = [step for step in app.scene.night.steps if step.step == "hour"]
    assert {round(step.timer_end - step.timer, 3) for step in hours} == {7.0}
    app.pop()
    app.step(HEADLESS_DT)
    choose(app, menu, "mode", "Single screen")  # the shared screen's fields are as they were
    assert fields(menu)["look_seconds"].get_text() == "abc"


def test_the_join_note_is_whole_at_large_text_in_a_small_window(app: App) -> None:
    """At 150% in 1024x600 the note in place of the options ran to four lines and was
    cut ("options; you…"), seen in a real window."""
    from client.assets import set_text_scale

    set_text_scale(1.5)
    try:
        menu = menu_on(app)
        choose(app, menu, "mode", "Join a LAN table")
        root: Any = menu.ui.get_root_container()
        half = app.screen.get_width() // 2
        said = [w.text for w in root.elements
                if isinstance(w, pygame_gui.elements.UILabel) and w.rect.x > half]
        assert said and not any(line.endswith("…") for line in said), said
        assert "".join(said).replace(" ", "").endswith("tableitset.")
    finally:
        set_text_scale(1.0)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_host_form_at_1280x720_says_what_table_screen_does_whole(
        own_dirs: Path, lang: str) -> None:
    """At the window's first size the host form cut *Table screen*'s help with "…", the
    one a host must read to choose it; and at large text a help cut where the column
    had room for it whole."""
    from client.assets import set_text_scale
    from client.settings import Settings

    def helps(game: str, size: int) -> list[str]:
        set_text_scale(size)
        window = App(Settings(name="Aki", language=lang, text_size=size), headless=True,
                     size=(1280, 720))
        try:
            menu = MenuScene(window)
            window.push(menu)
            menu.game_id, menu.mode, menu._built = game, "host", None
            menu.take_kept()
            window.step(HEADLESS_DT)
            return [str(e.text) for e in menu.ui.get_root_container().elements
                    if isinstance(getattr(e, "text", None), str)]
        finally:
            window.close()
            set_text_scale(100)

    i18n.set_language(lang)
    said = tr("menu.screen_help")
    i18n.set_language("en")
    for game in GAMES:  # (a form of many options keeps no help at all: Choose!'s)
        lines = helps(game, 100)
        assert not any(line.endswith("…") and line[:8] == said[:8] for line in lines), game
        assert said in lines or game == "choose", game
    whole = {"en": "cards, in seconds.", "ja": "(テレビ向け)。"}[lang]  # the help's last line
    assert whole in helps("sly_knights", 150)
    i18n.set_language("en")
