"""What the screen may draw, read out of one view (a seat's, a spectator's, or the
omniscient view of an all-bot table). Drawing looks only at this, never at the state.

Who knows which tile is public in this game (the inspection arrows), so the question
builder can reason from the view exactly as the host does.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Never

from client.kit.knowledge import TableKnowledge
from core.games.knights.shapes import (
    Answered,
    KnightsYou,
    LineUpData,
    OpenQuestion,
    RoundRecord,
    knights_view,
)

Value = int | str | None


@dataclass
class Knowledge(TableKnowledge):
    round: int
    start: int
    acting: int | None
    mode: str
    inspect_pass: int
    values: list[Value]
    """Face-up value per tile id, where this screen may know it."""
    arrows: list[list[int]]
    question: OpenQuestion | None
    log: list[Answered]
    recommended: list[bool]
    recommendations: list[int | None] | None
    captain: int | None
    captain_tile: Value
    line_up: LineUpData | None
    ready: list[bool]
    rounds: list[RoundRecord]
    totals: list[int]
    result: dict[str, Any] | None
    numbers: list[int]
    aside: int
    omniscient: bool
    witch_side: list[int]
    """The Witch side as far as this screen knows it (you hold or saw the Witch)."""
    bewitched: list[int]
    you: KnightsYou | dict[str, Never] = field(default_factory=dict)
    """This seat's own record; empty for a spectator's or the omniscient view."""

    @property
    def tiles(self) -> int:
        return len(self.values)

    @property
    def centre(self) -> list[int]:
        return list(range(self.n, self.tiles))

    def knows(self, seat: int) -> set[int]:
        """Tile ids ``seat`` has seen: its own, its arrows, the revealed captain."""
        known = {seat, *self.arrows[seat]}
        if self.captain is not None and self.captain_tile is not None:
            known.add(self.captain)
        return known

    @property
    def round_over(self) -> bool:
        return self.phase in ("review", "over")

    def last_round(self) -> RoundRecord | None:
        """The record of the round on the table (during its review or at the end)."""
        if self.round_over and self.rounds and self.rounds[-1]["round"] == self.round:
            return self.rounds[-1]
        return None


def read(raw: Mapping[str, object]) -> Knowledge:
    view = knights_view(raw)
    n = int(view["players"])
    me = view.get("seat")
    you: KnightsYou | dict[str, Never] = (view.get("you") or {}).copy()
    omniscient = "aside_values" in view
    if omniscient:
        witch_side = list(view.get("witch_side") or [])
        bewitched = list(view.get("bewitched") or [])
    else:
        witch_side = list(you.get("witch_side") or [])
        values = list(view.get("values") or [])
        bewitched = [s for s in witch_side if s < len(values) and values[s] != "witch"]
    return Knowledge(
        n=n, me=me, phase=str(view["phase"]), round=int(view.get("round") or 1),
        start=int(view.get("start") or 0), acting=view.get("acting"),
        mode=str(view.get("mode") or "basic"), inspect_pass=int(view.get("inspect_pass") or 0),
        values=list(view.get("values") or []),
        arrows=[list(a) for a in view.get("arrows") or [[] for _ in range(n)]],
        question=view.get("question"), log=list(view.get("log") or []),
        recommended=list(view.get("recommended") or [False] * n),
        recommendations=view.get("recommendations"), captain=view.get("captain"),
        captain_tile=view.get("captain_tile"), line_up=view.get("line_up"),
        ready=list(view.get("ready") or [False] * n), rounds=list(view.get("rounds") or []),
        totals=list(view.get("totals") or [0] * n), result=view.get("result"),
        numbers=list(view.get("numbers") or []), aside=int(view.get("aside") or 0),
        omniscient=omniscient, witch_side=witch_side, bewitched=bewitched, you=you,
    )


@dataclass(frozen=True)
class QuestionSpace:
    """The legal questions as the builder offers them, read from the legal actions.

    The host lists each legal (answerer, tile) pair and each legal comparison; any
    non-empty set of numbers is accepted for an "is one of" question.
    """

    answerers: list[int]
    tiles: dict[int, list[int]]
    """Per answerer: the tiles an "is one of" question may name."""
    pairs: dict[int, list[tuple[int, int]]]
    """Per answerer: the legal (tile, other) comparisons."""

    def subjects(self, answerer: int) -> list[int]:
        """Tiles a question to ``answerer`` may start from, in either form."""
        found = set(self.tiles.get(answerer, []))
        found |= {a for a, _ in self.pairs.get(answerer, [])}
        return sorted(found)

    def others(self, answerer: int, tile: int) -> list[int]:
        return sorted(b for a, b in self.pairs.get(answerer, []) if a == tile)


def question_space(legal: list[dict[str, Any]]) -> QuestionSpace:
    tiles: dict[int, set[int]] = {}
    pairs: dict[int, set[tuple[int, int]]] = {}
    for action in legal:
        if action.get("type") != "ask":
            continue
        who = int(action["answerer"])
        if action["form"] == "in":
            tiles.setdefault(who, set()).add(int(action["tile"]))
        else:
            pairs.setdefault(who, set()).add((int(action["tile"]), int(action["other"])))
    answerers = sorted(set(tiles) | set(pairs))
    return QuestionSpace(
        answerers=answerers,
        tiles={k: sorted(v) for k, v in tiles.items()},
        pairs={k: sorted(v) for k, v in pairs.items()},
    )
