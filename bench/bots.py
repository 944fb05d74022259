"""Bot strength and game balance, measured by playing, written to docs/.

Strength: for every game and table size, one "test seat" (rotating through the seats)
plays each level while every other seat plays the reference level (normal, or the
strongest below it the game has). Every level plays the same deals, so the comparison
is paired: the difference in the test seat's win rate between two levels, with a 95%
interval and a z score from the per-deal differences.

Balance: tables where every seat plays the same good level; win rates by side and by
seat for each table size and option, with plots.

    python bench/bots.py [--games 2000] [--balance-games 2000] [--jobs 2] [--game ID]

Writes docs/BOTS.md, docs/BALANCE.md and the plots in docs/img/.

Time per decision of some levels at each game's largest table, printed and not written:

    python bench/bots.py --think --levels normal,hard [--think-games 20] [--game ID]

A check of one table on a range of deals never studied before, printed and not
written (for a table where one seat's skill moves little and many deals are needed):

    python bench/bots.py --check --game knights --players 8 --levels random,normal,hard \
        --games 10000 --first-deal 200000
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from core.bots import Bot  # noqa: E402
from core.errors import OptionError  # noqa: E402
from core.play import play, seat_bots  # noqa: E402
from core.registry import BOTS, GAMES  # noqa: E402
from core.rng import derive_seed  # noqa: E402

DOCS = Path(__file__).resolve().parent.parent / "docs"
DATA = DOCS / "data"
"""Each game's measured rows, kept so games can be (re)studied one at a time and the
documents always cover every game studied so far."""
ORDER = ["random", "simple", "easy", "normal", "hard"]

VARIANTS: dict[str, list[dict[str, Any]]] = {
    "cheese_thief": [{}, {"fall_mouse": True}, {"tie_favours_thief": True},
                     {"peek_at_four": True}],
    "choose": [{}],
    "knights": [{"mode": "basic"}, {"mode": "dark"}, {"mode": "advanced"}, {"mode": "coop"}],
    "sly_knights": [{}, {"pig_and_pig": True}],
}
"""Option sets the balance study covers; one that a table size refuses is skipped."""


def tables(game_id: str) -> list[tuple[int, dict[str, Any]]]:
    game = GAMES[game_id]
    found = []
    for variant in VARIANTS.get(game_id, [{}]):
        for players in range(game.min_players, game.max_players + 1):
            try:
                game.check_options(players, variant)
            except OptionError:
                continue
            found.append((players, variant))
    return found


def label(options: dict[str, Any]) -> str:
    return ", ".join(f"{k}={v}" for k, v in options.items()) or "default"


# -- playing ---------------------------------------------------------------------------


def _strength_chunk(game_id: str, players: int, options: dict[str, Any], levels: list[str],
                    field_level: str, indices: range) -> list[list[int]]:
    """Per deal, the test seat's win (1/0) under each level."""
    game = GAMES[game_id]
    rows = []
    for index in indices:
        seed = derive_seed(0xB075, index)
        seat = index % players
        row = []
        for level in levels:
            seats = [field_level] * players
            seats[seat] = level
            record = play(game, players, options, seed, seat_bots(game_id, seats, seed))
            row.append(int(record.outcome is not None and seat in record.outcome.winners))
        rows.append(row)
    return rows


def _balance_chunk(game_id: str, players: int, options: dict[str, Any], level: str,
                   indices: range) -> dict[str, Any]:
    game = GAMES[game_id]
    seats = [0] * players
    sides: dict[str, int] = {}
    errors = 0
    for index in indices:
        seed = derive_seed(0xBA1, index)
        record = play(game, players, options, seed, seat_bots(game_id, [level] * players, seed))
        if record.outcome is None:
            errors += 1
            continue
        for seat in record.outcome.winners:
            seats[seat] += 1
        for side in record.outcome.sides:
            sides[side] = sides.get(side, 0) + 1
    return {"seats": seats, "sides": sides, "errors": errors}


