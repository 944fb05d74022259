"""Bots think off the host's loop: the host keeps answering while a bot thinks, and a
bot's answer that comes after its window closed is dropped, never applied late.
Real ZeroMQ sockets on 127.0.0.1 for the host; the bots are held by events, so nothing
here depends on how fast the machine is."""

from __future__ import annotations

import threading
import time
from pathlib import Path
from typing import Any

import msgpack

from core.bots import Bot
from net.deciding import ThreadDecider
from net.host import Host
from net.table import HUMAN, Table
from tests import test_net_host
from tests.test_net_host import Raw, config, join

tmp_path = test_net_host.tmp_path


class Held:
    """Wraps a bot so that it answers only once the test lets it."""

    def __init__(self, bot: Bot) -> None:
        self.bot, self.asked, self.go = bot, threading.Event(), threading.Event()

    def act(self, view: Any, legal: list[Any]) -> Any:
        self.asked.set()
        assert self.go.wait(10)
        return self.bot.act(view, legal)


def test_the_host_answers_while_a_bot_thinks(tmp_path: Path) -> None:
    host = Host(config(tmp_path, bots=3, options={"hour_seconds": 600.0}, seed=7))
    host.on_line = lambda line: None
    held = {seat: Held(bot) for seat, bot in host.table.bots.items()}
    for seat, wrapper in held.items():
        host.table.bots[seat] = wrapper  # type: ignore[assignment]
    stop = threading.Event()
    thread = threading.Thread(target=host.serve, args=(stop.is_set,), daemon=True)
    thread.start()
    try:
        player = Raw(host)
        join(player, name="me", ready=True)
        end = time.monotonic() + 10  # some bot (one whose dice give it a choice) is asked
        while not any(w.asked.is_set() for w in held.values()) and time.monotonic() < end:
            time.sleep(0.01)
        assert any(w.asked.is_set() for w in held.values())  # it thinks, and does not stop
        player.replies(0.1)
        player.send({"type": "ping"})
        end = time.monotonic() + 5
        pinged = False
        while not pinged and time.monotonic() < end:
            if player.sock.poll(50):
                pinged = msgpack.unpackb(player.sock.recv(), raw=False)["type"] == "ping"
        assert pinged and not any(w.go.is_set() for w in held.values())
        for wrapper in held.values():
            wrapper.go.set()
        player.close()
    finally:
        for wrapper in held.values():
            wrapper.go.set()
        stop.set()
        thread.join(timeout=10)


class Log:
    def __init__(self) -> None:
        self.records: list[dict[str, Any]] = []

    def append(self, record: dict[str, Any]) -> None:
        self.records.append(record)


def test_a_late_answer_is_a_late_answer() -> None:
    log = Log()
    table = Table("cheese_thief", 4, {"hour_seconds": 1.0}, 7, [HUMAN, "simple", "simple",
                  "simple"], bot_delay=0.0, recorder=log, decider=ThreadDecider())
    held = {seat: Held(bot) for seat, bot in table.bots.items()}
    for seat, wrapper in held.items():
        table.bots[seat] = wrapper  # type: ignore[assignment]
    try:
        table.advance(0.0)
        window = table.game.deadline(table.state)
        assert window is not None and held[1].asked.wait(5)  # one worker: one at a time
        table.advance(window.seconds + 0.01)  # the window closes: its time is up, bots or not
        assert [r["t"] for r in log.records] == ["expire"]
        after = table.game.deadline(table.state)
        assert after is None or after.key != window.key
        for wrapper in held.values():
            wrapper.go.set()
        end = time.monotonic() + 5
        while table.decider.busy and time.monotonic() < end:
            time.sleep(0.01)
            table.advance(window.seconds + 0.02)
        late = [r for r in log.records if r["t"] == "act" and r["action"]["type"] == "choose_die"]
        assert not late  # answered for a window that had closed: dropped
    finally:
        for wrapper in held.values():
            wrapper.go.set()
        table.decider.close()


def test_a_bot_moves_when_its_delay_is_over_however_soon_it_answered() -> None:
    """How long a bot thinks depends on what its seat knows; with ``think_cover`` it is
    asked that much before its delay is over and its answer waits for the delay's end,
    so the moment it moves shows nothing of it. The bots here have answered long before
    (they are let go at once); without the cover they move as they answer."""
    moved_at: dict[float, float] = {}
    for cover in (0.15, 0.0):
        log = Log()
        table = Table("cheese_thief", 4, {"hour_seconds": 600.0}, 7,
                      [HUMAN, "simple", "simple", "simple"], bot_delay=0.6, recorder=log,
                      decider=ThreadDecider(), think_cover=cover)
        held = {seat: Held(bot) for seat, bot in table.bots.items()}
        for seat, wrapper in held.items():
            wrapper.go.set()
            table.bots[seat] = wrapper  # type: ignore[assignment]
        try:
            table.advance(0.0)  # the die choice opens: each bot's delay starts
            moves = []
            for now in (0.2, 0.46, 0.5, 0.55, 0.59, 0.6, 0.65, 0.7):
                answered(table.decider)
                table.advance(now)
                acts = sum(1 for r in log.records if r["t"] == "act")
                moves.append((now, acts))
            moved_at[cover] = [now for now, acts in moves if acts][0]
            first = next(acts for _, acts in moves if acts)
            if cover:  # every bot that chose a die, at that moment
                assert first == moves[-1][1] > 0, moves
            else:  # each as it answered: one whose answer came within the asking turn at once
                assert dict(moves)[0.65] == moves[-1][1] > 0, moves
        finally:
            table.decider.close()
    assert moved_at[0.15] == 0.6  # asked at 0.45, answered at once, moved at the delay's end
    # asked when the delay was over, moved as soon as it answered: in the next turn, or in
    # the same one when the worker answered before the table read its answers
    assert moved_at[0.0] in (0.6, 0.65), moved_at


def answered(decider: Any) -> None:
    """Wait until every answer asked of the worker is in its queue (the bots here answer
    at once), so that the table's next turn sees them all."""
    end = time.monotonic() + 5
    while decider._answers.qsize() < decider._pending and time.monotonic() < end:
        time.sleep(0.001)
