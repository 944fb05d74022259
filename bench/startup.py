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
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CASES = {"--version": ["--version"], "first menu frame": ["menu", "--frames", "1"]}


def timed(argv: list[str], env: dict[str, str]) -> float:
    start = time.perf_counter()
    subprocess.run(argv, check=True, env=env, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL, timeout=120)
    return time.perf_counter() - start


def folder_size(path: Path) -> int:
    return sum(f.stat().st_size for f in path.rglob("*") if f.is_file() and not f.is_symlink())


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frozen", type=Path, default=ROOT / "dist" / "cheeseknights" /
                        "cheeseknights", help="the built program (default dist/...)")
    parser.add_argument("--pip", default=shutil.which("cheeseknights"),
                        help="the pip-installed command (default: cheeseknights on PATH)")
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--builds", type=int, default=0, help="also time this many builds")
    args = parser.parse_args()
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
