"""Seven Knights Bewitched (ミュルマミウスの虜): RULES.md §3.

Tiles are named by id: ``0..n-1`` lie in front of those seats, ``n..`` are centre
slots. A tile value in views and events is a number 1-7 or ``"witch"``.

Actions (all plain maps):

- ``{"type": "inspect", "tile": T}`` — on your turn; dark mode asks twice (another
  player's tile, then a centre tile).
- ``{"type": "ask", "answerer": S, "form": "in", "tile": T, "values": [k, ...]}`` or
  ``{"type": "ask", "answerer": S, "form": "greater", "tile": T, "other": U}`` — on your
  turn, and the captain's extra question. Every named tile must be known to the
  answerer, and at least one unknown to you. ``legal_actions`` lists a finite family
  (each single number, each "at least k", odd, even, each legal comparison); any
  legal set of numbers is accepted.
- ``{"type": "answer", "answer": true|false}`` — by the player asked. A Knight is
  offered, and allowed, only the true answer.
- ``{"type": "recommend", "target": S}`` — everyone at once; revealed together.
- ``{"type": "line_up", "order": [T, ...]}`` — the captain: every table tile, leaving
  out at most one, left to right.
- ``{"type": "ready"}`` — between rounds.
- ``{"type": "note", "text": "..."}`` — your private notepad, at any time; never listed
  in ``legal_actions``, seen only in your own view.

No chat or emotes while a round runs; table talk opens between rounds.
"""

from typing import TYPE_CHECKING

from core.about import later_names

if TYPE_CHECKING:
    from core.games.knights.bot import KnightsBot
    from core.games.knights.rules import Knights

__all__ = ["Knights", "KnightsBot"]
__getattr__ = later_names(__name__, {"Knights": "rules", "KnightsBot": "bot"})
