"""``client.kit.fill``: a rectangle filled in two parts gives the very pixels of one
fill, on any surface (a window-sized one, a subsurface, one with its own alpha, one
whose rows do not start on a line, another depth), any rectangle (partly or wholly off
the surface, empty) and any clip."""

from __future__ import annotations

import pygame
from hypothesis import given, settings
from hypothesis import strategies as st

from client.kit.fill import LINE_PIXELS, fill
from tests.slow import examples


def made(width: int, height: int, alpha: bool, depth: int) -> pygame.Surface:
    surface = (pygame.Surface((width, height), pygame.SRCALPHA) if alpha
               else pygame.Surface((width, height), depth=depth))
    for x in range(0, width, 7):  # (something to fill over, which a stray pixel would show)
        surface.fill((x % 256, 40, 90, 128), (x, 0, 3, height))
    return surface


@settings(max_examples=examples(300), deadline=None)
@given(size=st.tuples(st.integers(1, 200), st.integers(1, 60)), lined=st.booleans(),
       alpha=st.booleans(),
       depth=st.sampled_from([32, 32, 24, 16]), rect=st.tuples(
           st.integers(-40, 220), st.integers(-10, 70), st.integers(-5, 240),
           st.integers(-5, 80)),
       sub=st.one_of(st.none(), st.tuples(st.integers(0, 40), st.integers(0, 20))),
       clip=st.one_of(st.none(), st.tuples(st.integers(0, 100), st.integers(0, 30),
                                           st.integers(0, 120), st.integers(0, 40))),
       color=st.tuples(st.integers(0, 255), st.integers(0, 255), st.integers(0, 255),
                       st.integers(0, 255)))
def test_a_fill_in_two_parts_is_one_fill(size: tuple[int, int], lined: bool, alpha: bool,
                                         depth: int,
                                         rect: tuple[int, int, int, int],
                                         sub: tuple[int, int] | None,
                                         clip: tuple[int, int, int, int] | None,
                                         color: tuple[int, int, int, int]) -> None:
    pictures = []
    for one in (True, False):
        dx, dy = sub or (0, 0)
        width = size[0] + dx
        if lined:  # rows that start on a 64-byte line: the two-part fill
            width = -(-width // LINE_PIXELS) * LINE_PIXELS
        whole = made(width, size[1] + dy, alpha, depth)
        surface = whole if sub is None else whole.subsurface(pygame.Rect(sub, size))
        if clip is not None:
            surface.set_clip(pygame.Rect(clip))
        if one:
            surface.fill(color, pygame.Rect(rect))
        else:
            fill(surface, color, pygame.Rect(rect))
        pictures.append(pygame.image.tobytes(whole, "RGBA"))
    assert pictures[0] == pictures[1]


def test_a_window_sized_panel_is_filled_from_a_line() -> None:
    """The case it is for: a side panel's left edge mid-line, on a 1280-wide surface."""
    surface = made(1280, 720, False, 32)
    plain = surface.copy()
    plain.fill((30, 26, 36), pygame.Rect(939, 0, 341, 720))
    fill(surface, (30, 26, 36), pygame.Rect(939, 0, 341, 720))
    assert pygame.image.tobytes(surface, "RGB") == pygame.image.tobytes(plain, "RGB")
