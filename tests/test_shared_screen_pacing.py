"""Time at a shared screen tells the room nothing, and nobody waits on a dead clock.

Three people share one screen at a Cheese Thief table. The schedule of the screen (at
which step the eyes change, and to whom) is the information the room sees; it must be
the same whoever wakes when, whoever is the Thief and whoever peeks. The session is
driven with a fixed step, never the wall clock: the people act at the first step they
can (taking, peeking and choosing rather than passing), and close their eyes at the
first step the table lets them.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

import pytest

from client.session import PUBLIC, Session
from net.local import LocalTable

STEP = 1 / 30
LOOK = 1.0
HOUR = 10.0
OPTIONS = {"look_seconds": LOOK, "hour_seconds": HOUR, "follower_seconds": HOUR,
           "discussion_seconds": 5.0, "vote_seconds": 5.0}
NAMES = ["Aki", "Ben", "Chika", "Daichi", "Emi"]
SECRET = ("choose_die", "night", "followers")
DEALS = {
    # seed: what the people do in it (5 seats, seats 0-2 people, 3-4 bots)
    13: "a bot is the Thief, nobody wakes alone: every look only looks",
    19: "seat 0 is the Thief; seats 1 and 2 each wake alone and peek",
    23: "seat 2 is the Thief and wakes with seats 0 and 1, then picks a follower",
}


@dataclass
class Run:
    schedule: list[tuple[int, tuple[int, int | None]]] = field(default_factory=list)
    """(step, eyes) at every change of the eyes: what the room sees."""
    window_ends: list[float] = field(default_factory=list)
    """The table clock at which each secret window gave way to the next."""
    acted: list[str] = field(default_factory=list)
    """Private actions the people took (to show the deals really differ)."""
    idle_clock: float = 0.0
    """Table time that ran in a secret window while nobody was looking and the window
    did not end: a dead countdown."""
    looks: list[int] = field(default_factory=list)
    """Steps each look lasted, from lifting the privacy screen to closing the eyes."""


def key(session: Session) -> str | None:
    deadline = session.feeds[None].deadline
    return None if not deadline else str(deadline.get("key"))


def play(seed: int, players: int = 5, people: int = 3, steps: int = 3000) -> Run:
    kinds = ["human"] * people + ["simple"] * (players - people)
    options = {k: v for k, v in OPTIONS.items() if players >= 5 or k != "follower_seconds"}
    table = LocalTable("cheese_thief", players, options, seed, kinds, bot_delay=0.6)
    session = Session.local(table, list(range(people)), NAMES[:players])
    rng = random.Random(seed)
    run, eyes, opened = Run(), None, None
    for step in range(steps):
        before, window = session.clock, key(session)
        nobody = session.shown == PUBLIC and session.privacy_for is None
        phase = (session.feeds[None].view or {}).get("phase")
        session.advance(STEP)
        if phase in SECRET and key(session) != window:
            run.window_ends.append(round(session.clock, 6))
        elif phase in SECRET and nobody:
            run.idle_clock += session.clock - before
        now = (session.shown, session.privacy_for)
        if now != eyes:
            if eyes is not None and eyes[0] != PUBLIC and opened is not None:
                run.looks.append(step - opened)
            if now[0] != PUBLIC:
                opened = step
            eyes = now
            run.schedule.append((step, now))
        public = session.feeds[None].view or {}
        if public.get("result") is not None:
            return run
        if session.privacy_for is not None:
            session.reveal()
        elif session.shown != PUBLIC:
            feed = session.feed
            private = [a for a in feed.legal if a.get("type") != "ready"]
            if feed.pending:
                continue
            if private:
                action = rng.choice([a for a in private if a["type"] != "pass"] or private)
                run.acted.append(f"{session.shown}:{action['type']}")
                feed.send(action)
            else:  # readiness is said together, on the screen everyone sees
                session.moment_done()
        elif session.ballot is not None:  # a vote, on a ballot with no secret on it
            if not session.feed.pending:
                session.feed.send(rng.choice(session.feed.legal))
        else:
            for seat, action in session.public_actions():
                session.feeds[seat].send(action)
    raise AssertionError(f"seed {seed}: no result in {steps} steps")


@pytest.fixture(scope="module")
def runs() -> dict[int, Run]:
    return {seed: play(seed) for seed in DEALS}


def test_the_screen_changes_on_the_same_schedule_whoever_wakes(runs: dict[int, Run]) -> None:
    first = runs[13]
    assert not first.acted or all(a.endswith("vote") for a in first.acted)
    assert {"0:take", "1:peek", "2:peek"} <= set(runs[19].acted)
    assert {"2:take", "2:followers"} <= set(runs[23].acted)
    for seed, run in runs.items():
        night = [(s, e) for s, e in run.schedule if s < first.schedule[-1][0]]
        assert night == first.schedule[:len(night)], f"seed {seed} ({DEALS[seed]})"
        assert run.schedule == first.schedule, f"seed {seed} ({DEALS[seed]})"
        assert run.window_ends == first.window_ends, f"seed {seed}: windows ended differently"


def test_every_look_lasts_the_table_minimum(runs: dict[int, Run]) -> None:
    for seed, run in runs.items():
        # 1 s at 30 steps a second, and one step for the eyes to change: every look,
        # the Thief's, a peek's and a sleeper's alike.
        assert set(run.looks) == {round(LOOK / STEP) + 1}, f"seed {seed}: {run.looks}"


def test_no_countdown_runs_while_nobody_looks(runs: dict[int, Run]) -> None:
    for seed, run in runs.items():
        assert run.idle_clock == 0.0, f"seed {seed}: {run.idle_clock:.2f} s with nobody able to act"


def test_an_hour_ends_when_every_person_has_looked(runs: dict[int, Run]) -> None:
    """Six hours and the follower step, each ending after three looks (the table clock
    runs only during the looks), long before the 10 s hour would."""
    ends = runs[13].window_ends
    assert len(ends) == 7
    lengths = [b - a for a, b in zip([0.0, *ends], ends, strict=False)]
    for length in lengths[1:]:
        assert length == pytest.approx(HOUR, abs=1e-6)  # the host's own hour, ended early
    starts = [step for step, eyes in runs[13].schedule if eyes == (PUBLIC, 0)]
    per_hour = [b - a for a, b in zip(starts, starts[1:], strict=False)][:6]
    # Each person: a step behind the privacy screen, then the look (its minimum and the
    # step the eyes change): 3.2 s of the screen for a 10 s hour.
    assert set(per_hour) == {3 * (round(LOOK / STEP) + 2)}, per_hour


def test_at_four_players_the_dice_choice_is_paced_the_same() -> None:
    """At 4 players the Sleepyheads choose a die before the night (a secret window
    too): which people choose, and who is the Thief, shows in no schedule."""
    runs = {seed: play(seed, players=4) for seed in (1, 2, 3)}
    assert {a for run in runs.values() for a in run.acted} >= {
        "0:choose_die", "0:take", "1:take", "2:choose_die", "2:take"}
    first = runs[1]
    assert len(first.window_ends) == 7  # the dice choice and six hours
    for seed, run in runs.items():
        assert (run.schedule, run.window_ends, run.idle_clock) == (
            first.schedule, first.window_ends, 0.0), f"seed {seed}"


def test_a_look_cannot_be_cut_short() -> None:
    table = LocalTable("cheese_thief", 5, OPTIONS, 13, ["human"] * 2 + ["simple"] * 3,
                       bot_delay=0.0)
    session = Session.local(table, [0, 1], NAMES)
    session.advance(STEP)
    assert session.privacy_for == 0
    session.reveal()
    assert session.look_left == pytest.approx(LOOK)
    session.advance(STEP)
    session.moment_done()
    assert session.shown == 0, "a look ended before its minimum"
    for _ in range(round(LOOK / STEP)):
        session.advance(STEP)
    session.moment_done()
    assert (session.shown, session.privacy_for) == (PUBLIC, 1)


def test_the_option_is_a_table_option_in_both_languages() -> None:
    from core.registry import get_game

    spec: dict[str, Any] = next(o.describe(5) for o in get_game("cheese_thief").options
                                if o.name == "look_seconds")
    assert spec["default"] == 3.0
    assert spec["title"]["en"] != "look_seconds" and spec["title"]["ja"] != "look_seconds"
    assert spec["help"]["en"] and spec["help"]["ja"]
