"""The beliefs shown are the beliefs used: each game's hard bot decides from the very
object the beliefs grid draws, not from a second working-out of it.

A watched table of hard bots is played to its end at a fixed seed. Before every tick
the grid is read as the screen reads it; during every decision each object the bot's
``belief`` hands its decision is noted. Wherever a decision was made on a view the
screen showed, the object it read is the object drawn (``is``), and the grid's row is
the rendering of exactly that object.
"""

from __future__ import annotations

from typing import Any

import pytest

from client.games import client_about
from client.kit import beliefs
from client.kit.beliefs import short_name
from client.session import Session
from core.bots import shown_belief
from net.local import LocalTable

TABLES = [("cheese_thief", 6, 3), ("choose", 3, 2), ("knights", 5, 4), ("sly_knights", 2, 5)]


class Reads:
    """Wraps one bot: every belief object its decisions read, with the view's key."""

    def __init__(self, bot: Any) -> None:
        self.deciding = False
        self.read: list[tuple[str, Any]] = []
        belief, act = bot.belief, bot.act

        def spied_belief(view: dict[str, Any]) -> Any:
            out = belief(view)
            if self.deciding:
                self.read.append((repr(view), out))
            return out

        def spied_act(view: dict[str, Any], legal: list[Any]) -> Any:
            self.deciding = True
            try:
                return act(view, legal)
            finally:
                self.deciding = False

        bot.belief, bot.act = spied_belief, spied_act


@pytest.mark.parametrize("game_id,players,seed", TABLES)
def test_the_hard_bot_decides_from_the_very_belief_it_shows(
        game_id: str, players: int, seed: int) -> None:
    table = LocalTable(game_id, players, {}, seed, ["hard"] * players, bot_delay=0.3)
    names = [f"B{s}" for s in range(players)]
    session = Session.local(table, [], names)
    session.show_beliefs = True
    spies = {seat: Reads(bot) for seat, bot, _ in table.bot_views()}
    grid = client_about(game_id).scene().belief_grid
    assert grid is not None
    shown: dict[tuple[int, str], Any] = {}
    now, rows_checked = 0.0, 0
    while not table.finished and now < 5000:
        _, _, rows = beliefs.table(session)
        for (seat, belief, view), row in zip(beliefs.read(session), rows, strict=True):
            shown[(seat, repr(view))] = belief
            assert belief is shown_belief(table.bot_views()[seat][1], view)
            assert row == [short_name(names[seat]), *grid.row(belief, view, names)]
            rows_checked += 1
        now += 0.2
        table.tick(now)
    assert table.finished and rows_checked
    compared = 0
    for seat, spy in spies.items():
        for key, used in spy.read:
            if (seat, key) in shown:
                assert used is shown[(seat, key)], (game_id, seat)
                compared += 1
    assert compared > 0
