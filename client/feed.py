"""What one peer has been told: the latest view, its legal actions, the log, errors.

The window never holds more than this. A feed is filled only from the messages its
peer receives, exactly as a remote client would be.
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Any, Protocol, cast

from client import i18n
from core.game import Action, View
from net.messages import (
    EventData,
    HoldData,
    Received,
    TableMessage,
    WaitingData,
    WireDeadline,
)


class Peer(Protocol):
    """The surface shared by the in-process peer and the LAN peer."""

    seat: int | None

    def send(self, action: Action) -> None: ...

    def poll(self) -> list[Received]: ...


LOG_LIMIT = 500
NEW_GAME = "new_game"
"""The first line of the log of a game after the first at a table (this screen's own)."""


class Feed:
    def __init__(self, peer: Peer) -> None:
        self.peer = peer
        self.seat: int | None = peer.seat
        self.view: View | None = None
        self.legal: list[Action] = []
        self.deadline: WireDeadline | None = None
        self.received_at = 0.0
        """This screen's clock when the latest deadline arrived."""
        self.stopped_at: float | None = None
        """This screen's clock when a LAN guest's host last spoke, while it is quiet: the
        open window's clock stands there (a dead host's window does not run out here)."""
        self.hold: HoldData | None = None
        """The table's hold after a round (``net.hold``): who it still waits for and how
        long it may last; None while the game plays on."""
        self.seq = -1
        self.log: list[EventData] = []
        self.fresh: list[EventData] = []
        """Events from the latest pump, for sounds and animations."""
        self.errors: list[tuple[float, str, str]] = []
        """The table's refusals: when, their code and the table's sentence."""
        self.pending = False
        """An action was sent and its answer has not arrived yet."""
        self._sent: Action = {}
        """The action sent last."""
        self.updates = 0
        self.event_counts: Counter[str] = Counter()
        """Every event received, as comparable text (tells private news from public)."""
        self.roster: TableMessage | None = None
        """The LAN host's public seat list (names, bots, who is connected), when there is one."""
        self.waiting: WaitingData | None = None
        """A resumed table's wait for its people (``net.resume``): its clocks stand still."""
        self.waiting_at = 0.0
        self.roster_at = 0.0
        """This screen's clock when the latest seat list arrived (its countdown starts then)."""
        self.game_no: int | None = None
        """The number of the game the log is of (a LAN table deals one after another)."""

    def pump(self, now: float) -> bool:
        """Take in every waiting message; True when anything changed."""
        self.fresh = []
        changed = False
        for message in self.peer.poll():
            changed = True
            if message.get("type") == "update":
                self.updates += 1
                self.seq = int(message.get("seq", self.seq + 1))
                self.view = message.get("view")
                self.legal = list(message.get("legal") or [])
                deadline = message.get("deadline")
                self.deadline = deadline
                self.hold = message.get("hold")
                self.received_at = now
                events = list(message.get("events") or [])
                self._new_game(message.get("game_no"))
                self.fresh.extend(events)
                self.log.extend(events)
                self.event_counts.update(json.dumps(e, sort_keys=True) for e in events)
                self.pending = False
            elif message.get("type") == "table":
                self.roster, self.roster_at = cast(TableMessage, message), now
                self._wait(message.get("waiting"), now)
            elif message.get("type") == "error":
                self.pending = False
                self.errors.append((now, str(message.get("code") or ""),
                                    str(message.get("message") or message.get("code"))))
                self.errors = self.errors[-5:]
        if len(self.log) > LOG_LIMIT:
            self.log = self.log[-LOG_LIMIT:]
        return changed

    def _wait(self, waiting: Any, now: float) -> None:
        """Take in a resumed table's wait; when it ends, the open window's clock runs on
        from what it had left, counted from now."""
        if self.waiting is not None and waiting is None:
            self.received_at = now
        self.waiting = cast(WaitingData, waiting) if isinstance(waiting, dict) else None
        self.waiting_at = now

    def wait_left(self, now: float) -> float | None:
        """Seconds before a resumed table's wait is over; None when it does not wait."""
        if self.waiting is None:
            return None
        left = float(self.waiting.get("remaining") or 0.0)
        return max(0.0, left - (now - self.waiting_at))
    def _new_game(self, number: object) -> None:
        """A new game at the same table starts a fresh log, headed by a line that says so:
        the log box of the new game does not run on from the old one."""
        if not isinstance(number, int) or number == self.game_no:
            return
        if number > 1 and (self.game_no is None or number > self.game_no):
            self.log = [{"type": NEW_GAME, "no": number}]
        self.game_no = number

    def send(self, action: Action) -> None:
        """Send ``action``, unless it is the very one still waiting for its answer: two
        clicks of a double-click that land in one frame both reach the button, and the
        second would only come back refused ("You have already drawn your spare.")."""
        if self.pending and action == self._sent:
            return
        self.pending, self._sent = True, dict(action)
        self.peer.send(action)

    def remaining(self, now: float) -> float | None:
        """Seconds left in the open window, counted on this screen's clock."""
        if not self.deadline:
            return None
        left = self.deadline.get("remaining", self.deadline.get("seconds", 0.0))
        if self.hold is not None or self.waiting is not None:
            return max(0.0, float(left))  # the clock waits with the table
        if self.stopped_at is not None:
            now = min(now, self.stopped_at)
        return max(0.0, float(left) - max(0.0, now - self.received_at))

    def hold_left(self, now: float) -> float | None:
        """Seconds before a hold ends by itself; None when it has no limit (or none holds)."""
        left = None if self.hold is None else self.hold.get("remaining")
        return None if left is None else max(0.0, float(left) - (now - self.received_at))

    def latest_error(self, now: float, keep: float = 6.0) -> str | None:
        if self.errors and now - self.errors[-1][0] <= keep:
            return i18n.refusal(self.errors[-1][1], self.errors[-1][2])  # (as it reads now)
        return None

