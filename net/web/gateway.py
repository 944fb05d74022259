"""The web gateway: phones join the table through it, as peers like any other.

It serves one static page and a WebSocket. Each phone's connection becomes one
ordinary ZeroMQ peer of the host, with its own CURVE identity, on loopback: the
gateway opens the phone's boxes and hands the host the very msgpack bytes the page
wrote, and boxes the very bytes the host sent that seat. It reads none of them. So a
phone seat goes through the host's one join, token, filter, limits and log, and there
is no second path to the state (DESIGN.md, Network).

It runs on a thread of its own with its own asyncio loop, so the host's loop is not
touched; ``Gateway.close`` stops it with the table.
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import os
import threading
from collections.abc import Callable
from pathlib import Path

import zmq
import zmq.asyncio
from websockets.asyncio.server import ServerConnection, serve
from websockets.datastructures import Headers
from websockets.exceptions import ConnectionClosed
from websockets.http11 import Request, Response

from core.errors import RulesError
from net.keys import KeyPair
from net.protocol import HARD_LIMIT
from net.web.seal import CHALLENGE, KEY, Line, SealError, opening, phone_identity, raw_key

PAGE = Path(__file__).with_name("page")
TYPES = {".html": "text/html; charset=utf-8", ".js": "text/javascript; charset=utf-8",
         ".css": "text/css; charset=utf-8", ".txt": "text/plain; charset=utf-8",
         ".svg": "image/svg+xml"}
SOCKET_PATH = "/ws"
HELLO_WAIT = 10.0
"""Seconds a connection may take to send its first sealed message."""
BOX_OVERHEAD = 16
WRONG_KEY, BAD_HELLO = 4001, 4000
"""WebSocket close codes the page turns into a sentence."""
SECURITY = {
    "Content-Security-Policy": "default-src 'self'; connect-src 'self' ws: wss:; "
                               "img-src 'self' data:; object-src 'none'; base-uri 'none'",
    "X-Content-Type-Options": "nosniff", "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-cache",
}
Tap = Callable[[int, str, bytes, bytes], None]
"""``(connection, "challenge"|"up"|"down", wire bytes, plain bytes)``: what a test may
watch (and a bench time)."""


def page_files() -> dict[str, bytes]:
    """Every file the page may load, by its path on the server (read once)."""
    files = {}
    for path in sorted(PAGE.rglob("*")):
        if path.is_file() and path.suffix in TYPES:
            files["/" + path.relative_to(PAGE).as_posix()] = path.read_bytes()
    files["/"] = files["/index.html"]
    return files


def why_not_bound(error: BaseException) -> str:
    """Why a port could not be listened on, in words: the server's own message read
    "[Errno 98] error while attempting to bind on address ('0.0.0.0', 8766): address
    already in use"."""
    number = error.errno if isinstance(error, OSError) else None
    if number == errno.EADDRINUSE:
        return "another table or program uses that port"
    if number == errno.EACCES:
        return "this user may not listen on that port"
    if number is not None:
        return os.strerror(number)
    return str(error).rstrip(".")


