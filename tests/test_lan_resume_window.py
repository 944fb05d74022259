"""A table hosted from the window comes back from the window: real window processes
(dummy video) and real ZeroMQ on 127.0.0.1, driven by ``tests/window_driver.py``.

The host's window is killed (SIGKILL, SIGTERM) in the middle of a Cheese Thief night
and started again; its menu's *Resume your table* restarts the table on the same port
with the same key, the host's person sits in their own seat with its token (never a
spectator's place), the guest's window, which never closed, finds the table again by
itself, and the game is played to its end.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import time
from pathlib import Path
from typing import Any

from net.log import read_log
from net.peer import Peer
from tests.test_lan_close import window
from tests.test_net_lan import CLI, ROOT, Procs, procs, tmp_path, wait_line

__all__ = ["procs", "tmp_path"]


def hosting(procs: Procs) -> tuple[subprocess.Popen[bytes], Path, Path, list[str]]:
    """A window hosting from its menu, and a guest window seated at its table; the
    host window's ``hosting`` line, split."""
    host, host_out = window(procs, "host", "host", "menu")
    port = wait_line(host_out, "lobby port ", 60).split()[2]
    _, guest_out = window(procs, "guest", "guest", "join", f"127.0.0.1:{port}",
                          "--name", "Ben")
    seated = wait_line(host_out, "hosting ", 60).split()
    assert seated[2] == "0" and seated[6] == port, seated  # the host's person: seat 0
    wait_line(guest_out, "at the table seat 1", 30)
    return host, host_out, guest_out, seated


def test_a_killed_window_host_resumes_from_its_menu_with_its_own_seat(
        procs: Procs, tmp_path: Path) -> None:
    host, _, guest_out, seated = hosting(procs)
    host.send_signal(signal.SIGKILL)
    host.wait(timeout=10)
    again, again_out = window(procs, "again", "resume", "menu")
    resumed = wait_line(again_out, "resumed ", 60).split()
    assert resumed[2] == "0" and resumed[4] == "True", resumed  # its own seat, its token
    assert resumed[6] == seated[6] and resumed[8] == seated[8]  # same port, same key
    print(wait_line(again_out, "everyone seated ", 60))
    for out in (again_out, guest_out):  # every screen says why the clock stands still
        shown = wait_line(out, "waiting shown: ", 30)
        print(shown)
        assert "the game goes on in" in shown or "to come back" in shown, shown
    report = json.loads(wait_line(again_out, "{", 120))
    assert report["at"] == 0 and report["result"] is not None
    guest = json.loads(wait_line(guest_out, "{", 60))
    assert guest["at"] == 1 and guest["result"] is not None  # its seat, never watching
    hosted = json.loads((tmp_path / "data" / "hosted.json").read_text())
    seats = [r for r in read_log(Path(hosted["log"])) if r["t"] == "seat"]
    assert [r["seat"] for r in seats] == [0, 1]  # no seat was given out again
    again.kill()  # (its Close the table? question waits for a person)


