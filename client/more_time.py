"""More time: the person's setting that lengthens every person's timer at the tables
they host (a single screen, or a LAN table from this window).

Only the timers in which a person thinks are lengthened, and for everyone at the table
alike. The Cheese Thief night keeps its lengths: an hour, the follower step and a
shared screen's look are the same wall time whoever is awake, and the narrator's calls
are timed to them; a night that ran longer at one table would tell nothing, but a
night's length is the one clock the rule book fixes, so it is never touched.
"""

from __future__ import annotations

from collections.abc import Mapping

from core.registry import about

PERSON_TIMERS: dict[str, tuple[str, ...]] = {
    "cheese_thief": ("discussion_seconds", "vote_seconds"),
    "choose": ("turn_seconds",),
    "knights": ("turn_seconds", "recommend_seconds", "line_up_seconds", "review_seconds"),
    "sly_knights": ("choose_seconds", "turn_seconds"),
}
"""By game: the options that are a person's time to think."""

EQUAL_FOR_ALL: dict[str, tuple[str, ...]] = {
    "cheese_thief": ("hour_seconds", "follower_seconds", "look_seconds"),
}
"""By game: the timed options never lengthened (every ``*_seconds`` option of a game is
in one list or the other: ``tests/test_access_more_time.py``)."""


def lengthen(game_id: str, players: int, options: Mapping[str, object], factor: float
             ) -> dict[str, object]:
    """``options`` with each person's timer ``factor`` times as long (its default where
    the options leave it out), kept within what the game allows."""
    out = dict(options)
    if factor <= 1.0:
        return out
    specs = {spec.name: spec for spec in about(game_id).options}
    for name in PERSON_TIMERS.get(game_id, ()):
        spec = specs.get(name)
        if spec is None or not spec.applies(players):
            continue
        base = float(out.get(name, spec.default_for(players)))  # type: ignore[arg-type]
        longer = base * factor
        if spec.maximum is not None:
            longer = min(longer, float(spec.maximum))
        out[name] = longer
    return out
