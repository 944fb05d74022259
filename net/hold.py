"""The pause after a round: the table holds until every person has read the summary.

A game names the public events that close a round (``Game.round_ends``); the table
(``net.table``) then holds. While it holds no clock runs and no bot is asked, so the
next round cannot start behind the summary, and a turn clock cannot tick away while
someone reads. It ends when every person still at the table has said ``continue``,
or when its time is up (a LAN table's ``summary_seconds``; people at one screen have
no limit). Bots continue at once; a seat a bot stands in for does not wait.

Here, once, rather than in each game: the rules stay free of reading time, and every
game with rounds holds the same way. The hold gives nothing away: it starts at a
public event, who has continued is as public as "ready", and it ends by people or by
its clock, never by anything secret. Every audience is sent the very same hold.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from core.game import Seat
from net.messages import HoldData

HeldKey = tuple[float | None, tuple[Seat, ...]]
"""What makes two holds the same news: their length and whom they wait for."""

CONTINUE = "continue"
"""The action a person sends when they have read the summary: ``{"type": "continue"}``."""

HOLD_RECORDS = ("continue", "release")
"""Action-log records of a hold: a seat continued; the time ran out with people still
reading. With them a replay (or a resumed table) holds exactly as the table did."""


@dataclass
class Hold:
    """One round's hold: who it waits for, since when, and for how long at most."""

    started: float
    seconds: float | None
    """None: no time limit."""
    waiting: set[Seat] = field(default_factory=set)

    def due(self, now: float) -> bool:
        return self.seconds is not None and now >= self.started + self.seconds

    def ends_at(self) -> float | None:
        return None if self.seconds is None else self.started + self.seconds

    def data(self, now: float) -> HoldData:
        """The hold as every audience is told it (docs/PROTOCOL.md, ``update``)."""
        end = self.ends_at()
        return {
            "seconds": self.seconds,
            "remaining": None if end is None else max(0.0, end - now),
            "waiting": sorted(self.waiting),
        }


def same_hold(data: HoldData | None) -> HeldKey | None:
    """What makes two holds the same news (its time left ticks on by itself)."""
    return None if data is None else (data["seconds"], tuple(data["waiting"]))
