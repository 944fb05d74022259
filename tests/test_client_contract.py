"""The client's side of the contract, in a fresh process as the program starts: for every
registered game, and the example game of docs/ADDING_A_GAME.md, in both languages, the
menu's Rules screen shows that game's own rules, its table scene resolves, and its
words resolve.

A fresh process matters: a part that only some other import brings in (a table scene
opened earlier in the same test run) shows in a test and not in the program.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from client.i18n import LANGUAGES
from core.registry import GAMES
from tests.example_game import EXAMPLE
from tests.test_client_startup import last_line

CHECKED = list(dict.fromkeys([*GAMES, EXAMPLE.id]))
"""Every registered game, and the example game (registered by the probe itself)."""

PROBE = """
import html, importlib.util, json, re, string, sys
from pathlib import Path
from client import i18n
from client.app import App, HEADLESS_DT
from client.scenes.menu import MenuScene
from client.settings import Settings
from core.registry import GAMES, about
from tests.example_game import register_example
from tests.menu_walk import click, escape

register_example()
result = {"titles": {g: about(g).title for g in GAMES}, "shown": {}}
app = App(Settings(), headless=True)
menu = MenuScene(app)
app.push(menu)
for lang in i18n.LANGUAGES:
    app.set_language(lang)
    for game_id in GAMES:
        app.step(HEADLESS_DT)
        menu.dropdown_changed(menu.widgets["game"], i18n.pick(about(game_id).title))
        app.step(HEADLESS_DT)
        click(app, menu.widgets["rules"], lambda: getattr(app.scene, "box", None) is not None)
        box = getattr(app.scene, "box", None)
        text = html.unescape(box.html_text.replace("<br>", "\\n")) if box else None
        seen = {"scene": type(app.scene).__name__, "text": text}
        escape(app, lambda: app.scene is menu)
        result["shown"][f"{game_id}/{lang}"] = {**seen, "back": app.scene is menu}
app.close()
result["after_rules"] = sorted(sys.modules)

from client.games import client_about
from client.scenes import scene_class
from client.scenes.table import TableScene
from client.strings import STRINGS

KEY = re.compile(r'''\\b(?:say|tr|words)\\(\\s*["']([a-z][a-z0-9_]*(?:\\.[a-z0-9_]+)*)["']''')

def fields(text):
    return sorted({f for _, f, _, _ in string.Formatter().parse(text) if f})

result["games"] = {}
for game_id in GAMES:
    declared = client_about(game_id)
    scene = scene_class(game_id)
    own = declared.strings()
    module = importlib.util.find_spec(scene.__module__)
    home = Path(module.origin)
    # a game's own package holds its whole table; a module of client/scenes is one file
    files = sorted(home.parent.glob("*.py")) if home.parent.name != "scenes" else [home]
    used = sorted({k for f in files for k in KEY.findall(f.read_text(encoding="utf-8"))})
    say = declared.say()
    rendered = {}
    for lang in i18n.LANGUAGES:
        i18n.set_language(lang)
        rendered[lang] = {k: say(k, **dict.fromkeys(fields(e[lang]), 1))
                          for k, e in own.items()}
    result["games"][game_id] = {
        "declared": declared.table,
        "scene": f"{scene.__module__}:{scene.__qualname__}",
        "is_table": issubclass(scene, TableScene),
        "unknown_keys": [k for k in used if k not in own and k not in STRINGS],
        "one_language": [k for k, e in own.items()
                         if set(e) < {"en", "ja"} or bool(e["en"]) != bool(e["ja"])],
        "fields_differ": [k for k, e in own.items() if fields(e["en"]) != fields(e["ja"])],
        "unrendered": [k for lang in rendered for k, v in rendered[lang].items()
                       if "{" in v],
        "files": len(files), "used": len(used), "own": len(own),
    }
print(json.dumps(result))
"""


@pytest.fixture(scope="module")
def probed(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """One fresh process: each game chosen in the menu, Rules clicked, Esc; then each
    game's declared table scene and words looked up."""
    home: Path = tmp_path_factory.mktemp("client_contract")
    found: dict[str, Any] = last_line(PROBE, home, timeout=120)
    return found


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game_id", CHECKED)
def test_the_rules_screen_shows_each_games_own_rules(probed: dict[str, Any], game_id: str,
                                                     lang: str) -> None:
    """Each rules text opens with the game's own title, as the rule book's chapters do
    ("CHOOSE! — 2 to 5 players", "チューズ — 2〜5人"); Esc leads back to the menu."""
    seen = probed["shown"][f"{game_id}/{lang}"]
    assert seen["scene"] == "RulesScene" and seen["back"]
    title = probed["titles"][game_id][lang]
    first = (seen["text"] or "").strip().splitlines()[0]
    assert first.startswith((title.upper() if lang == "en" else title) + " — "), (
        f"{game_id} in {lang}: the Rules screen shows {first!r}")


def test_the_rules_screen_loads_no_table_scene(probed: dict[str, Any]) -> None:
    """Reading every game's rules from the menu imports no table's drawing code."""
    tables = [m for m in probed["after_rules"]
              if m in ("client.scenes.table", "client.scenes.generic")
              or (m.startswith("client.scenes.") and m.endswith(".scene"))]
    assert tables == []


@pytest.mark.parametrize("game_id", CHECKED)
def test_the_table_scene_resolves(probed: dict[str, Any], game_id: str) -> None:
    game = probed["games"][game_id]
    assert game["is_table"] and game["scene"] == game["declared"]


def test_the_example_game_plays_on_the_generic_table(probed: dict[str, Any]) -> None:
    assert probed["games"][EXAMPLE.id]["scene"] == "client.scenes.generic:GenericScene"


@pytest.mark.parametrize("game_id", CHECKED)
def test_the_words_resolve(probed: dict[str, Any], game_id: str) -> None:
    """Every key the game's table names is in its own words or the shared ones; each of
    its own entries speaks both languages, with the same fields, and renders."""
    game = probed["games"][game_id]
    assert game["files"] >= 1 and game["used"] > 0
    assert game["unknown_keys"] == []
    assert game["one_language"] == [] and game["fields_differ"] == []
    assert game["unrendered"] == []
