"""Drawing the Choose! table from a ``Knowledge`` and the running animations.

Nothing here decides what may be shown; ``knowledge.read`` already did. Cards, nests
and the tabletop are cached images, so a frame is mostly blits.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import partial

import pygame

from client import i18n
from client.assets import at_100, font, shorten, svg, text
from client.kit import ink, palette
from client.kit.bubble import Placed, place
from client.kit.tabletop import tabletop
from client.kit.widgets import ACCENT, BAD, DARK, GOOD, INK, badge, blit_text, fitting, shade
from client.scenes.choose import art
from client.scenes.choose.knowledge import WISDOM, Knowledge, Mouse
from client.scenes.choose.layout import Layout
from client.scenes.choose.words import kind_name, kitchen_label, say

HOT = (255, 226, 130)
BUBBLE = 1.6
"""Seconds a shout's bubble rises over its seat."""
# A steal played out (``steal_show``), in seconds from its start: the stolen mouse turns
# over, the caption names it, the mouse crosses to the thief, and a henchman's robbed
# owner pulls it back; the reaction shows once the crossing ends.
TURN_FOR = 0.5
WORDS_AT = 0.4
MOVE_AT = 1.4
MOVED_AT = 2.1
MOVE_FOR = 0.7
PULL_AT = 2.6
FLIES_FOR = 0.5
"""Seconds a card picked up flies into its kitchen."""
NEST_RING = 0.6
"""Seconds the ring round a card a nest was dropped on shrinks (``nest_ring``)."""


def nest_ring(card_width: int, since: float) -> int:
    """The radius of the ring round a card a nest was dropped on ``since`` seconds ago."""
    return int(card_width * (1.6 - since))


@dataclass
class StealShow:
    """One steal being played out: the reveal, the move, the robbed mouse's reaction."""

    start: float
    thief: int
    robbed: int
    stack: int
    revealed: str
    cheese: int
    """Cheese the revealed mouse had stolen before (cards under it)."""
    reaction: str | None = None
    """"pull_back" (henchman), "robo", or None."""
    robo_kind: str | None = None
    """What the robo showed this screen (only the robbed seat's screen gets it)."""
    src: tuple[int, int] | None = None
    """Where the mouse stood before the steal, when this screen had drawn it."""

    @property
    def length(self) -> float:
        return 3.0 if self.reaction is None else 3.8


@dataclass
class Motion:
    steal: StealShow | None = None
    queue: list[StealShow] = field(default_factory=list)
    arrive: dict[int, tuple[float, int]] = field(default_factory=dict)
    """Stack -> (start, seat it came from) for a card flying into a kitchen."""
    bubbles: dict[int, tuple[float, str]] = field(default_factory=dict)
    peek: tuple[float, int, str] | None = None
    """A camera look this screen took: (start, stack, identity)."""
    nests: dict[int, float] = field(default_factory=dict)

    def tick(self, now: float, dt: float = 0.0) -> None:
        if self.steal is not None and self.queue:
            self.steal.start -= dt * min(3, len(self.queue))
        if self.steal is not None and now - self.steal.start > self.steal.length:
            self.steal = None
        if self.steal is None and self.queue:
            self.steal = self.queue.pop(0)
            self.steal.start = now

    def busy(self, now: float) -> bool:
        return (
            self.steal is not None or bool(self.queue)
            or any(now - t < 0.6 for t, _ in self.arrive.values())
            or any(now - t < BUBBLE for t, _ in self.bubbles.values())
            or (self.peek is not None and now - self.peek[0] < 2.5)
            or any(now - t < 0.6 for t in self.nests.values())
        )

    def moving(self, now: float) -> bool:
        """Whether the picture changes frame by frame: a card flying or dropping, a
        steal's card turning or its mouse moving. ``busy`` also counts the moments a
        steal stands still, and a bubble rises a pixel at a time; the table redraws at
        their edges (``edges``)."""
        show = self.steal
        t = None if show is None else now - show.start
        return (
            (t is not None and (t < TURN_FOR or MOVE_AT <= t < MOVED_AT
                                or (show is not None and show.reaction == "pull_back"
                                    and PULL_AT <= t < PULL_AT + MOVE_FOR)))
            or any(now - at < FLIES_FOR for at, _ in self.arrive.values())
        )

    def hidden(self) -> set[int]:
        """The stacks a steal shows or waits to show, drawn by it, not in a kitchen."""
        return {show.stack for show in (self.steal, *self.queue) if show is not None}

    def nest_rings(self, now: float, card_width: int, kitchens: set[int]) -> tuple[int, ...]:
        """The rings round cards in kitchens (``kitchens``) nests were just dropped on,
        as ``kitchen`` draws them: each shrinks a pixel every few frames, and the table
        redraws when one does, not each frame."""
        shown = kitchens - self.hidden()
        return tuple(nest_ring(card_width, now - at) for stack, at in self.nests.items()
                     if now - at < NEST_RING and stack in shown)

    def edges(self, now: float) -> tuple[object, ...]:
        """The still moments' edges passed: which steal plays and how far (its words
        grow, its reaction comes), how many wait, and the camera's words. (A rising
        bubble's edges are where it is drawn: ``bubbles``.)"""
        show = self.steal
        t = None if show is None else now - show.start
        return (id(show), len(self.queue), t is not None and t > WORDS_AT,
                t is not None and t > MOVED_AT,
                self.peek is not None and now - self.peek[0] <= 2.5)


