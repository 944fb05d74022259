"""Round summaries on screen while the table holds (``net.hold``): each person at the
screen presses Continue, nothing moves behind the summary, and the turn clock stands.

Real scenes, rendered with SDL's dummy driver, on in-process tables.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pygame
import pytest

from client.app import HEADLESS_DT, App
from client.scenes.table import TableScene
from client.session import PUBLIC
from client.settings import Settings
from client.tables import local_scene

SIZE = (1280, 720)


@pytest.fixture(scope="module")
def app() -> App:
    return App(Settings(bot_delay=0.0), headless=True, size=SIZE)


def summary_up(scene: TableScene) -> bool:
    return getattr(scene, "summary", None) is not None or getattr(scene, "flip", None) is not None


def to_the_hold(app: App, scene: TableScene, seed: int,
                until: Callable[[], bool] | None = None) -> None:
    """People take their turns (each behind the privacy screen) until a round ends
    (the table holds, or ``until`` says so)."""
    rng = random.Random(seed)
    session = scene.session
    for frame in range(20000):
        app.step(HEADLESS_DT)
        if (until or (lambda: session.feed.hold is not None))():
            return
        if session.privacy_for is not None:
            session.reveal()
            continue
        if frame % 3 or session.shown == PUBLIC or scene.feed.pending:
            continue
        private = [a for a in scene.feed.legal if a.get("type") != "ready"]
        if private:
            scene.send(rng.choice(private))
        else:
            session.moment_done()
    raise AssertionError("no round ended")


def button(scene: TableScene) -> object:
    return next(b for b in scene.buttons if b.key == "continue")


def press(app: App, scene: TableScene) -> None:
    rect = button(scene).rect  # type: ignore[attr-defined]
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=rect.center, button=1))
    for _ in range(3):
        app.step(HEADLESS_DT)


def held_scene(app: App, game_id: str, players: int, people: int, seed: int) -> TableScene:
    """A single-screen table played to its first round's end, the summary up."""
    scene = local_scene(app, game_id, players, {}, seed, people, "simple")
    assert isinstance(scene, TableScene)
    app.scenes = [scene]
    to_the_hold(app, scene, seed)
    for _ in range(3):
        app.step(HEADLESS_DT)
    return scene


@pytest.mark.parametrize("game_id", ["choose", "sly_knights"])
def test_two_people_at_one_screen_each_press_continue(app: App, game_id: str) -> None:
    scene = held_scene(app, game_id, 3, 2, 2)
    table = scene.session.tick.__self__._table  # type: ignore[union-attr]
    steps, clock = table.actions, scene.feed.remaining(scene.session.clock)
    for _ in range(200):  # seconds of reading: the table, its bots and its clock wait
        app.step(HEADLESS_DT)
    assert summary_up(scene) and scene.session.shown == PUBLIC
    assert scene.session.privacy_for is None, "nobody is called away from the summary"
    assert table.actions == steps and scene.feed.remaining(scene.session.clock) == clock
    assert button(scene).label == "Continue (1 of 2)"  # type: ignore[attr-defined]
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(200, 400), button=1))
    app.step(HEADLESS_DT)
    assert summary_up(scene), "a click beside the button does not close a held summary"
    press(app, scene)
    assert scene.session.feed.hold is not None and summary_up(scene)
    assert button(scene).label == "Continue (2 of 2)"  # type: ignore[attr-defined]
    press(app, scene)
    assert scene.session.feed.hold is None
    assert not summary_up(scene), "the summary closes when everyone has read it"


def test_a_lone_person_continues_and_the_next_round_begins(app: App) -> None:
    scene = held_scene(app, "sly_knights", 2, 1, 4)
    assert button(scene).label == "Continue"  # type: ignore[attr-defined]
    press(app, scene)
    assert scene.session.feed.hold is None and not summary_up(scene)


def frame(scene: TableScene) -> bytes:
    surface = pygame.Surface(SIZE)
    scene.draw(surface)
    scene.draw(surface)
    return pygame.image.tobytes(surface, "RGB")


@pytest.mark.parametrize("game_id", ["choose", "sly_knights"])
def test_nothing_moves_over_a_round_summary(app: App, game_id: str) -> None:
    """A speech bubble in flight is drawn on the open table, never over the summary."""
    scene = held_scene(app, game_id, 2, 1, 6)
    motion = scene.motion  # type: ignore[attr-defined]
    still = frame(scene)
    motion.bubbles[1] = (scene.time, "Cheese! Cheese!")
    assert frame(scene) == still, "the bubble stays under the summary"
    press(app, scene)
    assert not summary_up(scene)
    motion.bubbles.clear()
    bare = frame(scene)
    motion.bubbles[1] = (scene.time, "Cheese! Cheese!")
    assert frame(scene) != bare, "on the open table the same bubble shows"


