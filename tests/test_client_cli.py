"""The window's command line end to end, and the pieces around it: settings, strings,
fonts, art and sounds, and a real window under Xvfb."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pygame
import pytest

from client import i18n, settings
from client.assets import asset_dir, font
from client.audio import NAMES
from client.strings import STRINGS
from core.registry import GAMES
from tests.xvfb import xvfb

ROOT = Path(__file__).resolve().parents[1]


def run_cli(*args: str, env: dict[str, str] | None = None, timeout: float = 60) -> Any:
    full = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", **(env or {}))
    return subprocess.run([sys.executable, "-m", "client.cli", *args], capture_output=True,
                          text=True, timeout=timeout, env=full, cwd=ROOT)


def distinct_colours(path: Path) -> int:
    image = pygame.image.load(str(path))
    small = pygame.transform.scale(image, (160, 90))
    return len({small.get_at((x, y))[:3] for x in range(160) for y in range(90)})


def test_watch_headless_stats_and_screenshot(tmp_path: Path) -> None:
    shot = tmp_path / "table.png"
    result = run_cli("watch", "--game", "cheese_thief", "--players", "8", "--seed", "4",
                     "--headless", "--frames", "120", "--screenshot", str(shot), "--stats",
                     env={"CHEESEKNIGHTS_CONFIG_DIR": str(tmp_path)})
    assert result.returncode == 0, result.stderr
    stats = json.loads(result.stdout)
    assert set(stats) == {"frames", "turns", "p50_ms", "p99_ms", "max_ms", "text_overflow"}
    assert stats["turns"] == 120
    assert 0 < stats["frames"] <= 120  # pictures drawn: a turn that changed nothing draws none
    assert 0 < stats["p50_ms"] <= stats["p99_ms"] <= stats["max_ms"]
    assert pygame.image.load(str(shot)).get_size() == (1280, 720)
    assert distinct_colours(shot) > 100


def test_watch_in_japanese_at_another_size(tmp_path: Path) -> None:
    shot = tmp_path / "ja.png"
    result = run_cli("watch", "--players", "5", "--headless", "--frames", "40", "--lang", "ja",
                     "--size", "960x600", "--screenshot", str(shot),
                     env={"CHEESEKNIGHTS_CONFIG_DIR": str(tmp_path)})
    assert result.returncode == 0, result.stderr
    assert result.stdout == ""
    assert pygame.image.load(str(shot)).get_size() == (960, 600)
    assert distinct_colours(shot) > 100


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_watch_any_registered_game(tmp_path: Path, game_id: str) -> None:
    shot = tmp_path / f"{game_id}.png"
    result = run_cli("watch", "--game", game_id, "--headless", "--frames", "30",
                     "--screenshot", str(shot), env={"CHEESEKNIGHTS_CONFIG_DIR": str(tmp_path)})
    assert result.returncode == 0, result.stderr
    assert distinct_colours(shot) > 10


def test_bad_flags_are_one_sentence(tmp_path: Path) -> None:
    result = run_cli("watch", "--game", "nope", "--headless", "--frames", "1")
    assert result.returncode == 2 and "There is no game" in result.stderr
    result = run_cli("demo", "--players", "4", "--humans", "9", "--headless", "--frames", "1",
                     env={"CHEESEKNIGHTS_CONFIG_DIR": str(tmp_path)})
    assert result.returncode == 2 and "--humans" in result.stderr


def test_settings_persist(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(settings.CONFIG_ENV, str(tmp_path))
    assert settings.load() == settings.Settings()
    saved = settings.Settings(name="Aki", language="ja", volume=0.25, muted=True, width=1600,
                              height=900, bot_delay=1.5, watch_speed=4.0)
    settings.save(saved)
    assert settings.load() == saved
    (tmp_path / "settings.json").write_text('{"volume": 7, "language": "xx", "junk": 1}')
    loaded = settings.load()
    assert loaded.volume == 1.0 and loaded.language == "en"
    (tmp_path / "settings.json").write_text("not json")
    assert settings.load() == settings.Settings()


def test_every_string_in_both_languages_and_switchable() -> None:
    for key, entry in STRINGS.items():
        assert set(entry) - {"en_one"} == {"en", "ja"} and all(entry.values()), key
    i18n.set_language("ja")
    assert i18n.tr("menu.start") == "開始"
    i18n.set_language("en")
    assert i18n.tr("menu.start") == "Start"
    assert i18n.tr("phase.night", hour=3) == "Night — 3 o'clock"


def test_the_font_has_every_glyph() -> None:
    """No tofu: every character of every string exists in the bundled font: the shared
    words, and each game's rules text and own words, as its declaration names them.

    A character the font lacks is drawn as the font's empty box, the same picture as
    U+FFFF (which no font has); the font's metrics do not tell them apart."""
    from client.games import CLIENT

    pygame.font.init()
    face = font(20)

    def picture(char: str) -> tuple[tuple[int, int], bytes]:
        drawn = face.render(char, True, (255, 255, 255))
        return drawn.get_size(), pygame.image.tobytes(drawn, "RGBA")

    box = picture("\uffff")
    assert picture("\U0001F9C0") == box and picture("騎") != box  # the check can see
    tables = [STRINGS, *(about.strings() for about in CLIENT.values()),
              {game: about.rules_text() for game, about in CLIENT.items()}]
    assert all(len(tables[-1][game]) == 2 for game in CLIENT)
    chars = {char for table in tables for entry in table.values()
             for words in entry.values() for char in words if not char.isspace()}
    assert sorted(char for char in chars if picture(char) == box) == []