def spread(pool: ProcessPoolExecutor, jobs: int, games: int, fn: Callable[..., Any],
           *args: Any, first: int = 0) -> list[Any]:
    """Deals ``first`` .. ``first + games - 1`` split evenly over ``jobs`` processes."""
    bounds = [first + games * j // jobs for j in range(jobs + 1)]
    futures = [pool.submit(fn, *args, range(bounds[j], bounds[j + 1])) for j in range(jobs)]
    return [f.result() for f in futures]


# -- statistics --------------------------------------------------------------------------


@dataclass
class Pair:
    better: str
    worse: str
    rate_better: float
    rate_worse: float
    low: float
    high: float
    z: float


def paired(rows: list[list[int]], levels: list[str], better: str, worse: str) -> Pair:
    i, j = levels.index(better), levels.index(worse)
    diffs = [row[i] - row[j] for row in rows]
    n = len(diffs)
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / max(1, n - 1)
    se = math.sqrt(var / n) if var > 0 else 1e-12
    return Pair(better, worse, sum(r[i] for r in rows) / n, sum(r[j] for r in rows) / n,
                mean - 1.96 * se, mean + 1.96 * se, mean / se)


@dataclass
class Study:
    strength: list[tuple[str, int, list[str], str, list[list[int]]]] = field(default_factory=list)
    balance: list[tuple[str, int, dict[str, Any], dict[str, Any], int]] = field(
        default_factory=list)
    think: list[tuple[str, int, str, list[float]]] = field(default_factory=list)
    sides: list[list[Any]] = field(default_factory=list)


class Timed(Bot):
    """A bot that times each of its decisions: in wall time, and with ``cpu`` also the
    time its thread ran (what a decision costs, whatever else the machine is doing),
    appended as a (wall, cpu) pair."""

    def __init__(self, inner: Bot, times: list[Any], cpu: bool = False) -> None:
        super().__init__(inner.seat, 0)
        self.inner, self.times, self.cpu = inner, times, cpu

    def act(self, view: dict[str, Any], legal: list[dict[str, Any]]) -> dict[str, Any]:
        started, ran = time.perf_counter(), time.thread_time()
        action = self.inner.act(view, legal)
        wall = time.perf_counter() - started
        self.times.append((wall, time.thread_time() - ran) if self.cpu else wall)
        return action


class RoleBot(Bot):
    """Plays one level if its seat holds a given Cheese Thief role, another otherwise.

    The role is read from the seat's own view, like everything a bot knows."""

    def __init__(self, seat: int, seed: int, role: str, if_role: str, otherwise: str) -> None:
        super().__init__(seat, seed)
        self.role, self.levels, self.seed = role, (if_role, otherwise), seed
        self.inner: Bot | None = None

    def act(self, view: dict[str, Any], legal: list[dict[str, Any]]) -> dict[str, Any]:
        if self.inner is None:
            level = self.levels[0] if view["you"]["role"] == self.role else self.levels[1]
            self.inner = seat_bots("cheese_thief", [level] * (self.seat + 1), self.seed)[-1]
        return self.inner.act(view, legal)


SIDE_MATCHES = [("hard", "random"), ("random", "hard"), ("hard", "hard"),
                ("normal", "normal"), ("random", "random")]
"""(Thief's level, everyone else's level)."""


def _sides_chunk(players: int, thief: str, others: str, indices: range) -> int:
    wins = 0
    for index in indices:
        seed = derive_seed(0x51DE, index)
        bots: list[Bot] = [RoleBot(s, derive_seed(seed, s), "thief", thief, others)
                           for s in range(players)]
        record = play(GAMES["cheese_thief"], players, {}, seed, bots)
        wins += int(record.outcome is not None and record.outcome.sides == ("thief",))
    return wins


def sides_study(pool: ProcessPoolExecutor, jobs: int, games: int) -> list[list[Any]]:
    """Cheese Thief: the Thief's side's win rate for each pairing of levels."""
    rows = []
    for players in range(4, 9):
        for thief, others in SIDE_MATCHES:
            wins = sum(spread(pool, jobs, games, _sides_chunk, players, thief, others))
            rows.append([players, thief, others, wins, games])
            print(f"sides {players}p thief {thief} vs {others}: {wins / games:.3f}", flush=True)
    return rows


def think_times(game_id: str, players: int, options: dict[str, Any], level: str,
                games: int, cpu: bool = False) -> list[Any]:
    """Seconds per decision of ``level`` at a table where every seat plays it (with
    ``cpu``, (wall, cpu) pairs)."""
    times: list[Any] = []
    for index in range(games):
        seed = derive_seed(0x71, index)
        bots = [Timed(bot, times, cpu) for bot in seat_bots(game_id, [level] * players, seed)]
        play(GAMES[game_id], players, options, seed, bots)
    return times


def run(args: argparse.Namespace) -> Study:
    study = Study()
    games = [args.game] if args.game else list(GAMES)
    with ProcessPoolExecutor(args.jobs) as pool:
        for game_id in games:
            levels = [lv for lv in ORDER if lv in BOTS[game_id]]
            field_level = "normal" if "normal" in levels else levels[-1]
            for players, options in tables(game_id):
                if options != VARIANTS.get(game_id, [{}])[0] or not args.games:
                    continue
                started = time.perf_counter()
                parts = spread(pool, args.jobs, args.games, _strength_chunk, game_id, players,
                               options, levels, field_level)
                rows = [row for part in parts for row in part]
                study.strength.append((game_id, players, levels, field_level, rows))
                print(f"strength {game_id} {players}p: "
                      + ", ".join(f"{lv} {sum(r[k] for r in rows) / len(rows):.3f}"
                                  for k, lv in enumerate(levels))
                      + f" ({time.perf_counter() - started:.0f} s)", flush=True)
            largest = max(p for p, o in tables(game_id) if o == VARIANTS.get(game_id, [{}])[0])
            for level in levels if args.think_games else []:
                times = think_times(game_id, largest, VARIANTS.get(game_id, [{}])[0], level,
                                    args.think_games)
                study.think.append((game_id, largest, level, times))
            if game_id == "cheese_thief" and args.side_games:
                study.sides = sides_study(pool, args.jobs, args.side_games)
            balance_level = "normal" if "normal" in levels else levels[-1]
            for players, options in tables(game_id) if args.balance_games else []:
                parts = spread(pool, args.jobs, args.balance_games, _balance_chunk, game_id,
                               players, options, balance_level)
                merged = {"seats": [sum(p["seats"][s] for p in parts) for s in range(players)],
                          "sides": {}, "errors": sum(p["errors"] for p in parts),
                          "level": balance_level}
                for part in parts:
                    for side, wins in part["sides"].items():
                        merged["sides"][side] = merged["sides"].get(side, 0) + wins
                study.balance.append((game_id, players, options, merged, args.balance_games))
                print(f"balance {game_id} {players}p {label(options)}: {merged['sides']} "
                      f"seats {merged['seats']}", flush=True)
    return study


# -- writing -------------------------------------------------------------------------------


def write_bots(study: Study, extras: dict[str, dict[str, Any]]) -> None:
    lines = [
        "# Bot strength",
        "",
        "## The levels, one test seat against the reference level",
        "",
        "Made by `python bench/bots.py`; do not edit by hand. A game can be studied",
        "again alone (`--game ID`); its rows replace the old ones in `docs/data/`.",
        "",
        "Each row plays the same deals once per level: one test seat, rotating through",
        "the seats, plays the level named, every other seat plays the reference level.",
        "A win is the test seat being among the winners. `hard − X` is the paired",
        "difference in the test seat's win rate with its 95% interval and z score",
        "(|z| > 2.58 is clear at the 99% level).",
        "",
    ]
    for game_id in dict.fromkeys(s[0] for s in study.strength):
        lines += [f"## {GAMES[game_id].title['en']} ({game_id})", "",
                  f"`--games {extras[game_id]['games']}`", ""]
        rows_for = [s for s in study.strength if s[0] == game_id]
        levels = rows_for[0][2]
        header = "| players | reference | games | " + " | ".join(levels)
        compare = [lv for lv in ("random", "normal") if lv in levels and "hard" in levels]
        header += "".join(f" | hard − {lv}" for lv in compare) + " |"
        lines += [header, "|" + "---|" * (3 + len(levels) + len(compare))]
        for _, players, lvls, field_level, rows in rows_for:
            rates = [sum(r[k] for r in rows) / len(rows) for k in range(len(lvls))]
            cells = [f"{players}", field_level, f"{len(rows)}"] + [f"{x:.1%}" for x in rates]
            for worse in compare:
                pair = paired(rows, lvls, "hard", worse)
                cells.append(f"{pair.rate_better - pair.rate_worse:+.1%} "
                             f"[{pair.low:+.1%}, {pair.high:+.1%}] z={pair.z:.1f}")
            lines.append("| " + " | ".join(cells) + " |")
        lines.append("")
        think = [t for t in study.think if t[0] == game_id]
        if think:
            lines += [f"Time per decision at {think[0][1]} players, every seat at the level "
                      f"(`--think-games {extras[game_id]['think_games']}`), on this machine:",
                      "",
                      "| level | decisions | median | p99 | max |", "|---|---|---|---|---|"]
            for _, _, level, times in think:
                ordered = sorted(times) or [0.0]
                p99 = ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]
                lines.append(f"| {level} | {len(times)} | {ordered[len(ordered) // 2] * 1e3:.2f} ms"
                             f" | {p99 * 1e3:.2f} ms | {ordered[-1] * 1e3:.2f} ms |")
            lines.append("")
    sides = extras.get("cheese_thief", {}).get("sides")
    if sides:
        lines += ["## Cheese Thief: the sides", "",
                  "The Thief's side's win rate when the Thief plays one level and every other",
                  f"seat another (`--side-games {sides[0][4]}` per cell).", "",
                  "| players | " + " | ".join(f"Thief {t} vs {o}" for t, o in SIDE_MATCHES)
                  + " |", "|" + "---|" * (1 + len(SIDE_MATCHES))]
        for players in sorted({row[0] for row in sides}):
            cells = []
            for thief, others in SIDE_MATCHES:
                row = next(r for r in sides if r[:3] == [players, thief, others])
                rate = row[3] / row[4]
                half = 1.96 * math.sqrt(max(rate * (1 - rate), 1e-9) / row[4])
                cells.append(f"{rate:.1%} ± {half:.1%}")
            lines.append(f"| {players} | " + " | ".join(cells) + " |")
        lines.append("")
    (DOCS / "BOTS.md").write_text("\n".join(lines[:2] + arena_part() + lines[2:]) + "\n",
                                  encoding="utf-8")


