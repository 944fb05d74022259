"""A real LAN: the host in one network namespace, a windowed client (headless, dummy
video) in another, joined by a veth pair. Discovery runs over real multicast on a
non-loopback interface and every byte crosses it. The client finds the table by
discovery, is killed with SIGKILL mid-game, is started again, takes its seat back, and
the game completes.

The test makes its own namespaces and link, uses addresses only inside them, never
touches the machine's own interfaces, and removes everything when it ends.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SUBNET = "10.213.77"


def _ip(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["ip", *args], capture_output=True, text=True, timeout=10)


def _why_no_netns() -> str | None:
    if shutil.which("ip") is None:
        return "no `ip` command on this machine, so no network namespaces"
    if os.geteuid() != 0:
        return "creating network namespaces needs root"
    probe = f"ckprobe{os.getpid()}"
    made = _ip("netns", "add", probe)
    if made.returncode != 0:
        return f"this machine cannot create network namespaces: {made.stderr.strip()}"
    _ip("netns", "del", probe)
    return None


@contextmanager
def namespaces(names: tuple[str, ...], steps: Sequence[tuple[str, ...]]) -> Iterator[None]:
    """Network namespaces ``names``, set up by ``ip`` with each of ``steps`` (links,
    addresses, routes), and deleted when done, with every link they hold; the test is
    skipped, with the reason, where namespaces cannot be made."""
    why = _why_no_netns()
    if why is not None:
        pytest.skip(why)
    try:
        for ns in names:
            assert _ip("netns", "add", ns).returncode == 0
        for args in steps:
            done = _ip(*args)
            assert done.returncode == 0, (args, done.stderr)
        yield
    finally:
        for ns in names:
            _ip("netns", "del", ns)  # takes its ends of the links with it


@pytest.fixture
def lan() -> Iterator[tuple[str, str]]:
    """Two namespaces joined by one veth pair: (host namespace, guest namespace)."""
    tag = f"{os.getpid() % 100000}"
    host_ns, guest_ns = f"ckh{tag}", f"ckg{tag}"
    steps: list[tuple[str, ...]] = [("link", "add", f"vh{tag}", "netns", host_ns, "type", "veth",
              "peer", "name", f"vg{tag}", "netns", guest_ns)]
    for ns, dev, last in ((host_ns, f"vh{tag}", 1), (guest_ns, f"vg{tag}", 2)):
        steps += [("-n", ns, *args) for args in (
            ("addr", "add", f"{SUBNET}.{last}/24", "dev", dev), ("link", "set", "lo", "up"),
            ("link", "set", dev, "up"), ("route", "add", "224.0.0.0/4", "dev", dev))]
    with namespaces((host_ns, guest_ns), steps):
        yield host_ns, guest_ns


class Box:
    """Processes started inside namespaces; all are killed when the test ends."""

    def __init__(self, directory: Path) -> None:
        self.directory = directory
        self.procs: list[subprocess.Popen[bytes]] = []

    def start(self, ns: str, name: str, *args: str, env: dict[str, str] | None = None,
              module: str = "client.cli") -> tuple[subprocess.Popen[bytes], Path, Path]:
        """``python -m MODULE ARGS`` (the program, by default) in namespace ``ns``."""
        out, err = self.directory / f"{name}.out", self.directory / f"{name}.err"
        full = dict(os.environ, PYTHONPATH=str(ROOT), SDL_VIDEODRIVER="dummy",
                    SDL_AUDIODRIVER="dummy", **(env or {}))
        with open(out, "wb") as o, open(err, "wb") as e:
            proc = subprocess.Popen(
                ["ip", "netns", "exec", ns, sys.executable, "-m", module, *args],
                stdout=o, stderr=e, cwd=ROOT, env=full)
        self.procs.append(proc)
        return proc, out, err

    def stop(self) -> None:
        for proc in self.procs:
            if proc.poll() is None:
                proc.kill()
            proc.wait(timeout=10)


def wait_for(path: Path, words: str, timeout: float) -> str:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        text = path.read_text("utf-8", "replace") if path.exists() else ""
        for line in text.splitlines():
            if words in line:
                return line
        time.sleep(0.05)
    raise AssertionError(f"no {words!r} in {path.name} within {timeout}s:\n"
                         f"{path.read_text('utf-8', 'replace') if path.exists() else ''}")


def test_discover_join_kill_and_come_back_over_a_veth_pair(lan: tuple[str, str]) -> None:
    host_ns, guest_ns = lan
    with tempfile.TemporaryDirectory(prefix="cknetns-") as name:
        tmp = Path(name)
        box = Box(tmp)
        try:
            host, host_out, _ = box.start(
                host_ns, "host", "host", "--headless", "--players", "4", "--bots", "3",
                "--port", "0", "--bind", f"{SUBNET}.1", "--games", "1", "--pause", "0.2",
                "--log-dir", str(tmp), "--peer-timeout", "2", "--option", "grace_seconds=0.5",
                "--option", "bot_seconds=0", "--option", "hour_seconds=1.5",
                "--option", "discussion_seconds=1", "--option", "vote_seconds=1")
            wait_for(host_out, "address ", 15)
            client_env = {"CHEESEKNIGHTS_DATA_DIR": str(tmp / "data"),
                          "CHEESEKNIGHTS_CONFIG_DIR": str(tmp / "config")}
            join = ("join", "--headless", "--name", "Ivy", "--frames", "3000", "--stats")
            first, _, first_err = box.start(guest_ns, "first", *join, env=client_env)
            assert wait_for(first_err, "seat ", 20).startswith(f"seat 0 at {SUBNET}.1:")
            wait_for(host_out, "the game starts", 10)
            time.sleep(0.7)  # into the night
            first.send_signal(signal.SIGKILL)
            first.wait(timeout=5)
            # a night of 1.5 s hours leaves the relaunch about ten seconds, room enough on a
            # busy machine before the game would end without it
            again, again_out, again_err = box.start(guest_ns, "again", *join, env=client_env)
            assert "(reclaimed)" in wait_for(again_err, "seat ", 20)
            assert again.wait(timeout=40) == 0, again_err.read_text()
            assert host.wait(timeout=10) == 0
            assert "game 1 over" in host_out.read_text()
            stats = json.loads(again_out.read_text().strip().splitlines()[-1])
            assert stats["seat"] == 0 and stats["reclaimed"] is True
        finally:
            box.stop()
