"""The end-of-game reveal every table draws: the game's story beside the session's
scoreboard, on an opaque sheet over the finished table.

Opaque on purpose: the sheet is read, not glanced through, and a half-seen table behind
long text only makes both unreadable. Continue folds it away (a Story button brings it
back), so the finished table stays in reach; Back to menu leaves as the table's own
button does. Each game supplies only its words (a title and sections of lines); the
layout, wrapping, scrolling and the chart are shared here.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import pygame

from client.assets import at_100, fit_size, scaled, shorten, text, wrap
from client.i18n import tr
from client.kit import ink, palette
from client.kit.chart import line_chart, running
from client.kit.scoreboard import Scoreboard
from client.kit.widgets import ACCENT, GOOD, INK, Button, blit_text, row_of_buttons
from client.kit.words import Namer
from core.shapes import StoryHeader

SHEET = (26, 18, 11)
SEAT_COLORS: tuple[tuple[int, int, int], ...] = (
    (214, 70, 62), (60, 120, 210), (70, 160, 80), (226, 170, 40),
    (170, 90, 200), (60, 180, 190), (230, 130, 170), (160, 160, 160),
)


@dataclass
class Section:
    heading: str
    lines: list[str] = field(default_factory=list)


@dataclass
class Story:
    """A finished game's story, in the reader's language."""

    title: str
    sections: list[Section]


def joined(parts: list[str]) -> str:
    return ("、" if tr("you") == "あなた" else ", ").join(parts)


def winners_title(story: StoryHeader, name: Namer) -> str:
    """The sheet's title when a game has nothing better to say: who won."""
    return tr("reveal.winners", names=joined([name(int(s)) for s in story.get("winners", [])]))


