"""The menu opens without the network stack, any game's rules or bots, or any game's
table scene: those are imported when a table first needs them, so the first frame
comes sooner."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from core.registry import GAMES
from tests.xvfb import xvfb

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

LATE = ("zmq", "msgpack", "zeroconf", "net.peer", "net.host", "net.discovery",
        "client.scenes.table", "client.scenes.generic",
        "client.scenes.cheese_thief", "client.scenes.choose", "client.scenes.knights",
        "client.scenes.sly_knights", "client.tables", "net.local", "core.game", "core.play",
        *(f"core.games.{game}.{part}" for game in GAMES for part in GAME_PARTS))
"""Imported when a table first needs them, not for the menu's first frame."""


def last_line(script: str, home: Path, timeout: float) -> Any:
    """Run ``script`` in a fresh interpreter, with dummy drivers and settings of its own
    (a new process, so nothing an earlier test imported counts), and read the JSON it
    prints last."""
    env = dict(os.environ, PYTHONPATH=str(ROOT), SDL_VIDEODRIVER="dummy",
               SDL_AUDIODRIVER="dummy", CHEESEKNIGHTS_CONFIG_DIR=str(home / "config"),
               CHEESEKNIGHTS_DATA_DIR=str(home / "data"))
    done = subprocess.run([sys.executable, "-c", script], env=env, cwd=ROOT, timeout=timeout,
                          capture_output=True, text=True, check=True)
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_the_menu_path_imports_no_network_no_rules_and_no_table_scene(tmp_path: Path) -> None:
    result = last_line(PROBE, tmp_path, timeout=60)
    assert result["code"] == 0
    loaded = [m for m in result["modules"] if any(m == p or m.startswith(p + ".") for p in LATE)]
    assert loaded == []
    # of net/, only plain data: the tables' settings (the command line's flags read
    # them) and the characters a window can draw (the settings' names keep only those)
    assert {m for m in result["modules"] if m.split(".")[0] == "net"} <= {
        "net", "net.config", "net.limits", "net.glyphs", "net.glyphs_data"}


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


def test_an_idle_menu_draws_only_what_changed() -> None:
    """Untouched, the menu draws nothing; a rebuild, a message or a caret's blink draws."""
    import pygame
    import pygame_gui

    from client.app import App
    from client.scenes.menu import CARET_WAIT_MS, IDLE_WAIT_MS, MenuScene
    from client.settings import Settings

    app = App(Settings(), headless=True)
    try:
        scene = MenuScene(app)
        app.push(scene)
        scene.update(0.0)
        scene.draw(app.screen)
        assert not any(scene.wants_redraw() for _ in range(20))
        scene.message = "The table is gone."
        assert scene.wants_redraw()
        scene.draw(app.screen)
        scene._built = None  # a new choice, a seat to rejoin
        scene.update(0.0)
        assert scene.wants_redraw()
        scene.draw(app.screen)
        entry = next(w for w in scene.option_widgets
                     if isinstance(w, pygame_gui.elements.UITextEntryLine))
        scene.ui.set_focus_set(entry)
        scene.update(0.05)
        assert scene.input_wait_ms == CARET_WAIT_MS  # short enough for the caret
        scene.draw(app.screen)
        shown = scene.caret()
        for _ in range(40):  # two seconds of 50 ms turns: the caret blinks
            scene.update(0.05)
            if scene.caret() != shown:
                break
        assert scene.caret() != shown and scene.wants_redraw()
        scene.ui.set_focus_set(None)
        scene.update(0.05)
        assert scene.input_wait_ms == IDLE_WAIT_MS
        pygame.event.clear()
    finally:
        app.close()


def test_a_headless_window_draws_only_what_changed() -> None:
    """A headless window, paced by a LAN host's clock (``join --headless``) or not
    (``watch``, a lesson), draws as a window does: only when its picture changed.
    ``tests/test_redraw.py`` shows no turn it skips would have shown anything new."""
    from client.app import HEADLESS_DT, App
    from client.scenes.menu import MenuScene
    from client.settings import Settings

    drawn = {}
    for paced in (True, False):
        app = App(Settings(), headless=True)
        app.paced = paced
        try:
            app.push(MenuScene(app))
            for _ in range(30):
                app.step(HEADLESS_DT)
            drawn[paced] = app.frames
        finally:
            app.close()
    assert 1 <= drawn[True] <= 3 and 1 <= drawn[False] <= 3, drawn


@pytest.mark.skipif(shutil.which("Xvfb") is None or shutil.which("xdotool") is None,
                    reason="needs Xvfb and xdotool (apt-get install -y xvfb xdotool)")
def test_input_wakes_the_sleep_on_the_x11_connection() -> None:
    """In a real X11 window the sleep waits on the display's socket: a key pressed into
    the window ends a sleep of a minute, woken by the socket (not by a slow look)."""
    with xvfb("800x600") as env:
        env.update(PYTHONPATH=str(ROOT), PYGAME_HIDE_SUPPORT_PROMPT="1")
        child = subprocess.Popen([sys.executable, "-c", SLEEPER], env=env, cwd=ROOT,
                                 stdout=subprocess.PIPE, text=True)
        try:
            assert child.stdout is not None
            ready = child.stdout.readline().split()
            assert ready[0] == "asleep" and ready[1] != "None", "no X11 socket to wait on"
            deadline = time.monotonic() + 20
            while child.poll() is None and time.monotonic() < deadline:
                subprocess.run(["xdotool", "key", "--window", ready[2], "a"], env=env,
                               timeout=10, check=False)
                try:
                    child.wait(timeout=1.0)
                except subprocess.TimeoutExpired:
                    continue
            assert child.poll() == 0, "the key did not end the sleep"
            assert child.stdout.read().split() == ["woke", "True"]
        finally:
            if child.poll() is None:
                child.kill()
                child.wait()


