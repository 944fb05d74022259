"""Whether the host of this window's LAN table is still there, as a guest sees it.

The peer keeps the heartbeat going and joins again by itself; this says what that means
to the person: a host that has said nothing for ``net.peer.QUIET`` seconds "went quiet",
and the window says so until it speaks again. A host that closes on purpose says so
first (``closed``), so a quiet host is one that died or lost its network: the seat's
token stays, and the seat comes back when the table does.
"""

from __future__ import annotations

import sys
import time
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from client.app import LanStats


class HostWatch:
    """One LAN peer's host, watched once a frame; ``gone`` while it is quiet."""

    def __init__(self, peer: Any, app: Any) -> None:
        self.peer, self.app = peer, app
        self.lan: LanStats = app.lan
        """The window's ``App.lan``, where ``join --stats`` finds ``host_gone``."""
        self.gone = False
        self.lan.setdefault("host_gone", False)
        self.lan.setdefault("host_gone_after_s", None)

    def check(self, now: float | None = None) -> bool:
        """Look at the peer's last word from the host; True while the host is quiet."""
        now = time.monotonic() if now is None else now
        quiet = bool(self.peer.quiet(now))
        if quiet and not self.gone and not self.lan["host_gone"]:
            after = round(now - self.peer.last_heard, 3)
            self.lan["host_gone"], self.lan["host_gone_after_s"] = True, after
            self._say(f"host gone after {after:.3f} s")
        elif not quiet and self.gone:
            self._say("host back")
        self.gone = quiet
        return quiet

    @property
    def last_heard(self) -> float:
        """``time.monotonic()`` when the host last said anything (``Peer.last_heard``)."""
        return float(self.peer.last_heard)

    def _say(self, line: str) -> None:
        if self.app.unattended:  # for scripts watching a headless window
            print(line, file=sys.stderr, flush=True)