def board(lay: Layout, hot: int | None, empty: tuple[bool, ...],
          names: tuple[str, ...], into: pygame.Surface | None = None) -> pygame.Surface:
    """The tabletop with every kitchen's board, painted over ``into`` where it is the
    window's size (the caller keeps the latest one: a new image of the window's size,
    8 MB at 1920x1080, cost the frame where a kitchen emptied or the hot one changed
    5 ms)."""
    if into is not None and into.get_size() == lay.size:
        surface = into
        ink.forget(surface)
    else:
        surface = pygame.Surface(lay.size)
    background(surface, lay)
    for s, bare in enumerate(empty):
        kitchen_box(surface, lay, s, s == hot, bare)
        box = lay.kitchens[s]
        words = shorten(kitchen_label(names[s]), max(9, lay.text - 4), box.width - 12,
                        True)
        label = text(words, max(9, lay.text - 4), art.seat_color(s), True)
        ink.blit(surface, label, (box.left + 8, box.top + 3), words, box)
    return surface


def background(surface: pygame.Surface, lay: Layout) -> None:
    t = lay.table
    surface.blit(tabletop(lay.size[0], lay.size[1], (t.x, t.y, t.w, t.h), int(lay.rx),
                          int(lay.ry), lay.center[0], lay.center[1]), (0, 0))


def kitchen_box(surface: pygame.Surface, lay: Layout, seat: int, hot: bool, empty: bool) -> None:
    box = lay.kitchens[seat]
    color = art.seat_color(seat)
    pygame.draw.rect(surface, (118, 76, 42), box, border_radius=10)
    pygame.draw.rect(surface, HOT if hot else color, box, 4 if hot else 2, border_radius=10)
    if empty:
        blit_text(surface, say("empty_kitchen"), max(10, lay.text - 3), (220, 190, 150),
                  center=box.center)


