"""The desktop program: command line, menus, tables, art and sound.

Importing this package loads no graphics; only the scenes and the window do, so the
headless commands (sim, host, bot) start fast and run without a display.
"""

import os

# pygame prints a banner on import; keep stdout clean for --stats and --json output.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
