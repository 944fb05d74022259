"""The end of a game at a table: its story event, the sheet that tells it (with the
next-game strip of a LAN table under way to its next game), and, once the sheet is
folded away, the button that brings it back."""

from __future__ import annotations

from collections.abc import Callable
from typing import cast

import pygame

from client.app import App
from client.assets import at_100, scaled
from client.i18n import tr
from client.kit import next_game
from client.kit.reveal import Reveal, Story
from client.kit.widgets import Button, row_of_buttons
from client.kit.words import Namer
from client.session import Session
from core.shapes import StoryHeader


def story_of(session: Session) -> StoryHeader | None:
    """The finished game's story event, once the game on screen is over (at a LAN
    table the log runs on into the next game, whose own end brings its own story)."""
    feed = session.feed
    if (feed.view or {}).get("result") is None:
        return None
    public = session.feeds.get(None)
    for log in (feed.log, public.log if public is not None else []):
        for event in reversed(log):
            if event.get("type") == "story":
                return cast(StoryHeader, dict(event))
    return None


def draw_story(surface: pygame.Surface, app: App, session: Session, reveal: Reveal,
               now: float, told: Callable[[StoryHeader], Story], name: Namer,
               buttons: list[Button], reopen: Callable[[], None]) -> list[Button]:
    """The sheet over the table, whose buttons replace the table's (returned), or, once
    folded away, the table's ``buttons`` with the strip's and the button that calls
    ``reopen`` added."""
    story = story_of(session)
    if story is None or reveal.ended_at is None:
        return buttons
    wait = next_game.wait_of(session)
    note = "" if wait is None else next_game.words(wait, name)
    if reveal.showing(now):
        more = [] if wait is None else next_game.buttons(wait, session, reveal.close)
        return reveal.draw(surface, told(story), session.scoreboard, name, app.pop, note, more)
    if wait is not None:
        buttons += next_game.draw_strip(surface, note, next_game.buttons(wait, session))
    keys = {b.key for b in buttons}
    if not reveal.open and not ("continue" in keys and "menu" not in keys):
        # (not while a round's sheet, shown again over the end, waits on its Continue:
        # the button comes back with the table's way out; in the corner, it lay over
        # the log's last line)
        buttons += again_button(surface, buttons, reopen)
    return buttons


def again_button(surface: pygame.Surface, buttons: list[Button],
                 reopen: Callable[[], None]) -> list[Button]:
    """The button that opens the folded sheet again: in the row of the table's own way
    out (Back to menu), at its left, or else in the bottom right corner."""
    w, h = surface.get_size()
    size = scaled(max(12, h // 48))
    area = pygame.Rect(w - size * 10, h - size * 4, size * 9, size * 3)
    menu = next((b for b in buttons if b.key == "menu"), None)
    if menu is not None:
        row = [b.rect for b in buttons if b.rect.centery == menu.rect.centery]
        first = min(r.left for r in row)
        # as wide as its words, at the row's left; where large text leaves no room
        # there (the row reaches the sheet's edge), just above the row's left end
        need = row_of_buttons([("story", tr("reveal.story"), None)], area, size)[0].rect
        area = pygame.Rect(0, 0, need.width, menu.rect.height)
        area.midright = (first - size // 2, menu.rect.centery)
        if area.left < size * 2:
            beside = _joined(buttons, menu, reopen, size)
            if beside:
                return beside
            area.bottomleft = (first, menu.rect.top - size // 2)
    return row_of_buttons([("story", tr("reveal.story"), reopen)], area, size)


def _joined(buttons: list[Button], menu: Button, reopen: Callable[[], None],
            size: int) -> list[Button]:
    """Where large text leaves no room at the row's left: the button first in the row,
    the row laid out again along its own length with their text stepping down toward its
    100% size (the row's buttons in ``buttons`` replaced). Nothing where even that
    would not fit on one line: above the row, it lay over the last standings (at 150%
    in 800x500 a fifth player's "4. Ben (Bot) 14 pts")."""
    row = sorted((b for b in buttons if b.rect.centery == menu.rect.centery),
                 key=lambda b: b.rect.left)
    span = row[0].rect.unionall([b.rect for b in row[1:]])
    laid = row_of_buttons([("story", tr("reveal.story"), reopen),
                           *((b.key, b.label, b.on_click if b.enabled else None) for b in row)],
                          span, size, at_100(size))
    if len({b.rect.top for b in laid}) > 1:
        return []
    most = min(b.label_size(size) for b in laid)  # (their words alike in size)
    for new in laid:
        new.most = most
    for old, new in zip(row, laid[1:], strict=True):
        buttons[buttons.index(old)] = new
    return laid[:1]
