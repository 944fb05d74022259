"""Non-interference down to the pixels: two deals that differ only in what seat p cannot
know give p the very same frames on its screen until p is shown the difference.

The message-level proofs stop at the wire; here each of p's two streams, from the same
twin deals the contract suite uses (``tests/secrecy.py``), is drawn by a real scene, one
frame per update, and the frames are compared.
"""

from __future__ import annotations

import copy

import pytest

from client.app import App
from client.settings import Settings
from tests.screen_rig import stream_frames
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
