"""What a panel's fill costs, filled at once (``Surface.fill``) and in two parts from the
row's first 64-byte line (``client.kit.fill``), on the display surface of a headless
window at the usual sizes.

``python bench/fills.py [--rounds N]``

The rectangles are the tables' own at each size: Knights' side panel and its content
box, the prompt bar under a table, a left-aligned panel (a line already: the anchor of
the run, which should cost the same both ways). The two ways take turns, a hundred
fills at a time, ``--rounds`` times; printed per size and rectangle: the median µs of
a fill each way and their ratio.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

if sys.path and Path(sys.path[0]).resolve() == Path(__file__).resolve().parent:
    del sys.path[0]
sys.path.append(str(Path(__file__).resolve().parent.parent))

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402

from bench.counts import positive  # noqa: E402
from client.kit.fill import fill  # noqa: E402

SIZES = ((1280, 720), (1024, 600), (1920, 1080))
COLOR = (30, 26, 36)


def rectangles(width: int, height: int) -> dict[str, pygame.Rect]:
    side = int(width * 0.734)  # (Knights' layout: the panel is the last 26.6%)
    return {
        "side panel": pygame.Rect(side, 0, width - side, height),
        "content box": pygame.Rect(side + 10, height // 4, width - side - 20, height // 2),
        "prompt bar": pygame.Rect(3, height - 90, side - 6, 80),
        "left panel (anchor)": pygame.Rect(0, 0, width - side, height),
    }


def timed(how: Callable[[pygame.Rect], object], rect: pygame.Rect, fills: int = 100) -> float:
    start = time.perf_counter()
    for _ in range(fills):
        how(rect)
    return (time.perf_counter() - start) / fills * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=positive, default=15)
    args = parser.parse_args()
    pygame.init()
    for size in SIZES:
        screen = pygame.display.set_mode(size)
        ways: dict[str, Callable[[pygame.Rect], object]] = {
            "at once": partial(screen.fill, COLOR),
            "in two parts": partial(fill, screen, COLOR)}
        for name, rect in rectangles(*size).items():
            times: dict[str, list[float]] = {way: [] for way in ways}
            for _ in range(args.rounds):
                for way, how in ways.items():
                    times[way].append(timed(how, rect))
            once, two = (statistics.median(times[way]) for way in ways)
            print(f"{size[0]}x{size[1]} {name:20} x={rect.x:4} w={rect.w:4}: at once "
                  f"{once:6.0f} µs, in two parts {two:6.0f} µs, ratio {once / two:5.1f}")
    pygame.quit()


if __name__ == "__main__":
    main()
