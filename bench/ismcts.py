"""The search bot (level ``ismcts``) measured: CPU time per decision at its default
budget, and its wins against random play, per game at the smallest and largest table.

One seat is the search bot, the others play uniformly at random; the seat rotates over
the games and every deal is seeded, so a run repeats exactly. The random bot's wins
from the same seats and deals are the baseline. Time is the deciding thread's CPU
time, so a busy machine does not inflate it, and counts only decisions with a choice
(a single legal action is taken without searching):

    python bench/ismcts.py [--games 20] [--simulations 48] [--game knights] [--cpu-ms 50]

``--cpu-ms`` bounds each decision by CPU time instead (``cpu_budget``: the bot's
``budget`` hook, which a layer with a clock may hand it; the core has none).
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.counts import positive  # noqa: E402
from core.bots import Bot  # noqa: E402
from core.game import Action  # noqa: E402
from core.ismcts import SIMULATIONS, Budget, IsmctsBot  # noqa: E402
from core.play import advance, seat_bots  # noqa: E402
from core.registry import GAMES, get_game  # noqa: E402
from core.rng import derive_seed  # noqa: E402


def cpu_budget(ms: float) -> Budget:
    """A search budget of ``ms`` milliseconds of this process's CPU time per decision."""

    def start() -> Callable[[], bool]:
        end = time.process_time() + ms / 1000

        def spent() -> bool:
            return time.process_time() >= end

        return spent

    return start


class Timed:
    """One game: plays it, timing the search seat's decisions that had a choice."""

    def __init__(self, game_id: str, players: int, seed: int, me: int, bots: list[Bot]) -> None:
        self.game = get_game(game_id)
        self.state, _ = self.game.new_game(players, {}, seed)
        self.me, self.bots = me, bots
        self.spent, self.decisions = 0.0, 0

    def act(self, seat: int, legal: list[Action]) -> None:
        view = self.game.view(self.state, seat)
        started = time.thread_time()
        action = self.bots[seat].act(view, legal)
        if seat == self.me and isinstance(self.bots[seat], IsmctsBot) and len(legal) > 1:
            self.spent += time.thread_time() - started
            self.decisions += 1
        self.game.apply(self.state, seat, action)

    def won(self) -> float:
        """The search seat's share of the win."""
        while self.game.outcome(self.state) is None:
            advance(self.game, self.state, self.act)
        outcome = self.game.outcome(self.state)
        assert outcome is not None
        return 1 / len(outcome.winners) if self.me in outcome.winners else 0.0


def run(game_id: str, players: int, games: int, simulations: int,
        budget: Budget | None = None) -> tuple[float, float, float, int]:
    """(search wins, random wins, ms per decision, decisions) over ``games`` deals."""
    wins = {"ismcts": 0.0, "random": 0.0}
    spent, decisions = 0.0, 0
    for index in range(games):
        seed = derive_seed(2026, index)
        me = index % players
        for level in wins:
            bots: list[Bot] = seat_bots(game_id, ["random"] * players, seed)
            if level == "ismcts":
                bots[me] = IsmctsBot(me, derive_seed(seed, 77), simulations, budget)
            one = Timed(game_id, players, seed, me, bots)
            wins[level] += one.won()
            spent, decisions = spent + one.spent, decisions + one.decisions
    return wins["ismcts"], wins["random"], 1000 * spent / max(decisions, 1), decisions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=positive, default=20)
    parser.add_argument("--simulations", type=positive, default=SIMULATIONS)
    parser.add_argument("--game", choices=sorted(GAMES), default=None)
    parser.add_argument("--cpu-ms", type=float, default=None,
                        help="CPU milliseconds per decision (the simulations then only cap it)")
    args = parser.parse_args()
    budget = cpu_budget(args.cpu_ms) if args.cpu_ms is not None else None
    simulations = args.simulations if budget is None else 10**9
    for game_id in [args.game] if args.game else list(GAMES):
        about = GAMES.about(game_id)
        for players in (about.min_players, about.max_players):
            mine, base, ms, decisions = run(game_id, players, args.games, simulations, budget)
            print(f"{game_id:13} {players} players: ismcts won {mine:5.1f}/{args.games}, "
                  f"random in its seat {base:5.1f}/{args.games}; "
                  f"{ms:6.1f} ms CPU per decision ({decisions} decisions)", flush=True)


if __name__ == "__main__":
    main()
