"""The accessibility settings, as a person sets them: on the Settings screen, kept by
*Save* into the next launch (a fresh process), and each doing what it says (measured
on the window's pixels or the record of its texts)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path
from statistics import median
from typing import Any

import pygame
import pytest

from client import i18n
from client.app import HEADLESS_DT, App
from client.assets import set_text_scale, text_scale
from client.kit import ink, keymap, palette
from client.scenes.menu import MenuScene
from client.scenes.settings_scene import PAGES, SettingsScene
from client.scenes.ui import DONE, TROUBLE
from client.settings import Settings
from tests.menu_walk import settle

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(autouse=True)
def _as_it_was() -> Iterator[None]:
    """The person's settings are the process's: put them back for the next test."""
    yield
    set_text_scale(1.0)
    palette.set_palette("standard")
    keymap.use(keymap.KeyMap())
    i18n.set_language("en")
    ink.RECORDER = None


def press(app: App, widget: Any) -> None:
    settle(app)
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        pygame.event.post(pygame.event.Event(kind, pos=widget.rect.center, button=1))
    for _ in range(3):
        app.step(HEADLESS_DT)


def key(app: App, code: int) -> None:
    for kind in (pygame.KEYDOWN, pygame.KEYUP):
        pygame.event.post(pygame.event.Event(kind, key=code, mod=0, unicode="", scancode=0))
    for _ in range(2):
        app.step(HEADLESS_DT)


def choose(app: App, scene: SettingsScene, name: str, words: str) -> None:
    """Pick ``words`` in the drop-down ``name`` as a click on its row would."""
    import pygame_gui

    widget = scene.w[name]
    scene.tell(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, widget, text=words)
    app.step(HEADLESS_DT)


def settings_screen(settings: Settings, size: tuple[int, int] = (1024, 600)
                    ) -> tuple[App, SettingsScene]:
    app = App(settings, headless=True, size=size)
    app.push(MenuScene(app))
    scene = SettingsScene(app)
    app.push(scene)
    app.step(HEADLESS_DT)
    return app, scene


SAVE_THEN_QUIT = textwrap.dedent("""
    import pygame, pygame_gui
    from client.app import App, HEADLESS_DT
    from client.settings import load
    from client.scenes.settings_scene import SettingsScene
    app = App(load(), headless=True, size=(1024, 600))
    scene = SettingsScene(app)
    app.push(scene)
    app.step(HEADLESS_DT)
    for page, name, words in (("access", "text_size", "150%"),
                              ("access", "palette", "Colour-blind safe"),
                              ("access", "more_time", "×2")):
        scene.press("page." + page)
        app.step(HEADLESS_DT)
        scene.tell(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, scene.w[name], text=words)
    scene.tell(pygame_gui.UI_CHECK_BOX_UNCHECKED, scene.w["subtitles"])
    scene.press("page.sound")
    app.step(HEADLESS_DT)
    scene.w["chime_volume"].set_current_value(25)
    scene.tell(pygame_gui.UI_HORIZONTAL_SLIDER_MOVED, scene.w["chime_volume"])
    scene.press("page.keys")
    app.step(HEADLESS_DT)
    scene.press("key.mute")
    scene.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_n, mod=0, unicode="n"))
    scene.press("save")
    print("saved")
""")

READ_BACK = textwrap.dedent("""
    import json, pygame
    from client.app import App
    from client.assets import text_scale
    from client.kit import keymap, palette
    from client.settings import load
    app = App(load(), headless=True, size=(1024, 600))
    print(json.dumps({"scale": text_scale(), "palette": palette.palette(),
                      "more_time": app.settings.more_time,
                      "subtitles": app.voice.subtitles,
                      "chime": app.audio.chime_volume,
                      "n": keymap.current().action_of(pygame.K_n),
                      "m": keymap.current().action_of(pygame.K_m)}))
