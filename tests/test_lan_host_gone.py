"""A host that dies, or ends on purpose, as its guests meet it: real host processes
killed with SIGKILL or stopped with SIGTERM and SIGINT, real guest peers and windows
(dummy video) on 127.0.0.1, every wait bounded.

A guest is told within five seconds that the host went quiet, keeps its seat's token and
is back in its seat when the table is resumed; a host that ends on purpose says so first,
so its guests say the table closed instead; and a reconnect nobody typed never shows a
refusal meant for a password typed too often.
"""

from __future__ import annotations

import json
import signal
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from client.app import HEADLESS_DT
from net.log import read_log
from net.peer import QUIET, Peer
from tests.test_net_lan import Procs, finish, host_args, procs, start_host, tmp_path, wait_line
from tests.window_rig import own_window, run_until

__all__ = ["procs", "tmp_path"]  # the fixtures, shared with the other LAN tests


def test_guests_of_a_password_table_come_back_without_a_refusal(
        procs: Procs, tmp_path: Path) -> None:
    """Peers that keep talking to a dead host must not bury the resumed one in joins.

    Fast heartbeats stand in for a long outage: in three seconds each peer sends what a
    window sends in a minute. Every join carries the password, and the host checks at
    most twenty in a burst for the whole table."""
    args = host_args("cheese_thief", 4, tmp_path, "--password", "brie", "--bots", "1",
                     "--option", "grace_seconds=30", timer=5.0)
    host, _, address, log = start_host(procs, "host", args)
    guests = [Peer(address, name=name, password="brie", heartbeat=0.05, timeout=0.2)
              for name in ("Ann", "Ben", "Cy")]
    heard: dict[str, list[dict[str, Any]]] = {g.name: [] for g in guests}
    try:
        until(lambda: all(g.welcome for g in guests), guests, heard, 15)
        tokens = [g.token for g in guests]
        host.send_signal(signal.SIGKILL)
        host.wait(timeout=5)
        outage = time.monotonic() + 3.0
        while time.monotonic() < outage:
            pump(guests, heard)
        # A peer counts its quiet from what it last read, and on a loaded machine what the
        # host sent just before it died may be read a moment late: wait for the quiet.
        until(lambda: all(g.quiet(time.monotonic()) for g in guests), guests, heard, 10)
        for name in heard:
            heard[name] = []
        again, again_out = procs.start("again", "host", "--headless", "--resume", str(log),
                                       "--no-discovery")
        assert wait_line(again_out, "address ").split()[1] == address
        until(lambda: all(g.reclaimed and g.welcome for g in guests), guests, heard, 15)
        end = time.monotonic() + 1.0  # and nothing refused comes after the welcome
        while time.monotonic() < end:
            pump(guests, heard)
        errors = {name: [m for m in got if m["type"] == "error"] for name, got in heard.items()}
        assert errors == {g.name: [] for g in guests}
        assert [g.token for g in guests] == tokens
        assert not any(g.quiet(time.monotonic()) for g in guests)
    finally:
        for guest in guests:
            guest.close()


def pump(guests: list[Peer], heard: dict[str, list[dict[str, Any]]]) -> None:
    for guest in guests:
        heard[guest.name] += guest.wait(0.01)


def until(done: Any, guests: list[Peer], heard: dict[str, list[dict[str, Any]]],
          seconds: float) -> None:
    end = time.monotonic() + seconds
    while time.monotonic() < end and not done():
        pump(guests, heard)
    assert done(), heard


def test_quiet_is_well_within_five_seconds() -> None:
    assert 2.0 <= QUIET <= 4.0  # three missed heartbeats, and a frame to say it


def guest_window(procs: Procs, name: str, address: str, frames: int = 4000
                 ) -> tuple[subprocess.Popen[bytes], Path]:
    """A real window (dummy video) joined to ``address``: ``join --headless --stats``."""
    return procs.start(name, "join", address, "--headless", "--name", name, "--lang", "en",
                       "--frames", str(frames), "--stats")


