"""The host's three sockets: the table (ROUTER), the ZAP handler and the key socket."""

from __future__ import annotations

import secrets
from dataclasses import dataclass

import zmq

from core.errors import RulesError
from net.keys import KeyPair, zap_socket
from net.protocol import HARD_LIMIT
from net.sender import PIPE_MESSAGES

SEND_BUFFER = 128 * 1024
"""The kernel's send buffer per connection (SO_SNDBUF): fixed, so it too is bounded."""
IN_QUEUE = 64
"""Messages ZeroMQ reads ahead from one peer; past it, that peer's TCP stream waits."""


@dataclass
class HostSockets:
    router: zmq.Socket[bytes]
    zap: zmq.Socket[bytes]
    keysock: zmq.Socket[bytes]
    port: int


def bind_sockets(
    context: zmq.Context[zmq.Socket[bytes]], bind: str, port: int, keys: KeyPair | None
) -> HostSockets:
    """Bind the table on ``port`` and the key socket on ``port + 1`` (port 0: any free pair).

    The ZAP socket is bound first: ZeroMQ asks it about every CURVE handshake.
    """
    zap = zap_socket(context)
    router = context.socket(zmq.ROUTER)
    router.linger = 0
    router.setsockopt(zmq.MAXMSGSIZE, HARD_LIMIT)
    router.sndhwm = PIPE_MESSAGES
    router.rcvhwm = IN_QUEUE
    router.sndbuf = SEND_BUFFER
    router.router_mandatory = True  # a full queue raises EAGAIN, so the host can count bytes
    if keys is not None:
        router.curve_server = True
        router.curve_secretkey = keys.secret.encode("ascii")
        router.curve_publickey = keys.public.encode("ascii")
    keysock = context.socket(zmq.ROUTER)
    keysock.linger = 0
    keysock.setsockopt(zmq.MAXMSGSIZE, 1024)
    for _ in range(50):
        chosen = port or 20000 + secrets.randbelow(40000)
        try:
            router.bind(f"tcp://{bind}:{chosen}")
        except zmq.ZMQError as exc:
            if exc.errno != zmq.EADDRINUSE:  # (no port would do: say why, not "no free pair")
                why = zmq.strerror(exc.errno or 0)
                raise RulesError("bad_bind", f"Cannot listen on {bind}: it is no address of "
                                             f"this computer ({why}).") from None
            if port:
                raise RulesError("port_busy", f"Cannot listen on {bind}:{port}: {exc}.") from None
            continue
        try:
            keysock.bind(f"tcp://{bind}:{chosen + 1}")
        except zmq.ZMQError as exc:
            router.unbind(f"tcp://{bind}:{chosen}")
            if port:
                raise RulesError(
                    "port_busy", f"Cannot listen on {bind}:{port + 1}: {exc}."
                ) from None
            continue
        return HostSockets(router, zap, keysock, chosen)
    raise RulesError("port_busy", "No free pair of ports for the table.")
