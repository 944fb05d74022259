"""The arena's measurements of the bot levels, written into docs/BOTS.md.

For each game, at one table size, three cells play the same seeded deals (so every
comparison is paired deal by deal), each with the seats rotated over every deal:

- ``calibrate``: hard and ismcts (its default budget) at one table, to measure the CPU
  time each spends per decision (``time.thread_time``);
- ``ladder``: random, the rule-following levels, hard and ismcts at the budget that
  costs what hard costs per decision (``ismcts@E``, E from ``calibrate``);
- ``search``: hard against ismcts at its default budget, which costs more CPU than
  hard: how hard fares against a search that is given more time;
- ``deep``: the same at ten times that budget, where the games are short enough.

    python bench/arena.py run --game G --cell C [--deals N] [--until HH:MM] [--jobs J]
    python bench/arena.py write

``run`` carries a cell on from the deals already played (kept in
docs/data/arena/*.jsonl.gz, one line per game), a batch at a time, until N deals or
the UTC time given; ``write`` sums every cell kept, and writes the arena part of
docs/BOTS.md (between its markers; bench/bots.py keeps that part when it rewrites
the rest), docs/data/arena/*.json and the plots docs/img/arena-*.png.
"""

from __future__ import annotations

import argparse
import datetime as dt
import gzip
import json
import math
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.counts import clock, positive  # noqa: E402
from core.registry import GAMES, about  # noqa: E402
from research.arena import (  # noqa: E402
    GameResult,
    Report,
    local_runner,
    plan,
    played,
    rotations,
    summary,
)
from research.stats import Z95  # noqa: E402

DOCS = Path(__file__).resolve().parent.parent / "docs"
DATA = DOCS / "data" / "arena"
IMG = DOCS / "img"
SEED = 33
"""The deals' seed: every cell of a game plays the same deals."""
DEFAULT_SIMULATIONS = 48
"""core.ismcts.SIMULATIONS, the search bot's budget when none is given."""
DEEP_SIMULATIONS = 480
"""Ten times that: where the games are short enough, does more search close the gap?"""
CELLS = ("calibrate", "ladder", "search", "deep")

TABLES = {"cheese_thief": 5, "choose": 5, "knights": 5, "sly_knights": 4}
"""The table size each game is measured at: five, or the largest the game allows."""
LADDER_LEVELS = ["random", "simple", "normal", "hard"]
BEGIN = "<!-- arena: made by bench/arena.py, kept by bench/bots.py -->"
END = "<!-- /arena -->"
LEVELS_HEADING = "## The levels, one test seat against the reference level"
"""The heading of bench/bots.py's part, which follows the arena's."""


def cache(game: str, cell: str) -> Path:
    return DATA / f"{game}-{TABLES[game]}p-{cell}.jsonl.gz"


def load_results(game: str, cell: str) -> tuple[dict[str, Any], list[GameResult]]:
    """The cell's header (its line-up) and its games so far, in the plan's order."""
    path = cache(game, cell)
    if not path.exists():
        return {}, []
    with gzip.open(path, "rt", encoding="utf-8") as lines:
        header = json.loads(next(lines))
        turns = rotations(header["line_up"])
        # (runs made before the plan dropped repeated rotations kept copies of games)
        return header, [result for line in lines
                        if (result := json.loads(line))["rotation"] < turns]


def line_up(game: str, cell: str) -> list[str]:
    """The levels of a cell at its table, repeated in turn to fill it."""
    players = TABLES[game]
    if cell == "calibrate" or cell == "search":
        levels = ["hard", "ismcts"]
    elif cell == "deep":
        levels = ["hard", f"ismcts@{DEEP_SIMULATIONS}"]
    else:
        equal = equal_budget(game)
        levels = [lv for lv in LADDER_LEVELS if lv in levels_of(game)] + [f"ismcts@{equal}"]
        while len(levels) > players:
            levels.remove("simple" if "simple" in levels else levels[0])
    return [levels[seat % len(levels)] for seat in range(players)]


def levels_of(game: str) -> list[str]:
    return ["random", *about(game).bots]


def think(results: Sequence[GameResult], level: str) -> tuple[float, int]:
    """Mean CPU milliseconds per decision of ``level`` in these games, and the count."""
    total, count = 0.0, 0
    for result in results:
        for seat, name in enumerate(result["levels"]):
            if name == level:
                total += result["think_ms"][seat]
                count += result["decisions"][seat]
    return (total / count if count else 0.0), count


