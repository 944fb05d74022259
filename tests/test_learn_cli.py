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


def learn(tmp_path: Path, *args: str) -> Any:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               CHEESEKNIGHTS_CONFIG_DIR=str(tmp_path / "config"),
               CHEESEKNIGHTS_DATA_DIR=str(tmp_path / "data"))
    return subprocess.run([sys.executable, "-m", "client.cli", "learn", *args],
                          capture_output=True, text=True, timeout=180, env=env, cwd=ROOT)


def test_every_game_has_its_lesson() -> None:
    assert {"cheese_thief", "choose", "knights", "sly_knights"} <= set(LESSONS)


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("game", LESSONS)
def test_a_lesson_plays_through_headless(tmp_path: Path, game: str, lang: str) -> None:
    done = learn(tmp_path, "--game", game, "--headless", "--auto", "--stats", "--lang", lang,
                 "--overflow-report")
    assert done.returncode == 0, done.stderr
    line = json.loads(done.stdout.strip().splitlines()[-1])
    assert line["game"] == game and line["language"] == lang
    assert line["done"] is True and line["steps_taken"] == line["steps"] >= 8
    assert line["text_overflow"] == 0, done.stderr
    assert not (tmp_path / "config" / "settings.json").exists()  # headless: nobody's settings


def test_an_unknown_game_is_one_sentence(tmp_path: Path) -> None:
    done = learn(tmp_path, "--game", "chess", "--headless")
    assert done.returncode == 2
    assert done.stderr.startswith("cheeseknights: ") and len(done.stderr.splitlines()) == 1


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_sly_lesson_at_large_text_in_a_small_window_keeps_its_bar_readable(
        tmp_path: Path, lang: str) -> None:
    """At 150% text in 1024x600, with the lesson's panel beside the table, the bar's
    caption ("Score cards revealed! … starts") and prompt keep left of its buttons
    (the caption ran under *Draw the spare* and *With a pig*)."""
    (tmp_path / "config").mkdir()
    (tmp_path / "config" / "settings.json").write_text(json.dumps({"text_size": 150}))
    done = learn(tmp_path, "--game", "sly_knights", "--headless", "--auto", "--stats",
                 "--lang", lang, "--size", "1024x600", "--overflow-report")
    assert done.returncode == 0, done.stderr
    line = json.loads(done.stdout.strip().splitlines()[-1])
    assert line["done"] is True and line["text_overflow"] == 0, done.stderr
