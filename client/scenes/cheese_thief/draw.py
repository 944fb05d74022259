"""Drawing the Cheese Thief table from a ``Knowledge`` and the running animations.

Nothing here decides what may be shown; ``knowledge.read`` already did. Costly pieces
(the tabletop, SVG sprites, text) are cached so a frame stays cheap.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Sequence
from dataclasses import dataclass, field
from functools import lru_cache

import pygame

from client.assets import svg, text
from client.i18n import tr
from client.kit import ink
from client.kit.bubble import speech_bubble
from client.kit.widgets import ACCENT, BAD, DARK, GOOD, INK, badge, blit_text
from client.scenes.cheese_thief.knowledge import Knowledge
from client.scenes.cheese_thief.layout import Layout

ARROWS_SECONDS = 1.6
"""How long the vote arrows fly before the result is shown."""
ARROW_GROWS, ARROW_AFTER = 2.5, 0.15
"""Each vote arrow reaches its suspect at this rate (a part of its length a second),
the voters' arrows starting this part of one apart."""
HOUR_CALL = 1.8
"""Seconds the hour's call stands over the clock."""
ROLLING = 0.9
"""Seconds the dice roll before they lie still, showing their faces."""
SPINS = 14
"""Faces a rolling die turns up a second."""


Said = tuple[float, tuple[int, int], str, pygame.Rect, int]
"""A speech bubble to draw: when it was said, its anchor, its words, its room."""


BUBBLE = 3.0
"""Seconds a speech bubble shows."""
BUBBLE_WAIT = 9.0
"""Longest a speech bubble waits for room on a crowded table before it is left out."""


@dataclass
class Motion:
    """Animations in progress, each as (start time, duration)."""

    roll: dict[int, float] = field(default_factory=dict)
    theft: tuple[float, int] | None = None
    flips: dict[int, float] = field(default_factory=dict)
    arrows: float | None = None
    voters: int = 8
    """Seats whose vote arrows fly (``arrows``): the last is still growing until
    ``arrows_grown``."""
    hour_call: tuple[float, int] | None = None
    bubbles: dict[int, tuple[float, str]] = field(default_factory=dict)
    waiting: dict[int, float] = field(default_factory=dict)
    """Seats whose bubble found no room yet, and since when (``wait_for_room``)."""

    def busy(self, now: float) -> bool:
        """Whether something still moves or the hour's call stands: the window runs at
        full speed until it stops (the result waits for the vote arrows, so they count
        until it shows)."""
        return (self.moving(now) or any(now - t < 1.0 for t in self.roll.values())
                or (self.hour_call is not None and now - self.hour_call[0] < HOUR_CALL)
                or (self.arrows is not None and now - self.arrows < ARROWS_SECONDS + 0.1)
                or bool(self.waiting))

    def moving(self, now: float) -> bool:
        """Whether the picture changes frame by frame: ``busy`` but the hour's call,
        which stands still until it goes (``calling``), the dice rolling, which turn
        up a new face some fourteen times a second (``spins``), and the bubbles, which
        stand still and come and go (``speakers``)."""
        return (
            (self.theft is not None and now - self.theft[0] < 1.0)
            or any(now - t < 0.8 for t in self.flips.values())
            or (self.arrows is not None and now - self.arrows <= self.arrows_grown())
        )

    def arrows_grown(self) -> float:
        """Seconds after the votes are revealed when the last arrow has reached its
        suspect: the arrows stand still from then (the result comes at
        ``ARROWS_SECONDS``, an edge the scene's look notes)."""
        return (1 + ARROW_AFTER * (self.voters - 1)) / ARROW_GROWS

    def spins(self, now: float) -> tuple[int, ...]:
        """Each rolling seat's dice as drawn (``seat_items``): the face they turned up
        last, or -1 once they lie still."""
        return tuple(int((now - t) * SPINS) if now - t < ROLLING else -1
                     for t in self.roll.values())

    def calling(self, now: float) -> bool:
        """Whether the hour's call stands over the clock (``hour_call``)."""
        return self.hour_call is not None and now - self.hour_call[0] <= HOUR_CALL

    def wait_for_room(self, said: list[Said], unplaced: list[int], now: float) -> None:
        """A bubble with no room on a crowded table (eight seats telling their night at
        once, at large text) waits, up to ``BUBBLE_WAIT`` seconds, for one shown to end:
        its three seconds start when it is drawn, so nothing said is passed over."""
        for seat in unplaced:
            self.waiting.setdefault(seat, now)
        speaking = {one[4] for one in said}
        for seat, first in list(self.waiting.items()):
            if seat in speaking and seat not in unplaced:  # drawn at last: from now
                self.bubbles[seat] = (now, self.bubbles[seat][1])
            if seat not in unplaced or seat not in speaking or now - first >= BUBBLE_WAIT:
                del self.waiting[seat]

    def speaking(self, seat: int, now: float) -> bool:
        """Whether the seat's bubble is on show (``BUBBLE`` seconds from when it was
        first drawn) or waits for room (``wait_for_room``)."""
        bubble = self.bubbles.get(seat)
        first = self.waiting.get(seat)
        return bubble is not None and (now - bubble[0] < BUBBLE or (
            first is not None and now - first < BUBBLE_WAIT))

    def speakers(self, now: float) -> tuple[int, ...]:
        """The seats ``speaking``: a bubble that ends or gives up waiting frees room."""
        return tuple(seat for seat in self.bubbles if self.speaking(seat, now))


