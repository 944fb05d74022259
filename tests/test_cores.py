"""The suite's own sharing of the cores (``tests/cores.py``): the tokens a computing
test waits for, and the order the tests are dealt to the workers in."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests import cores
from tests.cores import HEAVY_MODULES, WAITING_MODULES, Pool, deal

ROOT = Path(__file__).resolve().parent.parent


def test_a_pool_lends_each_token_once_and_gets_it_back() -> None:
    pool = Pool.make(2)
    with pool.held(0.2) as first, pool.held(0.2) as second:
        started = time.monotonic()
        with pool.held(0.2) as third:
            assert (first, second, third) == (True, True, False)
        assert time.monotonic() - started >= 0.2  # (it waited its patience, then ran)
    with pool.held(0.2) as first, pool.held(0.2) as second:
        assert first and second  # (the third, never taken, was not given back)
    assert not pool.take(0.0)  # (two in all)


def test_a_token_held_in_another_process_is_taken_when_given_back() -> None:
    pool = Pool.make(1)
    other = subprocess.Popen(
        [sys.executable, "-c", "import sys; from tests.cores import Pool\n"
         "pool = Pool(sys.argv[1]); assert pool.take(5); print('took', flush=True)\n"
         "sys.stdin.readline(); pool.give()", pool.path],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, cwd=ROOT)
    assert other.stdout is not None and other.stdin is not None
    assert other.stdout.readline() == "took\n"
    assert not pool.take(0.1)
    other.stdin.write("\n")
    other.stdin.flush()
    assert pool.take(5)
    assert other.wait(5) == 0


def test_a_test_that_waits_takes_no_token(monkeypatch: pytest.MonkeyPatch) -> None:
    empty = Pool.make(0)
    monkeypatch.setenv(cores.ENV, empty.path)
    monkeypatch.setattr(cores, "_run", [empty])
    monkeypatch.setattr(cores, "PATIENCE", 0.2)
    started = time.monotonic()
    with cores.held("test_plain"):  # (waits its patience for a token that never comes)
        assert time.monotonic() - started >= 0.2
    monkeypatch.setattr(cores, "PATIENCE", 30.0)
    started = time.monotonic()
    with cores.held(next(iter(WAITING_MODULES))):  # (would wait 30 s if it asked)
        assert time.monotonic() - started < 10


@pytest.mark.skipif(not hasattr(os, "SCHED_BATCH"), reason="no SCHED_BATCH here")
def test_a_test_that_waits_and_what_it_starts_give_way_to_one_that_computes(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(cores.ENV, Pool.make(2).path)
    policy = [sys.executable, "-c", "import os; print(os.sched_getscheduler(0))"]
    with cores.held(next(iter(WAITING_MODULES))):
        assert os.sched_getscheduler(0) == os.SCHED_BATCH
        child = subprocess.run(policy, capture_output=True, text=True, timeout=30)
        assert int(child.stdout) == os.SCHED_BATCH
    assert os.sched_getscheduler(0) == os.SCHED_OTHER
    with cores.held("test_plain"):
        assert os.sched_getscheduler(0) == os.SCHED_OTHER


def modules_of_a_run() -> list[str]:
    """A run's modules in order: some heavy, some waiting, many plain, mixed."""
    plain = [f"test_plain_{i}" for i in range(40)]
    run = [*plain[:20], *WAITING_MODULES, *HEAVY_MODULES, *plain[20:]]
    return [module for i, module in enumerate(run) for _ in range(1 + i % 7)]


def shares(order: list[int], workers: int) -> list[list[int]]:
    """The first split of ``--dist worksteal``: an equal count each, in order."""
    out, left = [], len(order)
    for worker in range(workers):
        size = left // (workers - worker)
        out.append(order[:size])
        order, left = order[size:], left - size
    return out


def test_each_worker_is_dealt_whole_modules_of_one_kind_first() -> None:
    modules = modules_of_a_run()
    order = deal(list(range(len(modules))), modules, 6, 2)
    assert sorted(order) == list(range(len(modules)))
    dealt = shares(order, 6)
    for module in {*WAITING_MODULES, *HEAVY_MODULES}:
        holding = [w for w, share in enumerate(dealt) if any(modules[i] == module for i in share)]
        assert len(holding) == 1, module  # whole, in one share
        assert holding[0] >= 2 if module in WAITING_MODULES else holding[0] < 2
    for w, share in enumerate(dealt):
        kinds = [WAITING_MODULES if w >= 2 else HEAVY_MODULES]
        first = [modules[i] in kinds[0] for i in share]
        assert first == sorted(first, reverse=True)  # its kind first, then the filling
        rest = [i for i in share if modules[i] not in kinds[0]]
        assert rest == sorted(rest)  # the filling in the given order
    waits = [sum(WAITING_MODULES[m] for m in {modules[i] for i in share} & WAITING_MODULES.keys())
             for share in dealt[2:]]
    assert max(waits) - min(waits) <= max(WAITING_MODULES.values())


def test_a_run_with_a_worker_per_core_or_nothing_that_waits_keeps_its_order() -> None:
    modules = modules_of_a_run()
    items = list(range(len(modules)))
    assert deal(items, modules, 2, 2) == items
    plain = [m for m in modules if m not in WAITING_MODULES]
    assert deal(list(range(len(plain))), plain, 6, 2) == list(range(len(plain)))


def test_every_module_named_is_a_test_module_here() -> None:
    """A name left behind by a renamed module would quietly deal nothing."""
    named = {*WAITING_MODULES, *HEAVY_MODULES}
    assert not set(WAITING_MODULES) & set(HEAVY_MODULES)
    assert {m for m in named if not (ROOT / "tests" / f"{m}.py").exists()} == set()
