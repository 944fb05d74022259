"""The table this installation hosts from its window, and what it takes to bring it back.

A window that hosts keeps here: the table's log, its port, the key pair its own seat
joins with and that seat's token. After a crash, a ``kill`` or a closed window the
main menu offers *Resume your table* (and ``cheeseknights host --resume`` with no file
does the same): the host restarts from the log on the same port with the same key, so
guests find it again by themselves, and this window's person takes their own seat
back with its token, like any guest, never a spectator's place. The record is kept
until the session's last game is over; closing the table is not losing it.

The host's own CURVE key pair is the installation's too (``host_keys``), so a table's
fingerprint is the same from one table to the next and worth comparing.

Every file is the user's alone (``client.identity``): the record holds a seat token.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from client import identity

RECORD = "hosted.json"
HOST_KEYS = "host_keys.json"
running: set[str] = set()
"""The logs of the tables this process hosts right now (none of them is offered to resume)."""


def host_keys() -> tuple[str, str]:
    """This installation's host key pair (public, secret), made and saved on first use."""
    from net.keys import KeyPair

    path = identity.private_file(HOST_KEYS)  # (None: the table cannot keep its log either)
    saved = None if path is None else identity.read_json(path)
    if isinstance(saved, dict) and isinstance(saved.get("public"), str) and isinstance(
            saved.get("secret"), str) and len(saved["public"]) == 40:
        return saved["public"], saved["secret"]
    pair = KeyPair.generate()
    if path is not None:
        identity.write_private(path, {"public": pair.public, "secret": pair.secret})
    return pair.public, pair.secret


def remember(**facts: Any) -> None:
    """Start (``log`` given) or add to the record of the table this window hosts."""
    path = identity.private_file(RECORD)
    if path is None:
        return
    record = {} if "log" in facts else (identity.read_json(path) or {})
    if not isinstance(record, dict):
        record = {}
    record.update(facts, saved=time.time())
    identity.write_private(path, record)


def last() -> dict[str, Any] | None:
    """The table to resume: its record, while its log is still there; else None."""
    record = identity.read_json(identity.data_dir() / RECORD)
    if not isinstance(record, dict) or not isinstance(record.get("log"), str):
        return None
    if not isinstance(record.get("owner"), list) or not Path(record["log"]).is_file():
        return None
    if not identity.fresh(record.get("saved", 0.0)):
        return None  # (no table waits a week: its guests' tokens are forgotten by then)
    return record


def forget() -> None:
    """The session's last game is over: nothing is left to resume."""
    (identity.data_dir() / RECORD).unlink(missing_ok=True)


def when(record: dict[str, Any]) -> str:
    """When the table last changed, as a person reads it (today: the time alone)."""
    stamp = float(record.get("saved", 0.0))
    today = time.strftime("%Y-%m-%d") == time.strftime("%Y-%m-%d", time.localtime(stamp))
    return time.strftime("%H:%M" if today else "%Y-%m-%d %H:%M", time.localtime(stamp))
