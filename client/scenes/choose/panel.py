"""The right-hand panel: round and turn, the timer, the score sheet, the scrollable log."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

import pygame

from client.assets import scaled, shorten, text, wrap_at_most
from client.i18n import tr
from client.kit import ink, keymap, palette
from client.kit.fill import fill
from client.kit.logbox import LogBox
from client.kit.timer import draw_timer, timer_width
from client.kit.widgets import ACCENT, INK, blit_lines, blit_text, fitting
from client.scenes.choose import art
from client.scenes.choose.knowledge import Knowledge
from client.scenes.choose.words import Namer, describe, hand_words, say


def score_sheet(surface: pygame.Surface, rect: pygame.Rect, n: int, rounds: int,
                per_round: list[list[int]], totals: list[int], name: Namer, size: int,
                colors: Callable[[int], tuple[int, int, int]] = art.seat_color,
                heads: tuple[str, str] | None = None) -> int:
    """Rows of seats, one column per round and the total; returns the height used."""
    head_round, head_total = heads or (say("round_col", r="{r}"), say("total_col"))
    def columns(size: int) -> tuple[int, int]:
        col = max(size * 2, (rect.width - size * 7) // (rounds + 1))
        return col, rect.width - col * (rounds + 1)

    size = fitting(size, lambda size: columns(size)[1] >= size * 4)
    row = int(size * 1.35)
    col, name_w = columns(size)
    small = max(9, size - 2)
    # names wider than their column first take the room the columns spare (a column
    # needs its heading and a score), then a line of their own above their scores,
    # rather than being cut to "Ak…"
    least = max(size * 2, *(text(words, small, ACCENT, True).get_width() + size // 4
                            for words in (head_round.format(r=rounds), head_total)))
    widest = max(text(name(s), small, INK).get_width() for s in range(n)) + int(size * 1.2)
    if widest > name_w:
        col = max(least, min(col, (rect.width - widest) // (rounds + 1)))
        name_w = rect.width - col * (rounds + 1)
    own_line = widest > name_w
    y = rect.top
    for r in range(rounds):
        blit_text(surface, head_round.format(r=r + 1), small, ACCENT,
                  center=(rect.left + name_w + col * r + col // 2, y + row // 2))
    blit_text(surface, head_total, small, ACCENT,
              center=(rect.left + name_w + col * rounds + col // 2, y + row // 2), bold=True)
    y += row
    for s in range(n):
        palette.mark(surface, s, (rect.left + size // 2, y + row // 2), size // 3, colors(s))
        label = shorten(name(s), small, int((rect.width if own_line else name_w) - size * 1.4))
        blit_text(surface, label, small, INK, topleft=(rect.left + size, y + 1))
        if own_line:
            y += int(small * 1.25)
        for r in range(rounds):
            value = str(per_round[r][s]) if r < len(per_round) else "·"
            blit_text(surface, value, small, INK,
                      center=(rect.left + name_w + col * r + col // 2, y + row // 2))
        blit_text(surface, str(totals[s]), small, ACCENT,
                  center=(rect.left + name_w + col * rounds + col // 2, y + row // 2), bold=True)
        y += row
    return y - rect.top

def hands(surface: pygame.Surface, rect: pygame.Rect, k: Knowledge, name: Namer,
          size: int) -> int:
    """Every hand by name, where every card is shown (a watcher, a replay): at the
    seats they are fans a third of a card's size that nobody can read. Returns the y
    under the list, which stops at ``rect``'s bottom (large text in a small window):
    a hand cut short ends in "…"."""
    small = max(9, size - 2)
    step = int(small * 1.3)
    y = rect.top
    pygame.draw.line(surface, ACCENT, (rect.left, y), (rect.right, y), 1)
    y += small // 2
    blit_text(surface, say("hands"), size, ACCENT, topleft=(rect.left, y), bold=True)
    y += int(size * 1.5)
    for s in range(k.n):
        cards = [str(c) for c in k.hands[s] if c is not None]
        palette.mark(surface, s, (rect.left + size // 2, y + step // 2), size // 3,
                     art.seat_color(s))
        words = f"{name(s)}: {hand_words(cards) or say('hand_empty')}"
        room = max(1, (rect.bottom - y) // step)
        lines = wrap_at_most(words, small, rect.width - size, room)
        for line in lines:
            blit_text(surface, line, small, INK, topleft=(rect.left + size, y))
            y += step
        if y + step > rect.bottom:
            break
    return y + small // 2


class SidePanel:
    def __init__(self) -> None:
        self.log = LogBox(describe)
        self.timer_at: tuple[int, int, int] | None = None

    def draw_timer(self, surface: pygame.Surface, k: Knowledge, remaining: float | None) -> None:
        """Drawn every frame over the cached panel, so a ticking clock costs one label."""
        if remaining is None or self.timer_at is None or k.phase != "play":
            return
        x, y, size = self.timer_at
        draw_timer(surface, remaining, int(size * 1.2), (x, y))

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, k: Knowledge, name: Namer,
             log: Sequence[Mapping[str, object]], reserve: int = 0,
             ended: int | None = None) -> None:
        """``ended``: a round whose flip is read, the table waiting on it: the panel
        reads as that round ended (no turn, no discard pile or hands of the next round
        dealt under the flip)."""
        fill(surface, (40, 26, 17), rect)
        pad = max(8, rect.width // 24)
        size = scaled(max(12, rect.height // 46))
        left, y = rect.left + pad, rect.top + pad
        if ended is not None:
            title = say("phase.ended", r=ended, of=k.rounds)
        elif k.phase == "over":
            title = say("phase.over")
        else:
            title = say("phase.round", r=k.round, of=k.rounds)
        room = rect.width - 2 * pad  # (large text steps down to keep a long title whole)
        big = fitting(int(size * 1.3), lambda z: text(title, z, ACCENT, True).get_width() <= room)
        blit_text(surface, title, big, ACCENT, topleft=(left, y), bold=True)
        y += int(size * 1.9)
        if k.phase == "play" and k.turn is not None and ended is None:
            who = say("your_turn") if k.turn == k.me else say("turn_of", name=name(k.turn))
            self.timer_at = (rect.right - pad - max(size * 5, timer_width(int(size * 1.2))), y - 2,
                             size)
            who = shorten(who, size, self.timer_at[0] - left - size // 2, k.turn == k.me)
            blit_text(surface, who, size, INK, topleft=(left, y), bold=k.turn == k.me)
            y += int(size * 1.6)
        if k.me is None:
            y += blit_lines(surface, tr("omniscient") if k.omniscient else tr("spectator"), size,
                            INK, (left, y), rect.width - 2 * pad) + int(size * 0.2)
        if ended is None:
            blit_text(surface, say("discard_n", n=k.discard_size), max(10, size - 2),
                      (210, 190, 160), topleft=(left, y))
            y += int(size * 1.6)
        pygame.draw.line(surface, ACCENT, (left, y), (rect.right - pad, y), 1)
        y += pad // 2
        blit_text(surface, say("scores"), size, ACCENT, topleft=(left, y), bold=True)
        y += int(size * 1.5)

        def sheet(on: pygame.Surface, at: int) -> int:
            return score_sheet(on, pygame.Rect(left, y, rect.width - 2 * pad, at * 10), k.n,
                               k.rounds, k.round_scores, k.totals, name, at)

        # the log keeps two lines under its heading: large text in a small window sets
        # the sheet smaller first, down to its 100% size (at 150% in 800x500 five seats'
        # rows pushed the log under the table talk, its heading under the emotes)
        at, least = size, max(12, rect.height // 46)
        if at > least:  # (measured by drawing it where nobody sees: at 100% never)
            scratch = pygame.Surface(surface.get_size())
            with ink.unrecorded():
                while at > least and (y + sheet(scratch, at) + pad + int(size * 1.6)
                                      + int(size * 2.7) + pad + reserve > rect.bottom):
                    at -= 1
        y += sheet(surface, at)
        y += pad
        if k.me is None and k.omniscient and any(k.hands) and ended is None:
            room = rect.bottom - reserve - y - size * 6  # the log keeps a few lines
            y = hands(surface, pygame.Rect(left, y, rect.width - 2 * pad, room), k, name, size)
        pygame.draw.line(surface, ACCENT, (left, y), (rect.right - pad, y), 1)
        y += pad // 2
        blit_text(surface, tr("log"), size, ACCENT, topleft=(left, y), bold=True)
        blit_text(surface, keymap.current().relabel(say("rules_key")), max(10, size - 3),
                  (200, 180, 150), topleft=(rect.right - pad - size * 6, y + 2))
        y += int(size * 1.6)
        box = pygame.Rect(left, y, rect.width - 2 * pad, rect.bottom - y - pad - reserve)
        self.log.draw(surface, box, log, name, max(11, size - 1))
