"""What the Choose! screen may draw, read out of one view (a seat's, a spectator's, or
the omniscient view of an all-bot table). The drawing code looks only at this."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from client.kit.knowledge import TableKnowledge
from core.games.choose.shapes import HandCard, RoundRecord, choose_view
from core.games.choose.state import MICE, WISDOM

__all__ = ["MICE", "WISDOM", "Knowledge", "Mouse", "read"]


@dataclass
class Mouse:
    stack: int
    stolen: int
    nested: bool
    placed_by: int
    top: str | None
    """The top card's identity, when this screen may know it."""
    under: list[str | None]
    """What lies under the top, bottom first, where known (steal reveals, all-seeing view)."""
    seen: bool
    """Known to this seat without having put it down: a camera or robo look."""


@dataclass
class Knowledge(TableKnowledge):
    round: int
    rounds: int
    turn: int | None
    turns_taken: int
    kitchens: list[list[Mouse]]
    hand: list[HandCard]
    """This seat's hand ({card, kind}); empty for a spectator."""
    hands: list[list[str | None]]
    """Per seat, the kinds of its cards where known (None: a card back)."""
    totals: list[int]
    round_scores: list[list[int]]
    last_round: RoundRecord | None
    winners: list[int]
    omniscient: bool
    discard_size: int = 0
    stacks: dict[int, Mouse] = field(default_factory=dict)

    def owner_of(self, stack: int) -> int | None:
        for seat, kitchen in enumerate(self.kitchens):
            if any(m.stack == stack for m in kitchen):
                return seat
        return None


def read(raw_view: Mapping[str, object], revealed: dict[int, list[str]] | None = None) -> Knowledge:
    """``revealed``: per stack, the identities steals have shown, oldest first."""
    view = choose_view(raw_view)
    n = int(view["players"])
    me = view.get("seat")
    omniscient = "hands" in view
    revealed = revealed or {}
    kitchens: list[list[Mouse]] = []
    stacks: dict[int, Mouse] = {}
    for kitchen in view.get("kitchens") or [[] for _ in range(n)]:
        mice = []
        for raw in kitchen:
            sid, stolen = int(raw["stack"]), int(raw["stolen"])
            if "under" in raw:
                under: list[str | None] = list(raw["under"])
            else:
                shown = revealed.get(sid, [])[-stolen:] if stolen else []
                under = [None] * (stolen - len(shown)) + list(shown)
            placed_by = int(raw["placed_by"])
            top = raw.get("top")
            mouse = Mouse(sid, stolen, raw.get("nest") is not None, placed_by, top, under,
                          seen=top is not None and not omniscient and placed_by != me
                          and view.get("phase") != "over")
            mice.append(mouse)
            stacks[sid] = mouse
        kitchens.append(mice)
    sizes = list(view.get("hand_sizes") or [0] * n)
    hand = list(view.get("hand") or [])
    if omniscient:
        hands: list[list[str | None]] = [[c["kind"] for c in h] for h in view["hands"]]
    else:
        hands = [[None] * sizes[s] for s in range(n)]
        if me is not None:
            hands[me] = [c["kind"] for c in hand]
    result = view.get("result") or {}
    return Knowledge(
        n=n, me=me, phase=str(view["phase"]), round=int(view.get("round") or 0),
        rounds=int(view.get("rounds") or n), turn=view.get("turn"),
        turns_taken=int(view.get("turns_taken") or 0), kitchens=kitchens, hand=hand,
        hands=hands, totals=list(view.get("totals") or [0] * n),
        round_scores=[list(r) for r in view.get("round_scores") or []],
        last_round=view.get("last_round"), winners=list(result.get("winners") or []),
        omniscient=omniscient, discard_size=int(view.get("discard_size") or 0), stacks=stacks,
    )
