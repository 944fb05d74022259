"""``cheeseknights learn``: each finished lesson plays through headless with its own
answers, in both languages, every text in its place; a game without a lesson says so."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from client.games import CLIENT

ROOT = Path(__file__).resolve().parents[1]
LESSONS = sorted(g for g, about in CLIENT.items() if about.lesson)


def learn(cli: Any, tmp_path: Path, *args: str) -> Any:
    """``cheeseknights learn args`` in this process (``tests/cli_rig.py``), in a
    settings and data folder of its own."""
    return cli("learn", *args, env={"CHEESEKNIGHTS_CONFIG_DIR": str(tmp_path / "config"),
                                    "CHEESEKNIGHTS_DATA_DIR": str(tmp_path / "data")})


def test_every_game_has_its_lesson() -> None:
    assert {"cheese_thief", "choose", "knights", "sly_knights"} <= set(LESSONS)


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("game", LESSONS)
def test_a_lesson_plays_through_headless(
        cli: Any, tmp_path: Path, game: str, lang: str) -> None:
    done = learn(cli, tmp_path, "--game", game, "--headless", "--auto", "--stats", "--lang",
                 lang, "--overflow-report")
    assert done.returncode == 0, done.stderr
    line = done.line()
    assert line["game"] == game and line["language"] == lang
    assert line["done"] is True and line["steps_taken"] == line["steps"] >= 8
    assert line["text_overflow"] == 0, done.stderr
    assert not (tmp_path / "config" / "settings.json").exists()  # headless: nobody's settings


def test_an_unknown_game_is_one_sentence(tmp_path: Path) -> None:
    """In a program of its own: the sentence is what a person's terminal shows."""
    env = dict(os.environ, CHEESEKNIGHTS_CONFIG_DIR=str(tmp_path / "config"),
               CHEESEKNIGHTS_DATA_DIR=str(tmp_path / "data"))
    done = subprocess.run([sys.executable, "-m", "client.cli", "learn", "--game", "chess",
                           "--headless"], capture_output=True, text=True, timeout=60,
                          env=env, cwd=ROOT)
    assert done.returncode == 2
    assert done.stderr.startswith("cheeseknights: ") and len(done.stderr.splitlines()) == 1


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("size", ["1024x600", "1280x720"])
@pytest.mark.parametrize("game", LESSONS)
def test_every_lesson_at_large_text_keeps_every_text_in_place(
        cli: Any, tmp_path: Path, game: str, size: str, lang: str) -> None:
    """At 150% text, with the lesson's panel beside the table, each lesson plays to its
    end with every text in place: Sly Knight Robbery's bar caption left of its buttons
    (it ran under *Draw the spare*); Choose!'s side seat's points beside its kitchen's
    stacks, not under them, the bottom seat's Turn mark clear of its own stacks, a long
    hand's count inside the round sheet; Knights' tray heading before the centre tile
    and a side knight's name short of the panel; Cheese Thief's log heading clear of
    the talk box in 1024x600."""
    (tmp_path / "config").mkdir()
    (tmp_path / "config" / "settings.json").write_text(json.dumps({"text_size": 150}))
    done = learn(cli, tmp_path, "--game", game, "--headless", "--auto", "--stats",
                 "--restart", "--lang", lang, "--size", size, "--overflow-report")
    assert done.returncode == 0, done.stderr
    line = done.line()
    assert line["done"] is True and line["text_overflow"] == 0, done.stderr


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_knights_lesson_in_a_small_window_keeps_a_name_off_a_raised_tile(
        cli: Any, tmp_path: Path, lang: str) -> None:
    """At 100% in 1024x600 the top knight's name sits just above its tile, and the tile
    a question names rises: the name clears the tile as risen (it crossed its edge)."""
    done = learn(cli, tmp_path, "--game", "knights", "--headless", "--auto", "--stats",
                 "--restart", "--lang", lang, "--size", "1024x600", "--overflow-report")
    assert done.returncode == 0, done.stderr
    line = done.line()
    assert line["done"] is True and line["text_overflow"] == 0, done.stderr
