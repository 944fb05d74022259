"""Every game the program knows, by id, and the bots each game offers.

Adding a game means one module under ``core/games/`` and one line here.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from typing import Any

from core.bots import Bot, RandomBot
from core.errors import OptionError
from core.game import Game
from core.games.cheese_thief import CheeseThief, CheeseThiefBot
from core.games.choose import Choose, ChooseBot
from core.games.knights import Knights, KnightsBot
from core.games.sly_knights import SlyKnights, SlyKnightsBot

BotFactory = Callable[[int, int], Bot]
"""(seat, seed) -> bot."""


def later(module: str, name: str) -> BotFactory:
    """The bot class ``name`` of ``module``, imported when its first bot is made: the
    stronger bots' modules cost a start-up more than every game's rules, and the menu
    only needs their names."""

    def make(seat: int, seed: int) -> Bot:
        factory: BotFactory = getattr(importlib.import_module(module), name)
        return factory(seat, seed)

    return make


def smart(game: str) -> dict[str, BotFactory]:
    """``easy``, ``normal`` and ``hard``: the classes ``EasyBot``, ``NormalBot`` and
    ``HardBot`` of the game's ``smart`` module, imported when first played."""
    module = f"core.games.{game}.smart"
    return {level: later(module, f"{level.capitalize()}Bot") for level in SMART_LEVELS}


SMART_LEVELS = ("easy", "normal", "hard")

GAMES: dict[str, Game[Any]] = {}
BOTS: dict[str, dict[str, BotFactory]] = {}


def register(game: Game[Any], bots: dict[str, BotFactory]) -> None:
    GAMES[game.id] = game
    BOTS[game.id] = {"random": RandomBot, **bots}


register(CheeseThief(), {"simple": CheeseThiefBot, **smart("cheese_thief")})
register(Choose(), {"simple": ChooseBot, **smart("choose")})
register(Knights(), {"simple": KnightsBot, **smart("knights")})
register(SlyKnights(), {"simple": SlyKnightsBot, **smart("sly_knights")})


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
