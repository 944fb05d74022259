"""A stand-in bot, said to be one on this screen.

The host marks what a stand-in did (``net.standin``) and its lobby says whose seat a
bot plays now; both reach this screen through the one outbound filter. Here a seat a
stand-in plays now is named "Ben (stand-in)", a log line is the stand-in's exactly when
its event is marked (a line Ben said himself stays his, while a bot plays his seat or
after he is back), and the person back in their seat reads what their stand-in did and
may take back what is still open ("ready to vote").
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Never

import pygame

from client.assets import scaled, wrap
from client.i18n import tr
from client.kit import next_game
from client.kit.layout import beside_side
from client.kit.widgets import ACCENT, INK, Button, blit_text, panel, row_of_buttons
from client.kit.words import Namer
from client.session import Session
from net.messages import TableMessage
from net.standin import STAND_IN

SHOWN = 6
"""Lines of a summary shown at most; the rest are in the log."""

TakeBack = tuple[str, str, Mapping[str, object]]
"""(button key, words, the action that takes an open choice back)."""


def label(name: str) -> str:
    return tr("standin.name", name=name)


def standing_in(roster: TableMessage | None) -> set[int]:
    """The seats a stand-in bot plays now, as the host's lobby says."""
    lobby: TableMessage | dict[str, Never] = roster or {}
    return {int(s["seat"]) for s in lobby.get("seats", [])
            if s.get("kind") == "human" and s.get("stand_in")}


def event_namer(event: Mapping[str, object], name: Namer) -> Namer:
    """The names for one log line: the seat whose stand-in caused the event is labelled,
    every other seat plain (not as a stand-in may play it now, but as it was)."""
    owner = getattr(name, "__self__", None)
    plain: Namer = getattr(owner, "plain_name", None) or name
    if not event.get(STAND_IN):
        return plain
    actor = event.get("seat")
    return lambda seat: label(plain(seat)) if seat == actor else plain(seat)


def done_for(log: Sequence[Mapping[str, object]], me: int) -> list[Mapping[str, object]]:
    """What the stand-in did in ``me``'s seat, as this seat was told it."""
    return [e for e in log if e.get(STAND_IN) and e.get("seat", me) == me]


class Summary:
    """What a person's stand-in did, shown once they are back, until they say OK."""

    def __init__(self) -> None:
        self.told: set[int] = set()
        """The events already summed up (by identity: the log keeps each one object)."""

    def news(self, log: Sequence[Mapping[str, object]], me: int | None,
             roster: TableMessage | None) -> list[Mapping[str, object]]:
        """Events to sum up now: none while the stand-in still plays."""
        if me is None or me in standing_in(roster):
            return []
        return [e for e in done_for(log, me) if id(e) not in self.told]

    def dismiss(self, events: Sequence[Mapping[str, object]]) -> None:
        self.told.update(id(e) for e in events)

    def draw_for(self, surface: pygame.Surface, session: Session, me: int | None,
                 words: Callable[[Mapping[str, object]], str | None],
                 take_backs: Callable[[], list[TakeBack]],
                 send: Callable[[Mapping[str, object]], None]) -> list[Button]:
        """What the stand-in did in ``me``'s seat, once its person is back at it and no
        curtain is down: below the next-game strip when the table waits for one."""
        feed = session.feed
        news = self.news(feed.log, me, feed.roster)
        if not news or session.privacy_for is not None:
            return []
        wait = next_game.wait_of(session)
        below = 0 if wait is None else next_game.strip_height(
            surface, next_game.buttons(wait, session))
        return self.draw(surface, news, words, take_backs(), send, below)

    def draw(self, surface: pygame.Surface, events: Sequence[Mapping[str, object]],
             words: Callable[[Mapping[str, object]], str | None], take_backs: list[TakeBack],
             send: Callable[[Mapping[str, object]], None], below: int = 0) -> list[Button]:
        """The summary in a box at the top of the table (``below`` that many pixels: the
        wait for the next game is there), with a button for each choice still open and
        OK; returns the buttons."""
        area = beside_side(surface.get_size())
        size = scaled(max(12, area.height // 48))
        width = min(area.width - 20, size * 40)
        lines: list[str] = []
        said = [line for line in (words(e) for e in events) if line]
        for line in said[:SHOWN]:
            lines.extend(wrap("• " + line, size, width - size * 2))
        if len(said) > SHOWN:
            lines.append(tr("standin.more", n=len(said) - SHOWN))
        if not said:
            lines.append(tr("standin.quiet"))
        step = int(size * 1.4)
        box = pygame.Rect(0, 0, width, size * 8 + step * len(lines))
        box.midtop = (area.centerx, max(size * 3, below + size))
        panel(surface, box, 240)
        y = box.top + size
        blit_text(surface, tr("standin.title"), size, ACCENT, topleft=(box.left + size, y),
                  bold=True)
        y += int(size * 2)
        for line in lines:
            blit_text(surface, line, size, INK, topleft=(box.left + size, y))
            y += step

        def ok() -> None:
            self.dismiss(events)

        def taking(action: Mapping[str, object]) -> Callable[[], None]:
            def take() -> None:
                send(action)
                self.dismiss(events)
            return take

        specs: list[tuple[str, str, Callable[[], None] | None]] = [
            (f"standin_{key}", words_, taking(action)) for key, words_, action in take_backs]
        specs.append(("standin_ok", tr("standin.ok"), ok))
        area = pygame.Rect(box.left, box.bottom - size * 4, box.width, size * 3)
        return row_of_buttons(specs, area, size)
