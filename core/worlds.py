"""What the games' samplers (``About.sampler``) share: a plan per view, kept for the
many worlds a search draws from it, and a weighted draw.

A sampler works out once per view what the view implies (the deals that fit it and
their weights); a search then draws tens of worlds from that same view object, so the
plan for the last view asked about is kept, recognised by the view's identity.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Generic, TypeVar

from core.rng import Rng

P = TypeVar("P")
T = TypeVar("T")


class LastPlan(Generic[P]):
    """``make(view)``, kept for the last view object it was asked about."""

    def __init__(self, make: Callable[[Any], P]) -> None:
        self.make = make
        self.kept: tuple[object, P] | None = None

    def __call__(self, view: object) -> P:
        kept = self.kept
        if kept is not None and kept[0] is view:
            return kept[1]
        plan = self.make(view)
        self.kept = (view, plan)
        return plan


def weighted(items: Sequence[tuple[T, float]], rng: Rng, total: float | None = None) -> T:
    """One of ``items``, drawn with probability proportional to its weight (``total``:
    their sum, when the caller has it)."""
    x = (rng.next64() / 2.0**64) * (sum(w for _, w in items) if total is None else total)
    for item, w in items:
        x -= w
        if x < 0:
            return item
    return items[-1][0]
