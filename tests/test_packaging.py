"""Packaging: the program's version is written once in ``client/__init__.py``, read by
pyproject, shown by ``--version`` and in the lobby; the build script takes its pin from
pyproject; the README and CI keep their commands. (``packaging/check_build.py`` builds
and runs the frozen program: too slow for this suite, ``.ci/run`` runs it after.)"""

from __future__ import annotations

import importlib.metadata
import importlib.util
import os
import subprocess
import sys
import tomllib
from pathlib import Path
from typing import Any

from client import __version__

ROOT = Path(__file__).resolve().parents[1]


def pyproject() -> dict[str, Any]:
    with (ROOT / "pyproject.toml").open("rb") as f:
        return tomllib.load(f)


def test_version_is_written_once_and_pyproject_reads_it() -> None:
    data = pyproject()
    assert "version" not in data["project"] and "version" in data["project"]["dynamic"]
    assert data["tool"]["setuptools"]["dynamic"]["version"] == {"attr": "client.__version__"}
    assert __version__.count(".") == 2 and all(p.isdigit() for p in __version__.split("."))
    try:
        installed = importlib.metadata.version("cheeseknights")
    except importlib.metadata.PackageNotFoundError:
        return
    assert installed == __version__


def test_version_flag_prints_the_version_and_exits_0() -> None:
    done = subprocess.run([sys.executable, "-m", "client.cli", "--version"], cwd=ROOT,
                          capture_output=True, text=True, timeout=30,
                          env=dict(os.environ, PYTHONPATH=str(ROOT)))
    assert done.returncode == 0, done.stderr
    assert done.stdout == f"cheeseknights {__version__}\n" and done.stderr == ""


def test_the_lobby_shows_the_program_version(tmp_path: Path, monkeypatch: Any) -> None:
    import pygame

    from client.app import HEADLESS_DT, App
    from client.kit import widgets
    from client.scenes.lobby import host_lobby
    from client.settings import Settings

    monkeypatch.setenv("CHEESEKNIGHTS_CONFIG_DIR", str(tmp_path))
    drawn: list[str] = []
    real = widgets.blit_text

    def spy(surface: pygame.Surface, words: str, *args: Any, **kwargs: Any) -> pygame.Rect:
        drawn.append(words)
        return real(surface, words, *args, **kwargs)

    monkeypatch.setattr(widgets, "blit_text", spy)
    app = App(Settings(name="Aki"), headless=True)
    lobby = host_lobby(app, "choose", 2, {}, 1, "simple", bind="127.0.0.1", announce=False,
                       log_dir=tmp_path)
    app.push(lobby)
    try:
        app.step(HEADLESS_DT)
        lobby.draw(app.screen)
    finally:
        app.pop()
    assert f"Cheese & Knights {__version__}" in drawn


def test_the_build_script_takes_its_pin_from_pyproject() -> None:
    # Loaded by path: ``build`` is also the name of a PyPA package.
    spec = importlib.util.spec_from_file_location("ck_build", ROOT / "packaging" / "build.py")
    assert spec is not None and spec.loader is not None
    build = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(build)
    pins = build.build_requirements()
    assert pins == pyproject()["project"]["optional-dependencies"]["build"]
    assert any(p.lower().startswith("pyinstaller>=") for p in pins)
    args = build.pyinstaller_args(Path("dist"), Path("work"))
    assert "--onedir" in args and "--collect-data" in args
    datas = [args[i + 1] for i, a in enumerate(args) if a == "--add-data"]
    assert {d.rsplit(os.pathsep, 1)[1] for d in datas} == {"client/_assets/art",
                                                          "client/_assets/sounds",
                                                          "net/web/page"}


def test_the_readme_keeps_its_two_commands_first_and_ci_runs_them_then_the_build() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    first = readme.split("```sh\n", 1)[1].split("```", 1)[0].splitlines()
    assert first == ["pip install -e . && cheeseknights",
                     "pip install -e '.[test]' && python -m pytest"]
    assert readme.index("## Install for players") > readme.index(first[1])
    steps = [line for line in (ROOT / ".ci" / "run").read_text().splitlines()
             if line and not line.startswith(("#", "set ", "cd "))]
    # (first the programs some tests drive, installed where they are missing)
    assert steps == ["bash .ci/system-packages  # a browser for the phones, an X server for "
                     "real windows", first[1],
                     "python packaging/check_build.py"]
