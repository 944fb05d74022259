"""The right-hand panel: round and turn, the timer, the score so far, the log."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import cast

import pygame

from client.assets import scaled, shorten, text
from client.i18n import number, tr
from client.kit import ink, keymap, palette
from client.kit.fill import fill
from client.kit.logbox import LogBox
from client.kit.timer import draw_timer, timer_width
from client.kit.widgets import ACCENT, INK, blit_lines, blit_text, fitting
from client.scenes.sly_knights import art
from client.scenes.sly_knights.knowledge import Knowledge, worth
from client.scenes.sly_knights.words import Namer, describe, names_of, say
from core.games.sly_knights.shapes import SlyLine
from core.games.sly_knights.state import PIG_POINTS


class SlyLog(LogBox):
    """A play names the score card it went on; that needs the round's reveal before it."""

    def __init__(self) -> None:
        super().__init__(lambda event, name: describe(event, name))

    def texts(self, log: Sequence[Mapping[str, object]], name: Namer) -> list[str]:
        owners: list[int] = []
        values: list[int] = []
        out = []
        for event in log:
            event = cast(SlyLine, event)
            if event.get("type") == "reveal":
                owners, values = [], []
                for seat, pair in enumerate(event["score_cards"]):
                    for value in pair:
                        owners.append(seat)
                        values.append(int(value))
            out.append(describe(event, name, owners, values))
        return out


class SidePanel:
    def __init__(self) -> None:
        self.log = SlyLog()
        self.timer_at: tuple[int, int, int] | None = None

    def draw_timer(self, surface: pygame.Surface, k: Knowledge, remaining: float | None) -> None:
        if remaining is None or self.timer_at is None or k.phase == "over":
            return
        x, y, size = self.timer_at
        draw_timer(surface, remaining, int(size * 1.2), (x, y))

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, k: Knowledge, name: Namer,
             log: Sequence[Mapping[str, object]], reserve: int = 0,
             ended: int | None = None) -> None:
        """``ended``: a round whose summary is read, the table waiting on it: the panel
        reads as that round ended, not as the next one dealt under the summary."""
        fill(surface, (40, 26, 17), rect)
        pad = max(8, rect.width // 24)
        size = scaled(max(12, rect.height // 46))
        left, y = rect.left + pad, rect.top + pad
        heading = (say(f"phase.{k.phase}", r=k.round) if ended is None
                   else say("phase.ended", r=ended))
        title = text(heading, int(size * 1.3), ACCENT, True)
        if title.get_width() > rect.width - 2 * pad:
            title = pygame.transform.smoothscale(
                title, (rect.width - 2 * pad, title.get_height() * (rect.width - 2 * pad)
                        // title.get_width()))
        ink.blit(surface, title, (left, y), heading, rect)
        y += int(size * 1.9)
        self.timer_at = (rect.right - pad - max(size * 5, timer_width(int(size * 1.2))), y - 2,
                             size)
        if k.phase == "play" and k.turn is not None and ended is None:
            who = say("your_turn") if k.turn == k.me else say("turn_of", name=name(k.turn))
            who = shorten(who, size, self.timer_at[0] - left - size // 2, k.turn == k.me)
            blit_text(surface, who, size, INK, topleft=(left, y), bold=k.turn == k.me)
        y += int(size * 1.6)
        if k.phase == "choose" and ended is None:
            waiting = [s for s in range(k.n) if not k.chosen[s]]
            words = say("choosing", names=names_of(waiting, name))
            # (four names in large text take three lines: the last name is never cut)
            y += blit_lines(surface, words, max(10, size - 2), INK, (left, y),
                            rect.width - 2 * pad, 3, 1.3 * size / max(10, size - 2))
        if k.me is None:
            y += blit_lines(surface, tr("omniscient") if k.omniscient else tr("spectator"), size,
                            INK, (left, y), rect.width - 2 * pad) + int(size * 0.2)
        pygame.draw.line(surface, ACCENT, (left, y), (rect.right - pad, y), 1)
        y += pad // 2
        final = k.phase == "over" and ended is None
        blit_text(surface, say("scores_final" if final else "scores"), size, ACCENT,
                  topleft=(left, y), bold=True)
        y += int(size * 1.5)
        y = self.sheet(surface, pygame.Rect(left, y, rect.width - 2 * pad, size * 8), k, name,
                       max(10, size - 2))
        y += pad
        pygame.draw.line(surface, ACCENT, (left, y), (rect.right - pad, y), 1)
        y += pad // 2
        blit_text(surface, tr("log"), size, ACCENT, topleft=(left, y), bold=True)
        blit_text(surface, keymap.current().relabel(say("rules_key")), max(10, size - 3),
                  (200, 180, 150), topleft=(rect.right - pad - size * 6, y + 2))
        y += int(size * 1.6)
        box = pygame.Rect(left, y, rect.width - 2 * pad, rect.bottom - y - pad - reserve)
        self.log.draw(surface, box, log, name, max(11, size - 1))

    @staticmethod
    def sheet(surface: pygame.Surface, rect: pygame.Rect, k: Knowledge, name: Namer,
              size: int) -> int:
        """Taken + 2 per pig − penalties, per seat; penalties stay '?' until they are shown."""
        cols = ("col.taken", "col.pigs", "col.penalty", "col.total")

        def col_width(size: int) -> int:
            return max(int(size * 3.8), rect.width // 6)

        def fits(size: int) -> bool:
            widest = max(text(say(key), size, ACCENT).get_width() for key in cols)
            return rect.width - col_width(size) * len(cols) >= size * 4 and \
                widest <= col_width(size) - 4

        size = fitting(size, fits)
        col_w = col_width(size)
        name_w = rect.width - col_w * len(cols)
        row = int(size * 1.4)
        # names wider than their column (large text, a narrow panel) get a line of
        # their own above their numbers rather than being cut to "Ai…"
        own_line = any(text(name(s), size, INK).get_width() > name_w - size * 3 // 2
                       for s in range(k.n))
        y = rect.top
        for i, key in enumerate(cols):
            blit_text(surface, say(key), size, ACCENT,
                      center=(rect.left + name_w + col_w * i + col_w // 2, y + row // 2))
        y += row
        for s in range(k.n):
            palette.mark(surface, s, (rect.left + size // 2, y + row // 2), size // 3,
                         art.seat_color(s))
            room = (rect.width if own_line else name_w) - size * 3 // 2
            blit_text(surface, shorten(name(s), size, room), size, INK,
                      topleft=(rect.left + size, y))
            if own_line:
                y += int(size * 1.2)
            known = k.penalties[s]
            hidden = bool(k.penalty_counts[s]) and known is None
            lost = sum(worth(c) for c in known or []) if not hidden else None
            values = [str(k.taken(s)), str(PIG_POINTS * k.pigs[s]),
                      "?" if lost is None else f"−{lost}" if lost else "0"]
            total = k.taken(s) + PIG_POINTS * k.pigs[s] - (lost or 0)
            values.append(number(total) + ("?" if lost is None else ""))
            for i, words in enumerate(values):
                blit_text(surface, words, size, ACCENT if i == 3 else INK,
                          center=(rect.left + name_w + col_w * i + col_w // 2, y + row // 2),
                          bold=i == 3)
            y += row
        return y
