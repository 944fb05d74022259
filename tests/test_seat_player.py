"""A bot that plays a seat over the network (``net.botpeer.SeatPlayer``: the ``bot``
program's, and a window's under ``join --bot``) decides once per decision: an update
that arrives after it acted and before the host answered was made before its action,
and acting on it again would only be refused, which a window would show as a refusal
nobody made. A whole Knights game at a real host, whose bots act at the same moments
(the recommendation is at once for everyone)."""

from __future__ import annotations

import time
from collections.abc import Mapping
from pathlib import Path

from net.botpeer import SeatPlayer
from net.peer import Peer
from tests.phone_rig import PhoneTable

FRAME = 1 / 20
"""A frame of a slow window: what arrived meanwhile is taken in at once."""


def test_a_seat_player_acts_once_per_decision_and_is_never_refused(tmp_path: Path) -> None:
    with PhoneTable(tmp_path, game="knights", players=4, bots=3, seed=3) as table:
        peer = Peer(f"127.0.0.1:{table.host.port}", name="Laptop",
                    server_key=table.keys.public)
        heard: list[Mapping[str, object]] = []
        peer.record = lambda way, message: heard.append(message) if way == "in" else None
        peer.autoplay = SeatPlayer(peer)
        try:
            end = time.monotonic() + 60
            while time.monotonic() < end and not peer.closed:
                time.sleep(FRAME)  # a window takes in what arrived once a frame
                peer.poll()
        finally:
            peer.close()
    assert peer.closed  # the game was played to its end, and the table closed
    acted = sum(1 for m in heard if m.get("type") == "ack")
    assert acted >= 12  # (three rounds: inspect, ask, answer, recommend, read the review)
    assert [m for m in heard if m.get("type") == "error"] == []
