"""Scenes: the menu, the lobby, and one table scene per game (a generic one for the rest).

Which scene draws a game's table is said by the game's declaration in
``client.games``, by module path: a table scene is imported the first time its game is
played, so the menu opens without loading every game's drawing code.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from client.games import client_about

if TYPE_CHECKING:
    from client.app import App
    from client.scenes.table import TableScene
    from client.session import Session


def scene_class(game_id: str) -> type[TableScene]:
    """The table scene of ``game_id`` (the generic one for a game without its own)."""
    return client_about(game_id).scene()


def table_scene(app: App, game_id: str, session: Session, **kwargs: Any) -> TableScene:
    return scene_class(game_id)(app, session, **kwargs)


def __getattr__(name: str) -> Any:
    """``from client.scenes import GenericScene`` still works, importing it then."""
    if name == "GenericScene":
        return scene_class("")
    raise AttributeError(f"module 'client.scenes' has no attribute {name!r}")
