"""The end-of-game screen: the final scores round by round, and a chart of the totals."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from client.assets import font, text, wrap
from client.i18n import tr
from client.kit import ink, palette
from client.kit.fill import fill
from client.kit.widgets import ACCENT, INK, blit_text, fitting, row_of_buttons
from client.scenes.knights.draw import seat_colour
from client.scenes.knights.knowledge import Knowledge
from client.scenes.knights.layout import Layout
from client.scenes.knights.words import Namer, names_of, round_words, say

if TYPE_CHECKING:
    from client.scenes.knights.scene import KnightsScene


def over_screen(scene: KnightsScene, surface: pygame.Surface, k: Knowledge,
                lay: Layout) -> None:
    """The final scores over the table (or the table itself), and the way on."""
    if scene.show_scores:
        draw_end(surface, lay.table, k, scene.name, lay.text)
    area = lay.bar
    fill(surface, (26, 22, 30), area)
    ink.cover(surface, area)
    pygame.draw.line(surface, ACCENT, area.topleft, area.topright, 2)
    specs: list[tuple[str, str, Any]] = [
        ("toggle", say("act.table") if scene.show_scores else say("act.scores"),
         scene.toggle_scores),
        ("menu", tr("back_menu"), scene.app.pop)]
    if scene.restart is not None:
        specs.append(("again", tr("again"), scene.again))
    scene.buttons += row_of_buttons(specs, area.inflate(-20, -20), lay.text)


def draw_end(surface: pygame.Surface, area: pygame.Rect, k: Knowledge, name: Namer,
             size: int) -> None:
    """A score table (per round and total) beside a line chart of the running totals."""
    fill(surface, (26, 22, 30), area)
    ink.cover(surface, area)
    box = area.inflate(-size * 2, -size * 2)
    pygame.draw.rect(surface, (34, 28, 40), box, border_radius=12)
    pygame.draw.rect(surface, ACCENT, box, 2, border_radius=12)
    pad = size
    winners = list((k.result or {}).get("winners") or [])
    blit_text(surface, say("end.title"), int(size * 1.7), ACCENT,
              topleft=(box.left + pad, box.top + pad // 2), bold=True)
    line = say("end.winners", names=names_of(winners, name))
    if k.me is not None:
        line += "   " + (say("end.you_won") if k.me in winners else say("end.you_lost"))
    blit_text(surface, line, int(size * 1.1), INK, topleft=(box.left + pad, box.top + size * 3),
              bold=True)
    top = box.top + int(size * 5.2)
    table = pygame.Rect(box.left + pad, top, int(box.width * 0.46), box.bottom - top - pad)
    score_table(surface, table, k, name, winners, size)
    chart = pygame.Rect(table.right + pad * 2, top, box.right - table.right - pad * 3,
                        table.height)
    totals_chart(surface, chart, k, size)


def score_table(surface: pygame.Surface, rect: pygame.Rect, k: Knowledge, name: Namer,
                winners: list[int], size: int) -> None:
    rounds = k.rounds
    cols = len(rounds) + 1
    name_w = int(rect.width * 0.42)
    col_w = (rect.width - name_w) // max(1, cols)
    row_h = min(int(size * 1.7), rect.height // (k.n + 1))
    small = max(10, min(size, int(row_h * 0.7)))
    heads = [say("end.round", r=record["round"]) for record in rounds] + [say("end.total")]

    def apart(sm: int) -> bool:  # each heading a third of a letter clear of the next
        widths = [text(words, sm, ACCENT, True).get_width() for words in heads]
        pairs = zip(widths, widths[1:], strict=False)
        return all(col_w - (a + b) // 2 >= sm // 3 for a, b in pairs)

    def whole(sm: int) -> bool:  # every name beside its mark, short of the first column
        return all(font(sm).size(name(s))[0] <= name_w - sm * 2 for s in range(k.n))

    # where large text runs the headings together (at 150% in 800x500 "R3Total") or
    # cuts a name ("Chika (…"), the table's words step down toward their 100% size
    small = fitting(small, lambda sm: apart(sm) and whole(sm))
    y = rect.top
    for c, words in enumerate(heads):  # (each round's, then the total)
        blit_text(surface, words, small, ACCENT,
                  center=(rect.left + name_w + c * col_w + col_w // 2, y + row_h // 2), bold=True)
    order = sorted(range(k.n), key=lambda s: (-k.totals[s], s))
    for i, seat in enumerate(order):
        y = rect.top + (i + 1) * row_h
        if seat in winners:
            pygame.draw.rect(surface, (90, 70, 30), (rect.left, y, rect.width, row_h),
                             border_radius=6)
        palette.mark(surface, seat, (rect.left + small // 2 + 2, y + row_h // 2),
                     max(4, small // 2 - 1), seat_colour(seat))
        label = name(seat)
        while len(label) > 3 and font(small).size(label)[0] > name_w - small * 2:
            label = label[:-2] + "…"
        blit_text(surface, label, small, ACCENT if seat == k.me else INK,
                  topleft=(rect.left + small + 6, y + (row_h - small) // 2 - 2))
        for c, record in enumerate(rounds):
            got = int(record["scores"][seat])
            color = (140, 220, 140) if got else (150, 140, 130)
            blit_text(surface, f"+{got}" if got else "0", small, color,
                      center=(rect.left + name_w + c * col_w + col_w // 2, y + row_h // 2))
        blit_text(surface, str(k.totals[seat]), small, INK,
                  center=(rect.left + name_w + len(rounds) * col_w + col_w // 2, y + row_h // 2),
                  bold=True)
    y = rect.top + (k.n + 1) * row_h + small
    tiny = max(9, small - 2)
    for record in rounds:
        line = f"{say('end.round', r=record['round'])}  {round_words(record, name)}"
        for part in wrap(line, tiny, rect.width):
            if y + tiny > rect.bottom:
                return
            blit_text(surface, part, tiny, (210, 200, 180), topleft=(rect.left, y))
            y += int(tiny * 1.35)


def totals_chart(surface: pygame.Surface, rect: pygame.Rect, k: Knowledge, size: int) -> None:
    """One line per seat: the total after each round, from zero."""
    small = max(10, size - 2)
    blit_text(surface, say("end.chart"), small, ACCENT, topleft=(rect.left, rect.top), bold=True)
    plot = pygame.Rect(rect.left + small * 2, rect.top + small * 2, rect.width - small * 3,
                       rect.height - small * 4)
    pygame.draw.rect(surface, (24, 20, 30), plot)
    steps = [[0] * k.n] + [list(r["totals"]) for r in k.rounds]
    top = max(1, max(max(s) for s in steps))
    for v in range(0, top + 1, max(1, (top + 3) // 4)):
        y = plot.bottom - int(plot.height * v / top)
        pygame.draw.line(surface, (60, 52, 70), (plot.left, y), (plot.right, y), 1)
        blit_text(surface, str(v), max(9, small - 2), (190, 180, 160),
                  topleft=(rect.left, y - small // 2))
    span = max(1, len(steps) - 1)
    for i in range(len(steps)):
        x = plot.left + int(plot.width * i / span)
        blit_text(surface, say("end.round", r=i) if i else "0", max(9, small - 2),
                  (190, 180, 160), center=(x, plot.bottom + small))
    for seat in range(k.n):
        points = [(plot.left + int(plot.width * i / span) + (seat - k.n // 2),
                   plot.bottom - int(plot.height * s[seat] / top)) for i, s in enumerate(steps)]
        color = seat_colour(seat)
        if len(points) > 1:
            pygame.draw.lines(surface, color, False, points, 3 if seat == k.me else 2)
        for p in points:
            palette.mark(surface, seat, p, 4, color)
