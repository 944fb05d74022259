"""A Cheese Thief vote at a shared screen: one curtain, then a ballot per person that
shows the spectator's table and nothing of the voter's own secrets."""

from __future__ import annotations

from typing import Any

import pytest

from client.app import App
from client.ballot import BallotFeed, on_ballot
from client.i18n import tr
from client.session import PUBLIC
from client.settings import Settings
from client.tables import local_scene
from tests.test_curtain_presses import WAIT, click, frames, space

FAST: dict[str, object] = {"hour_seconds": 0.5, "follower_seconds": 0.5, "look_seconds": 0.5,
        "discussion_seconds": 2.0, "vote_seconds": 30.0}


@pytest.fixture(scope="module")
def app() -> App:
    return App(Settings(bot_delay=0.0), headless=True, size=(1280, 720))


def test_on_ballot_is_only_for_votes() -> None:
    assert on_ballot([{"type": "vote", "target": 1}, {"type": "vote", "target": 2}])
    assert not on_ballot([]) and not on_ballot([{"type": "vote"}, {"type": "pass"}])


def test_the_vote_takes_one_curtain_and_shows_no_secret(app: App) -> None:
    scene: Any = local_scene(app, "cheese_thief", 5, FAST, 3, 3, "simple")
    app.scenes = [scene]
    session = scene.session
    curtains, ballots, voters = 0, list[int](), list[int]()
    behind = False
    for _ in range(20000):
        frames(app)
        public = session.feeds[None].view or {}
        if public.get("result") is not None:
            break
        vote = public.get("phase") == "vote"
        if session.privacy_for is not None:
            curtains += vote and not behind
            behind = True
            frames(app, WAIT)
            space()
            continue
        behind = False
        if session.ballot is not None:
            feed = session.feed
            assert isinstance(feed, BallotFeed) and session.shown == PUBLIC
            assert feed.log is session.feeds[None].log and feed.log, "the table's log shows"
            assert scene.mouse == (640, 2) or voters, "the pointer left the last vote"
            assert session.view() == public and not public.get("you"), (
                "a ballot shows the spectator's table")
            assert scene.prompt(scene.k) == tr("ballot.vote", name=scene.name(session.ballot))
            if feed.pending or not session.steady() or not scene.k:
                continue
            if session.ballot in voters:
                continue
            voters.append(session.ballot)
            ballots.append(session.ballot)
            target = next(s for s in range(5) if scene.clickable(s))
            centre = scene._layout.seats[target]
            click(centre)  # a double-click: the second half lands on the next ballot
            frames(app, 6)
            pending = [f.pending for f in session.feeds.values()]
            click(centre)
            frames(app)
            assert [f.pending for f in session.feeds.values()] == pending, (
                "the second click voted for the next person")
            continue
        private = [a for a in session.feed.legal if a.get("type") != "ready"]
        if session.shown != PUBLIC and private and not session.feed.pending:
            scene.send(private[0])
        elif session.shown != PUBLIC and any(b.key == "done" and b.enabled
                                             for b in scene.buttons):
            session.moment_done()
        elif session.shown == PUBLIC:
            for seat, action in session.public_actions():
                session.feeds[seat].send(action)
    assert (session.feeds[None].view or {}).get("result") is not None
    assert curtains == 1, f"{curtains} curtains in the vote"
    assert ballots == [0, 1, 2]
    votes = (session.feeds[None].view or {}).get("votes") or []
    assert all(v is not None for v in votes[:3]), votes
