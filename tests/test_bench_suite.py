"""``bench/suite.py`` splits a run's CPU the way its report says: the tests, what they
reaped, the workers outside any test, and the rest; and ranks modules by their CPU."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent


def suite() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bench_suite", ROOT / "bench/suite.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_run_s_cpu_is_split_and_its_modules_ranked() -> None:
    workers = {
        "main": {"rows": [], "own": 2.0, "reaped": 30.0},
        "gw0": {"rows": [["tests/test_a.py::one", 4.0, 0.5, 5.0],
                         ["tests/test_b.py::two", 1.0, 6.0, 9.0]], "own": 6.5, "reaped": 6.5},
        "gw1": {"rows": [["tests/test_a.py::three", 2.0, 0.0, 2.5]], "own": 3.0, "reaped": 0.0},
    }
    lines = suite().report(workers, wall=20.0, cpu=30.0, code=0, top=1)
    assert lines[0].startswith("suite: 3 tests, exit 0, wall 20.0 s, CPU 30.0 s of a core")
    assert lines[1] == ("  tests 7.0 + their reaped processes 6.5 + workers outside tests 2.5 "
                        "+ the rest 14.0")
    assert lines[3:] == ["    7.0     1.0     6.0     9.0     1  tests/test_b.py"]
