"""A tournament of bot levels: seats rotate, deals are seeded and paired, and the
results come with intervals, N and a rated ladder.

A line-up names one level per seat. Each deal (a seed) is played once per rotation of
the line-up, so over a cycle every level sits in every seat on the very same deal, and
two runs with the same seed play the same deals whatever their line-ups: the
comparison between line-ups is paired deal by deal. The games are spread over
processes (``jobs``) or a Ray cluster; the results are gathered in the order of the
plan, so the tables and the ladder do not depend on how the games were spread.
"""

from __future__ import annotations

import importlib
import sys
import time
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TextIO, TypedDict

from core.about import load
from core.bots import Bot
from core.errors import OptionError
from core.game import Action, Seat
from core.options import OptionValue
from core.play import STEP_LIMIT, advance
from core.registry import BOTS, about, get_game, make_bot
from core.rng import derive_seed
from research.sides import SideRecord, seat_sides
from research.stats import Rate, rate


@dataclass(frozen=True)
class Task:
    """One game of the plan: a deal played with the line-up turned ``rotation`` seats."""

    game: str
    players: int
    options: dict[str, OptionValue]
    deal: int
    rotation: int
    seed: int
    """The deal's seed: the same for every rotation and every line-up of the run."""
    levels: tuple[str, ...]
    """The level at each seat, after the rotation."""


class GameResult(TypedDict):
    """What one game gives back to the process that gathers the tournament."""

    deal: int
    rotation: int
    levels: list[str]
    winners: list[Seat]
    sides: list[list[SideRecord]]
    error: str | None
    decisions: list[int]
    """Per seat, how many decisions its bot made."""
    think_ms: list[float]
    """Per seat, the CPU time its bot spent deciding, in milliseconds."""


BUDGETED = "ismcts"
"""The level whose think budget a line-up may set: ``ismcts@200`` is the search bot
with 200 simulations per decision (``core.ismcts``), so budgets can be matched."""


def budget(game_id: str, level: str) -> tuple[str, int | None]:
    """A line-up's level as (level, simulations): ``hard`` is ("hard", None)."""
    known = BOTS[game_id]
    name, at, count = level.partition("@")
    if name not in known:
        raise OptionError("unknown_bot", f"{game_id} has no bot level {name!r} "
                          f"(levels: {', '.join(known)}).")
    if not at:
        return name, None
    if name != BUDGETED:
        raise OptionError("bad_budget", f"Only {BUDGETED} takes a budget (@N), not {name}.")
    if not count.isdigit() or int(count) < 1:
        raise OptionError("bad_budget", f"{level!r}: the budget after @ must be a whole "
                          "number of simulations, at least 1.")
    return name, int(count)


def seat_bot(game_id: str, level: str, seat: Seat, seed: int) -> Bot:
    """The bot of one seat; a budgeted level gets its simulations."""
    name, simulations = budget(game_id, level)
    if simulations is None:
        return make_bot(game_id, name, seat, seed)
    factory = load(about(game_id).bots[name])
    bot: Bot = factory(seat, seed, simulations=simulations)
    return bot


def line_up(game_id: str, players: int | None, seats: str,
            options: Mapping[str, object] | None = None) -> tuple[int, list[str]]:
    """The table size and the line-up from ``--players`` and ``--seats``. Fewer levels
    than players repeat in turn (``hard,ismcts`` at four players is
    ``hard,ismcts,hard,ismcts``); more is a mistake."""
    game = get_game(game_id)
    levels = [level.strip() for level in seats.split(",") if level.strip()]
    if not levels:
        raise OptionError("bad_seats", "--seats must name at least one bot level.")
    for level in levels:
        budget(game.id, level)
    if players is None:
        players = max(len(levels), game.min_players)
    if len(levels) > players:
        raise OptionError("bad_seats",
                          f"--seats names {len(levels)} levels for {players} players.")
    game.check_options(players, options or {})
    return players, [levels[seat % len(levels)] for seat in range(players)]


def rotations(levels: Sequence[str]) -> int:
    """How many distinct seatings turning the line-up gives: ``hard,ismcts,hard,ismcts``
    gives two, and its third turn would replay the first game move for move (the same
    deal, the same bots at the same seats with the same seeds), a copy counted as news."""
    players = len(levels)
    return next(turn for turn in range(1, players + 1)
                if players % turn == 0 and all(levels[s] == levels[(s + turn) % players]
                                               for s in range(players)))


