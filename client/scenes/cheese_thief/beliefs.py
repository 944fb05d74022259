"""How Cheese Thief's bot beliefs read in the beliefs grid (``client.kit.beliefs``)."""

from __future__ import annotations

from client.kit.beliefs import BeliefGrid, Row, percent, short_name
from core.games.cheese_thief.shapes import CheeseSeatView


def row(belief: dict[str, list[float]], view: CheeseSeatView,
                 names: list[str]) -> Row:
    me = view["seat"]
    thief, follower = belief["thief"], belief["follower"]
    return ["—" if s == me else f"{percent(thief[s])} / {percent(follower[s])}"
            for s in range(view["players"])]


def head(view: CheeseSeatView, names: list[str]) -> Row | None:
    return [short_name(names[s]) for s in range(view["players"])]


GRID = BeliefGrid(row, head, ("beliefs.thief", "beliefs.follower"),
                  about="beliefs.about.cheese_thief")
"""For each other seat, the chance it is the Thief and a Follower."""
