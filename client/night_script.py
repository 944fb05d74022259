"""When the narrator says what: the cue schedule of a Cheese Thief night, as pure data.

Two callers share it. The digital table (``client/narration.py``) asks for the cues of
one phase when the host announces that phase; the moderator for a physical table
(``client/scenes/moderator.py``) asks for a whole night at once. Neither needs a clock
or a sound device to know the schedule, so tests read it directly.

What makes it safe to speak at a digital table: every cue is computed from a public
event, the table size and the public timing options, never from anything a seat
knows. The words of each hour are the same whoever is awake, and when they are said
depends only on the hour's length.

The rule book's timings (RULES.md §1): each hour, a call, a countdown to the end of the
action window, and "close your eyes"; after hour 6, the follower steps for 6-8 players
(at 5 the follower is chosen in the hour of the theft; at 4 there are none); then the
morning, the discussion timer, and the vote ("who is the Thief? 3, 2, 1, vote!").
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

GAP = 0.25
"""Seconds of quiet between two lines spoken one after the other."""

COUNT_FROM = 10
"""The rule book's moderator counts "10, 9, 8 ... 1"; shorter windows count less."""


@dataclass(frozen=True)
class Cue:
    at: float
    """Seconds from the start of the schedule (a phase at the table, the night for the
    moderator)."""
    line: str
    """Line id in ``client.voice_lines.LINES``; also the clip's file name."""
    step: str
    """"nightfall", "hour", "followers", "morning", "discussion" or "vote"."""
    hour: int | None = None
    """The night hour (1-6) a cue belongs to, for the hour's call, count and close."""


@dataclass(frozen=True)
class Step:
    """A stretch of the night the moderator's screen names, with its own timer."""

    start: float
    end: float
    step: str
    hour: int | None = None
    timer: float = 0.0
    """When the step's counted window (the action window) begins."""
    timer_end: float = 0.0
    """When it ends: the last number has been counted and the closing call begins."""


def follower_step_lines(players: int) -> list[tuple[list[str], list[str]]]:
    """The rule book's follower calls for a physical table, as (intro, outro) pairs, one
    per counted window: at 6 the Thief touches one hand and the Follower looks at the
    Thief; at 7 two Followers are touched and look at each other but not at the Thief;
    at 8 the two Followers and the Thief all meet."""
    if players == 6:
        return [(["hands_out", "thief_touch_one"], []),
                (["follower_meets_thief"], ["two_close"])]
    if players == 7:
        return [(["hands_out", "thief_touch_two"], ["followers_stay_closed"]),
                (["followers_meet_each_other"], ["two_close"])]
    if players == 8:
        return [(["hands_out", "thief_touch_two"], []),
                (["followers_meet_thief"], ["three_close"])]
    return []


def _length(lines: Sequence[str], durations: Mapping[str, float]) -> float:
    return sum(durations[line] + GAP for line in lines)


def window(intro: Sequence[str], outro: Sequence[str], window_s: float,
           durations: Mapping[str, float], *, step: str, hour: int | None = None,
           start: float = 0.0, optional: int = 0, count_from: int = COUNT_FROM) -> list[Cue]:
    """Cues for one timed window: ``intro`` from its start, a countdown of whole seconds
    ending where ``outro`` begins, and ``outro`` ending with the window.

    The first ``optional`` intro lines are dropped when the window is too short for
    them, so a call is never pushed into the next window; the count shrinks first.
    """
    intro = list(intro)
    room = window_s - _length(outro, durations)
    while optional and _length(intro, durations) > room:
        intro, optional = intro[1:], optional - 1
    cues: list[Cue] = []
    t = start
    for line in intro:
        cues.append(Cue(round(t, 3), line, step, hour))
        t += durations[line] + GAP
    outro_at = max(t, start + room)
    count = max(0, min(count_from, math.floor(outro_at - t + 1e-9)))
    for i in range(count):
        cues.append(Cue(round(outro_at - count + i, 3), f"count_{count - i}", step, hour))
    t = outro_at
    for line in outro:
        cues.append(Cue(round(t, 3), line, step, hour))
        t += durations[line] + GAP
    return cues


def counted(intro: Sequence[str], outro: Sequence[str], seconds: float,
            durations: Mapping[str, float]) -> float:
    """The window length that leaves exactly ``seconds`` between ``intro`` and ``outro``:
    at a physical table the calls take their own time and the action window follows."""
    return _length(intro, durations) + seconds + _length(outro, durations)


