"""Phones as seats: the web gateway (``net.web.gateway``) and its sealed line
(``net.web.seal``). Needs the ``phones`` extra (websockets, PyNaCl); a host without it
runs as before, without phones."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from net.web.gateway import Gateway

WEB_OFFSET = 2
"""The phones' port is the table's port + 2 (the key socket has + 1)."""


def available() -> bool:
    """True when this installation can serve phones: the ``phones`` extra is there, and
    so is the page (a build made without it has none)."""
    from pathlib import Path

    try:
        import nacl.public  # noqa: F401
        import websockets  # noqa: F401
    except ImportError:
        return False
    return (Path(__file__).with_name("page") / "index.html").is_file()


def serve_phones(public: str, secret: str, table_port: int, *, bind: str = "0.0.0.0",
                 port: int | None = None) -> Gateway:
    """Start the gateway beside a table listening on ``bind``:``table_port`` (it joins
    that table over loopback when the table listens everywhere). ``port`` None: the
    table's port + 2; 0: any free port."""
    from net.keys import KeyPair
    from net.web.gateway import Gateway

    here = "127.0.0.1" if bind in ("0.0.0.0", "") else bind
    chosen = table_port + WEB_OFFSET if port is None else port
    return Gateway(KeyPair(public, secret), f"{here}:{table_port}", bind=bind or "0.0.0.0",
                   port=chosen).start()
