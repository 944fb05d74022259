"""The line at the top of a table's action bar that says what to do or whom the table
waits for. It fits the bar at any window size and in either language: a long line is
set a little smaller, then in two lines, never past the bar's edges."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

import pygame

from client.assets import font, wrap_at_most
from client.kit import ink
from client.kit.fill import fill
from client.kit.widgets import ACCENT, INK, Button, Spec, blit_text, row_of_buttons

Color = tuple[int, int, int]
CAPTION: Color = (255, 226, 140)
LINES_APART = 1.25
"""Two lines of a prompt or caption stand this many times their text size apart: at
1.2, the least window's small text set a Knights verdict's "Ready for the next" on top
of its "round?"."""


def fitted_lines(words: str, size: int, width: int) -> tuple[int, list[str]]:
    """The size and lines a prompt is drawn in: one line at up to 80% of ``size``
    shrunk, else two lines at 80% (the second ending in "…" if it still runs on)."""
    step, lines = _fitted(words, size, width)
    return step, list(lines)


@lru_cache(maxsize=256)
def _fitted(words: str, size: int, width: int) -> tuple[int, tuple[str, ...]]:
    """Kept: a prompt stands for many frames, and measuring it is most of drawing it."""
    for step in (size, int(size * 0.9), int(size * 0.8)):
        if font(step, True).size(words)[0] <= width:
            return step, (words,)
    small = int(size * 0.8)
    return small, tuple(wrap_at_most(words, small, width, 2, bold=True))


def prompt_line(surface: pygame.Surface, bar: pygame.Rect, words: str, size: int,
                color: Color = INK) -> None:
    """Draw ``words`` centred in the top ``2 * size`` pixels of ``bar``, two lines
    ``LINES_APART``."""
    step, lines = fitted_lines(words, size, bar.width - 2 * size)
    if len(lines) == 1:
        blit_text(surface, lines[0], step, color, center=(bar.centerx, bar.top + int(size * 1.1)),
                  bold=True, box=bar)
        return
    for i, line in enumerate(lines):
        blit_text(surface, line, step, color,
                  center=(bar.centerx, bar.top + int(size * 0.6) + i * int(step * LINES_APART)),
                  bold=True, box=bar)


def bar_ground(surface: pygame.Surface, bar: pygame.Rect) -> None:
    """The action bar's ground and top edge (the card tables, whose bar holds a hand of
    cards under a one-line prompt, with the moment's buttons beside the prompt)."""
    fill(surface, (34, 22, 14), bar)
    pygame.draw.line(surface, ACCENT, bar.topleft, bar.topright, 2)


def room_beside(bar: pygame.Rect, size: int, beside: Sequence[Button]) -> int:
    """The width a line at the bar's top left has before the first of the buttons
    ``beside`` it on that line (or the bar's right edge), a margin kept on each side."""
    band = pygame.Rect(bar.left, bar.top + size // 3, bar.width, font(size, True).get_linesize())
    right = min([b.rect.left for b in beside if b.rect.colliderect(band)] + [bar.right])
    return right - size - (bar.left + size)


def buttons_beside(specs: list[Spec], row: pygame.Rect, size: int, least: int,
                   bar: pygame.Rect, words: str, text_size: int) -> list[Button]:
    """A card bar's buttons at ``size``, or smaller, down to ``least`` (their size at
    100% text), where at that size they leave the prompt beside them (``bar_prompt``)
    too little room for all its words in two lines: at 150% in 800x500, Sly Knight
    Robbery's "Choose two cards as your score cards, then confirm." ended "…, then…"."""
    buttons: list[Button] = []
    for step in range(size, min(size, least) - 1, -1):
        buttons = row_of_buttons(specs, row, step, least)
        _, lines = fitted_lines(words, text_size, room_beside(bar, text_size, buttons))
        if "".join(lines).replace(" ", "") == words.replace(" ", ""):
            break
    return buttons


def bar_prompt(surface: pygame.Surface, bar: pygame.Rect, words: str, size: int,
               beside: Sequence[Button] = ()) -> pygame.Rect | None:
    """The card bar's prompt at its top left, in the room left of the buttons ``beside``
    it on its line: set a little smaller, then in two lines (``fitted_lines``), where a
    narrow table (a lesson's panel beside it, large text) left one line running under
    them; the second ends in "…" only if even that runs on. At 150% text in 1024x600,
    "Choose two cards as your score cards, then confirm." was cut after "t". The two
    lines end above the hand (the bar keeps ``HAND_TEXT`` lines of room over it); a
    picked card under them rises less (``lift``). Returns where the words are."""
    if not words:
        return None
    step, lines = fitted_lines(words, size, room_beside(bar, size, beside))
    top = bar.top + (size // 3 if len(lines) == 1 else max(2, size // 8))
    drawn = [blit_text(surface, line, step, INK, bold=True,
                       topleft=(bar.left + size, top + i * int(step * LINES_APART)))
             for i, line in enumerate(lines)]
    return drawn[0].unionall(drawn[1:])


def bar_caption(surface: pygame.Surface, bar: pygame.Rect, words: str, size: int,
                beside: Sequence[Button] = ()) -> None:
    """What the table just showed (a steal, the score cards turned up), on a strip over
    the bar's prompt, left of the buttons ``beside`` it: a little smaller, then in two
    lines, where one line would run under them."""
    strip = pygame.Rect(bar.left, bar.top + 2, bar.width, int(size * 2.4))
    fill(surface, (52, 30, 18), strip)
    ink.cover(surface, strip)
    step, lines = fitted_lines(words, size, room_beside(bar, size, beside))
    top = strip.top + (size // 3 if len(lines) == 1 else max(2, size // 8))
    for i, line in enumerate(lines):
        blit_text(surface, line, step, CAPTION, topleft=(strip.left + size,
                                                          top + i * int(step * LINES_APART)),
                  bold=True)


def lift(card: pygame.Rect, bar: pygame.Rect, size: int,
         prompt: pygame.Rect | None = None) -> None:
    """Raise a picked card of the hand by ``size``, or less where that would reach the
    prompt above it (``bar_prompt``, where its words are): large text in a small window
    left the cards less than a line's height under it, and a prompt in two lines less
    still (a card picked under them shows by its outline)."""
    foot = bar.top + size // 3 + font(size, True).get_linesize()
    if prompt is not None and prompt.left < card.right and card.left < prompt.right:
        foot = max(foot, prompt.bottom + 2)
    card.move_ip(0, -max(0, min(size, card.top - foot)))
