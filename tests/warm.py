"""Bytecode for the whole tree, made once before a parallel run's workers start.

Every worker of a parallel run imports every test module. In a fresh clone (as CI's)
each worker would compile the project and rewrite every test module's asserts for
itself: 3 to 4 s of a core per worker, six times over, while the run's first tests
wait. Made here once, split between the cores, it takes about a second and a half,
and the workers read it.

So with the constants Hypothesis reads from every module of the tree before a
property test's first example (``.hypothesis/constants``, one file per source): a
fresh clone's worker parsed the whole tree for them, 0.65 s of a core each, against
0.1 s reading them back.

The test modules are rewritten by pytest's own assert rewriting, and the constants
found by Hypothesis's own reader, through parts of each that are not public: where a
later version has changed them, this makes nothing and says nothing, and each worker
does the work itself, as before.

``python -m tests.warm FILE...`` makes the bytecode of these files and notes their
constants (``conftest`` runs it in one process per core)."""

from __future__ import annotations

import compileall
import os
import subprocess
import sys
import types
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("core", "net", "client", "research", "bench", "tests")


def is_test_module(path: Path) -> bool:
    """A module pytest rewrites the asserts of (its default ``python_files``)."""
    return path.parent.name == "tests" and (
        path.name.startswith("test_") or path.name == "conftest.py")


def rewrite(path: Path) -> None:
    """The rewritten module's bytecode, where pytest looks for it (a file that exists
    and is current is left as it is)."""
    try:
        from _pytest.assertion import rewrite as pytest_rewrite
    except ImportError:
        return
    try:
        pyc = pytest_rewrite.get_cache_dir(path) / (path.name[:-3] + pytest_rewrite.PYC_TAIL)
        if pytest_rewrite._read_pyc(path, pyc) is not None:
            return
        stat, code = pytest_rewrite._rewrite_test(path, None)  # type: ignore[arg-type]
        pyc.parent.mkdir(exist_ok=True)
        pytest_rewrite._write_pyc(_Quiet(), code, stat, pyc)  # type: ignore[arg-type]
    except (AttributeError, TypeError, OSError, SyntaxError):
        return  # a pytest that works otherwise: its workers rewrite for themselves


def note_constants(path: Path) -> None:
    """Hypothesis's constants of the module at ``path``, cached where its property
    tests look for them (a source it has read before is left as it is)."""
    try:
        from hypothesis.internal.constants_ast import constants_from_module
    except ImportError:
        return
    module = types.ModuleType(path.stem)
    module.__file__ = str(path)
    try:
        constants_from_module(module)
    except Exception:  # noqa: BLE001 - a later Hypothesis: its workers read for themselves
        return


class _Quiet:
    """What ``_write_pyc`` reports to: nothing is reported."""

    def trace(self, message: str) -> None:
        del message


def make(paths: list[Path]) -> None:
    for path in paths:
        compileall.compile_file(str(path), quiet=2)
        if is_test_module(path):
            rewrite(path)
        note_constants(path)


def warm_tree() -> None:
    """Every module of the tree compiled and its constants noted, and every test
    module rewritten, in one process per core; errors are left for the run itself to
    report."""
    from tests.cores import CORES  # (not at the top: each share's process needs no pytest)

    files = sorted(p for package in PACKAGES for p in (ROOT / package).rglob("*.py"))
    processes = min(4, CORES)
    shares = [files[i::processes] for i in range(processes)]
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    runs = [subprocess.Popen([sys.executable, "-m", "tests.warm", *map(str, share)], cwd=ROOT,
                             env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            for share in shares if share]
    for run in runs:
        run.wait()


if __name__ == "__main__":
    make([Path(arg) for arg in sys.argv[1:]])
