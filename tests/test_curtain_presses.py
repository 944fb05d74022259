"""The curtain of a shared screen lifts only on a deliberate press, and nothing newly
shown takes a click meant for the last screen.

Each test drives a real single-screen table frame by frame (the window's own clock,
1/60 s a frame), posting the presses and releases a person's hands make.
"""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from bench.redraw import every_turn_drawn
from client.app import HEADLESS_DT, App
from client.curtain import LIFT_AFTER, STEADY
from client.i18n import tr
from client.kit.curtain import look_rect
from client.kit.steady import Steady
from client.kit.widgets import Button
from client.scenes.table import TableScene
from client.session import PUBLIC
from client.settings import Settings
from client.tables import local_scene

SIZE = (1280, 720)
WAIT = round(LIFT_AFTER / HEADLESS_DT)
"""Frames a curtain stands before a press on it may begin."""


@pytest.fixture(scope="module")
def app() -> App:
    return App(Settings(bot_delay=0.0), headless=True, size=SIZE)


def post(kind: int, **fields: Any) -> None:
    if kind in (pygame.KEYDOWN, pygame.KEYUP):
        fields = {"mod": 0, "unicode": "", "scancode": 0, **fields}
    pygame.event.post(pygame.event.Event(kind, **fields))


def frames(app: App, n: int = 1) -> None:
    for _ in range(n):
        app.step(HEADLESS_DT)


def click(pos: tuple[int, int]) -> None:
    post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
    post(pygame.MOUSEBUTTONUP, pos=pos, button=1)


def space() -> None:
    post(pygame.KEYDOWN, key=pygame.K_SPACE)
    post(pygame.KEYUP, key=pygame.K_SPACE)


def table(app: App, game_id: str = "sly_knights", players: int = 3) -> TableScene:
    scene = local_scene(app, game_id, players, {}, 5, 2, "simple")
    app.scenes = [scene]
    return scene


def to_curtain(app: App, scene: TableScene) -> None:
    """Play on, patiently, until a curtain has just appeared."""
    for _ in range(3000):
        frames(app)
        session = scene.session
        if session.privacy_for is not None:
            return
        done = [b for b in scene.buttons if b.key == "done" and b.enabled]
        private = [a for a in session.feed.legal if a.get("type") not in ("ready",
                                                                         "draw_spare")]
        if session.shown != PUBLIC and private and not session.feed.pending:
            scene.send(private[0])
        elif done and session.steady():
            session.moment_done()
    raise AssertionError("no curtain came")


def test_presses_that_are_not_deliberate_leave_the_curtain_down(app: App) -> None:
    scene = table(app)
    to_curtain(app, scene)
    session, centre = scene.session, look_rect(SIZE).center
    space()  # at once: the second half of a double-click, or a storm
    click(centre)
    frames(app, WAIT - 2)
    space()
    click(centre)
    post(pygame.KEYDOWN, key=pygame.K_SPACE)  # begun too soon, let go later
    frames(app, 3)
    post(pygame.KEYUP, key=pygame.K_SPACE)
    for code in (pygame.K_RETURN, pygame.K_a, pygame.K_TAB):  # not the curtain's key
        post(pygame.KEYDOWN, key=code)
        post(pygame.KEYUP, key=code)
    click((10, 10))  # not on the curtain's button
    post(pygame.MOUSEBUTTONDOWN, pos=centre, button=1)  # on it, let go off it
    post(pygame.MOUSEBUTTONUP, pos=(10, 10), button=1)
    post(pygame.MOUSEBUTTONDOWN, pos=(10, 10), button=1)  # off it, let go on it
    post(pygame.MOUSEBUTTONUP, pos=centre, button=1)
    post(pygame.MOUSEBUTTONDOWN, pos=centre, button=3)  # the right button
    post(pygame.MOUSEBUTTONUP, pos=centre, button=3)
    frames(app, 2)
    assert session.privacy_for is not None and session.shown == PUBLIC
    click(centre)
    frames(app)
    assert session.privacy_for is None and session.shown != PUBLIC, "a deliberate click"


