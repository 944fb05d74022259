"""The example game of docs/ADDING_A_GAME.md plays everywhere once it is registered:
watched by bots and played by a person through the generic table scene, with nothing
written for it outside its own module."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from client.app import HEADLESS_DT, App
from client.scenes import GenericScene
from client.settings import Settings
from client.tables import local_scene
from tests.example_game import EXAMPLE, register_example, unregister_example


@pytest.fixture(scope="module")
def app() -> Iterator[App]:
    register_example()
    yield App(Settings(bot_delay=0.0), headless=True, size=(1024, 600))
    unregister_example()


def colours(surface: pygame.Surface) -> int:
    small = pygame.transform.scale(surface, (64, 40))
    return len({small.get_at((x, y))[:3] for x in range(64) for y in range(40)})


def test_a_table_of_bots_plays_it_to_the_end(app: App) -> None:
    scene = local_scene(app, EXAMPLE.id, 4, {"vote_seconds": 2.0}, 3, 0, "random")
    assert isinstance(scene, GenericScene)
    app.scenes = [scene]
    for _ in range(2000):
        app.step(HEADLESS_DT)
        if (scene.session.view() or {}).get("result") is not None:
            break
    result = (scene.session.view() or {}).get("result")
    assert result is not None and result["side"] in EXAMPLE.sides
    assert colours(app.screen) > 4


def test_a_person_votes_with_a_click(app: App) -> None:
    scene = local_scene(app, EXAMPLE.id, 3, {}, 5, 1, "random")
    app.scenes = [scene]
    for _ in range(30):
        app.step(HEADLESS_DT)
    votes = [b for b in scene.buttons if b.key == "vote"]
    assert votes, "the generic table offers one button per legal action"
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=votes[0].rect.center,
                                         button=1))
    for _ in range(600):
        app.step(HEADLESS_DT)
        if (scene.feed.view or {}).get("result") is not None:
            break
    view = scene.feed.view or {}
    assert view["you"]["vote"] is not None and view["result"] is not None