def arena_part() -> list[str]:
    """The arena's part of BOTS.md (written by bench/arena.py, between its markers),
    kept as it is, right under the title."""
    path = DOCS / "BOTS.md"
    text = path.read_text(encoding="utf-8") if path.exists() else ""
    begin, end = "<!-- arena: made by bench/arena.py", "<!-- /arena -->"
    if begin not in text or end not in text:
        return []
    start = text.index(begin)
    return [text[start:text.index(end, start) + len(end)], ""]


def write_balance(study: Study, extras: dict[str, dict[str, Any]]) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    (DOCS / "img").mkdir(parents=True, exist_ok=True)
    lines = [
        "# Balance",
        "",
        "Made by `python bench/bots.py`; do not edit by hand.",
        "Every seat plays the same level (named per row). Win rates by side count games",
        "(rounds, for Seven Knights Bewitched); by seat, shared wins count for each winner.",
        "",
    ]
    for game_id in dict.fromkeys(b[0] for b in study.balance):
        rows = [b for b in study.balance if b[0] == game_id]
        lines += [f"## {GAMES[game_id].title['en']} ({game_id})", "",
                  f"`--balance-games {extras[game_id]['balance_games']}`", ""]
        sides = list(GAMES[game_id].sides)
        lines.append("| players | options | bots | games | "
                     + "".join(f"{s} | " for s in sides) + "seat win rates |")
        lines.append("|" + "---|" * (5 + len(sides)))
        for _, players, options, merged, games in rows:
            per_round = sum(merged["sides"].values()) or 1
            side_cells = "".join(f"{merged['sides'].get(s, 0) / per_round:.1%} | "
                                 for s in sides)
            seat_cells = " ".join(f"{w / games:.0%}" for w in merged["seats"])
            lines.append(f"| {players} | {label(options)} | {merged['level']} | {games} | "
                         f"{side_cells}{seat_cells} |")
        figure, axes = plt.subplots(1, 2, figsize=(11, 4))
        for options in [dict(o) for o in {tuple(sorted(r[2].items())) for r in rows}]:
            sub = [r for r in rows if r[2] == options]
            xs = [r[1] for r in sub]
            if sides:
                for side in sides:
                    ys = [r[3]["sides"].get(side, 0) / (sum(r[3]["sides"].values()) or 1)
                          for r in sub]
                    axes[0].plot(xs, ys, marker="o", label=f"{side} ({label(options)})")
            spreads = [(max(r[3]["seats"]) - min(r[3]["seats"])) / r[4] for r in sub]
            axes[1].plot(xs, spreads, marker="o", label=label(options))
        axes[0].set_title("win rate by side" if sides else "(no sides in this game)")
        axes[0].set_xlabel("players")
        axes[1].set_title("best seat minus worst seat (win rate)")
        axes[1].set_xlabel("players")
        for ax in axes:
            ax.grid(alpha=0.3)
            if ax.get_legend_handles_labels()[0]:
                ax.legend(fontsize=7)
        figure.suptitle(GAMES[game_id].title["en"])
        figure.tight_layout()
        image = f"img/balance_{game_id}.png"
        figure.savefig(DOCS / image, dpi=90)
        plt.close(figure)
        lines += ["", f"![{game_id} balance]({image})", ""]
        if extras[game_id].get("deck"):
            lines += [extras[game_id]["deck"], ""]
    (DOCS / "BALANCE.md").write_text("\n".join(lines) + "\n", encoding="utf-8")


