"""Following a lesson through its game: which step is on, whether the table waits for
the person, and whether an action the person makes is the one the step asks for.

Nothing here draws or reads a clock; the coach (``client.learn.coach``) shows it and
the table scene asks it before sending an action.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from client.learn.lesson import FREE_ACTIONS, Action, Lesson, Step, View, matches

CONTINUE = "continue"
"""What the scripted answer to an explanation step is: pressing Continue."""


class Tutor:
    def __init__(self, lesson: Lesson, start: int = 0,
                 on_step: Callable[[int], None] | None = None) -> None:
        self.lesson = lesson
        self.index = max(0, min(start, len(lesson.steps)))
        self.on_step = on_step
        """Told the new step's index at every step (the settings remember it)."""
        self.refused: str | None = None
        """The key of the sentence saying why the last action was not taken."""

    @property
    def done(self) -> bool:
        return self.index >= len(self.lesson.steps)

    @property
    def step(self) -> Step | None:
        return None if self.done else self.lesson.steps[self.index]

    def ready(self, view: View | None, legal: Sequence[Action]) -> bool:
        """The step is on screen: what it speaks of is on the table now."""
        step = self.step
        if step is None or view is None:
            return False
        if step.when is not None and not step.when(view):
            return False
        return step.expect is None or any(matches(a, step.expect) for a in legal)

    def holds(self, view: View | None, legal: Sequence[Action]) -> bool:
        """The table waits (its clock stands) while a step waits for the person: a
        newcomer reads at their own pace, and no timer runs out on them."""
        return self.ready(view, legal)

    def allows(self, action: Action, view: View | None, legal: Sequence[Action]) -> bool:
        """Whether the person's action goes to the table; the step moves on when it
        is the one asked for. ``refused`` says why when it is not."""
        step = self.step
        if step is None or action.get("type") in FREE_ACTIONS:
            return True
        if not self.ready(view, legal):
            self.refused = "learn.wait"
        elif step.expect is None:
            self.refused = "learn.continue_first"
        elif not matches(action, step.expect):
            self.refused = step.why or "learn.not_that"
        else:
            self._advance()
            return True
        return False

    def go_on(self) -> None:
        """Continue, on a step that only explains."""
        step = self.step
        if step is not None and step.expect is None:
            self._advance()

    def skip(self) -> None:
        """Leave the lesson's guidance; the game plays on as any game."""
        self.index = len(self.lesson.steps)
        self.refused = None
        if self.on_step is not None:
            self.on_step(self.index)

    def answer(self, view: View | None, legal: Sequence[Action]) -> Action | str | None:
        """The lesson's own answer to the step on screen (``--auto``), None while the
        step waits for the table."""
        step = self.step
        if step is None or not self.ready(view, legal):
            return None
        if step.expect is None:
            return CONTINUE
        return next(a for a in legal if matches(a, step.expect))

    def _advance(self) -> None:
        self.index += 1
        self.refused = None
        if self.on_step is not None:
            self.on_step(self.index)
