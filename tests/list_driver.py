"""A window's list of LAN tables, as it changes: ``python -m tests.list_driver SECONDS``
opens the program's own *Join a LAN table* scene (dummy video, its own settings) and, for
SECONDS, prints one JSON line whenever what the list shows changes: the seconds since the
start, each listed table's words, and how many locks are drawn beside them
(``tests/test_lan_discovery_netns.py`` runs it inside a network namespace)."""

from __future__ import annotations

import json
import os
import sys
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


def main(argv: list[str]) -> int:
    from client.app import HEADLESS_DT, App
    from client.scenes.finding import JoinScene
    from client.settings import Settings

    app = App(Settings(name="Lister", language="en"), headless=True)
    scene = JoinScene(app)
    app.push(scene)
    start = time.monotonic()
    shown = None
    while time.monotonic() - start < float(argv[0]):
        app.step(HEADLESS_DT)
        now = [str(button.text) for button in scene.buttons], len(scene.locks)
        if now != shown:
            shown = now
            print(json.dumps({"t": round(time.monotonic() - start, 2), "tables": now[0],
                              "locks": now[1]}), flush=True)
        time.sleep(1 / 60)
    app.close()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
