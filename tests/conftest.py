"""Set-up every test shares, made before any test module is imported: screens and
sound go to SDL's dummy drivers, and settings to a folder of their own (one per worker
of a parallel run), so a test run never opens a window, plays a sound or touches the
user's settings. And no test may hang: a stuck one prints every thread's stack and
stops the run.

The tests that start whole programs, talk over real sockets for seconds or play whole
games are marked ``slow`` from one list (``tests/slow.py``), so that
``python -m pytest -m "not slow"`` is a quick tier for the rules, the contracts and
the scenes.
"""

from __future__ import annotations

import atexit
import faulthandler
import functools
import gc
import os
import shutil
import sys
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from tests import cores, early, house_checks, leftovers, warm
from tests import slow as tiers
from tests.slow import SLOW_MODULES, slow

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
for _name in ("LC_ALL", "LC_MESSAGES"):
    os.environ.pop(_name, None)
os.environ["LANG"] = "C.UTF-8"
"""A first run speaks the system's language (``client.settings.system_language``): the
suite's is English, on a Japanese developer's machine too (a test of that sets its own)."""
os.environ.setdefault("HYPOTHESIS_NO_PLUGINS", "1")
"""Hypothesis runs every installed package's "hypothesis" entry point when it is first
imported. The suite's property tests use none, but trio (which selenium brings) has
one, which imports trio's whole core: 0.13 s of a core in each worker, and in each
program a test starts that imports Hypothesis."""
sys.dont_write_bytecode = False
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
"""A machine that sets PYTHONDONTWRITEBYTECODE would have every worker rewrite and
compile every test module, and every program a test starts compile the project again,
on every run: the suite keeps its bytecode, as Python does by default."""
_MADE = "CHEESEKNIGHTS_TEST_SETTINGS"
"""Names the settings folder this run made, which a worker of a parallel run inherits
and replaces with its own: two processes sharing one would share one identity too."""
if "CHEESEKNIGHTS_CONFIG_DIR" not in os.environ or (
        os.environ.get("PYTEST_XDIST_WORKER")
        and os.environ.get(_MADE) == os.environ["CHEESEKNIGHTS_CONFIG_DIR"]):
    os.environ["CHEESEKNIGHTS_CONFIG_DIR"] = os.environ[_MADE] = tempfile.mkdtemp(
        prefix="ck-settings-")
    atexit.register(shutil.rmtree, os.environ[_MADE], True)  # (each run left its folders)

HANG = 240.0
"""Seconds after which a test is taken to hang, so a stuck socket fails the run in
minutes rather than at CI's limit."""


@pytest.fixture(autouse=True)
def _no_test_hangs() -> Iterator[None]:
    faulthandler.dump_traceback_later(HANG, exit=True)
    yield
    leftovers.close_all()
    faulthandler.cancel_dump_traceback_later()


PERSON: tuple[tuple[str, str, str, Callable[[Any], Any]], ...] = (
    ("client.i18n", "language", "set_language", lambda _: "en"),
    ("client.assets", "text_scale", "set_text_scale", lambda _: 1.0),
    ("client.kit.palette", "palette", "set_palette", lambda _: "standard"),
    ("client.kit.keymap", "current", "use", lambda module: module.KeyMap()))
"""What a person chooses that the client holds for the whole process: (module, getter,
setter, its value before any window set it). A window sets them from its settings, and
so does a run of the program inside a test (``cli_rig``)."""


@pytest.fixture(autouse=True)
def _a_person_s_choices_put_back() -> Iterator[None]:
    """After each test, the language, text size, palette and keys it found: a test
    that reads a line in English must not find it in Japanese because the test before
    it, in the same worker, ran a Japanese table (a lobby line read "Daichi (ボット)"
    after the menu's text-size runs, in one order of a parallel run). A module the
    test imported first had its first value. (Nothing is imported here: a quick run
    that asks for no window opens no pygame.)"""
    found = {name: getattr(sys.modules[name], get)() for name, get, _, _ in PERSON
             if name in sys.modules}
    yield
    for name, _, put, first in PERSON:
        module = sys.modules.get(name)
        if module is not None:
            getattr(module, put)(found[name] if name in found else first(module))


@pytest.fixture(scope="module")
def app() -> Any:
    """A headless 1280x720 window with default settings, one per test module, for the
    table tests to draw on; a module that needs another window defines its own."""
    from client.app import App
    from client.settings import Settings

    return App(Settings(), headless=True, size=(1280, 720))