def save(study: Study, game_id: str, extra: dict[str, Any]) -> None:
    """Replace the parts of a game's record that this run measured (a part given 0
    games is kept from the last run)."""
    DATA.mkdir(parents=True, exist_ok=True)
    path = DATA / f"bots_{game_id}.json"
    record = json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}
    fresh = {
        "strength": ([list(row) for row in study.strength if row[0] == game_id], "games"),
        "balance": ([list(row) for row in study.balance if row[0] == game_id],
                    "balance_games"),
        "think": ([list(row) for row in study.think if row[0] == game_id], "think_games"),
    }
    for part, (rows, count) in fresh.items():
        if extra[count] or part not in record:
            record[part] = rows
        else:
            extra[count] = record.get(count, extra[count])
    record.update({k: v for k, v in extra.items() if v or k not in record})
    path.write_text(json.dumps(record), encoding="utf-8")


def load() -> tuple[Study, dict[str, dict[str, Any]]]:
    """Every game's saved rows, in registry order."""
    study, extras = Study(), {}
    for game_id in GAMES:
        path = DATA / f"bots_{game_id}.json"
        if not path.exists():
            continue
        record = json.loads(path.read_text(encoding="utf-8"))
        study.strength += [tuple(row) for row in record.pop("strength")]  # type: ignore[misc]
        study.balance += [tuple(row) for row in record.pop("balance")]  # type: ignore[misc]
        study.think += [tuple(row) for row in record.pop("think")]  # type: ignore[misc]
        extras[game_id] = record
    return study, extras


