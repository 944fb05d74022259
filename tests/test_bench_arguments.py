"""The measuring scripts refuse counts, times and windows they cannot use, in one line
(exit 2), before they touch anything: a batch of 0 deals went round for ever rewriting
the arena's kept measurements, a count of 0 divided by zero or took the median of
nothing, a window of 0x0 was measured, and a time of day that is none stopped on a
traceback (``bench/counts.py``)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parent.parent
ARENA = ["run", "--game", "choose", "--cell", "calibrate"]


def script(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(f"bench_{name}_args", ROOT / f"bench/{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize(("name", "argv", "flag", "value", "says"), [
    ("arena", ARENA, "--batch", "0", "a whole number from 1 up, not '0'"),
    ("arena", ARENA, "--deals", "-3", "a whole number from 1 up, not '-3'"),
    ("arena", ARENA, "--jobs", "0", "a whole number from 1 up, not '0'"),
    ("arena", ARENA, "--until", "25:99", "a time of day HH:MM, not '25:99'"),
    ("arena", ARENA, "--until", "noon", "a time of day HH:MM, not 'noon'"),
    ("memory", [], "--runs", "0", "a whole number from 1 up, not '0'"),
    ("memory", [], "--sizes", "0x0", "a window from 320x240 to 7680x4320, not '0x0'"),
    ("engine", [], "--games", "0", "a whole number from 1 up, not '0'"),
    ("choose_deck", [], "--games", "0", "a whole number from 1 up, not '0'"),
    ("text_overflow", [], "--jobs", "0", "a whole number from 1 up, not '0'"),
    ("fills", [], "--rounds", "0", "a whole number from 1 up, not '0'"),
    ("suite", [], "--top", "0", "a whole number from 1 up, not '0'")])
def test_a_bad_count_time_or_window_is_one_line(
        name: str, argv: list[str], flag: str, value: str, says: str,
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    kept = sorted((ROOT / "docs" / "data").rglob("*"))
    before = [path.read_bytes() for path in kept if path.is_file()]
    monkeypatch.setattr(sys, "argv", [f"{name}.py", *argv, flag, value])
    with pytest.raises(SystemExit) as stopped:
        script(name).main()
    assert stopped.value.code == 2
    last = capsys.readouterr().err.strip().splitlines()[-1]
    assert last == f"{name}.py{' run' if argv else ''}: error: argument {flag}: {says}"
    assert sorted((ROOT / "docs" / "data").rglob("*")) == kept
    assert [path.read_bytes() for path in kept if path.is_file()] == before
