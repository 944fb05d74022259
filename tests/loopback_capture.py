"""What crosses the loopback interface, captured as someone listening on the Wi-Fi
would (a raw packet socket on ``lo``: root or CAP_NET_RAW), for the TCP ports a test
names. Each direction of each connection is put back in order by its sequence numbers,
and WebSocket frames are unmasked (a browser masks what it sends) and inflated (where
the two ends agreed to compress), so a search finds a plaintext wherever it was sent."""

from __future__ import annotations

import contextlib
import ctypes
import socket
import struct
import threading
import zlib
from collections import defaultdict
from typing import Any

ETH_P_ALL = 0x0003
PACKET_OUTGOING = 4
Flow = tuple[int, int, int]
"""(source port, destination port, connection's first sequence number seen)."""


def why_not() -> str | None:
    """None when this process may capture on ``lo``; else why not, in one sentence."""
    try:
        probe = socket.socket(socket.AF_PACKET, socket.SOCK_RAW, socket.htons(ETH_P_ALL))
    except (PermissionError, AttributeError, OSError) as exc:
        return f"capturing on the loopback needs a raw socket (root or CAP_NET_RAW): {exc}"
    probe.close()
    return None


SO_ATTACH_FILTER = 26
SO_RCVBUFFORCE = 33


def need_capture() -> None:
    """Skip the calling test where this process may not capture on ``lo``."""
    reason = why_not()
    if reason:
        import pytest

        pytest.skip(reason)


def listen_on_lo(ports: set[int]) -> socket.socket:
    """A raw socket on ``lo`` that the kernel gives only ``ports``' TCP segments. It
    takes no packet until it is bound, after the filter is on: a socket made for every
    protocol takes every interface's packets at once, and those that came before the
    filter stayed in its queue (a busy run's, of any port)."""
    sock = socket.socket(socket.AF_PACKET, socket.SOCK_RAW, 0)
    keep_only(sock, ports)
    sock.bind(("lo", ETH_P_ALL))
    return sock


def keep_only(sock: socket.socket, ports: set[int]) -> None:
    """Have the kernel queue only the TCP segments to or from ``ports`` (a classic BPF
    program), in a large buffer. Unfiltered, the socket is queued every packet on
    ``lo``: with a parallel run's other tests talking there too, its queue can fill and
    drop a segment the test waits for (a check once waited 5 s "for both ways")."""
    ld_h, ld_b, ldx_msh, ld_h_x = 0x28, 0x30, 0xB1, 0x48
    jeq, jset, ret = 0x15, 0x45, 0x06
    code: list[tuple[int, int, int, int]] = [
        (ld_h, 0, 0, 12), (jeq, 0, -1, 0x0800),  # IPv4 (-1: to the drop)
        (ld_b, 0, 0, 23), (jeq, 0, -1, socket.IPPROTO_TCP),
        (ld_h, 0, 0, 20), (jset, -1, 0, 0x1FFF),  # not a later fragment
        (ldx_msh, 0, 0, 14)]  # the IP header's length
    for field in (14, 16):  # the TCP source port, then the destination port
        code.append((ld_h_x, 0, 0, field))
        code.extend((jeq, -2, 0, port) for port in sorted(ports))  # (-2: to the keep)
    code.append((ret, 0, 0, 0))
    code.append((ret, 0, 0, 262144))
    drop, keep = len(code) - 2, len(code) - 1
    program = b"".join(
        struct.pack("HBBI", op, _to(at, jt, drop, keep), _to(at, jf, drop, keep), k)
        for at, (op, jt, jf, k) in enumerate(code))
    buffer = ctypes.create_string_buffer(program)
    sock.setsockopt(socket.SOL_SOCKET, SO_ATTACH_FILTER,
                    struct.pack("HL", len(code), ctypes.addressof(buffer)))
    with contextlib.suppress(OSError):  # (root may exceed the system's usual most)
        sock.setsockopt(socket.SOL_SOCKET, SO_RCVBUFFORCE, 32 * 1024 * 1024)


def _to(at: int, jump: int, drop: int, keep: int) -> int:
    """A jump's offset from instruction ``at``: -1 to the drop, -2 to the keep."""
    return {-1: drop, -2: keep}.get(jump, at + 1 + jump) - at - 1


