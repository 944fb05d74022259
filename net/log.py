"""The host's append-only action log: what lets a crashed host lose nothing.

One JSON object per line. The first line describes the table (game, options, seat
kinds, port, the host's key pair so peers can reconnect to the same identity), then
come ``game`` lines (a new deal and its seed), ``seat`` lines (a seat claimed, with
the hash of its token), and ``act``/``expire`` lines. Each line is flushed and
fsync'ed before the host acknowledges the action it records.

The log holds every secret of the table (the seed deals every card); it stays on the
host's disk, like the state itself, readable by its owner only: the file is 0600, and a
directory made for it is 0700.
"""

from __future__ import annotations

import json
import os
import time
from pathlib import Path
from typing import Any

import platformdirs

from core.errors import OptionError


def default_log_dir() -> Path:
    return Path(platformdirs.user_data_dir("cheeseknights")) / "tables"


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
    """Appends records durably, one line each."""

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

    def append(self, record: dict[str, Any]) -> None:
        line = json.dumps(record, separators=(",", ":"), ensure_ascii=False) + "\n"
        self._file.write(line.encode("utf-8"))
        self._file.flush()
        os.fsync(self._file.fileno())

    def close(self) -> None:
        self._file.close()


def cut_torn_tail(fd: int) -> None:
    """Drop a last line a crash cut short (never acknowledged), so appends stay whole."""
    size = os.fstat(fd).st_size
    if size == 0 or os.pread(fd, 1, size - 1) == b"\n":
        return
    start = max(0, size - 65536)
    tail = os.pread(fd, size - start, start)
    cut = tail.rfind(b"\n")
    os.ftruncate(fd, start + cut + 1 if cut >= 0 else (0 if start == 0 else size))


def read_log(path: Path) -> list[dict[str, Any]]:
    """Every complete record; a last line torn by a crash was never acknowledged."""
    try:
        lines = path.read_bytes().split(b"\n")
    except OSError as exc:
        raise OptionError("bad_log", f"Cannot read the log {path}: {exc.strerror}.") from None
    lines.pop()  # after the last newline: empty, or a record the crash cut short
    records: list[dict[str, Any]] = []
    for index, line in enumerate(lines):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
        except ValueError:
            raise OptionError("bad_log", f"Line {index + 1} of {path} is damaged.") from None
        if not isinstance(record, dict):
            raise OptionError("bad_log", f"Line {index + 1} of {path} is not a record.")
        records.append(record)
    if not records or records[0].get("t") != "table":
        raise OptionError("bad_log", f"{path} is not a table log (its first line is no table).")
    return records
