"""What covers the Choose! table for a while: the round-end flip with its scoring per
mouse, the end-of-game screen with its chart, and the rules reference."""

from __future__ import annotations

import math
from collections.abc import Sequence

import pygame

from client.assets import at_100, fit_size, font, text, wrap
from client.kit import ink, palette
from client.kit.chart import line_chart, running
from client.kit.widgets import ACCENT, BAD, GOOD, INK, Button, blit_text, panel
from client.kit.words import standings
from client.scenes.choose import art
from client.scenes.choose.knowledge import Knowledge, Mouse
from client.scenes.choose.layout import Layout
from client.scenes.choose.words import Namer, names_of, say
from core.games.choose.shapes import ChooseLine, Flip

FLIP_STEP = 0.12
"""Seconds between two mice turning over at a round's end."""


def why(flip: Flip) -> str:
    kind = flip["kind"]
    if kind == "hungry":
        return say("flip.why.hungry")
    if not flip["nested"]:
        return say("flip.why.none")
    return say("flip.why.ordinary_nest" if kind == "ordinary" else "flip.why.bad_nest")


def flip_panel(surface: pygame.Surface, lay: Layout, last: ChooseLine, t: float,
               name: Namer, area: pygame.Rect, hover: tuple[int, int],
               beside: Sequence[Button] = ()) -> None:
    """Every mouse of the finished round, face up in its kitchen, with what it scored.
    Its title and its legend keep to the panel, the title left of the buttons
    ``beside`` it at its top (at 150% in 800x500 the title ran under *Continue* and the
    legend out past the panel): their text steps down toward its 100% size."""
    from client.scenes.choose.draw import stack

    panel(surface, area, 255)
    size = lay.text
    right = min([b.rect.left - size for b in beside if b.rect.top < area.top + size * 3]
                + [area.right - size])
    big, room = int(size * 1.4), right - area.left - size
    least = at_100(big)
    title = say("flip.title", r=last["round"])
    title_size = fit_size(title, big, room, least, True)
    if font(title_size, True).size(title)[0] > room:  # (even at 100%: "Round 2" alone)
        title = say("flip.title_short", r=last["round"])
        title_size = fit_size(title, big, room, least, True)
    blit_text(surface, title, title_size, ACCENT,
              topleft=(area.left + size, area.top + size // 2), bold=True)
    n = len(last["scores"])
    top = area.top + int(size * 2.6)
    legend_h = int(size * 1.8)
    row_h = (area.bottom - top - legend_h) // n
    # a row holds a card's cheese count above it, the card, and its points just under
    # it: where large text leaves the rows short, the cards shrink rather than let one
    # row's points run into the next row's counts
    scale = min(1.0, row_h * 0.62 / lay.card[1], (row_h - size * 1.6) / lay.card[1])
    cw = int(lay.card[0] * scale)
    # the names' column is as wide as the widest name at this text size
    widest = max(font(size, True).size(name(seat))[0] for seat in range(n))
    name_w = max(int(size * 8), widest + size * 2 + size // 2)
    sum_w = int(size * 9)
    order = 0
    tip: str | None = None
    for seat in range(n):
        y = top + seat * row_h
        mid = y + row_h // 2 - size // 2
        palette.mark(surface, seat, (area.left + size, mid), size // 2, art.seat_color(seat))
        blit_text(surface, name(seat), size, INK, topleft=(area.left + size * 2, mid - size // 2),
                  bold=True)
        flips = [f for f in last["stacks"] if f["owner"] == seat]
        room = area.width - name_w - sum_w - size * 2
        step = min(cw + size, room / max(1, len(flips)))
        x0 = area.left + name_w + cw // 2
        if not flips:
            blit_text(surface, say("flip.none"), size, (200, 180, 150),
                      topleft=(x0, mid - size // 2))
        for i, flip in enumerate(flips):
            start = order * FLIP_STEP
            order += 1
            local = t - start
            x = int(x0 + i * step)
            mouse = Mouse(int(flip["stack"]), int(flip["stolen"]), bool(flip["nested"]), seat,
                          str(flip["kind"]), [None] * int(flip["stolen"]), False)
            if local < 0:
                stack(surface, lay, mouse, (x, mid), scale, top=None)
                continue
            squash = abs(math.cos(math.pi * min(1.0, local / 0.4)))
            stack(surface, lay, mouse, (x, mid), scale,
                  top=None if local < 0.2 else str(flip["kind"]), squash=max(0.05, squash))
            if local > 0.4:
                points = int(flip["points"])
                color = GOOD if points > 0 else (BAD if points < 0 else (200, 190, 170))
                label = f"+{points}" if points > 0 else str(points)
                card_h = int(lay.card[1] * scale)
                below = card_h // 2 + int(min(size * 1.5, max(size * 0.5 + 2,
                                                             row_h - card_h - size * 0.9)))
                blit_text(surface, label, size, color, center=(x, mid + below), bold=True)
                card_rect = pygame.Rect(0, 0, cw, int(lay.card[1] * scale))
                card_rect.center = (x, mid)
                if card_rect.collidepoint(hover):
                    tip = why(flip)
        done = t > order * FLIP_STEP + 0.4
        if done:
            raw, score = last["raw"][seat], last["scores"][seat]
            words = say("flip.raw", raw=raw) + "  " + (
                say("flip.floor", n=score) if raw < 0 else say("flip.score", n=score))
            # smaller where a floored sum would run out of the panel; where even the
            # least size would (an 800x500 window), "sum −4  → 0" without its reason
            room = sum_w - size // 2
            small = fit_size(words, size, room, 9, bold=True)
            if font(small, True).size(words)[0] > room:
                words = say("flip.raw", raw=raw) + "  " + say("flip.score", n=score)
            blit_text(surface, words, small, ACCENT,
                      topleft=(area.right - sum_w, mid - small // 2), bold=True, box=area)
        if seat:
            pygame.draw.line(surface, (90, 66, 44), (area.left + size, y),
                             (area.right - size, y), 1)
    legend = " · ".join([
        f"{say('short.ordinary')}: {say('flip.why.ordinary_nest')}",
        f"{say('short.hungry')}: {say('flip.why.hungry')}",
        f"{say('short.henchman')}/{say('short.robo')}: {say('flip.why.bad_nest')}",
    ])
    small = max(10, size - 3)
    blit_text(surface, legend, fit_size(legend, small, area.width - 2 * size,
                                        at_100(small, 10)),
              (220, 200, 170), topleft=(area.left + size, area.bottom - legend_h + size // 3))
    if tip:
        note = text(tip, size, (30, 20, 12), True)
        rect = note.get_rect(midbottom=(hover[0], hover[1] - 6)).inflate(10, 6)
        pygame.draw.rect(surface, (250, 236, 200), rect, border_radius=6)
        ink.blit(surface, note, note.get_rect(center=rect.center), tip, rect)


def end_panel(surface: pygame.Surface, lay: Layout, k: Knowledge, name: Namer,
              area: pygame.Rect) -> None:
    """The result: winners, your verdict, and the running totals round by round."""
    panel(surface, area, 255)
    size = lay.text
    x = area.left + size
    blit_text(surface, say("end.title"), int(size * 1.8), ACCENT, topleft=(x, area.top + size // 2),
              bold=True)
    winners = k.winners
    key = "end.winner" if len(winners) == 1 else "end.winners"
    rows = [(seat, f"{place}.  {name(seat)}   {say('total_pts', n=k.totals[seat])}")
            for place, seat in standings(k.totals)]
    # the chart's scale starts right of the widest standing (at large text in a small
    # window a row's points ran under its numbers)
    widest = max((text(line, size, INK, seat in winners).get_width() for seat, line in rows),
                 default=0)
    right = area.centerx - size + area.width // 2
    left = max(area.centerx - size, x + size * 2 + widest + size)
    chart = pygame.Rect(left, area.top + size, right - left, area.height - size * 6)
    # the winners' names wrap before the chart's scale: a tie of long names at large
    # text would run into it
    big = int(size * 1.2)
    lines = wrap(say(key, names=names_of(winners, name)), big, chart.left - x - size, True)
    y = area.top + int(size * 3.2)
    for line in lines:
        blit_text(surface, line, big, INK, topleft=(x, y), bold=True)
        y += int(big * 1.3)
    y += int(size * 1.8) - int(big * 1.3)
    if k.me is not None:
        won = k.me in winners
        blit_text(surface, say("end.you_won" if won else "end.you_lost"), big,
                  GOOD if won else (230, 180, 150), topleft=(x, y), bold=True)
    y += int(size * 2.2)
    for seat, line in rows:
        palette.mark(surface, seat, (x + size // 2, y + size // 2 + 2), size // 2,
                     art.seat_color(seat))
        blit_text(surface, line, size, ACCENT if seat in winners else INK,
                  topleft=(x + size * 2, y), bold=seat in winners)
        y += int(size * 1.6)
    line_chart(surface, chart, running(k.round_scores, k.n), palette.colours(art.SEAT_COLORS), size,
               say("end.chart"), lambda i: say("round_col", r=i) if i else "")


