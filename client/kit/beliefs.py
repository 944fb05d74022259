"""What each bot believes, drawn over the table: the same belief it decides from.

Each bot of ``core/games/*`` has one method, ``belief(view)``, that its own decisions
call; this reads that method and nothing else, with the seat's own view, so what is
shown is what the bot acts on: the method keeps what it works out for a view
(``core.bots.kept_belief``), and the decision on that view reads the very object
drawn. It is drawn only where every seat's view may be shown (``beliefs_shown``):
watching bots, or a replay with everything shown.

Each game's scene says how its bots' beliefs read as a row of the grid
(``TableScene.belief_grid``, from the game's own ``beliefs`` module); a game without
one shows "no belief".
"""

from __future__ import annotations

import weakref
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import msgpack  # type: ignore[import-untyped]
import pygame

from client.i18n import tr
from client.kit.widgets import ACCENT, INK, blit_text, panel
from client.session import PUBLIC, Session

Row = list[str]

_cache: weakref.WeakKeyDictionary[Any, tuple[bytes, Any]] = weakref.WeakKeyDictionary()
"""Bot -> (its view, its belief): a belief is worked out once per view."""


def read(session: Any) -> list[tuple[int, Any, dict[str, Any]]]:
    """Every bot seat with its belief now (None for a bot without one) and its view."""
    out = []
    for seat, bot, view in session.bot_views() if session.bot_views else []:
        method = getattr(bot, "belief", None)
        if method is None:
            out.append((seat, None, view))
            continue
        packed = msgpack.packb(view)
        cached = _cache.get(bot)
        if cached is None or cached[0] != packed:
            cached = _cache[bot] = (packed, method(view))
        out.append((seat, cached[1], view))
    return out


def percent(p: float) -> str:
    return f"{round(100 * p)}%"


def short_name(name: str) -> str:
    """A seat's name cut to fit a grid cell ("Aki (bot)" -> "Aki")."""
    return name.split(" (")[0][:8]


def no_head(view: dict[str, Any], names: list[str]) -> Row | None:
    return None


@dataclass(frozen=True)
class BeliefGrid:
    """How one game's bot beliefs read as a grid: a row per bot, its column heads, and
    the words that say what a cell holds (string keys, added to the title)."""

    row: Callable[[Any, dict[str, Any], list[str]], Row]
    head: Callable[[dict[str, Any], list[str]], Row | None] = no_head
    note: tuple[str, ...] = ()


def table(session: Any) -> tuple[str, Row | None, list[Row]]:
    """The title, the column heads and one row per bot (its name first)."""
    from client.games import client_about

    beliefs = read(session)
    names = session.names
    title = tr("beliefs.title")
    if not beliefs:
        return title, None, []
    grid = client_about(beliefs[0][2]["game"]).scene().belief_grid
    rows: list[Row] = []
    for seat, belief, view in beliefs:
        cells = [tr("beliefs.none")] if belief is None or grid is None else grid.row(
            belief, view, names)
        rows.append([short_name(names[seat]), *cells])
    head = grid.head(beliefs[0][2], names) if grid is not None else None
    if grid is not None and grid.note:
        title += f"  ({' / '.join(tr(key) for key in grid.note)})"
    return title, None if head is None else ["", *head], rows


def draw(surface: pygame.Surface, session: Any, size: int) -> None:
    """The beliefs as a grid in the table's top left corner, while the game runs (its
    end turns every card over anyway)."""
    if (session.view() or {}).get("result") is not None:
        return
    title, head, rows = table(session)
    if not rows:
        return
    small = max(10, size - 2)
    lines = ([head] if head else []) + rows
    columns = max(len(r) for r in lines)
    from client.assets import text

    widths = [0] * columns
    for line in lines:
        for i, cell in enumerate(line):
            widths[i] = max(widths[i], text(cell, small, INK, i == 0).get_width() + small)
    w, h = surface.get_size()
    step = int(small * 1.45)
    box = pygame.Rect(size // 2, int(size * 3.2), min(w - size, sum(widths) + size * 2),
                      step * (len(lines) + 1) + size)
    panel(surface, box, 225)
    blit_text(surface, title, small, ACCENT, topleft=(box.left + size, box.top + size // 2),
              bold=True)
    y = box.top + size // 2 + step
    for index, line in enumerate(lines):
        x = box.left + size
        for i, cell in enumerate(line):
            colour = ACCENT if (head and index == 0) or i == 0 else INK
            blit_text(surface, cell, small, colour, topleft=(x, y), bold=i == 0)
            x += widths[i]
        y += step


def beliefs_shown(session: Session) -> bool:
    """Beliefs are drawn only where every seat's view may be shown: a watched table of
    bots, or a replay with everything shown, and then only while everything is shown."""
    return (session.show_beliefs and session.bot_views is not None and session.show_all
            and session.shown == PUBLIC and not session.humans)
