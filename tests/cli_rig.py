"""``cheeseknights`` run inside the test's own process, for the headless runs that
check what a table draws (``--stats``, ``--overflow-report``), not how a program starts.

Each such run as a program of its own paid about half a second of start-up and the
opening of every font before its first frame; here the worker's fonts stay open from
one run to the next. What a fresh process shows is still tested in one
(``tests/test_client_cli.py``, ``tests/test_client_startup.py``, the Rules screen's
contract).

``pygame.quit`` is held off for the run: the worker keeps one pygame, as every test
that opens an ``App`` does, so a window another fixture of the worker holds stays
open, and the fonts and themes the run opened are there for the next (a quit would
close them, and the next run open them all again).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

import pygame
import pytest

from client.cli import main


@dataclass(frozen=True)
class Done:
    """What the run left: its exit code and what it printed."""

    returncode: int
    stdout: str
    stderr: str

    def line(self) -> dict[str, Any]:
        """The ``--stats`` line (the last line printed), with the report beside it."""
        assert self.returncode == 0, self.stderr[-2000:]
        return {**json.loads(self.stdout.strip().splitlines()[-1]), "report": self.stderr}


def run(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], *argv: str,
        env: dict[str, str] | None = None) -> Done:
    """``cheeseknights argv`` with ``env`` added to the environment for the run."""
    with monkeypatch.context() as patch:
        for name, value in (env or {}).items():
            patch.setenv(name, value)
        patch.setattr(pygame, "quit", lambda: None)
        capsys.readouterr()
        try:
            code = main(list(argv))
        except SystemExit as stop:  # argparse's refusals
            code = stop.code if isinstance(stop.code, int) else 2
        out, err = capsys.readouterr()
    return Done(code, out, err)
