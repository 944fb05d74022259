"""The house rules a script can check: layers, typing, lint."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

from tests import house_checks

ROOT = Path(__file__).resolve().parent.parent
FORBIDDEN = {
    "core": {"pygame", "pygame_gui", "zmq", "msgpack", "zeroconf", "platformdirs", "socket",
             "threading", "asyncio", "time", "datetime", "random", "os", "io", "net", "client",
             "research"},
    "net": {"pygame", "pygame_gui", "client", "research"},
    "research": {"pygame", "pygame_gui", "client", "net"},
}


@pytest.mark.parametrize("layer", sorted(FORBIDDEN))
def test_imports_point_down_only(layer: str) -> None:
    bad = []
    for path in (ROOT / layer).rglob("*.py"):
        bad += [f"{path.relative_to(ROOT)}: {name}" for name in _imported_modules(path)
                if name.split(".")[0] in FORBIDDEN[layer]]
    assert bad == []


def _imported_modules(path: Path) -> list[str]:
    names: list[str] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.append(node.module)
    return names


def test_no_game_scene_imports_another_games_scene() -> None:
    """What two tables share lives in the client kit (client/kit), not in one game."""
    scenes = ROOT / "client" / "scenes"
    games = {p.name for p in scenes.iterdir() if (p / "__init__.py").exists()}
    bad = []
    for game in sorted(games):
        for path in (scenes / game).rglob("*.py"):
            for name in _imported_modules(path):
                parts = name.split(".")
                if parts[:2] == ["client", "scenes"] and len(parts) > 2 and \
                        parts[2] in games - {game}:
                    bad.append(f"{path.relative_to(ROOT)}: {name}")
    assert bad == []


def test_the_client_kit_imports_no_scene() -> None:
    """The kit (client/kit) sits below the scenes: widgets, colours and the parts of a
    table are built there, and a scene uses them; a kit module that reached up into a
    scene would tie every table to that scene's imports."""
    bad = []
    for path in (ROOT / "client" / "kit").rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                names = [node.module] + [f"{node.module}.{a.name}" for a in node.names]
            else:
                continue
            bad += [f"{path.relative_to(ROOT)}:{node.lineno}: {name}" for name in names
                    if name == "client.scenes" or name.startswith("client.scenes.")]
    assert bad == []


def test_mypy_strict_on_core_net_and_client() -> None:
    code, out = house_checks.answer("mypy")
    assert code == 0, out[-3000:]


def test_mypy_s_shared_cache_still_finds_a_clone_s_mistake(tmp_path: Path) -> None:
    """The suite's mypy keeps its cache outside the tree (``house_checks.MYPY_CACHE``),
    shared by every clone on the machine: a clone whose module differs from the one the
    cache was written from is checked afresh, so its mistake is found."""
    answers = []
    for clone, body in (("first", "x: int = 1\n"), ("second", 'x: int = "one"\n')):
        tree = tmp_path / clone
        (tree / "sample").mkdir(parents=True)
        (tree / "sample" / "__init__.py").write_text(body, encoding="utf-8")
        answers.append(subprocess.run(
            [sys.executable, "-m", "mypy", "--strict", "-p", "sample"], cwd=tree,
            env=house_checks.mypy_env(), capture_output=True, text=True, timeout=120))
    assert answers[0].returncode == 0, answers[0].stdout
    assert answers[1].returncode == 1 and "sample/__init__.py:1: error" in answers[1].stdout


def test_ruff_is_clean() -> None:
    """ruff comes with the [test] extra, as mypy does: the suite needs no skip for it."""
    code, out = house_checks.answer("ruff")
    assert code == 0, out[-3000:]
