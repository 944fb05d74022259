"""The hold after a round (``net.hold``): the next round, its clocks and its bots wait
until every person has read the summary and said ``continue``.

An in-process table is driven by hand with a simulated clock; the LAN tests run a real
host and two real peer processes on 127.0.0.1.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from core.errors import ActionError
from core.registry import GAMES
from net.local import LocalPeer, LocalTable
from net.table import HUMAN, Table
from tests.test_net_lan import ROOT, Procs, host_args, procs, start_host, tmp_path

__all__ = ["procs", "tmp_path"]  # the LAN fixtures

HELD_GAMES = ("choose", "sly_knights")


def play_to_hold(table: Table, seats: list[int], now: float) -> float:
    """Each person plays their first legal action until the table holds; the new time."""
    for _ in range(5000):
        if table.hold is not None:
            return now
        assert not table.finished, "a round ended before the game did"
        now += 0.5
        for seat in seats:
            legal = table.game.legal_actions(table.state, seat)
            if legal and table.hold is None:
                table.act(seat, legal[0], now)
        table.advance(now)
    raise AssertionError("no round ended")


def test_games_with_rounds_name_the_event_that_ends_one() -> None:
    for game_id in HELD_GAMES:
        assert GAMES[game_id].round_ends == frozenset({"round_end"})
    assert GAMES["knights"].round_ends == frozenset(), "Knights' review holds by its rules"
    assert GAMES["cheese_thief"].round_ends == frozenset()


@pytest.mark.parametrize("game_id", HELD_GAMES)
def test_a_local_table_holds_after_a_round_until_the_person_continues(game_id: str) -> None:
    """Nothing advances behind the summary: no bot acts, the next window's clock stands."""
    local = LocalTable(game_id, 2, {}, 3, [HUMAN, "simple"], bot_delay=0.0)
    peer = local.join(0)
    table = local._table
    now = play_to_hold(table, [0], 0.0)
    local.tick(now)
    held = [m for m in peer.poll() if m["type"] == "update"][-1]
    assert held["hold"] == {"seconds": None, "remaining": None, "waiting": [0]}
    deadline = table.game.deadline(table.state)
    assert deadline is not None and held["deadline"]["remaining"] == deadline.seconds
    actions, events = table.actions, len(table.events)
    later = now + 10 * deadline.seconds  # far past the next window's end
    for step in range(1, 40):
        local.tick(now + step * deadline.seconds / 4)
    local.tick(later)
    assert (table.actions, len(table.events)) == (actions, events), "no bot acted, no expiry"
    assert table.remaining(later) == deadline.seconds, "the turn clock does not run"
    assert table.next_due() is None, "a table at one screen waits as long as it takes"
    legal = table.game.legal_actions(table.state, 0)
    if legal:  # the next round's choice waits too
        peer.send(legal[0])
        local.tick(later)
        assert any(m.get("code") == "held" for m in peer.poll())
    peer.send({"type": "continue"})
    local.tick(later + 1)
    released = [m for m in peer.poll() if m["type"] == "update"][-1]
    assert "hold" not in released and table.hold is None
    assert released["deadline"]["remaining"] == deadline.seconds, "the window starts now"
    local.tick(later + 2)
    assert table.actions > actions or table.game.legal_actions(table.state, 0), "play goes on"


def test_bad_continues_are_refused_and_change_nothing() -> None:
    table = Table("sly_knights", 2, {}, 5, [HUMAN, HUMAN], bot_delay=0.0)
    with pytest.raises(ActionError) as err:
        table.act(0, {"type": "continue"}, 0.0)
    assert err.value.code == "not_held"
    now = play_to_hold(table, [0, 1], 0.0)
    with pytest.raises(ActionError) as err:
        table.act(0, {"type": "continue", "x": 1}, now)
    assert err.value.code == "malformed"
    table.act(0, {"type": "continue"}, now)
    with pytest.raises(ActionError) as err:
        table.act(0, {"type": "continue"}, now)
    assert err.value.code == "already_continued"
    assert table.hold is not None and table.hold.waiting == {1}
    table.act(1, {"type": "continue"}, now)
    assert table.hold is None


def test_the_timeout_ends_a_hold_and_a_departed_person_does_not_block() -> None:
    table = Table("choose", 3, {}, 9, [HUMAN, HUMAN, "simple"], bot_delay=0.0,
                  summary_seconds=5.0)
    now = play_to_hold(table, [0, 1], 0.0)
    assert table.next_due() == now + 5.0
    assert table.hold_data(now + 2.0) == {"seconds": 5.0, "remaining": 3.0, "waiting": [0, 1]}
    table.advance(now + 4.9)
    assert table.hold is not None
    table.advance(now + 5.0)
    assert table.hold is None, "nobody continued: the table timeout released it"
    now = play_to_hold(table, [0, 1], now + 5.0)
    table.act(0, {"type": "continue"}, now)
    table.passes_hold(1)  # seat 1's person left the table
    table.advance(now)
    assert table.hold is None


def test_bots_and_stand_ins_continue_at_once() -> None:
    table = Table("sly_knights", 2, {}, 5, ["simple", "simple"], bot_delay=0.0)
    for step in range(2000):
        table.advance(step * 0.1)
        assert table.hold is None
        if table.finished:
            break
    assert table.finished
    stood = Table("sly_knights", 2, {}, 5, [HUMAN, HUMAN], bot_delay=0.0)
    now = play_to_hold(stood, [0, 1], 0.0)
    stood.act(0, {"type": "continue"}, now)
    stood.set_stand_in(1, True)  # a bot plays the seat of one who dropped out
    stood.advance(now)
    assert stood.hold is None


