"""One knight's tile on the Sly Knight Robbery table: the helm, the name, its marks,
and its public lines (hand, spare, pigs, points taken, penalty).

The lines sit beside the knight, or under it for a knight at the table's side. At
large text they need more room than the table has there: the top knight's lines would
run down into the score cards' owner bands, a side knight's past the table's edge or
the tile's foot, the bottom knight's above its tile. Then the lines step closer (never
closer than their icons allow), and the top knight's go into two columns, its cards
beside its scores, all above the bands. Nothing is left out.
"""

from __future__ import annotations

import pygame

from client import i18n
from client.assets import text
from client.kit import ink
from client.kit.widgets import ACCENT, GOOD, INK, badge, blit_text, fitting
from client.scenes.sly_knights import art
from client.scenes.sly_knights.knowledge import Knowledge
from client.scenes.sly_knights.layout import Layout
from client.scenes.sly_knights.words import say

Row = tuple[pygame.Surface | None, str]
"""One public line: its icon (if any) and its words."""


def hand_rows(k: Knowledge, s: int, small: int, room: int) -> list[Row]:
    """The hand: its size, or (every card shown) its numbers, as many a line as fit
    ``room`` pixels."""
    icon: pygame.Surface | None = art.back(s, int(small * 1.1), int(small * 1.5))
    known = k.hands[s]  # every card shown (a watcher, a replay): the numbers, readably
    if not known:
        return [(icon, say("hand_n", n=k.hand_sizes[s]))]
    rows: list[Row] = []
    chunk: list[str] = []
    for card in (str(c) for c in sorted(known)):
        words = " ".join([*chunk, card])
        words = say("hand_cards", cards=words) if icon is not None else words
        if chunk and text(words, small, INK).get_width() > room:
            joined = " ".join(chunk)
            rows.append((icon, say("hand_cards", cards=joined) if icon else joined))
            icon, chunk = None, []
        chunk.append(card)
    joined = " ".join(chunk)
    rows.append((icon, say("hand_cards", cards=joined) if icon else joined))
    return rows


def spare_row(k: Knowledge, s: int, small: int) -> Row:
    spare = None if k.spare_drawn[s] else art.back(s, int(small * 1.1), int(small * 1.5), True)
    return spare, say("spare_gone") if k.spare_drawn[s] else say("spare")


def score_rows(k: Knowledge, s: int, small: int) -> list[Row]:
    """Pigs, points taken and (once there is one) the penalty."""
    rows: list[Row] = [(art.pig(int(small * 1.5)), say("pigs_n", n=k.pigs[s])),
                       (art.loot(int(small * 1.1), int(small * 1.5)),
                        say("captured_n", n=k.taken(s)))]
    if k.penalty_counts[s] or (k.penalties[s] or []):
        rows.append((art.back(s, int(small * 1.1), int(small * 1.5)),
                     say("penalty_n", n=max(k.penalty_counts[s], len(k.penalties[s] or [])))))
    return rows


def public_rows(k: Knowledge, s: int, small: int, room: int, mine: bool
                ) -> tuple[list[Row], list[Row], list[Row]]:
    """A knight's lines at text size ``small``: its cards (none for the reader's own
    knight, whose hand is in the bar), its scores, and all of them in order."""
    cards = [] if mine else hand_rows(k, s, small, room)
    scores = score_rows(k, s, small)
    return cards, scores, [*cards, spare_row(k, s, small), *scores]


def row_width(row: Row, small: int) -> int:
    return int(small * 1.8) + text(row[1], small, INK).get_width()


