"""Discovery on a LAN without a default route (a party's own switch, no internet): the
host in one network namespace, guests in another, joined by a veth pair, and no route
in either but the link's own. The host's record names every address it can be reached
at and never 127.0.0.1; a guest lists the table with them all and joins it by discovery;
a table that stops announcing leaves a window's list within ten seconds.

The test makes its own namespaces and links, uses addresses only inside them, never
touches the machine's own interfaces, and removes everything when it ends.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.test_lan_netns import Box, _ip, namespaces, wait_for

ROOT = Path(__file__).resolve().parent.parent
SUBNET = "10.213.78"
"""The veth pair's network: the one address of the host a guest can reach."""
ELSEWHERE = "10.77.6"
"""A second network of the host (another card, a virtual machine's bridge) that the
guest also believes it is on, through a link that leads nowhere: its address is
announced too, and a guest must not get stuck on it."""


@pytest.fixture
def lan() -> Iterator[tuple[str, str]]:
    """(host namespace, guest namespace), with no route but each link's own."""
    tag = f"{os.getpid() % 100000}"
    host_ns, guest_ns = f"hgh{tag}", f"hgg{tag}"
    steps = [
        ("link", "add", f"hgvh{tag}", "netns", host_ns, "type", "veth",
         "peer", "name", f"hgvg{tag}", "netns", guest_ns),
        ("-n", host_ns, "addr", "add", f"{SUBNET}.1/24", "dev", f"hgvh{tag}"),
        ("-n", host_ns, "addr", "add", f"{ELSEWHERE}.1/24", "dev", f"hgvh{tag}"),
        ("-n", guest_ns, "addr", "add", f"{SUBNET}.2/24", "dev", f"hgvg{tag}"),
        ("-n", guest_ns, "link", "add", f"hgxa{tag}", "type", "veth",
         "peer", "name", f"hgxb{tag}"),
        ("-n", guest_ns, "addr", "add", f"{ELSEWHERE}.2/24", "dev", f"hgxa{tag}"),
        ("-n", guest_ns, "link", "set", f"hgxa{tag}", "up"),  # (its peer stays down)
        ("-n", host_ns, "link", "set", f"hgvh{tag}", "up"),
        ("-n", guest_ns, "link", "set", f"hgvg{tag}", "up"),
        ("-n", host_ns, "link", "set", "lo", "up"),
        ("-n", guest_ns, "link", "set", "lo", "up"),
    ]
    with namespaces((host_ns, guest_ns), steps):
        for ns in (host_ns, guest_ns):
            assert "default" not in _ip("-n", ns, "route").stdout
        yield host_ns, guest_ns


@pytest.fixture
def box() -> Iterator[Box]:
    """Processes in the namespaces, and a directory of their own; all end with the test."""
    with tempfile.TemporaryDirectory(prefix="hgnetns-") as name:
        started = Box(Path(name))
        try:
            yield started
        finally:
            started.stop()


def listed(box: Box, guest_ns: str, port: int, seconds: float = 20.0) -> dict[str, Any]:
    """The table at ``port`` as ``join --list --json`` in the guest's namespace sees it."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        lister, out, _ = box.start(guest_ns, "list", "join", "--list", "--json",
                                   "--browse-seconds", "2")
        lister.wait(timeout=30)
        tables = [t for t in json.loads(out.read_text() or "[]")
                  if str(t["address"]).endswith(f":{port}")]
        if tables:
            found: dict[str, Any] = tables[0]
            return found
    raise AssertionError(f"no table at port {port} listed within {seconds}s")


def hosting(box: Box, ns: str, *extra: str) -> tuple[subprocess.Popen[bytes], str, str]:
    """A four-seat Cheese Thief host in ``ns``, bound to every interface as a person's
    host is by default: the process, and the address and port it says it is at."""
    host, out, _ = box.start(ns, "host", "host", "--headless", "--players", "4", "--port",
                             "0", "--log-dir", str(box.directory), *extra)
    address, port = wait_for(out, "address ", 15).split()[1].rsplit(":", 1)
    return host, address, port


def own_files(home: Path) -> dict[str, str]:
    """A process's own settings and data (its seat tokens) under ``home``."""
    return {"CHEESEKNIGHTS_DATA_DIR": str(home / "data"),
            "CHEESEKNIGHTS_CONFIG_DIR": str(home / "config")}


def test_a_host_without_a_default_route_is_found_and_joined_at_its_lan_address(
        lan: tuple[str, str], box: Box) -> None:
    host_ns, guest_ns = lan
    tmp = box.directory
    host, host_ip, port = hosting(box, host_ns, "--bots", "3", "--games", "1", "--pause",
                                  "0.2", "--option", "bot_seconds=0", "--option",
                                  "hour_seconds=0.5", "--option", "discussion_seconds=1",
                                  "--option", "vote_seconds=1")
    assert host_ip in (f"{SUBNET}.1", f"{ELSEWHERE}.1")  # never 127.0.0.1
    table = listed(box, guest_ns, int(port))
    places = table["addresses"]
    assert isinstance(places, list)
    assert sorted(places) == sorted([f"{SUBNET}.1:{port}", f"{ELSEWHERE}.1:{port}"])
    join = ("join", "--headless", "--name", "Ivy", "--frames", "3000", "--stats")
    guest, guest_out, guest_err = box.start(guest_ns, "guest", *join,
                                            env=own_files(tmp / "guest"))
    assert wait_for(guest_err, "seat ", 30).startswith(f"seat 0 at {SUBNET}.1:{port}")
    assert guest.wait(timeout=60) == 0, guest_err.read_text()
    assert host.wait(timeout=10) == 0
    stats = json.loads(guest_out.read_text().strip().splitlines()[-1])
    assert stats["seat"] == 0


def test_the_list_names_game_host_and_lock_and_drops_a_dead_table_within_ten_seconds(
        lan: tuple[str, str], box: Box) -> None:
    host_ns, guest_ns = lan
    tmp = box.directory
    host, _, port = hosting(box, host_ns, "--bots", "2", "--name", "Ivy", "--password", "brie")
    _, list_out, _ = box.start(guest_ns, "window", "40", module="tests.list_driver",
                               env=own_files(tmp / "window"))
    line = json.loads(wait_for(list_out, f":{port}", 30))
    assert line["locks"] == 1
    words = line["tables"][0]
    assert words.startswith("Ivy's table   Cheese Thief   2 free   ")
    assert f":{port} (+1)   key " in words  # where, and that it has two addresses
    assert "cheese_thief" not in words  # a title, never the id
    assert words.endswith("password")  # and no version warning
    host.send_signal(signal.SIGKILL)
    host.wait(timeout=5)
    killed = time.monotonic()
    end = killed + 15
    while time.monotonic() < end:
        shown = list_out.read_text().splitlines()[-1]
        if f":{port}" not in shown:
            break
        time.sleep(0.05)
    gone = time.monotonic() - killed
    assert gone < 10.0, list_out.read_text()
    assert json.loads(shown)["tables"] == []
    print(f"a killed host's table left the list after {gone:.1f} s")
