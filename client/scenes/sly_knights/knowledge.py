"""What the Sly Knight Robbery screen may draw, read out of one view (a seat's, a
spectator's, or the omniscient view of an all-bot table)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from client.kit.knowledge import TableKnowledge
from core.games.sly_knights.shapes import CapturedCard, PlayData, SlyYou, sly_view
from core.games.sly_knights.state import PIG_AND_PIG, worth
from core.options import OptionValue

__all__ = ["PIG_AND_PIG", "Knowledge", "ScoreCard", "read", "worth"]


@dataclass
class ScoreCard:
    index: int
    owner: int
    value: int
    total: int
    plays: list[PlayData]
    last: int | None


@dataclass
class Knowledge(TableKnowledge):
    round: int
    turn: int | None
    start_player: int | None
    chosen: list[bool]
    score_cards: list[ScoreCard]
    hand: list[int]
    """This seat's hand; empty for a spectator."""
    hands: list[list[int] | None]
    """Per seat, its hand where this screen may know it."""
    hand_sizes: list[int]
    pile_sizes: list[int]
    spare_drawn: list[bool]
    pigs: list[int]
    captured: list[list[CapturedCard]]
    penalty_counts: list[int]
    penalties: list[list[int] | None]
    """Per seat, penalty cards where known (your own; everyone's at the end)."""
    my_chosen: list[int] | None
    result: dict[str, Any] | None
    omniscient: bool
    options: dict[str, OptionValue] = field(default_factory=dict)

    @property
    def winners(self) -> list[int]:
        return list((self.result or {}).get("winners") or [])

    def taken(self, seat: int) -> int:
        return sum(int(c["value"]) for c in self.captured[seat])

    def pig_on(self, seat: int) -> int:
        """Pigs this seat has lying on score cards this round (not yet back home)."""
        return sum(1 for sc in self.score_cards for p in sc.plays if p["pig"] and p["seat"] == seat)


NO_YOU: SlyYou = {"hand": [], "chosen": None, "spare_drawn": False, "penalties": [], "pigs": 0}
"""What a view without a seat of its own tells of "you": nothing."""


def read(raw: Mapping[str, object]) -> Knowledge:
    view = sly_view(raw)
    n = int(view["players"])
    me = view.get("seat")
    you = view.get("you") or NO_YOU
    omniscient = "hands" in view
    hands: list[list[int] | None] = [None] * n
    penalties: list[list[int] | None] = [None] * n
    if omniscient:
        hands = [list(h) for h in view["hands"]]
        penalties = [list(p) for p in view["penalties"] or []]
    elif me is not None:
        hands[me] = list(you["hand"])
        penalties[me] = list(you["penalties"])
    shown = view.get("penalties")
    if shown is not None:
        penalties = [list(p) for p in shown]
    score_cards = [
        ScoreCard(i, int(sc["owner"]), int(sc["value"]), int(sc["total"]),
                  [p.copy() for p in sc["plays"]], sc.get("last"))
        for i, sc in enumerate(view.get("score_cards") or [])
    ]
    return Knowledge(
        n=n, me=me, phase=str(view["phase"]), round=int(view.get("round") or 0),
        turn=view.get("turn"), start_player=view.get("start_player"),
        chosen=list(view.get("chosen") or [False] * n), score_cards=score_cards,
        hand=list(you["hand"]) if me is not None else [], hands=hands,
        hand_sizes=list(view.get("hand_sizes") or [0] * n),
        pile_sizes=list(view.get("pile_sizes") or [0] * n),
        spare_drawn=list(view.get("spare_drawn") or [False] * n),
        pigs=list(view.get("pigs") or [0] * n),
        captured=[list(c) for c in view.get("captured") or [[] for _ in range(n)]],
        penalty_counts=list(view.get("penalty_counts") or [0] * n), penalties=penalties,
        my_chosen=you["chosen"], result=view.get("result"), omniscient=omniscient,
        options=dict(view.get("options") or {}),
    )
