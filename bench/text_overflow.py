"""Texts out of place, over the whole matrix: every game at its smallest and largest
table, at three window sizes, in both languages, a whole watched game each; a demo;
and the menu (every game), rules, settings and lobby screens.

``python bench/text_overflow.py [--speed S] [--jobs J] [--only SUBSTRING] [--report]
[--text-size PERCENT] [--seed S ...] [--every-table]``

Each cell is one headless ``cheeseknights`` run with ``--stats``; its figure is the
run's ``text_overflow`` (distinct texts clipped, outside their box, overlapping another
text, or cut by a panel; see ``client/kit/ink.py``). A watched game runs until the game
has ended and its end screens have shown (``--until-end``). Prints one row per cell and
exits 1 if any cell is not 0 (``--report`` prints each offender under its row).
``--text-size 150`` runs every cell with the person's text size at 150% (a settings
file in a fresh settings folder per cell). ``--seed 1 2 3`` plays every watched game
and the demo once per seed (another deal, other names, other talk): one seed's game
misses texts another shows. ``--every-table`` watches every table size between the
smallest and the largest too: a five-knight table and a three- or four-seat Choose! put
marks and points where neither end of the range does.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from bench.counts import positive  # noqa: E402

GAMES = {"cheese_thief": (4, 8), "choose": (2, 5), "knights": (3, 8), "sly_knights": (2, 4)}
SIZES = ("1024x600", "1280x720", "1920x1080")
LANGS = ("ja", "en")
END_FRAMES = 240
"""Frames after the game ends: the end-of-game sheet, then the table behind it."""
MAX_FRAMES = 60_000


def cells(speed: float, seeds: tuple[int, ...] = (1,),
          every: bool = False) -> list[tuple[str, list[str]]]:
    out = [cell for seed in seeds for cell in dealt(speed, seed, len(seeds) > 1, every)]
    for size in SIZES:
        for lang in LANGS:
            for game in GAMES:
                out.append((f"menu {game} {size} {lang}", [
                    "menu", "--screen", "menu", "--game", game, "--size", size,
                    "--lang", lang]))
            for screen in ("rules", "settings", "lobby"):
                out.append((f"{screen} {size} {lang}", [
                    "menu", "--screen", screen, "--game", "knights", "--size", size,
                    "--lang", lang]))
    return out


def dealt(speed: float, seed: int, named: bool,
          every: bool = False) -> list[tuple[str, list[str]]]:
    """The cells that play a deal (the watched games and the demo) with ``seed``; its
    name says the seed where more than one is run. ``every``: each table size, not
    only the smallest and the largest."""
    tag = f" s{seed}" if named else ""
    out: list[tuple[str, list[str]]] = []
    for game, (least, most) in GAMES.items():
        for players in range(least, most + 1) if every else (least, most):
            for size in SIZES:
                for lang in LANGS:
                    out.append((f"watch {game} {players}p {size} {lang}{tag}", [
                        "watch", "--game", game, "--players", str(players), "--size", size,
                        "--lang", lang, "--speed", str(speed), "--until-end", str(END_FRAMES),
                        "--frames", str(MAX_FRAMES), "--seed", str(seed)]))
    for size in SIZES:
        for lang in LANGS:
            out.append((f"demo cheese_thief 5p {size} {lang}{tag}", [
                "demo", "--game", "cheese_thief", "--players", "5", "--size", size,
                "--lang", lang, "--frames", "900", "--seed", str(seed)]))
    return out


def run_cell(args: list[str], text_size: int = 100) -> tuple[int | None, list[str]]:
    """One cell, with settings and data of its own: what a fresh installation shows (a
    table this machine's user hosted would add its *Resume* button to every menu), at
    the text size asked for."""
    with tempfile.TemporaryDirectory() as config, tempfile.TemporaryDirectory() as data:
        (Path(config) / "settings.json").write_text(json.dumps({"text_size": text_size}))
        env = dict(os.environ, PYTHONPATH=str(ROOT), SDL_VIDEODRIVER="dummy",
                   SDL_AUDIODRIVER="dummy", CHEESEKNIGHTS_CONFIG_DIR=config,
                   CHEESEKNIGHTS_DATA_DIR=data)
        done = subprocess.run(
            [sys.executable, "-m", "client.cli", *args, "--headless", "--stats",
             "--overflow-report"], cwd=ROOT, env=env, capture_output=True, text=True,
            timeout=1800)
    figure = None
    for line in done.stdout.splitlines():
        if line.startswith("{"):
            figure = int(json.loads(line)["text_overflow"])
    notes = [line for line in done.stderr.splitlines() if line.startswith("frame ")]
    if figure is None:
        notes = done.stderr.strip().splitlines()[-5:]
    return figure, notes


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--speed", type=float, default=8.0, help="watched games' speed (default 8)")
    p.add_argument("--jobs", type=positive, default=2, help="runs at once (default 2)")
    p.add_argument("--only", default="", help="only the cells whose name contains this")
    p.add_argument("--report", action="store_true", help="print each offender")
    p.add_argument("--text-size", type=int, default=100,
                   help="the text size in percent, 100-150 (default 100)")
    p.add_argument("--seed", type=int, nargs="+", default=[1],
                   help="the deals' seeds, each a run of every watched game and the demo "
                        "(default 1)")
    p.add_argument("--every-table", action="store_true",
                   help="watch every table size, not only the smallest and the largest")
    args = p.parse_args()
    todo = [(name, cmd) for name, cmd in cells(args.speed, tuple(args.seed), args.every_table)
            if args.only in name]
    bad = 0
    with ThreadPoolExecutor(args.jobs) as pool:
        results = pool.map(lambda cell: run_cell(cell[1], args.text_size), todo)
        for (name, _), (figure, notes) in zip(todo, results, strict=True):
            shown = "error" if figure is None else str(figure)
            print(f"{name:<40} {shown:>5}", flush=True)
            if figure != 0:
                bad += 1
                if args.report or figure is None:
                    for note in notes:
                        print(f"    {note}", flush=True)
    print(f"{len(todo)} cells, {bad} not 0")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
