"""Opening a lesson: its table (the same in-process host as a single-screen game), the
coach over it, and the step it was left at.

A lesson resumes by playing its own script up to the remembered step before the first
frame: the deal is fixed and the bots are seeded, so the table is the one the person
left.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from client import settings as settings_store
from client.games import client_about
from client.learn.coach import Coach
from client.learn.lesson import Lesson
from client.learn.tutor import CONTINUE, Tutor
from core.about import load

if TYPE_CHECKING:
    from client.app import App
    from client.scenes.table import TableScene

CATCH_UP_DT = 0.05
"""Seconds of table clock per turn while a resumed lesson plays itself up to its step."""
CATCH_UP_TURNS = 200_000
"""A bound on that catch-up (a lesson whose script no longer fits its deal stops)."""


class NoLesson(Exception):
    """The game has no lesson yet."""


def lesson_of(game_id: str) -> Lesson:
    """The game's lesson, loaded from where its client declaration says."""
    about = client_about(game_id)
    if not about.lesson:
        raise NoLesson(game_id)
    lesson: Lesson = load(about.lesson)
    return lesson


def lesson_scene(app: App, game_id: str, *, resume: bool = True) -> TableScene:
    """The lesson's table with its coach, at the step it was left at (``resume``)."""
    from client.tables import local_scene

    lesson = lesson_of(game_id)
    scene = local_scene(app, game_id, lesson.players, dict(lesson.options), lesson.seed, 1,
                        lesson.bots)
    start = app.settings.lessons.get(game_id, 0) if resume else 0
    tutor = Tutor(lesson)
    scene.session.coach = Coach(tutor)
    if 0 < start < len(lesson.steps):
        catch_up(scene, tutor, start)
    tutor.on_step = _remember(app, game_id, len(lesson.steps), keep=not app.headless)
    return scene


def catch_up(scene: TableScene, tutor: Tutor, step: int) -> None:
    """Play the lesson's own answers, without drawing, until ``step`` is on."""
    session = scene.session
    for _ in range(CATCH_UP_TURNS):
        if tutor.index >= step or tutor.done:
            break
        feed = scene.feed
        answer = tutor.answer(feed.view, feed.legal)
        if answer == CONTINUE:
            tutor.go_on()
        elif isinstance(answer, dict) and not feed.pending:
            scene.send(answer)
        session.speed = 1.0
        scene.update(CATCH_UP_DT)
    scene.settle()


def _remember(app: App, game_id: str, steps: int, *, keep: bool) -> Callable[[int], None]:
    """``keep``: written to the settings file too (a headless run changes nobody's)."""

    def note(index: int) -> None:
        """Keep the step (forget a finished lesson)."""
        if index >= steps:
            app.settings.lessons.pop(game_id, None)
        else:
            app.settings.lessons[game_id] = index
        if keep:
            settings_store.save(app.settings)
    return note
