"""Every game's parts in the window, by game id: one ``ClientAbout`` per game.

Adding a game's table, rules text or words means its module here (``<game>.py``) and
one line below. Nothing here imports a scene, a rules text or a words table: each is
loaded the first time a table, the Rules screen or a check asks for it. A game the
registry knows without a declaration here plays on the generic table, with no rules
text of its own.
"""

from __future__ import annotations

from client.games import cheese_thief, choose, knights, sly_knights
from client.games.about import GENERIC, ClientAbout

__all__ = ["CLIENT", "GENERIC", "ClientAbout", "client_about", "register", "unregister"]

CLIENT: dict[str, ClientAbout] = {}


def register(about: ClientAbout) -> None:
    """Know a game's parts in the window (a test registers its example game so)."""
    CLIENT[about.id] = about


def unregister(game_id: str) -> None:
    CLIENT.pop(game_id, None)


def client_about(game_id: str) -> ClientAbout:
    """The game's parts in the window; the generic table for a game without any."""
    return CLIENT.get(game_id) or ClientAbout(game_id)


for _game in (cheese_thief, choose, knights, sly_knights):
    register(_game.ABOUT)
