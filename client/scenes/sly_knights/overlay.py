"""What covers the Sly Knight Robbery table for a while: a round's captures, and the
end of the game with the penalties turned face up and the chart of the rounds."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import cast

import pygame

from client.assets import at_100, fit_size, shorten
from client.kit import ink, palette
from client.kit.chart import line_chart
from client.kit.widgets import ACCENT, BAD, INK, Button, blit_text, fitting, panel
from client.scenes.sly_knights import art
from client.scenes.sly_knights.knowledge import Knowledge, worth
from client.scenes.sly_knights.layout import Layout
from client.scenes.sly_knights.words import Namer, joined, names_of, say
from core.games.sly_knights.shapes import SlyLine
from core.games.sly_knights.state import PIG_POINTS


def history(log: Sequence[Mapping[str, object]], n: int) -> list[list[int]] | None:
    """Per seat, the score after each round (penalties counted once they are shown at the
    end), rebuilt from the public round ends; None when the log does not hold them all."""
    ends = [cast(SlyLine, e) for e in log if e.get("type") == "round_end"]
    final = next((cast(SlyLine, e) for e in log if e.get("type") == "game_end"), None)
    if final is None or len(ends) != 3:
        return None
    penalties = [list(p) for p in final["penalties"]]
    taken = [0] * n
    used = [0] * n
    series = [[0] for _ in range(n)]
    for end in ends:
        for cap in end["captures"]:
            taken[int(cap["taker"])] += int(cap["value"])
        for s in range(n):
            used[s] += int(end["penalty_counts"][s])
            lost = sum(worth(c) for c in penalties[s][:used[s]])
            series[s].append(taken[s] + PIG_POINTS * int(end["pigs"][s]) - lost)
    return series


def summary_panel(surface: pygame.Surface, lay: Layout, event: SlyLine, name: Namer,
                  area: pygame.Rect, you: int | None, kept: list[int] | None,
                  beside: Sequence[Button] = ()) -> None:
    """One round's captures: each score card, its owner and who took it; the pigs that
    went home; how many cards each player keeps face down. The title keeps left of the
    buttons ``beside`` it at the panel's top, stepping down toward its 100% size and
    then cut (at 150% in 800x500 "Round 1: who took what" ran under *Continue*)."""
    panel(surface, area, 255)
    size = lay.text
    right = min([b.rect.left - size for b in beside if b.rect.top < area.top + size * 3]
                + [area.right - size])
    big, room = int(size * 1.4), right - area.left - size
    title = say("show.captures", r=event["round"])
    title_size = fit_size(title, big, room, at_100(big), True)
    blit_text(surface, shorten(title, title_size, room, True), title_size, ACCENT,
              topleft=(area.left + size, area.top + size // 2), bold=True,
              box=pygame.Rect(area.left + size, area.top, room, size * 3))
    n = len(event["pigs"])
    top = area.top + int(size * 3)
    row_h = (area.bottom - top - size) // n
    x, x2 = area.left + size * 10, area.left + int(area.width * 0.62)
    # the cards a seat took keep left of the pigs' column, and that column's lines to the
    # panel: at 150% in 800x500 three cards ran under the pig and its lines past the
    # panel, under the side column
    most = max([sum(int(c["taker"]) == seat for c in event["captures"]) for seat in range(n)]
               + [1])
    w = min(int(row_h * 0.55), lay.columns[0].width, (x2 - size - x) // most - 6)
    h = int(w * 1.4)
    small = max(10, size - 2)

    def line(words: str, color: tuple[int, int, int], at: tuple[int, int]) -> None:
        room = area.right - size // 2 - at[0]
        fitted = fit_size(words, small, room, at_100(small))
        blit_text(surface, shorten(words, fitted, room), fitted, color, topleft=at)
    for seat in range(n):
        y = top + seat * row_h
        mid = y + row_h // 2
        palette.mark(surface, seat, (area.left + size, mid), size // 2, art.seat_color(seat))
        blit_text(surface, name(seat), size, INK, topleft=(area.left + size * 2, mid - size),
                  bold=True)
        took = [c for c in event["captures"] if int(c["taker"]) == seat]
        blit_text(surface, say("show.took"), small, (210, 190, 160),
                  topleft=(x, mid - h // 2 - int(size * 1.3)))
        if not took:
            blit_text(surface, say("show.nothing"), size, (200, 180, 150), topleft=(x, mid - 8))
        for i, cap in enumerate(took):
            image = art.score_card(int(cap["owner"]), int(cap["value"]), w, h)
            surface.blit(image, image.get_rect(midleft=(x + i * (w + 6), mid)))
        home = sum(int(c["pigs"]) for c in event["captures"] if int(c["owner"]) == seat)
        pig = art.pig(int(size * 1.6))
        surface.blit(pig, pig.get_rect(midleft=(x2, mid - size)))
        line(say("show.pigs_back", n=home), INK, (x2 + int(size * 1.8), mid - int(size * 1.5)))
        count = int(event["penalty_counts"][seat])
        words = say("show.penalty_hidden", n=count)
        if seat == you and kept:
            words += "  (" + joined([str(c) for c in kept]) + ")"
        line(words, BAD if count else (200, 190, 170), (x2, mid + size // 2))
        if seat:
            pygame.draw.line(surface, (90, 66, 44), (area.left + size, y), (area.right - size, y))


PENALTY_AT, PENALTY_STEP, PENALTY_FLIP = 0.6, 0.18, 0.3
"""The end's penalty cards turn over one by one: the first this long after the end
shows, each next this much later, each taking this long to turn."""


def penalties_turned(count: int) -> float:
    """Seconds after the end shows when the last of ``count`` penalty cards lies face
    up (``end_panel``)."""
    return PENALTY_AT + PENALTY_STEP * max(0, count - 1) + PENALTY_FLIP


def end_panel(surface: pygame.Surface, lay: Layout, k: Knowledge, name: Namer, area: pygame.Rect,
              t: float, series: list[list[int]] | None) -> None:
    """Winners, each player's sum with the penalty cards turning face up one by one,
    and the chart of the running scores."""
    panel(surface, area, 255)
    size = lay.text
    x = area.left + size
    result = k.result or {}
    scores = list(result.get("scores") or [0] * k.n)
    winners = k.winners
    blit_text(surface, say("end.title"), int(size * 1.7), ACCENT, topleft=(x, area.top + size // 2),
              bold=True)
    key = "end.winner" if len(winners) == 1 else "end.winners"
    line = say(key, names=names_of(winners, name))
    if k.me is not None:
        line += "   " + say("end.you_won" if k.me in winners else "end.you_lost")
    blit_text(surface, line, int(size * 1.1), INK, topleft=(x, area.top + int(size * 2.8)),
              bold=True)
    left_w = int(area.width * 0.55)
    top = area.top + int(size * 5)
    row_h = min(int(size * 5.5), (area.bottom - top - size * 4) // k.n)
    # a row holds a name, a sum and a line of small cards, about five lines of text:
    # where large text leaves less, the rows' text steps down toward its 100% size
    head, size = size, fitting(size, lambda s: s * 5 <= row_h)
    cw = int(row_h * 0.42)
    ch = int(cw * 1.4)
    order = 0
    for seat in sorted(range(k.n), key=lambda s: -scores[s]):
        y = top + (sorted(range(k.n), key=lambda s: -scores[s]).index(seat)) * row_h
        palette.mark(surface, seat, (x + size // 2, y + size), size // 2, art.seat_color(seat))
        blit_text(surface, name(seat), size, ACCENT if seat in winners else INK,
                  topleft=(x + size * 2, y + size // 4), bold=True)
        taken = (result.get("captured_points") or [0] * k.n)[seat]
        pigs = (result.get("pig_points") or [0] * k.n)[seat]
        lost = (result.get("penalty_points") or [0] * k.n)[seat]
        blit_text(surface, say("end.sum", taken=taken, pigs=pigs, penalty=lost,
                               total=scores[seat]), size, INK,
                  topleft=(x + size * 2, y + int(size * 1.6)))
        # the cards taken, under the sum: smaller where the row is short (four knights
        # at 150% in 800x500 laid them over the next knight's name), none where even
        # small ones would not fit (the sum says what they came to)
        mini_w = max(10, int(size * 1.3))
        mini_h = int(mini_w * 1.4)
        if mini_h > row_h - 5 - int(size * 3):
            mini_h = row_h - 5 - int(size * 3)
            mini_w = int(mini_h / 1.4)
        for i, cap in enumerate(k.captured[seat] if mini_w >= 7 else []):
            image = art.score_card(int(cap["owner"]), int(cap["value"]), mini_w, mini_h)
            at = image.get_rect(topleft=(x + size * 2 + i * (mini_w + 2), y + int(size * 3)))
            surface.blit(image, at)
            ink.thing(surface, at)
        cards = k.penalties[seat] or []
        px = x + left_w - size * 2 - len(cards) * (cw + 4)
        for i, value in enumerate(cards):
            local = t - PENALTY_AT - order * PENALTY_STEP
            order += 1
            center = (px + i * (cw + 4) + cw // 2, y + int(size * 1.6))
            face_up = local >= PENALTY_FLIP / 2
            image = art.number(seat, value, cw, ch) if face_up else art.back(seat, cw, ch)
            if 0 <= local < PENALTY_FLIP:
                squash = max(0.05, abs(math.cos(math.pi * local / PENALTY_FLIP)))
                image = pygame.transform.smoothscale(image, (max(1, int(cw * squash)), ch))
            surface.blit(image, image.get_rect(center=center))
        pygame.draw.line(surface, (90, 66, 44), (x, y + row_h - 4), (x + left_w, y + row_h - 4))
    size = head
    if any(k.penalties):
        blit_text(surface, say("end.penalties"), max(10, size - 2), BAD,
                  topleft=(x + left_w - size * 9, area.top + int(size * 4)))
    chart = pygame.Rect(area.left + left_w + size, area.top + size, area.width - left_w - size * 2,
                        area.height - size * 6)
    if series is None:
        series = [[0, s] for s in scores]
    line_chart(surface, chart, series, palette.colours(art.SEAT_COLORS), size, say("end.chart"),
               lambda i: say("round_col", r=i) if i else "")
