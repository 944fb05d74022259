"""Memory and frame times of a watched game, per game and window size.

``python bench/memory.py [--games G ...] [--sizes WxH ...] [--speeds S ...] [--players N]
[--frames N] [--runs N] [--seed S] [--ink] [--json]``

Each (game, size) runs in a fresh process (so one table's images never count against
the next), headless with SDL's dummy drivers, watching bots at each of ``--speeds`` until
the game has ended and its story has stood for two seconds, or ``--frames`` turns of the
window. It reports the process's peak resident memory (the kernel's VmHWM: what the
table cost at its largest), and the frame times, every turn drawn (``App.draw_all``: a
window skips a turn whose picture did not change, so these are the busiest case): the
median, the 99th percentile and the worst, after the first second of the window
(``FIRST_SECOND``: the first frame draws the table and renders every card and label it
has, once); and the 99th percentile of the CPU time each frame took (``cpu p99``),
which other programs on a busy machine inflate far less than the wall-clock times. Each
run also times a fixed frame of drawing at the window's size before and after its game
(``anchor``: the median, in ms), and each p99 is given as a multiple of it
(``p99/anc``): the same commit's milliseconds moved by a third between hours here, its
multiples far less.
``--ink`` records every
text as ``--stats`` runs do (``client.kit.ink``), to see what the recorder costs on top.

Every table a person plays stays under 250 MiB at 1920x1080, with its p99 within 8 ms
(issue 30); a busy machine makes the times worse, never the memory. The children run at
the lowest priority this process may give them (``nice``), as every long run here must.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from bench.counts import positive, window  # noqa: E402

SIZES = ("1024x600", "1280x720", "1920x1080")
FIRST_SECOND = 1.0
"""Window seconds left out of the frame times (a headless frame stands for 1/60 s)."""
STORY_FRAMES = 120
"""Frames the end's story stands before the run stops (two seconds of window time)."""
LIMIT_MIB = 250.0
LIMIT_P99_MS = 8.0

CHILD = """
import json, os, sys, time
os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
game, players, w, h, frames, speed, seed, ink_on = sys.argv[1:9]
from client.app import HEADLESS_DT, App
from client.kit import ink
from client.settings import Settings
from client.tables import local_scene
from core.registry import about

players = int(players) or about(game).max_players
app = App(Settings(), headless=True, size=(int(w), int(h)))
app.draw_all = True  # every turn drawn, as a table watched with something always moving


def anchor(frames=100):
    # Frames of fixed work at this window's size, in ms: a full-window copy, ten texts
    # and forty boxes, as a table's frame does, in pygame's own font (so no table font
    # is opened early). Timed before and after the game, in the same process.
    import pygame
    size = app.screen.get_size()
    screen, ground = pygame.Surface(size), pygame.Surface(size)
    ground.fill((90, 60, 30))
    face = pygame.font.Font(None, 24)
    spent = []
    for n in range(frames):
        began = time.perf_counter()
        screen.blit(ground, (0, 0))
        for i in range(10):
            words = face.render(f"Round {i} of {n % 7}", True, (250, 240, 220))
            screen.blit(words, (20, 30 * i))
        for i in range(40):
            pygame.draw.rect(screen, (200, 180, 140), (40 * i % size[0], 400, 36, 52), 2,
                             border_radius=6)
        spent.append((time.perf_counter() - began) * 1000)
    return spent


anchored = anchor()
if ink_on == "1":
    ink.start()
scene = local_scene(app, game, players, {}, int(seed), 0, "normal", speed=float(speed))
app.push(scene)
after = None
cpu = []
for turn in range(int(frames)):
    began = time.process_time()
    app.step(HEADLESS_DT)
    cpu.append((time.process_time() - began) * 1000)
    if after is None and scene.story() is not None:
        after = turn
    if after is not None and turn - after >= int(sys.argv[9]):
        break
status = dict(line.split(":", 1) for line in open("/proc/self/status") if ":" in line)
anchored = sorted(anchored + anchor())  # (after the memory is read: it holds two images)
skip = int(float(sys.argv[10]) / HEADLESS_DT)
times = sorted(app.frame_ms[skip:]) or [0.0]
pick = lambda p, t=times: round(t[min(len(t) - 1, int(p * len(t)))], 2)
cpu = sorted(cpu[skip:]) or [0.0]
print(json.dumps({"players": players, "frames": len(app.frame_ms), "ended": after is not None,
                  "cpu_p99_ms": pick(0.99, cpu), "anchor_ms": pick(0.5, anchored),
                  "peak_mib": round(int(status["VmHWM"].split()[0]) / 1024, 1),
                  "rss_mib": round(int(status["VmRSS"].split()[0]) / 1024, 1),
                  "p50_ms": pick(0.5), "p99_ms": pick(0.99), "max_ms": round(times[-1], 2)}))
"""
"""One watched game in a fresh process; its figures as one JSON line."""


