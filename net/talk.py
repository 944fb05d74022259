"""Table talk on the wire: updates carry only the new lines, as events.

A game that keeps its talk in its views (Cheese Thief keeps the last 80 lines) would
otherwise send the whole window to every audience with every line spoken: one seat
chatting would push the window to every spectator each time. So, on the wire, an
update's view leaves the window out and says how to rebuild it from the previous one
and the talk events the update carries; a snapshot still carries the window whole.

The host checks that the rebuild gives exactly the game's window, and sends the window
whole whenever it would not (a game that stopped keeping lines, say), so a peer's
rebuilt view is always the view the game built.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from net.messages import EventData, Received, UpdateMessage
from net.outbound import Audience

TALK: Final = "talk"
"""The view field that holds a game's talk window."""
TALK_EVENTS = ("chat", "emote")
"""Event types that are table talk (``core.game.Game._talk``)."""


def talk_lines(events: Sequence[object]) -> list[EventData]:
    return [e for e in events if isinstance(e, dict) and e.get("type") in TALK_EVENTS]


def rebuild(window: list[EventData], events: Sequence[object], rule: list[int]
            ) -> list[EventData]:
    """The new window: the old one plus the first ``added`` talk events, last ``kept``."""
    kept, added = rule
    grown = window + talk_lines(events)[:added]
    return grown[len(grown) - kept:] if kept else []


SHARED = "shared"
"""``TalkTrimmer``'s key for the window in a split view's shared part: every audience
is sent each change of that part, so they all hold the same window."""


class TalkTrimmer:
    """Host side: strips the talk window from each audience's updates."""

    def __init__(self) -> None:
        self.sent: dict[Audience | str, list[EventData]] = {}
        """Each audience's window as of its last update (what its peers now hold)."""

    def trim(self, audience: Audience, message: UpdateMessage) -> UpdateMessage:
        view = message.get("view")
        if not isinstance(view, dict) or TALK not in view:
            return message
        rule = self.rule(audience, view[TALK], message.get("events") or [])
        if rule is None:
            return message
        slim = {k: v for k, v in view.items() if k != TALK}
        return {**message, "view": slim, TALK: rule}

    def rule(self, audience: Audience | str, window: list[EventData], events: Sequence[object]
             ) -> list[int] | None:
        """How a peer rebuilds ``window`` from the one it holds and the talk in
        ``events``; None when it cannot (the window then goes whole)."""
        old = self.sent.get(audience, [])
        self.sent[audience] = window
        lines = talk_lines(events)
        for added in range(len(lines), -1, -1):
            rule = [len(window), added]
            if rebuild(old, lines, rule) == window:
                return rule
        return None


class TalkKeeper:
    """Peer side: puts the window back into each update's view."""

    def __init__(self) -> None:
        self.window: list[EventData] = []

    def restore(self, message: Received) -> None:
        view = message.get("view")
        if not isinstance(view, dict):
            return
        rule = message.pop(TALK, None)
        if TALK in view and isinstance(view[TALK], list):
            self.window = list(view[TALK])
        elif isinstance(rule, list) and len(rule) == 2 and all(isinstance(x, int) for x in rule):
            self.window = rebuild(self.window, message.get("events") or [], rule)
            view[TALK] = list(self.window)
