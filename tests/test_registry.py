"""The registry names every bot level without importing the stronger bots' modules."""

from __future__ import annotations

import importlib
import subprocess
import sys

from core.registry import BOTS, SMART_LEVELS, make_bot


def test_the_registry_loads_no_smart_bot_until_one_plays() -> None:
    code = ("import sys, core.registry; "
            "print(sorted(m for m in sys.modules if m.endswith('.smart')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, timeout=60)
    assert out.stdout.strip() == "[]"


def test_each_smart_level_is_its_modules_class() -> None:
    for game_id, levels in BOTS.items():
        module = importlib.import_module(f"core.games.{game_id}.smart")
        offered = getattr(module, "LEVELS", None)
        for level in SMART_LEVELS:
            bot = make_bot(game_id, level, 1, 7)
            assert type(bot) is getattr(module, f"{level.capitalize()}Bot")
            if offered is not None:
                assert type(bot) is offered[level]
        assert list(levels)[-4:] == [*SMART_LEVELS, "ismcts"]
