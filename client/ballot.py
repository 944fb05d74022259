"""Ballots: a choice made at a shared screen with nothing of the chooser's own secrets on
it, so the people at the screen make it one after another behind a single curtain.

A Cheese Thief vote needs no private view: everyone points at a suspect, and what they
know they have already seen in their looks. A person's look between two curtains would
show their role and what they saw at night, so each vote used to cost a curtain. On a
ballot the screen shows the spectator's table (what the whole room knows) and only the
voter's choices; the votes stay hidden until all are in, as the rules say. So one
curtain opens the vote, and the ballots follow each other with no secret on screen.
"""

from __future__ import annotations

from typing import Any

from client.feed import Feed
from core.game import Action
from net.messages import EventData

BALLOTS = frozenset({"vote"})
"""Kinds of action made on a ballot."""


def on_ballot(legal: list[Action]) -> bool:
    """Whether these choices are all made on a ballot (and there is at least one)."""
    return bool(legal) and all(action.get("type") in BALLOTS for action in legal)


class BallotFeed(Feed):
    """What a ballot shows: the spectator's table and log, with one seat's choices and
    answers. It is a ``Feed`` to the scene; it is never pumped (the session pumps the
    two feeds it joins); its log is the spectator's own list and its fresh events none, so
no event is read twice."""

    def __init__(self, public: Feed, voter: Feed) -> None:  # noqa: D107 - no Feed state
        self._public, self._voter = public, voter

    def __getattr__(self, name: str) -> Any:
        return getattr(self._public, name)

    @property
    def legal(self) -> list[Action]:  # type: ignore[override]
        return self._voter.legal

    @property
    def pending(self) -> bool:  # type: ignore[override]
        return self._voter.pending

    @property
    def errors(self) -> list[tuple[float, str, str]]:  # type: ignore[override]
        return self._voter.errors

    @property
    def fresh(self) -> list[EventData]:  # type: ignore[override]
        return []

    @property
    def log(self) -> list[EventData]:  # type: ignore[override]
        return self._public.log  # the very list: a scene reading logs reads it once

    @property
    def seat(self) -> int | None:  # type: ignore[override]
        return None

    def send(self, action: Action) -> None:
        self._voter.send(action)
