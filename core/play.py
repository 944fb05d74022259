"""Driving a whole game with bots, with no clock: each window closes as soon as the
bots are done with it. The sim command, tests and benchmarks all go through here.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from core.bots import Bot
from core.errors import RulesError
from core.game import Action, Event, Game, Outcome, Seat
from core.registry import make_bot
from core.rng import derive_seed

STEP_LIMIT = 100_000
"""A game that takes more steps than this is stuck; it counts as an error."""


@dataclass
class GameRecord:
    outcome: Outcome | None
    actions: int
    error: str | None


def seat_bots(game_id: str, levels: Sequence[str], seed: int) -> list[Bot]:
    return [
        make_bot(game_id, level, seat, derive_seed(seed, 1000 + seat))
        for seat, level in enumerate(levels)
    ]


def play(
    game: Game[Any], players: int, options: Mapping[str, object], seed: int, bots: Sequence[Bot]
) -> GameRecord:
    """Play one game to its end; any exception or refused action is recorded, not raised."""
    actions = 0
    try:
        state, _ = game.new_game(players, options, seed)

        def act(seat: Seat, legal: list[Action]) -> None:
            nonlocal actions
            game.apply(state, seat, bots[seat].act(game.view(state, seat), legal))
            actions += 1

        for _ in range(STEP_LIMIT):
            if game.outcome(state) is not None:
                return GameRecord(game.outcome(state), actions, None)
            advance(game, state, act)
        return GameRecord(None, actions, "the game did not end")
    except RulesError as exc:
        return GameRecord(None, actions, f"{exc.code}: {exc.message}")
    except Exception as exc:  # noqa: BLE001 - a sim reports every failure as data
        return GameRecord(None, actions, f"{type(exc).__name__}: {exc}")


def advance(
    game: Game[Any], state: Any, act: Callable[[Seat, list[Action]], object]
) -> list[Event]:
    """Play the open window of a clockless game one pass: ``act`` makes (applies) the
    decision of each seat the window waits on, in turn, each given its legal list as it
    stands once the seats before it have acted. A window nobody waits on is expired, as
    its clock would. Returns the expiry's events (an action's events are ``act``'s).

    One loop for the sim and the tests that drive a game with bots, so each plays a
    window the same way."""
    movers = game.to_act(state)
    if not movers:
        return game.expire(state)
    for seat in movers:
        legal = game.legal_actions(state, seat)
        if legal:
            act(seat, legal)
    return []
