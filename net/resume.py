"""A resumed table's first seconds: whom it waits for, for how long, and how much of
the interrupted window is left.

Timing is information. A resumed host that waited for absent people until they came
back, or until the grace period ran out, stopped a Cheese Thief night hour for half a
minute; and a wait that ended when the seats awake in the hour were back would tell
who was awake. So the wait is one fixed length (``HostConfig.resume_wait``), whoever
is awake, connected or not. Every screen is told whom the table waits for and how long
(the ``table`` message's ``waiting``). Then the interrupted window gets the time it had
left at the crash, and stand-ins take the seats still empty.

What the window had left comes from the log: the host writes a ``clock`` line when a
window's clock starts (its key and the wall-clock time) and keeps the log's
modification time fresh while it runs (``ActionLog.touch``), so the log's last
modification tells when the host stopped. ``stand_in`` lines say which seats a bot
played for their person, so a resumed table waits only for the people who were there.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from core.game import Game
from net.messages import EventData, Options, ScoreLine, WaitingData
from net.records import LogLine

CLOCK = "clock"
"""Log record: the clock of window ``key`` started at ``wall`` (seconds since the epoch)."""
STAND_IN = "stand_in"
"""Log record: a bot started (``on``) or stopped playing ``seat`` for its person."""
START = "start"
"""Log record: the first game was started (a table hosted from a window waits for it)."""
RECORDS = (CLOCK, STAND_IN, START)


def began(records: list[LogLine] | None) -> bool:
    """Whether the table of ``records`` had started (None: a new table, not yet known).
    A log from before ``start`` lines counts as started once a move was made."""
    if records is None:
        return True
    games = sum(1 for r in records if r.get("t") == "game")
    return games > 1 or any(r.get("t") in (START, "act", "expire") for r in records)


def stopped_at(path: Path) -> float:
    """When the host that wrote ``path`` last showed signs of life (wall clock)."""
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0


def _since_last_game(records: list[LogLine]) -> list[LogLine]:
    last = max((i for i, r in enumerate(records) if r.get("t") == "game"), default=0)
    return records[last:]


def window_left(records: list[LogLine], key: str, seconds: float,
                stopped: float) -> float | None:
    """Seconds window ``key`` of ``seconds`` had left when the host stopped; None when
    the log does not say when its clock started (it then gets its whole length)."""
    clocks = [r for r in _since_last_game(records) if r.get("t") == CLOCK]
    if not clocks or clocks[-1].get("key") != key:
        return None
    wall = clocks[-1].get("wall")
    if not isinstance(wall, (int, float)) or isinstance(wall, bool):
        return None
    return min(seconds, max(0.0, seconds - max(0.0, stopped - float(wall))))


def stood_in(records: list[LogLine]) -> set[int]:
    """The seats a bot was playing for their person when the log ends."""
    seats: set[int] = set()
    for record in records:
        seat = record.get("seat")
        if record.get("t") != STAND_IN or not isinstance(seat, int):
            continue
        if record.get("on"):
            seats.add(seat)
        else:
            seats.discard(seat)
    return seats


def score_line(story: EventData) -> ScoreLine:
    """What a scoreboard needs of a game's ``story`` event: the game, winners, scores."""
    return {"game": story.get("game"), "winners": list(story.get("winners") or []),
            "scores": list(story.get("scores") or [])}


def past_scores(records: list[LogLine], game: Game[Any], players: int,
                options: Options) -> list[ScoreLine]:
    """Each game of the log before its last one, replayed from its seed and its moves,
    as ``score_line``: a resumed table's scores carry on."""
    starts = [i for i, r in enumerate(records) if r.get("t") == "game"]
    out: list[ScoreLine] = []
    for first, after in zip(starts, starts[1:], strict=False):
        state, _ = game.new_game(players, options, records[first]["seed"])
        for record in records[first + 1 : after]:
            if record.get("t") == "act":
                events = game.apply(state, int(record["seat"]), record["action"])
            elif record.get("t") == "expire":
                events = game.expire(state)
            else:
                continue
            out += [score_line(e.data) for e in events
                    if e.audience is None and e.data.get("type") == "story"]
    return out


@dataclass
class Wait:
    """The resumed table's wait: until when (the host's clock), and for whose seats."""

    until: float
    seats: list[int] = field(default_factory=list)
    """Every person's seat that was played by its person (not a stand-in) at the stop."""

    def left(self, now: float) -> float:
        return max(0.0, self.until - now)


def waiting_data(until: float, names: tuple[str, ...], now: float) -> WaitingData:
    """The ``table`` message's ``waiting``: seconds left, and who is not back yet."""
    return {"remaining": round(max(0.0, until - now), 3), "names": list(names)}
