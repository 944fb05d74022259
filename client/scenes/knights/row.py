"""The line-up on the table: the captain arranging it by dragging, and its reveal one
tile at a time (the host reveals the whole row in one event; the screen takes its time).
"""

from __future__ import annotations

import pygame

from client.assets import fit_size, text
from client.kit import ink
from client.kit.widgets import ACCENT, INK, blit_text, shade
from client.scenes.knights import draw
from client.scenes.knights.builder import LineUp
from client.scenes.knights.knowledge import Knowledge
from client.scenes.knights.layout import Layout
from client.scenes.knights.words import Namer, say, tile_short


def label_under(surface: pygame.Surface, rect: pygame.Rect, words: str, size: int,
                color: tuple[int, int, int] = INK, seat: int | None = None) -> None:
    """A tile's owner under it (a stripe in the seat's colour, then the name), shortened
    to the tile's width so neighbours never touch."""
    if seat is not None:
        pygame.draw.line(surface, draw.seat_colour(seat), (rect.left + 3, rect.bottom + 3),
                         (rect.right - 3, rect.bottom + 3), 3)
    size = max(9, size - 3)
    room = rect.width + max(4, rect.width // 5)
    label = text(words, size, color)
    while label.get_width() > room and len(words) > 2:
        words = words[:-2] + "…"
        label = text(words, size, color)
    ink.blit(surface, label, label.get_rect(midtop=(rect.centerx, rect.bottom + 6)), words)


def arranging(surface: pygame.Surface, k: Knowledge, lay: Layout, line: LineUp, name: Namer,
              mouse: tuple[int, int]) -> tuple[list[pygame.Rect], pygame.Rect]:
    """The captain's tray: big slots, the tiles in them, the box for the one left out."""
    table = lay.table
    surface.blit(shade(table.width, table.height, 150, (10, 8, 14)), table.topleft)
    slots, out = lay.row(k.tiles, True)
    size = lay.text
    blit_text(surface, say("row"), size, ACCENT, topleft=_heading_at(lay, k, slots[0]),
              bold=True)
    for slot in slots[: len(line.row)]:
        pygame.draw.rect(surface, (60, 80, 60), slot.inflate(6, 6), 2, border_radius=8)
    pygame.draw.rect(surface, (120, 70, 150), out, 3, border_radius=10)
    blit_text(surface, say("left_out_box"), max(10, size - 2), (214, 160, 250),
              center=(out.centerx, out.top - size))
    for i, tile in enumerate(line.row):
        if tile != line.drag:
            draw.tile(surface, slots[i], k.values[tile])
            label_under(surface, slots[i], tile_short(tile, k.n, name), size + 2,
                        seat=_owner(tile, k))
    if line.out is not None and line.out != line.drag:
        rect = slots[0].copy()
        rect.center = out.center
        draw.tile(surface, rect, k.values[line.out])
        label_under(surface, rect, tile_short(line.out, k.n, name), size + 2,
                    seat=_owner(line.out, k))
    if line.drag is not None:
        rest = [tile for tile in line.row if tile != line.drag]
        if rest and not out.collidepoint(mouse):
            index = sum(1 for slot in slots[: len(rest)] if mouse[0] > slot.centerx)
            x = slots[index].left - 5 if index < len(rest) else slots[len(rest) - 1].right + 5
            pygame.draw.line(surface, (120, 230, 255), (x, slots[0].top - 6),
                             (x, slots[0].bottom + 6), 4)
        rect = slots[0].copy()
        rect.center = (mouse[0] - line.grab[0], mouse[1] - line.grab[1])
        draw.tile(surface, rect, k.values[line.drag], lift=True)
    return slots, out


def _heading_at(lay: Layout, k: Knowledge, first: pygame.Rect) -> tuple[int, int]:
    """Where the tray's heading starts: over the first slot; at large text, where it
    would run across a tile still on the table (the centre's, seen through the tray's
    shade), ending before the first tile it meets, or else above the centre tiles."""
    size = lay.text
    label = text(say("row"), size, ACCENT, True)
    place = label.get_rect(topleft=(first.left, first.top - int(size * 2.2)))
    tiles = [lay.tile_rect(t) for t in range(k.tiles)]
    tiles = [t.union(t.move(0, -draw.LIFT)).inflate(4, 4) for t in tiles]
    hit = [t for t in tiles if t.colliderect(place)]
    if not hit:
        return place.topleft
    before = place.copy()
    before.right = min(t.left for t in hit)
    if before.left >= lay.table.left + size and before.collidelist(tiles) < 0:
        return before.topleft
    centre = [lay.tile_rect(t) for t in range(k.n, k.tiles)] or hit
    above = place.copy()
    above.bottom = min(t.top for t in centre) - draw.LIFT - 4
    return above.topleft


def tile_in_tray(slots: list[pygame.Rect], out: pygame.Rect, line: LineUp,
                 pos: tuple[int, int]) -> tuple[int, tuple[int, int]] | None:
    """The tile under ``pos`` in the tray, and where on it it was grabbed."""
    for i, tile in enumerate(line.row):
        if slots[i].collidepoint(pos):
            return tile, (pos[0] - slots[i].centerx, pos[1] - slots[i].centery)
    if line.out is not None and out.collidepoint(pos):
        return line.out, (pos[0] - out.centerx, pos[1] - out.centery)
    return None


def revealed_row(surface: pygame.Surface, k: Knowledge, lay: Layout, motion: draw.Motion,
                 now: float, name: Namer) -> None:
    """The captain's row face down, turning face up one tile after another."""
    line_up = k.line_up
    if line_up is None:
        return
    order = [int(x) for x in line_up["order"]]
    left_out = line_up.get("left_out")
    slots, out = lay.row(len(order), False)
    start = motion.reveal if motion.reveal is not None else now - 100
    size = max(10, lay.text - 2)
    box = pygame.Rect(slots[0].left - 10, slots[0].top - 8, out.right - slots[0].left + 20,
                      slots[0].height + size * 2 + 12)
    # Nearly opaque: the row is read, and the tiles at the seats it lies over are the
    # same tiles (their edges must not cut the names under the row's tiles).
    surface.blit(shade(box.width, box.height, 235, (12, 10, 18)), box.topleft)
    ink.cover(surface, box)
    for i, tile in enumerate(order):
        at = start + 0.5 + draw.REVEAL_STEP * i
        value, squash = draw.flip(now, at, k.values[tile] if now >= at else None,
                                  draw.ROW_FLIP)
        draw.tile(surface, slots[i], value if now >= at else None, squash)
        label_under(surface, slots[i], tile_short(tile, k.n, name), size, seat=_owner(tile, k))
        if i and now >= at + 0.2:
            mid = ((slots[i - 1].right + slots[i].left) // 2, slots[i].centery)
            ok = _less(k.values[order[i - 1]], k.values[tile])
            mark = "<" if ok else "×"
            gap = slots[i].left - slots[i - 1].right
            # as large as the gap between the two tiles allows
            mark_size = fit_size(mark, size + 2, gap - 2, 8, bold=True)
            blit_text(surface, mark, mark_size, (140, 220, 140) if ok else (240, 110, 100),
                      center=mid, bold=True)
    if left_out is not None:
        rect = slots[0].copy()
        rect.center = out.center
        at = start + 0.5 + draw.REVEAL_STEP * len(order)
        value, squash = draw.flip(now, at, k.values[int(left_out)] if now >= at else None,
                                  draw.ROW_FLIP)
        pygame.draw.rect(surface, (120, 70, 150), rect.inflate(8, 8), 2, border_radius=8)
        draw.tile(surface, rect, value if now >= at else None, squash)
        label_under(surface, rect, tile_short(int(left_out), k.n, name), size,
                    (214, 160, 250), seat=_owner(int(left_out), k))


def _less(a: int | str | None, b: int | str | None) -> bool:
    return isinstance(a, int) and isinstance(b, int) and a < b


def _owner(tile: int, k: Knowledge) -> int | None:
    return tile if tile < k.n else None
