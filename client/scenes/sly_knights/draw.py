"""Drawing the Sly Knight Robbery table from a ``Knowledge`` and the running animations.

Nothing here decides what may be shown; ``knowledge.read`` already did.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import pygame

from client.assets import at_100, fit_size, text
from client.kit import ink, palette
from client.kit.tabletop import tabletop
from client.kit.widgets import BAD, DARK, GOOD, INK, badge, blit_text, shade
from client.scenes.sly_knights import art
from client.scenes.sly_knights.knowledge import Knowledge, ScoreCard
from client.scenes.sly_knights.layout import Layout, play_spot
from client.scenes.sly_knights.words import say

HOT = (255, 226, 130)
FLIGHT = 0.45
FLIP_STEP = 0.15
REVEAL = 3.0
"""Seconds the starting player's helmet is ringed after the score cards are revealed."""
BUBBLE = 1.6
"""Seconds a bubble rises over its seat."""


@dataclass
class Motion:
    flights: dict[tuple[int, int], tuple[float, int, bool]] = field(default_factory=dict)
    """(score card, play index) -> (start, seat it came from, with a pig)."""
    reveal: tuple[float, dict[str, object]] | None = None
    bubbles: dict[int, tuple[float, str]] = field(default_factory=dict)

    def flying(self, now: float) -> set[tuple[int, int]]:
        return {key for key, (t, _, _) in self.flights.items() if now - t < FLIGHT}

    def revealing(self, now: float, count: int) -> bool:
        return self.reveal is not None and now - self.reveal[0] < count * FLIP_STEP + 0.4

    def busy(self, now: float) -> bool:
        return (bool(self.flying(now)) or self.reveal_shown(now)
                or any(now - t < BUBBLE for t, _ in self.bubbles.values()))

    def moving(self, now: float, count: int) -> bool:
        """Whether the picture changes frame by frame: a card flying, the ``count``
        score cards turning over. ``busy`` also counts the starting helmet's ring
        pulsing and the bubbles rising, each a pixel every few frames: the table
        redraws when they move (``look``), not each frame."""
        return bool(self.flying(now)) or self.revealing(now, count)

    def reveal_shown(self, now: float) -> bool:
        """The reveal's ring and caption stand (``REVEAL``)."""
        return self.reveal is not None and now - self.reveal[0] < REVEAL

    def look(self, lay: Layout, k: Knowledge, now: float) -> tuple[object, ...]:
        """What moves a pixel at a time, as drawn: the reveal's ring and each bubble."""
        ring = pulse(lay, now - self.reveal[0]) if self.reveal is not None else None
        return (self.reveal_shown(now) and k.phase == "play" and ring,
                *(bubble_spot(lay, s, self, now) for s in range(k.n)))


def background(lay: Layout) -> pygame.Surface:
    t = lay.table
    return tabletop(lay.size[0], lay.size[1], (t.x, t.y, t.w, t.h), int(lay.rx), int(lay.ry),
                    lay.center[0], lay.center[1])


