"""Between two games at a table hosted from a window: the group says when.

The host's lobby says, between games, that the next game waits for its people
(``next_game`` in its ``table`` message: ``net.between``), and who has not continued
yet. Each seated person has *Continue* (on the story sheet, and on the table once the
sheet is put away); the host's person also has *Next game*, which deals at once. A
countdown shows only where the host set one.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Never, Protocol

import pygame

from client.assets import scaled, text
from client.i18n import tr
from client.kit.layout import beside_side
from client.kit.reveal import joined
from client.kit.widgets import ACCENT, Button, blit_text, panel, row_of_buttons
from client.kit.words import Namer
from client.session import Session
from net.between import NEXT_GAME
from net.messages import TableMessage

Spec = tuple[str, str, Callable[[], None] | None]


class Asker(Protocol):
    """A LAN peer's requests between games (``client.scenes.lobby.Buffered``)."""

    def set_ready(self, ready: bool) -> None: ...

    def start(self) -> None: ...


@dataclass
class Wait:
    waiting: list[int]
    """The seats of the people who have not continued yet."""
    mine: bool
    """This screen's seat has yet to continue."""
    countdown: float | None
    """Seconds before the host's countdown deals the next game (None: it set none)."""


def wait_of(session: Session) -> Wait | None:
    """The wait for the next game as this screen knows it; None when there is none (a
    game under way, a table from the command line, a table on this screen)."""
    feed = session.feed
    roster: TableMessage | dict[str, Never] = feed.roster or {}
    info = roster.get(NEXT_GAME)
    if not isinstance(info, dict) or not roster.get("ready_check"):
        return None
    waiting = [int(s["seat"]) for s in roster.get("seats", [])
               if s.get("kind") == "human" and s.get("claimed") and not s.get("ready")]
    left = info.get("countdown")
    countdown = None if left is None else max(0.0, float(left) - (session.clock - feed.roster_at))
    me = feed.seat
    return Wait(waiting, me is not None and me in waiting, countdown)


def words(wait: Wait, name: Namer) -> str:
    """One line: whom the table waits for, and the countdown where there is one."""
    parts = []
    if wait.waiting:
        parts.append(tr("next.waiting", names=joined([name(s) for s in wait.waiting])))
    if wait.countdown is not None:
        parts.append(tr("next.countdown", n=math.ceil(wait.countdown)))
    return "   ".join(parts)


def buttons(wait: Wait, session: Session, after: Callable[[], None] = lambda: None
            ) -> list[Spec]:
    """*Continue* for a person yet to, *Next game* for the host's person; ``after`` runs
    after either (the story sheet folds away)."""
    peer: Any = session.feed.peer
    if not (hasattr(peer, "set_ready") and hasattr(peer, "start")):
        return []
    asker: Asker = peer

    def go() -> None:
        asker.set_ready(True)
        after()

    def deal() -> None:
        asker.start()
        after()

    specs: list[Spec] = []
    if wait.mine:
        specs.append(("next_continue", tr("next.continue"), go))
    if session.role == "host":
        specs.append(("next_game", tr("next.next_game"), deal))
    return specs


def strip_height(surface: pygame.Surface, specs: list[Spec]) -> int:
    """How far down the strip (``draw_strip``) reaches."""
    size = scaled(max(12, beside_side(surface.get_size()).height // 48))
    return size // 2 + size * (6 if specs else 3)


def draw_strip(surface: pygame.Surface, line: str, specs: list[Spec]) -> list[Button]:
    """The wait at the top of the table, once the story sheet is put away."""
    if not line and not specs:
        return []
    area = beside_side(surface.get_size())
    size = scaled(max(12, area.height // 48))
    wide = max(text(line, size, ACCENT, True).get_width(), size * 12 * len(specs))
    box = pygame.Rect(0, 0, min(area.width - 20, wide + size * 3), size * (6 if specs else 3))
    box.midtop = (area.centerx, size // 2)
    panel(surface, box, 235)
    blit_text(surface, line, size, ACCENT, center=(box.centerx, box.top + int(size * 1.5)),
              bold=True)
    area = pygame.Rect(box.left, box.top + size * 3, box.width, size * 3)
    return row_of_buttons(specs, area, size) if specs else []
