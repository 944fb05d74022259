"""Every game the program knows, by id, and the bots each game offers.

Adding a game means one package under ``core/games/`` (with its ``about`` module) and
one line here. The registry holds each game's ``About`` and imports its rules the
first time the game itself is asked for (``GAMES[id]``, ``get_game``), and each bot's
module when its first bot is made: the menu and the command line's checks need only
names, table sizes, options and bot levels (``about``), and open sooner without them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, MutableMapping
from typing import TYPE_CHECKING, Any, NoReturn

from core.about import SMART_LEVELS, About, load, smart_bots
from core.errors import OptionError
from core.games.cheese_thief.about import ABOUT as CHEESE_THIEF
from core.games.choose.about import ABOUT as CHOOSE
from core.games.knights.about import ABOUT as KNIGHTS
from core.games.sly_knights.about import ABOUT as SLY_KNIGHTS

if TYPE_CHECKING:
    from core.bots import Bot
    from core.game import Game

__all__ = ["BOTS", "GAMES", "SMART_LEVELS", "BotFactory", "about", "default_bot_level",
           "get_game", "later", "make_bot", "paced_events", "read_hold", "register", "smart"]

BotFactory = Callable[[int, int], "Bot"]
"""(seat, seed) -> bot."""


def later(module: str, name: str) -> BotFactory:
    """The bot class ``name`` of ``module``, imported when its first bot is made: the
    menu only needs the levels' names."""

    def make(seat: int, seed: int) -> Bot:
        factory: BotFactory = load(f"{module}:{name}")
        return factory(seat, seed)

    return make


def smart(game: str) -> dict[str, BotFactory]:
    """``easy``, ``normal`` and ``hard``: the classes ``EasyBot``, ``NormalBot`` and
    ``HardBot`` of the game's ``smart`` module, imported when first played."""
    return {level: later(*where.split(":"))
            for level, where in smart_bots(f"core.games.{game}").items()}


class Games(MutableMapping[str, "Game[Any]"]):
    """Every game by id, in the order registered. A game's rules are imported when the
    game is first looked up; ``in``, ``len``, iterating over the ids and ``about`` do
    not import them."""

    def __init__(self) -> None:
        self._about: dict[str, About] = {}
        self._games: dict[str, Game[Any]] = {}

    def later(self, about: About) -> None:
        """Know the game by its ``About``; its rules wait for the first look-up."""
        self._about[about.id] = about
        self._games.pop(about.id, None)

    def about(self, game_id: str) -> About:
        return self._about[game_id]

    def __getitem__(self, game_id: str) -> Game[Any]:
        game = self._games.get(game_id)
        if game is None:
            about = self._about[game_id]
            game = self._games[game_id] = about.load()
            if game.id != about.id:
                raise RuntimeError(f"{about.rules} is the game {game.id!r}, not {about.id!r}")
        return game

    def __setitem__(self, game_id: str, game: Game[Any]) -> None:
        self._games[game_id] = game
        self._about[game_id] = about_of(game)

    def __delitem__(self, game_id: str) -> None:
        del self._about[game_id]
        self._games.pop(game_id, None)

    def __contains__(self, game_id: object) -> bool:
        return game_id in self._about

    def __iter__(self) -> Iterator[str]:
        return iter(self._about)

    def __len__(self) -> int:
        return len(self._about)


def about_of(game: Game[Any]) -> About:
    """The ``About`` of a game given as an object (a test's game, a variant of one):
    its class's own, or one made from its attributes."""
    own = type(game).about
    if own is not None and own.id == game.id:
        return own
    return About(id=game.id, title=game.title, min_players=game.min_players,
                 max_players=game.max_players, option_list=game.options, paced=game.paced,
                 rules=f"{type(game).__module__}:{type(game).__qualname__}")


GAMES = Games()
BOTS: dict[str, dict[str, BotFactory]] = {}


def register(game: Game[Any] | About, bots: Mapping[str, BotFactory] | None = None) -> None:
    """A game by its ``About`` (its rules and bots imported when first needed), or as a
    game object with its bots' factories."""
    if isinstance(game, About):
        GAMES.later(game)
        named = {level: later(*where.split(":")) for level, where in game.bots.items()}
    else:
        GAMES[game.id] = game
        named = {}
    BOTS[game.id] = {"random": later("core.bots", "RandomBot"), **named, **(bots or {})}


register(CHEESE_THIEF)
register(CHOOSE)
register(KNIGHTS)
register(SLY_KNIGHTS)


def about(game_id: str) -> About:
    """What the menu and the checks need of a game, without importing its rules."""
    if game_id not in GAMES:
        _unknown(game_id)
    return GAMES.about(game_id)


def get_game(game_id: str) -> Game[Any]:
    if game_id not in GAMES:
        _unknown(game_id)
    return GAMES[game_id]


def _unknown(game_id: str) -> NoReturn:
    known = ", ".join(sorted(GAMES))
    raise OptionError("unknown_game", f"There is no game {game_id!r} (games: {known}).")


def make_bot(game_id: str, level: str, seat: int, seed: int) -> Bot:
    levels = BOTS[about(game_id).id]
    if level not in levels:
        known = ", ".join(levels)
        raise OptionError("unknown_bot", f"{game_id} has no bot level {level!r} (levels: {known}).")
    return levels[level](seat, seed)


def default_bot_level(game_id: str) -> str:
    """The level that fills an empty seat unless someone asks for another: the best
    that still decides quickly (normal), else the best the game has."""
    levels = BOTS[about(game_id).id]
    for level in ("normal", "simple"):
        if level in levels:
            return level
    return next(reversed(levels))


def paced_events(view: Mapping[str, Any] | None) -> tuple[str, ...]:
    """The event types after which a table showing ``view`` holds for a moment when
    watched (``Game.paced``); none for no view yet, or a game this program lacks."""
    game_id = str(view.get("game")) if view else ""
    return GAMES.about(game_id).paced if game_id in GAMES else ()


def read_hold(view: Mapping[str, Any] | None, events: list[dict[str, Any]],
              paced: float) -> float:
    """The seconds a watched table showing ``view`` holds after ``events``: ``paced``
    after a paced event (``Game.paced``), or an event's own read hold if longer."""
    game_id = str(view.get("game")) if view else ""
    if game_id not in GAMES:
        return 0.0
    about = GAMES.about(game_id)
    return max([0.0, *(paced for e in events if e.get("type") in about.paced),
                *(about.read_holds.get(str(e.get("type")), 0.0) for e in events)])
