"""A real host on a thread with its phones' gateway, a tap on both, and a phone made
of Python (``net.web.phone``) that speaks to the gateway exactly as the page does.

The taps watch; they change nothing. The host's tap records every message the host's
ROUTER sends, by the CURVE key of the session it went to, so a test can hold the
stream a phone's seat was sent through the table's one filter against what the
gateway relayed and what crossed the wire."""

from __future__ import annotations

import socket
import threading
from collections import defaultdict
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import nacl.public

from net.host import Host, HostConfig
from net.web.gateway import Gateway, join_url
from net.web.phone import PyPhone
from net.web.seal import phone_identity
from tests.ports import table_port


class Taps:
    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.frames: list[tuple[int, str, bytes, bytes]] = []
        """Every frame the gateway saw: (connection, direction, wire, plain)."""
        self.host: dict[str, list[bytes]] = defaultdict(list)
        """What the host's ROUTER sent, by the CURVE key of the receiving session."""

    def gateway(self, number: int, direction: str, wire: bytes, plain: bytes) -> None:
        with self.lock:
            self.frames.append((number, direction, wire, plain))

    def of(self, number: int, direction: str) -> list[tuple[bytes, bytes]]:
        with self.lock:
            return [(w, p) for n, d, w, p in self.frames if n == number and d == direction]

    def connections(self) -> list[int]:
        with self.lock:
            return sorted({n for n, *_ in self.frames})


def tap_host(host: Host, taps: Taps) -> None:
    """Record each message where it leaves the host (``Sender._try``)."""
    send = host.sender._try

    def watched(route: bytes, payload: bytes) -> bool:
        for key, session in list(host.roster.sessions.items()):
            if session.route == route:
                with taps.lock:
                    taps.host[key].append(payload)
        return send(route, payload)

    host.sender._try = watched  # type: ignore[method-assign]


class PhoneTable:
    """``with PhoneTable(...) as t``: a host on 127.0.0.1 and its gateway, tapped."""

    def __init__(self, tmp: Path, *, players: int = 4, bots: int = 2,
                 options: dict[str, object] | None = None, game: str = "cheese_thief",
                 games: int | None = 1, seed: int | None = None,
                 password: str | None = None) -> None:
        self.config = HostConfig(game_id=game, players=players, bots=bots, bind="127.0.0.1",
                                 log_dir=tmp, options=dict(options or {}), bot_delay=0.0,
                                 games=games, pause=1.0, summary=2.0, seed=seed,
                                 password=password)
        self.taps = Taps()

    def __enter__(self) -> PhoneTable:
        self.host = Host(self.config)
        self.host.on_line = lambda line: None
        tap_host(self.host, self.taps)
        keys = self.host.keys
        assert keys is not None
        self.keys = keys
        self._stop = False
        self.thread = threading.Thread(target=self.host.serve, args=(lambda: self._stop,),
                                       daemon=True)
        self.thread.start()
        self.gateway = Gateway(keys, f"127.0.0.1:{self.host.port}", bind="127.0.0.1",
                               tap=self.taps.gateway).start()
        self.url = join_url("127.0.0.1", self.gateway.port, keys.public)
        return self

    def __exit__(self, *exc: object) -> None:
        self.gateway.close()
        self._stop = True
        self.thread.join(timeout=5)

    def phone_key(self, phone_secret: bytes) -> str:
        """The CURVE key the host knows a phone's seat by."""
        public = bytes(nacl.public.PrivateKey(phone_secret).public_key)
        return phone_identity(self.keys, public).public


def py_phone(table: Any, secret: bytes | None = None,
             host_public: str | None = None) -> PyPhone:
    """A Python phone at ``table``'s gateway (anything with ``gateway`` and ``keys``)."""
    return PyPhone(f"127.0.0.1:{table.gateway.port}", host_public or table.keys.public, secret)


@contextmanager
def phone(table: PhoneTable, **kwargs: Any) -> Iterator[PyPhone]:
    p = py_phone(table, **kwargs)
    try:
        yield p
    finally:
        p.close()


def phones_port_taken() -> tuple[int, socket.socket]:
    """A free table port T (and T + 1, the key socket's) whose T + 2 this test holds,
    on every interface."""
    for _ in range(50):
        port = table_port()
        held = socket.socket()
        try:
            held.bind(("0.0.0.0", port + 2))
            held.listen()
            return port, held
        except OSError:
            held.close()
    raise AssertionError("no table port whose phones' port could be held")
