"""The end-of-game reveal: the whole night, turned over once the vote is in.

Everything here was secret while the game ran; it leaves the host only as the one public
event that closes the game, so a player learns why they lost without anyone learning it
earlier. Built from the state alone, so a replay of the log produces the same story.
"""

from __future__ import annotations

from core.games.cheese_thief.shapes import CheeseStory, SeatPeek, StoryHour
from core.games.cheese_thief.state import FALL_MOUSE, HOURS, CheeseThiefState


def night(state: CheeseThiefState) -> list[StoryHour]:
    """Hour by hour: who woke, who peeked at whom and saw what, when the cheese went and
    who saw it go. The followers are chosen after hour 6 (or, at 5 players, among the
    theft's witnesses) and are listed in the story's own field."""
    every: list[SeatPeek] = [{"seat": seat, **peek}
                             for seat, seen in enumerate(state.peeks) for peek in seen]
    peeks = sorted(every, key=lambda p: (p["hour"], p["seat"]))
    hours: list[StoryHour] = []
    for hour in HOURS:
        awake = [s for s in range(state.n) if hour in state.wake[s]]
        theft = state.theft_hour == hour
        hours.append({
            "hour": hour,
            "awake": awake,
            "peeks": [{"seat": p["seat"], "target": p["target"], "die": p["die"],
                       "value": p["value"]} for p in peeks if p["hour"] == hour],
            "theft": theft,
            "witnesses": list(state.witnesses) if theft else [],
        })
    return hours


def why(state: CheeseThiefState) -> str:
    """Why the winning side won, as a code the client words (RULES.md §1, Winning)."""
    top, thief = state.top, state.thief
    if state.side_won == "fall_mouse":
        return "fall_mouse_voted"
    if state.side_won == "sleepyheads":
        return "thief_caught" if len(top) == 1 else "thief_caught_in_tie"
    if thief in top:
        return "thief_tied"  # tie_favours_thief: a shared top spot is not a catch
    return "thief_missed" if top else "no_votes"


def story(state: CheeseThiefState) -> CheeseStory:
    """The reveal's payload; only meaningful once the game is over."""
    assert state.result is not None
    return {
        "game": "cheese_thief",
        "winners": list(state.result.winners),
        "scores": list(state.result.scores),
        "side": state.side_won,
        "why": why(state),
        "roles": list(state.roles),
        "dice": [list(d) for d in state.dice],
        "wake_hours": [list(w) for w in state.wake],
        "thief": state.thief,
        "followers": list(state.followers),
        "fall_mouse": state.roles.index(FALL_MOUSE) if FALL_MOUSE in state.roles else None,
        "theft_hour": state.theft_hour,
        "night": night(state),
        "votes": list(state.votes),
        "top": list(state.top),
    }
