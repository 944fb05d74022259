"""Scenes: the menu, the lobby, and one table scene per game (a generic one for the rest).

A new game's scene is added to ``TABLES``; any game without one still plays on the
generic table.
"""

from __future__ import annotations

from typing import Any

from client.app import App
from client.scenes.cheese_thief import CheeseThiefScene
from client.scenes.choose import ChooseScene
from client.scenes.generic import GenericScene
from client.scenes.knights import KnightsScene
from client.scenes.sly_knights import SlyKnightsScene
from client.scenes.table import TableScene
from client.session import Session

TABLES: dict[str, type[TableScene]] = {"cheese_thief": CheeseThiefScene}
TABLES["choose"] = ChooseScene
TABLES["sly_knights"] = SlyKnightsScene
TABLES["knights"] = KnightsScene


def table_scene(app: App, game_id: str, session: Session, **kwargs: Any) -> TableScene:
    return TABLES.get(game_id, GenericScene)(app, session, **kwargs)
