"""What the table-scene tests share: a peer that hands a scene prepared updates, and the
update the host would send a seat for a given state."""

from __future__ import annotations

from typing import Any

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