""")


def run(script: str, config: Path) -> str:
    env = dict(os.environ, PYTHONPATH=str(ROOT), SDL_VIDEODRIVER="dummy",
               SDL_AUDIODRIVER="dummy", CHEESEKNIGHTS_CONFIG_DIR=str(config))
    done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout.strip().splitlines()[-1]


def test_settings_survive_a_restart(tmp_path: Path) -> None:
    """Set on the screen and saved by one process; the next process starts with them."""
    assert run(SAVE_THEN_QUIT, tmp_path) == "saved"
    saved = json.loads((tmp_path / "settings.json").read_text(encoding="utf-8"))
    assert saved["keys"] == {"mute": "n"}
    back = json.loads(run(READ_BACK, tmp_path))
    assert back == {"scale": 1.5, "palette": "safe", "more_time": 2.0, "subtitles": False,
                    "chime": 0.25, "n": "mute", "m": None}


def test_a_hand_broken_file_is_clamped() -> None:
    broken = Settings(text_size=400, palette="neon", more_time=9, chime_volume=-1,
                      keys=["m"]).clean()  # type: ignore[arg-type]
    assert (broken.text_size, broken.palette, broken.more_time, broken.chime_volume,
            broken.keys) == (150, "standard", 3.0, 0.0, {})
    assert keymap.KeyMap({"mute": "return", "rules": "no such key"}).keys == keymap.DEFAULTS


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("size", [(1024, 600), (1280, 720)])
def test_every_page_fits_at_the_largest_text(lang: str, size: tuple[int, int]) -> None:
    """At 150% every page of Settings shows whole (``text_overflow`` 0), in a window as
    small as 1024x600."""
    recorder = ink.start()
    app, scene = settings_screen(Settings(text_size=150, language=lang), size)
    for page in PAGES:
        press(app, scene.w[f"page.{page}"]) if page != "general" else None
        assert scene.page == page
        for _ in range(3):
            app.step(HEADLESS_DT)
    assert recorder.noted > 50
    assert recorder.total() == 0, [o.line() for o in recorder.offences.values()]
    app.close()


def ink_heights(settings: Settings) -> float:
    """The median height of the texts one frame of the settings screen draws."""
    recorder = ink.start()
    heights: list[int] = []
    note = ink.note

    app, scene = settings_screen(settings, (1280, 720))
    try:
        def measuring(surface: pygame.Surface, label: pygame.Surface, at: Any, words: str,
                      box: Any = None) -> None:
            heights.append(label.get_bounding_rect().height)
            note(surface, label, at, words, box)

        ink.note = measuring
        app.step(HEADLESS_DT)
    finally:
        ink.note = note
    ui_heights = [w.font.size("Mg")[1] for w in scene.w.values() if hasattr(w, "font")]
    assert recorder is not None
    app.close()
    return float(median(heights) + median(ui_heights))


def test_text_size_makes_every_text_larger() -> None:
    """150% text draws the screen's texts and its widgets' half as tall again."""
    small = ink_heights(Settings(text_size=100))
    large = ink_heights(Settings(text_size=150))
    assert 1.35 < large / small < 1.65, (small, large)


def test_text_size_changes_the_open_screens_at_once() -> None:
    app, scene = settings_screen(Settings())
    menu = app.scenes[0]
    press(app, scene.w["page.access"])
    before = scene.w["text_size"].rect.height
    choose(app, scene, "text_size", "150%")
    app.step(HEADLESS_DT)
    assert text_scale() == 1.5 and app.settings.text_size == 150
    assert scene.w["text_size"].rect.height > before, "the form's rows grew with the text"
    assert isinstance(menu, MenuScene) and menu._built is None, "the menu lays out again"
    app.close()


def message_colours(app: App, scene: SettingsScene) -> set[tuple[int, int, int]]:
    """The colours drawn on the line a message takes."""
    scene.draw(app.screen)
    middle, size = scene.message_line()
    strip = app.screen.subsurface(pygame.Rect(0, middle - size, app.screen.get_width(),
                                              2 * size))
    return {tuple(strip.get_at((x, y)))[:3]  # type: ignore[misc]
            for x in range(strip.get_width()) for y in range(0, strip.get_height(), 2)}


def test_saved_is_said_in_the_colour_of_success_and_a_refusal_in_its_own() -> None:
    """"Saved." was drawn in the salmon of every problem the screens report."""
    app, scene = settings_screen(Settings())
    press(app, scene.w["save"])
    assert scene.message == "Saved."
    seen = message_colours(app, scene)
    assert DONE in seen and TROUBLE not in seen
    press(app, scene.w["page.keys"])
    press(app, scene.w["key.mute"])
    key(app, pygame.K_l)  # the language's key: refused
    seen = message_colours(app, scene)
    assert TROUBLE in seen and DONE not in seen
    app.close()


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("size", [(800, 500), (1280, 720)])
def test_a_name_no_window_can_show_is_refused_with_why_and_nothing_saved(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, lang: str,
        size: tuple[int, int]) -> None:
    """*Save* with "Aki 🍕" in the name field kept "Aki" without a word: now it says
    why, whole on its line, in the colour of a refusal; it saves nothing and keeps what
    was typed for mending. The name mended, *Save* keeps it."""
    monkeypatch.setenv("CHEESEKNIGHTS_CONFIG_DIR", str(tmp_path))
    app, scene = settings_screen(Settings(name="Ben", language=lang), size)
    scene.w["name"].set_text("Aki \U0001f355")
    press(app, scene.w["save"])
    assert scene.message == i18n.tr("set.name_undrawable")
    assert scene.shown_message()[0] == [scene.message]  # (whole, on one line)
    seen = message_colours(app, scene)
    assert TROUBLE in seen and DONE not in seen
    assert not (tmp_path / "settings.json").exists() and app.settings.name == "Ben"
    said = scene.message
    key(app, pygame.K_l)  # another language builds the page again: still as typed,
    assert scene.w["name"].get_text() == "Aki \U0001f355" and app.settings.name == "Ben"
    assert scene.message == i18n.tr("set.name_undrawable") != said  # and said in it
    scene.w["name"].set_text("Aki")
    press(app, scene.w["save"])
    assert scene.message == i18n.tr("set.saved")
    assert json.loads((tmp_path / "settings.json").read_text(encoding="utf-8"))["name"] == "Aki"
    key(app, pygame.K_l)
    assert scene.message == i18n.tr("set.saved") and DONE in message_colours(app, scene)
    app.close()


def test_a_name_typed_survives_a_change_of_page_language_and_text_size() -> None:
    """A language or text size changed after typing built the page again from the
    saved name: what was typed was gone."""
    app, scene = settings_screen(Settings(name="Ben"))
    scene.w["name"].set_text("Chika")
    key(app, pygame.K_l)
    assert scene.w["name"].get_text() == "Chika"
    scene.set_text_size(150)
    app.step(HEADLESS_DT)
    assert scene.w["name"].get_text() == "Chika"
    press(app, scene.w["page.keys"])
    press(app, scene.w["page.general"])
    assert scene.w["name"].get_text() == "Chika" and app.settings.name == "Chika"
    app.close()


def test_a_key_is_changed_and_a_taken_key_refused() -> None:
    app, scene = settings_screen(Settings(text_size=150))
    press(app, scene.w["page.keys"])
    press(app, scene.w["key.mute"])
    assert scene.capturing == "mute" and "Mute" in scene.message
    key(app, pygame.K_l)  # the language's key
    assert scene.message == "L is already the key for “Language”: choose another key."
    recorder = ink.start()
    scene.draw(app.screen)
    shown = next(d.ink for d in recorder.drawn if d.words == scene.message)
    assert not [n for n, w in scene.w.items() if w.rect.colliderect(shown)], \
        "the sentence stays clear of the buttons"
    assert keymap.current().action_of(pygame.K_m) == "mute", "a refused key changes nothing"
    press(app, scene.w["key.mute"])
    key(app, pygame.K_TAB)
    assert "moves and chooses" in scene.message
    press(app, scene.w["key.mute"])
    key(app, pygame.K_ESCAPE)
    assert app.scene is scene, "Esc keeps the key and stays on the screen"
    press(app, scene.w["key.mute"])
    key(app, pygame.K_n)
    assert keymap.current().action_of(pygame.K_n) == "mute"
    assert keymap.current().action_of(pygame.K_m) is None
    assert scene.w["key.mute"].text == "N"
    assert app.settings.keys == {"mute": "n"}
    i18n.set_language("ja")
    assert keymap.current().refusal("rules", pygame.K_n) == \
        "Nはすでに「ミュート」のキーです。別のキーを選んでください。"
    app.close()


def test_shift_is_kept_for_the_cards_beyond_nine() -> None:
    """Shift with a number picks the 11th to 20th card: an action on Shift would act on
    every such pick, so it is refused like the numbers themselves."""
    keys = keymap.KeyMap()
    for shift in (pygame.K_LSHIFT, pygame.K_RSHIFT):
        assert keys.assign("mute", shift) == \
            f"{keymap.key_label(shift)} moves and chooses at every screen: choose another key."
    assert keys.action_of(pygame.K_m) == "mute", "a refused key changes nothing"
    assert keymap.KeyMap({"rules": "left shift"}).keys["rules"] == pygame.K_r, \
        "a saved Shift (from before) is not taken up"


def test_a_changed_key_works_at_a_table_and_in_its_hints() -> None:
    from client.tables import local_scene

    app = App(Settings(keys={"mute": "n"}, bot_delay=0.0), headless=True, size=(1280, 720))
    scene = local_scene(app, "sly_knights", 3, {}, 3, 1, "simple")
    app.push(scene)
    for _ in range(30):
        app.step(HEADLESS_DT)
    key(app, pygame.K_m)
    assert not app.audio.muted, "M is no longer the mute key"
    key(app, pygame.K_n)
    assert app.audio.muted, "N is"
    hints = keymap.current().relabel(scene.overlays.keys_line())
    assert "N: mute" in hints and "M: mute" not in hints
    app.close()


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_whole_watched_game_at_150_percent_reads_whole(cli: Any, lang: str,
                                                          tmp_path: Path) -> None:
    """A Cheese Thief game from the night to the end-of-game sheet at 150% text, as
    ``bench/text_overflow.py --text-size 150`` runs it: ``text_overflow`` 0 (the narrator's
    band, the side panel, the end bar and the keys at the foot)."""
    (tmp_path / "settings.json").write_text(json.dumps({"text_size": 150}))
    line = cli("watch", "--game", "cheese_thief", "--players", "4", "--size", "1280x720",
               "--lang", lang, "--speed", "8", "--until-end", "240", "--frames", "60000",
               "--headless", "--stats", "--overflow-report",
               env={"CHEESEKNIGHTS_CONFIG_DIR": str(tmp_path)}).line()
    assert line["text_overflow"] == 0, line["report"][-3000:]


MENU_SAYS = textwrap.dedent("""
    import json
    from client.app import App, HEADLESS_DT
    from client.settings import load
    from client.scenes.menu import MenuScene
    app = App(load(), headless=True, size=(1024, 600))
    menu = MenuScene(app)
    app.push(menu)
    app.step(HEADLESS_DT)
    s = app.settings
    print(json.dumps({"message": menu.message, "language": s.language, "name": s.name,
                      "width": s.width, "text_size": s.text_size}))
    app.close()