def test_a_key_held_or_repeating_across_the_handover_lifts_nothing(app: App) -> None:
    scene = table(app)
    post(pygame.KEYDOWN, key=pygame.K_SPACE)  # held from before the curtain came
    to_curtain(app, scene)
    for _ in range(3):  # the key's repeats, long after the curtain came
        frames(app, WAIT)
        post(pygame.KEYDOWN, key=pygame.K_SPACE)
    post(pygame.KEYDOWN, key=pygame.K_SPACE, repeat=1)
    post(pygame.KEYUP, key=pygame.K_SPACE)
    frames(app)
    assert scene.session.privacy_for is not None
    space()  # then a press of its own
    frames(app)
    assert scene.session.privacy_for is None


def test_presses_behind_the_curtain_draw_no_frame_until_it_changes(app: App) -> None:
    """Space held so it repeats, and Tab, Enter and a digit stormed behind a curtain,
    change nothing on screen, so the window draws no frame for them: only the frame the
    curtain's button wakes in, and the pointer coming over the button. Every turn is
    drawn all the same and compared with the one before (``bench/redraw.py``): none the
    window skipped would have shown a new picture."""
    scene = table(app)
    to_curtain(app, scene)
    drawn: list[bool] = []
    with every_turn_drawn() as counts:
        app.changed()
        frames(app)  # (the picture the next turns are compared with)
        post(pygame.KEYDOWN, key=pygame.K_SPACE)
        for turn in range(WAIT + 20):
            if turn % 3 == 0:
                post(pygame.KEYDOWN, key=pygame.K_SPACE, repeat=1)
            for key in (pygame.K_TAB, pygame.K_RETURN, pygame.K_1):
                post(pygame.KEYDOWN, key=key)
                post(pygame.KEYUP, key=key)
            frames(app)
            drawn.append(app.fresh)
        post(pygame.MOUSEMOTION, pos=look_rect(SIZE).center, rel=(0, 0), buttons=(0, 0, 0))
        frames(app)
        drawn.append(app.fresh)
    assert scene.session.privacy_for is not None and scene.session.curtain_ready()
    assert counts["stale"] == 0, counts
    assert [i for i, fresh in enumerate(drawn) if fresh] == [WAIT - 2, WAIT + 20], drawn


def test_a_storm_s_tail_on_a_new_screen_draws_no_frame(app: App) -> None:
    """The first second after a curtain lifts: Tab, Enter and a number pressed too soon
    (dropped, see ``test_done_in_the_place_of_the_button_just_pressed_waits``), keys let
    go, and the moment the screen starts taking presses (0.6 s in) change nothing on
    screen, so no turn draws a picture the same as the one before, and none skipped
    is stale."""
    scene = table(app)
    to_curtain(app, scene)
    frames(app, WAIT)
    space()
    frames(app)
    assert scene.session.privacy_for is None and not scene.session.steady()
    with every_turn_drawn() as counts:
        app.changed()
        frames(app)  # (the picture the next turns are compared with)
        for turn in range(60):
            for key in (pygame.K_TAB, pygame.K_RETURN, pygame.K_1):
                if turn < WAIT - 6:
                    post(pygame.KEYDOWN, key=key)
                post(pygame.KEYUP, key=key)
            frames(app)
    assert scene.session.steady()
    unchanged_drawn = counts["wanted"] - (counts["turns"] - counts["same"])
    assert counts["stale"] == 0 and unchanged_drawn <= 1, counts


def test_a_click_held_across_the_handover_lifts_nothing(app: App) -> None:
    scene = table(app)
    post(pygame.MOUSEBUTTONDOWN, pos=look_rect(SIZE).center, button=1)
    to_curtain(app, scene)
    frames(app, WAIT * 2)
    post(pygame.MOUSEBUTTONUP, pos=look_rect(SIZE).center, button=1)
    frames(app)
    assert scene.session.privacy_for is not None