def check(args: argparse.Namespace) -> int:
    """Paired strength of ``hard`` against every other level named, on one table."""
    if not args.game or not args.players:
        raise SystemExit("--check needs --game and --players")
    levels = args.levels.split(",")
    options = VARIANTS.get(args.game, [{}])[0]
    field_level = "normal" if "normal" in BOTS[args.game] else levels[-1]
    first, started = args.first_deal, time.perf_counter()
    with ProcessPoolExecutor(args.jobs) as pool:
        parts = spread(pool, args.jobs, args.games, _strength_chunk, args.game, args.players,
                       options, levels, field_level, first=first)
    rows = [row for part in parts for row in part]
    print(f"{args.game} {args.players}p, deals {first}..{first + args.games - 1} "
          f"({len(rows)}), field {field_level}, {time.perf_counter() - started:.0f} s")
    for k, level in enumerate(levels):
        print(f"  {level}: {sum(r[k] for r in rows) / len(rows):.3f}")
    for worse in levels:
        if worse != "hard" and "hard" in levels:
            pair = paired(rows, levels, "hard", worse)
            print(f"  hard - {worse}: {pair.rate_better - pair.rate_worse:+.4f} "
                  f"[{pair.low:+.4f}, {pair.high:+.4f}] z={pair.z:.2f}")
    return 0


