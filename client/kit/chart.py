"""A small line chart of running scores, round by round, one line per seat: the end
screens of the games scored over rounds draw the same chart."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from client.kit import palette
from client.kit.widgets import ACCENT, INK, blit_text


def running(per_round: Sequence[Sequence[int]], n: int) -> list[list[int]]:
    """Per seat, the total after each round, starting from 0 before the first."""
    out = [[0] for _ in range(n)]
    for scores in per_round:
        for seat in range(n):
            out[seat].append(out[seat][-1] + int(scores[seat]))
    return out


def line_chart(surface: pygame.Surface, rect: pygame.Rect, series: list[list[int]],
               colors: Sequence[tuple[int, int, int]], size: int, title: str,
               label: Callable[[int], str]) -> None:
    """``series``: one list of values per seat, index 0 being the start of the game.
    ``label(i)`` names the i-th point on the bottom axis."""
    blit_text(surface, title, size, ACCENT, topleft=(rect.left, rect.top), bold=True)
    plot = pygame.Rect(rect.left + size * 3, rect.top + int(size * 3), rect.width - size * 4,
                       rect.height - int(size * 5))
    values = [v for line in series for v in line] or [0]
    low, high = min(0, min(values)), max(1, max(values))
    points = max(2, max(len(line) for line in series) if series else 2)

    def at(i: int, v: int) -> tuple[int, int]:
        x = plot.left + plot.width * i // (points - 1)
        y = plot.bottom - int(plot.height * (v - low) / (high - low))
        return x, y

    pygame.draw.rect(surface, (30, 20, 12), plot.inflate(8, 8), border_radius=6)
    step = max(1, (high - low) // 4)
    for v in range(low - low % step, high + 1, step):
        y = at(0, v)[1]
        pygame.draw.line(surface, (70, 52, 36), (plot.left, y), (plot.right, y), 1)
        blit_text(surface, str(v), max(9, size - 3), INK, topleft=(rect.left, y - size // 2))
    for i in range(points):
        x = at(i, 0)[0]
        words = label(i)
        if words:
            blit_text(surface, words, max(9, size - 3), INK, center=(x, plot.bottom + size))
    for seat, line in enumerate(series):
        color = colors[seat % len(colors)]
        pts = [at(i, v) for i, v in enumerate(line)]
        offset = (seat - len(series) / 2) * 1.5
        pts = [(x, int(y + offset)) for x, y in pts]
        if len(pts) > 1:
            pygame.draw.lines(surface, color, False, pts, 3)
        for p in pts:
            palette.mark(surface, seat, p, 4, color)  # each seat's line keeps its shape
