"""Choose!: what a card on the table, and a card's id, say.

Non-interference (twin deals: hidden mice trading places, the undealt mice trading
kinds) is proved by the shared harness, ``tests/secrecy.py``, with replay and msgpack in
the contract suite (``tests/test_game_contract.py``).
"""

from __future__ import annotations

from core.games.choose.rules import Choose
from core.play import seat_bots
from core.registry import GAMES

GAME: Choose = GAMES["choose"]  # type: ignore[assignment]


# -- what a card id says ------------------------------------------------------------------


def test_no_card_on_the_table_is_named_by_id_except_face_up_nests() -> None:
    state, _ = GAME.new_game(4, {}, 5)
    bots = seat_bots("choose", ["random"] * 4, 5)
    for _ in range(30):  # round 1 has 36 turns
        seat = state.turn
        legal = GAME.legal_actions(state, seat)
        GAME.apply(state, seat, bots[seat].act(GAME.view(state, seat), legal))
        for viewer in [*range(4), None]:
            for kitchen in GAME.view(state, viewer)["kitchens"]:
                for mouse in kitchen:
                    assert set(mouse) == {"stack", "stolen", "nest", "placed_by", "top"}
                    assert mouse["nest"] is None or state.kinds[mouse["nest"]] == "nest"


def test_card_ids_say_nothing_about_identity() -> None:
    kinds_of_card_0 = set()
    for seed in range(30):
        state, _ = GAME.new_game(2, {}, seed)
        kinds_of_card_0.add(state.kinds[0])
        first_round = list(state.kinds)
        while state.round == 1:
            GAME.expire(state)
        assert state.kinds != first_round  # ids are dealt afresh every round
    assert len(kinds_of_card_0) >= 4