def stats_of(out: Path) -> dict[str, Any]:
    line = next(x for x in out.read_text().splitlines() if x.startswith("{"))
    data: dict[str, Any] = json.loads(line)
    return data


def test_a_killed_host_is_said_within_five_seconds_and_the_seat_comes_back(
        procs: Procs, tmp_path: Path) -> None:
    # Hours of a second: the night is under way when the host dies. A grace period of a
    # minute: the resumed table can only finish in time if the guest is back in its seat.
    # (The resumed table's wait is short: the guest is back within it, or soon after.)
    args = host_args("cheese_thief", 4, tmp_path, "--games", "1", "--bots", "3",
                     "--option", "grace_seconds=60", "--option", "resume_seconds=2",
                     timer=1.0)
    host, host_out, address, log = start_host(procs, "host", args)
    guest, guest_out = guest_window(procs, "Ivy", address)
    wait_line(guest_out, "seat 0 at", 30)
    wait_line(host_out, "all seats taken", 15)
    time.sleep(1.0)
    host.send_signal(signal.SIGKILL)
    killed = time.monotonic()
    host.wait(timeout=5)
    wait_line(guest_out, "host gone after", 10)
    said = time.monotonic() - killed
    assert said < 5.0, f"the window said it {said:.1f} s after the host died"
    again, again_out = procs.start("again", "host", "--headless", "--resume", str(log),
                                   "--no-discovery")
    assert wait_line(again_out, "address ").split()[1] == address
    listening = time.monotonic()
    wait_line(guest_out, "host back", 15)
    back = time.monotonic() - listening
    finish(again, again_out, timeout=60)
    finish(guest, guest_out, timeout=30)  # it closes when its last game is over
    stats = stats_of(guest_out)
    assert stats["host_gone"] is True and stats["seat"] == 0
    assert QUIET <= stats["host_gone_after_s"] < 5.0
    records = read_log(log)
    assert [r["seat"] for r in records if r["t"] == "seat"] == [0]  # never given out again
    assert "game 1 over" in again_out.read_text()
    assert "a bot plays until" not in again_out.read_text()  # the person played it out
    print(f"host death to sentence {said:.2f} s; last word to sentence "
          f"{stats['host_gone_after_s']} s; resumed host listening to guest back {back:.2f} s")


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT])
def test_a_host_stopped_on_purpose_tells_its_guests_it_closed(
        sig: signal.Signals, procs: Procs, tmp_path: Path) -> None:
    args = host_args("cheese_thief", 4, tmp_path, "--bots", "3", timer=1.0)
    host, host_out, address, _ = start_host(procs, "host", args)
    guest, guest_out = guest_window(procs, "Ivy", address)
    wait_line(guest_out, "seat 0 at", 30)
    wait_line(host_out, "all seats taken", 15)
    time.sleep(1.0)
    host.send_signal(sig)
    stopped = time.monotonic()
    assert host.wait(timeout=10) == 0, host_out.read_text()
    finish(guest, guest_out, timeout=10)  # told, it goes at once (to the menu, or away)
    assert time.monotonic() - stopped < QUIET
    stats = stats_of(guest_out)
    assert stats["closed"] == "host_quit" and stats["host_gone"] is False
    assert "host gone" not in guest_out.read_text()


