"""What each bot believes, drawn over the table: the same belief it decides from.

Each bot of ``core/games/*`` has one method, ``belief(view)``, that its own decisions
call; this reads that method and nothing else, with the seat's own view, so what is
shown is what the bot acts on. It is drawn only where every seat's view may be shown
(``client.scenes.table.beliefs_shown``): watching bots, or a replay with everything
shown.

- Cheese Thief: for each other seat, the chance it is the Thief and a Follower.
- Seven Knights Bewitched: what the bot believes each tile to be (the likeliest value).
- Choose!: what the face-down mice may be.
- Sly Knight Robbery: the cards each opponent may hold, and the bot's own spare.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable
from typing import Any

import msgpack  # type: ignore[import-untyped]
import pygame

from client.i18n import tr
from client.scenes.widgets import ACCENT, INK, blit_text, panel

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


def _pct(p: float) -> str:
    return f"{round(100 * p)}%"


def _short(name: str) -> str:
    return name.split(" (")[0][:8]


def cheese_thief(belief: dict[str, list[float]], view: dict[str, Any],
                 names: list[str]) -> Row:
    me = view["seat"]
    thief, follower = belief["thief"], belief["follower"]
    return ["—" if s == me else f"{_pct(thief[s])} / {_pct(follower[s])}"
            for s in range(view["players"])]


def knights(belief: Any, view: dict[str, Any], names: list[str]) -> Row:
    cells = []
    for marginal in belief.marginals():
        total = sum(marginal.values()) or 1.0
        value, weight = max(marginal.items(), key=lambda kv: (kv[1], -kv[0]))
        shown = "W" if value == 0 else str(value)
        cells.append(shown if weight >= total - 1e-9 else f"{shown} {_pct(weight / total)}")
    return cells


def choose(belief: Any, view: dict[str, Any], names: list[str]) -> Row:
    hidden = sum(1 for m in belief.mice if m.top is None)
    dist = sorted(belief.unknown_mice().items(), key=lambda kv: -kv[1])
    kinds = " · ".join(f"{kind} {_pct(p)}" for kind, p in dist if p > 0)
    return [f"{hidden} ?  {kinds}"]


def sly_knights(belief: Any, view: dict[str, Any], names: list[str]) -> Row:
    parts = [f"{_short(names[seat])}: {held} of {' '.join(map(str, cards))}"
             for seat, (cards, held) in sorted(belief.risk.unseen.items())]
    if not view["you"]["spare_drawn"]:
        parts.append(f"spare: {' '.join(map(str, belief.spare))}")
    return ["   ".join(parts) or "—"]


ROWS: dict[str, Callable[[Any, dict[str, Any], list[str]], Row]] = {
    "cheese_thief": cheese_thief, "knights": knights, "choose": choose,
    "sly_knights": sly_knights,
}


def header(game_id: str, view: dict[str, Any], names: list[str]) -> Row | None:
    if game_id == "cheese_thief":
        return [_short(names[s]) for s in range(view["players"])]
    if game_id == "knights":
        return [str(t + 1) for t in range(len(view["tiles"]))]
    return None


def table(session: Any) -> tuple[str, Row | None, list[Row]]:
    """The title, the column heads and one row per bot (its name first)."""
    beliefs = read(session)
    names = session.names
    title = tr("beliefs.title")
    if not beliefs:
        return title, None, []
    game_id = beliefs[0][2]["game"]
    rows: list[Row] = []
    for seat, belief, view in beliefs:
        row = ROWS.get(game_id)
        cells = [tr("beliefs.none")] if belief is None or row is None else row(
            belief, view, names)
        rows.append([_short(names[seat]), *cells])
    head = header(game_id, beliefs[0][2], names)
    if game_id == "cheese_thief":
        title += f"  ({tr('beliefs.thief')} / {tr('beliefs.follower')})"
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
