"""Win rates with their uncertainty: a rate without N and an interval says little."""

from __future__ import annotations

import math
from typing import TypedDict

Z95 = 1.959963984540054
"""The two-sided 95% normal quantile."""


class Rate(TypedDict):
    """Wins out of N with the Wilson 95% interval."""

    wins: float
    n: int
    rate: float
    low: float
    high: float


def wilson(wins: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion: unlike the normal one it stays inside
    [0, 1] and keeps its coverage near 0% and 100%, where the weakest and strongest
    bots' rates lie."""
    if n <= 0:
        return 0.0, 1.0
    p = wins / n
    denominator = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denominator
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denominator
    low = 0.0 if wins <= 0 else max(0.0, centre - half)
    high = 1.0 if wins >= n else min(1.0, centre + half)  # exact ends, not 0.999...
    return low, high


def rate(wins: float, n: int) -> Rate:
    low, high = wilson(wins, n)
    return {"wins": wins, "n": n, "rate": wins / n if n else 0.0, "low": low, "high": high}
