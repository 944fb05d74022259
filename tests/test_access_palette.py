"""Seats told apart without colour vision: the safe palette stays apart under simulated
deuteranopia and protanopia, and every seat's shape is on the table's screenshot."""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterator

import pygame
import pytest

from client.app import HEADLESS_DT, App
from client.kit import palette
from client.kit.reveal import SEAT_COLORS as STORY_COLOURS
from client.scenes.choose.art import SEAT_COLORS as CHOOSE_COLOURS
from client.scenes.knights.draw import SEAT_COLOURS as KNIGHTS_COLOURS
from client.scenes.sly_knights.art import SEAT_COLORS as SLY_COLOURS
from client.settings import Settings
from client.tables import local_scene

Colour = tuple[int, int, int]

MACHADO: dict[str, tuple[tuple[float, float, float], ...]] = {
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413),
                     (-0.011820, 0.042940, 0.968881)),
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216),
                   (-0.003882, -0.048116, 1.051998)),
}
"""Machado, Oliveira and Fernandes (2009), severity 1.0, on linear RGB."""

SAFE_APART = 15.0
"""The least CIELAB distance (ΔE*76) between two seats' colours as a person with
either deficiency sees them; 2.3 is a just-noticeable difference, and a seat's colour is
read at a glance across a table, on small marks."""


def linear(c: float) -> float:
    c /= 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def simulate(rgb: Colour, kind: str) -> tuple[float, float, float]:
    """``rgb`` as seen with ``kind``, in linear RGB (clipped to the gamut)."""
    lin = [linear(c) for c in rgb]
    m = MACHADO[kind]
    out = [min(1.0, max(0.0, sum(m[i][j] * lin[j] for j in range(3)))) for i in range(3)]
    return out[0], out[1], out[2]


def lab(lin: tuple[float, float, float]) -> tuple[float, float, float]:
    r, g, b = lin
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def closest(colours: tuple[Colour, ...], kind: str) -> float:
    seen = [lab(simulate(c, kind)) for c in colours]
    return min(math.dist(a, b) for a, b in itertools.combinations(seen, 2))


@pytest.mark.parametrize("kind", sorted(MACHADO))
@pytest.mark.parametrize("seats", range(2, 9))
def test_the_safe_palette_stays_apart(kind: str, seats: int) -> None:
    assert closest(palette.SAFE[:seats], kind) >= SAFE_APART


@pytest.mark.parametrize("kind", sorted(MACHADO))
def test_the_tables_own_colours_do_not(kind: str) -> None:
    """Why the safe palette exists: each game's own colours run together (which is why
    every seat also has its shape, in either palette)."""
    worst = min(closest(colours, kind) for colours in (
        SLY_COLOURS, CHOOSE_COLOURS, KNIGHTS_COLOURS, STORY_COLOURS))
    assert worst < SAFE_APART / 2


def shape_mask(seat: int, r: int) -> pygame.mask.Mask:
    surface = pygame.Surface((4 * r, 4 * r))
    pygame.draw.polygon(surface, (255, 255, 255),
                        palette.shape_points(seat, (2 * r, 2 * r), r))
    return pygame.mask.from_threshold(surface, (255, 255, 255), (1, 1, 1, 255))


def test_every_seat_has_a_shape_of_its_own() -> None:
    masks = [shape_mask(seat, 20) for seat in range(len(palette.SHAPES))]
    for a, b in itertools.combinations(range(len(masks)), 2):
        same = masks[a].overlap_area(masks[b], (0, 0))
        union = masks[a].count() + masks[b].count() - same
        assert same / union < 0.85, (palette.SHAPES[a], palette.SHAPES[b])


@pytest.fixture
def safe() -> Iterator[None]:
    palette.DRAWN = []
    yield
    palette.DRAWN = None
    palette.set_palette("standard")


@pytest.mark.parametrize("game,players", [("sly_knights", 4), ("choose", 5), ("knights", 8)])
def test_marks_are_on_the_screenshot(safe: None, game: str, players: int) -> None:
    """A watched table in the safe palette: every seat's shape, in its safe colour, is
    on the window's pixels."""
    app = App(Settings(palette="safe", bot_delay=0.0), headless=True, size=(1280, 720))
    app.push(local_scene(app, game, players, {}, 5, 0, "simple", speed=4.0))
    found: set[int] = set()
    for _ in range(400):
        assert palette.DRAWN is not None
        palette.DRAWN.clear()
        app.step(HEADLESS_DT)
        shot = app.screen.copy()
        for seat, rect, fill in palette.DRAWN:
            if seat in found or rect.width < 9:
                continue
            assert fill == palette.SAFE[seat % len(palette.SAFE)]
            crop = shot.subsurface(rect.clip(shot.get_rect()))
            drawn = pygame.mask.from_threshold(crop, fill, (2, 2, 2, 255))
            # the shape as drawn alone at the same place
            alone = pygame.Surface(rect.size)
            r = rect.width // 2
            centre = (rect.width // 2, rect.height // 2)
            pygame.draw.polygon(alone, (255, 255, 255), palette.shape_points(
                seat, centre, max(3, round(r / (1.2 if seat % 8 in (1, 2, 3, 4, 7) else 1)))))
            want = pygame.mask.from_threshold(alone, (255, 255, 255), (1, 1, 1, 255))
            if want.count() and drawn.overlap_area(want, (0, 0)) >= 0.5 * want.count():
                found.add(seat)
        if len(found) == players:
            break
    app.close()
    assert found == set(range(players)), f"seats with a mark seen: {sorted(found)}"
