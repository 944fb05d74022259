"""CURVE keys: the host's identity, fingerprints people compare, and peer identity.

The host authenticates every connection through its own ZAP handler, which accepts any
client key and hands it back as the connection's User-Id. The host then knows each peer
by that key — not by ZeroMQ's routing id, which changes on every reconnect and which a
peer could choose.

A peer that was not given the host's key fetches it from a tiny plaintext socket on
``port + 1``. That first contact could be tampered with on a hostile network, which is
why both sides show the key's short fingerprint for people to compare.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

import zmq
from zmq.utils import z85

from net.protocol import PROTOCOL_VERSION, pack, unpack_reply

ZAP_ENDPOINT = "inproc://zeromq.zap.01"


@dataclass(frozen=True)
class KeyPair:
    public: str
    secret: str

    @classmethod
    def generate(cls) -> KeyPair:
        public, secret = zmq.curve_keypair()
        return cls(public.decode("ascii"), secret.decode("ascii"))

    def whole(self) -> bool:
        """Whether the public half is the secret half's: a damaged file may hold two
        halves of the right length that do not belong together, and guests could not
        join a table that used them."""
        try:
            return zmq.curve_public(self.secret.encode("ascii")).decode("ascii") == self.public
        except (ValueError, UnicodeError, zmq.ZMQError):
            return False


def fingerprint(public_key: str) -> str:
    """A short, readable digest of a public key: ``1A2B-3C4D-5E6F-7A8B``."""
    digest = hashlib.sha256(public_key.encode("ascii")).hexdigest()[:16].upper()
    return "-".join(digest[i : i + 4] for i in range(0, 16, 4))


def zap_socket(context: zmq.Context[zmq.Socket[bytes]]) -> zmq.Socket[bytes]:
    """The ZAP endpoint; bind it before any CURVE server socket of this context."""
    sock = context.socket(zmq.REP)
    sock.linger = 0
    sock.bind(ZAP_ENDPOINT)
    return sock


def answer_zap(sock: zmq.Socket[bytes]) -> None:
    """Accept one CURVE handshake, naming the peer by its public key (Z85)."""
    frames = sock.recv_multipart()
    version, request_id = frames[0], frames[1] if len(frames) > 1 else b""
    mechanism = frames[5] if len(frames) > 5 else b""
    if len(frames) >= 7 and mechanism == b"CURVE" and len(frames[6]) == 32:
        user = z85.encode(frames[6])
        sock.send_multipart([version, request_id, b"200", b"OK", user, b""])
    elif mechanism == b"NULL":
        sock.send_multipart([version, request_id, b"200", b"OK", b"", b""])
    else:
        sock.send_multipart([version, request_id, b"400", b"Bad handshake", b"", b""])


def key_reply(public_key: str | None) -> bytes:
    return pack(
        {
            "type": "key",
            "v": PROTOCOL_VERSION,
            "key": public_key,
            "fingerprint": fingerprint(public_key) if public_key else None,
        }
    )


def fetch_key(
    context: zmq.Context[zmq.Socket[bytes]], host: str, port: int, timeout: float = 5.0
) -> str | None:
    """Ask a host's key socket for its public key; None if the table is unencrypted.

    Raises TimeoutError when nothing answers.
    """
    key = fetch_key_reply(context, host, port, timeout).get("key")
    return key if isinstance(key, str) else None


def fetch_key_reply(
    context: zmq.Context[zmq.Socket[bytes]], host: str, port: int, timeout: float = 5.0
) -> dict[str, object]:
    """The key socket's whole answer: the key and the protocol version the host speaks
    (so a refused version can be named on both sides). Raises TimeoutError when
    nothing answers."""
    sock = context.socket(zmq.DEALER)
    sock.linger = 0
    try:
        sock.connect(f"tcp://{host}:{port + 1}")
        sock.send(pack({"type": "key"}))
        if not sock.poll(int(timeout * 1000)):
            raise TimeoutError(f"No table answered at {host}:{port}.")
        reply = unpack_reply(sock.recv())
        key = reply.get("key")
        if key is not None and (not isinstance(key, str) or len(key) != 40):
            raise TimeoutError(f"The table at {host}:{port} sent a malformed key.")
        return reply
    finally:
        sock.close()
