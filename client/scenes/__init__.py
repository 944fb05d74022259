"""Scenes: the menu, the lobby, and one table scene per game (a generic one for the rest).

A new game's scene is added to ``TABLES``; any game without one still plays on the
generic table. ``TABLES`` names each scene's module rather than importing it: a table
scene is imported the first time its game is played, so the menu opens without
loading every game's drawing code.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from client.app import App
    from client.scenes.table import TableScene
    from client.session import Session

TABLES: dict[str, str] = {
    "cheese_thief": "client.scenes.cheese_thief:CheeseThiefScene",
    "choose": "client.scenes.choose:ChooseScene",
    "sly_knights": "client.scenes.sly_knights:SlyKnightsScene",
    "knights": "client.scenes.knights:KnightsScene",
}
GENERIC = "client.scenes.generic:GenericScene"


def scene_class(game_id: str) -> type[TableScene]:
    """The table scene of ``game_id`` (the generic one for a game without its own)."""
    module, name = TABLES.get(game_id, GENERIC).split(":")
    scene: type[TableScene] = getattr(importlib.import_module(module), name)
    return scene


def table_scene(app: App, game_id: str, session: Session, **kwargs: Any) -> TableScene:
    return scene_class(game_id)(app, session, **kwargs)


def __getattr__(name: str) -> Any:
    """``from client.scenes import GenericScene`` still works, importing it then."""
    if name == "GenericScene":
        return scene_class("")
    raise AttributeError(f"module 'client.scenes' has no attribute {name!r}")
