"""The one outbound filter: every message a table sends is built here.

For each audience (a seat, or ``None`` for every spectator) the filter builds that
audience's content first — the game's view, its legal actions, the events it may
see, the open deadline — and only then compares it with what that audience last
received. An audience is sent an update only when *its own* filtered content
changed, so the traffic itself never tells a seat that another seat acted (a peek at
night changes the peeker's view and nobody else's, so nobody else hears a thing).

A game that splits its view (``Game.shared_view``) has the part every audience sees
alike built once per change; each audience's own part is built and compared per
audience as above, and a change of the shared part is a change for every audience.

Nothing here ever touches the seed, the RNG or the state beyond the game's own
``view``, ``shared_view``, ``own_view``, ``legal_actions`` and event audiences.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from core.game import Action, Deadline, Event, Game, Seat, View, joined_view
from net.hold import HeldKey, same_hold
from net.messages import ErrorMessage, EventData, HoldData, UpdateMessage, WireDeadline

Audience = Seat | None
"""A seat number, or None for the spectators (who all share one stream)."""


@dataclass
class Stream:
    """What one audience has been sent so far."""

    seq: int = 0
    view: View | None = None
    """The view last sent (without the shared part, when the game splits it)."""
    legal: list[Action] | None = None
    deadline: tuple[str, float] | None = None
    hold: HeldKey | None = None
    """The table's hold after a round, as last sent (``net.hold``)."""
    scanned: int = 0
    """How many of the table's events have been checked for this audience."""
    history: list[EventData] = field(default_factory=list)
    """The events of this game this audience may see, in order."""
    sent_events: int = 0
    """How many of ``history`` have gone out in updates."""


def deadline_data(deadline: Deadline | None, remaining: float) -> WireDeadline | None:
    if deadline is None:
        return None
    return {"key": deadline.key, "seconds": deadline.seconds, "remaining": max(0.0, remaining)}


def error_message(code: str, message: str) -> ErrorMessage:
    """An error for the one peer whose request caused it (never broadcast)."""
    return {"type": "error", "code": code, "message": message}


class Outbound:
    """Per-audience streams of updates, built filter-first, diffed second."""

    def __init__(self, game: Game[Any], players: int) -> None:
        self.game = game
        self.players = players
        self.game_no = 1
        self.streams: dict[Audience, Stream] = {seat: Stream() for seat in range(players)}
        self.streams[None] = Stream()
        self.shared: View | None = None
        """The part of every view all audiences share, as last built (None: no split)."""

    def new_game(self) -> None:
        """A new game at the same table: sequence numbers go on, content starts over."""
        self.game_no += 1
        self.shared = None
        for stream in self.streams.values():
            stream.view = stream.legal = stream.deadline = stream.hold = None
            stream.scanned = stream.sent_events = 0
            stream.history = []

    def _refresh(
        self, audience: Audience, state: Any, events: list[Event],
        timed: tuple[str, float] | None, shared_changed: bool, held: HeldKey | None,
        talk_only: bool = False,
    ) -> bool:
        """Rebuild one audience's filtered content; True when it differs from the last sent."""
        stream = self.streams[audience]
        history = stream.history
        for event in events[stream.scanned :]:
            if event.visible_to(audience):
                history.append(event.data)
        stream.scanned = len(events)
        if talk_only and self.shared is not None and stream.view is not None:
            # Table talk changes no audience's own part nor its legal actions
            # (tests/test_game_contract.py holds every game to it): they stay as sent.
            view, legal = stream.view, stream.legal
        elif self.shared is None:
            view = self.game.view(state, audience)
            legal = [] if audience is None else self.game.legal_actions(state, audience)
        else:
            view = self.game.own_view(state, audience)
            legal = [] if audience is None else self.game.legal_actions(state, audience)
        changed = (
            shared_changed
            or stream.sent_events < len(history)
            or timed != stream.deadline
            or held != stream.hold
            or legal != stream.legal
            or view != stream.view
        )
        stream.view, stream.legal, stream.deadline, stream.hold = view, legal, timed, held
        return changed

    def _message(
        self, audience: Audience, deadline: WireDeadline | None, snapshot: bool,
        hold: HoldData | None = None, whole: bool = True,
    ) -> UpdateMessage:
        stream = self.streams[audience]
        first = 0 if snapshot else stream.sent_events
        message: UpdateMessage = {
            "type": "update",
            "seq": stream.seq,
            "game_no": self.game_no,
            "snapshot": snapshot,
            "first_event": first,
            "view": self._view(stream) if whole else stream.view,
            "legal": stream.legal,
            "events": stream.history[first:],
            "deadline": deadline,
        }
        if hold is not None:
            message["hold"] = hold  # only while the table holds after a round
        return message

    def _view(self, stream: Stream) -> View | None:
        """The whole view: the audience's own part and the shared one (the very same
        objects for every audience, so a host can pack them once), in the order of the
        unsplit view."""
        if self.shared is None:
            return stream.view
        return joined_view(self.shared, stream.view or {})

    def updates(
        self, state: Any, events: list[Event], deadline: Deadline | None, remaining: float,
        hold: HoldData | None = None, *, talk_only: bool = False, whole: bool = True,
    ) -> list[tuple[Audience, UpdateMessage]]:
        """One update per audience whose filtered content changed since its last update.

        ``talk_only``: every change since the last call was table talk. ``whole``: False
        gives each update's view as the audience's own part only, for a caller that
        puts the shared part in itself (``net.packing``)."""
        shared = self.game.shared_view(state)
        shared_changed = shared is not None and shared != self.shared
        if shared is None or shared_changed:
            self.shared = shared  # (unchanged, it stays the very object: net.packing)
        timed = None if deadline is None else (deadline.key, deadline.seconds)
        data = deadline_data(deadline, remaining)
        held = same_hold(hold)
        out: list[tuple[Audience, UpdateMessage]] = []
        for audience, stream in self.streams.items():
            if self._refresh(audience, state, events, timed, shared_changed, held, talk_only):
                stream.seq += 1
                out.append((audience, self._message(audience, data, False, hold, whole)))
                stream.sent_events = len(stream.history)
        return out

    def snapshot(
        self, audience: Audience, deadline: Deadline | None, remaining: float,
        hold: HoldData | None = None,
    ) -> UpdateMessage:
        """Everything one audience may see now, with its current sequence number.

        Sent on join, on reconnect and when a peer reports a gap. The caller flushes
        ``updates`` first, so the snapshot holds exactly what the last update led to,
        and the events in it are the audience's whole log of this game.
        """
        return self._message(audience, deadline_data(deadline, remaining), True, hold)