def test_knights_review_at_one_screen_takes_one_press_per_person(app: App) -> None:
    """Knights holds between rounds by its own rules (everyone says ready); at a shared
    screen that too is one press per person."""
    scene = local_scene(app, "knights", 4, {}, 1, 2, "simple")
    assert isinstance(scene, TableScene)
    app.scenes = [scene]
    session = scene.session
    to_the_hold(app, scene, 1, until=lambda: len(session.public_actions()) == 2
                and session.shown == PUBLIC and session.privacy_for is None)
    for _ in range(3):
        app.step(HEADLESS_DT)
    for i in (1, 2):
        ready = next(b for b in scene.buttons if b.key == "ready")
        assert ready.label == f"Continue ({i} of 2)"
        ready.on_click()
        for _ in range(3):
            app.step(HEADLESS_DT)
    assert not session.public_actions(), "both people said ready: the next round is dealt"


def words_drawn(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every text the side panels, their logs and the clock draw from now on."""
    from client.kit import ink, timer
    from client.kit.logbox import LogBox
    from client.scenes.choose import panel as choose_panel
    from client.scenes.sly_knights import panel as sly_panel

    drawn: list[str] = []
    for module in (choose_panel, sly_panel, timer):
        real = vars(module)["blit_text"]

        def blit(surface: pygame.Surface, words: str, *args: object, real: Any = real,
                 **kw: object) -> pygame.Rect:
            drawn.append(words)
            return real(surface, words, *args, **kw)  # type: ignore[no-any-return]
        monkeypatch.setattr(module, "blit_text", blit)
    real_log = LogBox.draw

    def log_draw(box: LogBox, surface: pygame.Surface, rect: pygame.Rect,
                 log: Any, *args: Any) -> None:
        drawn.append(f"log ends with {log[-1]['type']}")
        real_log(box, surface, rect, log, *args)
    monkeypatch.setattr(LogBox, "draw", log_draw)
    real_ink = ink.blit

    def ink_blit(surface: pygame.Surface, image: pygame.Surface, at: Any, words: str = "",
                 *args: object) -> Any:
        drawn.append(words)
        return real_ink(surface, image, at, words, *args)  # type: ignore[arg-type]
    monkeypatch.setattr(ink, "blit", ink_blit)
    return drawn


def read_the_side(app: App, scene: TableScene, drawn: list[str]) -> list[str]:
    """The words of the whole table drawn afresh (a change of language and back makes
    the scene paint its still picture and side panel again)."""
    from client import i18n

    i18n.set_language("ja")
    i18n.set_language("en")
    drawn.clear()
    app.draw_all = True
    try:
        for _ in range(4):  # (the side panel is repainted a frame after the table)
            app.step(HEADLESS_DT)
    finally:
        app.draw_all = False
    return list(drawn)


@pytest.mark.parametrize(("game_id", "people"), [
    ("choose", 1), ("sly_knights", 1), ("choose", 0), ("sly_knights", 0)])
def test_the_side_panel_reads_as_the_round_ended_while_its_summary_is_read(
        app: App, monkeypatch: pytest.MonkeyPatch, game_id: str, people: int) -> None:
    """One move ends a round and deals the next, so under the summary the table is
    already in round 2. While the table waits on the summary (it holds for the person,
    or a watched table stands still), the side panel says round 1 is over, with no
    clock, no turn and no line of round 2 in its log; once it is read, round 2."""
    drawn = words_drawn(monkeypatch)
    if people:
        scene = held_scene(app, game_id, 3, people, 2)
    else:
        app = App(Settings(), headless=True, size=SIZE)  # bots at a watchable pace
        scene = local_scene(app, game_id, 3, {}, 2, 0, "normal", speed=1.0)
        assert isinstance(scene, TableScene)
        app.scenes = [scene]
        for _ in range(20000):
            app.step(HEADLESS_DT)
            if summary_up(scene):
                break
    assert summary_up(scene)
    words = read_the_side(app, scene, drawn)
    assert "Round 1 of 3 — over" in words, words
    assert not [w for w in words if w.startswith("Round 2") or "Round 2 of 3" in w], words
    assert not [w for w in words if w.endswith(" s") and w[:-2].isdigit()], "a clock shows"
    assert words.count("log ends with round_end") == len(
        [w for w in words if w.startswith("log ends")]) > 0, words
    bar = scene.prompt(scene.k)  # type: ignore[attr-defined]
    assert bar == "Everyone reads the round summary", "the bar names a turn of round 2"
    if people:
        press(app, scene)
    else:
        for _ in range(20000):
            app.step(HEADLESS_DT)
            if not summary_up(scene):
                break
    assert not summary_up(scene)
    words = read_the_side(app, scene, drawn)
    assert [w for w in words if w.startswith("Round 2 of 3")], words
    assert "Round 1 of 3 — over" not in words
    assert "log ends with round_end" not in words
    assert scene.prompt(scene.k) != bar  # type: ignore[attr-defined]
    if not people:
        app.close()