def draw_rows(tile: pygame.Surface, rows: list[Row], at: tuple[int, int], line: int,
              small: int, right: bool) -> None:
    """``rows`` one under another from ``at``: rightward from it, or ending at it."""
    x, y = at
    icon_w = int(small * 1.8)
    for icon, words in rows:
        label = text(words, small, INK)
        if right:
            if icon is not None:
                tile.blit(icon, icon.get_rect(center=(x + icon_w // 2, y + small // 2 + 2)))
            ink.blit(tile, label, (x + icon_w, y), words)
        else:
            if icon is not None:
                tile.blit(icon, icon.get_rect(center=(x - icon_w // 2, y + small // 2 + 2)))
            ink.blit(tile, label, (x - icon_w - label.get_width(), y), words)
        y += line


def marks_of(k: Knowledge, s: int, away: bool, passed: bool
             ) -> list[tuple[str, tuple[int, int, int]]]:
    marks: list[tuple[str, tuple[int, int, int]]] = []
    if away:
        marks.append((i18n.tr("lobby.disconnected"), (170, 170, 170)))
    if k.phase == "play" and k.turn == s:
        marks.append((say("turn_mark"), GOOD))
    elif k.phase == "play" and passed:
        marks.append((say("passed_mark"), (200, 190, 170)))
    if k.phase == "choose" and k.chosen[s]:
        marks.append((say("chosen_mark"), GOOD))
    if k.phase == "over" and s in k.winners:
        marks.append((say("winner_mark"), ACCENT))
    return marks


def bands_top(lay: Layout) -> int:
    """Where the score cards' owner bands begin (``draw.owner_labels``)."""
    return min(c.top for c in lay.columns) - int(lay.text * 3.1)


def cards_left(lay: Layout) -> int:
    """Where the score cards' row begins on the left, with the colour mark left of its
    first owner band (``draw.owner_labels``)."""
    return min(c.left for c in lay.columns) - int(lay.text * 1.4)


def seat_tile(lay: Layout, k: Knowledge, s: int, name: str, away: bool,
              passed: bool) -> tuple[pygame.Surface, tuple[int, int]]:
    """One knight with everything public about it, on a transparent tile."""
    unit, size = lay.unit, lay.text
    sx, sy = lay.seats[s]
    below = abs(sx - lay.center[0]) > lay.rx * 0.5
    width, height = int(unit * 4.8), int(unit * (4.0 if below else 2.6))
    right = sx <= lay.center[0] + 5 or below
    name_half = text(name, size, INK, True).get_width() // 2
    lead = max(int(unit * 1.0), name_half + 4)  # the tile holds the whole name
    width += lead - int(unit * 1.0)
    ox = sx - (lead if right else width - lead)
    oy = sy - int(unit * 1.2)
    spot = (sx - ox, sy - oy)
    small = max(9, size - 3)
    beside = max(int(unit * 0.55), name_half + small // 2)  # clear of the name under it
    x = spot[0] + beside if right else spot[0] - beside
    y = spot[1] - int(unit * 0.55)
    if below:  # (under the name, however tall large text makes it)
        x = spot[0] - int(unit * 0.5)
        y = spot[1] + int(unit * 0.55) + max(size, text(name, size, INK, True).get_height() // 2
                                             + 3)
    line = int(small * 1.75)
    tightest = int(small * 1.5)  # the icons' height
    room = (lay.table.right - ox - x if right else x + ox - lay.table.left) - int(small * 2.4)
    if below and sx > lay.center[0]:  # its lines end on the table, reaching left as needed
        room = max(room, small * 8)
    mine = s == k.me
    cards, scores, rows = public_rows(k, s, small, room, mine)
    limit = bands_top(lay) - oy - 4 if not below and sy < lay.center[1] else None
    columns: list[tuple[list[Row], int]] = []
    if limit is not None and y + len(rows) * line > limit:
        # the top knight: its cards and its scores side by side, above the bands, the
        # scores ending on the table (at 150% in 800x500 "0 pts taken" ran on under the
        # side column): their text steps down toward its 100% size where they would not
        edge = lay.table.right - ox - 2

        def ends_at(sm: int) -> int:
            second = max(row_width(r, sm) for r in score_rows(k, s, sm))
            room_at = lay.table.right - ox - x - int(sm * 2.4) - second - sm
            first_at = [*([] if mine else hand_rows(k, s, sm, room_at)), spare_row(k, s, sm)]
            return x + max(row_width(r, sm) for r in first_at) + sm + second

        if ends_at(small) > edge:
            small = fitting(small, lambda sm: ends_at(sm) <= edge)
            line, tightest = int(small * 1.75), int(small * 1.5)
            scores = score_rows(k, s, small)
        second_w = max(row_width(r, small) for r in scores)
        gap = small
        room = lay.table.right - ox - x - int(small * 2.4) - second_w - gap
        cards = [] if mine else hand_rows(k, s, small, room)
        first = [*cards, spare_row(k, s, small)]
        first_w = max(row_width(r, small) for r in first)
        columns = [(first, x), (scores, x + first_w + gap)]
        most = max(len(first), len(scores))
        top = max(0, -oy) + 2
        line = max(tightest, min(line, (limit - top) // most))
        y = max(top, limit - most * line)
        width = max(width, x + first_w + gap + second_w + 2)
    else:
        if below and sx > lay.center[0]:  # a right-hand knight's lines end on the table
            widest = max(row_width(r, small) for r in rows)
            x = min(x, lay.table.right - ox - widest - 4)
        elif below and bands_top(lay) < oy + y + len(rows) * line and oy + y < max(
                c.bottom for c in lay.columns):
            # a left-hand knight's lines beside the score cards (three knights at large
            # text ran them across the first pair): they end short of the row, reaching
            # left toward the table's edge, their text stepping down if even that is narrow
            end, edge = cards_left(lay) - small // 2 - ox, lay.table.left + small - ox

            def widest_at(sm: int) -> int:
                rows_at = public_rows(k, s, sm, end - edge - int(sm * 1.8), mine)[2]
                return max(row_width(r, sm) for r in rows_at)

            if x + widest_at(small) > end:
                small = fitting(small, lambda sm: widest_at(sm) <= end - edge)
                line, tightest = int(small * 1.75), int(small * 1.5)
                cards, scores, rows = public_rows(k, s, small, end - edge - int(small * 1.8),
                                                  mine)
                x = max(edge, min(x, end - widest_at(small)))
        if below and x < 0:  # (large text: the tile reaches further left for the lines)
            ox, width, spot, x = ox + x, width - x, (spot[0] - x, spot[1]), 0
        floor = lay.table.bottom - oy  # the lines stay on the table
        under = y if below else 0  # (and a side knight's, under its name)
        if not below and len(rows) * tightest > floor - under:
            # too many lines for the table even close together (a penalty card at
            # large text): their text steps down toward its 100% size
            small = fitting(small, lambda sm: len(rows) * int(sm * 1.5) <= floor - under)
            line, tightest = int(small * 1.75), int(small * 1.5)
            cards, scores, rows = public_rows(k, s, small, room, mine)
        y = min(y, floor - len(rows) * line)
        if y < under:  # and on the tile: closer together
            line = max(tightest, min(line, (floor - under) // len(rows)))
            y = max(under, floor - len(rows) * line)
        columns = [(rows, x)]
        if right and not below and k.n <= 3 and y + len(rows) * line > floor:
            # the bottom knight's lines still reach under the table: cards and scores
            # side by side, as the top knight's (at four, a knight sits at its right)
            first = [*cards, spare_row(k, s, small)]
            first_w = max(row_width(r, small) for r in first)
            columns = [(first, x), (scores, x + first_w + small)]
            most = max(len(first), len(scores))
            line = max(tightest, min(int(small * 1.75), (floor - under) // most))
            y = max(under, floor - most * line)
            rows = first if len(first) >= len(scores) else scores
        height = max(height, y + len(rows) * line + 4)
        if right:  # the tile as wide as its longest line (a hand of six at large text)
            width = max(width, *(cx + max(row_width(r, small) for r in column) + 2
                                 for column, cx in columns))
    # a knight at the table's side keeps its whole name on the table (large text once
    # put its end under the side panel): the tile reaches left for it where it must
    at = max(lay.table.left - ox + name_half + 4,
             min(lay.table.right - ox - name_half - 4, spot[0]))
    if at - name_half < 2:
        shift = name_half + 2 - at
        ox, width, at = ox - shift, width + shift, at + shift
        spot = (spot[0] + shift, spot[1])
        columns = [(column, cx + shift) for column, cx in columns]
    tile = pygame.Surface((width, height), pygame.SRCALPHA)
    if k.turn == s and k.phase == "play":
        g = art.glow(int(unit * 0.75))
        tile.blit(g, g.get_rect(center=spot))
    helm = art.knight(s, int(unit * 0.85))
    tile.blit(helm, helm.get_rect(center=spot))
    blit_text(tile, name, size, ACCENT if mine else INK,
              center=(at, spot[1] + int(unit * 0.55)), bold=True, shadow=True)
    for i, (words, fill) in enumerate(marks_of(k, s, away, passed)[:2]):
        badge(tile, (spot[0], spot[1] - int(unit * 0.5) - i * int(size * 1.5)), words,
              int(size * 0.85), fill)
    for column, cx in columns:
        draw_rows(tile, column, (cx, y), line, small, right)
    return tile, (ox, oy)
