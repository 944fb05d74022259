"""``host --resume`` and the log it reads, with real host processes on 127.0.0.1: every
setting comes back, a header-only log starts at its first game, a log that is no table
is one sentence, logs are private, and a session's games replay from their seeds."""

from __future__ import annotations

import json
import os
import signal
import stat
import subprocess
import time
from pathlib import Path
from typing import Any

from core.registry import GAMES
from net.host import game_seed
from net.log import read_log
from net.peer import Peer
from tests import test_net_lan
from tests.test_net_lan import CLI, ROOT, Procs, finish, host_args, start_host, wait_line

tmp_path = test_net_lan.tmp_path
procs = test_net_lan.procs


def answers(peer: Peer, seconds: float = 3.0) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    end = time.monotonic() + seconds
    while time.monotonic() < end and not any(m["type"] in ("welcome", "error") for m in out):
        out += peer.wait(0.05)
    return out


def kinds(messages: list[dict[str, Any]]) -> list[str]:
    return [m.get("code", m["type"]) for m in messages if m["type"] in ("welcome", "error")]


def test_a_resumed_table_keeps_every_setting(procs: Procs, tmp_path: Path) -> None:
    args = host_args("cheese_thief", 4, tmp_path, "--bots", "2", "--bot-level", "easy",
                     "--password", "cheddar", "--games", "1", "--seed", "11",
                     "--option", "spectators=1", "--option", "grace_seconds=7", timer=0.1)
    host, _, address, log = start_host(procs, "host", args)
    host.send_signal(signal.SIGKILL)
    host.wait(timeout=5)
    header = read_log(log)[0]
    assert "cheddar" not in log.read_text()
    assert header["games"] == 1 and header["grace"] == 7.0 and header["spectators"] == 1
    assert header["seats"] == ["human", "human", "easy", "easy"] and header["seed"] == 11
    again, again_out = procs.start("again", "host", "--headless", "--resume", str(log),
                                   "--no-discovery")
    assert wait_line(again_out, "address ").split()[1] == address  # same bind, same port
    stranger = Peer(address, spectator=True)
    assert kinds(answers(stranger)) == ["bad_password"]
    stranger.close()
    watcher = Peer(address, spectator=True, password="cheddar")
    assert kinds(answers(watcher)) == ["welcome"]
    second = Peer(address, spectator=True, password="cheddar")
    assert kinds(answers(second)) == ["spectators_full"]
    second.close()
    bots = [procs.start(name, "bot", "--connect", address, "--password", "cheddar")
            for name in ("a", "b")]
    finish(again, again_out)  # it stops by itself after its one game, as first told
    for proc, out in bots:
        finish(proc, out)
    watcher.close()


def all_bots(tmp: Path, *extra: str) -> list[str]:
    return host_args("cheese_thief", 4, tmp, "--bots", "4", *extra, timer=0.05)


def test_a_header_only_log_starts_at_its_first_game(procs: Procs, tmp_path: Path) -> None:
    host, _, _, log = start_host(procs, "host", all_bots(tmp_path, "--seed", "3",
                                                          "--option", "hour_seconds=600"))
    host.send_signal(signal.SIGKILL)
    host.wait(timeout=5)
    header = log.read_text().splitlines()[0]
    log.write_text(header + "\n" + '{"t":"game","no"')  # and a line a crash tore
    again, again_out = procs.start("again", "host", "--headless", "--resume", str(log),
                                   "--no-discovery", "--games", "1")
    wait_line(again_out, "address ")
    records = read_log(log)
    games = [r for r in records if r["t"] == "game"]
    assert games[0] == {"t": "game", "no": 1, "seed": game_seed(3, 1)}
    again.kill()


def test_a_log_that_is_no_table_is_one_sentence(tmp_path: Path) -> None:
    broken = tmp_path / "broken.log"
    broken.write_text('{"t":"act","seat":0}\n')
    header_only_old = tmp_path / "old.log"
    header_only_old.write_text('{"t":"table","game":"cheese_thief"}\n')
    one_screen = tmp_path / "local.log"  # (a game played at one screen, kept for Replays)
    one_screen.write_text('{"t":"table","game":"choose","players":2,"options":{},'
                          '"seats":["normal","normal"],"mode":"local"}\n')
    # (the four hosts start side by side: each is refused on its own)
    running = [subprocess.Popen([*CLI, "host", "--headless", "--resume", str(path),
                                 "--no-discovery"], stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, text=True, cwd=ROOT,
                                env=dict(os.environ, PYTHONPATH=str(ROOT)))
               for path in (broken, header_only_old, tmp_path / "missing.log", one_screen)]
    try:
        for proc in running:
            _, err = proc.communicate(timeout=30)
            assert proc.returncode == 2, err
            lines = err.strip().splitlines()
            assert len(lines) == 1 and lines[0].startswith("cheeseknights: "), err
            assert "Traceback" not in err
        assert "played at one screen, not of a hosted table" in err, err  # (the last)
    finally:
        for proc in running:
            if proc.poll() is None:
                proc.kill()
                proc.wait()


