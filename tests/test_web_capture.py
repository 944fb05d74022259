"""Someone listening: every packet on the loopback between two phones in a real browser,
the gateway and the host (and between the gateway and the host's ZeroMQ socket) is
captured while the phones play through a Cheese Thief night into the day, and no view,
name or word of chat can be read in any of it. The page itself, which is public, can:
that shows the capture sees plaintext where there is some."""

from __future__ import annotations

import socket
import struct
import time
from functools import partial
from pathlib import Path

from tests.browser_rig import STEADY, browser, need_browser, wait_for
from tests.loopback_capture import (
    Capture,
    listen_on_lo,
    need_capture,
    readable,
    websocket_payloads,
)
from tests.phone_rig import PhoneTable
from tests.test_web_phones import CLICK_FIRST, FAST, READY, sit

PRIVATE = (b"wake_hours", b"sleepyhead", b"fall_mouse", b"Anastasia", b"Benedict",
           b"slept all night", b"welcome", b"update", b"followers")
"""Words of the views, the names and the chat the phones send and receive."""
HEADING = "const h = document.querySelector('#public h2'); return h ? h.textContent : ''"
NIGHT_PACE: dict[str, object] = {**FAST, "hour_seconds": 0.5, "follower_seconds": 1.0}
"""The capture is of what the night and the day send, not of how long they last."""
NIGHT_CLICK = ("const day = document.querySelector('#public h2');\n"
               "if (day && day.textContent.startsWith('Day')) return null;\n" + CLICK_FIRST)
"""A phone's first action, but never once its day has begun: a click there could be its
*ready*, and with everyone ready the day (and its chat field) would end at once. The
heading is read in the same script as the click, so no new day slips between them."""


def test_nothing_readable_crosses_the_loopback_while_phones_play(tmp_path: Path) -> None:
    need_browser()
    need_capture()
    with PhoneTable(tmp_path, players=5, bots=3, options=NIGHT_PACE) as table, \
            Capture({table.gateway.port, table.host.port}) as capture, \
            browser() as ana, browser() as ben:
        sit(ana, table.url, "Anastasia")
        sit(ben, table.url, "Benedict")
        for phone in (ana, ben):
            wait_for(partial(phone.execute_script, READY, STEADY), 10, "the ready button").click()
        end = time.monotonic() + 60
        while time.monotonic() < end and not ana.execute_script(HEADING).startswith("Day"):
            for phone in (ana, ben):
                phone.execute_script(NIGHT_CLICK)
            time.sleep(0.05)
        assert ana.execute_script(HEADING).startswith("Day")
        # (the day's heading may be drawn a moment before its chat field shows)
        field = wait_for(lambda: next((f for f in ana.find_elements("id", "text")
                                       if f.is_displayed()), None), 10, "the chat field")
        field.send_keys("I slept all night")
        field.submit()
        wait_for(lambda: "slept all night" in ben.find_element("id", "lines").text, 10,
                 "the chat line")
    # what the host's side sent holds the words (so their absence below means something)
    plain = b"".join(p for *_, p in table.taps.frames)
    assert all(word in plain for word in PRIVATE if word != b"fall_mouse"), plain[:200]
    streams = capture.streams()
    frames = [f for s in streams.values() for f in websocket_payloads(s)]
    assert len(frames) > 20 and capture.packets > 100  # the capture saw the game,
    assert any(table.host.port in flow for flow in streams)  # the host's socket too...
    assert any(b"Cheese &amp; Knights" in s for s in streams.values())  # ...and plaintext
    assert readable(capture, PRIVATE) == []


def test_the_capture_reads_a_websocket_that_is_not_sealed() -> None:
    """The search above would see a view sent in the clear: a plain WebSocket on the
    loopback, masked by its client as a browser masks, is read in both directions."""
    need_capture()
    import threading

    from websockets.sync.client import connect
    from websockets.sync.server import ServerConnection, serve

    def echo(ws: ServerConnection) -> None:
        for message in ws:
            ws.send(message)

    with serve(echo, "127.0.0.1", 0) as server:
        threading.Thread(target=server.serve_forever, daemon=True).start()
        port = server.socket.getsockname()[1]
        with Capture({port}) as capture, connect(f"ws://127.0.0.1:{port}") as client:
            client.send(b"you wake at wake_hours 3")
            assert client.recv(timeout=5) == b"you wake at wake_hours 3"
            wait_for(lambda: len(readable(capture, (b"wake_hours",))) == 2, 5, "both ways")
        server.shutdown()


def test_the_kernel_queues_the_capture_only_its_own_ports() -> None:
    """The capture's socket is given only its ports' segments (``keep_only``): with every
    packet of a parallel run on ``lo`` queued for it, its queue could fill and drop a
    segment the test waited for."""
    need_capture()

    def talk(port: int) -> None:
        with socket.create_connection(("127.0.0.1", port), timeout=5) as out:
            out.sendall(b"heard?")

    with socket.socket() as mine, socket.socket() as other:
        for listener in (mine, other):
            listener.bind(("127.0.0.1", 0))
            listener.listen()
        watched, unwatched = mine.getsockname()[1], other.getsockname()[1]
        with listen_on_lo({watched}) as raw:
            talk(unwatched)
            queued = tcp_ports(raw, 0.5)
            assert all(watched in ports for ports in queued), queued  # not the other's
            talk(watched)
            assert any(watched in ports for ports in tcp_ports(raw, 0.5))


def tcp_ports(raw: socket.socket, seconds: float) -> list[tuple[int, int]]:
    """The (source, destination) ports of each TCP segment ``raw`` is given in
    ``seconds``."""
    raw.settimeout(0.05)
    found, end = [], time.monotonic() + seconds
    while time.monotonic() < end:
        try:
            frame = raw.recv(65536)
        except TimeoutError:
            continue
        ip = frame[14:]
        tcp = ip[(ip[0] & 0x0F) * 4:]
        found.append(struct.unpack("!HH", tcp[:4]))
    return found