@pytest.mark.parametrize("game_id", ["cheese_thief", "choose", "knights", "sly_knights"])
def test_a_double_click_on_done_shows_nobody_anything(app: App, game_id: str) -> None:
    """Done, double-clicked: the curtain comes and stays; lifted on purpose, a click at
    once on the place of its button presses nothing of the next person's."""
    scene = table(app, game_id, 5 if game_id in ("cheese_thief", "knights") else 3)
    session = scene.session
    for _ in range(3000):
        frames(app)
        if session.privacy_for is not None:
            frames(app, WAIT)
            space()
            continue
        done = [b for b in scene.buttons if b.key == "done" and b.enabled]
        if done and session.steady():
            break
        private = [a for a in session.feed.legal if a.get("type") != "ready"]
        if session.shown != PUBLIC and private and not session.feed.pending:
            scene.send(private[0])
    else:
        raise AssertionError("no Done button came")
    click(done[0].rect.center)
    frames(app, 8)
    click(done[0].rect.center)
    frames(app)
    assert session.shown == PUBLIC and session.privacy_for is not None, "still curtained"
    frames(app, WAIT)
    centre = look_rect(SIZE).center
    click(centre)
    frames(app, 8)
    assert session.privacy_for is None and session.shown != PUBLIC, "lifted on purpose"
    sent: list[dict[str, Any]] = []
    for feed in session.feeds.values():
        feed.send = sent.append
    click(centre)  # the double-click's second half, on whatever is under it now
    for code in (pygame.K_RETURN, pygame.K_1):  # and an Enter storm's
        post(pygame.KEYDOWN, key=code)
        post(pygame.KEYUP, key=code)
    frames(app)
    assert sent == [], "a press meant for the curtain acted on the next screen"


def test_the_curtain_says_how_to_lift_it_in_both_languages(app: App) -> None:
    from client import i18n

    for language in ("en", "ja"):
        i18n.set_language(language)
        words = tr("privacy.press", name="Aki")
        assert "Aki" in words and ("Space" in words or "スペース" in words)
        assert "Aki" in tr("privacy.look", name="Aki")
    i18n.set_language("en")


def test_a_button_that_takes_anothers_place_waits_before_it_takes_a_press() -> None:
    pygame.init()
    here = pygame.Rect(100, 600, 200, 40)
    steady = Steady()
    done = Button(here, "Done", lambda: None, key="done")
    steady.note([done], 0.0)
    assert steady.still(done, 0.1)
    spare = Button(here.move(10, 0), "Draw the spare", lambda: None, key="draw_spare")
    steady.note([spare], 1.0)
    assert not steady.still(spare, 1.0) and not steady.still(spare, 1.0 + STEADY - 0.01)
    assert steady.still(spare, 1.0 + STEADY)
    again = Button(here, "Done (2)", lambda: None, key="done")
    steady.note([again], 5.0)
    assert not steady.still(again, 5.1), "Done back in the spare's place waits too"
    steady.note([again], 6.0)
    wider = Button(here.inflate(10, 0), "Done", lambda: None, key="done")  # the same one
    steady.note([wider], 6.1)
    assert steady.still(wider, 6.1), "a button that only changes its words never waits"


def test_done_in_the_place_of_the_button_just_pressed_waits(app: App) -> None:
    """Sly Knight Robbery: *Done* comes where *Lay these two* was; a double-click on the
    latter does not press the former, which works once it has stood still."""
    scene: Any = table(app)
    session = scene.session
    to_curtain(app, scene)
    frames(app, WAIT)
    space()
    frames(app, WAIT)
    choose = [a for a in session.feed.legal if a["type"] == "choose"]
    scene.picked = list(choose[0]["cards"])
    app.changed()  # as the clicks that pick them would
    frames(app)
    lay = next(b for b in scene.buttons if b.key == "confirm" and b.enabled)
    spot = lay.rect.inflate(-8, -8).bottomright  # its right end, where Done will come
    click(spot)
    frames(app, 6)
    done = next(b for b in scene.buttons if b.key == "done")
    assert done.rect.collidepoint(spot), "Done took the place of the button pressed"
    shown = session.shown
    click(spot)  # the double-click's second half
    frames(app)
    assert (session.shown, session.privacy_for) == (shown, None), "Done was pressed"
    frames(app, WAIT)
    click(done.rect.center)
    frames(app)
    assert session.shown == PUBLIC and session.privacy_for is not None
