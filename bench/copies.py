"""What a frame's start costs: the still picture copied over the window by a blit, and as
memory (``client.kit.pixels.copy_whole``), each followed by the labels a table draws
over it, on the display surface of a headless window at the usual sizes.

``python bench/copies.py [--rounds N] [--labels N]``

A frame here is the copy and ``--labels`` translucent labels blitted after it (the
copy's cost shows in what is drawn next as much as in itself). The two ways take turns,
a hundred frames at a time, ``--rounds`` times; printed per size: the median µs of a
frame each way and their ratio. The anchor of the run is the labels alone.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

if sys.path and Path(sys.path[0]).resolve() == Path(__file__).resolve().parent:
    del sys.path[0]
sys.path.append(str(Path(__file__).resolve().parent.parent))

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402

from bench.counts import positive  # noqa: E402
from client.kit.pixels import copy_whole  # noqa: E402

SIZES = ((1280, 720), (1024, 600), (1920, 1080))


def timed(frame: Callable[[], object], frames: int = 100) -> float:
    start = time.perf_counter()
    for _ in range(frames):
        frame()
    return (time.perf_counter() - start) / frames * 1e6


def ways(size: tuple[int, int], label: pygame.Surface, count: int
         ) -> dict[str, Callable[[], object]]:
    """The frames compared at one size, on a window of that size opened now."""
    screen = pygame.display.set_mode(size)
    still = pygame.Surface(size)
    still.fill((30, 60, 90))
    spots = [((i * 173) % (size[0] - 200), (i * 97) % (size[1] - 30)) for i in range(count)]

    def labels() -> None:
        for spot in spots:
            screen.blit(label, spot)

    def blitted() -> None:
        screen.blit(still, (0, 0))
        labels()

    def copied() -> None:
        if not copy_whole(screen, still):
            raise SystemExit("copy_whole declined a window-sized still picture")
        labels()

    return {"labels alone": labels, "blit": blitted, "copy_whole": copied}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=positive, default=15)
    parser.add_argument("--labels", type=positive, default=20)
    args = parser.parse_args()
    pygame.display.init()
    label = pygame.Surface((200, 30), pygame.SRCALPHA)
    label.fill((250, 246, 236, 200))
    for size in SIZES:
        frames = ways(size, label, args.labels)
        times: dict[str, list[float]] = {way: [] for way in frames}
        for _ in range(args.rounds):
            for way, frame in frames.items():
                times[way].append(timed(frame))
        alone, blit, copy = (statistics.median(times[way]) for way in frames)
        print(f"{size[0]}x{size[1]}: labels alone {alone:6.0f} µs, blit {blit:6.0f} µs, "
              f"copy_whole {copy:6.0f} µs, ratio {blit / copy:4.2f}")
    pygame.display.quit()


if __name__ == "__main__":
    main()