def plan(game_id: str, players: int, options: Mapping[str, object], levels: Sequence[str],
         games: int, seed: int, first_deal: int = 0) -> list[Task]:
    """The games of a run: whole cycles of the line-up's rotations, at least ``games``
    games, from deal ``first_deal`` on. Deal ``d`` has the same seed in every run with
    this ``seed``, so a run can be carried on later from where it stopped."""
    checked = get_game(game_id).check_options(players, options)
    turns = rotations(levels)
    deals = -(-games // turns)
    return [Task(game_id, players, checked, deal, rotation, derive_seed(seed, deal),
                 tuple(levels[(seat + rotation) % players] for seat in range(players)))
            for deal in range(first_deal, first_deal + deals) for rotation in range(turns)]


def play_task(task: Task) -> GameResult:
    """Play one game of the plan to its end, timing each bot's decisions. Each bot's
    seed depends on the deal and the seat, as in ``core.play.seat_bots``."""
    game = get_game(task.game)
    bots = [seat_bot(task.game, level, seat, derive_seed(task.seed, 1000 + seat))
            for seat, level in enumerate(task.levels)]
    decisions = [0] * task.players
    think = [0] * task.players
    result: GameResult = {"deal": task.deal, "rotation": task.rotation,
                          "levels": list(task.levels), "winners": [], "sides": [],
                          "error": None, "decisions": decisions, "think_ms": []}
    try:
        state, _ = game.new_game(task.players, task.options, task.seed)

        def act(seat: Seat, legal: list[Action]) -> None:
            view = game.view(state, seat)
            started = time.thread_time_ns()
            action = bots[seat].act(view, legal)
            think[seat] += time.thread_time_ns() - started
            decisions[seat] += 1
            game.apply(state, seat, action)

        for _ in range(STEP_LIMIT):
            outcome = game.outcome(state)
            if outcome is not None:
                result["winners"] = list(outcome.winners)
                result["sides"] = seat_sides(task.game, state, outcome)
                break
            advance(game, state, act)
        else:
            result["error"] = "the game did not end"
    except Exception as exc:  # noqa: BLE001 - a tournament reports a failed game as data
        result["error"] = f"{type(exc).__name__}: {exc}"
    result["think_ms"] = [ns / 1e6 for ns in think]
    return result


Runner = Callable[[Sequence[Task]], Iterator[GameResult]]
"""Plays the tasks somewhere and yields their results in the order of the tasks."""


def local_runner(jobs: int) -> Runner:
    """One process for ``jobs`` 1, else a pool of ``jobs`` processes on this machine."""

    def run(tasks: Sequence[Task]) -> Iterator[GameResult]:
        if jobs <= 1:
            yield from map(play_task, tasks)
            return
        import multiprocessing

        with multiprocessing.get_context("spawn").Pool(jobs) as pool:
            yield from pool.imap(play_task, tasks, chunksize=1)

    return run


def ray_runner(address: str, jobs: int, timeout: float | None = None) -> Runner:
    """The games as Ray tasks: ``address`` is a cluster's (``ray://host:port`` or
    ``host:port``), or ``local`` to start a Ray instance on this machine with ``jobs``
    CPUs. The project's code travels with the tasks, so the cluster needs only Ray.
    ``timeout`` bounds the wait for each game's result (none by default: a tournament's
    games take what they take)."""
    try:
        ray: Any = importlib.import_module("ray")  # (an extra: typed as Any without it)
    except ImportError:
        raise OptionError("no_ray", "--ray needs Ray: pip install 'cheeseknights[ray]'.") \
            from None
    import core
    import research

    def run(tasks: Sequence[Task]) -> Iterator[GameResult]:
        modules = {"py_modules": [core, research]}
        if address == "local":
            ray.init(num_cpus=jobs, include_dashboard=False, runtime_env=modules,
                     log_to_driver=False)
        else:
            ray.init(address=address, runtime_env=modules, log_to_driver=False)
        try:
            remote = ray.remote(play_task)
            pending = [remote.remote(task) for task in tasks]
            for ref in pending:
                result: GameResult = ray.get(ref, timeout=timeout)
                yield result
        finally:
            ray.shutdown()

    return run


class LevelStats(TypedDict):
    games: Rate
    """Wins of the level's seats out of its seat-games."""
    seats: list[Rate]
    sides: dict[str, Rate]
    decisions: int
    think_ms_per_decision: float


class Report(TypedDict):
    """The tournament's result, as ``--json`` prints it."""

    game: str
    players: int
    options: dict[str, OptionValue]
    line_up: list[str]
    seed: int
    deals: int
    games: int
    errors: int
    first_errors: list[str]
    levels: dict[str, LevelStats]
    ladder: list[dict[str, Any]]
    elapsed_s: float
    runner: str


class Tally:
    """Sums the results as they come, in the plan's order."""

    def __init__(self, levels: Iterable[str], players: int) -> None:
        self.players = players
        self.order = list(dict.fromkeys(levels))
        self.wins = {level: 0 for level in self.order}
        self.n = {level: 0 for level in self.order}
        self.seat_wins = {level: [0] * players for level in self.order}
        self.seat_n = {level: [0] * players for level in self.order}
        self.side_wins: dict[str, dict[str, int]] = {level: {} for level in self.order}
        self.side_n: dict[str, dict[str, int]] = {level: {} for level in self.order}
        self.decisions = {level: 0 for level in self.order}
        self.think = {level: 0.0 for level in self.order}
        self.games = 0
        self.errors: list[str] = []

    def add(self, result: GameResult) -> None:
        self.games += 1
        if result["error"] is not None:
            self.errors.append(f"deal {result['deal']} rotation {result['rotation']}: "
                               f"{result['error']}")
            return
        for seat, level in enumerate(result["levels"]):
            won = seat in result["winners"]
            self.wins[level] += won
            self.n[level] += 1
            self.seat_wins[level][seat] += won
            self.seat_n[level][seat] += 1
            for side, side_won in result["sides"][seat]:
                self.side_wins[level][side] = self.side_wins[level].get(side, 0) + side_won
                self.side_n[level][side] = self.side_n[level].get(side, 0) + 1
            self.decisions[level] += result["decisions"][seat]
            self.think[level] += result["think_ms"][seat]

    def levels(self) -> dict[str, LevelStats]:
        return {level: {
            "games": rate(self.wins[level], self.n[level]),
            "seats": [rate(self.seat_wins[level][s], self.seat_n[level][s])
                      for s in range(self.players)],
            "sides": {side: rate(wins, self.side_n[level][side])
                      for side, wins in sorted(self.side_wins[level].items())},
            "decisions": self.decisions[level],
            "think_ms_per_decision": (self.think[level] / self.decisions[level]
                                      if self.decisions[level] else 0.0),
        } for level in self.order}


def tournament(game_id: str, players: int, levels: Sequence[str], games: int, seed: int,
               options: Mapping[str, object] | None = None, runner: Runner | None = None,
               runner_name: str = "local", progress: int = 0,
               out: TextIO | None = None) -> Report:
    """Play the plan and sum it up; a progress line every ``progress`` games (0: none)."""
    tasks = plan(game_id, players, options or {}, levels, games, seed)
    started = time.perf_counter()
    results = list(played(tasks, runner or local_runner(1), progress, out))
    return summary(tasks[0], levels, seed, results, time.perf_counter() - started,
                   runner_name)


def played(tasks: Sequence[Task], runner: Runner, progress: int,
           out: TextIO | None = None) -> Iterator[GameResult]:
    """The results in the plan's order, with a progress line every ``progress`` games
    (on ``out``, by default the standard error of the moment)."""
    out = out or sys.stderr
    started = time.perf_counter()
    errors = 0
    for count, result in enumerate(runner(tasks), 1):
        errors += result["error"] is not None
        if progress and count % progress == 0:
            out.write(f"arena {tasks[0].game} {tasks[0].players}p: {count}/{len(tasks)} games, "
                      f"{time.perf_counter() - started:.0f} s, errors {errors}\n")
            out.flush()
        yield result


def summary(first: Task, levels: Sequence[str], seed: int, results: Sequence[GameResult],
            elapsed: float, runner_name: str) -> Report:
    """The report of these results, summed in their order (the ladder's order matters)."""
    from research.ladder import Ladder  # (openskill, only once games are played)

    tally = Tally(levels, first.players)
    ladder = Ladder(tally.order)
    for result in results:
        tally.add(result)
        if result["error"] is None:
            ladder.add(result["levels"], result["winners"])
    return {
        "game": first.game, "players": first.players, "options": first.options,
        "line_up": list(levels), "seed": seed,
        "deals": len({result["deal"] for result in results}),
        "games": len(results), "errors": len(tally.errors), "first_errors": tally.errors[:5],
        "levels": tally.levels(), "ladder": ladder.table(),
        "elapsed_s": round(elapsed, 3), "runner": runner_name,
    }


def percent(r: Rate) -> str:
    return f"{r['rate']:6.1%} [{r['low']:.1%}, {r['high']:.1%}]"


def render(report: Report) -> str:
    """The readable table: the ladder, then each level's rate overall, by side and by
    seat, each with its Wilson 95% interval and N."""
    lines = [f"{report['game']}, {report['players']} players, line-up "
             f"{','.join(report['line_up'])}: {report['games']} games "
             f"({report['deals']} deals x {rotations(report['line_up'])} rotations), seed "
             f"{report['seed']}, {report['elapsed_s']:.0f} s, errors {report['errors']}"]
    lines += ["", "ladder (openskill Plackett-Luce, ordinal = mu - 3 sigma)",
              "rank  level        mu      sigma   ordinal"]
    for rank, row in enumerate(report["ladder"], 1):
        lines.append(f"{rank:>4}  {row['level']:<10} {row['mu']:7.2f} {row['sigma']:7.2f} "
                     f"{row['ordinal']:8.2f}")
    sides = sorted({side for stats in report["levels"].values() for side in stats["sides"]})
    lines += ["", "level       win rate [95% CI]            N      ms/decision"]
    for level, stats in report["levels"].items():
        lines.append(f"{level:<10}  {percent(stats['games']):<27} {stats['games']['n']:>6}  "
                     f"{stats['think_ms_per_decision']:8.2f}")
    if sides:
        lines += ["", "by side"]
        for level, stats in report["levels"].items():
            for side in sides:
                if side in stats["sides"]:
                    r = stats["sides"][side]
                    lines.append(f"{level:<10}  {side:<12} {percent(r):<27} {r['n']:>6}")
    lines += ["", "by seat"]
    for level, stats in report["levels"].items():
        for seat, r in enumerate(stats["seats"]):
            lines.append(f"{level:<10}  seat {seat}  {percent(r):<27} {r['n']:>6}")
    for error in report["first_errors"]:
        lines.append(f"error: {error}")
    return "\n".join(lines) + "\n"