@pytest.fixture
def person(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    with own_window(tmp_path, monkeypatch, "Ivy") as app:
        yield app


def in_lobby(app: Any, address: str) -> Any:
    from client.scenes.connect import ConnectScene
    from client.scenes.lobby import LobbyScene

    app.push(ConnectScene(app, address))
    run_until(app, lambda: isinstance(app.scene, LobbyScene) and app.scene.table, 20)
    return app.scene


def test_the_window_says_the_host_went_quiet_and_goes_back_keeping_the_seat(
        procs: Procs, tmp_path: Path, person: Any) -> None:
    """A real window at the table of a real host process killed with SIGKILL: the
    sentence over the table, *Back to menu* without a question about a stand-in that
    cannot be, and the seat's token kept for the menu's Rejoin."""
    import pygame

    from client import identity
    from client.scenes.menu import MenuScene
    from client.scenes.table import TableScene

    app = person
    args = host_args("cheese_thief", 4, tmp_path, "--bots", "3", timer=2.0)
    host, _, address, _ = start_host(procs, "host", args)
    in_lobby(app, address).toggle_ready()
    run_until(app, lambda: isinstance(app.scene, TableScene), 20)
    table = app.scene
    assert isinstance(table, TableScene) and table.session.role == "guest"
    key = table.session.host.peer.server_key
    assert not table.host_gone() and "bot will play" in (table.leave_words() or "")
    host.send_signal(signal.SIGKILL)
    host.wait(timeout=5)
    killed = time.monotonic()
    run_until(app, table.host_gone, 8)
    assert time.monotonic() - killed < 5.0
    assert app.lan["host_gone"] is True and app.lan["host_gone_after_s"] >= QUIET
    from client.app import HEADLESS_DT
    from client.kit import ink

    recorder = ink.start()
    try:
        app._stale = True
        app.step(HEADLESS_DT)  # a whole frame with the sentence: nothing out of place
        assert recorder.total() == 0, [o.line() for o in recorder.offences.values()]
    finally:
        ink.stop()
    table.draw(app.screen)
    button = next(b for b in table.buttons if b.key == "host_menu")
    assert button.label == "Back to menu"
    assert table.leave_words() is None  # nobody can stand in: leaving asks nothing
    table.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=button.rect.center))
    assert isinstance(app.scene, MenuScene)
    assert (identity.seat_at(key) or {}).get("seat") == 0  # Rejoin can take it back


def test_the_clock_of_a_quiet_host_stands_still_and_runs_again_when_it_returns(
        procs: Procs, tmp_path: Path, person: Any) -> None:
    """Seen in a real window: under "The host went quiet" the score cards' clock ran on
    from 45 s to 34 s, towards a 0 s nobody would end. It stands while the host is
    quiet, and runs again once the resumed table is heard."""
    from client.scenes.table import TableScene

    app = person
    args = host_args("sly_knights", 3, tmp_path, "--bots", "2", timer=60.0)
    host, _, address, log = start_host(procs, "host", args)
    in_lobby(app, address).toggle_ready()
    run_until(app, lambda: isinstance(app.scene, TableScene), 20)
    table = app.scene
    run_until(app, lambda: (table.session.countdown() or 0.0) > 40.0, 10)
    host.send_signal(signal.SIGKILL)
    host.wait(timeout=5)
    run_until(app, table.host_gone, 8)
    said = table.session.countdown()  # (the frame the host is found quiet)
    app.step(HEADLESS_DT)
    standing = table.session.countdown()
    assert said is not None and standing is not None and said <= standing, (said, standing)
    for _ in range(90):  # a second and a half of this screen's clock
        app.step(HEADLESS_DT)
    assert table.session.countdown() == standing
    again, _ = procs.start("again", "host", "--headless", "--resume", str(log),
                           "--no-discovery")
    run_until(app, lambda: not table.host_gone(), 20)
    app.step(HEADLESS_DT)  # heard again: the clock is the table's once more (a resumed
    assert table.feed.stopped_at is None  # table first waits for its people, then runs)


