"""Everything the host sends goes through here, one peer's queue bounded in bytes.

ZeroMQ bounds the queue to each peer only in messages, and a snapshot can be many
kilobytes, so a peer that asks for snapshots and never reads could make the host hold
any amount of memory. The router's own queue is kept short (``PIPE_MESSAGES``); what
does not fit waits here, counted in bytes. A peer whose waiting bytes pass
``QUEUE_BYTES`` has fallen behind: its queue is dropped, and nothing more is queued for
it. When ZeroMQ takes a message for it again it is sent a fresh snapshot; if it is
still behind after the peer timeout, the host forgets its session.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field

import zmq
from zmq.backend import Socket as _Socket

PIPE_MESSAGES = 16
"""ZeroMQ's send queue per peer (SNDHWM): past it, messages wait in the peer's queue."""
QUEUE_BYTES = 512 * 1024
"""Bytes that may wait for one peer before it counts as fallen behind."""
ZERO_COPY = 4096
"""Payloads at least this large are handed to ZeroMQ without copying."""
_ROUTE_FLAGS = int(zmq.NOBLOCK | zmq.SNDMORE)
_BODY_FLAGS = int(zmq.NOBLOCK)
"""Plain numbers: pyzmq's flags are enum members, slower to hand over."""
_send = _Socket.send
"""pyzmq's own send, without the Python wrapper around it (which only adds the options
of socket types the host has none of): a third of the host's cost of one fan-out."""


@dataclass
class Outbox:
    """What waits for one peer, and since when it has been behind (None: it is not)."""

    waiting: deque[bytes] = field(default_factory=deque)
    queued: int = 0
    behind_since: float | None = None

    def clear(self) -> None:
        self.waiting.clear()
        self.queued = 0


class Sender:
    """Sends on the host's ROUTER (made with ROUTER_MANDATORY, so a full queue says so)."""

    def __init__(self, router: zmq.Socket[bytes], limit: int = QUEUE_BYTES) -> None:
        self.router = router
        self.limit = limit
        self.pending: dict[bytes, Outbox] = {}
        """Outboxes that hold something, by route: only these need pumping."""

    def send(self, route: bytes, box: Outbox, payload: bytes, now: float) -> None:
        if box.behind_since is not None:
            return  # it gets a snapshot when it reads again
        if box.waiting or not self._try(route, payload):
            self._queue(route, box, payload, now)

    def send_all(self, out: list[tuple[bytes, Outbox, bytes]], now: float) -> None:
        """``send`` for each, in order: one flush's messages in one tight run."""
        attempt = self._try
        for route, box, payload in out:
            if box.behind_since is None and (box.waiting or not attempt(route, payload)):
                self._queue(route, box, payload, now)

    def _queue(self, route: bytes, box: Outbox, payload: bytes, now: float) -> None:
        box.waiting.append(payload)
        box.queued += len(payload)
        self.pending[route] = box
        if box.queued > self.limit:
            box.clear()
            box.behind_since = now
            self.pending.pop(route, None)

    def try_now(self, route: bytes, payload: bytes) -> bool:
        """One message, not queued if ZeroMQ will not take it (a catch-up snapshot)."""
        return self._try(route, payload)

    def pump(self) -> None:
        """Move what waits into ZeroMQ, as far as each peer's queue has room."""
        for route, box in list(self.pending.items()):
            while box.waiting and self._try(route, box.waiting[0]):
                box.queued -= len(box.waiting.popleft())
            if not box.waiting:
                del self.pending[route]

    def forget(self, route: bytes) -> None:
        self.pending.pop(route, None)

    def _try(self, route: bytes, payload: bytes) -> bool:
        try:
            _send(self.router, route, _ROUTE_FLAGS)
        except zmq.Again:
            return False
        except zmq.ZMQError:
            return True  # no such peer any more (EHOSTUNREACH): nothing to wait for
        # Zero-copy pays off above a few KiB (one view goes to many spectators).
        if len(payload) < ZERO_COPY:
            _send(self.router, payload, _BODY_FLAGS)
        else:
            _send(self.router, payload, _BODY_FLAGS, copy=False)
        return True
