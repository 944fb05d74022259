"""``cheeseknights arena``: rotated seats on shared seeded deals, rates with Wilson
intervals and N, an openskill ladder, the same sums whatever runs the games (one
process, a pool, a local Ray instance), and one sentence with exit 2 for a mistake."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("openskill", reason="the research extra (openskill) is not installed")

from client.cli import build_parser, main  # noqa: E402
from research.arena import (  # noqa: E402
    local_runner,
    plan,
    ray_runner,
    render,
    rotations,
    tournament,
)
from research.stats import wilson  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent


def played_alike(report: Mapping[str, Any]) -> dict[str, Any]:
    """A report less what the clock gives (time taken, CPU per decision, the runner)."""
    same = {key: value for key, value in report.items()
            if key not in ("elapsed_s", "runner", "levels")}
    same["levels"] = {level: {k: v for k, v in stats.items() if k != "think_ms_per_decision"}
                      for level, stats in report["levels"].items()}
    return same


def test_wilson_intervals_match_the_textbook_values() -> None:
    low, high = wilson(5, 10)
    assert (round(low, 4), round(high, 4)) == (0.2366, 0.7634)
    low, high = wilson(0, 10)
    assert low == 0.0 and round(high, 4) == 0.2775
    assert wilson(10, 10)[1] == 1.0


def test_seats_rotate_over_deals_every_line_up_shares() -> None:
    tasks = plan("knights", 3, {}, ["hard", "normal", "random"], 7, seed=5)
    assert len(tasks) == 9  # rounded up to whole rotations: 3 deals x 3 rotations
    for deal in range(3):
        rotations = [t for t in tasks if t.deal == deal]
        assert len({t.seed for t in rotations}) == 1
        for seat in range(3):
            assert sorted(t.levels[seat] for t in rotations) == ["hard", "normal", "random"]
    other = plan("knights", 3, {}, ["easy", "easy", "simple"], 7, seed=5)
    assert [t.seed for t in other] == [t.seed for t in tasks]
    later = plan("knights", 3, {}, ["hard", "normal", "random"], 3, seed=5, first_deal=2)
    assert later == tasks[6:]


def test_a_repeating_line_up_plays_each_distinct_seating_once_a_deal() -> None:
    """Turning hard,ismcts,hard,ismcts twice gives the first seating again: that game
    would be a copy of the first, so each deal is played in two seatings, not four."""
    assert rotations(["hard", "random", "hard", "random"]) == 2
    assert rotations(["hard", "random", "hard", "random", "hard"]) == 5
    assert rotations(["hard"] * 3) == 1
    tasks = plan("sly_knights", 4, {}, ["hard", "random", "hard", "random"], 6, seed=1)
    assert [(t.deal, t.levels) for t in tasks] == [
        (deal, levels) for deal in range(3) for levels in (("hard", "random", "hard", "random"),
                                                           ("random", "hard", "random", "hard"))]


def test_the_report_counts_levels_seats_and_sides_with_intervals() -> None:
    report = tournament("cheese_thief", 4, ["hard", "random", "hard", "random"], 40, seed=2)
    assert report["games"] == 40 and report["errors"] == 0
    hard = report["levels"]["hard"]
    assert hard["games"]["n"] == 80  # two seats a game
    assert [r["n"] for r in hard["seats"]] == [20, 20, 20, 20]
    assert set(hard["sides"]) <= {"thief", "sleepyheads"}
    assert sum(r["n"] for r in hard["sides"].values()) == 80
    for stats in report["levels"].values():
        r = stats["games"]
        assert r["low"] <= r["rate"] <= r["high"] and r["rate"] == r["wins"] / r["n"]
    assert [row["level"] for row in report["ladder"]] != []
    text = render(report)
    assert "ladder" in text and "by side" in text and "thief" in text


def test_knights_sides_count_each_round() -> None:
    report = tournament("knights", 3, ["hard", "normal", "random"], 3, seed=4)
    rounds = sum(r["n"] for stats in report["levels"].values() for r in stats["sides"].values())
    assert rounds % 3 == 0 and rounds >= 3 * 3  # every seat, every round of every game
    assert set().union(*(stats["sides"] for stats in report["levels"].values())) <= {
        "witch", "knights"}


def test_the_ladder_puts_hard_above_random() -> None:
    report = tournament("choose", 3, ["hard", "random", "normal"], 30, seed=1)
    order = [row["level"] for row in report["ladder"]]
    assert order.index("hard") < order.index("random")
    assert report["levels"]["hard"]["games"]["rate"] > report["levels"]["random"]["games"]["rate"]


def test_a_pool_of_processes_gives_the_same_report(
        capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["arena", "--game", "sly_knights", "--seats", "hard,normal,random", "--games", "12",
            "--seed", "9", "--json", "--progress", "6"]
    assert main([*argv, "--jobs", "1"]) == 0
    one = capsys.readouterr()
    assert main([*argv, "--jobs", "2"]) == 0
    two = capsys.readouterr()
    assert played_alike(json.loads(one.out)) == played_alike(json.loads(two.out))
    for captured in (one, two):
        assert "arena sly_knights 3p: 6/12 games" in captured.err
        assert "arena sly_knights 3p: 12/12 games" in captured.err


def test_the_json_file_and_the_table(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "run.json"
    assert main(["arena", "--game", "choose", "--players", "2", "--seats", "hard,random",
                 "--games", "4", "--out", str(out), "--progress", "0"]) == 0
    table = capsys.readouterr().out
    report = json.loads(out.read_text(encoding="utf-8"))
    assert report["games"] == 4 and report["line_up"] == ["hard", "random"]
    assert "win rate [95% CI]" in table and "by seat" in table


MISTAKES = {
    "unknown game": (["--game", "chess", "--seats", "hard"], "There is no game 'chess'"),
    "unknown level": (["--game", "choose", "--seats", "hard,godlike"], "no bot level 'godlike'"),
    "too many players": (["--game", "sly_knights", "--players", "9", "--seats", "hard"],
                         "2-4 players, not 9"),
    "more levels than seats": (["--game", "choose", "--players", "2", "--seats",
                                "hard,normal,random"], "names 3 levels for 2 players"),
    "no games": (["--game", "choose", "--seats", "hard", "--games", "0"], "--games"),
    "budget on a level without one": (["--game", "choose", "--seats", "hard@5"],
                                      "Only ismcts takes a budget"),
    "missing folder": (["--game", "choose", "--seats", "hard", "--out", "/no/such/x.json"],
                       "folder does not exist"),
}


@pytest.mark.parametrize("name", list(MISTAKES))
def test_a_mistake_is_one_sentence_and_exit_2(name: str,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    argv, words = MISTAKES[name]
    assert main(["arena", *argv]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("cheeseknights: ") and err[0].endswith(".")
    assert words in err[0]


def test_the_program_starts_without_the_research_package() -> None:
    """The command is dispatched lazily: parsing imports neither research nor openskill,
    and a missing extra is one sentence."""
    code = ("import sys; from client.cli import build_parser; build_parser()"
            ".parse_args(['arena', '--seats', 'hard']); "
            "print(sorted(m for m in sys.modules if m.split('.')[0] in "
            "('research', 'openskill', 'ray')))")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                          text=True, timeout=120, check=True)
    assert done.stdout.strip() == "[]"
    blocked = ("import sys; sys.modules['openskill'] = None; from client.cli import main; "
               "sys.exit(main(['arena', '--game', 'choose', '--seats', 'hard', '--games', "
               "'2']))")
    done = subprocess.run([sys.executable, "-c", blocked], cwd=ROOT, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 2
    assert done.stderr.strip() == ("cheeseknights: arena needs openskill for its ladder: "
                                   "pip install 'cheeseknights[research]'.")
    assert build_parser() is not None


def test_a_local_ray_instance_plays_the_same_games() -> None:
    pytest.importorskip("ray", reason="the ray extra is not installed")
    levels = ["hard", "random"]
    local = tournament("choose", 2, levels, 6, seed=3, runner=local_runner(1))
    remote = tournament("choose", 2, levels, 6, seed=3, runner=ray_runner("local", 1, timeout=300),
                        runner_name="ray local")
    assert played_alike(remote) == played_alike(local)
