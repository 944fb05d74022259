"""Start-up time of the standalone build against ``cheeseknights`` from pip, same run.

``python bench/startup.py [--frozen PATH] [--pip PATH] [--runs N] [--builds K]``

Each run starts a fresh process and times it from start to exit, alternating the two
programs so both see the same machine load:

- ``--version``: the interpreter and the command line, nothing drawn;
- ``menu --frames 1`` with SDL's dummy drivers: pygame, pygame_gui, the fonts and one
  rendered main-menu frame, then exit.

One warm-up run of each is discarded (the first start reads everything from disk).
Prints medians, the ratio frozen / pip, and the build folder's size; ``--builds K``
also times K runs of ``packaging/build.py``.

``python bench/startup.py --source ROOT [ROOT ...] [--runs N] [--idle SECONDS]`` times
checkouts of the source instead, alternating them, with this interpreter (not a
shell shim in front of it): from process start to the first menu frame on the screen
(the first ``pygame.display.flip``; the child writes the system's monotonic clock
then), and to the exit after it; and the CPU an idle menu window uses (every thread;
real frame pacing) over ``--idle`` seconds, once its start-up is surely over: in a real
window on the X display ``--display :N`` (an Xvfb), or with SDL's dummy video driver
without it. The floors are timed in the same rounds: the interpreter doing nothing,
importing pygame, importing pygame and pygame_gui, and a bare pygame window's first
flip, none of which a menu can beat. With ``--display`` the first frame and the bare
window's are also timed in a real window there.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from bench.counts import positive  # noqa: E402

CASES = {"--version": ["--version"], "first menu frame": ["menu", "--frames", "1"]}
FIRST_FLIP = """
import os, sys, time
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # as the client does
import pygame
flip = pygame.display.flip
def first(*args):
    pygame.display.flip = flip
    flip(*args)
    print(time.perf_counter(), time.process_time(), flush=True)
