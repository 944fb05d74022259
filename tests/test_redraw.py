"""A window draws a turn only when its picture changes, and never skips one that does.

``bench/redraw.py`` draws every turn all the same and compares each picture with the one
before: a turn the window would have skipped whose picture changed is a picture nobody
saw (the clock's second, the narrator's banner going, a lesson's click, a watched
table's side panel while the round's summary holds it). Real scenes, dummy video, a
process per run."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize(("only", "frames"), [
    ("demo", 150),  # every game's clock ticking, Cheese Thief's narrator calling
    ("learn knights", 0),  # a lesson's own clicks (--auto), the ring pulsing
    ("watch sly_knights 2", 0),  # a held round's summary, the side panel painted late
    ("watch choose 5", 600),  # shouts rising, held at the table's edge or left out
    ("watch knights 3", 500),  # a line-up turning over tiles in outline, chips gone
])
def test_no_turn_skipped_would_have_shown_a_new_picture(only: str, frames: int) -> None:
    # at the suite's own priority: beside three busy workers, the bench's nice 19 left
    # these runs waiting for a core for most of a minute (48 s for 8 s of work)
    done = subprocess.run([sys.executable, "bench/redraw.py", "--only", only, "--frames",
                           str(frames), "--nice", "0", "--json"],
                          capture_output=True, text=True, cwd=ROOT, timeout=600)
    runs = json.loads(done.stdout.strip().splitlines()[-1])
    assert runs and done.returncode == 0, done.stderr
    for name, counts in runs.items():
        assert counts["stale"] == 0, (name, counts)
        # most turns change nothing, and the window draws few of those
        unchanged_drawn = counts["wanted"] - (counts["turns"] - counts["same"])
        assert counts["same"] > counts["turns"] // 2 > unchanged_drawn, (name, counts)
