"""Every game the program knows, by id, and the bots each game offers.

Adding a game means one module under ``core/games/`` and one line here.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from core.bots import Bot, RandomBot
from core.errors import OptionError
from core.game import Game
from core.games.cheese_thief import CheeseThief, CheeseThiefBot
from core.games.cheese_thief.smart import EasyBot, HardBot, NormalBot
from core.games.choose import Choose, ChooseBot
from core.games.choose.smart import LEVELS as CHOOSE_LEVELS
from core.games.knights import Knights, KnightsBot
from core.games.knights.smart import LEVELS as KNIGHTS_LEVELS
from core.games.sly_knights import SlyKnights, SlyKnightsBot
from core.games.sly_knights.smart import EasyBot as SlyEasyBot
from core.games.sly_knights.smart import HardBot as SlyHardBot
from core.games.sly_knights.smart import NormalBot as SlyNormalBot

BotFactory = Callable[[int, int], Bot]
"""(seat, seed) -> bot."""

GAMES: dict[str, Game[Any]] = {}
BOTS: dict[str, dict[str, BotFactory]] = {}


def register(game: Game[Any], bots: dict[str, BotFactory]) -> None:
    GAMES[game.id] = game
    BOTS[game.id] = {"random": RandomBot, **bots}


register(CheeseThief(), {"simple": CheeseThiefBot, "easy": EasyBot, "normal": NormalBot,
                         "hard": HardBot})
register(Choose(), {"simple": ChooseBot, **CHOOSE_LEVELS})
register(Knights(), {"simple": KnightsBot, **KNIGHTS_LEVELS})
register(SlyKnights(), {"simple": SlyKnightsBot, "easy": SlyEasyBot, "normal": SlyNormalBot,
                        "hard": SlyHardBot})


def get_game(game_id: str) -> Game[Any]:
    try:
        return GAMES[game_id]
    except KeyError:
        known = ", ".join(sorted(GAMES))
        raise OptionError(
            "unknown_game", f"There is no game {game_id!r} (games: {known})."
        ) from None


def make_bot(game_id: str, level: str, seat: int, seed: int) -> Bot:
    levels = BOTS[get_game(game_id).id]
    if level not in levels:
        known = ", ".join(levels)
        raise OptionError("unknown_bot", f"{game_id} has no bot level {level!r} (levels: {known}).")
    return levels[level](seat, seed)


def default_bot_level(game_id: str) -> str:
    """The level that fills an empty seat unless someone asks for another: the best
    that still decides quickly (normal), else the best the game has."""
    levels = BOTS[get_game(game_id).id]
    for level in ("normal", "simple"):
        if level in levels:
            return level
    return next(reversed(levels))


def paced_events(view: Mapping[str, Any] | None) -> tuple[str, ...]:
    """The event types after which a table showing ``view`` holds for a moment when
    watched (``Game.paced``); none for no view yet, or a game this program lacks."""
    game = GAMES.get(str(view.get("game"))) if view else None
    return game.paced if game is not None else ()