MODERATED = ("hour_seconds", "follower_seconds", "discussion_seconds")
"""The table options a moderated night reads (``table_night``): the menu offers only
these for real cards. The rest (a tie's winner, a look's length, the vote's time, the
four-player peek) are for a table the program keeps, and the people at a real one
keep them."""


def option_seconds(options: Mapping[str, object], name: str, default: float) -> float:
    """A timing option of the table (``hour_seconds`` ...), or its default."""
    value = options.get(name, default)
    return float(value) if isinstance(value, (int, float)) else default


# -- the digital table: one phase at a time ----------------------------------------------------
def phase_cues(kind: str, hour: int | None, players: int, options: Mapping[str, object],
               durations: Mapping[str, float]) -> list[Cue]:
    """Cues for the public event ``kind`` that opens a phase, times from its arrival.

    ``options`` are the table's public timing options (``hour_seconds`` ...). Events
    that open no phase give no cues.
    """
    def seconds(name: str, default: float) -> float:
        return option_seconds(options, name, default)

    if kind == "choose_die":
        # The 4-player reminder only where the window has room for it.
        fits = _length(["nightfall", "rule_4"], durations) <= seconds("hour_seconds", 10)
        return window(["nightfall", *(["rule_4"] if fits else [])], [],
                      seconds("hour_seconds", 10), durations, step="nightfall", count_from=0)
    if kind == "hour" and hour is not None:
        lead = ["nightfall"] if hour == 1 and players > 4 else []
        return window([*lead, f"hour_{hour}"], ["eyes_closed"], seconds("hour_seconds", 10),
                      durations, step="hour", hour=hour, optional=len(lead))
    if kind == "followers_step" and players >= 5:
        return window([f"followers_{players}"], [], seconds("follower_seconds", 5), durations,
                      step="followers")
    if kind == "day":
        return window(["morning", "discussion"], ["discussion_end"],
                      seconds("discussion_seconds", 180), durations, step="discussion")
    if kind == "vote_open":
        return vote_call(0.0, durations)
    return []


def vote_call(start: float, durations: Mapping[str, float]) -> list[Cue]:
    """ "Who is the Cheese Thief? 3, 2, 1, vote!" with a second for each number."""
    call = durations["vote_call"] + GAP
    cues = [Cue(round(start, 3), "vote_call", "vote")]
    cues += [Cue(round(start + call + i, 3), f"count_{3 - i}", "vote") for i in range(3)]
    cues.append(Cue(round(start + call + 3, 3), "vote_now", "vote"))
    return cues


# -- the physical table: the whole night ------------------------------------------------------
@dataclass(frozen=True)
class Night:
    cues: list[Cue]
    steps: list[Step]
    length: float


def table_night(players: int, hour_seconds: float, durations: Mapping[str, float], *,
                follower_seconds: float = 5.0, discussion_seconds: float = 180.0) -> Night:
    """The moderator's whole night for ``players`` people with real cards and dice.

    Every hour gives the table ``hour_seconds`` of counted time after its call; each
    follower step ``follower_seconds``; the discussion ``discussion_seconds``.
    """
    cues: list[Cue] = []
    steps: list[Step] = []
    t = 0.0

    def add(intro: list[str], outro: list[str], seconds: float, step: str,
            hour: int | None = None, count_from: int = COUNT_FROM) -> None:
        nonlocal t
        length = counted(intro, outro, seconds, durations)
        cues.extend(window(intro, outro, length, durations, step=step, hour=hour, start=t,
                           count_from=count_from))
        timer = t + _length(intro, durations) if count_from else t + length
        timer_end = t + length - _length(outro, durations) if count_from else t + length
        steps.append(Step(round(t, 3), round(t + length, 3), step, hour, round(timer, 3),
                          round(timer_end, 3)))
        t += length

    rule = {4: ["rule_4"], 5: ["rule_5"]}.get(players, [])
    add(["nightfall", *rule], [], 1.0, "nightfall", count_from=0)
    for hour in range(1, 7):
        add([f"hour_{hour}"], ["eyes_closed"], hour_seconds, "hour", hour)
    for intro, outro in follower_step_lines(players):
        add(intro, outro, follower_seconds, "followers")
    add(["morning", "discussion"], ["discussion_end"], discussion_seconds, "discussion")
    vote = vote_call(t, durations)
    cues.extend(vote)
    after_vote = vote[-1].at + durations["vote_now"] + GAP + 2.0
    cues.append(Cue(round(after_vote, 3), "reveal", "vote"))
    end = after_vote + durations["reveal"] + GAP
    steps.append(Step(round(t, 3), round(end, 3), "vote", None, round(end, 3), round(end, 3)))
    return Night(cues, steps, round(end, 3))