def owner_labels(surface: pygame.Surface, lay: Layout, k: Knowledge, name: object) -> None:
    """Each pair of score cards under a band in its owner's colour and name."""
    namer = name if callable(name) else str
    for seat in range(k.n):
        a, b = lay.columns[2 * seat], lay.columns[2 * seat + 1]
        band = pygame.Rect(min(a.left, b.left), a.top - int(lay.text * 3.1),
                           abs(b.right - a.left) if b.left > a.left else a.right - b.left,
                           int(lay.text * 1.4))
        pygame.draw.rect(surface, art.seat_color(seat), band, border_radius=band.height // 2)
        palette.mark(surface, seat, (band.left - band.height // 2 - 2, band.centery),
                     band.height // 3, art.seat_color(seat))
        label = text(namer(seat), max(9, lay.text - 3), (255, 255, 255), True)
        if label.get_width() > band.width - 6:
            label = pygame.transform.smoothscale(label, (band.width - 6, label.get_height()))
        ink.blit(surface, label, label.get_rect(center=band.center), namer(seat), band)


def column(surface: pygame.Surface, lay: Layout, k: Knowledge, sc: ScoreCard, ring: int,
           skip: set[tuple[int, int]], face: bool = True) -> None:
    """A score card, the cards played on it, its running total and limit, and who
    would take it if the round ended now."""
    rect = lay.columns[sc.index]
    w, h = rect.size
    if face:
        # While the reveal plays, the turning cards are drawn over the table each frame.
        surface.blit(art.score_card(sc.owner, sc.value, w, h), rect)
        ink.thing(surface, rect)
    if ring < 0:
        surface.blit(shade(w, h, 150, (20, 14, 10)), rect)
    elif ring:
        pygame.draw.rect(surface, (60, 30, 10), rect.inflate(12, 12), 3, border_radius=12)
        pygame.draw.rect(surface, HOT, rect.inflate(8, 8), 5 if ring == 2 else 3, border_radius=10)
    cw, ch = lay.card
    for index, play in enumerate(sc.plays):
        if (sc.index, index) in skip:
            continue
        card(surface, lay, int(play["seat"]), int(play["card"]), bool(play["pig"]),
             play_spot(lay, sc.index, index))
    if not face:
        return
    gauge = pygame.Rect(rect.left + 2, rect.top - max(6, h // 14) - 3, w - 4, max(5, h // 14))
    pygame.draw.rect(surface, (70, 50, 30), gauge, border_radius=3)
    full = sc.total / max(1, sc.value)
    fill = gauge.copy()
    fill.width = int(gauge.width * full)
    color = BAD if sc.total == sc.value else (GOOD if full < 0.6 else (230, 180, 60))
    if fill.width:
        pygame.draw.rect(surface, color, fill, border_radius=3)
    limit, size = say("limit", total=sc.total, value=sc.value), max(9, lay.text - 3)
    blit_text(surface, limit, fit_size(limit, size, _room(lay, rect), at_100(size), True), INK,
              center=(rect.centerx, gauge.top - max(7, lay.text // 2)), bold=True, shadow=True)
    taker = sc.last if sc.last is not None else sc.owner
    spot = (rect.right - 3, rect.top + 3)
    palette.mark(surface, taker, spot, max(5, lay.text // 2), art.seat_color(taker))


def _room(lay: Layout, rect: pygame.Rect) -> int:
    """The width a label centred over score card ``rect`` may take: the card's and, to
    each side, all but a few pixels of half the gap to the nearest card beside it (at
    150% in 800x500 "0 / 9" and "0 / 10" over two cards ran into each other)."""
    gaps = [max(other.left - rect.right, rect.left - other.right) for other in lay.columns
            if other is not rect and other.top < rect.bottom and rect.top < other.bottom]
    return rect.width + min([g for g in gaps if g >= 0], default=rect.width) - 6


def card(surface: pygame.Surface, lay: Layout, seat: int, value: int, pig: bool,
         center: tuple[int, int]) -> None:
    cw, ch = lay.card
    image = art.number(seat, value, cw, ch)
    rect = image.get_rect(center=center)
    surface.blit(image, rect)
    if pig:
        p = art.pig(int(cw * 0.55))
        surface.blit(p, p.get_rect(center=(rect.right - 2, rect.top + ch // 3)))


def chosen_backs(surface: pygame.Surface, lay: Layout, k: Knowledge) -> None:
    """While score cards are being chosen: backs where a player has chosen, your own
    two face up, dashed outlines for the rest."""
    for seat in range(k.n):
        for i in (0, 1):
            rect = lay.columns[2 * seat + i]
            if seat == k.me and k.my_chosen:
                surface.blit(art.score_card(seat, k.my_chosen[i], *rect.size), rect)
            elif k.chosen[seat]:
                surface.blit(art.back(seat, *rect.size), rect)
            else:
                pygame.draw.rect(surface, (120, 86, 52), rect, 2, border_radius=8)


def flights(surface: pygame.Surface, lay: Layout, k: Knowledge, motion: Motion,
            now: float) -> None:
    for (target, index), (start, seat, pig) in motion.flights.items():
        t = (now - start) / FLIGHT
        if t >= 1 or target >= len(k.score_cards) or index >= len(k.score_cards[target].plays):
            continue
        e = 1 - (1 - t) ** 3
        src, dst = lay.seats[seat], play_spot(lay, target, index)
        hop = math.sin(math.pi * e) * lay.unit * 0.5
        pos = (int(src[0] + (dst[0] - src[0]) * e), int(src[1] + (dst[1] - src[1]) * e - hop))
        play = k.score_cards[target].plays[index]
        card(surface, lay, int(play["seat"]), int(play["card"]), pig, pos)


def reveal(surface: pygame.Surface, lay: Layout, k: Knowledge, motion: Motion,
           now: float) -> None:
    """Score cards turning over one by one, the starting player's helmet lit up."""
    if motion.reveal is None or k.phase != "play":
        return
    start, event = motion.reveal
    t = now - start
    count = len(k.score_cards)
    if t < count * FLIP_STEP + 0.4:
        for sc in k.score_cards:
            local = t - sc.index * FLIP_STEP
            rect = lay.columns[sc.index]
            w, h = rect.size
            image = art.score_card(sc.owner, None if local < 0.2 else sc.value, w, h)
            squash = abs(math.cos(math.pi * max(0.0, min(1.0, local / 0.4))))
            if 0 <= local < 0.4:
                image = pygame.transform.smoothscale(image, (max(1, int(w * squash)), h))
            surface.blit(image, image.get_rect(center=rect.center))
    if t < REVEAL:
        first = int(event.get("start_player") or 0)  # type: ignore[call-overload]
        spot = lay.seats[first % k.n]
        pygame.draw.circle(surface, HOT, spot, pulse(lay, t), 3)


def pulse(lay: Layout, t: float) -> int:
    """The radius of the ring round the starting player's helmet ``t`` s into the
    reveal."""
    return int(lay.unit * (0.6 + 0.1 * math.sin(t * 8)))


def reveal_caption(k: Knowledge, motion: Motion, now: float, name: object) -> str:
    """Who starts and why, for the bar under the table while the reveal plays."""
    if motion.reveal is None or k.phase != "play" or now - motion.reveal[0] > REVEAL:
        return ""
    namer = name if callable(name) else str
    event = motion.reveal[1]
    sums = list(event.get("sums") or [])  # type: ignore[call-overload]
    first = int(event.get("start_player") or 0)  # type: ignore[call-overload]
    tied = list(event.get("tied") or [])  # type: ignore[call-overload]
    key = "show.rps" if len(tied) > 1 else "show.starts"
    total = sums[first] if first < len(sums) else 0
    return say("show.reveal") + "  " + say.of(key, namer(first), name=namer(first), sum=total)


def bubble(surface: pygame.Surface, lay: Layout, s: int, motion: Motion, now: float) -> None:
    at = bubble_spot(lay, s, motion, now)
    if at is not None:
        badge(surface, at, motion.bubbles[s][1], lay.text, (250, 246, 236))


def bubble_spot(lay: Layout, s: int, motion: Motion, now: float) -> tuple[int, int] | None:
    """Where seat ``s``'s bubble is drawn now, rising over it; None when it has none."""
    said = motion.bubbles.get(s)
    if said is None or now - said[0] > BUBBLE:
        return None
    spot, size = lay.seats[s], lay.text
    half = text(said[1], size, DARK, True).get_width() // 2 + size
    x = max(lay.table.left + half, min(lay.table.right - half, spot[0]))
    if abs(spot[0] - lay.center[0]) <= lay.rx * 0.5 and spot[0] <= lay.center[0] + 5:
        # a knight whose lines begin at its right: the bubble ends before them
        x = max(lay.table.left + half, min(x, spot[0] + int(lay.unit * 0.55) - half))
    y = spot[1] - int(lay.unit * 0.9) - int((now - said[0]) * size)
    if y < lay.table.top + size:  # no room above the top seat: at its left (its public
        # lines are at its right)
        x, y = max(lay.table.left + half, spot[0] - int(lay.unit * 0.6) - half), spot[1]
    return x, y
