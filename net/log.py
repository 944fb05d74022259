"""The host's append-only action log: what lets a crashed host lose nothing.

One JSON object per line. The first line describes the table (game, options, seat
kinds, port, the host's key pair so peers can reconnect to the same identity), then
come ``game`` lines (a new deal and its seed), ``seat`` lines (a seat claimed, with
the hash of its token), and ``act``/``expire`` lines.

Nothing the host sends may leave before the lines it follows from are on disk, or a
crash could forget an action a peer was told about. Lines are written as they come;
``start_sync`` fsyncs them on the log's own thread (fsync lets go of the interpreter,
so the host builds and packs the views meanwhile) and ``wait`` returns once every line
written so far is on disk. Every line written in one turn of the host's loop shares
one fsync (group commit).

The log holds every secret of the table (the seed deals every card); it stays on the
host's disk, like the state itself, readable by its owner only: the file is 0600, and a
directory made for it is 0700.
"""

from __future__ import annotations

import contextlib
import json
import os
import queue
import threading
import time
from pathlib import Path
from typing import cast

from core.errors import OptionError
from net.config import data_dir
from net.records import LogLine

_encode = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False).encode
"""One line's JSON, by an encoder made once (``json.dumps`` with options makes one a call)."""


def default_log_dir() -> Path:
    """The data folder's ``tables``, where the window's *Replays* reads logs."""
    return data_dir() / "tables"


def private_dir(directory: Path) -> None:
    """Make ``directory`` (and missing parents) 0700; the default log directory is made
    0700 even if it exists. Another directory the user chose is left as it is."""
    directory.mkdir(mode=0o700, parents=True, exist_ok=True)
    if directory == default_log_dir():
        os.chmod(directory, 0o700)


def new_log_path(directory: Path | None, game_id: str) -> Path:
    base = directory if directory is not None else default_log_dir()
    stamp = time.strftime("%Y%m%d-%H%M%S")
    return base / f"{stamp}-{game_id}-{os.getpid()}.log"


class ActionLog:
    """Appends records, one line each; ``wait`` makes them durable."""

    def __init__(self, path: Path) -> None:
        try:
            private_dir(path.parent)
            fd = os.open(path, os.O_RDWR | os.O_APPEND | os.O_CREAT, 0o600)
        except OSError as exc:
            raise OptionError("bad_log", f"Cannot write the log {path}: {exc.strerror}.") from None
        os.fchmod(fd, 0o600)  # an older log, made before logs were private
        cut_torn_tail(fd)
        self.path = path
        self._file = os.fdopen(fd, "ab")
        self._fd = fd
        self._written = False
        """Lines were written that no fsync begun yet covers."""
        self._syncing = False
        """An fsync was begun on the log's thread that ``wait`` has not collected."""
        self._thread: Syncer | None = None

    def append(self, record: LogLine) -> None:
        """Write one line (to the system, not yet to the disk: see ``wait``), straight
        to the file: once an action, so no buffer between."""
        line = memoryview((_encode(record) + "\n").encode("utf-8"))
        while line:
            line = line[os.write(self._fd, line) :]
        self._written = True

    def touch(self) -> None:
        """Mark the file as modified now (no fsync: a killed process's mark stays), so
        its modification time tells when the host last ran (``net.resume``)."""
        with contextlib.suppress(OSError):
            os.utime(self._fd)

    @property
    def pending(self) -> bool:
        """Whether some line written may not be on disk yet."""
        return self._written or self._syncing

    def start_sync(self) -> None:
        """Begin fsync'ing what was written, on the log's thread; no-op if nothing was,
        or if an fsync is already under way (``wait`` then runs one more)."""
        if not self._written or self._syncing:
            return
        if self._thread is None:
            self._thread = Syncer(self._fd)
        self._written = False
        self._syncing = True
        self._thread.begin()

    def wait(self) -> None:
        """Return once every line written so far is on disk."""
        if self._syncing:
            self._syncing = False
            assert self._thread is not None
            self._thread.done()
        if self._written:
            self._written = False
            os.fsync(self._fd)

    def close(self) -> None:
        self.wait()
        if self._thread is not None:
            self._thread.stop()
        self._file.close()


class Syncer:
    """The log's thread: one fsync per ``begin``, collected by ``done``.

    C queues and nothing else, because this runs once per action: a thread pool's
    futures cost the host's loop more than the fsync they hide.

    ``begin`` returns only once this thread is inside the fsync (which lets go of the
    interpreter). Without that handshake the thread, woken while the host's loop holds
    the interpreter building views, got to its fsync only when the loop blocked in
    ``done``: the fsync then ran after the views instead of alongside them.
    """

    def __init__(self, fd: int) -> None:
        self.fd = fd
        self._asked: queue.SimpleQueue[bool] = queue.SimpleQueue()
        self._started: queue.SimpleQueue[bool] = queue.SimpleQueue()
        self._answers: queue.SimpleQueue[OSError | None] = queue.SimpleQueue()
        self._thread = threading.Thread(target=self._run, name="log-fsync", daemon=True)
        self._thread.start()

    def begin(self) -> None:
        self._asked.put(True)
        self._started.get()  # (blocking lets this thread take the interpreter at once)

    def done(self) -> None:
        """Wait for the fsync last begun; raise what it raised."""
        error = self._answers.get()
        if error is not None:
            raise error

    def stop(self) -> None:
        self._asked.put(False)
        self._thread.join()

    def _run(self) -> None:
        while self._asked.get():
            self._started.put(True)  # the loop goes on once this thread enters the fsync
            try:
                os.fsync(self.fd)
            except OSError as exc:
                self._answers.put(exc)
            else:
                self._answers.put(None)


def cut_torn_tail(fd: int) -> None:
    """Drop a last line a crash cut short (never acknowledged), so appends stay whole."""
    size = os.fstat(fd).st_size
    if size == 0 or os.pread(fd, 1, size - 1) == b"\n":
        return
    start = max(0, size - 65536)
    tail = os.pread(fd, size - start, start)
    cut = tail.rfind(b"\n")
    os.ftruncate(fd, start + cut + 1 if cut >= 0 else (0 if start == 0 else size))


def read_log(path: Path) -> list[LogLine]:
    """Every complete record; a last line torn by a crash was never acknowledged."""
    try:
        lines = path.read_bytes().split(b"\n")
    except OSError as exc:
        raise OptionError("bad_log", f"Cannot read the log {path}: {exc.strerror}.") from None
    lines.pop()  # after the last newline: empty, or a record the crash cut short
    records: list[LogLine] = []
    for index, line in enumerate(lines):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
        except ValueError:
            raise OptionError("bad_log", f"Line {index + 1} of {path} is damaged.") from None
        if not isinstance(record, dict):
            raise OptionError("bad_log", f"Line {index + 1} of {path} is not a record.")
        records.append(cast(LogLine, record))  # (its readers check each field they use)
    if not records or records[0].get("t") != "table":
        raise OptionError("bad_log", f"{path} is not a table log (its first line is no table).")
    return records
