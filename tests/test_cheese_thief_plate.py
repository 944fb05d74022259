"""The cheese on the plate at night shows only to eyes open this hour that see it
there: the shared screen and anyone asleep see no cheese at all until morning, so the
screen never shows a cheese that is gone, nor tells by hiding it that it is."""

from __future__ import annotations

import random

import pytest

from client.scenes.cheese_thief.knowledge import read
from core.play import advance
from core.registry import GAMES

GAME = GAMES["cheese_thief"]


@pytest.mark.parametrize(("n", "seed"), [(4, 1), (5, 2), (7, 3)])
def test_the_plate_at_night(n: int, seed: int) -> None:
    state, _ = GAME.new_game(n, {}, seed)
    pick = random.Random(seed)
    nights = 0
    while GAME.outcome(state) is None:
        if state.phase in ("choose_die", "night"):
            nights += 1
            assert not read(GAME.view(state, None)).cheese_on_table
            for seat in range(n):
                view = GAME.view(state, seat)
                now = (view.get("nights") or [{}])[-1]
                sees = bool(view["you"].get("awake")) and now.get("hour") == state.hour \
                    and now.get("cheese") == "present"
                assert read(view).cheese_on_table == sees
        advance(GAME, state, lambda seat, legal: GAME.apply(state, seat, pick.choice(legal)))
    assert nights
    assert not read(GAME.view(state, None)).cheese_on_table  # morning: it is gone
