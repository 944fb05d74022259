"""The arena's measuring run refuses counts and times it cannot use, in one line, before
it touches the measurements kept in the repository: a batch of 0 deals went round for
ever, and a time of day that is none stopped the run on a traceback."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize(("flag", "value", "says"), [
    ("--batch", "0", "a whole number from 1 up, not '0'"),
    ("--deals", "-3", "a whole number from 1 up, not '-3'"),
    ("--jobs", "0", "a whole number from 1 up, not '0'"),
    ("--until", "25:99", "a time of day HH:MM, not '25:99'"),
    ("--until", "noon", "a time of day HH:MM, not 'noon'")])
def test_a_bad_count_or_time_is_one_line(flag: str, value: str, says: str,
                                         monkeypatch: pytest.MonkeyPatch,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    spec = importlib.util.spec_from_file_location("bench_arena_args", ROOT / "bench/arena.py")
    assert spec is not None and spec.loader is not None
    arena = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(arena)
    kept = sorted((ROOT / "docs" / "data" / "arena").glob("choose-*"))
    before = [path.read_bytes() for path in kept]
    monkeypatch.setattr(sys, "argv", ["arena.py", "run", "--game", "choose", "--cell",
                                      "calibrate", flag, value])
    with pytest.raises(SystemExit) as stopped:
        arena.main()
    assert stopped.value.code == 2
    err = capsys.readouterr().err
    assert err.strip().splitlines()[-1] == f"arena.py run: error: argument {flag}: {says}"
    assert sorted((ROOT / "docs" / "data" / "arena").glob("choose-*")) == kept
    assert [path.read_bytes() for path in kept] == before
