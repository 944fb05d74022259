"""The page's side of the line, in Python: what tests and the bench use to speak to
the gateway exactly as ``page/wire.js`` does (a challenge, then sealed msgpack)."""

from __future__ import annotations

import time
from typing import Any

import msgpack  # type: ignore[import-untyped]
import nacl.public
from websockets.sync.client import ClientConnection, connect

from net.web.seal import CHALLENGE, DOWN, UP, nonce, raw_key


class PyPhone:
    """One connection to a gateway at ``address`` ("HOST:PORT") for the table whose
    CURVE public key is ``host_public``."""

    def __init__(self, address: str, host_public: str, secret: bytes | None = None) -> None:
        self.key = nacl.public.PrivateKey(secret) if secret else nacl.public.PrivateKey.generate()
        self.box = nacl.public.Box(self.key, nacl.public.PublicKey(raw_key(host_public)))
        self._opened = connect(f"ws://{address}/ws", open_timeout=5)
        self.ws: ClientConnection = self._opened.__enter__()
        challenge = self.ws.recv(timeout=5)
        if not isinstance(challenge, bytes) or len(challenge) != CHALLENGE:
            raise ConnectionError("The gateway did not open with a challenge.")
        self.challenge = challenge
        self.sent = self.read = 0
        self.wire_up: list[bytes] = []

    def seal(self, message: dict[str, Any]) -> bytes:
        sealed = self.box.encrypt(msgpack.packb(message), nonce(self.challenge, UP, self.sent))
        self.sent += 1
        frame = bytes(sealed.ciphertext)
        if self.sent == 1:
            frame = bytes(self.key.public_key) + frame
        self.wire_up.append(frame)
        return frame

    def send(self, message: dict[str, Any]) -> None:
        self.ws.send(self.seal(message))

    def recv_plain(self, timeout: float = 5.0) -> bytes:
        sealed = self.ws.recv(timeout=timeout)
        if not isinstance(sealed, bytes):
            raise ConnectionError("The gateway sent text.")
        plain = bytes(self.box.decrypt(sealed, nonce(self.challenge, DOWN, self.read)))
        self.read += 1
        return plain

    def recv(self, timeout: float = 5.0) -> dict[str, Any]:
        message: dict[str, Any] = msgpack.unpackb(self.recv_plain(timeout), raw=False)
        return message

    def until(self, kind: str, timeout: float = 10.0, **match: Any) -> dict[str, Any]:
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            message = self.recv(max(0.05, end - time.monotonic()))
            if message.get("type") == kind and all(message.get(k) == v for k, v in match.items()):
                return message
        raise TimeoutError(f"no {kind} {match}")

    def close(self) -> None:
        self._opened.__exit__(None, None, None)
