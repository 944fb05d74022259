"""The desktop program: command line, menus, tables, art and sound.

Importing this package loads no graphics; only the scenes and the window do, so the
headless commands (sim, host, bot) start fast and run without a display.
"""

import os

__version__ = "0.1.0"
"""The program's version, in one place: pyproject.toml reads it from here, and so do
``--version``, the lobby and the standalone build."""

# pygame prints a banner on import; keep stdout clean for --stats and --json output.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
