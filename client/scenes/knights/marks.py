"""The badges over each knight, from what this screen knows."""

from __future__ import annotations

from typing import TYPE_CHECKING

from client.i18n import tr
from client.kit.widgets import ACCENT, GOOD
from client.scenes.knights.knowledge import Knowledge
from client.scenes.knights.words import say

if TYPE_CHECKING:
    from client.scenes.knights.scene import KnightsScene

Color = tuple[int, int, int]
PURPLE: Color = (200, 150, 240)
ACTING = {"inspect": "mark.turn", "answer": "mark.answering",
          "command_answer": "mark.answering", "line_up": "mark.arranging"}
"""The badge of the knight the table waits for, by phase (asking otherwise)."""


def marks(scene: KnightsScene, k: Knowledge, seat: int) -> list[tuple[str, Color]]:
    """The badges over one knight: captain, side as far as this screen knows, turn, chips."""
    out: list[tuple[str, Color]] = []
    if seat in scene.away():
        out.append((tr("lobby.disconnected"), (170, 170, 170)))
    if k.captain == seat:
        out.append((say("mark.captain"), (255, 214, 90)))
    record = scene.settled(k)
    witch_side = list(record["witch_side"]) if record else k.witch_side
    bewitched = list(record["bewitched"]) if record else k.bewitched
    if k.values[seat] == "witch" and (record is not None or not k.round_over):
        out.append((say("witch"), PURPLE))
    elif seat in bewitched:
        out.append((say("mark.bewitched"), PURPLE))
    elif seat in witch_side:
        out.append((say("mark.witch_side"), PURPLE))
    if k.acting == seat and not k.round_over:
        key = ACTING.get(k.phase, "mark.asking")
        out.append((say(key), ACCENT))
    if k.phase == "recommend" and k.recommended[seat]:
        out.append((say("mark.recommended"), GOOD))
    if k.recommendations is not None and not k.round_over:
        votes = k.recommendations.count(seat)
        if votes:
            out.append((say("mark.votes", n=votes), ACCENT))
    if k.phase == "review" and k.ready[seat]:
        out.append((say("mark.ready"), GOOD))
    if k.start == seat and k.phase == "inspect":
        out.append((say("mark.start"), (200, 200, 200)))
    return out
