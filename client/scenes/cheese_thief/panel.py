"""The right-hand panel: phase and timer, what you know, the scrollable log."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import pygame

from client import i18n
from client.assets import scaled, svg, text, wrap
from client.i18n import tr
from client.kit import ink
from client.kit.fill import fill
from client.kit.timer import draw_timer, seconds_left
from client.kit.widgets import ACCENT, INK, blit_text, panel
from client.scenes.cheese_thief.knowledge import Knowledge
from client.scenes.cheese_thief.words import Namer, describe, names_of, role_name

PANEL = (40, 26, 17)
"""The panel's colour."""


def phase_title(k: Knowledge) -> str:
    if k.phase == "night":
        return tr("phase.night", hour=k.hour)
    return tr(f"phase.{k.phase}")


def knowledge_lines(k: Knowledge, name: Namer) -> list[str]:
    """What you know, in words: your role, your hour, the thief, followers, peeks."""
    you = k.you
    if k.me is None or not you:
        return [tr("omniscient") if k.omniscient else tr("spectator")]
    lines = [tr("you_are", role=role_name(str(you.get("role"))))]
    if you.get("follower"):
        lines.append(tr("you_follower"))
    hours = you.get("wake_hours") or []
    if hours:
        lines.append(tr("your_hour", hours=" / ".join(str(h) for h in hours)))
    if k.thief is not None and k.thief != k.me:
        lines.append(tr("thief_is", name=name(k.thief)))
    if k.followers:
        lines.append(tr("followers_are", names=names_of(k.followers, name)))
    for peek in k.peeks:
        lines.append(tr("peeked", name=name(int(peek["target"])), v=peek["value"]))
    return lines


