"""A double-click whose two clicks land in one frame (a quick hand, or a slow frame)
reaches the button twice. The second press of an action still waiting for its answer
is the same press: it is not sent again, and the person sees no refusal for it.

Real scenes, dummy video, in-process tables."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from client.app import HEADLESS_DT, App
from client.scenes.table import TableScene
from client.settings import Settings
from client.tables import local_scene
from tests.test_client_round_hold import button, held_scene


def wire(scene: TableScene, seat: int) -> list[dict[str, Any]]:
    """What the seat's screen puts on the wire from now on."""
    feed = scene.session.feeds[seat]
    sent: list[dict[str, Any]] = []
    real = feed.peer.send

    def send(action: dict[str, Any]) -> None:
        sent.append(dict(action))
        real(action)

    feed.peer.send = send  # type: ignore[method-assign]
    return sent


def click(app: App, at: tuple[int, int], frames: int = 1) -> None:
    """A left click at ``at``, then ``frames`` frames."""
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        pygame.event.post(pygame.event.Event(kind, pos=at, button=1))
    for _ in range(frames):
        app.step(HEADLESS_DT)


def double_click(app: App, at: tuple[int, int]) -> None:
    """Two clicks in one frame, then a third of a second of frames."""
    click(app, at, 0)
    click(app, at, 20)


@pytest.mark.parametrize("game_id", ["choose", "sly_knights"])
def test_a_double_click_on_continue_continues_once(game_id: str) -> None:
    app = App(Settings(bot_delay=0.0), headless=True, size=(1280, 720))
    try:
        scene = held_scene(app, game_id, 3, 1, 2)
        sent = wire(scene, 0)
        double_click(app, button(scene).rect.center)  # type: ignore[attr-defined]
        assert sent == [{"type": "continue"}]
        assert scene.session.feed.hold is None
        assert scene.feed.latest_error(scene.session.clock) is None, "a refusal shows"
    finally:
        app.close()


def test_a_double_click_on_a_move_makes_it_once() -> None:
    app = App(Settings(bot_delay=0.3), headless=True, size=(1280, 720))
    try:
        scene = local_scene(app, "sly_knights", 3, {}, 2, 1, "simple")
        app.push(scene)
        feed = scene.session.feeds[0]
        for _ in range(3000):
            app.step(HEADLESS_DT)
            spare = [b for b in scene.buttons if b.key == "draw_spare" and b.enabled]
            if feed.legal and not feed.pending and spare:
                break
        else:
            raise AssertionError("the person never had a spare to draw")
        sent = wire(scene, 0)
        double_click(app, spare[0].rect.center)
        assert sent == [{"type": "draw_spare"}]
        assert feed.latest_error(scene.session.clock) is None, "a refusal shows"
    finally:
        app.close()


def test_a_double_click_on_round_summary_leaves_it_open() -> None:
    """At the end of a Sly Knight Robbery game, *Round summary* opens the last round's
    summary, which a click on the table closes: the second click of a double-click (a
    sixth of a second later) did, and the summary only flashed. It now closes on a
    click once it has stood a moment."""
    import random

    app = App(Settings(bot_delay=0.0), headless=True, size=(1280, 720))
    try:
        scene: Any = local_scene(app, "sly_knights", 3, {}, 2, 1, "simple")
        app.push(scene)
        rng, feed = random.Random(1), scene.session.feeds[0]
        for frame in range(40000):
            app.step(HEADLESS_DT)
            for button_ in scene.buttons:
                if button_.key == "continue" and button_.enabled:
                    button_.on_click()
            if feed.legal and not feed.pending and frame % 3 == 0:
                feed.send(rng.choice(feed.legal))
            shown = [b for b in scene.buttons if b.key == "last_round"]
            if shown and scene.story() is not None and scene.summary is None:
                break
        else:
            raise AssertionError("the game never ended")
        for _ in range(30):
            app.step(HEADLESS_DT)
        at = shown[0].rect.center
        click(app, at, 10)  # the second click a sixth of a second after the first
        click(app, at, 30)
        assert scene.summary is not None, "the summary flashed and closed"
        click(app, at)
        assert scene.summary is None, "a click after a moment closes it"
    finally:
        app.close()


def test_a_round_flip_takes_a_closing_click_only_once_it_has_stood() -> None:
    """A watched Choose! table's round flip closes on a click on the table, but not on
    one in its first moment (the second click of a double-click that was meant for the
    table before it)."""
    app = App(Settings(), headless=True, size=(1280, 720))
    try:
        scene: Any = local_scene(app, "choose", 3, {}, 2, 0, "normal", speed=1.0)
        app.push(scene)
        for _ in range(20000):
            app.step(HEADLESS_DT)
            if scene.flip is not None:
                break
        at = (400, 300)  # on the table, under the flip
        click(app, at)
        assert scene.flip is not None, "a click in the flip's first moment closed it"
        for _ in range(40):
            app.step(HEADLESS_DT)
        click(app, at)
        assert scene.flip is None, "a click once it has stood closes it"
    finally:
        app.close()
