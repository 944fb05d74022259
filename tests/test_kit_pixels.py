"""``client.kit.pixels.copy_whole``: where it copies, the window holds the very bytes a
blit would have left, the spare byte of each pixel too; where a blit would do more than
copy bytes (or the rows are not the surface's own, or a clip limits it), it declines
and changes nothing."""

from __future__ import annotations

import pygame
import pytest

from client.kit.pixels import copy_whole

SIZE = (64, 24)


def pictured(size: tuple[int, int] = SIZE, flags: int = 0, depth: int = 32) -> pygame.Surface:
    """A surface with stripes of colour, and bytes written among them at a stride of
    seven, so that every byte of a pixel is set somewhere (the spare one of a picture
    without alpha too, which a blit copies as it is)."""
    surface = pygame.Surface(size, flags, depth)
    for x in range(0, size[0], 5):
        surface.fill((x * 3 % 256, 40, 200 - x, 77), (x, 0, 3, size[1]))
    raw = bytearray(surface.get_buffer().raw)
    raw[3::7] = bytes([0x5A]) * len(raw[3::7])
    surface.get_buffer().write(bytes(raw), 0)
    return surface


def blank(size: tuple[int, int] = SIZE) -> pygame.Surface:
    surface = pygame.Surface(size)
    surface.fill((1, 2, 3))
    return surface


def test_a_whole_copy_leaves_the_bytes_a_blit_leaves() -> None:
    image = pictured()
    blitted, copied = blank(), blank()
    blitted.blit(image, (0, 0))
    assert copy_whole(copied, image)
    assert copied.get_buffer().raw == blitted.get_buffer().raw == image.get_buffer().raw


def test_onto_a_window_too() -> None:
    pygame.display.init()
    try:
        window = pygame.display.set_mode(SIZE)
        image = pygame.Surface(SIZE)  # (the window's own format, as a table's still image)
        image.blit(pictured(), (0, 0))
        assert copy_whole(window, image)
        assert window.get_buffer().raw == image.get_buffer().raw
        assert not window.get_locked() and not image.get_locked()
    finally:
        pygame.display.quit()


def _transparent(image: pygame.Surface) -> pygame.Surface:
    image.set_alpha(128)
    return image


def _keyed(image: pygame.Surface) -> pygame.Surface:
    image.set_colorkey((0, 40, 200))
    return image


@pytest.mark.parametrize(("why", "image"), [
    ("another size", lambda: pictured((SIZE[0] - 1, SIZE[1]))),
    ("per-pixel alpha", lambda: pictured(flags=pygame.SRCALPHA)),
    ("a surface alpha", lambda: _transparent(pictured())),
    ("a colour key", lambda: _keyed(pictured())),
    ("another depth", lambda: pictured(depth=24)),
    ("a part of another", lambda: pictured((SIZE[0] + 8, SIZE[1])).subsurface(
        pygame.Rect((4, 0), SIZE))),
])
def test_it_declines_an_image_a_blit_would_not_just_copy(why: str, image: object) -> None:
    made = image()  # type: ignore[operator]
    target = blank()
    before = target.get_buffer().raw
    assert not copy_whole(target, made), why
    assert target.get_buffer().raw == before


def test_it_declines_a_clipped_surface_or_a_part_of_one() -> None:
    clipped = blank()
    clipped.set_clip(pygame.Rect(0, 0, 10, 10))
    assert not copy_whole(clipped, pictured())
    whole = blank((SIZE[0] + 8, SIZE[1]))
    assert not copy_whole(whole.subsurface(pygame.Rect((4, 0), SIZE)), pictured())
