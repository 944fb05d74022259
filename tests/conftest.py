"""Set-up every test shares, made before any test module is imported: screens and
sound go to SDL's dummy drivers, and settings to a folder of their own, so a test run
never opens a window, plays a sound or touches the user's settings."""

from __future__ import annotations

import os
import tempfile

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("CHEESEKNIGHTS_CONFIG_DIR", tempfile.mkdtemp(prefix="ck-settings-"))
