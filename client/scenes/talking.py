"""Table talk as part of a table scene: when the talk box shows, and its input (the
box itself is ``client.kit.talk``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol

import pygame

from client import i18n
from client.app import App
from client.kit.focus import Target
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
             log: Sequence[Mapping[str, object]], reserve: int = 0) -> None: ...


class Talking(TableScene):
    """The talk box as part of a table scene: when it shows, and its input. The scene
    keeps its side panel in ``side``."""

    side: TalkSide

    def __init__(self, app: App, session: Session, *, restart: Any = None) -> None:
        super().__init__(app, session, restart=restart)
        self.talk = Talk(app, lambda action: TableScene.send(self, action))

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

    def _side_key(self, lay: Any) -> tuple[Any, ...]:
        """What the side panel (log above, talk box below) shows; it is repainted only
        when this changes."""
        session = self.session
        return (tuple(f.updates for f in session.feeds.values()), session.shown,
                session.show_all, i18n.generation, lay.size, self.can_talk(),
                self.side.log.scroll)

    def _paint_side(self, surface: pygame.Surface, lay: Any, k: Any) -> None:
        reserve = Talk.height(lay.text) if self.can_talk() else 0
        self.side.draw(surface, lay.side, k, self.name,
                       self.feed.log, reserve)

    def handle(self, event: pygame.event.Event) -> None:
        if self.session.privacy_for is None and self.talk.handle(event):
            return
        super().handle(event)