@pytest.fixture
def host_closes_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """A host closed by the test stops at its next turn rather than lingering half a
    second for its last updates to arrive: for a test of what a window shows, which
    reads nothing after the close (that a closing host's news reaches its peers is
    ``test_net_host``'s and ``test_lan_host_gone``'s), the linger is only a wait."""
    monkeypatch.setattr("net.host.CLOSE_LINGER", 0.0)


@pytest.fixture
def cli(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
        ) -> Callable[..., Any]:
    """``cheeseknights`` run in the test's own process (``tests/cli_rig.py``):
    ``cli(*argv, env={...})``, a ``cli_rig.Done``. (Imported here, not at the top: a
    quick run that asks for no program opens no pygame.)"""
    from tests import cli_rig

    return functools.partial(cli_rig.run, monkeypatch, capsys)


def pytest_collection_finish(session: pytest.Session) -> None:
    """Start the whole-tree checks and the processes that only wait, which this run
    will ask for, so they run beside the suite (in a parallel run, each test starts
    its own).

    And set aside, from the collector's reach, everything collection made (the
    imported modules, the tests): some 150,000 objects that live to the end, which
    every full collection walked again, about 80 ms of a core each time. All the
    collections of a six-worker run took 12.7 s of a core; 5.5 s with them set
    aside."""
    gc.collect()
    gc.freeze()
    if hasattr(session.config, "workerinput"):
        return
    names = {item.name for item in session.items}
    for check, test in house_checks.TESTS.items():
        if test in names:
            house_checks.start(check)
    if "test_each_mistake_is_one_sentence_and_exit_2" in names:
        from tests.test_cli_mistakes import PROCESSES

        for name, argv in PROCESSES.items():
            early.start(name, argv)


def pytest_sessionfinish(session: pytest.Session) -> None:
    early.stop_all()  # (the whole-tree checks too)


def pytest_configure(config: pytest.Config) -> None:
    """Tell the property tests which tier runs (``tests.slow.examples``); before a
    parallel run's workers start, make the tree's bytecode once for all of them
    (``tests/warm.py``), and the pool of cores they share; in each worker, the order
    the tests are dealt in to share it (``tests/cores.py``)."""
    tiers.QUICK[0] = config.getoption("markexpr") == "not slow"
    workers = config.getoption("numprocesses", None)
    if not hasattr(config, "workerinput") and workers:
        warm.warm_tree()
        if int(workers) > cores.CORES:
            cores.open_pool(cores.CORES)
    if getattr(config, "workerinput", {}).get("workercount", 0) > cores.CORES:
        config.pluginmanager.register(cores.Dealer(), "cheeseknights-dealer")


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: pytest.Item) -> Iterator[None]:
    """A test that computes waits for a core of its own (``tests/cores.py``)."""
    with cores.held(item.path.stem):
        yield


def pytest_ignore_collect(collection_path: Path, config: pytest.Config) -> bool | None:
    """The quick tier does not even import a module it would leave out whole."""
    if config.getoption("markexpr") == "not slow" and collection_path.stem in SLOW_MODULES:
        return True
    return None


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark the tests ``tests/slow.py`` names (whole modules, or single tests), and put
    them first, so that a parallel run ends on short tests rather than one worker
    finishing a long one alone.

    A parallel run deals the tests out by work stealing (``--dist worksteal`` in
    ``pyproject.toml``): a worker with nothing left takes half of the longest queue.
    Dealt in fixed rounds (``--dist load``), two workers of four had finished by 201 s
    and the other two ran on to 292 and 318 s, through queues of slow tests given them
    early."""
    for item in items:
        if slow(item.nodeid):
            item.add_marker(pytest.mark.slow)
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """``-n auto``: three workers per core, at most six. Most of the suite's long tests
    wait (for a host's timer, a process starting, a browser), not compute: on the 2-core
    machine the suite is made for, six workers overlap those waits, and each worker
    holds only a window, a host or a game's bots at a time. (Once measured here: 194 s
    with four workers, the cores idle a third of the run; in a fresh clone, 180 s with
    six, and 173 s with six after ``tests/warm.py``, the cores then busy for 85% of it.)
    The quick tier waits for next to nothing, so it has one worker per core: each
    worker collects every test module again (two seconds of a core each), and four on
    two cores run it slower."""
    per_core = 1 if config.getoption("markexpr") == "not slow" else 3
    return max(1, min(6, per_core * cores.CORES))
