"""Make every sound effect of the game from a few lines of arithmetic.

Run ``python sounds/make_sounds.py`` to rewrite the WAV files beside this script.
Only the standard library is used, so the sounds can be remade anywhere, and the
same script always produces the same bytes (the noise generator is seeded).
"""

from __future__ import annotations

import math
import random
import struct
import wave
from collections.abc import Callable, Iterable
from pathlib import Path

RATE = 22050
HERE = Path(__file__).resolve().parent

Tone = Callable[[float], float]


def bell(freq: float, decay: float = 3.0) -> Tone:
    """A struck bell: a fundamental plus two inharmonic partials, dying away."""

    def f(t: float) -> float:
        env = math.exp(-decay * t) * min(1.0, t * 200)
        return env * (
            0.6 * math.sin(2 * math.pi * freq * t)
            + 0.25 * math.sin(2 * math.pi * freq * 2.76 * t)
            + 0.15 * math.sin(2 * math.pi * freq * 5.4 * t)
        )

    return f


def pluck(freq: float, decay: float = 12.0) -> Tone:
    def f(t: float) -> float:
        env = math.exp(-decay * t) * min(1.0, t * 400)
        return env * (math.sin(2 * math.pi * freq * t) + 0.3 * math.sin(4 * math.pi * freq * t))

    return f


def render(parts: Iterable[tuple[float, Tone]], seconds: float) -> list[float]:
    """Mix tones that start at the given offsets."""
    samples = [0.0] * int(RATE * seconds)
    for start, tone in parts:
        first = int(start * RATE)
        for i in range(first, len(samples)):
            samples[i] += tone((i - first) / RATE)
    return samples


def noise_burst(seconds: float, seed: int, clicks: int) -> list[float]:
    """Dice rattling in a cup: short filtered noise clicks at random moments."""
    rng = random.Random(seed)
    samples = [0.0] * int(RATE * seconds)
    for _ in range(clicks):
        at = int(rng.uniform(0, seconds * 0.85) * RATE)
        amp = rng.uniform(0.3, 0.8)
        last = 0.0
        for i in range(int(RATE * 0.03)):
            if at + i >= len(samples):
                break
            last = 0.6 * last + 0.4 * rng.uniform(-1, 1)
            samples[at + i] += amp * last * math.exp(-i / (RATE * 0.006))
    return samples


def sweep(f0: float, f1: float, seconds: float) -> list[float]:
    out, phase = [], 0.0
    n = int(RATE * seconds)
    for i in range(n):
        t = i / n
        phase += 2 * math.pi * (f0 + (f1 - f0) * t) / RATE
        out.append(math.sin(phase) * math.sin(math.pi * t) * 0.7)
    return out


def write(name: str, samples: list[float]) -> None:
    peak = max(1e-9, max(abs(s) for s in samples))
    scale = 0.8 * 32767 / peak
    with wave.open(str(HERE / f"{name}.wav"), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(b"".join(struct.pack("<h", int(s * scale)) for s in samples))


def main() -> None:
    write("chime", render([(0.0, bell(880)), (0.18, bell(660))], 1.2))
    write("wake", render([(0.0, bell(523, 4)), (0.1, bell(659, 4)), (0.2, bell(784, 4))], 0.9))
    write("click", render([(0.0, pluck(1200, 40))], 0.08))
    write("roll", noise_burst(0.6, 7, 14))
    write("theft", sweep(300, 1400, 0.35))
    write("vote", render([(0.0, pluck(440, 18)), (0.05, pluck(660, 18))], 0.3))
    write("reveal", render([(0.0, pluck(392)), (0.12, pluck(494)), (0.24, bell(587, 2.5))], 1.0))
    write("win", render([(i * 0.13, bell(f, 3)) for i, f in enumerate((523, 659, 784, 1046))], 1.4))
    write("lose", render([(i * 0.2, pluck(f, 5)) for i, f in enumerate((392, 349, 311))], 1.1))
    write("error", render([(0.0, pluck(180, 10)), (0.12, pluck(170, 10))], 0.35))


if __name__ == "__main__":
    main()
