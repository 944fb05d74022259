"""The end of a game is the group's, over real sockets on 127.0.0.1: at a table hosted
from a window the next game comes when its host says *Next game*, or when everyone has
said *Continue*, or after a countdown only where the host set one; ``cheeseknights
host``, with nobody at its keyboard, keeps its pause."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from net.host import Host
from net.keys import KeyPair
from tests.test_net_host import Raw, codes, config, join, serving, tmp_path
from tests.test_net_ready import lobby_of, send_ready

__all__ = ["tmp_path"]  # the fixture: a directory of this test's own

QUICK = {"hour_seconds": 0.05, "discussion_seconds": 0.1, "vote_seconds": 0.1}


READ: dict[int, list[dict[str, Any]]] = {}
"""What ``until`` read for each peer (by ``id``), for ``last_table`` to look at first: the
table message a test waits for may come in while ``until`` is still reading."""


def until(done: Any, seconds: float = 15.0, peers: tuple[Raw, ...] = ()) -> None:
    end = time.monotonic() + seconds
    for peer in peers:
        READ[id(peer)] = []
    while time.monotonic() < end and not done():
        for peer in peers:
            READ.setdefault(id(peer), []).extend(peer.replies(0.02))  # so no queue fills
        time.sleep(0.02)
    assert done()


def owner_table(tmp_path: Path, **kw: Any) -> tuple[Any, KeyPair]:
    keys = KeyPair.generate()
    return config(tmp_path, bots=2, owner=keys.public, pause=0.0, options=QUICK, **kw), keys


def first_game_over(host: Host, owner: Raw, guest: Raw) -> str:
    """Play game 1 to its end; the owner's seat token."""
    welcome = next(m for m in join(owner, name="Ann") if m["type"] == "welcome")
    join(guest, name="Ben")
    send_ready(guest, True)
    until(lambda: host._all_ready(), peers=(owner, guest))
    owner.send({"type": "start"})
    until(lambda: host.games_done == 1, peers=(owner, guest))
    return str(welcome["token"])


def last_table(raw: Raw, seconds: float = 0.5) -> dict[str, Any]:
    """The last table message this peer has, counting what ``until`` read for it."""
    table = lobby_of(READ.pop(id(raw), []) + raw.replies(seconds))
    assert table is not None
    return table


def test_a_window_s_table_waits_for_everyone_s_continue(tmp_path: Path) -> None:
    setup, keys = owner_table(tmp_path)
    with serving(setup) as host:
        owner, guest = Raw(host, keys=keys), Raw(host)
        first_game_over(host, owner, guest)
        table = last_table(guest)
        assert table["ready_check"] and table["next_game"] == {"by": "group", "countdown": None}
        assert [s["ready"] for s in table["seats"]] == [False, False, True, True]
        time.sleep(1.0)  # far past the pause of a command-line host: nothing is dealt
        assert host.table.outbound.game_no == 1 and host.finished_at is not None
        send_ready(guest, True)
        assert [s["ready"] for s in last_table(owner)["seats"]] == [False, True, True, True]
        time.sleep(0.3)
        assert host.table.outbound.game_no == 1  # the host's person is still reading
        send_ready(owner, True)  # everyone has said Continue
        until(lambda: host.table.outbound.game_no == 2, peers=(owner, guest))
        table = last_table(guest)
        assert "next_game" not in table and not table["ready_check"]
        for raw in (owner, guest):
            raw.close()


def test_next_game_deals_at_once_and_only_from_the_host_s_person(tmp_path: Path) -> None:
    setup, keys = owner_table(tmp_path)
    with serving(setup) as host:
        owner, guest = Raw(host, keys=keys), Raw(host)
        guest.send({"type": "start"})  # a game under way: not the guest's to say
        first_game_over(host, owner, guest)
        guest.send({"type": "start"})
        assert codes(guest.replies(0.5, until="not_host")) == ["not_host"]
        assert host.table.outbound.game_no == 1
        owner.send({"type": "start"})  # Next game: nobody else has continued
        until(lambda: host.table.outbound.game_no == 2, peers=(owner, guest))
        owner.send({"type": "start"})
        assert codes(owner.replies(0.5, until="already_started")) == ["already_started"]
        for raw in (owner, guest):
            raw.close()
    games = [line for line in host.log_path.read_text().splitlines() if '"t":"game"' in line]
    assert len(games) == 2  # the log says where the new game starts


def test_the_host_s_person_back_between_games_still_has_to_say_so(tmp_path: Path) -> None:
    setup, keys = owner_table(tmp_path)
    with serving(setup) as host:
        owner, guest = Raw(host, keys=keys), Raw(host)
        token = first_game_over(host, owner, guest)
        send_ready(guest, True)
        until(lambda: host.roster.claims[1].ready, peers=(owner, guest))
        owner.close()  # the host's window lost its connection, and comes back
        again = Raw(host, keys=keys)
        assert any(m["type"] == "welcome" for m in join(again, name="Ann", token=token))
        time.sleep(0.5)
        assert [s["ready"] for s in host._lobby()["seats"]] == [False, True, True, True]
        assert host.table.outbound.game_no == 1  # coming back is not Continue
        send_ready(again, True)
        until(lambda: host.table.outbound.game_no == 2, peers=(again, guest))
        for raw in (again, guest):
            raw.close()


def test_a_countdown_only_where_the_host_set_one(tmp_path: Path) -> None:
    setup, keys = owner_table(tmp_path, next_after=1.5)
    with serving(setup) as host:
        owner, guest = Raw(host, keys=keys), Raw(host)
        first_game_over(host, owner, guest)
        over = time.monotonic()
        table = last_table(guest, 0.2)
        countdown = table["next_game"]["countdown"]
        assert 0.8 < countdown <= 1.5
        until(lambda: host.table.outbound.game_no == 2, peers=(owner, guest))
        assert time.monotonic() - over > 0.8  # dealt by the countdown, nobody continued
        for raw in (owner, guest):
            raw.close()


def test_the_command_line_host_keeps_its_pause(tmp_path: Path) -> None:
    with serving(config(tmp_path, bots=2, pause=1.0, options=QUICK)) as host:
        a, b = Raw(host), Raw(host)
        for raw, name in ((a, "a"), (b, "b")):
            join(raw, name=name)
            send_ready(raw, True)
        until(lambda: host.games_done == 1, peers=(a, b))
        over = time.monotonic()
        table = last_table(a, 0.2)
        assert "next_game" not in table and not table["host_starts"]
        for raw in (a, b):
            send_ready(raw, True)  # as its people's windows do by themselves
        until(lambda: host.table.outbound.game_no == 2, peers=(a, b))
        assert time.monotonic() - over > 0.6  # not before its pause was over
        for raw in (a, b):
            raw.close()
