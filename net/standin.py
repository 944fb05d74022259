"""What a stand-in bot does in a person's seat is said to be the stand-in's.

A bot plays a person's seat after they dropped (``net.delivery``). Without a mark,
everyone reads its table talk and its "ready" as the person's own, and the person,
back in the seat, cannot tell what was said in their name. So the table marks the
events of a stand-in's actions with ``stand_in``, and they reach every screen marked,
through the one outbound filter like any other event.

Only events that already name the acting seat (``seat``), or go to that seat alone,
are marked: the mark then tells an audience no more than the event itself and the
lobby (which says publicly whose seat a bot plays) already do. An event about the
action that does not name its actor, to others, stays as it was.
"""

from __future__ import annotations

from core.game import Event, Seat

STAND_IN = "stand_in"
"""The field of a marked event, and the ``by`` of a logged action a stand-in took."""


def mark(events: list[Event], seat: Seat) -> list[Event]:
    """``events`` of one action of the stand-in at ``seat``, the ones that may say so
    marked (new events: the game's own objects are left as they were)."""
    alone = frozenset((seat,))
    return [Event({**event.data, STAND_IN: True}, event.audience)
            if event.data.get("seat") == seat or event.audience == alone else event
            for event in events]
