"""Non-interference down to the pixels: two deals that differ only in what seat p cannot
know give p the very same frames on its screen until p is shown the difference.

The message-level proofs stop at the wire; here each of p's two streams, from the same
twin deals the contract suite uses (``tests/secrecy.py``), is drawn by a real scene, one
frame per update, and the frames are compared.
"""

from __future__ import annotations

import copy

import pygame
import pytest

from client.app import App
from client.settings import Settings
from tests.screen_rig import same_pixels, stream_frames
from tests.secrecy import CONSTRUCTIONS, twin_updates

MOST = 40
"""Updates drawn per stream: enough for a night, a few turns or a round's questions."""


@pytest.fixture(scope="module")
def app() -> App:
    return App(Settings(bot_delay=0.0), headless=True, size=(1024, 600))


@pytest.mark.parametrize("game_id", sorted(CONSTRUCTIONS))
def test_p_is_drawn_the_same_frames_for_deals_it_cannot_tell_apart(app: App,
                                                                   game_id: str) -> None:
    checked = 0
    for seed in range(12):
        twins = CONSTRUCTIONS[game_id][0](seed)
        if twins is None:
            continue
        p = twins.p
        first, second = twin_updates(game_id, copy.deepcopy(twins))
        if len(first) < 8:
            continue
        frames_one = stream_frames(app, game_id, p, first[:MOST])
        frames_two = stream_frames(app, game_id, p, second[:MOST])
        assert frames_one == frames_two, f"{game_id} seed {seed}: seat {p}'s screen differs"
        assert len(set(frames_one)) > 2, "the screen changed as the game went on"
        checked += 1
        if checked == 2:
            return
    pytest.fail(f"{game_id}: the construction applied to only {checked} deals")


def test_pictures_compare_by_colour_whatever_their_spare_byte() -> None:
    """The comparison the shared-screen tests make: a spare byte set differently is the
    same picture, one pixel of another colour is not."""
    one, other = pygame.Surface((40, 30)), pygame.Surface((40, 30))
    one.fill((90, 60, 30))
    other.fill((90, 60, 30))
    assert one.get_bitsize() == 32 and one.get_masks()[3] == 0
    raw = bytearray(other.get_buffer().raw)
    used = one.get_masks()[0] | one.get_masks()[1] | one.get_masks()[2]
    byte = next(i for i in range(4) if not (used >> (8 * i)) & 0xFF)  # (little-endian)
    for at in range(byte, len(raw), 4):
        raw[at] = 0xAB
    other.get_buffer().write(bytes(raw), 0)
    assert one.get_buffer().raw != other.get_buffer().raw
    assert same_pixels(one, other)
    other.set_at((7, 5), (90, 60, 31))
    assert not same_pixels(one, other)