pygame.display.flip = first
sys.argv = ["cheeseknights", "menu", "--frames", "1"]
from client.cli import main
sys.exit(main())
"""
"""The menu, with the moment of its first flip written out (``perf_counter`` is the
system's monotonic clock, the same in every process). pygame is imported first to
wrap ``flip``; the menu imports it before its first frame anyway."""
WINDOW = "bare pygame window, first flip"
FLOORS = {
    "python -c pass": "pass",
    "import pygame": "import pygame",
    "import pygame, pygame_gui": "import pygame, pygame_gui",
    WINDOW: (
        "import pygame; pygame.display.init(); pygame.display.set_mode((1280, 720)); "
        "pygame.display.flip()"
    ),
}


def timed(argv: list[str], env: dict[str, str], cwd: str | None = None) -> float:
    start = time.perf_counter()
    subprocess.run(argv, check=True, env=env, cwd=cwd, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL, timeout=120)
    return time.perf_counter() - start


def idle_cpu(root: str, env: dict[str, str], seconds: float, display: str | None,
             settle: float) -> float:
    """Per cent of one core an open, untouched menu uses, ``settle`` s after its start."""
    ticks = os.sysconf("SC_CLK_TCK")
    env = dict(in_window(env, display) if display else env, PYTHONPATH=root)
    proc = subprocess.Popen([sys.executable, "-m", "client.cli", "menu"], cwd=root, env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

    def cpu() -> float:
        fields = Path(f"/proc/{proc.pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / ticks

    try:
        time.sleep(settle)
        cpu0, t0 = cpu(), time.monotonic()
        time.sleep(seconds)
        return 100.0 * (cpu() - cpu0) / (time.monotonic() - t0)
    finally:
        proc.kill()
        proc.wait()


def child_cpu() -> float:
    """CPU seconds of every finished child so far (user and system)."""
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def cpu_timed(argv: list[str], env: dict[str, str]) -> tuple[float, float]:
    """Wall and CPU seconds of one run (the CPU a busy machine does not inflate much)."""
    cpu = child_cpu()
    wall = timed(argv, env)
    return wall, child_cpu() - cpu


def first_flip(root: str, env: dict[str, str]) -> tuple[float, float, float]:
    """Seconds from process start to the menu's first flip, its CPU seconds by then,
    and the seconds to its exit."""
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-c", FIRST_FLIP], check=True, cwd=root,
                          env=dict(env, PYTHONPATH=root), capture_output=True, timeout=120)
    end = time.perf_counter()
    flip, cpu = (float(x) for x in done.stdout.split()[-2:])
    return flip - start, cpu, end - start


def in_window(env: dict[str, str], display: str) -> dict[str, str]:
    """``env`` for a real window on the X display ``display``."""
    env = dict(env, DISPLAY=display)
    env.pop("SDL_VIDEODRIVER", None)
    return env


def sources(roots: list[str], runs: int, idle: float, env: dict[str, str],
            display: str | None) -> None:
    ways = {"": env, **({f" (a window on {display})": in_window(env, display)} if display
                        else {})}
    first: dict[tuple[str, str], list[float]] = {(r, w): [] for r in roots for w in ways}
    cpus: dict[tuple[str, str], list[float]] = {key: [] for key in first}
    exits: dict[tuple[str, str], list[float]] = {key: [] for key in first}
    floors: dict[str, list[tuple[float, float]]] = {name: [] for name in FLOORS}
    window_floor: list[tuple[float, float]] = []
    for root in roots:  # (run from the checkout, as ``-m`` would: its directory first)
        first_flip(root, env)  # warm-up
    for _ in range(runs):
        for root in roots:
            for way, way_env in ways.items():
                flip, cpu, out = first_flip(root, way_env)
                first[root, way].append(flip)
                cpus[root, way].append(cpu)
                exits[root, way].append(out)
        for name, code in FLOORS.items():
            floors[name].append(cpu_timed([sys.executable, "-c", code], env))
        if display:
            window_floor.append(cpu_timed([sys.executable, "-c", FLOORS[WINDOW]],
                                          in_window(env, display)))
    if display:
        floors[f"{WINDOW} (a window on {display})"] = window_floor
    ms = 1000.0
    for name, both in floors.items():
        print(f"floor, {name}: median of {runs}: "
              f"{statistics.median(w for w, _ in both) * ms:.0f} ms "
              f"(CPU {statistics.median(c for _, c in both) * ms:.0f} ms)")
    for way in ways:
        for root in roots:
            key = (root, way)
            print(f"{root}: start -> first menu frame{way}, median of {runs}: "
                  f"{statistics.median(first[key]) * ms:.0f} ms (CPU by then "
                  f"{statistics.median(cpus[key]) * ms:.0f} ms; -> exit: "
                  f"{statistics.median(exits[key]) * ms:.0f} ms)")
    exits_all = {root: [t for way in ways for t in exits[root, way]] for root in roots}
    where = f"a window on {display}" if display else "the dummy video driver"
    settle = 2.0 + 2 * max(statistics.median(t) for t in exits_all.values())  # start-up done
    for root in roots:
        print(f"{root}: idle menu over {idle:g} s ({where}, from {settle:.1f} s on): "
              f"{idle_cpu(root, env, idle, display, settle):.2f}% of a core")


def folder_size(path: Path) -> int:
    return sum(f.stat().st_size for f in path.rglob("*") if f.is_file() and not f.is_symlink())


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frozen", type=Path, default=ROOT / "dist" / "cheeseknights" /
                        "cheeseknights", help="the built program (default dist/...)")
    parser.add_argument("--pip", default=shutil.which("cheeseknights"),
                        help="the pip-installed command (default: cheeseknights on PATH)")
    parser.add_argument("--runs", type=positive, default=7)
    parser.add_argument("--builds", type=int, default=0, help="also time this many builds")
    parser.add_argument("--source", nargs="+", default=None, metavar="ROOT",
                        help="time these source checkouts instead of the two programs")
    parser.add_argument("--idle", type=float, default=10.0, help="seconds of idle menu")
    parser.add_argument("--display", default=None, help="X display for the idle menu")
    args = parser.parse_args()
    if args.source:
        with tempfile.TemporaryDirectory(prefix="ck-startup-") as config:
            env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
                       CHEESEKNIGHTS_CONFIG_DIR=config)
            sources([str(Path(r).resolve()) for r in args.source], args.runs, args.idle, env,
                    args.display)
        return 0
    if args.pip is None or not args.frozen.is_file():
        raise SystemExit("startup.py: needs a built program (python packaging/build.py) "
                         "and cheeseknights installed with pip")
    builds = []
    for _ in range(args.builds):
        start = time.perf_counter()
        subprocess.run([sys.executable, str(ROOT / "packaging" / "build.py")], check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        builds.append(time.perf_counter() - start)
    programs = {"frozen": str(args.frozen), "pip": str(args.pip)}
    with tempfile.TemporaryDirectory(prefix="ck-startup-") as config:
        env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
                   CHEESEKNIGHTS_CONFIG_DIR=config)
        env.pop("PYTHONPATH", None)  # each program runs its own copy of the code
        print(f"frozen: {programs['frozen']}\npip:    {programs['pip']}\nruns:   {args.runs}")
        for case, extra in CASES.items():
            times: dict[str, list[float]] = {name: [] for name in programs}
            for program in programs.values():
                timed([program, *extra], env)  # warm-up
            for _ in range(args.runs):
                for name, program in programs.items():
                    times[name].append(timed([program, *extra], env))
            median = {name: statistics.median(t) for name, t in times.items()}
            print(f"{case:>17}: frozen {median['frozen'] * 1000:6.0f} ms, "
                  f"pip {median['pip'] * 1000:6.0f} ms, "
                  f"ratio {median['frozen'] / median['pip']:.2f}")
    size = folder_size(args.frozen.parent)
    print(f"build folder: {size / 2**20:.0f} MiB ({args.frozen.parent})")
    if builds:
        print(f"build time: median {statistics.median(builds):.0f} s of {len(builds)} "
              f"({', '.join(f'{b:.0f}' for b in builds)})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
