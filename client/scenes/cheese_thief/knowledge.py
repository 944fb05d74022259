"""What the screen may draw, read out of one view (a seat's, a spectator's, or the
omniscient view of an all-bot table). The drawing code looks only at this."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Never

from client.kit.knowledge import TableKnowledge
from core.games.cheese_thief.shapes import CheeseYou, PeekRecord, cheese_view
from core.games.cheese_thief.state import dice_per_seat


@dataclass
class Knowledge(TableKnowledge):
    hour: int
    roles: list[str | None]
    """Face-up role per seat, when this screen may know it."""
    dice: list[list[int | None]]
    """Known die values per seat (None: under the cup)."""
    awake: list[bool]
    thief: int | None
    followers: list[int]
    cheese_at: int | None
    """Seat holding the stolen cheese, when this screen knows it."""
    cheese_on_table: bool
    ready: list[bool]
    voted: list[bool]
    votes: list[int | None] | None
    top: list[int]
    side: str | None
    omniscient: bool
    you: CheeseYou | dict[str, Never] = field(default_factory=dict)
    """This seat's own record; empty for a spectator's or the omniscient view."""
    peeks: list[PeekRecord] = field(default_factory=list)


def read(raw: Mapping[str, object]) -> Knowledge:
    view = cheese_view(raw)
    n = int(view["players"])
    phase = str(view["phase"])
    hour = int(view.get("hour") or 0)
    me = view.get("seat")
    per = dice_per_seat(n)
    roles: list[str | None] = list(view.get("revealed") or [None] * n)
    dice: list[list[int | None]] = [[None] * per for _ in range(n)]
    awake = [False] * n
    omniscient = "roles" in view
    you: CheeseYou | dict[str, Never] = (view.get("you") or {}).copy()
    thief = view.get("thief")
    followers = list(view.get("followers") or [])
    cheese_at: int | None = None
    gone = phase not in ("choose_die", "night")
    if omniscient:
        roles = list(view["roles"])
        dice = [list(d) for d in view["dice"]]
        thief = roles.index("thief") if "thief" in roles else None
        if phase == "night":
            awake = [hour in w for w in view["wake_hours"]]
        if view.get("cheese_taken"):
            cheese_at, gone = thief, True
    elif me is not None:
        roles[me] = you.get("role")
        dice[me] = list(you.get("dice") or dice[me])
        for peek in view.get("peeks") or []:
            target, die = int(peek["target"]), int(peek.get("die", 0))
            dice[target][die] = int(peek["value"])
        nights = view.get("nights") or []
        for record in nights:
            if record.get("cheese") in ("taken", "gone"):
                gone = True
        if phase == "night" and you.get("awake") and nights and nights[-1]["hour"] == hour:
            for s in nights[-1]["awake"]:
                awake[s] = True
        if gone and thief is not None:
            cheese_at = thief
        if you.get("role") == "thief" and any(r.get("cheese") == "taken" for r in nights):
            cheese_at, gone = me, True
    if phase == "over" and view.get("votes") is not None:
        result = view.get("result") or {}
        if thief is None:
            revealed = list(view.get("revealed") or [])
            thief = revealed.index("thief") if "thief" in revealed else None
        cheese_at = thief if cheese_at is None else cheese_at
        top, side = list(result.get("top") or []), result.get("side")
    else:
        top, side = [], None
    on_plate = not gone
    if not omniscient and phase == "choose_die":
        on_plate = False
    if not omniscient and phase == "night":
        # In the dark the plate shows only to eyes open this hour that see the cheese
        # there: the shared screen, and anyone asleep, must not show a cheese that may
        # be gone (nor, by hiding it, tell that it is).
        seen = view.get("nights") or []
        now = seen[-1] if me is not None and seen else None
        on_plate = bool(you.get("awake")) and now is not None and now["hour"] == hour \
            and now["cheese"] == "present"
    return Knowledge(
        n=n, me=me, phase=phase, hour=hour, roles=roles, dice=dice, awake=awake,
        thief=thief, followers=followers, cheese_at=cheese_at, cheese_on_table=on_plate,
        ready=list(view.get("ready") or [False] * n), voted=list(view.get("voted") or [False] * n),
        votes=view.get("votes"), top=top, side=side, omniscient=omniscient, you=you,
        peeks=list(view.get("peeks") or []),
    )