class Reveal:
    """Whether the sheet is open, and where its text is scrolled to."""

    DELAY = 2.5
    """Seconds of the table's clock between the end and the sheet, so the last moment
    (the votes' arrows, the final flip) is seen before the story covers it."""

    def __init__(self) -> None:
        self.open = True
        self.scroll = 0
        self.ended_at: float | None = None
        self._lines = 0
        self._fits = 0

    def showing(self, now: float) -> bool:
        return self.open and self.ended_at is not None and now - self.ended_at >= self.DELAY

    def handle(self, event: pygame.event.Event) -> bool:
        """Scrolling keys and the wheel, and Enter or Esc to close; True when the event
        was the sheet's."""
        if event.type == pygame.MOUSEWHEEL:
            self.move(-event.y * 3)
            return True
        if event.type == pygame.KEYDOWN:
            steps = {pygame.K_DOWN: 1, pygame.K_UP: -1, pygame.K_PAGEDOWN: 10,
                     pygame.K_PAGEUP: -10}
            if event.key in steps:
                self.move(steps[event.key])
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE):
                self.open = False  # (Esc, as on every screen: back one step, to the table)
                return True
        return False

    def move(self, lines: int) -> None:
        self.scroll = max(0, min(self.scroll + lines, max(0, self._lines - self._fits)))

    def draw(self, surface: pygame.Surface, story: Story, board: Scoreboard, name: Namer,
             menu: Callable[[], None], note: str = "",
             more: Sequence[tuple[str, str, Callable[[], None] | None]] = ()) -> list[Button]:
        """Draw the sheet; returns its buttons (the only ones live while it is open).
        ``note`` and ``more``: the wait for the next game and its buttons, whose own
        *Continue* (``next_continue``) then stands for the sheet's."""
        w, h = surface.get_size()
        size = scaled(max(12, min(h // 40, w // 70)))
        surface.fill(SHEET)
        ink.cover(surface, surface.get_rect())
        sheet = pygame.Rect(size, size, w - size * 2, h - size * 3)
        pygame.draw.rect(surface, ACCENT, sheet, 2, border_radius=12)
        title = int(size * 1.6)
        blit_text(surface, story.title, title, ACCENT,
                  topleft=(sheet.left + size, sheet.top + size), bold=True)
        body = pygame.Rect(sheet.left + size, sheet.top + size * 2 + title, 0, 0)
        body.size = (sheet.width - size * 2,
                     sheet.bottom - body.top - size * (6 if note else 4))
        left = body.copy()
        if board.games:
            left.width = body.width * 3 // 5
            right = pygame.Rect(left.right + size * 2, body.top, body.right - left.right - size * 2,
                                body.height)
            draw_board(surface, right, board, name, size)
        self._draw_text(surface, left, story.sections, size)
        row = pygame.Rect(sheet.left, sheet.bottom - size * 3 - 4, sheet.width, size * 3)
        if note:
            blit_text(surface, note, size, ACCENT, center=(sheet.centerx, row.top - size))
        own = [] if any(key == "next_continue" for key, _, _ in more) else [
            ("continue", tr("reveal.continue"), self.close)]
        buttons = row_of_buttons([*own, *more, ("menu", tr("back_menu"), menu)], row, size)
        return buttons

    def close(self) -> None:
        self.open = False

    def _draw_text(self, surface: pygame.Surface, rect: pygame.Rect, sections: list[Section],
                   size: int) -> None:
        step = int(size * 1.35)
        lines: list[tuple[str, bool]] = []
        for section in sections:
            if section.heading:
                lines += [(line, True) for line in wrap(section.heading, size, rect.width, True)]
            for words in section.lines:
                lines += [(line, False) for line in wrap(words, size, rect.width - size)]
            lines.append(("", False))
        # the last line's letters (a descender, an arrow) reach below its step
        self._lines, self._fits = len(lines), max(1, (rect.height - size // 2) // step)
        self.move(0)
        shown = lines[self.scroll:self.scroll + self._fits]
        for i, (line, heading) in enumerate(shown):
            x = rect.left if heading else rect.left + size
            ink.blit(surface, text(line, size, ACCENT if heading else INK, heading),
                     (x, rect.top + i * step), line, rect)
        if self.scroll + self._fits < len(lines):
            blit_text(surface, tr("reveal.more"), max(10, size - 2), ACCENT,
                      topleft=(rect.left, rect.bottom + 2))


def draw_board(surface: pygame.Surface, rect: pygame.Rect, board: Scoreboard, name: Namer,
               size: int) -> None:
    """Each person's wins and points over the session, best first, and a chart of the
    points game by game (from the second game: one game's chart is a line from 0 to the
    points the table already shows)."""
    title = tr("board.title", n=len(board.games))
    # (stepped down toward its 100% size where large text runs it past the sheet's
    # padding: at 150% in 800x500 its count touched the sheet's edge)
    blit_text(surface, title, fit_size(title, size, rect.width, at_100(size), True), ACCENT,
              topleft=rect.topleft, bold=True, box=rect)
    step = int(size * 1.4)
    y = rect.top + step
    # the numbers' columns as wide as their headings (and a three-digit score), the
    # names the rest: large text once cut "Daichi (ボット)" to "Daichi (ボ"
    small = max(10, size - 2)
    wide = [max(text(tr(key), small, ACCENT).get_width(), text("000", size, INK).get_width())
            for key in ("board.wins", "board.points")]
    points_x = rect.right - wide[1] - size // 2
    columns = (rect.left, points_x - wide[0] - size, points_x)
    for x, words in zip(columns, ("", tr("board.wins"), tr("board.points")), strict=True):
        blit_text(surface, words, small, ACCENT, topleft=(x, y))
    standings = board.standings()
    top = (board.wins(standings[0]), board.points(standings[0])) if standings else None
    for seat in standings:
        y += step
        color = GOOD if (board.wins(seat), board.points(seat)) == top else INK
        palette.mark(surface, seat, (columns[0] + size // 2, y + size // 2), size // 3,
                     palette.colour(seat, SEAT_COLORS))
        label = shorten(name(seat), size, columns[1] - columns[0] - size * 2)
        blit_text(surface, label, size, color, topleft=(columns[0] + size * 6 // 5, y))
        blit_text(surface, str(board.wins(seat)), size, color, topleft=(columns[1], y))
        blit_text(surface, str(board.points(seat)), size, color, topleft=(columns[2], y))
    chart = pygame.Rect(rect.left, y + step * 2, rect.width, rect.bottom - y - step * 2)
    if chart.height > size * 7 and len(board.games) > 1:
        series = running(board.per_game(), board.seats)
        line_chart(surface, chart, series, palette.colours(SEAT_COLORS), size, tr("board.chart"),
                   lambda i: tr("board.game", n=i) if i else "")
