"""The phones' gateway without a browser: a phone made of Python speaks to a real host
through it (real sockets on 127.0.0.1), as the page does.

A phone is a peer like any other: the host's join, token, limits and errors answer it.
What crosses the wire is sealed, bound to its connection and its place in it."""

from __future__ import annotations

import base64
import os
import re
import socket
import subprocess
import sys
import urllib.error
import urllib.request
from pathlib import Path

import msgpack  # type: ignore[import-untyped]
import pytest
from websockets.exceptions import ConnectionClosed
from zmq.utils import z85

from client.phones import terminal_code
from net.addresses import lan_address
from net.keys import KeyPair
from net.keys import fingerprint as net_fingerprint
from net.protocol import MAX_MESSAGE
from net.web.gateway import WRONG_KEY, page_files
from tests.phone_rig import PhoneTable, phone, phones_port_taken

ROOT = Path(__file__).resolve().parent.parent


def test_the_page_is_served_whole_and_nothing_else(tmp_path: Path) -> None:
    with PhoneTable(tmp_path) as table:
        base = f"http://127.0.0.1:{table.gateway.port}"
        with urllib.request.urlopen(base + "/", timeout=5) as reply:
            page = reply.read().decode()
            assert "default-src 'self'" in reply.headers["Content-Security-Policy"]
        for src in re.findall(r'(?:src|href)="(/[^"]+)"', page):
            with urllib.request.urlopen(base + src, timeout=5) as reply:
                assert reply.status == 200, src
        for missing in ("/seal.py", "/../seal.py", "/vendor/../../gateway.py", "/x"):
            with pytest.raises(urllib.error.HTTPError) as refused:
                urllib.request.urlopen(base + missing, timeout=5)
            assert refused.value.code == 404


def test_everything_the_page_loads_weighs_under_300_kb() -> None:
    files = page_files()
    loaded = sum(len(body) for path, body in files.items()
                 if path != "/" and not path.endswith(".txt"))
    assert loaded <= 300 * 1024, loaded
    # the licences of what is vendored are committed beside it
    assert "/vendor/LICENSE-tweetnacl.txt" in files and "/vendor/LICENSE-msgpack.txt" in files


def test_a_phone_joins_gets_a_token_and_takes_its_seat_back(tmp_path: Path) -> None:
    with PhoneTable(tmp_path) as table:
        with phone(table) as first:
            first.send({"type": "join", "v": 2, "name": "Ana"})
            welcome = first.until("welcome")
            seat, token = welcome["seat"], welcome["token"]
            assert isinstance(seat, int) and token
            secret = bytes(first.key)
        # a reload: a new connection, the same key pair and token from localStorage
        with phone(table, secret=secret) as again:
            again.send({"type": "join", "v": 2, "name": "Ana", "token": token})
            back = again.until("welcome")
            assert back["seat"] == seat
        with phone(table) as stranger:  # a wrong token is refused, as for any peer
            stranger.send({"type": "join", "v": 2, "name": "Eve", "token": "x" * 20})
            refused = stranger.until("error")
            assert refused["code"] == "bad_token"


def test_the_hosts_limits_answer_a_phone_as_any_peer(tmp_path: Path) -> None:
    with PhoneTable(tmp_path) as table, phone(table) as p:
        p.send({"type": "join", "v": 2, "name": "Ana"})
        p.until("welcome")
        p.send({"type": "ping", "pad": "x" * (MAX_MESSAGE + 10)})
        assert p.until("error")["code"] in ("too_large", "malformed")
        p.send({"type": "action", "n": 1, "action": {"type": "vote", "target": 1}})
        assert p.until("error", n=1)["code"] not in ("", None)


def test_a_key_that_is_not_the_tables_is_refused_with_its_own_code(tmp_path: Path) -> None:
    other = KeyPair.generate()
    with PhoneTable(tmp_path) as table, phone(table, host_public=other.public) as p:
        p.send({"type": "join", "v": 2, "name": "Ana"})
        with pytest.raises(ConnectionClosed) as closed:
            p.recv()
        assert closed.value.rcvd is not None and closed.value.rcvd.code == WRONG_KEY


def test_a_recorded_frame_replayed_is_refused(tmp_path: Path) -> None:
    with PhoneTable(tmp_path) as table:
        with phone(table) as p:
            p.send({"type": "join", "v": 2, "name": "Ana"})
            p.until("welcome")
            p.send({"type": "ping"})
            p.ws.send(p.wire_up[-1])  # the same frame again, in the same connection
            with pytest.raises(ConnectionClosed):
                for _ in range(50):
                    p.recv()
            hello = p.wire_up[0]
        with phone(table) as thief:  # someone on the Wi-Fi replays the hello
            thief.ws.send(hello)
            with pytest.raises(ConnectionClosed) as closed:
                thief.recv()
            assert closed.value.rcvd is not None and closed.value.rcvd.code == WRONG_KEY


