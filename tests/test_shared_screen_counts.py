"""Fewer curtains where the rules allow: counted over whole games by ``bench/curtains.py``
(the shared screen's own rule for who looks when, on an in-process table)."""

from __future__ import annotations

import random

import pytest

from bench.curtains import count
from client.kit.hold import CONTINUE, here_waiting
from client.session import PUBLIC, Session
from net.local import LocalTable


@pytest.mark.parametrize(("game", "players", "people", "most"), [
    # Before: 27 and 18 (a curtain and a look for every vote); 211, 97, 37, 23, 67 and 37
    # on average over five deals (a look for every person at every turn).
    ("cheese_thief", 5, 3, 25), ("cheese_thief", 5, 2, 17),
    ("choose", 4, 3, 120), ("choose", 3, 2, 73), ("sly_knights", 3, 3, 34),
    ("sly_knights", 3, 2, 22), ("knights", 5, 3, 40), ("knights", 4, 2, 30),
])
def test_curtains_per_game(game: str, players: int, people: int, most: int) -> None:
    counted = count(game, players, people, seed=1)
    assert counted.finished and 0 < counted.curtains <= most, counted


@pytest.mark.parametrize(("game", "players", "news"), [
    ("choose", 3, True), ("sly_knights", 3, True), ("knights", 4, False), ("knights", 5, False)])
def test_where_turns_are_open_only_a_person_with_a_reason_looks(game: str, players: int,
                                                                  news: bool) -> None:
    """Whose turn it is, and who was told something, is public in Choose! and Sly Knight
    Robbery: every curtain is for someone with a choice to make or news they have not
    seen. In Seven Knights Bewitched only who has a choice is public (the Witch's holder
    alone learns of a bewitching), so every curtain is for a choice: when someone learns
    something shows in no schedule, nor does a look that lasts until Done."""
    kinds = ["human", "human"] + ["simple"] * (players - 2)
    table = LocalTable(game, players, {}, 2, kinds, bot_delay=0.6)
    session = Session.local(table, [0, 1], ["Aki", "Ben", "Chika", "Daichi", "Emi"])
    rng, curtains = random.Random(2), 0
    for _ in range(30_000):
        looking = session.shown
        session.advance(1 / 30)
        # Where news is nobody's business, a look ends only when its person says Done
        # (else a screen moving on at once would show who had nothing new).
        assert news or looking in (PUBLIC, session.shown), "a look ended by itself"
        if (session.feeds[None].view or {}).get("result") is not None:
            break
        seat = session.privacy_for
        if seat is not None:
            feed = session.feeds[seat]
            unseen = session._private_count(seat) > session._seen_private.get(seat, -1)
            assert feed.legal or (news and unseen), "a look for nothing, or for news alone"
            curtains += 1
            session.reveal()
        elif session.shown != PUBLIC and not session.feed.pending:
            private = [a for a in session.feed.legal if a.get("type") != "ready"]
            if private:
                session.feed.send(rng.choice(private))
            else:
                session.moment_done()
        elif session.shown == PUBLIC:
            for waiting in here_waiting(session):
                if not session.feeds[waiting].pending:
                    session.feeds[waiting].send(dict(CONTINUE))
    assert (session.feeds[None].view or {}).get("result") is not None and curtains > 5