""")


@pytest.mark.parametrize("broken", [b"[1, 2]", b'"settings"', b'{"language": "ja", "wid',
                                    b"\xff\xfe{}"])
def test_a_settings_file_that_is_no_settings_is_kept_aside_and_said(
        tmp_path: Path, broken: bytes) -> None:
    """A file holding a list stopped the program at its start with a traceback; one cut
    short was written over by the defaults when the window closed. The program starts,
    the menu says so, and the file is kept as it was."""
    (tmp_path / "settings.json").write_bytes(broken)
    env = dict(os.environ, PYTHONPATH=str(ROOT), SDL_VIDEODRIVER="dummy",
               SDL_AUDIODRIVER="dummy", CHEESEKNIGHTS_CONFIG_DIR=str(tmp_path),
               CHEESEKNIGHTS_DATA_DIR=str(tmp_path / "data"))
    started = subprocess.run([sys.executable, "-m", "client.cli", "menu", "--headless",
                              "--frames", "3"], cwd=ROOT, env=env, capture_output=True,
                             text=True, timeout=120)
    assert started.returncode == 0, started.stderr[-2000:]
    assert (tmp_path / "settings.unreadable.json").read_bytes() == broken
    (tmp_path / "settings.json").write_bytes(broken)
    said = json.loads(run(MENU_SAYS, tmp_path))
    assert said["message"] == ("The settings file could not be read, so the defaults are "
                               "used; it is kept as settings.unreadable.json.")
    assert (tmp_path / "settings.unreadable.json").read_bytes() == broken
    again = json.loads(run(MENU_SAYS, tmp_path))  # (the window saved its defaults)
    assert again["message"] == ""


def test_a_broken_value_falls_back_alone(tmp_path: Path) -> None:
    """One width a hand broke lost the name, the language and every other setting."""
    (tmp_path / "settings.json").write_text(json.dumps(
        {"language": "ja", "name": "Aki", "width": "big", "text_size": 1e400}))
    said = json.loads(run(MENU_SAYS, tmp_path))
    assert said == {"message": "", "language": "ja", "name": "Aki", "width": 1280,
                    "text_size": 100}
    assert not (tmp_path / "settings.unreadable.json").exists()


NOWHERE_TO_KEEP = textwrap.dedent("""
    import json
    from client import hosting, identity
    from client.app import App, HEADLESS_DT
    from client.scenes.settings_scene import SettingsScene
    from client.settings import load
    app = App(load(), headless=True, size=(1024, 600))
    scene = SettingsScene(app)
    app.push(scene)
    app.step(HEADLESS_DT)
    scene.press("save")
    identity.remember("A" * 40, token="t", address="127.0.0.1:5000")
    hosting.remember(log="/nowhere.log")
    print(json.dumps({"said": scene.message, "host": len(hosting.host_keys()[0]),
                      "peer": len(identity.keys().public), "held": identity.held_seats()}))
    app.close()
