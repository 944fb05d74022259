"""Driving a whole game with bots, with no clock: each window closes as soon as the
bots are done with it. The sim command, tests and benchmarks all go through here.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from core.bots import Bot
from core.errors import RulesError
from core.game import Game, Outcome
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
        for _ in range(STEP_LIMIT):
            if game.outcome(state) is not None:
                return GameRecord(game.outcome(state), actions, None)
            movers = game.to_act(state)
            if not movers:
                game.expire(state)
                continue
            for seat in movers:
                legal = game.legal_actions(state, seat)
                if not legal:
                    continue
                game.apply(state, seat, bots[seat].act(game.view(state, seat), legal))
                actions += 1
        return GameRecord(None, actions, "the game did not end")
    except RulesError as exc:
        return GameRecord(None, actions, f"{exc.code}: {exc.message}")
    except Exception as exc:  # noqa: BLE001 - a sim reports every failure as data
        return GameRecord(None, actions, f"{type(exc).__name__}: {exc}")