def test_every_audience_is_told_the_same_hold() -> None:
    local = LocalTable("choose", 3, {}, 4, [HUMAN, HUMAN, "simple"], bot_delay=0.0)
    peers: list[LocalPeer] = [local.join(0), local.join(1), local.join(None)]
    now = play_to_hold(local._table, [0, 1], 0.0)
    local.tick(now)
    holds = [[m.get("hold") for m in p.poll() if m["type"] == "update"][-1] for p in peers]
    assert holds[0] == holds[1] == holds[2] == {"seconds": None, "remaining": None,
                                                 "waiting": [0, 1]}
    peers[0].send({"type": "continue"})
    local.tick(now + 1)
    news = [[m.get("hold") for m in p.poll() if m["type"] == "update"] for p in peers]
    assert news == [[{"seconds": None, "remaining": None, "waiting": [1]}]] * 3


# -- LAN: a real host, two real peer processes ---------------------------------------------
def notes(path: Path) -> list[dict[str, Any]]:
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def wait_for(test: Any, what: str, timeout: float = 30.0) -> None:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if test():
            return
        time.sleep(0.05)
    raise AssertionError(f"timed out waiting for {what}")


def start_people(procs: Procs, tmp: Path, summary: float) -> tuple[Path, Path, Path]:
    args = host_args("sly_knights", 2, tmp, "--games", "1", timer=0.3)
    args += ["--option", f"summary_seconds={summary}"]
    _, _, address, log = start_host(procs, "host", args)
    outs = (tmp / "a.jsonl", tmp / "b.jsonl")
    for name, out in zip(("a", "b"), outs, strict=True):
        start_peer(procs, name, address, out)
    return outs[0], outs[1], log


def start_peer(procs: Procs, name: str, address: str, out: Path) -> None:
    """A person's process (``tests.hold_peer``), killed with the others at the end."""
    sink = open(procs.directory / f"{name}.out", "ab")  # noqa: SIM115 - closed below
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    proc = subprocess.Popen([sys.executable, "-m", "tests.hold_peer", address, name, str(out)],
                            stdout=sink, stderr=subprocess.STDOUT, cwd=ROOT, env=env)
    sink.close()
    procs.running.append(proc)


def steps(log: Path) -> int:
    """Actions and expiries the host has logged so far."""
    lines = [json.loads(line) for line in log.read_text().splitlines() if line.strip()]
    return sum(1 for line in lines if line.get("t") in ("act", "expire"))


def held(path: Path) -> list[dict[str, Any]]:
    return [n for n in notes(path) if "waiting" in n]


def test_a_lan_round_waits_for_both_people(procs: Procs, tmp_path: Path) -> None:
    a, b, log = start_people(procs, tmp_path, 60.0)
    wait_for(lambda: held(a) and held(b), "both people to see the hold")
    first = held(a)[0]
    assert sorted(first["waiting"]) == [0, 1]
    assert first["deadline"] == first["seconds"], "the next round's clock stands"
    logged = steps(log)
    time.sleep(1.0)  # three times the game's windows: nothing may move meanwhile
    assert steps(log) == logged, "no window expired and nobody played behind the summary"
    a_seat = first["seat"]
    a.with_suffix(".go").touch()
    wait_for(lambda: any(n["waiting"] == [1 - a_seat] for n in held(b)),
             "the hold to wait for the second person only")
    assert not any("released" in n for n in notes(b))
    assert steps(log) == logged
    b.with_suffix(".go").touch()
    wait_for(lambda: any("released" in n for n in notes(a))
             and any("released" in n for n in notes(b)), "the hold to end")
    wait_for(lambda: steps(log) > logged, "the next round to be played")


def test_a_lan_hold_ends_by_its_timeout_when_someone_never_continues(
        procs: Procs, tmp_path: Path) -> None:
    a, b, log = start_people(procs, tmp_path, 1.0)
    a.with_suffix(".go").touch()  # one reads at once; the other never says continue
    wait_for(lambda: any("released" in n for n in notes(b)), "the timeout to end the hold")
    assert any(n.get("continue") for n in notes(a))
    assert not any(n.get("continue") for n in notes(b))
    assert held(b), "the hold was there first"


def test_a_log_replays_its_holds_and_a_log_from_before_holds_still_replays() -> None:
    live = Table("sly_knights", 2, {}, 8, [HUMAN, "simple"], bot_delay=0.0)
    log: list[dict[str, Any]] = []
    live.recorder = log
    now = 0.0
    while not live.finished and now < 2000:
        now += 0.5
        if live.hold is not None:
            live.act(0, {"type": "continue"}, now)
        legal = live.game.legal_actions(live.state, 0)
        if legal and live.hold is None:
            live.act(0, legal[0], now)
        live.advance(now)
    assert live.finished and any(r["t"] == "continue" for r in log)
    for records in (log, [r for r in log if r["t"] not in ("continue", "release")]):
        again = Table("sly_knights", 2, {}, 8, [HUMAN, "simple"], bot_delay=0.0)
        for record in records:
            again.replay(record)
        assert again.finished and again.hold is None
        assert again.outcome_data() == live.outcome_data()
