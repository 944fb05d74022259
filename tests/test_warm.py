"""``tests/warm.py``: what a parallel run makes once, before its workers start, is
where each worker looks for it."""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_a_module_is_compiled_and_its_constants_noted_where_hypothesis_reads_them(
        tmp_path: Path) -> None:
    source = tmp_path / "tiles.py"
    source.write_text('"""Tiles."""\nNIGHT_SECONDS = 1234\nNAME = "spare"\n')
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    done = subprocess.run([sys.executable, "-m", "tests.warm", str(source)], cwd=tmp_path,
                          env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert list((tmp_path / "__pycache__").glob("tiles.*.pyc"))
    digest = hashlib.sha1(source.read_bytes()).hexdigest()[:16]
    noted = (tmp_path / ".hypothesis" / "constants" / digest).read_text()
    assert "1234" in noted and "'spare'" in noted