def test_a_window_back_at_a_game_under_way_reads_what_it_missed_quietly(
        procs: Procs, tmp_path: Path, person: Any) -> None:
    """Seen in a real window: the host's window, back at its resumed table, showed the
    round's "Score cards revealed!" as news. A window that comes back to a game under
    way (here through the menu, after its host died and came back) reads what happened
    before it came quietly: no sound, and the round's reveal already past."""
    import pygame

    from client.scenes.connect import ConnectScene
    from client.scenes.menu import MenuScene
    from client.scenes.sly_knights.draw import reveal_caption
    from client.scenes.table import SETTLED, TableScene

    app = person
    args = host_args("sly_knights", 3, tmp_path, "--bots", "2", timer=1.0)
    host, _, address, log = start_host(procs, "host", args)
    in_lobby(app, address).toggle_ready()
    run_until(app, lambda: isinstance(app.scene, TableScene), 20)
    table = app.scene
    run_until(app, lambda: any(e.get("type") == "reveal" for e in table.feed.log), 20)
    host.send_signal(signal.SIGKILL)
    host.wait(timeout=5)
    run_until(app, table.host_gone, 8)
    table.draw(app.screen)
    button = next(b for b in table.buttons if b.key == "host_menu")
    table.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=button.rect.center))
    assert isinstance(app.scene, MenuScene)
    again, again_out = procs.start("again", "host", "--headless", "--resume", str(log),
                                   "--no-discovery")
    assert wait_line(again_out, "address ").split()[1] == address
    app.audio.played = []
    app.push(ConnectScene(app, address))
    run_until(app, lambda: isinstance(app.scene, TableScene), 20)
    back = app.scene
    app.step(HEADLESS_DT)
    assert any(e.get("type") == "reveal" for e in back.feed.log)
    assert reveal_caption(back.k, back.motion, back.time, back.name) == ""
    assert back.time >= SETTLED, "the history was read as news"
    assert app.audio.played == [], app.audio.played


def test_a_guest_waiting_in_the_lobby_is_told_and_sits_again_when_the_table_returns(
        procs: Procs, tmp_path: Path, person: Any) -> None:
    app = person
    args = host_args("cheese_thief", 4, tmp_path, "--bots", "2", timer=2.0)
    host, _, address, log = start_host(procs, "host", args)
    lobby = in_lobby(app, address)
    seat, token = lobby.peer.seat, lobby.peer.token
    host.send_signal(signal.SIGKILL)
    host.wait(timeout=5)
    run_until(app, lambda: lobby.status() == "The host went quiet: waiting for it to come back",
              8)
    from client.kit import ink

    recorder = ink.start()
    try:
        lobby.draw(app.screen)
        drawn = [d.words for d in recorder.drawn]
    finally:
        ink.stop()
    assert "The host went quiet: waiting for it to come back" in drawn
    assert "Cheese Thief, 4 players" in drawn  # what the table is stays said
    again, again_out = procs.start("again", "host", "--headless", "--resume", str(log),
                                   "--no-discovery")
    assert wait_line(again_out, "address ").split()[1] == address
    run_until(app, lambda: not lobby.watch.gone and lobby.peer.reclaimed, 15)
    assert "went quiet" not in lobby.status()
    assert app.scene is lobby and (lobby.peer.seat, lobby.peer.token) == (seat, token)
    run_until(app, lambda: any(s["seat"] == seat and s["connected"]
                               for s in (lobby.table or {}).get("seats", [])), 10)


def test_a_window_host_ended_with_sigterm_tells_its_guests_it_closed(
        procs: Procs, tmp_path: Path) -> None:
    from tests.test_lan_close import window

    hosting, hosting_out = window(procs, "hosting", "hostwindow", "menu", "--lang", "en")
    address = wait_line(hosting_out, "hosting at ", 30).split()[-1]
    guest, guest_out = guest_window(procs, "Ivy", address)
    wait_line(guest_out, "seat 1 at", 30)
    wait_line(hosting_out, "pressed start", 30)
    time.sleep(1.5)  # into the night
    hosting.send_signal(signal.SIGTERM)
    stopped = time.monotonic()
    finish(hosting, hosting_out, timeout=10)
    finish(guest, guest_out, timeout=10)
    assert time.monotonic() - stopped < QUIET + 2
    stats = stats_of(guest_out)
    assert stats["closed"] == "host_quit" and stats["host_gone"] is False
