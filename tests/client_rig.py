"""What the table-scene tests share: a peer that hands a scene prepared updates, the
update the host would send a seat for a given state, and a table scene shown on one."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from client.app import HEADLESS_DT, App
from client.feed import Feed
from client.scenes import table_scene
from client.scenes.table import TableScene
from client.session import Session
from core.game import Game


class StaticPeer:
    """A peer that delivers one prepared update, then whatever a test adds to ``inbox``;
    it keeps what the scene sent."""

    def __init__(self, seat: int | None, message: dict[str, Any]) -> None:
        self.seat = seat
        self.sent: list[dict[str, Any]] = []
        self.inbox = [message]

    def send(self, action: dict[str, Any]) -> None:
        self.sent.append(action)

    def poll(self) -> list[dict[str, Any]]:
        out, self.inbox = self.inbox, []
        return out


def update(game: Game[Any], state: Any, seat: int | None, events: list[Any],
           timed: bool = False) -> dict[str, Any]:
    """One update message for ``seat`` (with the open window's clock when ``timed``)."""
    deadline = game.deadline(state) if timed else None
    return {
        "type": "update", "seq": 1, "view": game.view(state, seat),
        "legal": game.legal_actions(state, seat) if seat is not None else [],
        "events": [e.data for e in events if e.visible_to(seat)],
        "deadline": None if deadline is None else {
            "key": deadline.key, "seconds": deadline.seconds, "remaining": deadline.seconds},
    }


def show_table(app: App, game: Game[Any], state: Any, seat: int | None, events: list[Any],
               name: str, *, timed: bool, frames: int,
               make: Callable[[App, Session], TableScene] | None = None) -> TableScene:
    """The game's table scene on ``state`` from ``seat`` (None: a spectator), drawn for
    ``frames`` headless frames; seats are named "<name> 0", "<name> 1", ..."""
    feeds: dict[int | None, Feed] = {
        None: Feed(StaticPeer(None, update(game, state, None, events, timed)))}
    humans: list[int] = []
    if seat is not None:
        feeds[seat] = Feed(StaticPeer(seat, update(game, state, seat, events, timed)))
        humans = [seat]
    session = Session(feeds, humans, [f"{name} {i}" for i in range(game.players(state))])
    session.shown = seat if seat is not None else -1
    scene = table_scene(app, game.id, session) if make is None else make(app, session)
    app.scenes = [scene]
    for _ in range(frames):
        app.step(HEADLESS_DT)
    return scene


def colours(surface: pygame.Surface) -> int:
    """How many colours a screen shows (on a coarse grid): a blank one shows few."""
    small = pygame.transform.scale(surface, (320, 180))
    return len({small.get_at((x, y))[:3] for x in range(0, 320, 2) for y in range(0, 180, 2)})


def sent(scene: TableScene, seat: int) -> list[dict[str, Any]]:
    """What the scene sent from ``seat`` (its peer is a ``StaticPeer``)."""
    return scene.session.feeds[seat].peer.sent  # type: ignore[attr-defined, no-any-return]
