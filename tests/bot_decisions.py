"""Every decision bots make at a few fixed tables, boiled down to one digest per table.

The digests in ``tests/data/bot_decisions.json`` were recorded from the bots as they
decided before their inference was made faster; the test compares against them, so a
faster bot that decides differently, even once, fails. Re-record only on purpose, when
a bot's play is meant to change:

    python -m tests.bot_decisions
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path
from typing import Any

from core.bots import Bot
from core.play import play, seat_bots
from core.registry import GAMES

FIXTURE = Path(__file__).resolve().parent / "data" / "bot_decisions.json"

TABLES: list[tuple[str, int, dict[str, Any], tuple[str, ...], int]] = [
    ("cheese_thief", 8, {}, ("normal",), 1),
    ("cheese_thief", 8, {}, ("hard",), 2),
    ("cheese_thief", 8, {"fall_mouse": True}, ("hard", "normal", "easy", "simple"), 3),
    ("cheese_thief", 8, {"tie_favours_thief": True}, ("hard",), 12),
    ("cheese_thief", 8, {}, ("normal",), 14),
    ("cheese_thief", 6, {"fall_mouse": True}, ("normal", "hard"), 13),
    ("cheese_thief", 7, {}, ("normal", "hard"), 8),
    ("cheese_thief", 5, {}, ("hard", "normal"), 4),
    ("cheese_thief", 4, {}, ("hard", "normal", "easy"), 5),
    ("knights", 8, {"mode": "basic"}, ("normal", "hard", "easy", "simple"), 2),
    ("knights", 6, {"mode": "basic"}, ("hard",), 1),
    ("knights", 4, {"mode": "dark"}, ("hard", "normal"), 3),
    ("knights", 5, {"mode": "advanced"}, ("hard", "normal", "easy"), 4),
    ("knights", 5, {"mode": "coop"}, ("hard", "normal"), 5),
    ("knights", 7, {"mode": "advanced"}, ("hard", "easy"), 9),
    ("choose", 5, {}, ("hard", "normal", "easy", "simple", "random"), 6),
    ("sly_knights", 4, {}, ("hard", "normal", "easy", "simple"), 7),
    ("knights", 8, {"mode": "basic"}, ("hard",), 21),
    ("sly_knights", 4, {"pig_and_pig": True}, ("hard", "normal"), 22),
    ("sly_knights", 4, {}, ("hard",), 23),
]
"""(game, players, options, levels seated in turn, seed)."""


class Recorded(Bot):
    """Passes the decision through and writes it down, with what it was chosen from."""

    def __init__(self, inner: Bot, out: list[Any]) -> None:
        super().__init__(inner.seat, 0)
        self.inner, self.out = inner, out

    def act(self, view: dict[str, Any], legal: list[dict[str, Any]]) -> dict[str, Any]:
        action = self.inner.act(view, legal)
        self.out.append([self.seat, action, len(legal)])
        return action


def key(game_id: str, players: int, options: dict[str, Any], levels: tuple[str, ...],
        seed: int) -> str:
    return f"{game_id} {players}p {json.dumps(options, sort_keys=True)} {'/'.join(levels)} {seed}"


def digest(game_id: str, players: int, options: dict[str, Any], levels: tuple[str, ...],
           seed: int) -> str:
    """One table's every decision, and how the game ended, as a short hash."""
    seated = [levels[s % len(levels)] for s in range(players)]
    out: list[Any] = []
    bots = [Recorded(bot, out) for bot in seat_bots(game_id, seated, seed)]
    record = play(GAMES[game_id], players, options, seed, bots)
    assert record.error is None, record.error
    assert record.outcome is not None
    out.append([list(record.outcome.winners), list(record.outcome.scores)])
    text = json.dumps(out, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def main() -> int:
    recorded = {key(*table): digest(*table) for table in TABLES}
    FIXTURE.write_text(json.dumps(recorded, indent=1, sort_keys=True) + "\n")
    print(f"recorded {len(recorded)} tables in {FIXTURE}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
