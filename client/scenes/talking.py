"""Table talk as part of a table scene: when the talk box shows, and its input (the
box itself is ``client.kit.talk``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol, cast

import pygame

from client import i18n
from client.app import App
from client.kit.focus import Target
from client.kit.hold import held
from client.kit.logbox import as_round_ended
from client.kit.talk import Talk, may_talk
from client.kit.words import Namer
from client.scenes.table import TableScene
from client.session import Session


class Scrolling(Protocol):
    scroll: int


class TalkSide(Protocol):
    """The side panel of a table with talk: its log above, the talk box below."""

    @property
    def log(self) -> Scrolling: ...

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, k: Any, name: Namer,
             log: Sequence[Mapping[str, object]], reserve: int = 0,
             ended: int | None = None) -> None:
        """``ended``: the round whose summary is being read while the table waits on it
        (``Talking.round_read``): the panel then reads as that round ended, with no
        clock and no turn."""


class Talking(TableScene):
    """The talk box as part of a table scene: when it shows, and its input. The scene
    keeps its side panel in ``side``."""

    side: TalkSide

    def __init__(self, app: App, session: Session, *, restart: Any = None) -> None:
        super().__init__(app, session, restart=restart)
        self.talk = Talk(app, lambda action: TableScene.send(self, action),
                         now=lambda: self.time)

    def can_talk(self) -> bool:
        """Talk needs a person at their own screen, and the game to allow it now."""
        return may_talk(self.session, self.shown_seat)

    def draw_talk(self, surface: pygame.Surface, side: pygame.Rect, size: int) -> None:
        if not self.can_talk():
            self.talk.close()
            return
        height = Talk.height(size)
        box = pygame.Rect(side.left + 8, side.bottom - height, side.width - 16, height - 8)
        self.buttons += self.talk.draw(surface, box, max(11, size - 2))

    def typing(self) -> bool:
        return self.talk.typing()

    def stop_typing(self) -> None:
        self.talk.stop_typing()

    def field_targets(self) -> list[Target]:
        return self.talk.targets()

    def round_summary(self) -> Mapping[str, object] | None:
        """The ``round_end`` event whose summary is up, if one is (each game keeps its
        own)."""
        return None

    def round_read(self) -> int | None:
        """The round whose summary people read while the table waits on it (it holds for
        them, or a watched table stands still): the side panel reads as that round
        ended. A summary looked at again while the table plays on leaves it live."""
        summary = self.round_summary()
        if summary is None or not (held(self.session)
                                   or (self.watching and self.session.paused)):
            return None
        return cast(int, summary["round"])

    def clock_left(self) -> float | None:
        """The seconds the panel's clock shows: none while a round's summary is read."""
        return None if self.round_read() is not None else self.feed.remaining(
            self.session.clock)

    def _side_key(self, lay: Any) -> tuple[Any, ...]:
        """What the side panel (log above, talk box below) shows; it is repainted only
        when this changes."""
        session = self.session
        return (tuple(f.updates for f in session.feeds.values()), session.shown,
                session.show_all, i18n.generation, lay.size, self.can_talk(),
                self.side.log.scroll, self.round_read())

    def _paint_side(self, surface: pygame.Surface, lay: Any, k: Any) -> None:
        reserve = Talk.height(lay.text) if self.can_talk() else 0
        ended, summary = self.round_read(), self.round_summary()
        log: Sequence[Mapping[str, object]] = self.feed.log
        if ended is not None and summary is not None:
            log = as_round_ended(log, summary)
        self.side.draw(surface, lay.side, k, self.name, log, reserve, ended)

    def handle(self, event: pygame.event.Event) -> None:
        if self.session.privacy_for is None and self.talk.handle(event):
            return
        super().handle(event)