def test_nothing_readable_crosses_the_wire_and_the_relay_is_exact(tmp_path: Path) -> None:
    with PhoneTable(tmp_path, bots=3) as table, phone(table) as p:
        p.send({"type": "join", "v": 2, "name": "Anastasia", "ready": True})
        seat = p.until("welcome")["seat"]
        update = p.until("update")
        assert update["view"]["seat"] == seat and "you" in update["view"]
        number = table.taps.connections()[-1]
        down = table.taps.of(number, "down")
        plains = [plain for _, plain in down]
        sent = table.taps.host[table.phone_key(bytes(p.key))]
        assert plains == sent[: len(plains)] and len(plains) >= 2
        for wire, _plain in down + table.taps.of(number, "up"):
            for secret in (b"Anastasia", b"role", b"dice", b"wake_hours", b"welcome"):
                assert secret not in wire
        assert any(b"wake_hours" in plain for plain in plains)
        assert msgpack.unpackb(plains[0])["type"] == "welcome"


def headless_host(tmp_path: Path, *flags: str) -> tuple[subprocess.Popen[str], list[str]]:
    """``cheeseknights host --headless`` in its own process, and its lines up to the
    log line (and the phones' code after it, when there is one)."""
    env = dict(os.environ, PYTHONPATH=str(ROOT), CHEESEKNIGHTS_DATA_DIR=str(tmp_path / "d"),
               CHEESEKNIGHTS_CONFIG_DIR=str(tmp_path / "c"))
    proc = subprocess.Popen(
        [sys.executable, "-m", "client.cli", "host", "--headless", "--port", "0",
         "--players", "4", "--bots", "2", "--no-discovery", "--log-dir", str(tmp_path),
         *flags], stdout=subprocess.PIPE, text=True, env=env, cwd=ROOT)
    assert proc.stdout is not None
    lines: list[str] = []
    while not lines or not lines[-1].startswith("log "):
        line = proc.stdout.readline()
        assert line, lines
        lines.append(line.rstrip("\n"))
    return proc, lines


def test_the_headless_host_prints_the_phones_address_and_code(tmp_path: Path) -> None:
    proc, lines = headless_host(tmp_path, "--web-port", "0")
    try:
        assert proc.stdout is not None
        url = proc.stdout.readline().split()
        assert url[0] == "phones"
        code = terminal_code(url[1])
        printed = "".join(proc.stdout.readline() for _ in code.splitlines())
        assert printed == code and "▀" in code
        here = lan_address()
        address, port = url[1].split("/")[2].rsplit(":", 1)
        assert address == here  # the LAN's, never 127.0.0.1 while there is one
        fingerprint = next(line.split()[1] for line in lines if line.startswith("fingerprint"))
        key = url[1].split("#k=")[1]
        raw = base64.urlsafe_b64decode(key + "=")
        assert net_fingerprint(z85.encode(raw).decode()) == fingerprint
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=5) as reply:
            assert b"Cheese &amp; Knights" in reply.read()
    finally:
        proc.terminate()
        proc.wait(timeout=10)


def test_no_web_serves_no_phones(tmp_path: Path) -> None:
    proc, lines = headless_host(tmp_path, "--no-web")
    try:
        port = int(lines[0].rsplit(":", 1)[1])
        with pytest.raises(OSError):
            urllib.request.urlopen(f"http://127.0.0.1:{port + 2}/", timeout=2)
    finally:
        proc.terminate()
        proc.wait(timeout=10)


def test_a_flooding_phone_meets_the_hosts_rate_limit(tmp_path: Path) -> None:
    with PhoneTable(tmp_path) as table, phone(table) as p:
        p.send({"type": "join", "v": 2, "name": "Ana"})
        p.until("welcome")
        for _ in range(int(table.config.rate) * 3):  # far past its messages a second
            p.send({"type": "ping"})
        assert p.until("error", code="rate_limited")["message"] == (
            "Too many messages; slow down.")


def test_a_taken_phones_port_leaves_the_table_running_without_phones(tmp_path: Path) -> None:
    port, held = phones_port_taken()
    with held:
        proc, lines = headless_host(tmp_path, "--port", str(port))
        try:
            assert proc.stdout is not None
            said = proc.stdout.readline()
            assert said.startswith("phones off: ") and str(port + 2) in said, said
            assert "--web-port" in said
            assert proc.poll() is None  # the table itself goes on
        finally:
            proc.terminate()
            proc.wait(timeout=10)


def test_a_taken_phones_port_asked_for_is_one_sentence_and_leaves_nothing(
        tmp_path: Path) -> None:
    """``--web-port N`` on a port in use stopped the host, as it should, but only after
    the table had printed its address and begun a log (an empty table in Replays), and
    it said "[Errno 98] error while attempting to bind on address ('0.0.0.0', N):
    address already in use"."""
    with socket.socket() as held:
        held.bind(("0.0.0.0", 0))
        held.listen()
        taken = held.getsockname()[1]
        env = dict(os.environ, PYTHONPATH=str(ROOT), CHEESEKNIGHTS_DATA_DIR=str(tmp_path / "d"),
                   CHEESEKNIGHTS_CONFIG_DIR=str(tmp_path / "c"))
        done = subprocess.run(
            [sys.executable, "-m", "client.cli", "host", "--headless", "--port", "0",
             "--players", "4", "--bots", "2", "--no-discovery", "--log-dir",
             str(tmp_path / "logs"), "--web-port", str(taken)],
            capture_output=True, text=True, env=env, cwd=ROOT, timeout=60)
    assert done.returncode == 2, done.stderr
    assert done.stdout == ""  # (no address of a table that is not there)
    assert done.stderr.strip().splitlines()[-1] == (
        f"cheeseknights: Cannot serve phones on 0.0.0.0:{taken}: another table or program "
        "uses that port.")
    assert list((tmp_path / "logs").glob("*")) == []
