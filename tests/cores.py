"""One test that computes per core at a time, in a parallel run.

A parallel run has three workers per core (``conftest.pytest_xdist_auto_num_workers``)
so that the tests that mostly wait (for a host's timer, a process starting, a
browser) overlap the rest. But when six workers all compute at once on two cores, each
test pays for the crowding: the same text-overflow and lesson tests took 14% more CPU
(the median, test by test) with six workers than with two.

So the run keeps a pool of one token per core, as ``make``'s jobserver does: a pipe
(a FIFO) holding one byte per token. A worker takes a byte before a test that
computes and puts it back after; a test of a module that mostly waits
(``WAITING_MODULES``) takes none, and runs beside the others. A worker that cannot
get a token in ``PATIENCE`` seconds (one that died holding it, say) runs the test
anyway: the pool shapes the run's speed, never whether it finishes.

Each worker is also dealt its tests (``deal``) so that the waiting modules are spread
over the workers that do not compute from the start, and the heaviest computing
modules over those that do.
"""

from __future__ import annotations

import atexit
import errno
import os
import select
import shutil
import tempfile
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import TypeVar

import pytest

T = TypeVar("T")

CORES = os.cpu_count() or 1
"""The tokens of a run's pool: one per core of this machine."""

ENV = "CHEESEKNIGHTS_TEST_CORES"
"""The pool's FIFO, named to the workers by the run that made it."""

PATIENCE = 60.0

WAITING_MODULES = {
    # hosts and peers on real sockets, with their timers
    "test_net_resume_night": 49, "test_net_lan": 30, "test_net_hostile": 19,
    "test_net_host": 14, "test_next_game_windows": 14, "test_client_join": 11,
    "test_net_resume": 10, "test_next_game": 10, "test_client_host_form": 8,
    "test_net_ready": 7, "test_cli_mistakes": 6, "test_stand_in": 4, "test_round_hold": 4,
    "test_replay_lan": 3, "test_net_lobby": 2, "test_net_durable": 2, "test_net_log_order": 1,
    "test_seat_player": 1, "test_client_addresses": 1,
    # whole programs started, in a window or with a sound device, and waited for
    "test_menu_settle": 2, "test_sound_disk": 2, "test_packaging": 1,
    # networks in namespaces, killed and relaunched hosts
    "test_lan_host_gone": 48, "test_lan_resume_window": 32, "test_lan_discovery_netns": 21,
    "test_lan_netns": 17, "test_lan_people": 15, "test_lan_close": 6,
    "test_shared_screen_night": 3,
    # phones in a browser
    "test_web_bad_luck": 82, "test_web_phones": 65, "test_web_hands": 25,
    "test_web_capture": 14, "test_web_gateway": 10, "test_web_steps": 10,
}
"""Modules whose tests spend most of their time waiting (in a whole run, less than a
third of their time on a core, their own and their processes'), with the seconds each
took in a whole run here, which ``deal`` balances: a stale figure makes a run slower,
never wrong."""

HEAVY_MODULES = {
    "test_text_overflow": 21, "test_learn_cli": 16, "test_house_rules": 11,
    "test_shared_screen_hands": 10, "test_client_shared_screen": 10,
    "test_access_settings": 9, "test_menu_form": 8, "test_redraw": 7, "test_research_env": 7,
}
"""The modules that compute longest, with the seconds of a core each took in a whole
run here: ``deal`` spreads them over the workers that compute from the start, so that
no one worker runs them all and the run ends on short tests."""


class Pool:
    """A pool of tokens in a FIFO that any process of the run can open by its path."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.fd = os.open(path, os.O_RDWR | os.O_NONBLOCK)  # (open: a FIFO keeps its bytes)

    @classmethod
    def make(cls, tokens: int) -> Pool:
        """A new pool holding ``tokens``, removed when this process ends."""
        folder = tempfile.mkdtemp(prefix="ck-cores-")
        atexit.register(shutil.rmtree, folder, True)
        path = os.path.join(folder, "tokens")
        os.mkfifo(path)
        pool = cls(path)
        os.write(pool.fd, b"t" * tokens)
        return pool

    def take(self, patience: float) -> bool:
        """Take a token, waiting at most ``patience`` seconds for one."""
        end = time.monotonic() + patience
        while (left := end - time.monotonic()) > 0:
            ready, _, _ = select.select([self.fd], [], [], left)
            if not ready:
                break
            try:
                if os.read(self.fd, 1):
                    return True
            except OSError as error:  # another process took the byte first
                if error.errno != errno.EAGAIN:
                    raise
        return False

    def give(self) -> None:
        os.write(self.fd, b"t")

    @contextmanager
    def held(self, patience: float | None = None) -> Iterator[bool]:
        """A token while the block runs (True), or none after ``patience`` seconds
        (``PATIENCE`` unless given; False)."""
        took = self.take(PATIENCE if patience is None else patience)
        try:
            yield took
        finally:
            if took:
                self.give()


_run: list[Pool] = []
"""This run's pool, once made (the run) or opened (a worker)."""