def think(args: argparse.Namespace) -> int:
    """Median and p99 time per decision of each level named, at the largest table, in
    wall time and in the CPU time of the deciding thread."""
    wanted = args.levels.split(",")
    print(f"{'game':<14}{'players':>8}{'level':>8}{'decisions':>10}"
          + "".join(f"{clock + ' ' + what:>13}" for clock in ("wall", "cpu")
                    for what in ("median", "p99", "max"))
          + f"  (ms, --think-games {args.think_games})")
    for game_id in [args.game] if args.game else list(GAMES):
        options = VARIANTS.get(game_id, [{}])[0]
        largest = max(p for p, o in tables(game_id) if o == options)
        for level in [lv for lv in wanted if lv in BOTS[game_id]]:
            cells = ""
            pairs = think_times(game_id, largest, options, level, args.think_games, True)
            for clock in (0, 1):
                ordered = sorted(pair[clock] for pair in pairs)
                p99 = ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]
                cells += "".join(f"{t * 1e3:>13.2f}"
                                 for t in (ordered[len(ordered) // 2], p99, ordered[-1]))
            print(f"{game_id:<14}{largest:>8}{level:>8}{len(ordered):>10}{cells}", flush=True)
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--balance-games", type=int, default=2000)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--think-games", type=int, default=20)
    parser.add_argument("--side-games", type=int, default=400,
                        help="games per pairing for the Cheese Thief sides study (0 skips it)")
    parser.add_argument("--deck-games", type=int, default=400,
                        help="games per table for the Choose! deck study (0 skips it)")
    parser.add_argument("--game", default=None)
    parser.add_argument("--think", action="store_true",
                        help="print time per decision of --levels at the largest tables")
    parser.add_argument("--check", action="store_true",
                        help="print one table's paired strength; write nothing")
    parser.add_argument("--players", type=int, default=None, help="the table (--check)")
    parser.add_argument("--levels", default=",".join(ORDER), help="levels (--check, --think)")
    parser.add_argument("--first-deal", type=int, default=0, help="first deal (--check)")
    args = parser.parse_args()
    if args.check:
        return check(args)
    if args.think:
        return think(args)
    study = run(args)
    for game_id in [args.game] if args.game else list(GAMES):
        extra: dict[str, Any] = {"games": args.games, "balance_games": args.balance_games,
                                 "think_games": args.think_games, "sides": [], "deck": ""}
        if game_id == "cheese_thief" and study.sides:
            extra["sides"] = study.sides
        if game_id == "choose" and args.deck_games:
            from bench.choose_deck import deck_study

            extra["deck"] = deck_study(args.jobs, args.deck_games)
        save(study, game_id, extra)
    merged, extras = load()
    write_bots(merged, extras)
    write_balance(merged, extras)
    return 0


if __name__ == "__main__":
    sys.exit(main())