def equal_budget(game: str) -> int:
    """The simulations that cost ismcts what hard costs per decision, from the
    calibration games (CPU time grows in step with the simulations)."""
    _, results = load_results(game, "calibrate")
    if not results:
        raise SystemExit(f"{game}: run the calibrate cell first")
    hard, _ = think(results, "hard")
    search, _ = think(results, "ismcts")
    return max(1, round(DEFAULT_SIMULATIONS * hard / search)) if search else 1


def run(game: str, cell: str, deals: int, until: dt.datetime | None, jobs: int,
        batch: int) -> None:
    header, done = load_results(game, cell)
    levels = header.get("line_up") or line_up(game, cell)
    players, turns = TABLES[game], rotations(levels)
    DATA.mkdir(parents=True, exist_ok=True)
    first = max((result["deal"] for result in done), default=-1) + 1
    while first < deals:
        if until is not None and dt.datetime.now(dt.UTC) >= until:
            print(f"{game} {cell}: stopped at {first} deals (time)", flush=True)
            break
        count = min(batch, deals - first)
        tasks = plan(game, players, {}, levels, count * turns, SEED, first_deal=first)
        fresh = list(played(tasks, local_runner(jobs), turns * 10, sys.stdout))
        done += fresh
        save(game, cell, levels, done)
        first += count
        print(f"{game} {cell}: {first} deals, {len(done)} games", flush=True)


def save(game: str, cell: str, levels: list[str], results: list[GameResult]) -> None:
    path = cache(game, cell)
    partial = path.with_suffix(".part")
    with gzip.open(partial, "wt", encoding="utf-8") as out:
        out.write(json.dumps({"line_up": levels, "seed": SEED}) + "\n")
        for result in results:
            out.write(json.dumps(result, separators=(",", ":")) + "\n")
    partial.replace(path)


def paired(results: Sequence[GameResult], a: str, b: str) -> dict[str, float]:
    """``a``'s win rate less ``b``'s over the same games, with a 95% interval from the
    per-deal differences (the deal's rotations are one paired unit)."""
    per_deal: dict[int, list[float]] = {}
    for result in results:
        if result["error"] is not None:
            continue
        wins = {a: 0.0, b: 0.0}
        seats = {a: 0, b: 0}
        for seat, level in enumerate(result["levels"]):
            if level in wins:
                wins[level] += seat in result["winners"]
                seats[level] += 1
        diff = wins[a] / seats[a] - wins[b] / seats[b]
        per_deal.setdefault(result["deal"], []).append(diff)
    diffs = [sum(d) / len(d) for d in per_deal.values()]
    n = len(diffs)
    mean = sum(diffs) / n if n else 0.0
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1) if n > 1 else 0.0
    half = Z95 * math.sqrt(var / n) if n else 0.0
    return {"diff": mean, "low": mean - half, "high": mean + half, "deals": n}


def pct(rate: dict[str, Any]) -> str:
    return f"{rate['rate']:.1%} [{rate['low']:.1%}, {rate['high']:.1%}]"


