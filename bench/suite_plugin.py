"""A pytest plugin for ``bench/suite.py``: each test's CPU, its own and that of the
processes it started and waited for, and its wall time, written per worker.

Loaded by ``-p suite_plugin`` with ``bench/`` on ``PYTHONPATH``; writes nothing unless
``CHEESEKNIGHTS_SUITE_ROWS`` names a folder.
"""

from __future__ import annotations

import json
import os
import resource
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

ROWS = "CHEESEKNIGHTS_SUITE_ROWS"
_rows: list[tuple[str, float, float, float]] = []


def _cpu() -> tuple[float, float]:
    own = resource.getrusage(resource.RUSAGE_SELF)
    reaped = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime, reaped.ru_utime + reaped.ru_stime


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: pytest.Item) -> Iterator[None]:
    """Around the whole protocol: set-up and teardown (a module's browser, its host)
    count for the test that pays for them."""
    own, reaped = _cpu()
    began = time.monotonic()
    yield
    own_after, reaped_after = _cpu()
    _rows.append((item.nodeid, own_after - own, reaped_after - reaped,
                  time.monotonic() - began))


def pytest_unconfigure(config: pytest.Config) -> None:
    folder = os.environ.get(ROWS)
    if not folder:
        return
    name = os.environ.get("PYTEST_XDIST_WORKER", "main")
    own, reaped = _cpu()
    (Path(folder) / f"{name}.json").write_text(json.dumps(
        {"rows": _rows, "own": own, "reaped": reaped}), encoding="utf-8")
