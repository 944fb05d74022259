"""Where the test suite's time goes: its wall time, its CPU, and the modules that cost
most, in this tree or in a fresh clone as CI runs it.

``python bench/suite.py [--clone] [--top N] [-- PYTEST_ARGS ...]``

Runs the README's test command (``python -m pytest``: both cores) with
``bench/suite_plugin.py``, which notes per test the CPU of the test's worker and of the
processes it started and waited for, and the test's wall time. Prints:

- the run's wall time, and the CPU of every process it waited for: its workers and all
  they reaped. A browser's processes that nobody waits for are not in it, so on a
  machine with the phones' browser the figure is a floor;
- how that CPU splits: the tests, their reaped processes, the workers outside any test
  (start-up and collection), and the rest (the run's own process, the whole-tree checks
  it started, the bytecode made before the workers start);
- the ``--top`` modules by CPU, with their wall time and tests.

``--clone`` runs in a fresh ``git clone`` of HEAD in a temporary folder: no bytecode,
no mypy or ruff cache, no Hypothesis database, as on a CI machine. The clone's tests
and the programs they start import the clone's tree (``python -m`` puts the working
folder first), not this one. The suite is CPU-bound on two cores, so compare trees
by runs taken in turn on the same machine, never by a figure from another day.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

if sys.path and Path(sys.path[0]).resolve() == Path(__file__).resolve().parent:
    del sys.path[0]
sys.path.append(str(Path(__file__).resolve().parent.parent))

from bench.counts import positive  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent


def reaped_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def modules(rows: list[list[Any]]) -> list[tuple[str, float, float, float, int]]:
    """Per test module: its tests' own CPU, their reaped processes' CPU, their wall
    time and their count, the costliest (own + reaped) first."""
    by: dict[str, list[float]] = defaultdict(lambda: [0.0, 0.0, 0.0, 0.0])
    for nodeid, own, reaped, wall in rows:
        each = by[nodeid.split("::")[0]]
        each[0] += own
        each[1] += reaped
        each[2] += wall
        each[3] += 1
    return sorted(((name, own, reaped, wall, int(n)) for name, (own, reaped, wall, n)
                   in by.items()), key=lambda m: (-(m[1] + m[2]), m[0]))


def report(workers: dict[str, dict[str, Any]], wall: float, cpu: float, code: int,
           top: int) -> list[str]:
    rows = [row for w in workers.values() for row in w["rows"]]
    own = sum(r[1] for r in rows)
    reaped = sum(r[2] for r in rows)
    outside = sum(w["own"] - sum(r[1] for r in w["rows"]) for name, w in workers.items()
                  if name != "main")
    lines = [f"suite: {len(rows)} tests, exit {code}, wall {wall:.1f} s, CPU {cpu:.1f} s "
             f"of a core on {os.cpu_count()} cores",
             f"  tests {own:.1f} + their reaped processes {reaped:.1f} + workers outside "
             f"tests {outside:.1f} + the rest {cpu - own - reaped - outside:.1f}",
             f"{'CPU':>7} {'own':>7} {'reaped':>7} {'wall':>7} {'tests':>5}  module"]
    for name, m_own, m_reaped, m_wall, n in modules(rows)[:top]:
        lines.append(f"{m_own + m_reaped:7.1f} {m_own:7.1f} {m_reaped:7.1f} {m_wall:7.1f} "
                     f"{n:5d}  {name}")
    return lines


def main() -> int:
    parser = argparse.ArgumentParser(prog="suite.py", description=__doc__.split("\n\n")[0])
    parser.add_argument("--clone", action="store_true",
                        help="run in a fresh git clone of HEAD, as CI does")
    parser.add_argument("--top", type=positive, default=15, help="modules listed (15)")
    parser.add_argument("pytest", nargs=argparse.REMAINDER,
                        help="after --, arguments for pytest (-m 'not slow', a path)")
    args = parser.parse_args()
    extra = [a for a in args.pytest if a != "--"]
    with tempfile.TemporaryDirectory(prefix="ck-suite-") as scratch:
        where = ROOT
        if args.clone:
            where = Path(scratch) / "clone"
            subprocess.run(["git", "clone", "-q", str(ROOT), str(where)], check=True)
        folder = Path(scratch) / "rows"
        folder.mkdir()
        env = dict(os.environ, CHEESEKNIGHTS_SUITE_ROWS=str(folder),
                   PYTHONPATH=os.pathsep.join(filter(None, [str(ROOT / "bench"),
                                                           os.environ.get("PYTHONPATH")])))
        print(f"python -m pytest in {where}", file=sys.stderr, flush=True)
        before, began = reaped_cpu(), time.monotonic()
        done = subprocess.run([sys.executable, "-m", "pytest", "-p", "suite_plugin", *extra],
                              cwd=where, env=env, stdout=subprocess.DEVNULL)
        wall, cpu = time.monotonic() - began, reaped_cpu() - before
        workers = {path.stem: json.loads(path.read_text(encoding="utf-8"))
                   for path in sorted(folder.glob("*.json"))}
    print("\n".join(report(workers, wall, cpu, done.returncode, args.top)))
    return done.returncode


if __name__ == "__main__":
    sys.exit(main())
