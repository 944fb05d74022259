"""The menu opens without the network stack, any game's rules or bots, or any game's
table scene: those are imported when a table first needs them, so the first frame
comes sooner."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from core.registry import GAMES

GAME_PARTS = ("rules", "bot", "smart", "view", "story")
"""A game's modules that only a table needs (the menu reads its ``about``)."""

ROOT = Path(__file__).resolve().parents[1]

PROBE = """
import json, sys, threading
from client import cli
code = cli.main(["menu", "--frames", "3"])
for thread in threading.enumerate():
    if thread is not threading.current_thread() and thread.name == "rejoin":
        thread.join(10)
print(json.dumps({"code": code, "modules": sorted(sys.modules)}))
"""

LATE = ("zmq", "net.peer", "net.host", "client.scenes.table", "client.scenes.generic",
        "client.scenes.cheese_thief", "client.scenes.choose", "client.scenes.knights",
        "client.scenes.sly_knights", "client.tables", "net.local",
        *(f"core.games.{game}.{part}" for game in GAMES for part in GAME_PARTS))
"""Imported when a table first needs them, not for the menu's first frame."""


def test_the_menu_path_imports_no_network_no_rules_and_no_table_scene(tmp_path: Path) -> None:
    env = dict(os.environ, PYTHONPATH=str(ROOT), SDL_VIDEODRIVER="dummy",
               SDL_AUDIODRIVER="dummy", CHEESEKNIGHTS_CONFIG_DIR=str(tmp_path / "config"),
               CHEESEKNIGHTS_DATA_DIR=str(tmp_path / "data"))
    done = subprocess.run([sys.executable, "-c", PROBE], env=env, cwd=ROOT, timeout=60,
                          capture_output=True, text=True, check=True)
    result = json.loads(done.stdout.strip().splitlines()[-1])
    assert result["code"] == 0
    loaded = [m for m in result["modules"] if any(m == p or m.startswith(p + ".") for p in LATE)]
    assert loaded == []


def test_a_table_scene_is_found_when_its_game_is_played() -> None:
    from client.scenes import GenericScene, scene_class
    from client.scenes.cheese_thief import CheeseThiefScene

    assert scene_class("cheese_thief") is CheeseThiefScene
    assert scene_class("no_such_game") is GenericScene


def test_an_idle_menu_sleeps_but_leaves_input_for_its_turn() -> None:
    """The menu waits for input between turns; the wait looks, it does not take."""
    import pygame

    from client.app import App
    from client.scenes.menu import MenuScene
    from client.settings import Settings

    app = App(Settings(), headless=True)
    try:
        scene = MenuScene(app)
        assert scene.input_wait_ms > 0 and not scene.animating
        pygame.event.clear()
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a))
        App._wait_for_input(30.0)  # returns at once: something waits
        assert [e.key for e in pygame.event.get(pygame.KEYDOWN)] == [pygame.K_a]
    finally:
        app.close()
