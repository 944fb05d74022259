"""The line at the top of a table's action bar that says what to do or whom the table
waits for. It fits the bar at any window size and in either language: a long line is
set a little smaller, then in two lines, never past the bar's edges."""

from __future__ import annotations

import pygame

from client.assets import font, wrap_at_most
from client.kit.widgets import ACCENT, INK, blit_text

Color = tuple[int, int, int]


def fitted_lines(words: str, size: int, width: int) -> tuple[int, list[str]]:
    """The size and lines a prompt is drawn in: one line at up to 80% of ``size``
    shrunk, else two lines at 80% (the second ending in "…" if it still runs on)."""
    for step in (size, int(size * 0.9), int(size * 0.8)):
        if font(step, True).size(words)[0] <= width:
            return step, [words]
    small = int(size * 0.8)
    return small, wrap_at_most(words, small, width, 2, bold=True)


def prompt_line(surface: pygame.Surface, bar: pygame.Rect, words: str, size: int,
                color: Color = INK) -> None:
    """Draw ``words`` centred in the top ``2 * size`` pixels of ``bar``."""
    step, lines = fitted_lines(words, size, bar.width - 2 * size)
    if len(lines) == 1:
        blit_text(surface, lines[0], step, color, center=(bar.centerx, bar.top + int(size * 1.1)),
                  bold=True, box=bar)
        return
    for i, line in enumerate(lines):
        blit_text(surface, line, step, color,
                  center=(bar.centerx, bar.top + int(size * 0.6) + i * int(step * 1.2)),
                  bold=True, box=bar)


def bar_with_prompt(surface: pygame.Surface, bar: pygame.Rect, words: str, size: int) -> None:
    """The action bar's ground and top edge, and its prompt at the top left (the card
    tables, whose bar holds a hand of cards under a one-line prompt)."""
    surface.fill((34, 22, 14), bar)
    pygame.draw.line(surface, ACCENT, bar.topleft, bar.topright, 2)
    if words:
        blit_text(surface, words, size, INK, topleft=(bar.left + size, bar.top + size // 3),
                  bold=True)


def lift(card: pygame.Rect, bar: pygame.Rect, size: int) -> None:
    """Raise a picked card of the hand by ``size``, or less where that would reach the
    prompt above it (``bar_with_prompt``): large text in a small window left the cards
    less than a line's height under it."""
    foot = bar.top + size // 3 + font(size, True).get_linesize()
    card.move_ip(0, -max(0, min(size, card.top - foot)))
