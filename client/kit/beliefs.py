"""What each bot believes, drawn beside the table: the same belief it decides from.

Each bot of ``core/games/*`` has one method, ``belief(view)``, that its own decisions
call; this reads that method and nothing else, with the seat's own view, so what is
shown is what the bot acts on: the method keeps what it works out for a view
(``core.bots.kept_belief``), and the decision on that view reads the very object
drawn. It is drawn only where every seat's view may be shown (``beliefs_shown``):
watching bots, or a replay with everything shown.

Each game's scene says how its bots' beliefs read as a row of the grid
(``TableScene.belief_grid``, from the game's own ``beliefs`` module), and in a sentence
what the figures are about; a game without one shows "no belief". The view stands in
the side column, over the log (never over the table it explains), each bot's row under
its name, and it is drawn while the table is paused as well.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

import msgpack  # type: ignore[import-untyped]
import pygame

from client.i18n import tr
from client.kit.widgets import ACCENT, INK, blit_text, panel
from client.session import PUBLIC, Session
from core.game import SeatHeader

Row = list[str]

V = TypeVar("V")
"""The seat view one game's grid reads (its ``SeatView``)."""

_cache: weakref.WeakKeyDictionary[Any, tuple[bytes, Any]] = weakref.WeakKeyDictionary()
"""Bot -> (its view, its belief): a belief is worked out once per view."""


def read(session: Any) -> list[tuple[int, Any, SeatHeader]]:
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


def no_head(view: object, names: list[str]) -> Row | None:
    return None


@dataclass(frozen=True)
class BeliefGrid(Generic[V]):
    """How one game's bot beliefs read as a grid: a row per bot, its column heads, and
    the words that say what a cell holds (string keys, added to the title)."""

    row: Callable[[Any, V, list[str]], Row]
    head: Callable[[V, list[str]], Row | None] = no_head
    note: tuple[str, ...] = ()
    about: str = ""
    """The string key of a sentence saying what the figures are (and that they are
    chances, in per cent)."""


def about_words(session: Any) -> str:
    """What the beliefs of this table's game are about, in a sentence ("" for a game
    that does not say)."""
    from client.games import client_about

    beliefs = read(session)
    if not beliefs:
        return ""
    grid = client_about(beliefs[0][2]["game"]).scene().belief_grid
    return tr(grid.about) if grid is not None and grid.about else ""


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


def side_box(surface: pygame.Surface, size: int) -> pygame.Rect:
    """Where the beliefs stand: the side column (``client.kit.layout.beside_side``),
    below its heading (round, timer) and above the keys line."""
    from client.kit.layout import beside_side

    w, h = surface.get_size()
    left = beside_side((w, h)).right
    top = int(h * 0.2)
    return pygame.Rect(left + 4, top, w - left - 8, h - top - size)


def lines_of(session: Any, size: int, width: int) -> list[tuple[str, bool]]:
    """The view as lines to draw, each with whether it is a heading: the title, what
    the figures are about, then each bot's name and its row (with the column heads)."""
    from client.assets import wrap

    title, head, rows = table(session)
    out: list[tuple[str, bool]] = [(line, True) for line in wrap(title, size, width, True)]
    out += [(line, False) for line in wrap(about_words(session), size, width)]
    for row in rows:
        name, cells = row[0], row[1:]
        pairs = (zip(head[1:], cells, strict=False) if head else ())
        words = "   ".join(f"{h}: {c}" for h, c in pairs) if head else "   ".join(cells)
        out.append((tr("beliefs.whose", name=name), True))
        out += [(line, False) for line in wrap(words, size, width)]
    return out


def draw(surface: pygame.Surface, session: Any, size: int,
         box: pygame.Rect | None = None) -> None:
    """The beliefs in the side column (or ``box``, a scene's own place for them there),
    while the game runs (its end turns every card over anyway): the text shrinks until
    every bot's row fits."""
    if (session.view() or {}).get("result") is not None:
        return
    box = box if box is not None and box.height > size * 6 else side_box(surface, size)
    small = max(9, size - 1)
    while True:
        lines = lines_of(session, small, box.width - small * 2)
        step = int(small * 1.4)
        if step * len(lines) + small <= box.height or small <= 8:
            break
        small -= 1
    if len(lines) <= 2:
        return
    panel(surface, box, 255)
    y = box.top + small // 2
    for words, heading in lines:
        if y + step > box.bottom:
            break
        blit_text(surface, words, small, ACCENT if heading else INK,
                  topleft=(box.left + small, y), bold=heading, box=box)
        y += step


def beliefs_shown(session: Session) -> bool:
    """Beliefs are drawn only where every seat's view may be shown: a watched table of
    bots, or a replay with everything shown, and then only while everything is shown."""
    return (session.show_beliefs and session.bot_views is not None and session.show_all
            and session.shown == PUBLIC and not session.humans)
