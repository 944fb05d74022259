"""What the LAN's list of tables says about a table, and what a lobby says about the
game it waits for: the game's title in the reader's language (never its id), who hosts,
a lock where a password is asked, a warning where the host runs another version, and
the table's options by the names the menu gives them."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypedDict

from client.i18n import pick, tr


class Listing(TypedDict):
    """The host's own fields of its discovery record (``net.discovery.Announcer``)."""

    host: str
    locked: bool
    version: str


def listing(name: str, locked: bool) -> Listing:
    """What a host's record says beside its game (``net.discovery.Announcer``): who
    hosts, whether it asks for a password, and this program's version."""
    from client import __version__

    return {"host": name, "locked": locked, "version": __version__}


def game_title(game_id: str) -> str:
    """The game's title in the reader's language; an unknown game (a newer host's)
    keeps its id."""
    from core.registry import GAMES

    return pick(GAMES.about(game_id).title) if game_id in GAMES else game_id


def table_words(table: Any) -> str:
    """One table of the list (a ``net.discovery.Found``) in a line."""
    places = table.places()
    where = places[0] + (f" (+{len(places) - 1})" if len(places) > 1 else "")
    words = tr("menu.found_table", game=game_title(table.game), free=table.free,
               where=where, fp=table.fingerprint or "-")
    if table.host:
        words = tr("menu.found_host", host=table.host) + "   " + words
    if table.locked:
        words += "   " + tr("menu.found_locked")
    warning = version_warning(table)
    return words + ("   " + warning if warning else "")


def version_warning(table: Any) -> str:
    """A warning when the host runs another version than this program, else ''."""
    from client import __version__
    from net.protocol import PROTOCOL_VERSION

    if table.protocol != PROTOCOL_VERSION or (table.version and table.version != __version__):
        return tr("menu.found_version", theirs=table.version or "?", mine=__version__)
    return ""


def options_words(game_id: str, players: int, options: Mapping[str, object]) -> list[str]:
    """Each option the table plays with, as "Night hour (s): 10", in the menu's order."""
    from core.registry import GAMES

    if game_id not in GAMES:
        return [f"{k}: {_shown(v)}" for k, v in sorted(options.items())]
    lines = []
    for spec in GAMES.about(game_id).options:
        if spec.name in options and spec.applies(players):
            described = spec.describe(players)
            value = options[spec.name]
            shown = (pick(described["choice_titles"][value])
                     if isinstance(value, str) and value in described["choice_titles"]
                     else _shown(value))
            lines.append(f"{pick(described['title'])}: {shown}")
    return lines


def _shown(value: object) -> str:
    if isinstance(value, bool):
        return tr("opt.on") if value else tr("opt.off")
    return f"{value:g}" if isinstance(value, float) else str(value)