class SidePanel:
    """Draws the panel; keeps the log's scroll position and the panel's image, painted
    again only when what it shows changed (a second of the timer, a line, the log):
    drawing it afresh every frame cost a millisecond of each at 1920x1080."""

    def __init__(self) -> None:
        self.scroll = 0
        """Lines scrolled up from the newest."""
        self._panel_key: tuple[Any, ...] | None = None
        self._panel: pygame.Surface | None = None
        self._log_at = pygame.Rect(0, 0, 0, 0)
        self._wrapped_key: tuple[Any, ...] | None = None
        self._wrapped: dict[int, tuple[Mapping[str, object], list[str]]] = {}
        """Each event's wrapped lines, by identity (``_event_lines``)."""
        self._panel_size = 0
        """The text size the panel was last painted at."""
        self.log_rect = pygame.Rect(0, 0, 0, 0)

    def wheel(self, dy: int) -> None:
        self.scroll = max(0, self.scroll + dy * 2)

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, k: Knowledge, name: Namer,
             log: Sequence[Mapping[str, object]], remaining: float | None,
             bottom_reserve: int) -> None:
        lines = knowledge_lines(k, name)
        secs = None if remaining is None else seconds_left(remaining)
        role = k.you.get("role") if k.you else None
        key = (rect.size, bottom_reserve, phase_title(k), secs, tuple(lines), role,
               self._log_key(log, k.me, k.n), i18n.generation, scaled(100))
        image = self._panel
        if image is None or image.get_size() != rect.size or key != self._panel_key:
            if image is None or image.get_size() != rect.size:
                image = self._panel = pygame.Surface(rect.size)
            ink.forget(image)
            self._paint(image, image.get_rect(), k, lines, name, log, remaining, bottom_reserve)
            self._panel_key = key
        self.log_rect = self._log_at.move(rect.topleft)
        ink.paste(surface, image, rect.topleft)

    def _paint(self, surface: pygame.Surface, rect: pygame.Rect, k: Knowledge,
               lines: list[str], name: Namer, log: Sequence[Mapping[str, object]],
               remaining: float | None, bottom_reserve: int) -> None:
        """The panel at the person's text size; where what you know then leaves the log
        no room for two lines (large text in a small window, by day, with the talk box
        below: a lesson says the bots answer in the log), its text steps down, no
        smaller than its size at 100%, until they fit, as a crowded table's speech
        bubbles do. Where even that does not make room, the person's size stands."""
        least = max(12, rect.height // 46)
        chosen = size = scaled(least)
        paint = (surface, rect, k, lines, name, log, remaining, bottom_reserve)
        with ink.unrecorded():
            fits = self._paint_at(*paint, size)
            while not fits and size > least:
                size -= 1
                fits = self._paint_at(*paint, size)
        shown = size if fits else chosen
        if ink.RECORDER is not None or shown != size:
            self._paint_at(*paint, shown)
        self._panel_size = shown

    def _log_fits(self, size: int) -> bool:
        return self.log_rect.height >= int(size * 1.3) * 2 + size // 2

    def _paint_at(self, surface: pygame.Surface, rect: pygame.Rect, k: Knowledge,
                  lines: list[str], name: Namer, log: Sequence[Mapping[str, object]],
                  remaining: float | None, bottom_reserve: int, size: int) -> bool:
        """The panel at text size ``size``; whether its log has room for two lines."""
        fill(surface, PANEL, rect)
        pad = max(8, rect.width // 24)
        y = rect.top + pad
        for line in wrap(phase_title(k), int(size * 1.3), rect.width - 2 * pad, True):
            blit_text(surface, line, int(size * 1.3), ACCENT, topleft=(rect.left + pad, y),
                      bold=True)
            y += int(size * 1.8)
        y += int(size * 0.2)
        if remaining is not None:
            draw_timer(surface, remaining, int(size * 1.6), (rect.left + pad, y))
            y += int(size * 2.3)
        you_role = k.you.get("role") if k.you else None
        card_h = int(size * 4.2)
        text_left = rect.left + pad
        if you_role:
            sprite = svg(f"card_{you_role}", int(card_h * 0.7), card_h)
            surface.blit(sprite, (rect.left + pad, y))
            text_left += sprite.get_width() + pad
        top = y
        beside_until = top + (card_h if you_role else 0)
        for line in lines:
            y = self._lines(surface, line, size, (text_left, rect.left + pad),
                            rect.right - pad, y, beside_until)
        y = max(y, beside_until) + pad
        pygame.draw.line(surface, ACCENT, (rect.left + pad, y), (rect.right - pad, y), 1)
        y += pad // 2
        heading = y
        y += int(size * 1.6)
        self._log_at = self.log_rect = pygame.Rect(rect.left + pad, y, rect.width - 2 * pad,
                                                   rect.bottom - bottom_reserve - y - pad)
        if self.log_rect.height > size * 2:
            # (the heading only over a log: at large text in a small window the role's
            # lines can leave no room above the talk box, and it ran into its title)
            blit_text(surface, tr("log"), size, ACCENT, topleft=(rect.left + pad, heading),
                      bold=True)
            panel(surface, self.log_rect.inflate(pad, pad // 2), 150, under=PANEL)
            self._draw_log(surface, log, name, size, k.n)
        return self._log_fits(size)

    def _log_key(self, log: Sequence[Mapping[str, object]], viewer: int | None,
                 players: int) -> tuple[Any, ...]:
        """Whose log, and which lines, the log shows (a full log keeps its length while
        its lines move on)."""
        last = id(log[-1]) if log else 0
        return (viewer, id(log), len(log), last, self.scroll, players)

    @staticmethod
    def _lines(surface: pygame.Surface, line: str, size: int, lefts: tuple[int, int],
               right: int, y: int, beside_until: int) -> int:
        """One thing you know, wrapped beside the role's card and, past its foot, across
        the panel's whole width (at large text in a small window the narrow column ran
        so long that no room was left for the log); returns the next line's top."""
        step = int(size * 1.35)
        rest = line
        while rest:
            left = lefts[0] if y < beside_until else lefts[1]
            parts = wrap(rest, size, right - left)
            if not parts:
                break
            blit_text(surface, parts[0], size, INK, topleft=(left, y))
            y += step
            tail = rest[len(parts[0]):] if rest.startswith(parts[0]) else None
            if tail is None:  # (the wrap changed the words: the rest as it wrapped them)
                for part in parts[1:]:
                    blit_text(surface, part, size, INK, topleft=(left, y))
                    y += step
                break
            rest = tail.lstrip()
        return y

    def _event_lines(self, event: Mapping[str, object], name: Namer, players: int, size: int,
                     width: int) -> list[str]:
        """One event's log line, wrapped; kept while the words it depends on stand
        (``_draw_log`` forgets them when they change, and past a few games' worth)."""
        kept = self._wrapped.get(id(event))
        if kept is None or kept[0] is not event:
            kept = self._wrapped[id(event)] = (event, wrap("• " + describe(event, name, players),
                                                         size, width))
        return kept[1]

    def _draw_log(self, surface: pygame.Surface, log: Sequence[Mapping[str, object]],
                  name: Namer, size: int, players: int) -> None:
        """The log's newest lines that fit (or as many up as it is scrolled), straight
        onto the panel. Only they are worded, from the newest event back, and each
        event's lines are kept: a game's log runs to a hundred events, and wording and
        measuring all of them again for each new one, then blending an image of the
        log onto the panel, cost the frames where eight bots speak or vote 2 ms."""
        area = self.log_rect
        words = (size, area.width, players, i18n.generation,
                 tuple(name(s) for s in range(players)))
        if words != self._wrapped_key or len(self._wrapped) > 2000:
            self._wrapped_key, self._wrapped = words, {}
        step = int(size * 1.3)
        fits = max(1, (area.height - size // 2) // step)  # the last line's letters
        lines: list[str] = []
        for event in reversed(log):
            if event.get("type") not in ("voted",):
                lines[:0] = self._event_lines(event, name, players, size, area.width - 4)
                if len(lines) >= fits + self.scroll:
                    break  # (else every line is in, and the scroll stops at the first)
        self.scroll = min(self.scroll, max(0, len(lines) - fits))
        end = len(lines) - self.scroll
        clip = surface.get_clip()
        surface.set_clip(area)  # (the last line's tails stop at the log's foot)
        for i, line in enumerate(lines[max(0, end - fits):end]):
            ink.blit(surface, text(line, size, INK), (area.left + 2, area.top + i * step), line)
        surface.set_clip(clip)
