"""What every table draws over its own drawing: a refusal in words, the resume wait,
the games-done notice, the host-gone sentence, the bots' beliefs, a replay's bar, the
buttons, and the line of keys at the foot."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from client.app import App
from client.assets import scaled, text, wrap
from client.i18n import tr
from client.kit import ink, keymap, resume_wait
from client.kit.layout import beside_side
from client.kit.widgets import ACCENT, BAD, INK, Button, blit_text, fit_line, panel, row_of_buttons
from client.session import NOTICE_SECONDS, Session

KEYS_COLOUR = (200, 180, 150)


class Overlays:
    """The overlays of one table; keeps where a replay's track was last drawn, where a
    click seeks (``click_track``)."""

    def __init__(self, app: App, session: Session) -> None:
        self.app = app
        self.session = session
        self.replay_track: pygame.Rect | None = None
        self.paused_by_person = False
        """A person paused the table (Space), as against a scene's own hold: the table
        then says so."""
        self.banner_top = 0
        """How far down the first banner goes at least: below what a scene keeps at the
        top of its table for the moment (the narrator's words at a Cheese Thief night)."""
        self.beliefs_box: pygame.Rect | None = None
        """Where a scene wants the bots' beliefs in its side column (None: the kit's
        place, below the column's heading)."""

    def draw(self, surface: pygame.Surface, buttons: list[Button], mouse: tuple[int, int],
             host_gone: bool, back: Callable[[], None],
             speed: Callable[[int], None]) -> None:
        """Draw them all over the table with its ``buttons``, adding the overlays' own
        to that list (``back``: the host-gone way out; ``speed``: a replay's
        slower/faster)."""
        session = self.session
        w, h = surface.get_size()
        size = scaled(max(12, h // 48))
        below = max(size, self.banner_top)
        error = session.feed.latest_error(session.clock)
        if error:
            below = banner(surface, tr("error", message=error), size, below, BAD) + size
        if session.notice is not None and session.clock < NOTICE_SECONDS:
            key, values = session.notice
            below = banner(surface, tr(key, **values), size, below, ACCENT) + size
        waiting = resume_wait.waiting_words(session.feed, session.clock)
        if waiting is not None:
            below = banner(surface, waiting, size, below, ACCENT) + size
        if session.closed:
            banner(surface, tr("closed.games_done"), size, below, ACCENT)
        if host_gone:
            buttons += draw_host_gone(surface, size, back)
        from client.kit import beliefs

        if beliefs.beliefs_shown(session):
            beliefs.draw(surface, session, size, self.beliefs_box)
        if (self.paused_by_person and not session.humans and session.replay is None
                and session.own_clock):
            paused_badge(surface, size, below)
        if session.replay is not None:
            from client.kit import replay_bar

            bar, self.replay_track = replay_bar.draw(surface, session.replay, size, speed)
            buttons += bar
        for button in buttons:
            button.draw(surface, mouse, size)
        words, small = fit_line(keymap.current().relabel(self.keys_line()), max(10, size - 2),
                                beside_side((w, h)).width - 2 * size, max(10, h // 48 - 2))
        hints = text(words, small, KEYS_COLOUR).get_rect(topleft=(size, h - int(small * 1.9)))
        # Large text may wrap the buttons into a row over the hints: the buttons win.
        if not any(b.rect.colliderect(hints) for b in buttons):
            blit_text(surface, words, small, KEYS_COLOUR, topleft=hints.topleft)

    def keys_line(self) -> str:
        """The keys that work here, at the window's foot."""
        session = self.session
        if not session.humans and not session.own_clock:
            words = tr("spectate.keys")  # a LAN table's time is its host's
        elif not session.humans:
            # (a table the scene holds for a show is not paused: the person did not ask)
            words = (tr("paused") if self.paused_by_person
                     else tr("speed", x=f"{session.speed:g}"))
            words += "   " + tr("watch.keys")
            if session.omniscient is not None:  # a replay from a seat has nothing more
                words += "   " + tr("watch.key_o")
            if session.replay is not None:
                words += "   " + tr("replay.keys")
            if session.bot_views is not None:
                words += "   " + tr("beliefs.key")
        else:
            words = tr("play.keys")
        if self.app.audio.muted:
            words += "   " + tr("muted")
        return words

    def click_track(self, event: pygame.event.Event) -> bool:
        """A left click on a replay's track seeks there; True when it did."""
        replay, track = self.session.replay, self.replay_track
        if replay is None or not track or not track.inflate(0, 12).collidepoint(event.pos):
            return False
        from client.kit import replay_bar

        replay_bar.click_track(replay, track, event.pos[0])
        return True


def banner(surface: pygame.Surface, words: str, size: int, top: int,
           colour: tuple[int, int, int]) -> int:
    """One bold sentence on a panel across the top of the table, ``top`` pixels down;
    returns where the panel ends, for the next one to go below. It is centred over the
    table, left of the side column (``beside_side``): centred on the window, a long
    sentence reached into the column and hid its heading, the round and the clock. A
    sentence wider than the table goes on to more lines; the panel is as wide as its
    widest line (a width guessed from the letters' count held half a Japanese
    sentence, whose words ran out past the panel's ends)."""
    area = beside_side(surface.get_size())
    room = area.width - 2 * size
    lines = wrap(words, size, room - 2 * size, bold=True)
    wide = max(text(line, size, colour, True).get_width() for line in lines) + size * 2
    step = int(size * 1.35)
    rect = pygame.Rect(0, 0, min(room, wide), size * 3 + step * (len(lines) - 1))
    rect.midtop = (area.centerx, top)
    panel(surface, rect, 230)
    y = rect.centery - step * (len(lines) - 1) // 2
    for line in lines:
        blit_text(surface, line, size, colour, center=(rect.centerx, y), bold=True, box=rect)
        y += step
    return rect.bottom


def paused_badge(surface: pygame.Surface, size: int, top: int) -> None:
    """A watched table that is paused says so on the table itself (not only in the
    keys line): in the table's top left corner, which every game's oval leaves free."""
    words = tr("paused.table")
    wide = text(words, size, ACCENT, True).get_width() + size * 2
    rect = pygame.Rect(size, top + size * 2, wide, int(size * 2.2))
    panel(surface, rect, 235)
    blit_text(surface, words, size, ACCENT, center=rect.center, bold=True, box=rect)


def draw_host_gone(surface: pygame.Surface, size: int, back: Callable[[], None]) -> list[Button]:
    """The host went quiet: the table dimmed, one sentence over it, and a way back to
    the menu (the seat's token stays, so the menu's Rejoin, or the table's return,
    seats the person again)."""
    w, h = surface.get_size()
    words = tr("host.quiet")
    big = size + size // 3
    wide = text(words, big, INK, True).get_width() + big * 3
    box = pygame.Rect(0, 0, min(w - 20, wide), big * 6)
    box.center = (w // 2, h // 3)
    shade = pygame.Surface((w, h), pygame.SRCALPHA)
    shade.fill((0, 0, 0, 110))  # the table is as the host left it: dimmed, on hold
    surface.blit(shade, (0, 0))
    ink.cover(surface, surface.get_rect())
    panel(surface, box, 240)
    blit_text(surface, words, big, BAD, center=(box.centerx, box.top + big * 3 // 2),
              bold=True)
    row = pygame.Rect(box.left, box.top + big * 3, box.width, big * 2)
    return row_of_buttons([("host_menu", tr("back_menu"), back)], row, size)