def test_logs_are_private(procs: Procs, tmp_path: Path) -> None:
    where = tmp_path / "made" / "here"
    args = all_bots(where, "--option", "hour_seconds=600")
    host, _, _, log = start_host(procs, "host", args)
    assert log.parent == where
    assert stat.S_IMODE(where.stat().st_mode) == 0o700
    assert stat.S_IMODE(log.stat().st_mode) == 0o600
    host.kill()


def test_every_game_of_a_session_replays_from_its_seed(procs: Procs, tmp_path: Path) -> None:
    host, out, _, log = start_host(procs, "host", all_bots(tmp_path, "--seed", "5",
                                                            "--games", "2"))
    finish(host, out)
    records = read_log(log)
    seeds = [r["seed"] for r in records if r["t"] == "game"]
    assert seeds == [game_seed(5, 1), game_seed(5, 2)] and seeds[0] != seeds[1]
    game = GAMES["cheese_thief"]
    outcomes = []
    state: Any = None
    for record in records[1:]:
        if record["t"] == "game":
            state, _ = game.new_game(4, records[0]["options"], record["seed"])
        elif record["t"] == "act":
            game.apply(state, record["seat"], record["action"])
        elif record["t"] == "expire":
            game.expire(state)
        outcome = game.outcome(state) if state is not None else None
        if outcome is not None and (not outcomes or outcomes[-1][0] != id(state)):
            outcomes.append((id(state), outcome))
    logged = [line.split(": ", 1)[1] for line in out.read_text().splitlines()
              if line.startswith("game ") and " over: " in line]
    assert len(outcomes) == 2 and len(logged) == 2
    for (_, outcome), line in zip(outcomes, logged, strict=True):
        assert json.loads(line.replace("'", '"'))["winners"] == list(outcome.winners)



def test_a_resumed_table_carries_its_scores_on(procs: Procs, tmp_path: Path) -> None:
    """Game 1 ends, the host is killed in game 2 and resumed: whoever joins is told the
    session's finished games (their winners and scores), so the scoreboard carries on,
    and the person's token still holds their seat."""
    args = host_args("cheese_thief", 4, tmp_path, "--bots", "3", "--seed", "4", timer=0.1)
    host, out, address, log = start_host(procs, "host", args)
    person = Peer(address, name="Ana")
    welcomes: list[dict[str, Any]] = []
    try:
        end = time.monotonic() + 60
        while '"no":2' not in log.read_text() and time.monotonic() < end:
            welcomes += [m for m in person.wait(0.02) if m["type"] == "welcome"]
        over = wait_line(out, "game 1 over: ", 1)
        host.send_signal(signal.SIGKILL)
        host.wait(timeout=5)
        assert welcomes[0]["scores"] == []  # a new table: nothing before its first game
        again, _ = procs.start("again", "host", "--headless", "--resume", str(log),
                               "--no-discovery")
        end = time.monotonic() + 30
        while len(welcomes) < 2 and time.monotonic() < end:
            welcomes += [m for m in person.wait(0.02) if m["type"] == "welcome"]
    finally:
        person.close()
    assert len(welcomes) == 2 and welcomes[1]["seat"] == 0, welcomes
    outcome = json.loads(over.split(": ", 1)[1].replace("'", '"'))
    scores = welcomes[1]["scores"]
    assert [s["winners"] for s in scores] == [outcome["winners"]]
    assert [s["scores"] for s in scores] == [outcome["scores"]]
    again.kill()


def test_a_resumed_lobby_deals_no_game_its_person_had_not_started(tmp_path: Path) -> None:
    """Every seat taken and ready, but the person hosting from the window had not
    pressed Start: resumed, the table still waits for them; once started, it plays."""
    from net.host import Host, HostConfig
    from net.keys import KeyPair
    from net.protocol import PROTOCOL_VERSION, pack

    owner = KeyPair.generate()
    config = HostConfig("cheese_thief", 4, bots=2, bind="127.0.0.1", log_dir=tmp_path,
                        owner=owner.public)
    host = Host(config)
    host.on_line = lambda line: None
    told: list[dict[str, Any]] = []
    host._send = lambda session, message: told.append(message)  # type: ignore[method-assign]
    for n, key in enumerate((owner.public, "guest")):
        host.handle(key, b"r%d" % n, pack({"type": "join", "v": PROTOCOL_VERSION,
                                            "name": f"p{n}", "ready": True}), 0.0)
    host._flush(0.0)
    host.close()  # (as a crash leaves it: nothing said)
    again = Host(HostConfig("cheese_thief", 4, owner=owner.public), resume=host.log_path)
    again.on_line = lambda line: None
    try:
        assert not again.started and again.host_starts and again.wait is None
        tokens = [m["token"] for m in told if m["type"] == "welcome"]
        for n, key in enumerate((owner.public, "guest")):  # both back with their tokens
            again.handle(key, b"r%d" % n, pack({"type": "join", "v": PROTOCOL_VERSION,
                                                "token": tokens[n], "ready": True}), 0.0)
        again.handle(owner.public, b"r0", pack({"type": "start"}), 0.0)
        assert again.started
    finally:
        again.close()
    third = Host(HostConfig("cheese_thief", 4), resume=host.log_path)
    try:
        assert third.started and third.wait is not None  # it had started: it waits, then plays
    finally:
        third.close()