""")


def test_a_home_where_nothing_can_be_kept_still_plays(tmp_path: Path) -> None:
    """Settings and data folders that cannot be made (a read-only home, a file where
    the folder goes): the menu's close, its look for held seats and *Save* each stopped
    on a traceback, and hosting from the window did before it could say the log cannot
    be written. Now *Save* says why, and the rest keeps what it can: nothing."""
    (tmp_path / "file").write_text("")
    env = dict(os.environ, PYTHONPATH=str(ROOT), SDL_VIDEODRIVER="dummy",
               SDL_AUDIODRIVER="dummy", CHEESEKNIGHTS_CONFIG_DIR=str(tmp_path / "file" / "c"),
               CHEESEKNIGHTS_DATA_DIR=str(tmp_path / "file" / "d"))
    menu = subprocess.run([sys.executable, "-m", "client.cli", "menu", "--headless",
                           "--frames", "30"], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=120)
    assert menu.returncode == 0 and "Traceback" not in menu.stderr, menu.stderr[-2000:]
    done = subprocess.run([sys.executable, "-c", NOWHERE_TO_KEEP], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr[-2000:]
    assert json.loads(done.stdout.strip().splitlines()[-1]) == {
        "said": "The settings could not be saved (Not a directory); they hold until you "
                "close.", "host": 40, "peer": 40, "held": []}


@pytest.mark.parametrize(("system", "said"), [("ja_JP.UTF-8", "ja"), ("C.UTF-8", "en"),
                                              ("en_GB.UTF-8", "en")])
def test_the_first_run_speaks_the_systems_language(tmp_path: Path, system: str,
                                                   said: str) -> None:
    """A person whose computer speaks Japanese met an English menu first (the phone's
    page already went by its browser). A saved choice stands over the system's."""
    env = dict(os.environ, PYTHONPATH=str(ROOT), SDL_VIDEODRIVER="dummy",
               SDL_AUDIODRIVER="dummy", CHEESEKNIGHTS_CONFIG_DIR=str(tmp_path),
               CHEESEKNIGHTS_DATA_DIR=str(tmp_path / "data"), LANG=system)
    env.pop("LC_ALL", None)
    env.pop("LC_MESSAGES", None)
    script = ("from client.app import App, HEADLESS_DT; from client.settings import load; "
              "from client.scenes.menu import MenuScene; from client.i18n import tr; "
              "app = App(load(), headless=True); app.push(MenuScene(app)); "
              "app.step(HEADLESS_DT); print(app.settings.language, tr('menu.start')); "
              "app.close()")

    def first_words() -> str:
        done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, env=env,
                              capture_output=True, text=True, timeout=120)
        assert done.returncode == 0, done.stderr[-2000:]
        return done.stdout.strip().splitlines()[-1]

    assert first_words() == f"{said} {'開始' if said == 'ja' else 'Start'}"
    (tmp_path / "settings.json").write_text(json.dumps({"language": said}))
    env["LANG"] = "C.UTF-8" if said == "ja" else "ja_JP.UTF-8"
    assert first_words().split()[0] == said