def test_art_and_sounds_are_found_and_load(tmp_path: Path) -> None:
    pygame.display.init()
    art = asset_dir("art")
    svgs = sorted(art.glob("*.svg"))
    assert len(svgs) >= 8
    for path in svgs:
        image = pygame.image.load_sized_svg(str(path), (64, 64))
        assert image.get_bounding_rect().width > 10, path.name
    sounds = asset_dir("sounds")
    for name in NAMES:
        assert (sounds / f"{name}.wav").stat().st_size > 1000
    copy = tmp_path / "make_sounds.py"
    shutil.copy(sounds / "make_sounds.py", copy)
    subprocess.run([sys.executable, str(copy)], check=True, timeout=60)
    for name in NAMES:
        assert (tmp_path / f"{name}.wav").read_bytes() == (sounds / f"{name}.wav").read_bytes()


@pytest.mark.skipif(shutil.which("Xvfb") is None,
                    reason="Xvfb is not installed (apt-get install -y xvfb)")
def test_a_real_window_under_xvfb(tmp_path: Path) -> None:
    """A real X11 window, which a person cannot drag smaller than the screens are laid
    out for: at 500x340 the menu's rows ran into each other and Start hid under Rules
    (its least size is a hint the desktop's window manager keeps)."""
    with xvfb("1600x1000") as env:
        env.update(CHEESEKNIGHTS_CONFIG_DIR=str(tmp_path))
        shot = tmp_path / "menu.png"
        code = (
            "import sys, pygame, client.app as a\n"
            "from client.cli import main\n"
            "first = a.App.__init__\n"
            "def init(self, *args, **kw):\n"
            "    first(self, *args, **kw)\n"
            "    print('driver', pygame.display.get_driver())\n"
            "    print('least', pygame.Window.from_display_module().minimum_size)\n"
            "a.App.__init__ = init\n"
            "sys.exit(main(sys.argv[1:]))\n"
        )
        result = subprocess.run(
            [sys.executable, "-c", code, "menu", "--frames", "3", "--screenshot", str(shot)],
            capture_output=True, text=True, timeout=60, env=env, cwd=ROOT)
        assert result.returncode == 0, result.stderr
        assert "driver x11" in result.stdout, "a real X11 window, not the dummy driver"
        assert "least (800, 500)" in result.stdout, result.stdout
        assert pygame.image.load(str(shot)).get_size() == (1280, 720)
        assert distinct_colours(shot) > 50


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_widgets_use_the_japanese_capable_font(lang: str) -> None:
    """pygame_gui picks fonts per widget and per locale; every one must be Noto Sans JP,
    or a Japanese name would show as boxes in the English interface."""
    import pygame_gui

    from client.app import WIDGETS, ui_theme

    pygame.init()
    pygame.display.set_mode((320, 200))
    ui = pygame_gui.UIManager((320, 200), ui_theme(), starting_language=lang)
    for widget in WIDGETS:
        assert ui.get_theme().get_font_info([widget])["name"] == "noto_sans_jp_ck", widget


@pytest.mark.parametrize(("command", "want"), [
    (["watch", "--game", "knights", "--players", "6"], ("knights", "watch", 6)),
    (["demo", "--game", "sly_knights", "--players", "3", "--humans", "2"],
     ("sly_knights", "single", 3)),
    (["learn", "--game", "choose"], ("choose", "single", 5))])
def test_leaving_a_table_started_by_a_command_reaches_a_menu_set_for_that_table(
        command: list[str], want: tuple[str, str, int], tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """After ``watch --game knights`` in a window, leaving the table reached a menu that
    offered a Cheese Thief table at one screen."""
    from client import cli
    from client.scenes.menu import MenuScene

    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")  # (a window drawn nowhere, as asked)
    monkeypatch.setenv("CHEESEKNIGHTS_CONFIG_DIR", str(tmp_path / "c"))
    monkeypatch.setenv("CHEESEKNIGHTS_DATA_DIR", str(tmp_path / "d"))
    menus: list[MenuScene] = []
    made = MenuScene.__init__

    def kept(self: MenuScene, *args: Any, **kwargs: Any) -> None:
        made(self, *args, **kwargs)
        menus.append(self)

    monkeypatch.setattr(MenuScene, "__init__", kept)
    assert cli.main([*command, "--frames", "2"]) == 0
    menu = menus[0]  # (under the table, for leaving it)
    assert (menu.game_id, menu.mode, menu.players) == want
    if command[0] == "demo":
        assert menu.humans == 2


def test_the_sound_library_s_complaint_about_no_card_is_not_shown(
        tmp_path: Path, capfd: pytest.CaptureFixture[str]) -> None:
    """On a machine with no sound card, Linux's sound library wrote sixteen lines
    ("ALSA lib confmisc.c:855:(parse_card) cannot find card '0'"...) to the terminal at
    every start. They are kept back; anything else written meanwhile is shown."""
    import os

    from client.audio import device_hushed

    with device_hushed():
        os.write(2, b"ALSA lib conf.c:5180: no card\nsomething else went wrong\n")
    assert capfd.readouterr().err == "something else went wrong\n"
    env = {k: v for k, v in os.environ.items() if k != "SDL_AUDIODRIVER"}  # (the real one)
    env.update(SDL_VIDEODRIVER="dummy", CHEESEKNIGHTS_CONFIG_DIR=str(tmp_path / "c"),
               CHEESEKNIGHTS_DATA_DIR=str(tmp_path / "d"))
    started = subprocess.run([sys.executable, "-m", "client.cli", "menu", "--frames", "2"],
                             capture_output=True, text=True, timeout=60, env=env, cwd=ROOT)
    assert started.returncode == 0, started.stderr
    assert "ALSA lib" not in started.stderr, started.stderr
