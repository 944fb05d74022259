"""Packaging hook: carry the top-level ``art/`` and ``sounds/`` into the wheel.

They live at the top of the source tree (where people look for them) and are copied
to ``client/_assets/`` when a wheel is built, where ``client.assets`` finds them.
Everything else about the package is declared in ``pyproject.toml``.
"""

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

ASSETS = ("art", "sounds")
HERE = Path(__file__).resolve().parent


class BuildWithAssets(build_py):
    def run(self) -> None:
        super().run()
        for name in ASSETS:
            source = HERE / name
            if source.is_dir():
                target = Path(self.build_lib) / "client" / "_assets" / name
                skip = shutil.ignore_patterns("__pycache__", "*.pyc")
                shutil.copytree(source, target, dirs_exist_ok=True, ignore=skip)


setup(cmdclass={"build_py": BuildWithAssets})
