"""Build the standalone program: ``python packaging/build.py`` -> ``dist/cheeseknights/``.

A one-folder PyInstaller build (one-file builds unpack to a temporary folder on every
start and are often flagged by antivirus). The folder holds its own Python, the four
games, the art, the sounds and pygame_gui's Noto Sans JP fonts, so players need no
Python. PyInstaller cannot cross-build: run this on each system the build is for.
The version the folder carries is ``client.__version__``, the same as pyproject's.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import shutil
import subprocess
import sys
import time
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
NAME = "cheeseknights"

PACKAGES = ("core", "net", "client")
"""Ours: every submodule goes in, including those only imported inside functions."""

HIDDEN = ("zeroconf", "pygame_gui")
"""Theirs: zeroconf's compiled modules import one another out of the analyser's sight,
and pygame_gui loads its themes and translations by name."""

UNSPOKEN = ("NotoSansSC-*", "NotoSansKR-*")
"""pygame_gui's Chinese and Korean fonts (about 30 MB): it loads a locale's font only
when that locale is set, and the program speaks English and Japanese only."""

EXCLUDES = ("tkinter", "matplotlib", "numpy", "pytest", "hypothesis", "mypy", "IPython",
            "setuptools", "pkg_resources", "_distutils_hack", "distutils", "cffi",
            "zmq.backend.cffi", "research", "openskill", "pettingzoo", "gymnasium", "ray")
"""Installed for development or benches, never imported by the program (the arena's
research package and its extras are for a source install: the frozen program says so). pyzmq's cffi
backend (for PyPy) drags in setuptools, whose start-up hooks (pkg_resources) would add
over a tenth of a second to every start of the frozen program."""


def build_requirements() -> list[str]:
    """pyproject's ``build`` extra: the pin lives there only."""
    with (ROOT / "pyproject.toml").open("rb") as f:
        extras: dict[str, list[str]] = tomllib.load(f)["project"]["optional-dependencies"]
    return extras["build"]


def ensure_pyinstaller() -> None:
    """Install PyInstaller into this Python if it is missing, so one command builds."""
    if importlib.util.find_spec("PyInstaller") is None:
        subprocess.run([sys.executable, "-m", "pip", "install", "--quiet",
                        *build_requirements()], check=True)


def pyinstaller_args(dist: Path, work: Path) -> list[str]:
    sep = os.pathsep
    args = [
        str(ROOT / "packaging" / f"{NAME}.py"),
        "--name", NAME, "--onedir", "--noconfirm", "--clean", "--log-level", "WARN",
        "--distpath", str(dist), "--workpath", str(work), "--specpath", str(work),
        "--paths", str(ROOT),
        # client.assets looks for client/_assets/<kind>, as in a wheel.
        "--add-data", f"{ROOT / 'art'}{sep}client/_assets/art",
        "--add-data", f"{ROOT / 'sounds'}{sep}client/_assets/sounds",
        "--add-data", f"{ROOT / 'net' / 'web' / 'page'}{sep}net/web/page",  # the phones' page
        "--collect-data", "pygame_gui",
    ]
    for package in PACKAGES + HIDDEN:
        args += ["--collect-submodules", package]
    for module in EXCLUDES:
        args += ["--exclude-module", module]
    if sys.platform == "darwin":
        # A .app next to the folder, so Finder can start it with a double click.
        args.append("--windowed")
    return args


def build(dist: Path, work: Path) -> Path:
    ensure_pyinstaller()
    # Our sources must win over any installed copy of the package (an editable
    # install elsewhere, say): the checkout being built is the one that ships.
    env = dict(os.environ, PYTHONPATH=str(ROOT), PYGAME_HIDE_SUPPORT_PROMPT="1")
    subprocess.run([sys.executable, "-m", "PyInstaller", *pyinstaller_args(dist, work)],
                   check=True, cwd=ROOT, env=env)
    for folder in (dist / NAME, dist / f"{NAME}.app"):  # the .app only on macOS
        for pattern in UNSPOKEN:
            for font in folder.rglob(f"pygame_gui/data/{pattern}"):
                font.unlink()
    program = dist / NAME / (f"{NAME}.exe" if sys.platform == "win32" else NAME)
    if not program.is_file():
        raise SystemExit(f"build.py: PyInstaller finished but {program} is missing")
    return program


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dist", type=Path, default=ROOT / "dist",
                        help="where the cheeseknights/ folder goes (default: dist/)")
    parser.add_argument("--work", type=Path, default=ROOT / "build" / "pyinstaller",
                        help="PyInstaller's scratch folder (default: build/pyinstaller/)")
    args = parser.parse_args()
    shutil.rmtree(args.dist / NAME, ignore_errors=True)
    start = time.monotonic()
    program = build(args.dist.resolve(), args.work.resolve())
    print(f"built {program} in {time.monotonic() - start:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