def measured(game: str, size: str, speed: float, args: argparse.Namespace
             ) -> dict[str, object]:
    """``--runs`` runs of one game at one size: the median of each time, and the
    largest memory (the times vary from run to run on a shared machine by a few
    milliseconds at the top; the memory does not)."""
    rows = [measure(game, size, speed, args) for _ in range(args.runs)]
    failed = [row for row in rows if "error" in row]
    if failed:
        return failed[0]
    row = dict(rows[0])
    for name in ("p50_ms", "p99_ms", "max_ms", "cpu_p99_ms", "anchor_ms"):
        row[name] = round(statistics.median(float(str(each[name])) for each in rows), 2)
    row["p99_per_anchor"] = round(statistics.median(
        float(str(each["p99_ms"])) / max(0.01, float(str(each["anchor_ms"]))) for each in rows), 1)
    for name in ("peak_mib", "rss_mib"):
        row[name] = max(float(str(each[name])) for each in rows)
    row["ended"] = all(each["ended"] for each in rows)
    row["p99_each"] = [each["p99_ms"] for each in rows]
    return row


def measure(game: str, size: str, speed: float, args: argparse.Namespace
            ) -> dict[str, object]:
    w, h = size.split("x")
    with tempfile.TemporaryDirectory() as config, tempfile.TemporaryDirectory() as data:
        env = {**os.environ, "PYTHONPATH": str(ROOT), "CHEESEKNIGHTS_CONFIG_DIR": config,
               "CHEESEKNIGHTS_DATA_DIR": data}
        done = subprocess.run(
            [sys.executable, "-c", CHILD, game, str(args.players), w, h, str(args.frames),
             str(speed), str(args.seed), "1" if args.ink else "0", str(STORY_FRAMES),
             str(FIRST_SECOND)],
            env=env, capture_output=True, text=True, check=False,
            preexec_fn=lambda: os.nice(args.nice), timeout=args.timeout)
    if done.returncode != 0:
        tail = done.stderr.strip().splitlines()[-1:] or ["no output"]
        return {"game": game, "size": size, "speed": speed, "error": tail[0]}
    figures: dict[str, object] = json.loads(done.stdout.strip().splitlines()[-1])
    return {"game": game, "size": size, "speed": speed, **figures}


def main() -> int:
    from core.registry import GAMES

    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--games", nargs="+", default=list(GAMES), metavar="GAME")
    p.add_argument("--sizes", type=window, nargs="+", default=list(SIZES), metavar="WxH")
    p.add_argument("--players", type=int, default=0,
                   help="table size (default: each game's largest)")
    p.add_argument("--frames", type=positive, default=40000,
                   help="most turns of the window (a game at x1 takes up to 17,000)")
    p.add_argument("--speeds", type=float, nargs="+", default=[1.0, 8.0], metavar="S",
                   help="watching speeds: x1 as a person watches, x8 fast forward, where "
                        "every move of a game falls in a few hundred frames")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--runs", type=positive, default=3,
                   help="runs of each game and size; times are their medians")
    p.add_argument("--ink", action="store_true", help="record every text, as --stats does")
    p.add_argument("--nice", type=int, default=15)
    p.add_argument("--timeout", type=float, default=900.0, help="seconds per run at most")
    p.add_argument("--json", action="store_true", help="one JSON object per run")
    args = p.parse_args()
    unknown = [g for g in args.games if g not in GAMES]
    if unknown:
        print(f"error: no game {unknown[0]!r} (games: {', '.join(GAMES)})", file=sys.stderr)
        return 2
    worst = 0
    if not args.json:
        print(f"{'game':<13}{'size':>10}{'speed':>6}{'n':>3}{'frames':>7}{'end':>5}"
              f"{'peak MiB':>10}{'p50 ms':>8}{'p99 ms':>8}{'max ms':>8}{'cpu p99':>9}"
              f"{'anchor':>8}{'p99/anc':>8}  p99 of each run")
    for game, size, speed in ((g, s, v) for g in args.games for s in args.sizes
                              for v in args.speeds):
        row = measured(game, size, speed, args)
        if args.json:
            print(json.dumps(row), flush=True)
        elif "error" in row:
            print(f"{game:<13}{size:>10}{speed:>6g}  error: {row['error']}", flush=True)
        else:
            print(f"{game:<13}{size:>10}{speed:>6g}{row['players']:>3}{row['frames']:>7}"
                  f"{'yes' if row['ended'] else 'no':>5}{row['peak_mib']:>10}"
                  f"{row['p50_ms']:>8}{row['p99_ms']:>8}{row['max_ms']:>8}"
                  f"{row['cpu_p99_ms']:>9}{row['anchor_ms']:>8}{row['p99_per_anchor']:>8}"
                  f"  {row['p99_each']}", flush=True)
        over = "error" in row or float(str(row["peak_mib"])) > LIMIT_MIB
        worst = max(worst, 1 if over else 0)
    return worst


if __name__ == "__main__":
    sys.exit(main())
