"""CPU time the bots spend in their inference, over the same games as ``bots.py --think``.

The normal Cheese Thief bot's time in ``infer.thief_weights`` (which counts the dice
with ``dice.count``), and the hard Seven Knights bot's time in ``track.Tracker._hear`` and in
``Tracker.belief`` as a whole (``_hear``, pruning, starting a round, and catching up
between beliefs with ``Tracker.hear``), in every tracker class that has its own of
those (the public and the modelled ones), every seat at the
level, at the largest table. CPU time of the deciding thread, so a busy machine does not
inflate it:

    python bench/inference.py [--games 20] [--knights-games 3]
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import core.games.cheese_thief.smart as cheese_smart  # noqa: E402
import core.games.knights.track as track  # noqa: E402
from bench.bots import think_times  # noqa: E402
from bench.counts import positive  # noqa: E402

SPENT: dict[str, float] = {}
RUNNING: set[str] = set()
"""Keys being timed now: a call within another of the same key is counted once."""


def timed(key: str, fn: Callable[..., Any]) -> Callable[..., Any]:
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        if key in RUNNING:
            return fn(*args, **kwargs)
        RUNNING.add(key)
        started = time.thread_time()
        try:
            return fn(*args, **kwargs)
        finally:
            SPENT[key] = SPENT.get(key, 0.0) + time.thread_time() - started
            RUNNING.discard(key)

    return wrapper


def trackers(cls: type) -> list[type]:
    """``cls`` and every subclass of it (the Seven Knights bots import them all)."""
    import core.games.knights.smart  # noqa: F401

    found, todo = [], [cls]
    while todo:
        found.append(todo.pop())
        todo += found[-1].__subclasses__()
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=positive, default=20, help="Cheese Thief games")
    parser.add_argument("--knights-games", type=positive, default=3, help="Seven Knights games")
    args = parser.parse_args()
    cheese_smart.thief_weights = timed("thief_weights", cheese_smart.thief_weights)
    # Every tracker class that has its own way of hearing or handing out a belief (the
    # public and the modelled ones do) is timed under the same keys.
    for cls in trackers(track.Tracker):
        for name, key in (("_hear", "_hear"), ("belief", "belief"), ("hear", "belief")):
            if name in vars(cls):
                setattr(cls, name, timed(key, vars(cls)[name]))
    for game_id, level, games, options in (
            ("cheese_thief", "normal", args.games, {}),
            ("knights", "hard", args.knights_games, {"mode": "basic"})):
        SPENT.clear()
        started = time.thread_time()
        think_times(game_id, 8, options, level, games)
        whole = time.thread_time() - started
        parts = ", ".join(f"{key} {value:.3f} s" for key, value in SPENT.items())
        print(f"{game_id} 8p {level}, {games} games: {parts}; whole games {whole:.2f} s CPU",
              flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
