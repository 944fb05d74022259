"""Build Cheese Thief tables with chosen roles and dice, for rule-by-rule tests."""

from __future__ import annotations

from typing import Any

from core.game import Event
from core.games.cheese_thief.rules import CheeseThief
from core.games.cheese_thief.state import THIEF, CheeseThiefState
from core.registry import GAMES

GAME: CheeseThief = GAMES["cheese_thief"]  # type: ignore[assignment]


def rig(roles: str, dice: list[Any], **options: Any) -> tuple[CheeseThiefState, list[Event]]:
    """``roles`` one letter a seat: T thief, S sleepyhead, F fall mouse.

    ``dice`` one int a seat (a pair at 4 players).
    """
    letters = {"T": "thief", "S": "sleepyhead", "F": "fall_mouse"}
    n = len(roles)
    state = GAME.deal(n, GAME.check_options(n, options), 1)
    state.roles = [letters[c] for c in roles]
    state.dice = [list(d) if isinstance(d, (list, tuple)) else [d] for d in dice]
    state.thief = state.roles.index(THIEF)
    state.wake = [list(d) if n > 4 else [] for d in state.dice]
    state.wake[state.thief] = sorted(set(state.dice[state.thief]))
    state.knows_thief = [s == state.thief for s in range(n)]
    return state, GAME.start(state)


def run_night(state: CheeseThiefState, moves: dict[int, dict[str, Any]] | None = None) -> None:
    """Let every hour pass; at each hour, seats in ``moves`` with a legal matching
    action take it (keyed by hour*10+seat, or by seat for any hour)."""
    moves = moves or {}
    while state.phase in ("choose_die", "night"):
        for seat in range(state.n):
            move = moves.get(state.hour * 10 + seat) if state.phase == "night" else None
            if move is not None and move in GAME.legal_actions(state, seat):
                GAME.apply(state, seat, move)
        GAME.expire(state)


def to_day(state: CheeseThiefState) -> None:
    """Close every window up to the vote."""
    while state.phase != "vote":
        GAME.expire(state)


def vote(state: CheeseThiefState, targets: list[int | None]) -> None:
    to_day(state)
    for seat, target in enumerate(targets):
        if target is not None:
            GAME.apply(state, seat, {"type": "vote", "target": target})
    if state.phase == "vote":
        GAME.expire(state)


def swap(state: CheeseThiefState, a: int, b: int) -> None:
    """Exchange everything secret between seats a and b (before the game starts)."""
    for field in (state.roles, state.dice, state.wake):
        field[a], field[b] = field[b], field[a]
    state.thief = state.roles.index(THIEF)
    state.knows_thief = [s == state.thief for s in range(state.n)]


def candidate_pairs(state: CheeseThiefState, p: int, same_role: bool) -> list[tuple[int, int]]:
    p_hours = set(state.wake[p]) | set(state.dice[p])
    quiet = [s for s in range(state.n) if s != p and not p_hours & set(state.dice[s])]
    pairs = []
    for i, a in enumerate(quiet):
        for b in quiet[i + 1:]:
            alike = state.roles[a] == state.roles[b]
            if alike == same_role and (same_role or THIEF in (state.roles[a], state.roles[b])):
                pairs.append((a, b))
    return pairs