class Gateway:
    """One page and one WebSocket on ``port``, relaying to the table at ``table``."""

    def __init__(self, keys: KeyPair, table: str, *, bind: str = "0.0.0.0", port: int = 0,
                 tap: Tap | None = None) -> None:
        self.keys, self.table, self.bind = keys, table, bind
        self.secret = raw_key(keys.secret)
        self.files = page_files()
        self.tap = tap
        self.port = port
        self.phones = 0
        """Connections whose first box opened (joined or not), since the start."""
        self._count = 0
        self._loop: asyncio.AbstractEventLoop | None = None
        self._stop: asyncio.Future[None] | None = None
        self._ready = threading.Event()
        self._error: BaseException | None = None
        self._thread = threading.Thread(target=self._run, name="web gateway", daemon=True)

    def start(self) -> Gateway:
        """Listen, or raise RulesError ``port_busy`` when the port is taken."""
        self._thread.start()
        self._ready.wait(10)
        if self._error is not None:
            raise RulesError("port_busy",
                             f"Cannot serve phones on {self.bind}:{self.port}: "
                             f"{why_not_bound(self._error)}.")
        return self

    def close(self) -> None:
        loop, stop = self._loop, self._stop
        if loop is not None and stop is not None and not loop.is_closed():
            def end() -> None:
                if not stop.done():
                    stop.set_result(None)

            with contextlib.suppress(RuntimeError):  # (the loop ended meanwhile)
                loop.call_soon_threadsafe(end)
        self._thread.join(timeout=5)

    # -- the thread ---------------------------------------------------------------------
    def _run(self) -> None:
        try:
            asyncio.run(self._main())
        except BaseException as exc:  # noqa: BLE001 - handed to start(), which says it
            self._error = exc
            self._ready.set()

    async def _main(self) -> None:
        self._loop = asyncio.get_running_loop()
        self._stop = self._loop.create_future()
        context = zmq.asyncio.Context()
        self._context = context
        try:
            # (no permessage-deflate: a sealed box does not compress, so it would only
            # cost the host's time)
            async with serve(self._connection, self.bind, self.port, compression=None,
                             process_request=self._http, max_size=HARD_LIMIT + BOX_OVERHEAD,
                             ping_interval=10, ping_timeout=20, server_header=None) as server:
                self.port = server.sockets[0].getsockname()[1]
                self._ready.set()
                await self._stop
        finally:
            context.destroy(linger=0)

    def _http(self, connection: ServerConnection, request: Request) -> Response | None:
        """The page's files; the WebSocket's path goes on to its handshake."""
        path = request.path.split("?", 1)[0]
        if path == SOCKET_PATH:
            return None
        body = self.files.get(path)
        if body is None:
            return connection.respond(404, "There is no such page here.\n")
        suffix = "." + path.rsplit(".", 1)[-1] if "." in path else ".html"
        headers = Headers({"Content-Type": TYPES.get(suffix, TYPES[".html"]),
                           "Content-Length": str(len(body)), **SECURITY})
        return Response(200, "OK", headers, body)

    async def _connection(self, ws: ServerConnection) -> None:
        self._count += 1
        number = self._count
        challenge = os.urandom(CHALLENGE)
        try:
            await ws.send(challenge)
            self._watch(number, "challenge", challenge, challenge)
            hello = await asyncio.wait_for(ws.recv(), HELLO_WAIT)
            if not isinstance(hello, bytes):
                raise SealError("bad_hello")
            line, first = opening(self.secret, challenge, hello)
        except SealError as exc:
            code = WRONG_KEY if str(exc) == "wrong_key" else BAD_HELLO
            await ws.close(code, str(exc))
            return
        except (TimeoutError, ConnectionClosed):
            return
        self.phones += 1
        self._watch(number, "up", hello, first)
        dealer = self._dealer(line.phone_public)
        try:
            await dealer.send(first)
            up = asyncio.create_task(self._up(number, ws, line, dealer))
            down = asyncio.create_task(self._down(number, ws, line, dealer))
            _, pending = await asyncio.wait({up, down}, return_when=asyncio.FIRST_COMPLETED)
            for task in pending:
                task.cancel()
            await ws.close()
        finally:
            dealer.close(linger=0)

    def _dealer(self, phone_public: bytes) -> zmq.asyncio.Socket:
        identity = phone_identity(self.keys, phone_public)
        dealer = self._context.socket(zmq.DEALER)
        dealer.linger = 0
        dealer.setsockopt(zmq.MAXMSGSIZE, 16 * 1024 * 1024)
        dealer.curve_serverkey = self.keys.public.encode("ascii")
        dealer.curve_publickey = identity.public.encode("ascii")
        dealer.curve_secretkey = identity.secret.encode("ascii")
        dealer.connect(f"tcp://{self.table}")
        return dealer

    async def _up(self, number: int, ws: ServerConnection, line: Line,
                  dealer: zmq.asyncio.Socket) -> None:
        """The page's messages, opened, to the host as they were written."""
        with contextlib.suppress(ConnectionClosed):
            async for sealed in ws:
                if not isinstance(sealed, bytes):
                    return
                try:
                    plain = line.open(sealed)
                except SealError:
                    await ws.close(BAD_HELLO, "bad_box")
                    return
                self._watch(number, "up", sealed, plain)
                await dealer.send(plain)

    async def _down(self, number: int, ws: ServerConnection, line: Line,
                    dealer: zmq.asyncio.Socket) -> None:
        """The host's messages to this seat, sealed, to the page in order."""
        with contextlib.suppress(ConnectionClosed):
            while True:
                plain = await dealer.recv()
                sealed = line.seal(plain)
                self._watch(number, "down", sealed, plain)
                await ws.send(sealed)

    def _watch(self, number: int, direction: str, wire: bytes, plain: bytes) -> None:
        if self.tap is not None:
            self.tap(number, direction, wire, plain)


def fragment(public_z85: str) -> str:
    """What the page needs to trust the table: its key, URL-safe (base64url)."""
    import base64

    raw = raw_key(public_z85)
    assert len(raw) == KEY
    return "k=" + base64.urlsafe_b64encode(raw).decode("ascii").rstrip("=")


def join_url(address: str, port: int, public_z85: str) -> str:
    """The address a phone opens (the QR code's text)."""
    return f"http://{address}:{port}/#{fragment(public_z85)}"


__all__ = ["Gateway", "Tap", "join_url", "page_files"]
