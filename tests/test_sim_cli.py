"""``cheeseknights sim``: its JSON, its determinism and its refusals, run as a user would."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest


def sim(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "client.cli", "sim", *args],
                          capture_output=True, text=True, timeout=120)


def test_json_report_has_the_promised_shape() -> None:
    out = sim("--game", "cheese_thief", "--players", "6", "--games", "50", "--seed", "3",
              "--option", "fall_mouse=true", "--bots", "simple", "--json")
    assert out.returncode == 0, out.stderr
    report = json.loads(out.stdout)
    assert set(report) == {"game", "players", "games", "seed", "options", "wins_by_seat",
                           "wins_by_side", "errors", "actions", "elapsed_s"}
    assert report["game"] == "cheese_thief" and report["players"] == 6
    assert report["options"]["fall_mouse"] is True and report["errors"] == 0
    assert len(report["wins_by_seat"]) == 6
    assert set(report["wins_by_side"]) == {"sleepyheads", "thief", "fall_mouse"}
    assert sum(report["wins_by_side"].values()) == 50
    assert report["actions"] > 50 * 6


@pytest.mark.parametrize("bots", ["random", "simple"])
def test_same_seed_same_report(bots: str) -> None:
    runs = [json.loads(sim("--players", "5", "--games", "40", "--seed", "9", "--bots", bots,
                           "--json").stdout) for _ in range(2)]
    for run in runs:
        del run["elapsed_s"]
    assert runs[0] == runs[1]
    other = json.loads(sim("--players", "5", "--games", "40", "--seed", "10", "--bots", bots,
                           "--json").stdout)
    assert other["wins_by_seat"] != runs[0]["wins_by_seat"]


def test_readable_table_without_json() -> None:
    out = sim("--players", "4", "--games", "20")
    assert out.returncode == 0
    assert "seat" in out.stdout and "sleepyheads" in out.stdout and "errors 0" in out.stdout


def test_timers_are_options() -> None:
    out = sim("--players", "8", "--games", "5", "--json", "--option", "hour_seconds=0.5",
              "--option", "follower_seconds=0.1", "--option", "discussion_seconds=1")
    options = json.loads(out.stdout)["options"]
    assert (options["hour_seconds"], options["follower_seconds"]) == (0.5, 0.1)


@pytest.mark.parametrize(("args", "words"), [
    (["--game", "chess"], "no game 'chess'"),
    (["--players", "9"], "4-8 players, not 9"),
    (["--option", "colour=red"], "no option 'colour'"),
    (["--players", "5", "--option", "fall_mouse=true"], "does not apply"),
    (["--option", "hour_seconds=soon"], "must be a number"),
    (["--option", "novalue"], "KEY=VALUE"),
    (["--bots", "genius"], "no bot level"),
    (["--games", "0"], "at least 1"),
])
def test_bad_arguments_get_one_sentence(args: list[str], words: str) -> None:
    out = sim(*args)
    assert out.returncode != 0
    assert words in out.stderr
    assert "Traceback" not in out.stderr and len(out.stderr.strip().splitlines()) == 1


def test_seats_assign_levels_and_report_wins_by_level() -> None:
    out = sim("--seats", "hard,random,random,random", "--games", "60", "--seed", "4", "--json")
    assert out.returncode == 0, out.stderr
    report = json.loads(out.stdout)
    assert report["players"] == 4
    assert set(report["wins_by_level"]) == {"hard", "random"}
    assert report["wins_by_level"]["hard"] == report["wins_by_seat"][0]
    assert report["wins_by_level"]["random"] == sum(report["wins_by_seat"][1:])


def test_jobs_do_not_change_the_report() -> None:
    args = ["--seats", "normal,simple,random,easy,hard", "--games", "30", "--seed", "8", "--json"]
    one = json.loads(sim(*args).stdout)
    two = json.loads(sim(*args, "--jobs", "2").stdout)
    del one["elapsed_s"], two["elapsed_s"]
    assert one == two


def test_seats_must_match_players() -> None:
    out = sim("--seats", "hard,random,random,random", "--players", "5")
    assert out.returncode != 0 and "--seats names 4 seats" in out.stderr
