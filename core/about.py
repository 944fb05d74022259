"""What is known of a game before its rules are loaded.

The menu, the command line's checks and a lobby need only a game's names, table
sizes, options and bot levels; its rules, views and bots are far larger and are
needed only once a table opens. So each game's package keeps these facts in a small
``about`` module of their own (an ``About``), its ``Game`` class takes them from there,
and the registry imports the rules the first time a game is asked for.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from core.options import OptionSpec

SMART_LEVELS = ("easy", "normal", "hard")
"""The levels of a game's ``smart`` module, as its classes ``EasyBot``, ``NormalBot``
and ``HardBot``."""

ISMCTS = "core.ismcts:IsmctsBot"
"""The generic search bot, level ``ismcts``: offered by every game with a sampler."""


@dataclass(frozen=True, eq=False)
class About:
    """A game's facts that need none of its rules (``core.game.Game`` has the same
    attributes, from here)."""

    id: str
    title: dict[str, str]
    min_players: int
    max_players: int
    rules: str
    """Where the ``Game`` class is, as ``"module:Class"``."""
    option_list: tuple[OptionSpec, ...] = ()
    options_from: str = ""
    """Where the options are instead (``"module:NAME"``), for options built from the
    game's data tables: they are imported when first asked for (when the menu shows
    the game), so the menu opens knowing only the game it shows first."""
    paced: tuple[str, ...] = ()
    """Public event types after which a watched table holds for a moment (``Game.paced``)."""
    bots: Mapping[str, str] = field(default_factory=dict)
    """Each bot level besides ``random``, weakest first, as ``"module:Class"``."""
    sampler: str = ""
    """Where the game's ``sample_world(views, rng)`` is, as ``"module:function"``: a full
    state that fits everything one seat has been shown, for the search bot (``ismcts``)."""

    @cached_property
    def options(self) -> tuple[OptionSpec, ...]:
        """The table options (``Game.options``)."""
        found: tuple[OptionSpec, ...] = (load(self.options_from) if self.options_from
                                         else self.option_list)
        return found

    def load(self) -> Any:
        """The ``Game`` object, importing its rules."""
        return load(self.rules)()


def load(where: str) -> Any:
    """The object named ``"module:name"``, importing its module."""
    module, name = where.split(":")
    return getattr(importlib.import_module(module), name)


def smart_bots(package: str) -> dict[str, str]:
    """``easy``, ``normal`` and ``hard`` from ``package``'s ``smart`` module."""
    return {level: f"{package}.smart:{level.capitalize()}Bot" for level in SMART_LEVELS}


def later_names(package: str, names: Mapping[str, str]) -> Callable[[str], Any]:
    """A package's ``__getattr__`` (PEP 562) that imports each name of ``names`` from
    its submodule on first use, so importing the package (for its ``about``) loads none
    of its rules: ``from core.games.knights import Knights`` still works."""

    def get(name: str) -> Any:
        if name not in names:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        return load(f"{package}.{names[name]}:{name}")

    return get
