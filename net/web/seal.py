"""A phone's line to the table, sealed with NaCl boxes (the page uses tweetnacl).

Browsers cannot speak CURVE and refuse a self-signed certificate on a LAN, so the page
seals every message itself. The host's box key is its CURVE key: both are Curve25519,
so the page trusts the very key the table's fingerprint names everywhere else, and the
key travels in the URL's fragment, which a browser never sends over the network.

One connection: the gateway first sends a fresh 16-byte challenge in the clear; the
page answers with its public key and its first message boxed, and every message after
that is boxed too. Nonces are not sent: message i in one direction uses the challenge,
the direction and i, so a message recorded on the Wi-Fi cannot be replayed into this
connection or another one, nor reordered.
"""

from __future__ import annotations

import hashlib
import hmac

import nacl.exceptions
import nacl.public
import zmq
from zmq.utils import z85

from net.keys import KeyPair

CHALLENGE = 16
"""Bytes of the challenge that opens each connection."""
KEY = 32
UP, DOWN = 0, 1
"""Directions: from the page to the host, and back."""


class SealError(Exception):
    """A message that does not open with this connection's keys and counter."""


def nonce(challenge: bytes, direction: int, counter: int) -> bytes:
    """The 24-byte nonce of message ``counter`` in ``direction`` on one connection."""
    return challenge + bytes([direction]) + counter.to_bytes(7, "big")


class Line:
    """Both directions of one phone's connection, after its first message opened."""

    def __init__(self, host_secret: bytes, phone_public: bytes, challenge: bytes) -> None:
        if len(phone_public) != KEY or len(challenge) != CHALLENGE:
            raise SealError("bad_hello")
        self.box = nacl.public.Box(
            nacl.public.PrivateKey(host_secret), nacl.public.PublicKey(phone_public))
        self.phone_public, self.challenge = phone_public, challenge
        self.sent = self.read = 0

    def open(self, sealed: bytes) -> bytes:
        """The next message from the page; SealError if it is not that one."""
        try:
            plain = self.box.decrypt(sealed, nonce(self.challenge, UP, self.read))
        except nacl.exceptions.CryptoError:
            raise SealError("wrong_key") from None
        self.read += 1
        return bytes(plain)

    def seal(self, plain: bytes) -> bytes:
        """The next message to the page (ciphertext only: the page knows the nonce)."""
        sealed = self.box.encrypt(plain, nonce(self.challenge, DOWN, self.sent)).ciphertext
        self.sent += 1
        return bytes(sealed)


def opening(host_secret: bytes, challenge: bytes, hello: bytes) -> tuple[Line, bytes]:
    """The line a page's first message opens, and that message; SealError otherwise
    (a page given another table's key cannot make a box this host opens)."""
    if len(hello) < KEY + 16:
        raise SealError("bad_hello")
    line = Line(host_secret, hello[:KEY], challenge)
    return line, line.open(hello[KEY:])


def raw_key(z85_key: str) -> bytes:
    return bytes(z85.decode(z85_key.encode("ascii")))


def phone_identity(host: KeyPair, phone_public: bytes) -> KeyPair:
    """The CURVE key pair a phone's seat uses toward the host's ROUTER: derived from
    the phone's own key (kept in its browser) so a reloaded page is the same peer to
    the host, and from the host's secret so nobody else can compute it."""
    secret = hmac.new(raw_key(host.secret), b"phone seat " + phone_public,
                      hashlib.sha256).digest()
    secret_z85 = z85.encode(secret)
    public = zmq.curve_public(secret_z85)
    return KeyPair(public.decode("ascii"), secret_z85.decode("ascii"))