SLEEPER = """
import select, pygame
import client.idle as idle
readable = []
def looking(*args):
    got = select.select(*args)
    readable.append(bool(got[0]))
    return got
idle.select = type("S", (), {"select": staticmethod(looking)})
pygame.display.init()
pygame.display.set_mode((320, 200))
pygame.display.flip()
print("asleep", idle.display_socket(), pygame.display.get_wm_info()["window"], flush=True)
while True:
    pygame.event.clear()
    readable.clear()
    idle.wait_for_input(60.0, idle.display_socket())
    if pygame.event.peek(pygame.KEYDOWN):
        break
print("woke", readable[-1], flush=True)
"""


WALK = """
import json, sys
from client.app import App, HEADLESS_DT
from client.scenes.menu import MenuScene
from client.settings import Settings
from tests.menu_walk import click, escape

def rules_loaded():
    return sorted(m for m in sys.modules if m.startswith("core.games.") and m.endswith(".rules"))

app = App(Settings(), headless=True)
menu = MenuScene(app)
app.push(menu)
for _ in range(3):
    app.step(HEADLESS_DT)
seen = {"menu": rules_loaded()}
menu.dropdown_changed(menu.widgets["game"], "Seven Knights Bewitched")
app.step(HEADLESS_DT)
seen["setup"] = rules_loaded()
seen["options"] = sorted(menu.option_widgets.values())
menu.dropdown_changed(menu.widgets["mode"], "Watch bots")
app.step(HEADLESS_DT)
click(app, menu.widgets["start"], lambda: type(app.scene).__name__ == "KnightsScene"
      and app.scene.session.view() is not None, most=200)
seen["table"] = type(app.scene).__name__
seen["started"] = rules_loaded()
escape(app, lambda: app.scene is menu)
seen["back"] = type(app.scene).__name__
app.close()
print(json.dumps(seen))
"""


def test_a_watched_table_loads_its_rules_only_when_it_starts(tmp_path: Path) -> None:
    """The menu walked as a person would: Seven Knights' setup shows its options from its
    ``about`` alone; Start (watch) loads its rules and opens its table; Esc comes back."""
    seen = last_line(WALK, tmp_path, timeout=120)
    assert seen["menu"] == [] and seen["setup"] == []
    assert "line_up_seconds" in seen["options"] and "mode" in seen["options"]
    assert seen["table"] == "KnightsScene"
    assert seen["started"] == ["core.games.knights.rules"]
    assert seen["back"] == "MenuScene"



def test_records_broken_on_the_disk_leave_the_menu_starting(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A table to resume, or a seat held, whose time on the disk is no number ("x")
    stopped the menu at its start with a traceback; each is now no record at all."""
    data = tmp_path / "data"
    data.mkdir()
    (data / "t.log").write_text("")
    (data / "hosted.json").write_text(json.dumps(
        {"log": str(data / "t.log"), "owner": [], "saved": "x"}))
    (data / "seats.json").write_text(json.dumps(
        {"ABCD": {"address": "127.0.0.1:5000", "token": "t", "saved": "x"}}))
    env = dict(os.environ, PYTHONPATH=str(ROOT), SDL_VIDEODRIVER="dummy",
               SDL_AUDIODRIVER="dummy", CHEESEKNIGHTS_CONFIG_DIR=str(tmp_path / "config"),
               CHEESEKNIGHTS_DATA_DIR=str(data))
    done = subprocess.run([sys.executable, "-m", "client.cli", "menu", "--headless",
                           "--frames", "3"], env=env, cwd=ROOT, timeout=120,
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr[-2000:]
    from client import hosting, identity

    monkeypatch.setenv("CHEESEKNIGHTS_DATA_DIR", str(data))
    assert hosting.last() is None and identity._seats() == {}


def test_a_host_that_does_not_announce_itself_loads_no_zeroconf(tmp_path: Path) -> None:
    """A headless host told ``--no-discovery`` prints its LAN address without loading
    zeroconf (28 ms of its start): the address is ``net.addresses``', not
    ``net.discovery``'s. Read from the start's own record of imports, up to the line
    that says the address."""
    env = dict(os.environ, PYTHONPATH=str(ROOT), CHEESEKNIGHTS_CONFIG_DIR=str(tmp_path),
               CHEESEKNIGHTS_DATA_DIR=str(tmp_path / "data"))
    host = subprocess.Popen(
        [sys.executable, "-X", "importtime", "-m", "client.cli", "host", "--headless",
         "--port", "0", "--players", "4", "--no-discovery", "--log-dir", str(tmp_path)],
        cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert host.stdout is not None
        line = host.stdout.readline()
        assert line.startswith("address "), line
        assert not line.startswith("address 127."), line  # (a network here: a LAN address)
    finally:
        host.terminate()
        _, imports = host.communicate(timeout=30)
    imported = {row.rsplit("|", 1)[-1].strip() for row in imports.splitlines()
                if row.startswith("import time:")}
    assert "net.addresses" in imported
    assert not {"zeroconf", "net.discovery"} & imported
