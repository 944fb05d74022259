"""A whole picture copied over another of its size as memory, where a blit would write
the very same bytes.

A card table keeps its still parts in an image the size of the window and copies it
over the window at the start of every frame it draws (``scenes/still.py``), then draws
the moving parts on top. SDL copies such an image with streaming stores, which write
past the processor's cache: every label and card drawn over it next reads the window
back from memory. A plain memory copy leaves it in the cache: with twenty labels
drawn after it, a frame at 1280x720 took 0.30 ms against 0.50 ms (``python
bench/copies.py``; SDL 2.32, pygame-ce 2.5.8), and the shared-screen tests, which draw
whole games, 3% less CPU. The pixels are the same either way, the spare byte of each
too (``tests/test_kit_pixels.py``).
"""

from __future__ import annotations

import pygame


def copy_whole(surface: pygame.Surface, image: pygame.Surface) -> bool:
    """Copy ``image`` over all of ``surface`` if a blit of it at (0, 0) would only copy
    its bytes: the same size, layout and pixel format, nothing transparent about it
    (per-pixel alpha, a surface alpha, a colour key), neither a part of another
    surface (whose rows are not its own), and nothing clipped. Whether it did; where
    it did not, nothing is drawn, and the caller blits."""
    if (image.get_size() != surface.get_size() or image.get_pitch() != surface.get_pitch()
            or image.get_bitsize() != surface.get_bitsize()
            or image.get_masks() != surface.get_masks()
            or image.get_flags() & pygame.SRCALPHA or image.get_alpha() is not None
            or image.get_colorkey() is not None
            or surface.get_parent() is not None or image.get_parent() is not None
            or surface.get_clip() != surface.get_rect()):
        return False
    # (a BufferProxy is a buffer; pygame's type hints do not say so)
    target, source = surface.get_view("1"), image.get_view("1")
    with memoryview(target) as into, memoryview(source) as out_of:  # type: ignore[arg-type]
        into.cast("B")[:] = out_of.cast("B")
    del target, source  # (the two surfaces stay locked while their views live)
    return True
