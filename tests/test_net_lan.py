"""LAN play with real processes and real sockets on 127.0.0.1.

A headless host and bot peers (each its own process) play whole games of every
registered game; peers and the host are killed with SIGKILL mid-game and come back;
every message a peer or spectator received is checked against what the action log
says its seat could see at that moment.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import msgpack
import pytest

from core.errors import OptionError
from core.game import Game
from core.registry import GAMES
from net.log import read_log
from net.standin import STAND_IN, mark
from net.talk import TalkKeeper
from tests.ports import table_port

ROOT = Path(__file__).resolve().parent.parent
CLI = [sys.executable, "-m", "client.cli"]


@pytest.fixture
def tmp_path() -> Iterator[Path]:
    """A directory of this test's own: pytest's shared base directory can be pruned by
    another pytest run on the same machine while these processes still write to it."""
    with tempfile.TemporaryDirectory(prefix="cknet-") as name:
        yield Path(name)


# -- processes ----------------------------------------------------------------------------
class Procs:
    """Every process a test starts; all are killed when the test ends, whatever happens."""

    def __init__(self, directory: Path) -> None:
        self.directory = directory
        self.running: list[subprocess.Popen[bytes]] = []

    def start(self, name: str, *args: str) -> tuple[subprocess.Popen[bytes], Path]:
        out = self.directory / f"{name}.out"
        sink = open(out, "ab")  # noqa: SIM115 - closed when the process ends
        env = dict(os.environ, PYTHONPATH=str(ROOT))
        proc = subprocess.Popen(
            [*CLI, *args], stdout=sink, stderr=subprocess.STDOUT, cwd=ROOT, env=env
        )
        sink.close()
        self.running.append(proc)
        return proc, out

    def kill_all(self) -> None:
        for proc in self.running:
            if proc.poll() is None:
                proc.kill()
            proc.wait(timeout=10)


@pytest.fixture
def procs(tmp_path: Path) -> Iterator[Procs]:
    box = Procs(tmp_path)
    try:
        yield box
    finally:
        box.kill_all()


def wait_line(path: Path, prefix: str, timeout: float = 15.0) -> str:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if path.exists():
            for line in path.read_text("utf-8", "replace").splitlines():
                if line.startswith(prefix):
                    return line
        time.sleep(0.02)
    text = path.read_text("utf-8", "replace") if path.exists() else "(no output)"
    raise AssertionError(f"no line {prefix!r} in {path.name} within {timeout}s:\n{text}")


def finish(proc: subprocess.Popen[bytes], out: Path, timeout: float = 40.0) -> None:
    try:
        code = proc.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        proc.kill()
        raise AssertionError(f"{out.name} did not stop:\n{out.read_text()}") from None
    assert code == 0, f"{out.name} exited {code}:\n{out.read_text()}"


def first_size(game: Game[Any]) -> int:
    for n in range(game.min_players, game.max_players + 1):
        try:
            game.check_options(n, {})
        except OptionError:
            continue
        return n
    raise AssertionError(f"{game.id} accepts no table size with its defaults")


def timer_options(game: Game[Any], n: int, seconds: float) -> list[str]:
    """``--option`` flags setting every timer of the game to ``seconds``."""
    out: list[str] = []
    for spec in game.options:
        if isinstance(spec.default, float) and "seconds" in spec.name and spec.applies(n):
            low = spec.minimum if spec.minimum is not None else 0.0
            out += ["--option", f"{spec.name}={max(low, seconds)}"]
    return out


def host_args(game_id: str, n: int, tmp: Path, *extra: str, timer: float = 0.1) -> list[str]:
    game = GAMES[game_id]
    return [
        "host", "--headless", "--game", game_id, "--players", str(n),
        "--port", str(table_port()), "--bind", "127.0.0.1", "--no-discovery",
        "--log-dir", str(tmp), "--pause", "0.2",
        "--option", "bot_seconds=0", *timer_options(game, n, timer), *extra,
    ]


def start_host(procs: Procs, name: str, args: list[str]) -> tuple[subprocess.Popen[bytes], Path,
                                                                   str, Path]:
    proc, out = procs.start(name, *args)
    address = wait_line(out, "address ").split()[1]
    log = Path(wait_line(out, "log ").split(" ", 1)[1])
    return proc, out, address, log


# -- what a seat may see, from the log ----------------------------------------------------
def entitled(log: Path) -> dict[int, dict[Any, dict[str, Any]]]:
    """Per game number and audience: every view/legal it could be shown, and its events."""
    records = read_log(log)
    header = records[0]
    game = GAMES[header["game"]]
    players = header["players"]
    out: dict[int, dict[Any, dict[str, Any]]] = {}
    state: Any = None
    events: list[Any] = []

    def snap(no: int) -> None:
        for audience in [None, *range(players)]:
            box = out[no].setdefault(audience, {"steps": [], "events": []})
            legal = [] if audience is None else game.legal_actions(state, audience)
            box["steps"].append((game.view(state, audience), legal))

    no = 0
    for record in records[1:]:
        kind = record["t"]
        if kind == "game":
            no = record["no"]
            out[no] = {}
            state, events = game.new_game(players, header["options"], record["seed"])
        elif kind == "act":
            events = game.apply(state, record["seat"], record["action"])
            if record.get("by") == STAND_IN:  # a bot played the seat of a person away
                events = mark(events, record["seat"])
        elif kind == "expire":
            assert game.deadline(state).key == record["key"]
            events = game.expire(state)
        else:
            continue
        snap(no)
        for audience, box in out[no].items():
            box["events"].extend(e.data for e in events if e.visible_to(audience))
    return out


def messages(record: Path) -> list[tuple[str, dict[str, Any]]]:
    return [tuple(item) for item in msgpack.Unpacker(open(record, "rb"), raw=False)]  # type: ignore[misc]


def leaves(value: Any) -> Iterator[Any]:
    if isinstance(value, dict):
        for item in value.values():
            yield from leaves(item)
    elif isinstance(value, list):
        for item in value:
            yield from leaves(item)
    else:
        yield value


def check_stream(record: Path, log: Path, forbidden: set[Any]) -> int:
    """Every update matches a moment of the log for its audience; nothing forbidden leaks.

    Returns how many updates were checked.
    """
    truth = entitled(log)
    audience: Any = "unknown"
    position: dict[int, int] = {}
    checked = 0
    talk = TalkKeeper()  # updates leave the talk window out: put it back as a peer does
    for direction, message in messages(record):
        if direction != "in":
            continue
        assert not (set(leaves(message)) & forbidden), message
        if message["type"] == "welcome":
            audience = message["seat"]
        if message["type"] != "update":
            continue
        talk.restore(message)
        box = truth[message["game_no"]][audience]
        pair = (message["view"], message["legal"])
        start = position.get(message["game_no"], 0)
        steps = box["steps"]
        index = next((i for i in range(start, len(steps)) if steps[i] == pair), None)
        if index is None:
            index = next((i for i in range(len(steps)) if steps[i] == pair), None)
            assert message.get("snapshot") and index is not None, ("view never shown", message)
        position[message["game_no"]] = index
        first = message["first_event"]
        assert message["events"] == box["events"][first : first + len(message["events"])]
        checked += 1
    return checked


def forbidden_values(log: Path) -> set[Any]:
    records = read_log(log)
    out: set[Any] = {records[0]["secret"]}
    out.update(r["seed"] for r in records if r["t"] == "game")
    return out


# -- the tests -----------------------------------------------------------------------------
@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_full_games_with_bot_peers_and_a_spectator(game_id: str, procs: Procs,
                                                   tmp_path: Path) -> None:
    n = first_size(GAMES[game_id])
    games = "2" if game_id == "cheese_thief" else "1"
    host, host_out, address, log = start_host(
        procs, "host", host_args(game_id, n, tmp_path, "--games", games)
    )
    fingerprint = wait_line(host_out, "fingerprint ").split()[1]
    bots = []
    for seat in range(n):
        record = tmp_path / f"bot{seat}.rec"
        bots.append((*procs.start(f"bot{seat}", "bot", "--connect", address, "--name",
                                  f"b{seat}", "--record", str(record)), record))
    watcher, watcher_out = procs.start("watch", "bot", "--connect", address, "--spectator",
                                       "--record", str(tmp_path / "watch.rec"))
    finish(host, host_out)
    for proc, out, _ in bots:
        finish(proc, out)
        assert f"host key fingerprint {fingerprint}" in out.read_text()
    finish(watcher, watcher_out)
    tokens = {
        m["token"] for _, _, rec in bots for d, m in messages(rec) if m["type"] == "welcome"
    }
    assert len(tokens) == n
    forbidden = forbidden_values(log)
    for _, _, record in bots:
        own = {m["token"] for d, m in messages(record) if m["type"] == "welcome"}
        assert check_stream(record, log, forbidden | (tokens - own)) > 0
    assert check_stream(tmp_path / "watch.rec", log, forbidden | tokens) > 0
    outcomes = [line for line in host_out.read_text().splitlines() if line.startswith("game ")]
    assert len(outcomes) == int(games)


def test_a_killed_peer_comes_back_with_its_token_file(procs: Procs, tmp_path: Path) -> None:
    host, host_out, address, log = start_host(
        procs, "host",
        host_args("cheese_thief", 4, tmp_path, "--games", "1", "--bots", "2",
                  "--peer-timeout", "2.5", "--option", "grace_seconds=0.3", timer=1.2),
    )
    token = tmp_path / "a.token"
    victim, victim_out = procs.start("a", "bot", "--connect", address, "--token-file", str(token))
    other, other_out = procs.start("b", "bot", "--connect", address, "--record",
                                   str(tmp_path / "b.rec"))
    wait_line(host_out, "all seats taken")
    seat = wait_line(victim_out, "seat ")
    time.sleep(0.3)
    victim.send_signal(signal.SIGKILL)
    victim.wait(timeout=5)
    wait_line(host_out, f"{seat}: a bot plays")
    record = tmp_path / "a2.rec"
    again, again_out = procs.start("a2", "bot", "--connect", address, "--token-file", str(token),
                                   "--record", str(record))
    assert wait_line(again_out, "seat ") == seat
    finish(host, host_out)
    finish(again, again_out)
    finish(other, other_out)
    received = [m for d, m in messages(record) if d == "in"]
    assert received[0]["type"] == "welcome" and received[0]["token"] is None
    updates = [m for m in received if m["type"] == "update"]
    assert updates[0]["snapshot"] and updates[0]["events"]
    assert check_stream(record, log, forbidden_values(log)) > 0
    number = int(seat.split()[1])
    lobby = [m["seats"][number] for d, m in messages(tmp_path / "b.rec") if m["type"] == "table"]
    shown = [(s["connected"], s["stand_in"]) for s in lobby]
    assert (False, False) in shown and (False, True) in shown  # everyone saw the drop
    stood_in = shown.index((False, True))
    # and saw it come back; at the end of the game the seat may leave again, so the last
    # entry does not have to be the return
    assert any(connected for connected, _ in shown[stood_in + 1:]), shown


def test_a_killed_host_resumes_from_its_log_keeping_every_acknowledged_action(
    procs: Procs, tmp_path: Path
) -> None:
    # (the resumed table's whole wait, six seconds: each bot peer must be back in it, and
    # a peer finds its host gone only after four seconds of silence)
    # The deal (seed 1732050) makes a bot peer's seat the thief, awake in the night's
    # first hour: its take is the first action acknowledged, and the kill comes with five
    # hours and the talk still to play, however late a loaded machine lets this test see
    # it. (In a random deal the peers' first acknowledged actions were at times their
    # talk: chat, ready and vote at once; under load the game ended before the kill, and
    # a bot saw one welcome, in about one run in a hundred. A seed that shows in no
    # message: the test looks for it in every one.)
    args = host_args("cheese_thief", 5, tmp_path, "--games", "1", "--bots", "2", "--seed",
                     "1732050", timer=0.4)
    host, host_out, address, log = start_host(procs, "host", args)
    bots = []
    for name in ("a", "b", "c"):
        record = tmp_path / f"{name}.rec"
        proc, out = procs.start(name, "bot", "--connect", address, "--record", str(record),
                                "--token-file", str(tmp_path / f"{name}.token"))
        bots.append((proc, out, record))
    wait_line(host_out, "all seats taken")
    end = time.monotonic() + 20
    while not acknowledged(bots) and time.monotonic() < end:
        time.sleep(0.01)
    host.send_signal(signal.SIGKILL)
    host.wait(timeout=5)
    lines_before = len(read_log(log))
    acked = acknowledged(bots)
    assert acked and acked[0][1]["type"] == "take", acked
    again, again_out = procs.start("host2", "host", "--headless", "--resume", str(log),
                                   "--bind", "127.0.0.1", "--no-discovery", "--games", "1")
    assert wait_line(again_out, "address ").split()[1] == address
    finish(again, again_out)
    for proc, out, _ in bots:
        finish(proc, out)
    records = read_log(log)
    # (the resumed host adds lines unless the bots had already ended the game when the
    # kill came, which a quiet machine once managed: what matters is below)
    assert len(records) >= lines_before
    logged = [(r["seat"], r["action"]) for r in records if r["t"] == "act"]
    for item in acked:
        assert item in logged
    for _, _, record in bots:
        welcomes = [m for d, m in messages(record) if m["type"] == "welcome"]
        assert len({w["seat"] for w in welcomes}) == 1 and len(welcomes) >= 2
        assert check_stream(record, log, forbidden_values(log)) > 0
    game = GAMES["cheese_thief"]
    header = records[0]
    state, _ = game.new_game(header["players"], header["options"], records[1]["seed"])
    for record in records:
        if record["t"] == "act":
            game.apply(state, record["seat"], record["action"])
        elif record["t"] == "expire":
            game.expire(state)
    assert game.outcome(state) is not None


def acknowledged(bots: list[tuple[Any, Path, Path]]) -> list[tuple[int, dict[str, Any]]]:
    """(seat, action) of every action a host acknowledged to these peers."""
    out = []
    for _, _, record in bots:
        seat, sent = None, {}
        for direction, message in messages(record) if record.exists() else []:
            if direction == "out" and message["type"] == "action":
                sent[message["n"]] = message["action"]
            elif message["type"] == "welcome":
                seat = message["seat"]
            elif message["type"] == "ack":
                out.append((seat, sent[message["n"]]))
    return out  # type: ignore[return-value]
