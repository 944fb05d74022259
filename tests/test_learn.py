"""The guided first games (``client.learn``) on the real table scenes: a step holds back
an action it does not ask for and says why, takes the one it asks for, waits for
Continue, remembers where the person is, resumes there, and can be skipped."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from client import settings as settings_store
from client.app import App
from client.i18n import set_language
from client.learn.cheese_thief import LESSON as CHEESE
from client.learn.choose import LESSON as CHOOSE
from client.learn.knights import LESSON as KNIGHTS
from client.learn.start import lesson_scene
from client.learn.words import WORDS
from client.scenes.menu import MenuScene
from client.scenes.table import TableScene
from client.settings import Settings


@pytest.fixture
def app() -> Any:
    set_language("en")
    app = App(Settings(), headless=True, size=(1280, 720))
    yield app
    app.close()


def run_until(app: App, scene: TableScene, index: int, frames: int = 20_000) -> None:
    """Frames, the lesson answering for itself, until step ``index`` is on screen."""
    coach = scene.session.coach
    for _ in range(frames):
        app.run(max_frames=1)
        tutor = coach.tutor
        if tutor.index == index and tutor.ready(scene.feed.view, scene.feed.legal):
            return
        coach.auto(scene)
    raise AssertionError(f"step {index} never came (at {coach.tutor.index})")


def step_of(lesson: Any, key: str) -> int:
    return next(i for i, s in enumerate(lesson.steps) if s.key == key)


def test_one_cheese_thief_lesson_holds_back_points_drops_and_ends_as_it_should(
        app: App) -> None:
    """One Cheese Thief lesson, played through, checked at four steps in its order (one
    walk: four walks played the same deal to the same steps):

    - the peek: a wrong peek is held back and the panel says why;
    - the followers: "Nobody else learns whom": an arrow on the Thief's seat there
      would say who the Thief is a step before the person is picked and told;
    - Ready moves the lesson to the vote; the second click of a double-click on Ready
      is dropped without the red "not yet" and the error sound;
    - the end: Cheese Thief ends with the vote: the steps that point at the votes are
      read with the votes on the table, and the sheet telling the story comes after
      them, not over the first one a moment after it appears."""
    from client.learn.cheese_thief import THIEF, regions

    scene = lesson_scene(app, "cheese_thief", resume=False)
    app.push(scene)
    coach = scene.session.coach
    # the peek
    peek = step_of(CHEESE, "ct.peek")
    run_until(app, scene, peek)
    assert scene.session.speed == 0.0  # the night hour stands while the person reads
    scene.send({"type": "peek", "target": 4})  # Emi, where the lesson asks for Ben
    app.run(max_frames=5)
    assert coach.tutor.index == peek
    assert coach.refused is not None and coach.refused[0] == CHEESE.words["ct.peek_ben"]["en"]
    view = scene.feed.view
    assert view is not None and view["peeks"] == []  # the table never heard it
    scene.send({"type": "peek", "target": 1})
    app.run(max_frames=5)
    assert coach.tutor.index == peek + 1 and coach.refused is None
    view = scene.feed.view
    assert view is not None and [p["target"] for p in view["peeks"]] == [1]
    # the followers
    run_until(app, scene, step_of(CHEESE, "ct.followers"))
    pointed = coach.pointed(scene)
    assert pointed is not None
    assert pointed == regions(scene)["clock"]
    assert pointed != regions(scene)[f"place{THIEF}"]
    # Ready, clicked twice
    ready = step_of(CHEESE, "ct.ready")
    run_until(app, scene, ready)
    scene.send({"type": "ready"})
    app.run(max_frames=1)
    assert coach.tutor.index == ready + 1
    scene.send({"type": "ready"})  # the tail of the double-click
    app.run(max_frames=2)
    assert coach.tutor.index == ready + 1 and coach.refused is None
    # the end
    over = step_of(CHEESE, "ct.over")
    run_until(app, scene, over)
    start, drawn = scene.time, app.frames
    while scene.time - start < scene.reveal.DELAY * 2:
        app.run(max_frames=1)
    assert not scene.reveal.showing(scene.time)
    # (the step holds the sheet back each frame, but draws only as its ring pulses)
    assert app.frames - drawn < (scene.time - start) * 60 // 2, app.frames - drawn
    assert coach.tutor.index == over and coach.pointed(scene) is not None
    while not coach.tutor.done:
        coach.tutor.go_on()
        app.run(max_frames=1)
    for _ in range(600):
        app.run(max_frames=1)
        if scene.reveal.showing(scene.time):
            break
    assert scene.reveal.showing(scene.time)  # then the story, as at any table


def test_an_explanation_takes_no_action_until_continue(app: App) -> None:
    set_language("ja")
    scene = lesson_scene(app, "choose", resume=False)
    app.push(scene)
    run_until(app, scene, 0)
    coach = scene.session.coach
    scene.send({"type": "sleepy", "card": 8})
    app.run(max_frames=3)
    assert coach.tutor.index == 0
    assert coach.refused is not None and coach.refused[0] == WORDS["learn.continue_first"]["ja"]
    assert len((scene.feed.view or {})["hand"]) == 9
    continue_button = next(b for b in scene.buttons if b.key == "learn_continue")
    click(app, continue_button.rect.center)
    assert coach.tutor.index == 1


def click(app: App, pos: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0,) * 3))
    app.run(max_frames=1)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    app.run(max_frames=2)


def test_the_step_is_remembered_and_a_lesson_resumes_there(app: App) -> None:
    app.headless = False  # (a headless window saves nothing; this one stands for a person's)
    try:
        scene = lesson_scene(app, "choose", resume=False)
        app.push(scene)
        revealed = step_of(CHOOSE, "ch.revealed")
        app.headless = True
        run_until(app, scene, revealed)
    finally:
        app.headless = True
    assert app.settings.lessons == {"choose": revealed}
    kept = settings_store.load()
    assert kept.lessons == {"choose": revealed}
    again = App(kept, headless=True, size=(1280, 720))
    try:
        resumed = lesson_scene(again, "choose")
        assert resumed.session.coach.tutor.index == revealed
        view = resumed.feed.view
        assert view is not None
        # the table is the one left: the pickup and the first steal are made
        assert len(view["hand"]) == 7
        assert any(e.get("type") == "steal" and e.get("seat") == 0 for e in resumed.feed.log)
    finally:
        again.close()


def test_skip_leaves_a_plain_game_and_forgets_the_step(app: App) -> None:
    picked = step_of(CHOOSE, "ch.picked")  # (the pickup made: a sleepy may follow)
    app.settings.lessons["choose"] = picked
    scene = lesson_scene(app, "choose")
    app.push(scene)
    coach = scene.session.coach
    run_until(app, scene, picked)
    skip = next(b for b in scene.buttons if b.key == "learn_skip")
    click(app, skip.rect.center)
    assert coach.tutor.done and "choose" not in app.settings.lessons
    assert scene.session.speed == 1.0
    for _ in range(2000):  # the bots play on: the table's clock runs again
        app.run(max_frames=1)
        if scene.feed.legal:
            break
    move = next(a for a in scene.feed.legal if a["type"] == "sleepy")
    scene.send(move)  # any legal move now goes to the table, the lesson's or not
    app.run(max_frames=5)
    assert len((scene.feed.view or {})["hand"]) == 7


def test_learn_to_play_on_the_menu_opens_the_lesson_of_the_game_shown(app: App) -> None:
    menu = MenuScene(app)
    app.push(menu)
    menu.game_id = "choose"
    menu.build()
    menu.pressed(menu.widgets["learn"])
    scene = app.scene
    assert isinstance(scene, TableScene) and scene.session.coach is not None
    assert scene.session.coach.tutor.lesson.game == "choose"


@pytest.mark.parametrize("game", ["cheese_thief", "choose", "knights", "sly_knights"])
def test_every_step_that_points_finds_its_part_of_the_table(app: App, game: str) -> None:
    """Each step, and each click of a step, that names what it speaks of finds it on
    screen (the ring and the arrow are drawn), through a whole lesson played by its own
    answers and clicks."""
    scene = lesson_scene(app, game, resume=False)
    app.push(scene)
    coach = scene.session.coach
    lesson = coach.tutor.lesson
    found: dict[tuple[int, int], bool] = {}
    for _ in range(20_000):
        app.run(max_frames=1)
        tutor = coach.tutor
        if tutor.done:
            break
        step = tutor.step
        click = coach.click_index(scene)
        if (step is not None and coach.shown >= 2 and (tutor.index, click) not in found
                and tutor.ready(scene.feed.view, scene.feed.legal)):
            point = step.clicks[click].point if click < len(step.clicks) else step.point
            if point:
                found[tutor.index, click] = coach.pointed(scene) is not None
        coach.auto(scene)
    assert coach.tutor.done
    pointing = [(i, c) for i, s in enumerate(lesson.steps)
                for c, p in enumerate([*(k.point for k in s.clicks), s.point]) if p]
    assert sorted(found) == pointing
    assert [lesson.steps[i].key for i, c in pointing if not found[i, c]] == []


def test_a_double_click_on_continue_passes_one_step_only(app: App) -> None:
    """The second click of a double-click lands where the next step's Continue is: it
    must not pass that step unread."""
    scene = lesson_scene(app, "cheese_thief", resume=False)
    app.push(scene)
    run_until(app, scene, 0)
    coach = scene.session.coach
    at = next(b for b in scene.buttons if b.key == "learn_continue").rect.center
    click(app, at)
    assert coach.tutor.index == 1
    click(app, at)  # the same place, a frame or two later
    assert coach.tutor.index == 1
    for _ in range(200):  # a deliberate click after a moment does move on
        app.run(max_frames=1)
        if scene.time - coach._moved_at > 1.0:
            break
    click(app, next(b for b in scene.buttons if b.key == "learn_continue").rect.center)
    assert coach.tutor.index == 2


def test_holding_another_card_the_arrow_points_back_at_the_one_asked_for(app: App) -> None:
    """"Click an Ordinary mouse": a newcomer takes the first Ordinary, not the one the
    arrow showed. The arrow must not then lead on to the stack (where the step would
    refuse that card) but back to the card it asks for."""
    scene = lesson_scene(app, "choose", resume=False)
    app.push(scene)
    steal = step_of(CHOOSE, "ch.steal")
    run_until(app, scene, steal)
    coach = scene.session.coach
    targets = {t.key: pygame.Rect(t.rect) for t in scene.focus_targets()}
    asked = targets["card19"]
    other = next(k for k in targets if k.startswith("card") and k != "card19")
    click(app, targets[other].center)
    assert getattr(scene, "selected", None) == int(other[4:])
    assert coach.pointed(scene) == {t.key: t.rect for t in scene.focus_targets()}["card19"]
    click(app, asked.center)  # the card asked for: now the arrow leads on to the stack
    assert getattr(scene, "selected", None) == 19
    assert coach.pointed(scene) != {t.key: t.rect for t in scene.focus_targets()}["card19"]


def test_a_double_click_on_an_answer_makes_no_choice_on_the_next_screen(app: App) -> None:
    """Knights: the answer's second click lands on the seat buttons of the question
    that comes up at once; it must not pick a seat there, or the step's arrow finds
    nothing it names and the newcomer is left without a pointer."""
    set_language("ja")
    scene = lesson_scene(app, "knights", resume=False)
    app.push(scene)
    answer = step_of(KNIGHTS, "kn.answer")
    run_until(app, scene, answer)
    coach = scene.session.coach
    at = next(b for b in scene.buttons if b.key == "answer_no").rect.center
    click(app, at)
    for _ in range(200):
        if coach.tutor.ready(scene.feed.view, scene.feed.legal):
            break
        app.run(max_frames=1)
    assert coach.tutor.index == answer + 1
    assert scene.time - coach._moved_at < 0.5  # (still a double-click's second half)
    click(app, at)
    assert coach.pointed(scene) is not None


def test_continue_over_the_side_column_is_not_taken_by_a_button_hidden_under_it() -> None:
    """At 150% text the side column's emote buttons lie under the panel's Continue:
    a click there must continue the lesson, not send a hidden emote."""
    set_language("en")
    settings = Settings()
    settings.text_size = 150
    app = App(settings, headless=True, size=(1280, 720))
    try:
        scene = lesson_scene(app, "sly_knights", resume=False)
        app.push(scene)
        run_until(app, scene, 2)
        coach = scene.session.coach
        app.run(max_frames=60)  # (past the settling of the step's own action)
        continue_button = next(b for b in scene.buttons if b.key == "learn_continue")
        click(app, continue_button.rect.center)
        assert coach.tutor.index == 3
    finally:
        app.close()


def test_an_action_of_several_clicks_is_asked_for_click_by_click(app: App) -> None:
    """Sly's pig play is three clicks (the 1, the pig, Chika's 15): each is its own
    instruction with its own arrow and number, the next one comes when the table shows
    the click made, and a card put back asks for it again."""
    from client.learn.sly_knights import LESSON as SLY

    scene: Any = lesson_scene(app, "sly_knights", resume=False)
    app.push(scene)
    pig = step_of(SLY, "sk.pig")
    run_until(app, scene, pig)
    coach = scene.session.coach
    app.run(max_frames=40)  # (past the settling of the step before)
    targets = {t.key: pygame.Rect(t.rect) for t in scene.focus_targets()}
    assert coach.click_index(scene) == 0 and coach.pointed(scene) == targets["card1"]
    n, m = coach.counter(scene)
    click(app, targets["card1"].center)
    assert scene.picked == [1] and coach.click_index(scene) == 1
    assert coach.counter(scene) == (n + 1, m)
    assert coach.pointed(scene) == next(b.rect for b in scene.buttons if b.key == "pig")
    click(app, targets["card1"].center)  # the second half of a double-click: dropped
    assert scene.picked == [1]
    app.run(max_frames=40)
    click(app, targets["card1"].center)  # put back on purpose: the first click again
    assert scene.picked == [] and coach.click_index(scene) == 0
    assert coach.tutor.index == pig  # nothing went to the table


def test_at_large_text_in_a_small_window_the_talk_step_leaves_the_log_in_sight() -> None:
    """The talk step says the bots answer in the log; at 150% text in 1024x600 what the
    Sleepyhead Follower knows once filled the panel down to the talk box, and the log had
    no room at all. Its text now steps down (no smaller than at 100%) until two of the
    log's lines fit."""
    set_language("en")
    app = App(Settings(text_size=150), headless=True, size=(1024, 600))
    try:
        scene = lesson_scene(app, "cheese_thief", resume=False)
        app.push(scene)
        run_until(app, scene, step_of(CHEESE, "ct.chat"))
        app.run(max_frames=2)
        side = scene.side  # type: ignore[attr-defined]
        line = int(side._panel_size * 1.3)
        assert side.log_rect.height >= 2 * line, (side.log_rect, side._panel_size)
        assert side._panel_size < round(max(12, 600 // 46) * 1.5)  # it did step down
    finally:
        app.close()
