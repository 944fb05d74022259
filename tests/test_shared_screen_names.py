"""The people at a shared screen have names: the menu asks for them (offering the last
ones used), the curtain, the table and the story call everyone by them, and the demo
takes them as ``--names``."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pygame
import pygame_gui
import pytest

from client import people
from client import settings as settings_mod
from client.app import HEADLESS_DT, App
from client.i18n import tr
from client.scenes.menu import MenuScene
from client.scenes.people import PeopleScene
from client.scenes.table import TableScene
from client.settings import Settings

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> App:
    monkeypatch.setenv(settings_mod.CONFIG_ENV, str(tmp_path))
    return App(Settings(bot_delay=0.0), headless=True, size=(1280, 720))


def start_from_menu(app: App, humans: int) -> PeopleScene:
    menu = MenuScene(app)
    app.scenes = [menu]
    app.step(HEADLESS_DT)
    menu.mode, menu.humans = "single", humans
    menu.start()
    scene = app.scene
    assert isinstance(scene, PeopleScene), "a shared screen asks for names first"
    app.step(HEADLESS_DT)
    return scene


def type_names(scene: PeopleScene, names: list[str]) -> None:
    for entry, name in zip(scene.entries, names, strict=True):
        entry.set_text(name)
        scene.tell(pygame_gui.UI_TEXT_ENTRY_CHANGED, entry, text=name)


def test_the_menu_asks_each_persons_name_and_remembers_them(app: App) -> None:
    asking = start_from_menu(app, 3)
    assert asking.names == ["Player 1", "Player 2", "Player 3"]
    type_names(asking, ["Aki", "Ben", "Chika"])
    asking.tell(pygame_gui.UI_BUTTON_PRESSED, asking.start, mouse_button=1)
    table = app.scene
    assert isinstance(table, TableScene)
    assert table.session.names[:3] == ["Aki", "Ben", "Chika"]
    assert settings_mod.load().screen_names == ["Aki", "Ben", "Chika"]
    for _ in range(3):
        app.step(HEADLESS_DT)
    assert table.session.privacy_for == 0
    assert [b.label for b in table.buttons if b.key == "look"] == [tr("privacy.look",
                                                                      name="Aki")]
    again = start_from_menu(app, 2)
    assert again.names == ["Aki", "Ben"], "the last names are offered again"


@pytest.mark.parametrize(("names", "key"), [
    (["Aki", " aki "], "people.same"), (["Aki", "  "], "people.empty")])
def test_names_that_cannot_name_people_are_refused_in_a_sentence(
        app: App, names: list[str], key: str) -> None:
    """(A name field holds 24 characters at most; ``--names`` is checked for length.)"""
    asking = start_from_menu(app, 2)
    type_names(asking, names)
    asking.tell(pygame_gui.UI_BUTTON_PRESSED, asking.start, mouse_button=1)
    assert app.scene is asking and asking.message.startswith(tr(key, name="")[:4])
    assert settings_mod.load().screen_names == []
    with pytest.raises(people.NamesProblem) as problem:
        people.check(names)
    assert problem.value.key == key


def test_one_person_is_not_asked(app: App) -> None:
    menu = MenuScene(app)
    app.scenes = [menu]
    app.step(HEADLESS_DT)
    menu.mode, menu.humans = "single", 1
    menu.start()
    assert isinstance(app.scene, TableScene)


def test_names_on_the_table_and_in_the_story() -> None:
    from client.tables import local_scene

    app = App(Settings(bot_delay=0.0), headless=True, size=(1280, 720))
    scene = local_scene(app, "sly_knights", 3, {}, 4, 2, "simple", people=["Aki", "Ben"])
    assert scene.name(0) == "Aki" and scene.name(1) == "Ben"
    story = scene.story_words({"game": "", "winners": [1]})
    assert "Ben" in story.title and "Aki" not in story.title


def run_demo(*args: str, tmp: Path) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               CHEESEKNIGHTS_CONFIG_DIR=str(tmp), CHEESEKNIGHTS_DATA_DIR=str(tmp),
               PYTHONPATH=str(ROOT))
    return subprocess.run([sys.executable, "-m", "client.cli", "demo", "--game", "choose",
                           "--players", "3", "--humans", "2", "--headless", *args],
                          capture_output=True, text=True, timeout=120, env=env, cwd=ROOT)


def test_the_demo_takes_the_names(tmp_path: Path) -> None:
    shot = tmp_path / "curtain.png"
    done = run_demo("--names", "Aki,Ben", "--frames", "5", "--screenshot", str(shot),
                    tmp=tmp_path)
    assert done.returncode == 0, done.stderr
    assert shot.exists()
    for bad, words in (("Aki", "needs 2 name"), ("Aki,aki", "two people"),
                       ("Aki,", "empty name"), ("Aki," + "B" * 25, "longer than 24")):
        refused = run_demo("--names", bad, "--frames", "1", tmp=tmp_path)
        assert refused.returncode == 2 and words in refused.stderr, refused.stderr
        assert "Traceback" not in refused.stderr
    pygame.init()
