"""Who this installation is at LAN tables: its CURVE key pair and its seat tokens.

Both live in the user data directory (platformdirs), the directory 0700 and every file
0600: a seat token is as good as the seat. Keeping the key pair is what makes a seat
come back at once after a crash or ``kill -9``: the host knows the returning window by
its key, so it need not wait for the old connection to time out before handing the
seat back.

Two windows of one installation open at once must not share a key (the host would take
them for one peer), so the first window holds a lock on the key file and any other
window uses a key of its own for as long as it runs.
"""

from __future__ import annotations

import contextlib
import json
import os
import time
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any, TypedDict, cast

from net.config import DATA_ENV as DATA_ENV
from net.config import data_dir as data_dir

if TYPE_CHECKING:
    from net.keys import KeyPair

KEEP_SECONDS = 7 * 24 * 3600.0
"""Seat tokens older than this are forgotten; no table runs for a week."""

_lock: IO[str] | None = None
_keys: KeyPair | None = None
_owner = False


def _private_dir() -> Path:
    path = data_dir()
    path.mkdir(parents=True, exist_ok=True)
    os.chmod(path, 0o700)
    return path


def private_file(name: str) -> Path | None:
    """Where the private file ``name`` is kept (``client.hosting`` keeps its files there
    too); None where the data folder cannot be made (a read-only home, a file in its
    place), and then nothing is kept: the program plays on without it."""
    try:
        return _private_dir() / name
    except OSError:
        return None


def write_private(path: Path, data: object) -> None:
    """``_write_private`` for the other keepers of private files (``client.hosting``)."""
    _write_private(path, data)


def read_json(path: Path) -> Any:
    """A private file's JSON, or None when it is missing or damaged."""
    return _read(path)


def _write_private(path: Path, data: object) -> None:
    """Write JSON that only this user can read, replacing the file in one step; where
    it cannot be written (a full disk), nothing is kept, as where there is no folder."""
    tmp = path.with_name(f"{path.name}.{os.getpid()}.tmp")  # (two processes at once)
    with contextlib.suppress(OSError):
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as sink:
            json.dump(data, sink)
            sink.flush()
            os.fsync(sink.fileno())
        os.chmod(tmp, 0o600)
        os.replace(tmp, path)


def _read(path: Path) -> Any:
    try:
        return json.loads(path.read_text("utf-8"))
    except (OSError, ValueError):
        return None


def _take_lock(path: Path) -> bool:
    """True when this process is the one window using the saved key pair."""
    global _lock
    try:
        import fcntl
    except ImportError:  # no advisory locks here: every window uses the saved key
        return True
    try:
        fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
    except OSError:  # (a folder that cannot be written: this window keeps nothing)
        return False
    sink = os.fdopen(fd, "r+", encoding="utf-8")
    try:
        fcntl.flock(sink.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        sink.close()
        return False
    _lock = sink  # held until the process ends (a kill -9 releases it too)
    return True


def fingerprint(server_key: str) -> str:
    """``net.keys.fingerprint``, imported when first needed: the menu reads the held
    seats without loading ZeroMQ."""
    from net.keys import fingerprint as of_key

    return of_key(server_key)


def keys() -> KeyPair:
    """This installation's key pair, made and saved on first use."""
    global _keys, _owner
    if _keys is not None:
        return _keys
    from net.keys import KeyPair
    lock = private_file("keys.lock")
    _owner = lock is not None and _take_lock(lock)  # (no folder: this window keeps nothing)
    if lock is None or not _owner:
        _keys = KeyPair.generate()
        return _keys
    path = lock.with_name("keys.json")
    saved = _read(path)
    if isinstance(saved, dict) and isinstance(saved.get("public"), str) and isinstance(
            saved.get("secret"), str) and KeyPair(saved["public"], saved["secret"]).whole():
        _keys = KeyPair(saved["public"], saved["secret"])
        os.chmod(path, 0o600)
    else:  # (none yet, or damaged: a pair whose halves do not match would turn guests away)
        _keys = KeyPair.generate()
        _write_private(path, {"public": _keys.public, "secret": _keys.secret})
    return _keys


def owner() -> bool:
    """Whether this window speaks for the installation: it may use and keep its seat
    tokens. A second window open at the same time keeps nothing (the two would hand
    one seat back and forth)."""
    keys()
    return _owner


SEATS = "seats.json"


class HeldSeat(TypedDict, total=False):
    """A seat this installation holds at a LAN table (``seats.json``), by the table's key."""

    address: str
    """HOST:PORT the table was joined at."""
    token: str | None
    seat: int | None
    game: str | None
    name: str | None
    """The name this window sat down with."""
    server_key: str
    saved: float
    """When it was last kept (seconds since the epoch): a week later it is forgotten."""


def _seats() -> dict[str, HeldSeat]:
    path = private_file(SEATS)
    saved = None if path is None else _read(path)
    if not isinstance(saved, dict):
        return {}
    return {k: cast(HeldSeat, v) for k, v in saved.items()
            if isinstance(v, dict) and fresh(v.get("saved", 0))}


def fresh(saved: object) -> bool:
    """Whether a record kept at ``saved`` (seconds since the epoch) still counts: less
    than ``KEEP_SECONDS`` old, and a number at all (one broken on the disk, "x",
    stopped the menu at its start)."""
    return (isinstance(saved, int | float) and not isinstance(saved, bool)
            and time.time() - saved < KEEP_SECONDS)


def seat_at(server_key: str | None) -> HeldSeat | None:
    """What this installation holds at the table with that key: token, seat, address."""
    if server_key is None:
        return None
    return _seats().get(fingerprint(server_key))


def remember(server_key: str | None, **facts: Any) -> None:
    """Keep (or update) the seat held at the table with that key."""
    if server_key is None:
        return
    seats = _seats()
    entry: dict[str, object] = dict(seats.get(fingerprint(server_key), {}))
    entry.update(facts, server_key=server_key, saved=time.time())
    seats[fingerprint(server_key)] = cast(HeldSeat, entry)
    path = private_file(SEATS)
    if path is not None:
        _write_private(path, seats)


def forget(server_key: str | None) -> None:
    """The table closed: its token is worth nothing now."""
    if server_key is None:
        return
    seats = _seats()
    path = private_file(SEATS)
    if seats.pop(fingerprint(server_key), None) is not None and path is not None:
        _write_private(path, seats)


def held_seats() -> list[dict[str, Any]]:
    """Seats this installation may still hold (each a ``HeldSeat``), newest first, for
    the menu's Rejoin."""
    entries = [e for e in _seats().values() if e.get("token") and e.get("address")]
    return [dict(e) for e in sorted(entries, key=lambda e: -float(e.get("saved", 0)))]


def reset_for_tests() -> None:
    """Forget the cached key pair and drop the lock (a test changes the directory)."""
    global _keys, _lock, _owner
    _keys, _owner = None, False
    if _lock is not None:
        with contextlib.suppress(OSError):
            _lock.close()
        _lock = None