def test_a_game_that_cannot_be_kept_for_replays_says_so_and_plays_on(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Where the log cannot be written, a game at one screen was played with nothing
    said, and was missing from Replays afterwards. It says so over the table for its
    first seconds, in the language of the moment, whole, and plays on."""
    from client.kit import overlays
    from client.session import NOTICE_SECONDS
    from client.tables import local_scene

    (tmp_path / "file").write_text("")
    monkeypatch.setenv("CHEESEKNIGHTS_DATA_DIR", str(tmp_path / "file" / "d"))
    said: list[str] = []
    banner = overlays.banner

    def heard(surface: pygame.Surface, words: str, *rest: Any) -> int:
        said.append(words)
        return banner(surface, words, *rest)

    monkeypatch.setattr(overlays, "banner", heard)
    recorder = ink.start()
    app = App(Settings(), headless=True, size=(1024, 600))
    try:
        scene = local_scene(app, "choose", 2, {}, 1, 1, "normal")
        app.push(scene)
        app.step(HEADLESS_DT)
        assert said[-1] == ("This game will not be kept for Replays: its log cannot be "
                            "written (Not a directory).")
        i18n.set_language("ja")
        app.step(HEADLESS_DT)
        assert said[-1] == ("このゲームはリプレイに残りません: 記録を書き込めません"
                            "(Not a directory)。")
        cut = [o.line() for (kind, words), o in recorder.offences.items()
               if words in said and kind in ("clipped", "outside")]
        assert cut == [] and recorder.noted > 50  # (whole in the window, over the table)
        while scene.session.clock < NOTICE_SECONDS + 0.5:
            app.step(HEADLESS_DT)
        said.clear()
        app.step(HEADLESS_DT)
        assert said == [] and scene.session.feed.view is not None  # (gone; it plays on)
    finally:
        app.close()


@pytest.mark.parametrize("words", ["このゲームはリプレイに残りません: 記録を書き込めません。",
                                   "Refused: It is not your turn."])
def test_a_banner_holds_its_whole_sentence(words: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The panel's width was guessed from the letters' count, and a Japanese sentence
    ran out past both its ends."""
    from client.assets import text
    from client.kit import overlays

    pygame.font.init()

    panels: list[pygame.Rect] = []
    monkeypatch.setattr(overlays, "panel", lambda surface, rect, alpha: panels.append(rect))
    overlays.banner(pygame.Surface((1024, 600)), words, 15, 15, (255, 255, 255))
    inside = text(words, 15, (255, 255, 255), True).get_width()
    assert inside < panels[0].width <= inside + 2 * 15 + 1


@pytest.mark.parametrize(("game_id", "players", "lang", "size"), [
    ("cheese_thief", 6, "en", (1280, 720)), ("cheese_thief", 8, "ja", (1024, 600)),
    ("choose", 5, "en", (1024, 600)), ("knights", 8, "ja", (1280, 720)),
    ("sly_knights", 4, "en", (1920, 1080))])
def test_a_banner_stays_over_the_table_clear_of_the_side_column_and_the_narrator(
        game_id: str, players: int, lang: str, size: tuple[int, int],
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Centred on the window, a long banner reached into the side column and hid its
    heading (the round, the clock); at a Cheese Thief night it hid the narrator's words.
    At the largest text, a sentence wider than the table goes on to more lines, each
    inside its panel."""
    from client.assets import scaled
    from client.kit import overlays
    from client.kit.layout import beside_side
    from client.tables import local_scene

    panels: list[pygame.Rect] = []
    draw_panel = overlays.panel

    def kept(surface: pygame.Surface, rect: pygame.Rect, alpha: int = 200) -> None:
        panels.append(pygame.Rect(rect))
        draw_panel(surface, rect, alpha)

    monkeypatch.setattr(overlays, "panel", kept)
    i18n.set_language(lang)
    set_text_scale(1.5)
    recorder = ink.start()
    app = App(Settings(), headless=True, size=size)
    try:
        scene = local_scene(app, game_id, players, {}, 1, 1, "normal")
        app.push(scene)
        scene.session.notice = ("notice.no_replay", {"why": "No space left on device " * 3})
        app.step(HEADLESS_DT)
        said = i18n.tr("notice.no_replay", why="No space left on device " * 3)
        lines = [words for (kind, words), _ in recorder.offences.items()
                 if words in said and kind in ("clipped", "outside")]
        assert lines == []  # (no line of it cut by its panel or the window)
        table = beside_side(size)
        assert panels and all(table.contains(rect) for rect in panels), (panels, table)
        first = panels[0]
        assert first.height > 3 * scaled(max(12, size[1] // 48))  # more than one line
        if game_id == "cheese_thief":  # (the night's first hour is being called)
            assert scene.overlays.banner_top > 0 and first.top >= scene.overlays.banner_top
    finally:
        app.close()
        ink.stop()
