"""Which turns of the window a table could skip drawing, and whether skipping any would
have shown a stale picture.

``python bench/redraw.py [--only TEXT] [--seed S] [--frames N] [--shots DIR] [--nice N]
[--json]``

A window draws a turn only when its scene says the picture changed
(``Scene.wants_redraw``), input arrived or the screen is new. This runs whole headless
runs (each game's lesson, a watched game at its smallest and largest table, and its
demo) with ``App.draw_all`` set, so every turn is drawn all the same, and compares each
drawn picture with the one before. It counts per run:

- ``turns``: pictures drawn;
- ``wanted``: turns the window would have drawn;
- ``same``: turns whose picture equals the one before (nothing to draw);
- ``stale``: turns the window would have skipped though the picture changed. Each is
  a picture a person would not have seen; the figure must be 0.

Each run is a fresh process, at the lowest priority (``nice``) unless ``--nice`` says
otherwise. The suite's test (``tests/test_redraw.py``) counts the same way
(``every_turn_drawn``) in its own process, run after run.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import pygame

ROOT = Path(__file__).resolve().parents[1]

CHILD = """
import json, os, sys
os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
from bench.redraw import every_turn_drawn
from client.cli import main

with every_turn_drawn(os.environ.get("REDRAW_SHOTS")) as counts:
    code = main(sys.argv[1:])
print("REDRAW " + json.dumps(counts), flush=True)
sys.exit(code)
"""


@contextlib.contextmanager
def every_turn_drawn(shots: str | None = None) -> Iterator[dict[str, Any]]:
    """Within it, every window draws each turn all the same (``App.draw_all``) and
    compares the picture with the one before; the counts of the module's docstring
    are kept in the dict it gives. A run's process does this (``CHILD``), and so does
    the suite's test, in its own process."""
    import pygame

    from client import app as app_mod

    counts: dict[str, Any] = {"turns": 0, "wanted": 0, "same": 0, "stale": 0,
                              "first_stale": None}
    last = [b""]  # the last picture, its bytes as the screen holds them
    kept: list[pygame.Surface | None] = [None]
    step = app_mod.App.step

    def checked(self: app_mod.App, dt: float) -> None:
        self.draw_all = True
        before = self.frames
        step(self, dt)
        if self.frames == before:
            return
        raw = self.screen.get_buffer().raw  # (a copy: a memcpy and a memcmp, not a hash)
        same = raw == last[0] or same_colours(self.screen, raw, last[0])
        last[0] = raw
        counts["turns"] += 1
        counts["wanted"] += self.fresh
        counts["same"] += same
        if not self.fresh and not same:
            counts["stale"] += 1
            if counts["first_stale"] is None:
                counts["first_stale"] = counts["turns"]
            if shots and counts["stale"] <= 3 and kept[0] is not None:
                pygame.image.save(kept[0], f"{shots}/stale{counts['stale']}-before.png")
                pygame.image.save(self.screen, f"{shots}/stale{counts['stale']}-after.png")
        if shots:
            kept[0] = self.screen.copy()

    app_mod.App.step = checked  # type: ignore[method-assign]
    try:
        yield counts
    finally:
        app_mod.App.step = step  # type: ignore[method-assign]


def same_colours(screen: pygame.Surface, one: bytes, other: bytes) -> bool:
    """Whether two pictures of ``screen``, as its bytes held them, show the same colours:
    the spare byte of a pixel without alpha may differ where no colour does. Compared
    four bytes at a time with that byte masked off, in place (0.7 ms at 1280x720,
    against 1.8 ms for each picture's colours copied out as RGB)."""
    import numpy

    if len(one) != len(other):
        return False
    if screen.get_bytesize() != 4:  # (no spare byte to mask)
        return one == other
    red, green, blue, _ = screen.get_masks()
    diff = numpy.bitwise_xor(numpy.frombuffer(one, numpy.uint32),
                             numpy.frombuffer(other, numpy.uint32))
    numpy.bitwise_and(diff, red | green | blue, out=diff)
    return not diff.any()


def cases(seed: int, frames: int) -> list[tuple[str, list[str]]]:
    """Each game's lesson, a watched game at its smallest and largest table, its demo."""
    from core.registry import GAMES, about

    runs = []
    for game in sorted(GAMES):
        low, high = about(game).min_players, about(game).max_players
        runs.append((f"learn {game}", ["learn", "--game", game, "--headless", "--auto",
                                       *(["--frames", str(frames)] if frames else [])]))
        for players in sorted({low, high}):
            runs.append((f"watch {game} {players}",
                         ["watch", "--game", game, "--players", str(players), "--seed",
                          str(seed), "--speed", "8", "--headless", "--until-end", "120",
                          "--frames", str(frames or 60000)]))
        runs.append((f"demo {game}", ["demo", "--game", game, "--seed", str(seed),
                                      "--headless", "--frames", str(frames or 1500)]))
    return runs


def run(argv: list[str], shots: str | None = None, nice: int = 19) -> dict[str, object]:
    with tempfile.TemporaryDirectory() as home:
        env = dict(os.environ, CHEESEKNIGHTS_CONFIG_DIR=f"{home}/config",
                   CHEESEKNIGHTS_DATA_DIR=f"{home}/data", PYTHONPATH=str(ROOT))
        if shots:
            env["REDRAW_SHOTS"] = shots
        done = subprocess.run(["nice", "-n", str(nice), sys.executable, "-c", CHILD, *argv],
                              capture_output=True, text=True, env=env, cwd=ROOT, timeout=900)
    lines = [ln for ln in done.stdout.splitlines() if ln.startswith("REDRAW ")]
    if done.returncode != 0 or not lines:
        raise SystemExit(f"{' '.join(argv)} failed ({done.returncode}):\n{done.stderr[-2000:]}")
    counts: dict[str, object] = json.loads(lines[-1][len("REDRAW "):])
    return counts


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", default="", help="runs whose name contains this text")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--frames", type=int, default=0,
                        help="turns of each lesson, watched game and demo (0: a whole "
                        "lesson or watched game, 1500 of a demo)")
    parser.add_argument("--nice", type=int, default=19,
                        help="how much less priority each run gets (19, the least; 0, as much "
                        "as this process)")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--shots", help="a folder for the first three stale pictures of a "
                        "run, each beside the one before it")
    args = parser.parse_args()
    sys.path.insert(0, str(ROOT))
    results = {}
    for name, argv in cases(args.seed, args.frames):
        if args.only not in name:
            continue
        results[name] = counts = run(argv, args.shots, args.nice)
        if not args.json:
            print(f"{name:28} turns {counts['turns']:6} wanted {counts['wanted']:6} "
                  f"same {counts['same']:6} stale {counts['stale']:4}"
                  + (f" (first at turn {counts['first_stale']})" if counts["stale"] else ""),
                  flush=True)
    stale = sum(int(c["stale"]) for c in results.values())  # type: ignore[call-overload]
    if args.json:
        print(json.dumps(results))
    else:
        print(f"stale pictures: {stale} in {len(results)} runs")
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main())
