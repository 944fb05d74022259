"""How many curtains a shared screen shows in a whole game, per game at its usual sizes.

``python bench/curtains.py [--seeds N] [--game G]``

Each table is played to its end through ``client.session.Session`` (the shared screen's
own rule for who looks when) on an in-process table: people and ``simple`` bots (which
wait ``--bot-delay`` seconds, as at a real table, before they act), every
curtain lifted at once, each person making a random private choice when they have one
and closing their eyes as soon as their look's minimum allows. Prints, per game, table
size and number of people, the curtains per game (mean, min, max over the seeds) and the
seconds of looks the people must sit through (each look's fixed minimum).

To compare with an older tree, run it from this one with that tree first on the path:
``PYTHONPATH=OLD python bench/curtains.py`` (a tree on ``PYTHONPATH`` comes before this one).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from dataclasses import dataclass
from pathlib import Path

# bench/ itself off the path (its net.py would hide the net package), the tree's root at
# its end, so that a tree on PYTHONPATH comes first
if sys.path and Path(sys.path[0]).resolve() == Path(__file__).resolve().parent:
    del sys.path[0]
sys.path.append(str(Path(__file__).resolve().parent.parent))

from bench.counts import positive  # noqa: E402
from client.kit.hold import CONTINUE, here_waiting  # noqa: E402
from client.session import PUBLIC, Session  # noqa: E402
from net.local import LocalTable  # noqa: E402

STEP = 1 / 30
SIZES = {
    # game: (players, people) at its usual sizes
    "cheese_thief": [(5, 2), (5, 3), (6, 3)],
    "choose": [(3, 2), (4, 3)],
    "knights": [(4, 2), (5, 3)],
    "sly_knights": [(3, 2), (3, 3)],
}


@dataclass
class Count:
    curtains: int = 0
    looks: int = 0
    look_seconds: float = 0.0
    finished: bool = False


def count(game: str, players: int, people: int, seed: int, bot_delay: float = 0.6,
          steps: int = 60_000) -> Count:
    """Plays one table to its end; counts the curtains and the looks."""
    kinds = ["human"] * people + ["simple"] * (players - people)
    table = LocalTable(game, players, {}, seed, kinds, bot_delay=bot_delay)
    session = Session.local(table, list(range(people)), [f"P{s}" for s in range(players)])
    rng = random.Random(seed)
    out, behind = Count(), False
    for _ in range(steps):
        session.advance(STEP)
        if (session.feeds[None].view or {}).get("result") is not None:
            out.finished = True
            return out
        if session.privacy_for is not None:
            out.curtains += not behind
            behind = True
            session.reveal()
            out.looks += 1
            out.look_seconds += session.look_left
            continue
        behind = False
        if session.shown != PUBLIC:
            feed = session.feed
            if feed.pending:
                continue
            private = [a for a in feed.legal if a.get("type") != "ready"]
            if private:
                feed.send(rng.choice(private))
            else:
                session.moment_done()
        elif getattr(session, "ballot", None) is not None:  # (older trees have no ballots)
            if not session.feed.pending:
                session.feed.send(rng.choice(session.feed.legal))
        else:
            for seat, action in session.public_actions():
                session.feeds[seat].send(action)
            for seat in here_waiting(session):  # a round's summary, read together
                if not session.feeds[seat].pending:
                    session.feeds[seat].send(dict(CONTINUE))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=positive, default=5)
    parser.add_argument("--game", default=None)
    parser.add_argument("--bot-delay", type=float, default=0.6,
                        help="seconds a bot waits before it acts (the settings' default)")
    args = parser.parse_args()
    print(f"{'game':<14}{'players':>8}{'people':>7}{'curtains':>10}{'min':>5}{'max':>5}"
          f"{'look s':>8}")
    for game, sizes in SIZES.items():
        if args.game and game != args.game:
            continue
        for players, people in sizes:
            runs = [count(game, players, people, seed, args.bot_delay)
                    for seed in range(1, args.seeds + 1)]
            assert all(r.finished for r in runs), f"{game} {players}/{people} did not finish"
            curtains = [r.curtains for r in runs]
            print(f"{game:<14}{players:>8}{people:>7}{statistics.mean(curtains):>10.1f}"
                  f"{min(curtains):>5}{max(curtains):>5}"
                  f"{statistics.mean(r.look_seconds for r in runs):>8.1f}")


if __name__ == "__main__":
    main()