def stack(surface: pygame.Surface, lay: Layout, mouse: Mouse, pos: tuple[int, int],
          scale: float = 1.0, ring: int = 0, top: str | None | bool = True,
          squash: float = 1.0, settled: bool = False,
          marks: bool = True) -> tuple[pygame.Rect, str | None]:
    """One mouse: nest, the cards under it as edges, the top card, and (``marks``) its
    marks; returns the top card's place and the face shown, for marks drawn later.

    ``settled``: the mouse is at rest in its kitchen, where its cards must leave every
    title, count and name readable (a card flying past one is only passing).

    ``top``: True draws what the screen knows; a kind or None forces the face shown.
    ``ring``: 0 none, 1 clickable, 2 hovered.
    """
    w, h = int(lay.card[0] * scale), int(lay.card[1] * scale)
    x, y = pos
    lang = i18n.language()
    if mouse.nested:
        bed = art.nest_bed(int(w * 1.6), int(h * 0.5))
        surface.blit(bed, bed.get_rect(center=(x, y + h * 2 // 5)))
    shown_under = mouse.under[-5:]
    step = min(4, h // 16)  # a small window's stack fans less, to stay in its kitchen
    for i, kind in enumerate(shown_under):
        depth = len(shown_under) - i
        image = art.card(kind, w, h, lang)
        edge = image.get_rect(center=(x + depth * (step - 1), y + depth * step))
        surface.blit(image, edge)
        if settled:
            ink.cover(surface, edge, hides=False)
    face_kind = mouse.top if top is True else (top or None)
    image = art.card(face_kind if isinstance(face_kind, str) else None, w, h, lang)
    if squash < 0.999:
        image = pygame.transform.smoothscale(image, (max(1, int(w * squash)), h))
    rect = image.get_rect(center=(x, y))
    surface.blit(image, rect)
    if settled:
        ink.cover(surface, rect, hides=False)
    strip = pygame.Rect(rect.left + 4, rect.top - 3, rect.width - 10, max(3, h // 18))
    pygame.draw.rect(surface, art.seat_color(mouse.placed_by), strip, border_radius=2)
    palette.mark(surface, mouse.placed_by, (strip.left + strip.height, strip.centery),
                 max(3, strip.height), art.seat_color(mouse.placed_by))
    if ring < 0:
        surface.blit(shade(rect.width, rect.height, 140, (20, 14, 10)), rect)
    elif ring:
        pygame.draw.rect(surface, (60, 30, 10), rect.inflate(10, 10), 3, border_radius=10)
        pygame.draw.rect(surface, HOT, rect.inflate(6, 6), 5 if ring == 2 else 3, border_radius=8)
    shown = face_kind if isinstance(face_kind, str) else None
    if marks:
        stack_marks(surface, lay, mouse, rect, shown, scale)
    return rect, shown


def stack_marks(surface: pygame.Surface, lay: Layout, mouse: Mouse, rect: pygame.Rect,
                face_kind: str | None, scale: float = 1.0) -> None:
    """A mouse's cheese count and the eye of a camera's look, at its card's corners."""
    size = max(9, int(lay.text * 0.8 * scale))
    if mouse.stolen:
        cheese = svg("cheese", size + 4, size)
        spot = (rect.right - 2, rect.top + 2)
        pygame.draw.circle(surface, (250, 238, 200), spot, size)
        pygame.draw.circle(surface, (150, 100, 40), spot, size, 2)
        blit_text(surface, str(mouse.stolen), size, DARK, center=spot, bold=True)
        surface.blit(cheese, cheese.get_rect(center=(spot[0], spot[1] + size + 2)))
    if mouse.seen and face_kind == mouse.top:
        mark = art.eye(int(size * 1.6))
        surface.blit(mark, mark.get_rect(center=(rect.left + 2, rect.top + 2)))


def kitchen(surface: pygame.Surface, lay: Layout, k: Knowledge, seat: int, motion: Motion,
            now: float, rings: dict[int, int], moving: bool = False) -> None:
    """The mice of one kitchen: the still ones, or (``moving``) the ones flying in."""
    mice = k.kitchens[seat]
    hidden = motion.hidden()
    later: list[tuple[Mouse, pygame.Rect, str | None]] = []
    for mouse, pos in zip(mice, lay.slots(seat, len(mice)), strict=True):
        if mouse.stack in hidden:
            continue
        arrive = motion.arrive.get(mouse.stack)
        flying = arrive is not None and now - arrive[0] < FLIES_FOR
        dropped = motion.nests.get(mouse.stack)
        if moving and dropped is not None and now - dropped < NEST_RING:
            pygame.draw.circle(surface, (255, 240, 180), pos,
                               nest_ring(lay.card[0], now - dropped), 3)
        if flying != moving:
            continue
        if arrive is not None and flying:
            t = 1 - (1 - (now - arrive[0]) / FLIES_FOR) ** 3
            src = lay.seats[arrive[1]]
            pos = (int(src[0] + (pos[0] - src[0]) * t), int(src[1] + (pos[1] - src[1]) * t))
        rect, shown = stack(surface, lay, mouse, pos,
                            ring=rings.get(mouse.stack, -1 if rings else 0),
                            settled=not flying, marks=False)
        later.append((mouse, rect, shown))
    # the marks after every card: a count at a card's corner is never under its neighbour
    for mouse, rect, shown in later:
        stack_marks(surface, lay, mouse, rect, shown)


def seat_image(lay: Layout, k: Knowledge, s: int, name: str,
               away: bool) -> tuple[pygame.Surface, pygame.Rect]:
    """A seat drawn on its own transparent tile, to be cached and blitted at its spot,
    and where its score's pill lies on the window (a reaction keeps off it)."""
    unit = lay.unit
    tile = pygame.Surface((int(unit * 4.6), int(unit * 3.6)), pygame.SRCALPHA)
    sx, sy = lay.seats[s]
    origin = (sx - tile.get_width() // 2, sy - int(unit * 1.5))
    return tile, seat(tile, lay, k, s, name, away, origin).move(origin)


def seat_origin(lay: Layout, s: int) -> tuple[int, int]:
    sx, sy = lay.seats[s]
    return sx - int(lay.unit * 4.6) // 2, sy - int(lay.unit * 1.5)


def points_place(surface: pygame.Surface, written: pygame.Surface, label: pygame.Rect,
                 spot: tuple[int, int], center: tuple[int, int], taken: list[pygame.Rect],
                 table: pygame.Rect, sizes: tuple[int, int], unit: int,
                 right: bool, hand_beside: bool = False) -> tuple[int, int]:
    """Where a seat's points go: beside its name, away from the table's middle, else
    beside the name on the other side, else beside its mouse toward the middle, else
    on its other side where its hand lies beside it (``hand_beside``); never under its
    kitchen's mice or its hand (``taken``, with the seat's colour mark), off the table,
    nor off the seat's own image. (At three seats a side seat's name sits just beside
    its kitchen, and the first card covered "3 pts"; at 150% the top seat's name leaves
    no room beside it, and its hand covered them.)"""
    size, small = sizes
    half = written.get_width() // 2
    after = (label.right + half + size, label.centery)
    before = (label.left - half - size, label.centery)
    inward = 1 if spot[0] <= center[0] else -1
    beside = int(unit * 0.42) + half + small // 2
    places = [after if right else before, before if right else after,
              (spot[0] + inward * beside, spot[1])]
    if hand_beside:  # (the mouse's other side is free)
        places.append((spot[0] - inward * beside, spot[1]))
    whole = surface.get_rect().clip(table)
    for at in places:
        pill = written.get_rect(center=at).inflate(small, small // 3)
        # (its rim may touch a kitchen's edge, as it always has over a top seat's name)
        if whole.contains(pill) and pill.inflate(-2, -small // 3).collidelist(taken) < 0:
            return at
    return places[2]


def seat(surface: pygame.Surface, lay: Layout, k: Knowledge, s: int, name: str,
         away: bool, origin: tuple[int, int] = (0, 0)) -> pygame.Rect:
    """A seat's mouse, name, score, hand fan and marks; returns the score's pill, on
    the window."""
    spot = (lay.seats[s][0] - origin[0], lay.seats[s][1] - origin[1])
    center = (lay.center[0] - origin[0], lay.center[1] - origin[1])
    unit = lay.unit
    if k.turn == s and k.phase == "play":
        g = art.glow(int(unit * 0.8))
        surface.blit(g, g.get_rect(center=spot))
    sprite = svg("mouse", int(unit * 0.8), int(unit * 0.8))
    surface.blit(sprite, sprite.get_rect(center=spot))
    size = lay.text
    # a seat at the table's edge keeps its whole name over the table, inside the margin
    # a sheet over the table leaves (large text once put part of it past that edge)
    table = lay.table.move(-origin[0], -origin[1])
    margin = max(24, table.width // 40)  # (the sheet's, which the seat's words keep inside)
    face = text(name, size, INK, True)
    edge = margin + face.get_width() // 2
    at = (max(table.left + edge, min(table.right - edge, spot[0])), spot[1] + int(unit * 0.52))
    right = spot[0] <= center[0] + 5
    # large text: a side seat's name long enough to reach its kitchen goes below what
    # the kitchen's mice may cover
    reach = lay.kitchen_reach(s).move(-origin[0], -origin[1])
    named = face.get_rect(center=at)
    if named.colliderect(reach) and spot[1] > reach.top:
        at = (at[0], at[1] + reach.bottom + 2 - named.top)
        named = face.get_rect(center=at)
    elif named.colliderect(reach) and not reach.left <= spot[0] <= reach.right:
        # a side seat of three sits just above its kitchen's corner: its name steps
        # along, away from the kitchen, as far as the table's edge allows (large
        # Japanese text ran "Ben (ボット)" into "Ben (ボット)の台所")
        half = face.get_width() // 2
        x = (max(table.left + edge, reach.left - 4 - half) if reach.centerx > spot[0]
             else min(table.right - edge, reach.right + 4 + half))
        if not face.get_rect(center=(x, at[1])).colliderect(reach):
            at = (x, at[1])
            named = face.get_rect(center=at)
    # the seat's colour mark under the mouse, or, where a large name reaches up over
    # it, beside the name (on the side its points badge leaves free)
    r, mark = int(unit * 0.11), (spot[0], spot[1] + int(unit * 0.36))
    if pygame.Rect(mark[0] - r, mark[1] - r, 2 * r, 2 * r).colliderect(named):
        x = named.left - r - 3 if right else named.right + r + 3
        if table.left + margin + r <= x <= table.right - margin - r:
            mark = (x, named.centery)
        else:  # (no room there inside a sheet's margin: the name steps down instead)
            at = (at[0], at[1] + mark[1] + r + 2 - named.top)
    palette.mark(surface, s, mark, r, art.seat_color(s))
    label = blit_text(surface, name, size, ACCENT if s == k.me else INK, center=at, bold=True,
                      shadow=True)
    points = say("total_pts", n=k.totals[s])
    small = int(size * 0.8)
    written = text(points, small, DARK, True)
    taken = [reach, pygame.Rect(mark[0] - r, mark[1] - r, 2 * r, 2 * r)]
    shown = k.hands[s][:10] if s != k.me else []
    count: pygame.Rect | None = None
    (bx, by), cw, ch, side, below = fan_at(lay, s, label.bottom + origin[1])
    base = (bx - origin[0], by - origin[1])
    beside = bool(shown) and not below  # (a fan hanging below the name lies clear of it)
    if beside:
        taken.append(fan_rect(base, cw, ch, side, len(shown)))
    # (inside the margin a sheet over the table leaves, as the name is: the round's
    # flip and the end cut a side seat's "13点" at their edge, 1024x600 in Japanese)
    pill = badge(surface, points_place(surface, written, label, spot, center, taken,
                                       table.inflate(-2 * margin, 0),
                                       (size, small), unit, right, beside),
                 points, small, (250, 230, 170))
    if shown:
        for i, kind in enumerate(shown):
            deck = "hidden" if kind is None else ("wisdom" if kind in WISDOM else "mouse")
            angle = int((i - (len(shown) - 1) / 2) * 7) * -side
            image = art.tilted(kind, cw, ch, i18n.language(), deck, angle)
            surface.blit(image, image.get_rect(center=(base[0] + side * i * cw // 3, base[1])))
        held = say("hand_n", n=len(k.hands[s]))
        # (a long hand's count stays inside the margin a sheet over the table leaves,
        # as the name does: the round's sheet cut "9 in hand" at its edge)
        half = text(held, max(9, size - 3), INK, False).get_width() // 2 + 2
        cx = base[0] + side * len(shown) * cw // 6
        cx = max(table.left + margin + half, min(table.right - margin - half, cx))
        count = blit_text(surface, held, max(9, size - 3), INK,
                          center=(cx, base[1] + (ch if below else -ch)), shadow=True)
    marks: list[tuple[str, tuple[int, int, int]]] = []
    if away:
        marks.append((i18n.tr("lobby.disconnected"), (170, 170, 170)))
    if k.turn == s and k.phase == "play":
        marks.append((say("turn_mark"), GOOD))
    if k.phase == "over" and s in k.winners:
        marks.append((say("winner_mark"), ACCENT))
    for i, (words, fill) in enumerate(marks):
        mx, my = spot[0], spot[1] - int(unit * 0.5) - i * int(size * 1.5)
        # large text: a mark wide enough to reach the hand's count beside it steps
        # away from the fan (its count stays readable)
        marked = int(size * 0.85)
        w = text(words, marked, DARK, True).get_width() + marked
        h = int(size * 0.85 * 1.6)
        place = pygame.Rect(mx - w // 2, my - h // 2, w, h)
        side = -1 if spot[0] < center[0] - 5 else 1
        top = table.top + margin
        if place.top < top:
            # the top seat: above it is the edge a sheet over the table leaves, so its
            # marks come down over the mouse's ears
            my += top - place.top
            place.top = top
        if count is not None and place.colliderect(count):
            mx += (count.left - 3 - place.right) if side > 0 else (count.right + 3 - place.left)
            place.centerx = mx
            if place.colliderect(pill):
                # and the score on the mouse's other side (the top seat at 150%): the
                # mark sits between them, its text stepping down toward its 100% size
                lo, hi = ((pill.right + 3, count.left - 3) if side > 0
                          else (count.right + 3, pill.left - 3))
                marked = fitting(marked, partial(_mark_fits, words, hi - lo))
                mx = (lo + hi) // 2
        if place.colliderect(reach):
            # the bottom seat at large text: over the mouse is its kitchen's stacks;
            # the mark goes beside the mouse, on the side its points badge leaves free
            away_side = -1 if right else 1
            mx = spot[0] + away_side * (int(unit * 0.42) + w // 2)
            my = spot[1] + i * int(size * 1.5)
        # inside the margin a sheet over the table leaves, as the name is (at large
        # text a side seat's "Winner" stuck out past the round's sheet)
        mx = max(table.left + margin + w // 2, min(table.right - margin - w // 2, mx))
        badge(surface, (mx, my), words, marked, fill)
    return pill


def _mark_fits(words: str, room: int, size: int) -> bool:
    """Whether a seat's mark of ``words`` at ``size`` fits ``room`` pixels across."""
    return text(words, size, DARK, True).get_width() + size <= room


def fan_rect(base: tuple[int, int], cw: int, ch: int, side: int, count: int) -> pygame.Rect:
    """Where a hand fan of ``count`` cards from ``base`` toward ``side`` lies, with the
    slack its tilted cards take."""
    span = (count - 1) * cw // 3
    left = base[0] - cw // 2 - cw // 4 - (span if side < 0 else 0)
    return pygame.Rect(left, base[1] - ch // 2 - ch // 4, span + cw + cw // 2, ch + ch // 2)


def fan_at(lay: Layout, s: int, under: int | None = None
           ) -> tuple[tuple[int, int], int, int, int, bool]:
    """Where another seat's hand fan lies: its first card's centre, a card's size, the
    side it fans toward (-1 left, 1 right), and whether it hangs below the seat (then
    below ``under``, the foot of the seat's name)."""
    spot, center, unit = lay.seats[s], lay.center, lay.unit
    side = -1 if spot[0] < center[0] - 5 else 1
    cw, ch = int(lay.card[0] * 0.45), int(lay.card[1] * 0.45)
    below = abs(spot[0] - center[0]) > lay.rx * 0.7
    if below:  # (under the seat's name, however tall large text makes it)
        foot = under if under is not None else (
            spot[1] + int(unit * 0.52) + font(lay.text, True).get_height() // 2)
        return ((spot[0] - side * cw, max(spot[1] + int(unit * 0.62) + ch, foot + 2 + ch // 2)),
                cw, ch, side, below)
    return (spot[0] + side * int(unit * 0.75), spot[1] - int(unit * 0.05)), cw, ch, side, below


def bubbles(lay: Layout, n: int, motion: Motion, now: float,
            taken: list[pygame.Rect]) -> list[Placed]:
    """Where the shouts rising from the seats go ("Cheese! Cheese!", "Choose! Choose!",
    a yawn), seat by seat, each off ``taken`` and off the bubbles before it."""
    avoid: list[pygame.Rect] = list(taken)
    out = []
    for s in range(n):
        said = motion.bubbles.get(s)
        risen = None if said is None else lift(now - said[0], lay.text)
        if said is None or risen is None:
            continue
        spot, unit = lay.seats[s], lay.unit
        placed = place((spot[0] + int(unit * 0.6), spot[1] - int(unit * 0.3) - risen),
                       said[1], lay.text, lay.table, avoid, must_fit=True)
        avoid.append(placed.box)
        out.append(placed)
    return out


def _ease(t: float) -> float:
    t = max(0.0, min(1.0, t))
    return 1 - (1 - t) ** 3


def lift(since: float, size: int) -> int | None:
    """How many pixels a shout's bubble has risen ``since`` seconds after it was said,
    with text of ``size``; None once it has gone (``BUBBLE``)."""
    return int(since * size) if since < BUBBLE else None


def steal_show(surface: pygame.Surface, lay: Layout, k: Knowledge, motion: Motion,
               now: float, scores: Sequence[pygame.Rect] = ()) -> None:
    """The steal played out on the table: flip, move, and the robbed mouse's reaction,
    off the seats' ``scores`` (the sentence for it goes under the table, see
    ``steal_caption``)."""
    show = motion.steal
    if show is None:
        return
    t = now - show.start
    now_at = spot_of(lay, k, show.stack)
    src = show.src or lay.kitchens[show.robbed].center
    if show.reaction == "pull_back":
        thief = k.kitchens[show.thief]
        dst = lay.slots(show.thief, len(thief) + 1)[-1]
        src = now_at or src
    else:
        dst = now_at or lay.kitchens[show.thief].center
    if t < MOVE_AT:
        pos = src
    elif t < MOVED_AT:
        e = _ease((t - MOVE_AT) / MOVE_FOR)
        pos = (int(src[0] + (dst[0] - src[0]) * e), int(src[1] + (dst[1] - src[1]) * e
                                                       - math.sin(math.pi * e) * lay.unit * 0.6))
    elif show.reaction == "pull_back" and t > PULL_AT:
        e = _ease((t - PULL_AT) / MOVE_FOR)
        pos = (int(dst[0] + (src[0] - dst[0]) * e), int(dst[1] + (src[1] - dst[1]) * e))
    else:
        pos = dst
    mine = k.me == show.thief or k.omniscient
    final = k.stacks.get(show.stack)
    placed = show.thief
    # (its cheese is told in the caption: a count on a mouse this size, moving, would
    # cross the kitchens' titles)
    ghost = Mouse(show.stack, 0, False, show.robbed, show.revealed, [None] * show.cheese,
                  False)
    if t < TURN_FOR:
        squash = abs(math.cos(math.pi * t / TURN_FOR))
        stack(surface, lay, ghost, pos, 1.35, top=None if t < 0.25 else show.revealed,
              squash=squash)
    elif t < MOVE_AT:
        stack(surface, lay, ghost, pos, 1.35)
    else:
        top_kind = final.top if final is not None and mine else None
        under = [*ghost.under, show.revealed]
        moved = Mouse(show.stack, 0, False, placed, top_kind, under, False)
        stack(surface, lay, moved, pos, 1.2)
    # (what the stolen card was is said in the caption under the table: a label moving
    # with the mouse would cross every name and count on its way)
    if show.reaction is not None and t > MOVED_AT:
        spot = lay.seats[show.robbed]
        short = say("react.henchman" if show.reaction == "pull_back" else "react.robo")
        at, words_size = reaction_place(lay, k.turn, show.robbed, short, scores)
        badge(surface, at, short, words_size, BAD)
        if show.reaction == "robo":
            mark = art.eye(int(lay.unit * 0.45))
            surface.blit(mark, mark.get_rect(center=(spot[0], spot[1] - int(lay.unit * 1.15))))


def reaction_place(lay: Layout, turn: int | None, seat: int, words: str,
                   scores: Sequence[pygame.Rect] = ()) -> tuple[tuple[int, int], int]:
    """Where a robbed seat's reaction pill goes, and the size of its words: above the
    seat (above its turn mark), clear of the kitchens' titles; for the top seat at its
    left, and left of its score. At large text in a small window a side seat's pill
    could reach over the next kitchen's cards and words ("Henchman! Pulled back" over
    the top seat's "empty kitchen"): it is set smaller, down to its size at 100% text,
    until it keeps off every other kitchen and every score."""
    size, spot = lay.text, lay.seats[seat]
    biggest = int(size * 1.1)
    for words_size in range(biggest, at_100(biggest, 10) - 1, -1):
        half = text(words, words_size, DARK, True).get_width() // 2 + size
        x = max(lay.table.left + half, min(lay.table.right - half, spot[0]))
        over = int(size * 1.5) if turn == seat else 0  # above its turn mark
        y = spot[1] - int(lay.unit * 0.7) - over
        if y - size < lay.table.top:  # no room above the top seat: at its left
            x, y = spot[0] - int(lay.unit * 0.6) - half, spot[1]
            x = min([x, *(r.left - 4 - half for r in scores
                          if r.right <= spot[0] and r.colliderect(x - half, y - size,
                                                                   half * 2, size * 2))])
            x = max(lay.table.left + half, x)
        y = clear_of_titles(lay, (x, y), half, size)
        pill = pygame.Rect(x - half, y - size, half * 2, size * 2)
        others = [box for s, box in enumerate(lay.kitchens) if s != seat]
        if pill.collidelist(others) < 0 and pill.collidelist(list(scores)) < 0:
            break
    return (x, y), words_size


def clear_of_titles(lay: Layout, at: tuple[int, int], half: int, size: int) -> int:
    """The height for a reaction pill of half-width ``half`` centred at ``at``: moved
    up over a kitchen's title it would cross (a side seat's pill, at large text, reaches
    across to its own kitchen), never above the table."""
    x, y = at
    for box in lay.kitchens:
        title = pygame.Rect(box.left, box.top, box.width, lay.title_band())
        pill = pygame.Rect(x - half, y - size, half * 2, size * 2)
        if pill.colliderect(title):
            y = max(lay.table.top + size, title.top - size - 2)
    return y


def spot_of(lay: Layout, k: Knowledge, stack_id: int) -> tuple[int, int] | None:
    """Where a mouse stands on the table now."""
    for seat, kitchen in enumerate(k.kitchens):
        for mouse, pos in zip(kitchen, lay.slots(seat, len(kitchen)), strict=True):
            if mouse.stack == stack_id:
                return pos
    return None


def steal_caption(show: StealShow, now: float, name: object, me: int | None = None) -> str:
    """The steal in one sentence, for the bar under the table while it plays out; said
    to the reader where the reader stole or was robbed ("You steal", not "You steals")."""
    namer = name if callable(name) else str
    t = now - show.start
    robbed = namer(show.robbed)
    words = (say("show.steal_by_you", robbed=robbed) if me is not None and show.thief == me
             else say("show.steal", name=namer(show.thief), robbed=robbed))
    if t > WORDS_AT:
        words += "  " + say("show.revealed", kind=kind_name(show.revealed), n=show.cheese)
    if show.reaction is not None and t > MOVED_AT:
        if show.reaction == "pull_back":
            words = (say("show.henchman_you") if me is not None and show.robbed == me
                     else say("show.henchman", name=robbed))
        elif show.robo_kind is not None:
            words = say("show.robo_you", kind=kind_name(show.robo_kind))
        else:
            words = say("show.robo", name=robbed)
    return words


def peek_caption(motion: Motion, now: float) -> str | None:
    """What the reader's camera showed, for the bar under the table for 2.5 s (as a
    steal's sentence is): a banner over the table ran across the kitchens' titles."""
    if motion.peek is None or now - motion.peek[0] > 2.5:
        return None
    return say("show.camera_you", kind=kind_name(motion.peek[2]))

