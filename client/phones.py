"""Phones at a table: starting the web gateway beside a host, and the join code.

The code is the phones' address on the LAN (never 127.0.0.1 while the machine has a
LAN address) with the table's key in the URL's fragment, which a browser never sends:
a phone that scans it reaches the table and knows which key to trust.
"""

from __future__ import annotations

import argparse
from typing import Any


def add_flags(p: argparse.ArgumentParser) -> None:
    p.add_argument("--web-port", type=int, default=None,
                   help="port of the phones' page (default: the table's port + 2, "
                        "net.web.WEB_OFFSET; 0 picks one)")
    p.add_argument("--no-web", action="store_true", help="do not serve phones")


def start_gateway(host: Any, address: str, *, port: int | None = None) -> tuple[Any, str | None]:
    """The gateway for ``host`` and its join address; (None, None) when this
    installation cannot serve phones or the table is not encrypted."""
    from net.web import available, serve_phones

    if not available() or host.keys is None:
        return None, None
    from net.web.gateway import join_url

    gateway = serve_phones(host.keys.public, host.keys.secret, host.port,
                           bind=host.config.bind, port=port)
    return gateway, join_url(address, gateway.port, host.keys.public)


def terminal_code(url: str) -> str:
    """The join code as text for a terminal (two rows of modules per line)."""
    import io

    import segno

    out = io.StringIO()
    segno.make(url, error="l", micro=False).terminal(out=out, compact=True, border=2)
    return out.getvalue()


def code_matrix(url: str) -> list[list[bool]]:
    """The join code's modules, dark as True, with its quiet border, for a window."""
    import segno

    return [[bool(v) for v in row] for row in segno.make(url, error="l", micro=False)
            .matrix_iter(border=2)]


def headless_lines(args: argparse.Namespace, host: Any, address: str) -> tuple[Any, list[str]]:
    """Start the phones' gateway for ``host --headless`` and what it prints."""
    from net.web import available

    if args.no_web:
        return None, []
    if not available():
        return None, ["phones off: install cheeseknights[phones] to let phones join"]
    from core.errors import RulesError

    try:
        gateway, url = start_gateway(host, address, port=args.web_port)
    except RulesError as exc:
        if args.web_port is not None:
            raise  # the port this person asked for: said in one sentence, exit 2
        # the table's port + 2 is someone else's: the table goes on, without phones
        return None, [f"phones off: {exc.message} (--web-port chooses another)"]
    if gateway is None or url is None:
        return None, ["phones off: an unencrypted table cannot take phones"]
    return gateway, [f"phones {url}", terminal_code(url)]
