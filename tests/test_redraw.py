"""A window draws a turn only when its picture changes, and never skips one that does.

``bench/redraw.py`` draws every turn all the same and compares each picture with the one
before: a turn the window would have skipped whose picture changed is a picture nobody
saw (the clock's second, the narrator's banner going, a lesson's click, a watched
table's side panel while the round's summary holds it). Real scenes, dummy video, each
run in the test's own process (``tests/cli_rig.py``), counted as the bench counts it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bench.redraw import cases, every_turn_drawn


@pytest.mark.parametrize(("only", "frames"), [
    ("demo", 150),  # every game's clock ticking, Cheese Thief's narrator calling
    ("learn knights", 0),  # a lesson's own clicks (--auto), the ring pulsing
    ("learn choose", 450),  # a nest's ring shrinking round a card, alone in motion
    ("watch sly_knights 2", 0),  # a held round's summary, the side panel painted late
    ("watch choose 5", 600),  # shouts rising, held at the table's edge or left out
    ("watch knights 3", 500),  # a line-up turning over tiles in outline, chips gone
    ("watch cheese_thief 4", 0),  # the vote arrows grown and still, then the result
])
def test_no_turn_skipped_would_have_shown_a_new_picture(
        cli: Any, tmp_path: Path, only: str, frames: int) -> None:
    runs = [(name, argv) for name, argv in cases(1, frames) if only in name]
    assert runs
    for name, argv in runs:
        home = tmp_path / name.replace(" ", "_")
        with every_turn_drawn() as counts:
            done = cli(*argv, env={"CHEESEKNIGHTS_CONFIG_DIR": str(home / "config"),
                                   "CHEESEKNIGHTS_DATA_DIR": str(home / "data")})
        assert done.returncode == 0, (name, done.stderr[-2000:])
        assert counts["stale"] == 0, (name, counts)
        # the window draws few of the turns that change nothing (in most runs most
        # turns; a lesson's Choose! table moves in two of three)
        unchanged_drawn = counts["wanted"] - (counts["turns"] - counts["same"])
        assert counts["same"] > counts["turns"] // 3, (name, counts)
        assert unchanged_drawn < counts["same"] // 2, (name, counts)
