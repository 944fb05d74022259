"""The host's person at the lobby, over real sockets on 127.0.0.1: only they change a
bot's level or start the table, every refusal has a code and changes nothing, everyone's
lobby shows the level, a resumed table keeps it, and a table nobody hosts from a window
still deals by itself."""

from __future__ import annotations

import copy
import time
from pathlib import Path
from typing import Any

from net.host import Host
from net.keys import KeyPair
from tests.test_net_host import Raw, codes, config, join, serving, tmp_path, until
from tests.test_net_ready import lobby_of, send_ready

__all__ = ["tmp_path"]  # the fixture: a directory of this test's own

SLOW = {"hour_seconds": 60.0}


def asks(raw: Raw, message: dict[str, Any], code: str) -> None:
    raw.send(message)
    assert codes(raw.replies(0.5, until=code)) == [code], message


def lobby_after(raw: Raw, done: Any, seconds: float = 3.0) -> dict[str, Any]:
    """The first table message this peer receives for which ``done`` holds."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        table = lobby_of(raw.replies(0.1))
        if table is not None and done(table):
            return table
    raise AssertionError("no such table message")


def test_only_the_host_person_changes_levels_and_starts(tmp_path: Path) -> None:
    owner_keys = KeyPair.generate()
    setup = config(tmp_path, bots=2, bot_level="simple", options=SLOW, owner=owner_keys.public)
    with serving(setup) as host:
        owner, guest = Raw(host, keys=owner_keys), Raw(host)
        first = lobby_of(join(owner, name="host"))
        assert first is not None and first["host_starts"]
        assert [s["level"] for s in first["seats"]] == [None, None, "simple", "simple"]
        assert first["seats"][0]["ready"]  # the host's own seat: Start says it
        join(guest, name="guest")

        asks(guest, {"type": "start"}, "not_host")
        asks(guest, {"type": "bot_level", "seat": 2, "level": "hard"}, "not_host")
        asks(owner, {"type": "bot_level", "seat": 2, "level": "genius"}, "unknown_bot")
        asks(owner, {"type": "bot_level", "seat": 1, "level": "hard"}, "not_bot")
        asks(owner, {"type": "bot_level", "seat": 9, "level": "hard"}, "bad_seat")
        asks(owner, {"type": "bot_level", "seat": 2, "level": 3}, "malformed")
        asks(owner, {"type": "start"}, "not_ready")  # the guest has not said ready
        assert host.table.kinds == ["human", "human", "simple", "simple"] and not host.started

        owner.send({"type": "bot_level", "seat": 3, "level": "hard"})
        seen = lobby_after(guest, lambda t: t["seats"][3]["level"] == "hard")
        assert seen["seats"][2]["level"] == "simple"
        assert host.table.bots[3].level == "hard"

        send_ready(guest, True)
        lobby_after(guest, lambda t: all(s["ready"] for s in t["seats"]))
        time.sleep(0.2)
        assert not host.started  # everyone is ready, and the table waits for its host
        asks(guest, {"type": "start"}, "not_host")
        assert not host.started

        owner.send({"type": "start"})
        replies = guest.replies(1.0)
        assert host.started and any(m["type"] == "update" and m["snapshot"] for m in replies)
        asks(owner, {"type": "start"}, "already_started")
        asks(owner, {"type": "bot_level", "seat": 2, "level": "hard"}, "already_started")
        assert host.table.kinds[2] == "simple"
        for raw in (owner, guest):
            raw.close()
    lines = host.log_path.read_text().splitlines()
    assert sum('"t":"level"' in line for line in lines) == 1


def test_a_resumed_table_keeps_the_levels_its_host_chose(tmp_path: Path) -> None:
    owner_keys = KeyPair.generate()
    setup = config(tmp_path, bots=2, bot_level="simple", options=SLOW, owner=owner_keys.public)
    with serving(setup) as host:
        owner = Raw(host, keys=owner_keys)
        join(owner, name="host")
        owner.send({"type": "bot_level", "seat": 2, "level": "hard"})
        lobby_after(owner, lambda t: t["seats"][2]["level"] == "hard")
        owner.close()
    again = Host(config(tmp_path), resume=host.log_path)
    try:
        assert again.table.kinds == ["human", "human", "hard", "simple"]
        assert again.table.bots[2].level == "hard"
        assert [s["level"] for s in again._lobby()["seats"]][2:] == ["hard", "simple"]
    finally:
        again.close()


def test_the_host_gives_the_seats_nobody_took_to_bots(tmp_path: Path) -> None:
    """A table hosted with every seat for people, and fewer people: the host's person
    gives the open seats to bots (the form's level) and starts. A taken seat, a bot's,
    or any seat after the deal is left as it is; a resumed table and its replay keep
    the bots; each bot is the one a seat hosted as a bot's would have had."""
    from net.replay import load

    owner_keys = KeyPair.generate()
    setup = config(tmp_path, bot_level="easy", options=SLOW, owner=owner_keys.public,
                   seed=7)
    with serving(setup) as host:
        owner, guest = Raw(host, keys=owner_keys), Raw(host)
        join(owner, name="host")
        join(guest, name="guest")
        host.give_to_bot(1)  # the guest's: taken
        host.give_to_bot(9)  # no such seat
        host.give_to_bot(3)
        seen = lobby_after(guest, lambda t: t["seats"][3]["kind"] == "bot")
        assert [s["kind"] for s in seen["seats"]] == ["human", "human", "human", "bot"]
        assert seen["seats"][3]["level"] == "easy" and seen["seats"][3]["claimed"]
        host.give_to_bot(3)  # already a bot's
        host.give_to_bot(2)
        lobby_after(guest, lambda t: t["seats"][2]["kind"] == "bot")
        assert host.table.kinds == ["human", "human", "easy", "easy"]
        assert not host.roster.free_seats()
        hosted_so = Host(config(tmp_path, bots=2, bot_level="easy", options=SLOW, seed=7))
        try:  # the same table hosted with two bots' seats: the same bots
            for seat in (2, 3):
                mine, theirs = copy.deepcopy(host.table.bots[seat]), hosted_so.table.bots[seat]
                assert (type(mine), mine.level) == (type(theirs), theirs.level)
                assert mine.rng.next64() == theirs.rng.next64()
        finally:
            hosted_so.close()

        send_ready(guest, True)
        lobby_after(guest, lambda t: all(s["ready"] for s in t["seats"]))
        owner.send({"type": "start"})
        until(lambda: host.started)
        for raw in (owner, guest):
            raw.close()
    lines = host.log_path.read_text().splitlines()
    assert sum('"t":"bot"' in line for line in lines) == 2

    again = Host(config(tmp_path), resume=host.log_path)
    try:
        assert again.table.kinds == ["human", "human", "easy", "easy"]
        assert again.started
    finally:
        again.close()
    assert load(host.log_path).kinds == ["human", "human", "easy", "easy"]



def test_a_table_without_a_host_person_deals_by_itself(tmp_path: Path) -> None:
    """``cheeseknights host`` has nobody at its keyboard: nobody may start or change a
    bot, and the deal comes once every seat is ready."""
    with serving(config(tmp_path, bots=3, options=SLOW)) as host:
        person = Raw(host)
        table = lobby_of(join(person, name="solo"))
        assert table is not None and not table["host_starts"]
        asks(person, {"type": "start"}, "not_host")
        asks(person, {"type": "bot_level", "seat": 1, "level": "hard"}, "not_host")
        send_ready(person, True)
        lobby_after(person, lambda t: t["started"])
        assert host.started
        person.close()
