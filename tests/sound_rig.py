"""A real window's sound, written to a file: run as ``python -m tests.sound_rig OUT``.

SDL's ``disk`` audio driver writes the mixed output to ``SDL_DISKAUDIOFILE`` at the
pace of a sound card, so what the table sounds is there to read, sample by sample. This
program plays a scripted Cheese Thief table headless and, around every cue, notes where
the file had got to: the cue's moment. It stops every sound before the next cue, so a
test can check that the file is silent before each moment and sounds after it. It
prints one JSON document: the moments, in order, each with the names ``Audio`` and
``Voice`` said they played.

The environment (driver and file) must be set before pygame starts, which is why this
runs in a process of its own.
"""

from __future__ import annotations

import array
import json
import os
import sys
import time
from collections.abc import Callable
from typing import Any

FORMAT = {"rate": 44100, "channels": 2}
"""The mixer's real output (``pygame.init`` opens it before ``client.audio`` asks)."""
QUIET = 64
"""Samples at or below this are silence (the mixer writes exact zeros when idle)."""


def samples(path: str, start: int = 0) -> array.array[int]:
    """Signed 16-bit samples (all channels, interleaved) of the written file from sample
    ``start``."""
    with open(path, "rb") as f:
        f.seek(start * 2)
        data = f.read()
    out = array.array("h")
    out.frombytes(data[: len(data) // 2 * 2])
    return out


def peak(values: array.array[int]) -> int:
    """The loudest sample (builtins over an array run at C speed)."""
    return max(max(values), -min(values)) if values else 0


def written(path: str) -> int:
    return os.path.getsize(path) // 2


def wait_for(test: Callable[[], bool], timeout: float = 8.0) -> bool:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if test():
            return True
        time.sleep(0.02)
    return False


def per_second() -> int:
    return FORMAT["rate"] * FORMAT["channels"]


def quiet_since(path: str, seconds: float) -> bool:
    """The last ``seconds`` written are silent."""
    n, want = written(path), int(seconds * per_second())
    tail = samples(path, max(0, n - want))
    return len(tail) >= want * 0.9 and peak(tail) <= QUIET


def main(path: str) -> None:
    import pygame

    from client.app import HEADLESS_DT, App
    from client.settings import Settings
    from client.tables import local_scene

    app = App(Settings(bot_delay=0.0, volume=1.0, voice_volume=1.0), headless=True,
              size=(1024, 600))
    mixer = pygame.mixer.get_init()
    if not mixer or mixer[1] != -16:
        raise SystemExit(f"no 16-bit mixer: {mixer}")
    FORMAT.update(rate=mixer[0], channels=mixer[2])
    options = {"hour_seconds": 0.5, "follower_seconds": 0.5, "discussion_seconds": 5.0,
               "vote_seconds": 5.0}
    alone = local_scene(app, "cheese_thief", 5, options, 3, 1, "simple")
    shared = local_scene(app, "cheese_thief", 5, options, 3, 3, "simple")
    app.scenes = [alone]
    app.step(HEADLESS_DT)
    moments: list[dict[str, Any]] = []

    def sounding_after(at: int) -> bool:
        return peak(samples(path, at)) > QUIET

    def moment(label: str, cue: Callable[[], None], sounds: bool = True) -> None:
        pygame.mixer.stop()  # the previous cue ends here, so what follows is this one's
        # What the mixer made before the stop may still be on its way to the file: wait
        # until the file is well past it, so the quiet looked for is the stop's and not
        # a pause inside the previous cue (a voice line between two words).
        stopped = written(path)
        wait_for(lambda: written(path) > stopped + per_second() // 5, timeout=10.0)
        wait_for(lambda: quiet_since(path, 0.1), timeout=10.0)
        app.audio.played, app.voice.played = [], []  # (both keep only their latest)
        at = written(path)
        cue()
        played, spoken = list(app.audio.played), list(app.voice.played)
        if sounds:  # wait for it to start, then let a little of it play
            wait_for(lambda: sounding_after(at), timeout=5.0)
            more = written(path) + per_second() // 5
            wait_for(lambda: written(path) > more)
        else:  # time enough for a cue that should not sound to have sounded
            wait_for(lambda: written(path) > at + per_second() * 0.6)
        moments.append({"label": label, "at": at, "played": played, "spoken": spoken,
                        "muted": app.audio.muted, "volume": app.audio.volume})

    def events(scene: Any, *batch: dict[str, Any], public: bool = True) -> Callable[[], None]:
        return lambda: scene.on_events(list(batch), public=public)

    def key(code: int) -> Callable[[], None]:
        def press() -> None:
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0,
                                                 unicode="", scancode=0))
            app.step(HEADLESS_DT)
        return press

    # The table's cues, each from the scene path that sounds it at a table of one person.
    moment("hour", events(alone, {"type": "hour", "hour": 2}))
    moment("wake", events(alone, {"type": "wake", "hour": 2, "awake": [0], "cheese": "present"},
                          public=False))
    moment("roll", lambda: alone.private_sound("roll"))
    moment("theft", lambda: alone.private_sound("theft"))
    moment("day", events(alone, {"type": "day"}))
    moment("voted", events(alone, {"type": "voted", "seat": 3}))
    moment("reveal", events(alone, {"type": "reveal", "tally": [0, 0, 0, 1, 0]}))
    moment("click", lambda: alone.send({"type": "ready"}))
    moment("error", lambda: (alone.feed.errors.append((alone.session.clock, "illegal", "No.")),
                             alone.update(HEADLESS_DT)))
    moment("win", lambda: app.audio.play("win"))
    moment("lose", lambda: app.audio.play("lose"))
    moment("chime", lambda: app.audio.play("chime"))
    moment("voice", lambda: app.voice.say("hour_2", "en", alone.session.clock))
    # A person's secret is never sounded to the room at a shared screen.
    app.scenes = [shared]
    moment("shared_wake", events(shared, {"type": "wake", "hour": 2, "awake": [0],
                                          "cheese": "present"}, public=False), False)
    moment("shared_theft", lambda: shared.private_sound("theft"), False)
    app.scenes = [alone]
    # Half the effects' volume with the minus key (1.0 -> 0.5), then mute with M.
    moment("volume_keys", lambda: [key(pygame.K_MINUS)() for _ in range(5)])
    moment("win_half", lambda: app.audio.play("win"))
    moment("mute_key", key(pygame.K_m), False)
    moment("chime_muted", lambda: app.audio.play("chime"), False)
    moment("hour_muted", events(alone, {"type": "hour", "hour": 3}), False)
    print(json.dumps({**FORMAT, "moments": moments}))
    pygame.quit()


if __name__ == "__main__":
    main(sys.argv[1])
