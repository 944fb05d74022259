"""Stored games and playing them again: where logs live, the list, and a replay's
session with its controls (play, pause, step, seek, speed).

A replay runs the table's log through core (``net.replay``) and draws with the game's
own table scene, fed exactly like a live screen. From a seat it shows only what that
seat was sent; only the ``--all`` replay shows every card, and only there (as when
watching bots) may the bots' beliefs be shown.
"""

from __future__ import annotations

import itertools
import os
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from client.app import App
from client.feed import Feed
from client.i18n import tr
from client.session import PUBLIC, Session
from core.errors import RulesError
from net.replay import Recording, ReplayTable, load

LISTED = 60
"""The newest logs the Replays screen reads (each is run through core to check it)."""

_counter = itertools.count()


def replay_dir() -> Path:
    """Where every table this installation ran keeps its log (the LAN host's too)."""
    from client.identity import data_dir

    return data_dir() / "tables"


def new_local_log(game_id: str) -> Path:
    """A fresh file name for a single-screen or watched table's log."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    return replay_dir() / f"{stamp}-{game_id}-{os.getpid()}-{next(_counter)}.log"


@dataclass(frozen=True)
class Entry:
    """One finished game in the list."""

    path: Path
    no: int
    game_id: str
    players: list[str]
    when: float
    winners: tuple[int, ...] = ()
    humans: tuple[int, ...] = ()
    """The seats people played (this installation's reader among them); none: a table
    of bots that was watched."""


def seat_names(recording: Recording) -> list[str]:
    from client.tables import MICE

    names = []
    for seat, name in enumerate(recording.names):
        if name:
            names.append(name)
        elif recording.kinds[seat] == "human":
            names.append(tr("seat", n=seat + 1))
        else:
            names.append(f"{MICE[seat % len(MICE)]} ({tr('bot')})")
    return names


def list_replays(directory: Path | None = None) -> list[Entry]:
    """Finished games, newest first; a log that cannot be replayed is left out."""
    folder = directory if directory is not None else replay_dir()
    try:
        files = sorted(folder.glob("*.log"), key=lambda p: p.stat().st_mtime, reverse=True)
    except OSError:
        return []
    entries: list[Entry] = []
    for path in files[:LISTED]:
        try:
            recording = load(path)
            when = recording.started or path.stat().st_mtime
        except (RulesError, OSError):
            continue
        names = seat_names(recording)
        humans = tuple(s for s, kind in enumerate(recording.kinds) if kind == "human")
        for game in reversed(recording.finished_games()):
            winners = tuple(int(s) for s in (game.outcome["winners"] if game.outcome else []))
            entries.append(Entry(path, game.no, recording.game_id, names, when, winners,
                                 humans))
    return entries


class ReplayControl:
    """Play, pause, step, seek and speed for one replay's session."""

    def __init__(self, replay: ReplayTable, session: Session) -> None:
        self.replay = replay
        self.session = session
        self.scene: Any = None
        replay.on_rebuild = self._fresh_feeds

    @property
    def position(self) -> int:
        return self.replay.position

    @property
    def steps(self) -> int:
        return self.replay.steps

    def toggle(self) -> None:
        if self.session.paused and self.replay.finished:
            self.seek(0)
        self.session.paused = not self.session.paused

    def step(self, delta: int = 1) -> None:
        """One step on (or back), and stay paused there."""
        self.session.paused = True
        if delta > 0 and self.replay.position < self.replay.steps:
            self.replay.seek(self.replay.position + delta)
            self.session.clock = self.replay.time_of(self.replay.position)
        elif delta < 0:
            self.seek(self.replay.position + delta)

    def seek(self, position: int) -> None:
        """Stand after ``position`` steps; the scene reads the news there quietly."""
        self.replay.seek(position)
        session = self.session
        session.clock = self.replay.time_of(self.replay.position)
        session._hold = 0.0
        for feed in session.feeds.values():
            feed.pump(session.clock)
        if self.scene is not None:  # the table went back (or on) in time: so does the scene
            self.scene.app.voice.hush()
            self.scene._start_afresh(keep_table_wide=False)

    def seek_fraction(self, fraction: float) -> None:
        self.seek(round(max(0.0, min(1.0, fraction)) * self.replay.steps))

    def _fresh_feeds(self) -> None:
        for seat, feed in list(self.session.feeds.items()):
            self.session.feeds[seat] = Feed(feed.peer)


def replay_session(recording: Recording, no: int | None, seat: int | None) -> Session:
    """The session of a replay from ``seat`` (None: with everything shown)."""
    replay = ReplayTable(recording, no)
    feeds: dict[int | None, Feed] = {None: Feed(replay.join(None, choices=False))}
    if seat is not None:
        feeds[seat] = Feed(replay.join(seat, choices=False))
    session = Session(feeds, [], seat_names(recording), tick=replay.tick,
                      omniscient=replay.omniscient_view if seat is None else None,
                      finished=lambda: replay.finished)
    session.shown = PUBLIC if seat is None else seat
    session.show_all = seat is None
    session.dwell = 1.5
    session.replay = ReplayControl(replay, session)
    if seat is None:
        session.bot_views = replay.bot_views
    return session


def replay_scene(app: App, recording: Recording, no: int | None, seat: int | None,
                 *, beliefs: bool = False) -> Any:
    """The game's own table scene, fed by a replay."""
    from client.scenes import table_scene

    session = replay_session(recording, no, seat)
    session.show_beliefs = beliefs and session.bot_views is not None
    scene = table_scene(app, recording.game_id, session)
    session.replay.scene = scene
    return scene
