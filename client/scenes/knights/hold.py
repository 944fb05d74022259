"""Keeping a finished round on screen when the next one starts at once.

At a table of bots everyone is ready the moment a round ends, so the host deals the
next round in the same breath and the screen never receives a view of the review. To
let people watch the line-up turn over, the scene rebuilds that review from the public
events it was sent (arrows, answers, captain, line-up, the round's record) and shows it
until the reveal is over. Only public events and the seat's own view go into it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import cast

from core.games.knights.shapes import KnightsLine, LineUpData, RoundRecord, knights_view

LOOK = 2.0
"""Seconds the rebuilt review stays after its verdict has faded."""
GRACE = 3.0
"""A round that ended less than this long ago is still worth a look."""


class RoundMemory:
    def __init__(self) -> None:
        self.events: list[Mapping[str, object]] = []
        """Public events of the round in progress."""
        self.finished: list[Mapping[str, object]] | None = None
        self.ended_at: float | None = None
        self.started = False
        """Whether a batch was taken before: the first one may hold a whole past game."""
        self.until = 0.0

    def take(self, events: Sequence[Mapping[str, object]], now: float, busy: bool) -> bool:
        """Record public events; True when a new round began while the last one was still
        being shown (``busy``: its reveal runs) or had only just ended."""
        held = False
        for event in events:
            kind = event.get("type")
            if kind == "round":
                if self.ended_at is not None and (busy or now - self.ended_at < GRACE):
                    self.finished, held = self.events, True
                    self.until = now + LOOK
                self.events, self.ended_at = [], None
            self.events.append(event)
            if kind == "round_end":
                self.ended_at = now
        if held and (self.ended_at is not None or not self.started):
            # A screen that joins late, or a batch that ends a round too, has nothing to hold.
            self.finished, held = None, False
        self.started = True
        return held

    def active(self, now: float) -> bool:
        return self.finished is not None and now < self.until

    def view(self, current: Mapping[str, object]) -> dict[str, object] | None:
        """The finished round's review, drawn over the current view's table and seat."""
        current = knights_view(current)
        events = self.finished or []
        record = next((cast(RoundRecord, e) for e in events if e.get("type") == "round_end"),
                      None)
        if record is None:
            return None
        n = int(current["players"])
        arrows: list[list[int]] = [[] for _ in range(n)]
        log: list[dict[str, object]] = []
        captain_event: Mapping[str, object] = {}
        line_up: LineUpData | None = None
        for e in events:
            e = cast(KnightsLine, e)
            kind = e.get("type")
            if kind == "inspect":
                arrows[int(e["seat"])].append(int(e["tile"]))
            elif kind == "answer":
                log.append({k: v for k, v in e.items() if k != "type"})
            elif kind == "captain":
                captain_event = e
            elif kind == "line_up":
                line_up = {"order": list(e["order"]), "left_out": e.get("left_out")}
        tiles = list(record["tiles"])
        witch_side = list(record["witch_side"])
        bewitched = list(record["bewitched"])
        number = int(record["round"])
        view = dict(current)
        view.update(
            phase="review", round=number, start=record["start"], acting=None, question=None,
            deadline=None, chat_open=False, arrows=arrows, log=log, values=tiles,
            tiles=[{"id": t, "owner": t if t < n else None} for t in range(len(tiles))],
            recommended=[True] * n, recommendations=captain_event.get("recommendations"),
            captain=record.get("captain"), line_up=line_up, ready=[False] * n,
            rounds=[r for r in current.get("rounds") or [] if int(r["round"]) <= number],
            totals=list(record["totals"]), result=None,
            captain_tile=tiles[cast(int, record["captain"])] if record.get("captain") is not None
            else None,
        )
        if "aside_values" in current:
            view.update(aside_values=list(record["aside"]), witch_side=witch_side,
                        bewitched=bewitched)
        you = current.get("you")
        seat = current.get("seat")
        if you and seat is not None:
            witchy = seat in witch_side
            view["you"] = dict(you, value=tiles[seat], side="witch" if witchy else "knights",
                               bewitched=seat in bewitched,
                               witch_side=witch_side if witchy else None, won=None)
        return view
