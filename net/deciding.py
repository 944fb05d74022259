"""Where bots think: at once (a table on this screen), or on a worker thread (a host).

A hard bot may think for a tenth of a second; on the host's own loop that would hold up
every person's update. A host therefore hands each decision to one worker thread and
goes on sending; the answer is applied on the loop when it arrives, and only if the
seat's legal actions are still the ones it was asked about. A late answer is a late
answer: the window's deadline does not wait for it, and once the window has moved on
the answer is dropped and the bot is asked again about the new one.
"""

from __future__ import annotations

import queue
import threading
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from core.bots import Bot
from core.game import Action, Seat, View

THINK_COVER = 0.15
"""Seconds of a host's bot delay that its bots think in (``Table.think_cover``): the
slowest hard bots' 99th percentile is about 0.03 s, their first decision about 0.1 s."""


@dataclass
class Answer:
    seat: Seat
    bot: Bot
    legal: list[Action]
    action: Action


class Decider:
    """Decides at once, on the caller's thread: the same moves, in the same order."""

    def __init__(self) -> None:
        self._done: list[Answer] = []

    def ask(self, seat: Seat, bot: Bot, view: View, legal: list[Action]) -> None:
        self._done.append(Answer(seat, bot, legal, bot.act(view, legal)))

    def answers(self) -> list[Answer]:
        done, self._done = self._done, []
        return done

    @property
    def busy(self) -> bool:
        """True while a decision is being made somewhere else."""
        return False

    def close(self) -> None:
        """Nothing runs elsewhere."""


class ThreadDecider(Decider):
    """Decides on one worker thread, so the asking loop never waits for a bot."""

    def __init__(self) -> None:
        super().__init__()
        self._jobs: queue.Queue[tuple[Seat, Bot, View, list[Action]] | None] = queue.Queue()
        self._answers: queue.Queue[Answer] = queue.Queue()
        self._pending = 0
        self._thread = threading.Thread(target=self._work, name="bots", daemon=True)
        self._thread.start()

    def ask(self, seat: Seat, bot: Bot, view: View, legal: list[Action]) -> None:
        self._pending += 1
        self._jobs.put((seat, bot, view, legal))

    def answers(self) -> list[Answer]:
        if not self._pending:
            return []  # nothing asked, nothing to collect (asked at every turn of the loop)
        done: list[Answer] = []
        while True:
            try:
                done.append(self._answers.get_nowait())
            except queue.Empty:
                break
        self._pending -= len(done)
        return done

    @property
    def busy(self) -> bool:
        return self._pending > 0

    def close(self) -> None:
        self._jobs.put(None)

    def _work(self) -> None:
        while (job := self._jobs.get()) is not None:
            seat, bot, view, legal = job
            try:
                action: Any = bot.act(view, legal)
            except Exception:  # noqa: BLE001 - a broken bot passes; the deadline plays for it
                action = {"type": "__none__"}
            self._answers.put(Answer(seat, bot, legal, action))


def still_asked(answer: Answer, bots: dict[Seat, Bot], legal: Sequence[Action]) -> bool:
    """The answer is for the bot that plays the seat now, about what it may do now."""
    return bots.get(answer.seat) is answer.bot and list(legal) == answer.legal