def open_pool(tokens: int) -> None:
    """Make the pool for this run and name it to the workers it will start."""
    _run.append(Pool.make(tokens))
    os.environ[ENV] = _run[0].path


@contextmanager
def held(module: str) -> Iterator[None]:
    """A token for the length of a test of ``module``, if it computes and the run
    has a pool; if it waits, the ``batch`` policy for that length."""
    if not os.environ.get(ENV):
        yield
        return
    if module in WAITING_MODULES:
        with batch():
            yield
        return
    if not _run:
        _run.append(Pool(os.environ[ENV]))
    with _run[0].held():
        yield


@contextmanager
def batch() -> Iterator[None]:
    """This process, and every process it starts meanwhile (a host, a browser), as
    ``SCHED_BATCH`` for the block: they get their share of a core as before, but a wake
    of theirs no longer takes the core from a test that computes. A test that waits
    wakes hundreds of times a second (a browser's threads above all), and each wake
    did: a whole run's processes were put off their cores 294,000 times (two runs),
    115,000 with this, and spent 19 s in the kernel rather than 22. The kernel lets
    any process choose between the two ordinary policies; where it cannot, nothing
    changes."""
    try:
        os.sched_setscheduler(0, os.SCHED_BATCH, os.sched_param(0))
    except (AttributeError, OSError):  # (not Linux)
        yield
        return
    try:
        yield
    finally:
        os.sched_setscheduler(0, os.SCHED_OTHER, os.sched_param(0))


def deal(items: Sequence[T], modules: Sequence[str], workers: int, cores: int) -> list[T]:
    """``items`` (of ``modules``, in the order to run them) ordered for ``workers``
    that share ``cores`` tokens under ``--dist worksteal``.

    Work stealing hands each worker an equal count of consecutive tests, then lets a
    worker with nothing left take the back half of the longest queue. So each of the
    first ``cores`` shares starts with whole heavy modules, and each other share with
    whole waiting modules, dealt to balance their seconds (the longest first, each to
    the share with the fewest so far). Then every share is filled up with the other
    tests, in the given order. The waits overlap the computing all through the run,
    instead of bunching wherever their modules fall in order; and the workers that
    compute from the start take over the filling of the others as they run out.
    """
    if workers <= cores or not any(module in WAITING_MODULES for module in modules):
        return list(items)
    shares: list[list[int]] = [[] for _ in range(workers)]
    seconds = [0] * workers
    for kind, lanes in ((HEAVY_MODULES, range(cores)), (WAITING_MODULES, range(cores, workers))):
        by_module: dict[str, list[int]] = {}
        for i, module in enumerate(modules):
            if module in kind:
                by_module.setdefault(module, []).append(i)
        for module in sorted(by_module, key=lambda m: (-kind[m], m)):
            lane = min(lanes, key=lambda lane: seconds[lane])
            shares[lane] += by_module[module]
            seconds[lane] += kind[module]
    dealt = {i for share in shares for i in share}
    rest = [i for i in range(len(items)) if i not in dealt]
    order: list[int] = []
    left = len(items)
    for worker, share in enumerate(shares):
        size = left // (workers - worker)  # (as worksteal splits the first time)
        left -= size
        fill = max(0, size - len(share))
        order += share + rest[:fill]
        del rest[:fill]
    return [items[i] for i in order + rest]


class Dealer:
    """The order of a worker's collection (every worker collects, and deals alike),
    once the run has left out what it was asked to (``-k``, ``-m``)."""

    @pytest.hookimpl(trylast=True)
    def pytest_collection_modifyitems(self, config: pytest.Config,
                                      items: list[pytest.Item]) -> None:
        items[:] = deal(items, [item.path.stem for item in items],
                        config.workerinput["workercount"], CORES)  # type: ignore[attr-defined]