@lru_cache(maxsize=16)
def glow(radius: int) -> pygame.Surface:
    """The lamplight around a mouse that is awake."""
    surface = pygame.Surface((radius * 2, radius * 2), pygame.SRCALPHA)
    for i in range(radius, 0, -2):
        alpha = int(90 * (1 - i / radius))
        pygame.draw.circle(surface, (255, 214, 120, alpha), (radius, radius), i)
    return surface


PIPS = {
    1: [(0, 0)], 2: [(-1, -1), (1, 1)], 3: [(-1, -1), (0, 0), (1, 1)],
    4: [(-1, -1), (1, -1), (-1, 1), (1, 1)], 5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
    6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)],
}


@lru_cache(maxsize=64)
def die_face(size: int, value: int | None) -> pygame.Surface:
    """A die face; None draws a face-down (unknown) die."""
    face = pygame.Surface((size, size), pygame.SRCALPHA)
    rect = face.get_rect()
    pygame.draw.rect(face, (250, 246, 236) if value else (120, 110, 100), rect,
                     border_radius=size // 5)
    pygame.draw.rect(face, (90, 60, 40), rect, 2, border_radius=size // 5)
    if value:
        step, r = size // 4, max(2, size // 10)
        for px, py in PIPS[value]:
            color = (200, 40, 40) if value == 1 else (40, 30, 24)
            pygame.draw.circle(face, color, (size // 2 + px * step, size // 2 + py * step), r)
    else:
        blit_text(face, "?", size // 2, INK, center=rect.center, bold=True)
    return face


def die(surface: pygame.Surface, center: tuple[int, int], size: int, value: int | None,
        angle: float = 0.0) -> None:
    face = die_face(size, value)
    if angle:
        face = pygame.transform.rotate(face, angle)
    surface.blit(face, face.get_rect(center=center))


def card(surface: pygame.Surface, center: tuple[int, int], unit: int, role: str | None,
         squash: float = 1.0) -> None:
    w, h = int(unit * 0.56), int(unit * 0.8)
    sprite = svg(f"card_{role}" if role else "card_back", w, h)
    if squash < 0.999:
        sprite = pygame.transform.smoothscale(sprite, (max(1, int(w * squash)), h))
    at = sprite.get_rect(center=center)
    surface.blit(sprite, at)
    ink.thing(surface, sprite.get_bounding_rect().move(at.topleft))


def clock(surface: pygame.Surface, k: Knowledge, layout: Layout) -> None:
    """The night clock: six hours, a hand on the hour being called, moon or sun."""
    cx, cy = layout.center
    r = int(layout.unit * 0.75)
    center = (cx, cy - int(layout.ry * 0.12))
    night = k.phase in ("night", "choose_die", "followers")
    pygame.draw.circle(surface, (36, 30, 60) if night else (250, 232, 190), center, r)
    pygame.draw.circle(surface, ACCENT, center, r, 3)
    size = max(10, r // 3)
    for hour in range(1, 7):
        a = -math.pi / 2 + 2 * math.pi * (hour - 1) / 6
        pos = (int(center[0] + r * 0.74 * math.cos(a)), int(center[1] + r * 0.74 * math.sin(a)))
        lit = k.phase == "night" and hour == k.hour
        color = (255, 220, 120) if lit else ((200, 200, 230) if night else DARK)
        blit_text(surface, str(hour), size, color, center=pos, bold=lit)
    icon = svg("moon" if night else "sun", int(r * 0.9), int(r * 0.9))
    surface.blit(icon, icon.get_rect(center=center))
    if k.phase == "night":
        a = -math.pi / 2 + 2 * math.pi * (k.hour - 1) / 6
        tip = (int(center[0] + r * 0.55 * math.cos(a)), int(center[1] + r * 0.55 * math.sin(a)))
        pygame.draw.line(surface, (255, 220, 120), center, tip, 4)
        pygame.draw.circle(surface, (255, 220, 120), center, 5)


def cheese(surface: pygame.Surface, k: Knowledge, layout: Layout, motion: Motion,
           now: float) -> None:
    cx, cy = layout.center
    plate = (cx, cy + int(layout.ry * 0.24))
    dish = pygame.Rect(0, 0, int(layout.unit * 1.3), int(layout.unit * 0.8))
    dish.center = plate
    pygame.draw.ellipse(surface, (235, 228, 215), dish)
    pygame.draw.ellipse(surface, (196, 186, 170), dish, 2)
    pos: tuple[int, int] | None = plate if k.cheese_on_table else None
    if k.cheese_at is not None:
        item = layout.items[k.cheese_at]
        pos = (int(item[0] + (cx - item[0]) * 0.3), int(item[1] + (cy - item[1]) * 0.3))
        if motion.theft is not None and motion.theft[1] == k.cheese_at:
            t = min(1.0, (now - motion.theft[0]) / 0.9)
            ease = 1 - (1 - t) ** 3
            hop = math.sin(math.pi * t) * layout.unit * 0.8
            pos = (int(plate[0] + (pos[0] - plate[0]) * ease),
                   int(plate[1] + (pos[1] - plate[1]) * ease - hop))
    if pos is not None:
        sprite = svg("cheese", int(layout.unit * 0.9), int(layout.unit * 0.75))
        surface.blit(sprite, sprite.get_rect(center=pos))


def seat_items(surface: pygame.Surface, s: int, k: Knowledge, layout: Layout, motion: Motion,
               now: float) -> None:
    """One seat's things on the table: its cup, the dice when known, its role card."""
    unit = layout.unit
    item = layout.items[s]
    cup = svg("cup", int(unit * 0.62), int(unit * 0.62))
    cup_pos = (item[0] - int(unit * 0.22), item[1])
    known = [v for v in k.dice[s] if v is not None]
    rolling = s in motion.roll and now - motion.roll[s] < ROLLING
    if known or rolling:
        offset = int(unit * 0.3)
        surface.blit(cup, cup.get_rect(center=(cup_pos[0] - offset // 2, cup_pos[1] - offset)))
        count = len(k.dice[s])
        for i, value in enumerate(k.dice[s]):
            center = (cup_pos[0] + i * int(unit * 0.36) - (count - 1) * int(unit * 0.18),
                      cup_pos[1] + int(unit * 0.12))
            if rolling:
                spin = int((now - motion.roll[s]) * SPINS) + i * 3 + s
                die(surface, center, int(unit * 0.34), spin % 6 + 1, angle=(spin * 37) % 90)
            else:
                die(surface, center, int(unit * 0.34), value)
    else:
        at = cup.get_rect(center=cup_pos)
        surface.blit(cup, at)
        ink.thing(surface, cup.get_bounding_rect().move(at.topleft))
    flip = motion.flips.get(s)
    squash = 1.0
    role = k.roles[s]
    if flip is not None and now - flip < 0.7:
        t = (now - flip) / 0.7
        squash = abs(math.cos(math.pi * t))
        role = None if t < 0.5 else role
    shift = 0.38 + 0.16 * (len(k.dice[s]) - 1)
    card(surface, (item[0] + int(unit * shift), item[1]), unit, role, squash)


def item_zone(layout: Layout, k: Knowledge, s: int) -> pygame.Rect:
    """Where one seat's things lie (cup, dice, role card), as ``seat_items`` puts them."""
    unit = layout.unit
    item = layout.items[s]
    shift = 0.38 + 0.16 * (len(k.dice[s]) - 1)
    left = item[0] - int(unit * (0.22 + 0.31 + 0.15))
    right = item[0] + int(unit * (shift + 0.28))
    return pygame.Rect(left, item[1] - int(unit * 0.6), right - left, int(unit * 1.05))


def mark_place(words: str, size: int, places: list[tuple[int, int]], table: pygame.Rect,
               band: int, items: pygame.Rect, placed: list[pygame.Rect]) -> tuple[int, int]:
    """Where a seat's mark goes: the first of ``places`` where its pill lies on the
    table, off the seat's things and every name and mark already down, else the first.
    (A lone "Cheese Thief" beside a side seat at large text lay across the very card it
    names; beside a top seat of seven, across its neighbour's name.) Only the first,
    beside a top seat's mouse, may reach up into the narrator's caption band above
    ``band``: the caption runs along the band's middle."""
    label = text(words, size, DARK, True).get_rect()
    for i, at in enumerate(places):
        pill = label.inflate(size, size // 3)
        pill.center = at
        room = table if i == 0 else pygame.Rect(table.left, band, table.width,
                                                table.bottom - band)
        if room.contains(pill) and not pill.colliderect(items) and pill.collidelist(
                placed) < 0:
            return at
    return places[0]


def name_at(s: int, k: Knowledge, layout: Layout, name: str) -> tuple[bool, tuple[int, int]]:
    """Where seat ``s``'s name is written: whether by its top left (the top seat's, else
    by its centre), and that point."""
    unit, spot, size = layout.unit, layout.seats[s], layout.text
    item = layout.items[s]
    if abs(item[0] - spot[0]) < unit and 0 < item[1] - spot[1] < unit * 1.8:
        # The seat's cup lies just below it (the top seat): the name goes beside the
        # mouse, where it covers nothing.
        return True, (spot[0] + int(unit * 0.5), spot[1] - size // 2)
    at = (spot[0], spot[1] + int(unit * 0.58))
    ink_rect = text(name, size, INK, True).get_rect(center=at)
    items = item_zone(layout, k, s)
    if ink_rect.colliderect(items):
        # a seat high on the side has its things beside it at the name's height: the
        # name moves away from the table's middle, clear of its cup and card
        if spot[0] > layout.center[0]:
            at = (at[0] + items.right + size // 2 - ink_rect.left, at[1])
        else:
            at = (at[0] - (ink_rect.right - items.left + size // 2), at[1])
        # (but never past the table's edge, under the side panel: where large text
        # leaves no room beside the things, the name goes below them)
        edge = layout.table.inflate(-size // 2, 0)
        moved = ink_rect.move(at[0] - ink_rect.centerx, 0).clamp(edge)
        if moved.centerx != at[0]:
            at = (moved.centerx, at[1])
            if moved.colliderect(items):
                at = (at[0], items.bottom + ink_rect.height // 2 + 2)
    return False, at


def name_rect(s: int, k: Knowledge, layout: Layout, name: str) -> pygame.Rect:
    """The rectangle seat ``s``'s name takes (``name_at``)."""
    by_corner, at = name_at(s, k, layout, name)
    rect = text(name, layout.text, INK, True).get_rect()
    if by_corner:
        rect.topleft = at
    else:
        rect.center = at
    return rect


def seat_mouse(surface: pygame.Surface, s: int, k: Knowledge, layout: Layout, name: str,
               motion: Motion, now: float, hot: bool, away: bool = False,
               taken: list[pygame.Rect] | None = None,
               said: list[Said] | None = None, names: Sequence[pygame.Rect] = ()) -> None:
    """One seat's mouse, its name and its marks (drawn above every table item).

    ``names``: where every seat's name goes (``name_rect``), which no mark of this seat
    may cover; a name written after the mark would lie across it (at 150% in 800x500
    the bottom seat of eight had its "Follower" over its neighbour's name).

    With ``taken`` and ``said``, the name's and marks' rectangles go into ``taken`` and
    the seat's speech bubble into ``said``, for ``bubbles`` to draw once every seat's
    name is down (a bubble drawn now could hide a name drawn after it)."""
    unit = layout.unit
    spot = layout.seats[s]
    night = k.phase in ("night", "choose_die")
    if k.awake[s]:
        g = glow(int(unit * 0.9))
        surface.blit(g, g.get_rect(center=spot))
    if hot:
        pygame.draw.circle(surface, (255, 230, 140), spot, int(unit * 0.52), 4)
    sprite = svg("mouse_asleep" if night and not k.awake[s] else "mouse", int(unit * 0.9),
                 int(unit * 0.9))
    surface.blit(sprite, sprite.get_rect(center=spot))
    size = layout.text
    color = ACCENT if s == k.me else INK
    top_seat, at = name_at(s, k, layout, name)  # (only the top seat's goes by its corner)
    label = blit_text(surface, name, size, color, topleft=at if top_seat else None,
                      center=None if top_seat else at, bold=True, shadow=True)
    marks: list[tuple[str, tuple[int, int, int]]] = []
    if away:
        marks.append((tr("lobby.disconnected"), (170, 170, 170)))
    if k.thief == s and s != k.me:
        marks.append((tr("role.thief"), BAD))
    if s in k.followers and k.phase != "night":
        marks.append((tr("follower"), (230, 160, 90)))
    if k.phase == "discussion" and k.ready[s]:
        marks.append((tr("ready_mark"), GOOD))
    if k.phase == "vote" and k.voted[s]:
        marks.append((tr("voted_mark"), GOOD))
    if k.votes is not None and k.votes.count(s):
        marks.append((tr("votes_n", n=k.votes.count(s)), BAD if s in k.top else ACCENT))
    step, small = int(size * 1.5), int(size * 0.85)
    band = layout.table.top + int((size + 4) * 2.35)  # the narrator's caption along the top
    beside = spot[1] - int(unit * 0.55) - len(marks) * step < band
    # marks stacked above a seat low on the table would climb onto its own cup and card
    column = pygame.Rect(spot[0] - unit // 2, spot[1] - int(unit * 0.55) - len(marks) * step,
                         unit, len(marks) * step)
    items = item_zone(layout, k, s)
    beside = beside or (len(marks) > 1 and column.colliderect(items))
    # a lone mark as wide as large text makes it may reach the cup and card too: beside
    # the mouse, where there is room for it on the table
    wide = max([unit, *(text(w, small, DARK, True).get_width() + small * 2 for w, _ in marks)])
    if marks and not beside and spot[0] - unit // 2 - wide > layout.table.left:
        beside = column.inflate(wide - unit, 0).colliderect(items)
    placed: list[pygame.Rect] = [label, *(taken or []), *names]
    for i, (words, fill) in enumerate(marks):
        half = text(words, small, DARK, True).get_width() // 2 + small
        above = (spot[0], spot[1] - int(unit * 0.55) - i * step)
        center = above
        if beside:  # above the top seat is the prompt bar: the marks go to its left
            center = (spot[0] - int(unit * 0.5) - half, spot[1] - size // 2 + i * step)
            if abs(center[1] - label.centery) < (label.height + small) // 2 + 2:
                # (a second mark comes down to the name's line: left of the name)
                center = (min(center[0], label.left - half - 2), center[1])
        outward = 1 if spot[0] > layout.center[0] else -1
        places = [center, (spot[0] + outward * (int(unit * 0.5) + half),
                           spot[1] - size // 2 + i * step),
                  above, (label.centerx, label.bottom + (i + 1) * step)]
        center = mark_place(words, small, places, layout.table, band, items, placed)
        pill = badge(surface, center, words, small, fill)
        placed.append(pill)
        if taken is not None:
            taken.append(pill)
    if taken is not None:
        taken.append(label)
    bubble = motion.bubbles.get(s)
    if bubble is not None and motion.speaking(s, now):
        # below the narrator's one-line caption band along the top of the table
        room = layout.table.copy()
        room.top += int((size + 4) * 2.35)
        room.height -= int((size + 4) * 2.35)
        anchor = (spot[0] + int(unit * 0.5), spot[1] - int(unit * 0.45) - len(marks) * step)
        if top_seat or beside:  # no room above the top seat: beside its name instead
            anchor = (label.right + size * 5, spot[1] + size)
        if said is not None:
            said.append((bubble[0], anchor, bubble[1], room, s))
        else:
            speech_bubble(surface, anchor, bubble[1], size, room)


def bubbles(surface: pygame.Surface, said: list[Said], taken: list[pygame.Rect],
            size: int, waiting: Collection[int] = ()) -> list[int]:
    """The seats' speech bubbles, each placed off every name, mark and earlier bubble:
    those on show first (a bubble never jumps away from under its reader), then the
    newest. Returns the seats whose bubble found no room on a table too crowded for it
    (every seat speaking at once, at large text): a bubble over a name or a mark would
    hide it, so it waits (``Motion.wait_for_room``)."""
    unplaced = []
    def order(one: Said) -> tuple[bool, float]:  # (those waiting in the seats' order)
        return (True, 0.0) if one[4] in waiting else (False, -one[0])

    for _, anchor, words, room, seat in sorted(said, key=order):
        box = speech_bubble(surface, anchor, words, size, room, avoid=taken, must_fit=True)
        if box.width:
            taken.append(box)
        else:
            unplaced.append(seat)
    return unplaced


def arrows(surface: pygame.Surface, k: Knowledge, layout: Layout, motion: Motion,
           now: float) -> None:
    """The revealed votes, each an arrow from voter to suspect, growing in turn."""
    if not k.votes:
        return
    start = motion.arrows if motion.arrows is not None else now - 10
    for voter, target in enumerate(k.votes):
        if target is None:
            continue
        t = max(0.0, min(1.0, (now - start) * ARROW_GROWS - voter * ARROW_AFTER))
        if t <= 0:
            continue
        a, b = layout.seats[voter], layout.seats[target]
        length = max(1.0, math.hypot(b[0] - a[0], b[1] - a[1]))
        reach = t * max(0.0, length - layout.unit * 0.5) / length
        end = (a[0] + (b[0] - a[0]) * reach, a[1] + (b[1] - a[1]) * reach)
        color = BAD if target in k.top else (240, 220, 180)
        pygame.draw.line(surface, color, a, end, 4)
        ang = math.atan2(end[1] - a[1], end[0] - a[0])
        head = [end, (end[0] - 14 * math.cos(ang - 0.4), end[1] - 14 * math.sin(ang - 0.4)),
                (end[0] - 14 * math.cos(ang + 0.4), end[1] - 14 * math.sin(ang + 0.4))]
        pygame.draw.polygon(surface, color, head)


def hour_call(surface: pygame.Surface, k: Knowledge, layout: Layout, motion: Motion,
              now: float) -> None:
    """The hour being called: an opaque banner over the blanked clock, then gone (a
    see-through or fading banner mixes its words with the clock's numbers)."""
    call = motion.hour_call
    if call is None or k.phase != "night" or k.hour != call[1]:
        return
    if now - call[0] > HOUR_CALL:
        return
    label = text(tr("hour_called", hour=call[1]), layout.text * 3, (255, 226, 140), True)
    cx, cy = layout.center
    rect = label.get_rect(center=(cx, cy - int(layout.ry * 0.12)))
    tall = label.get_bounding_rect().height + layout.text
    banner = pygame.Surface((rect.width + layout.text * 2, tall), pygame.SRCALPHA)
    pygame.draw.rect(banner, (20, 14, 30, 255), banner.get_rect(),
                     border_radius=banner.get_height() // 2)
    ink_box = label.get_bounding_rect()
    # the clock's face is blank under the call: its numbers would read through as a jumble
    r = int(layout.unit * 0.75)
    face = pygame.Rect(0, 0, 2 * r, 2 * r)
    face.center = rect.center
    pygame.draw.circle(surface, (36, 30, 60), face.center, r - 3)
    ink.cover(surface, face)
    banner.blit(label, (layout.text, (tall - ink_box.height) // 2 - ink_box.top))
    surface.blit(banner, banner.get_rect(center=rect.center))
    ink.cover(surface, banner.get_rect(center=rect.center))
    at = banner.get_rect(center=rect.center)
    ink.note(surface, label, (at.left + layout.text, at.top + (tall - ink_box.height) // 2
                              - ink_box.top), tr("hour_called", hour=call[1]), at)
