"""What a seat says at the table, as text a person can read and a bot can parse.

Bots cannot talk like people, so they state their night as a fixed sentence: when
they woke, who was awake, what happened to the cheese, and any die they peeked.
Sleepyheads tell the truth; the Thief and its followers may not. Seats are written
1-based, as the table shows them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache

_WOKE = re.compile(r"I woke at (\d) with seats? ([\d, ]+)\.")
_PRESENT = "The cheese was there"
_GONE = "The cheese was already gone"
_TAKEN = re.compile(r"Seat (\d) took the cheese")
_PEEK = re.compile(r"Seat (\d)'s die is (\d)")


@dataclass(frozen=True)
class Wake:
    hour: int
    awake: tuple[int, ...]
    cheese: str
    """present, gone, or taken"""
    taker: int | None = None


@dataclass(frozen=True)
class Claim:
    seat: int
    wakes: tuple[Wake, ...] = ()
    peeks: tuple[tuple[int, int], ...] = field(default=())
    """(target, value) pairs."""
    _hash: int = field(default=0, init=False, repr=False, compare=False)
    """The inference keeps its work per claim and per set of claims, so a claim is
    hashed many times a decision: it is hashed once, when made."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "_hash", hash((self.seat, self.wakes, self.peeks)))

    def __hash__(self) -> int:
        return self._hash

    def __reduce__(self) -> tuple[type[Claim], tuple[int, tuple[Wake, ...],
                                                    tuple[tuple[int, int], ...]]]:
        # Made anew where it is loaded: a string's hash differs from process to process.
        return Claim, (self.seat, self.wakes, self.peeks)


def claim_text(claim: Claim) -> str:
    parts = []
    for wake in claim.wakes:
        seats = ", ".join(str(s + 1) for s in wake.awake)
        sentence = f"I woke at {wake.hour} with seat{'s' if len(wake.awake) > 1 else ''} {seats}."
        if wake.cheese == "present":
            sentence += f" {_PRESENT}."
        elif wake.cheese == "gone":
            sentence += f" {_GONE}."
        else:
            sentence += f" Seat {(wake.taker or 0) + 1} took the cheese."
        parts.append(sentence)
    parts += [f"Seat {target + 1}'s die is {value}." for target, value in claim.peeks]
    return " ".join(parts)


@lru_cache(maxsize=4096)
def hear(seat: int, text: str, players: int) -> Claim | None:
    """Parse a claim; None for anything else (people's own chat included).

    A bot reads the whole talk at every decision, so each line is parsed once and the
    same claim comes back: the inference then finds its work on that claim by
    identity, without comparing claims field by field."""
    wakes = []
    for sentence in re.split(r"(?<=\.) (?=I woke)", text):
        match = _WOKE.search(sentence)
        if not match:
            continue
        awake = tuple(int(s) - 1 for s in match.group(2).replace(" ", "").split(",") if s)
        if not all(0 <= s < players for s in awake):
            return None
        taken = _TAKEN.search(sentence)
        if taken:
            wakes.append(Wake(int(match.group(1)), awake, "taken", int(taken.group(1)) - 1))
        elif _GONE in sentence:
            wakes.append(Wake(int(match.group(1)), awake, "gone"))
        elif _PRESENT in sentence:
            wakes.append(Wake(int(match.group(1)), awake, "present"))
    peeks = tuple((int(t) - 1, int(v)) for t, v in _PEEK.findall(text))
    if not wakes and not peeks:
        return None
    if not all(0 <= t < players and 1 <= v <= 6 for t, v in peeks):
        return None
    if not all(1 <= w.hour <= 6 for w in wakes):
        return None
    return Claim(seat, tuple(wakes), peeks)
