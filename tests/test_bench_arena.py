"""bench/arena.py and bench/bots.py write one docs/BOTS.md between them: the arena's
part, between its markers, under the title; the level tables after it. Each keeps the
other's part, and writing twice gives the same file."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

pytest.importorskip("openskill", reason="the research extra (openskill) is not installed")
pytest.importorskip("matplotlib", reason="the bench extra (matplotlib) is not installed")

ROOT = Path(__file__).resolve().parent.parent
LEVEL_TABLES = """# Bot strength

## The levels, one test seat against the reference level

Made by `python bench/bots.py`; do not edit by hand.

## Sly Knight Robbery (sly_knights)

| players | reference | games |
|---|---|---|
| 4 | normal | 1000 |
"""


def bench(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(f"bench_{name}", ROOT / "bench" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def test_the_arena_part_sits_under_the_title_and_each_script_keeps_the_other(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    arena, bots = bench("arena"), bench("bots")
    for module in (arena, bots):
        monkeypatch.setattr(module, "DOCS", tmp_path)
    monkeypatch.setattr(arena, "DATA", tmp_path / "data")
    monkeypatch.setattr(arena, "IMG", tmp_path / "img")
    (tmp_path / "BOTS.md").write_text(LEVEL_TABLES, encoding="utf-8")
    arena.run("sly_knights", "calibrate", 1, None, 1, 1)
    arena.run("sly_knights", "ladder", 1, None, 1, 1)
    arena.write()
    text = (tmp_path / "BOTS.md").read_text(encoding="utf-8")
    assert text.startswith("# Bot strength\n\n" + arena.BEGIN)
    assert text.endswith(LEVEL_TABLES.split("\n\n", 1)[1])
    assert "| sly_knights | 4 | " in text and "equal budget: ismcts@" in text
    assert "Not measured: no arena games were played for this game." in text
    assert (tmp_path / "img" / "arena-ladder.png").stat().st_size > 1000
    arena.write()
    assert (tmp_path / "BOTS.md").read_text(encoding="utf-8") == text
    kept = bots.arena_part()
    assert kept[0].startswith(arena.BEGIN) and kept[0].endswith(arena.END)
    assert kept[0] in text