def section(game: str) -> tuple[list[str], dict[str, Report]]:
    """The game's part of the arena section, and its reports by cell."""
    players = TABLES[game]
    lines = [f"### {about(game).title['en']} ({game}), {players} players", ""]
    reports: dict[str, Report] = {}
    for cell in CELLS:
        header, results = load_results(game, cell)
        if not results:
            continue
        first = plan(game, players, {}, header["line_up"], players, SEED)[0]
        reports[cell] = summary(first, header["line_up"], SEED, results, 0.0, "bench")
    if "calibrate" in reports:
        _, results = load_results(game, "calibrate")
        hard, hard_n = think(results, "hard")
        search, search_n = think(results, "ismcts")
        lines += [f"CPU per decision: hard {hard:.2f} ms ({hard_n} decisions), ismcts at "
                  f"{DEFAULT_SIMULATIONS} simulations {search:.2f} ms ({search_n}); "
                  f"equal budget: ismcts@{equal_budget(game)}.", ""]
    for cell, title in (("ladder", "Ladder table, equal CPU budget"),
                        ("search", f"Hard against ismcts at {DEFAULT_SIMULATIONS} "
                                   "simulations (more CPU than hard)"),
                        ("deep", f"Hard against ismcts at {DEEP_SIMULATIONS} simulations")):
        report = reports.get(cell)
        if report is None:
            continue
        _, results = load_results(game, cell)
        levels = list(report["levels"])
        search_level = next(lv for lv in levels if lv.startswith("ismcts"))
        diff = paired(results, "hard", search_level)
        lines += [f"**{title}**: line-up {', '.join(report['line_up'])}; "
                  f"{report['games']} games ({report['deals']} deals × "
                  f"{rotations(report['line_up'])} rotations), "
                  f"errors {report['errors']}. The same games: `cheeseknights arena --game "
                  f"{game} --players {players} --seats {','.join(report['line_up'])} "
                  f"--games {report['games']} --seed {SEED}`.", ""]
        sides = sorted({s for st in report["levels"].values() for s in st["sides"]})
        head = ["level", "win rate [95% CI]", "N", "ms/decision",
                *[f"as {s}" for s in sides]]
        lines += ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
        for level, stats in report["levels"].items():
            row = [level, pct(dict(stats["games"])), str(stats["games"]["n"]),
                   f"{stats['think_ms_per_decision']:.2f}"]
            for side in sides:
                r = stats["sides"].get(side)
                row.append(f"{pct(dict(r))} N={r['n']}" if r else "")
            lines.append("| " + " | ".join(row) + " |")
        head = ["level", *[f"seat {seat}" for seat in range(players)]]
        lines += ["", "By seat (win rate, N in each cell's seat-games):", "",
                  "| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
        for level, stats in report["levels"].items():
            lines.append(f"| {level} | " + " | ".join(
                f"{r['rate']:.1%} (N={r['n']})" for r in stats["seats"]) + " |")
        lines += ["", f"hard − {search_level}, paired by deal: {diff['diff']:+.1%} "
                      f"[{diff['low']:+.1%}, {diff['high']:+.1%}] over {diff['deals']} deals.",
                  ""]
        lines += ["| rank | level | mu | sigma | ordinal |", "|---|---|---|---|---|"]
        for rank, entry in enumerate(report["ladder"], 1):
            lines.append(f"| {rank} | {entry['level']} | {entry['mu']:.2f} "
                         f"| {entry['sigma']:.2f} | {entry['ordinal']:.2f} |")
        lines.append("")
    return lines, reports


def overview(all_reports: dict[str, dict[str, Report]]) -> list[str]:
    """Hard against ismcts in every game at a glance: the paired difference in win rate
    at each budget, with the CPU each spent per decision."""
    lines = ["### Hard against ismcts, every game", "",
             "| game | players | ismcts budget | games | hard ms/decision | "
             "ismcts ms/decision | hard | ismcts | hard − ismcts, paired [95%] |",
             "|---|---|---|---|---|---|---|---|---|"]
    for game, reports in all_reports.items():
        for cell in CELLS[1:]:
            report = reports.get(cell)
            if report is None:
                continue
            _, results = load_results(game, cell)
            level = next(lv for lv in report["levels"] if lv.startswith("ismcts"))
            budget = level.partition("@")[2] or str(DEFAULT_SIMULATIONS)
            hard, search = report["levels"]["hard"], report["levels"][level]
            diff = paired(results, "hard", level)
            lines.append(
                f"| {game} | {report['players']} | {budget} | {report['games']} | "
                f"{hard['think_ms_per_decision']:.2f} | {search['think_ms_per_decision']:.2f} | "
                f"{pct(dict(hard['games']))} | {pct(dict(search['games']))} | "
                f"{diff['diff']:+.1%} [{diff['low']:+.1%}, {diff['high']:+.1%}] |")
    return [*lines, ""]


def plot(all_reports: dict[str, dict[str, Report]]) -> list[str]:
    """One figure: each game's ladder table, win rate per level with its interval."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    games = [g for g in all_reports if "ladder" in all_reports[g]]
    if not games:
        return []
    fig, axes = plt.subplots(1, len(games), figsize=(4 * len(games), 3.6), squeeze=False)
    for ax, game in zip(axes[0], games, strict=True):
        report = all_reports[game]["ladder"]
        names = list(report["levels"])
        rates = [report["levels"][lv]["games"] for lv in names]
        ys = [r["rate"] * 100 for r in rates]
        err = [[(r["rate"] - r["low"]) * 100 for r in rates],
               [(r["high"] - r["rate"]) * 100 for r in rates]]
        ax.bar(range(len(names)), ys, yerr=err, capsize=3,
               color=["#c44" if n.startswith("ismcts") else "#48a" if n == "hard" else "#999"
                      for n in names])
        ax.set_xticks(range(len(names)), names, rotation=30, ha="right", fontsize=8)
        ax.set_title(f"{game}, {report['players']}p, N={report['games']}", fontsize=9)
        ax.set_ylabel("win rate (%)")
    fig.tight_layout()
    IMG.mkdir(parents=True, exist_ok=True)
    fig.savefig(IMG / "arena-ladder.png", dpi=110)
    plt.close(fig)
    shown = ["![Win rate per level at the ladder tables, 95% intervals](img/arena-ladder.png)",
             ""]
    rows: list[tuple[str, dict[str, float]]] = []
    for game in all_reports:
        for cell in CELLS[1:]:
            if cell in all_reports[game]:
                _, results = load_results(game, cell)
                level = next(lv for lv in all_reports[game][cell]["levels"]
                             if lv.startswith("ismcts"))
                name = f"ismcts@{DEFAULT_SIMULATIONS}" if level == "ismcts" else level
                rows.append((f"{game}\nvs {name}", paired(results, "hard", level)))
    if rows:
        fig, ax = plt.subplots(figsize=(7, 0.5 + 0.45 * len(rows)))
        ticks = list(range(len(rows)))
        diffs = [row["diff"] * 100 for _, row in rows]
        err = [[(row["diff"] - row["low"]) * 100 for _, row in rows],
               [(row["high"] - row["diff"]) * 100 for _, row in rows]]
        ax.errorbar(diffs, ticks, xerr=err, fmt="o", capsize=3, color="#48a")
        ax.axvline(0, color="#888", lw=1)
        ax.set_yticks(ticks, [name for name, _ in rows], fontsize=7)
        ax.set_xlabel("hard − ismcts win rate, paired by deal (percentage points, 95%)")
        fig.tight_layout()
        fig.savefig(IMG / "arena-hard-vs-ismcts.png", dpi=110)
        plt.close(fig)
        shown += ["![Hard less ismcts, paired by deal, 95% intervals]"
                  "(img/arena-hard-vs-ismcts.png)", ""]
    return shown


def write() -> None:
    lines = [BEGIN, "## The arena: hard against a generic search bot", "",
             "Made by `python bench/arena.py write` from the games `bench/arena.py run` "
             "played (`cheeseknights arena` plays the same way). Every cell of a game "
             f"plays the same seeded deals (seed {SEED}), each deal once per rotation of "
             "the seats. A win is the seat being among the winners; rates carry Wilson 95% "
             "intervals and N (seat-games). `ismcts@E` is the generic SO-ISMCTS bot "
             "(`core/ismcts.py`) at E simulations per decision, E chosen so that it spends "
             "the CPU time per decision hard spends (at least one simulation: where one "
             "already costs more than hard's whole decision, ismcts@1 is the nearest, and "
             "it spends more). `ismcts` alone is its default budget, "
             f"{DEFAULT_SIMULATIONS} simulations. The ladder is openskill's "
             "Plackett-Luce (winners share first place), best first by mu − 3σ. "
             "Sides: in Cheese Thief the Thief's side is the Thief and the followers who "
             "joined; Seven Knights Bewitched deals sides anew each round, so its side "
             "columns count rounds (a seat wins a round when its side does).", ""]
    all_reports: dict[str, dict[str, Report]] = {}
    parts: list[str] = []
    for game in GAMES:
        if game not in TABLES:
            continue
        part, reports = section(game)
        if reports:
            parts += part
            all_reports[game] = reports
            for cell, report in reports.items():
                (DATA / f"{game}-{TABLES[game]}p-{cell}.json").write_text(
                    json.dumps(report, indent=1) + "\n", encoding="utf-8")
        else:
            parts += [f"### {about(game).title['en']} ({game})", "",
                      "Not measured: no arena games were played for this game.", ""]
    lines += overview(all_reports) + plot(all_reports) + parts
    lines.append(END)
    path = DOCS / "BOTS.md"
    text = path.read_text(encoding="utf-8")
    if BEGIN in text:
        head, rest = text.split(BEGIN, 1)
        tail = rest.split(END, 1)[1].lstrip("\n")
    else:
        title, _, body = text.partition("\n")
        head, tail = title + "\n\n", body.lstrip("\n")
    if not tail.startswith("## "):
        tail = f"{LEVELS_HEADING}\n\n{tail}"
    path.write_text(head + "\n".join(lines) + "\n\n" + tail, encoding="utf-8")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    r = sub.add_parser("run")
    r.add_argument("--game", required=True, choices=sorted(TABLES))
    r.add_argument("--cell", required=True, choices=CELLS)
    r.add_argument("--deals", type=positive, default=250)
    r.add_argument("--batch", type=positive, default=20, help="deals saved at a time")
    r.add_argument("--until", type=clock, default=None, help="UTC time HH:MM to stop by")
    r.add_argument("--jobs", type=positive, default=1)
    sub.add_parser("write")
    args = parser.parse_args()
    if args.command == "write":
        write()
        return 0
    until = None
    if args.until:
        hour, minute = args.until
        until = dt.datetime.now(dt.UTC).replace(hour=hour, minute=minute, second=0)
    run(args.game, args.cell, args.deals, until, args.jobs, args.batch)
    return 0



if __name__ == "__main__":
    sys.exit(main())