class Capture:
    """``with Capture({port, ...}) as c``: every TCP segment to or from those ports."""

    def __init__(self, ports: set[int]) -> None:
        self.ports = ports
        self.segments: dict[tuple[int, int], dict[int, bytes]] = defaultdict(dict)
        """By (source port, destination port): payload by sequence number."""
        self.packets = 0
        self._stop = threading.Event()
        self._sock = listen_on_lo(ports)
        self._sock.settimeout(0.1)
        self._thread = threading.Thread(target=self._run, name="capture", daemon=True)

    def __enter__(self) -> Capture:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join(timeout=5)
        self._sock.close()

    def _run(self) -> None:
        while not self._stop.is_set():
            try:
                frame, where = self._sock.recvfrom(262144)
            except TimeoutError:
                continue
            except OSError:
                return
            if where[2] == PACKET_OUTGOING:  # (lo shows each packet leaving and arriving)
                continue
            self._take(frame[14:])  # lo's frames carry an all-zero Ethernet header

    def _take(self, packet: bytes) -> None:
        if len(packet) < 20 or packet[0] >> 4 != 4 or packet[9] != socket.IPPROTO_TCP:
            return
        ip_len = (packet[0] & 0x0F) * 4
        total = struct.unpack("!H", packet[2:4])[0]
        tcp = packet[ip_len:total]
        if len(tcp) < 20:
            return
        sport, dport, seq = struct.unpack("!HHI", tcp[:8])
        if sport not in self.ports and dport not in self.ports:
            return
        payload = tcp[(tcp[12] >> 4) * 4:]
        self.packets += 1
        if payload:
            self.segments[(sport, dport)].setdefault(seq, payload)

    def streams(self) -> dict[tuple[int, int], bytes]:
        """Each direction's bytes in order (a test's connections use distinct ports)."""
        out = {}
        for flow, parts in list(self.segments.items()):
            out[flow] = b"".join(parts[seq] for seq in sorted(parts))
        return out


def websocket_payloads(stream: bytes) -> list[bytes]:
    """The payloads of the WebSocket frames in one direction of a connection, after its
    HTTP upgrade, unmasked; [] for a stream that is no WebSocket."""
    head = stream.find(b"\r\n\r\n")
    if head < 0 or b"websocket" not in stream[:head].lower():
        return []
    at, out = head + 4, []
    inflate = zlib.decompressobj(-15)  # permessage-deflate, its context kept (RFC 7692)
    while at + 2 <= len(stream):
        deflated = stream[at] & 0x40
        length, masked = stream[at + 1] & 0x7F, stream[at + 1] & 0x80
        at += 2
        if length == 126:
            length = struct.unpack("!H", stream[at:at + 2])[0]
            at += 2
        elif length == 127:
            length = struct.unpack("!Q", stream[at:at + 8])[0]
            at += 8
        key = stream[at:at + 4] if masked else b""
        at += 4 if masked else 0
        body = stream[at:at + length]
        at += length
        if key:
            body = bytes(b ^ key[i % 4] for i, b in enumerate(body))
        if deflated:
            try:
                body = inflate.decompress(body + b"\x00\x00\xff\xff")
            except zlib.error:  # (a context not kept: each message on its own)
                inflate = zlib.decompressobj(-15)
                body = inflate.decompress(body + b"\x00\x00\xff\xff")
        out.append(body)
    return out


def is_page(stream: bytes) -> bool:
    """A plain HTTP exchange (the page's files, public by design), not a WebSocket."""
    starts = stream.startswith((b"GET /", b"HTTP/1.1 "))
    return starts and not websocket_payloads(stream)


def readable(capture: Capture, words: tuple[bytes, ...]) -> list[tuple[Any, bytes]]:
    """Every (flow, word) where one of ``words`` can be read: in a WebSocket frame once
    unmasked, or anywhere in any other stream but the public page's files."""
    found = []
    for flow, stream in capture.streams().items():
        if is_page(stream):
            continue
        frames = websocket_payloads(stream)
        texts = frames if frames else [stream]
        found += [(flow, w) for w in words if any(w in text for text in texts)]
    return found
