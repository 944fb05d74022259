"""The privacy curtain of a shared screen lifts only on purpose.

Between two people's private moments a curtain hides the screen until the next person
is ready to look. A careless hand must not lift it: the second click of a double-click
on *Done*, a key that repeats, a button still held down from the last person's moment,
or a storm of Enter and Tab would each show the next person's secrets to whoever still
sits at the screen. So the curtain lifts only on a deliberate press: one that goes down
and comes up while the curtain is shown, goes down at least ``LIFT_AFTER`` seconds after
the curtain appeared, and is made on the curtain itself (a click on its button, both
down and up, or the Space bar, which nothing else at a played table uses).

For the same reason nothing newly shown takes a press during the first ``STEADY``
seconds after the eyes change: a click meant for the last screen never lands on the
next one.

The times are the window's own seconds (``Session.screen_time``), which a test drives
frame by frame; nothing here reads a clock.
"""

from __future__ import annotations

from dataclasses import dataclass, field

LIFT_AFTER = 0.6
"""Seconds a curtain must be shown before a press on it may begin."""
STEADY = 0.6
"""Seconds after a change of eyes (or after a control takes another's place) in which
what is newly on screen takes no press."""


@dataclass
class Hands:
    """What the hands at the screen hold down, and the one press that may lift the
    curtain. Inputs are named ``"key:<code>"`` or ``"mouse:<button>"``."""

    held: set[str] = field(default_factory=set)
    """Inputs down now, wherever they went down (a key held across a handover)."""
    armed: str | None = None
    """The input that went down on the curtain on purpose and has not come up yet."""

    def down(self, source: str, now: float, shown_since: float | None,
             on_curtain: bool) -> None:
        """An input went down. A key already held (its repeats) starts no new press;
        a press begun before the curtain was up long enough never arms it."""
        if source in self.held:
            return
        self.held.add(source)
        if shown_since is not None and on_curtain and now - shown_since >= LIFT_AFTER:
            self.armed = source

    def up(self, source: str, on_curtain: bool) -> bool:
        """An input came up: whether that ends a deliberate press on the curtain."""
        self.held.discard(source)
        if self.armed != source:
            return False
        self.armed = None
        return on_curtain

    def curtain_appeared(self) -> None:
        """A new curtain: nothing pressed before it counts for it."""
        self.armed = None