def until_line(out: Path, prefix: str, peer: Peer, seconds: float = 60.0,
               kept: list[dict[str, Any]] | None = None) -> str:
    """``wait_line``, keeping an in-process guest talking to its host meanwhile; what
    the guest reads is added to ``kept`` (the host may act on the line before the file is
    read again, so its answer can arrive inside this wait)."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        read = peer.wait(0.05)
        if kept is not None:
            kept.extend(read)
        for line in out.read_text("utf-8", "replace").splitlines() if out.exists() else []:
            if line.startswith(prefix):
                return line
    return wait_line(out, prefix, 0.1)


def back_in(address: str, token: str, name: str) -> dict[str, Any]:
    """A guest with its token joins the table again; the welcome it gets."""
    peer = Peer(address, token=token, name=name)
    try:
        end = time.monotonic() + 20
        while peer.welcome is None and time.monotonic() < end:
            for message in peer.wait(0.05):
                assert message["type"] != "error", message
        assert peer.welcome is not None and peer.reclaimed
        return peer.welcome
    finally:
        peer.close()


def test_a_closed_table_is_not_lost_everyone_gets_their_seat_back(
        procs: Procs, tmp_path: Path) -> None:
    """The host's person closes the table (the window's close button, then Close the
    table); the table is resumed from the menu, and a guest's token still holds its
    seat: the host's seat and the guest's, never a spectator's place."""
    host, host_out = window(procs, "host", "hostclose", "menu")
    port = wait_line(host_out, "lobby port ", 60).split()[2]
    guest = Peer(f"127.0.0.1:{port}", name="Ben")
    try:
        kept: list[dict[str, Any]] = []
        until_line(host_out, "closing the table", guest, kept=kept)
        end = time.monotonic() + 20
        closed = [m for m in kept if m["type"] == "closed"]
        while not closed and time.monotonic() < end:
            closed = [m for m in guest.wait(0.05) if m["type"] == "closed"]
        assert closed and closed[0]["reason"] == "host_quit"
        token, seat = guest.token, guest.seat
    finally:
        guest.close()
    assert token and seat == 1
    host.wait(timeout=20)
    again, again_out = window(procs, "again", "resume", "menu")
    resumed = wait_line(again_out, "resumed ", 60).split()
    assert resumed[2] == "0" and resumed[4] == "True" and resumed[6] == port, resumed
    assert back_in(f"127.0.0.1:{port}", token, "Ben")["seat"] == 1
    again.kill()


def test_host_resume_from_the_command_line_and_back_to_the_window(
        procs: Procs, tmp_path: Path) -> None:
    """``cheeseknights host --resume`` with no file brings back the table the window
    hosted (same port, same key, the guest's seat); stopped with SIGTERM, the window
    resumes it again and its person has their seat."""
    host, host_out = window(procs, "host", "host", "menu")
    port = wait_line(host_out, "lobby port ", 60).split()[2]
    guest = Peer(f"127.0.0.1:{port}", name="Ben")
    try:
        seated = until_line(host_out, "hosting ", guest).split()
        token = guest.token
    finally:
        guest.close()
    assert token
    host.send_signal(signal.SIGKILL)
    host.wait(timeout=10)
    env = dict(os.environ, PYTHONPATH=str(ROOT), CHEESEKNIGHTS_DATA_DIR=str(tmp_path / "data"),
               CHEESEKNIGHTS_CONFIG_DIR=str(tmp_path / "config"))
    out = tmp_path / "cli.out"
    with open(out, "wb") as sink:
        cli = subprocess.Popen([*CLI, "host", "--headless", "--resume", "--no-discovery"],
                               stdout=sink, stderr=subprocess.STDOUT, cwd=ROOT, env=env)
    procs.running.append(cli)
    assert wait_line(out, "address ", 30).endswith(f":{port}")
    assert wait_line(out, "fingerprint ").split()[1] == seated[8]  # the same key
    assert back_in(f"127.0.0.1:{port}", token, "Ben")["seat"] == 1
    cli.send_signal(signal.SIGTERM)
    cli.wait(timeout=10)
    again, again_out = window(procs, "again", "resume", "menu")
    resumed = wait_line(again_out, "resumed ", 60).split()
    assert resumed[2] == "0" and resumed[4] == "True" and resumed[6] == port, resumed
    again.kill()


def test_no_table_to_resume_is_one_sentence(tmp_path: Path) -> None:
    env = dict(os.environ, PYTHONPATH=str(ROOT), CHEESEKNIGHTS_DATA_DIR=str(tmp_path / "d"),
               CHEESEKNIGHTS_CONFIG_DIR=str(tmp_path / "c"))
    done = subprocess.run([*CLI, "host", "--headless", "--resume", "--no-discovery"],
                          capture_output=True, text=True, cwd=ROOT, env=env, timeout=30)
    assert done.returncode == 2
    assert done.stderr.strip().splitlines() == [
        "cheeseknights: This installation has no table to resume; name its log: "
        "--resume FILE."]
