""""Sort by what I know" puts each known number at its place among the table's numbers,
the Witch (if known) in the box, and the unknown tiles in the places left: a 4 of 1-5 is
fourth, never first in front of tiles nobody has seen (issue 30)."""

from __future__ import annotations

from typing import Any

from client.scenes.knights.builder import LineUp, known_order
from core.registry import GAMES
from tests import client_rig as rig

NUMBERS = [1, 2, 3, 4, 5]


def test_a_known_four_goes_fourth() -> None:
    values: list[Any] = [4, None, None, None, None, None]
    row, out = known_order([0, 1, 2, 3, 4, 5], values, NUMBERS)
    assert out is None and sorted(row) == [0, 1, 2, 3, 4, 5]
    assert row.index(0) == 3


def test_known_numbers_keep_their_places_and_the_known_witch_is_left_out() -> None:
    values: list[Any] = [None, 2, "witch", 5, None, 1]
    row, out = known_order([5, 1, 3, 0, 2, 4], values, NUMBERS)
    assert out == 2 and len(row) == 5
    assert row.index(5) == 0 and row.index(1) == 1 and row.index(3) == 4
    assert [t for t in row if values[t] is None] == [0, 4], "unknowns in their given order"


def test_everything_known_is_ascending() -> None:
    values: list[Any] = [3, 1, "witch", 5, 2, 4]
    row, out = known_order(list(range(6)), values, NUMBERS)
    assert out == 2 and [values[t] for t in row] == NUMBERS


def test_the_captains_tray_opens_sorted_by_what_the_captain_knows() -> None:
    game = GAMES["knights"]
    state, seat, _ = rig.reach(game, 5, lambda s, p, e: any(
        a["type"] == "line_up" for a in game.legal_actions(s, p)))
    view = game.view(state, seat)
    from client.scenes.knights.knowledge import read

    k = read(view)
    line = LineUp()
    order = game.legal_actions(state, seat)[0]["order"]
    line.arrange(list(order), k.values, k.numbers, k.round)
    assert line.tiles == set(order)
    for tile in line.row:
        value = k.values[tile]
        if isinstance(value, int):
            assert abs(line.row.index(tile) - k.numbers.index(value)) <= 1
