"""A menu screen just come takes no click for a moment (``client.scenes.ui.SETTLE``),
counted from when it came, not from when the window next woke.

Walked in a real window: Esc out of *Settings*, then a click on *Settings* 0.6 s later
did nothing, and neither did one at 0.7 s; at 0.8 s it opened. The menu sleeps between
turns until input comes (``client.scenes.menu.IDLE_WAIT_MS``), and the moment was taken
at the first turn after that sleep. A click that ended the sleep was then a click on a
screen 0 s old, and the one after it too. Real scenes, a window's own clock (not a
headless run's frame time), dummy video.
"""

from __future__ import annotations

import time
from collections.abc import Iterator

import pygame
import pytest

from client.app import HEADLESS_DT, App
from client.scenes.menu import IDLE_WAIT_MS, MenuScene
from client.scenes.settings_scene import SettingsScene
from client.scenes.ui import SETTLE
from client.settings import Settings


def post_click(at: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=at, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=at, button=1))


@pytest.fixture
def window() -> Iterator[App]:
    """A window (its own clock, not a headless run's) with Settings over the menu."""
    window = App(Settings(), headless=False, size=(1024, 600))
    window.push(MenuScene(window))
    window.step(HEADLESS_DT)
    window.push(SettingsScene(window))
    window.step(HEADLESS_DT)
    yield window
    window.close()


def escape() -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0,
                                         unicode="", scancode=0))


def test_back_at_the_menu_a_click_after_the_settle_acts_however_long_the_menu_slept(
        window: App) -> None:
    assert IDLE_WAIT_MS / 1000 >= SETTLE / 2  # (else the sleep could not hide the moment)
    menu = window.scenes[0]
    assert isinstance(menu, MenuScene)
    came: list[float] = []  # when the menu came back (however loaded the machine)
    leave = window.pop
    window.pop = lambda: (leave(), came.append(time.monotonic()))[0]  # type: ignore[method-assign]
    escape()
    window.run(max_frames=2)  # Esc; the menu drawn; its sleep; a turn
    assert window.scene is menu and came
    time.sleep(max(0.0, came[0] + SETTLE + 0.1 - time.monotonic()))
    post_click(menu.widgets["settings"].rect.center)
    for _ in range(3):  # (the button's own event comes on the turn after)
        window.step(HEADLESS_DT)
    assert isinstance(window.scene, SettingsScene), (
        f"a click {time.monotonic() - came[0]:.2f} s after the menu came back was "
        "taken for the rest of a double-click")


def test_a_click_in_the_settle_is_still_the_rest_of_a_double_click(window: App) -> None:
    """The other side: a click straight after the screen came does nothing."""
    menu = window.scenes[0]
    assert isinstance(menu, MenuScene)
    escape()
    post_click(menu.widgets["settings"].rect.center)
    for _ in range(3):
        window.step(HEADLESS_DT)
    assert window.scene is menu


def test_a_click_that_came_while_a_screen_left_slowly_is_the_rest_of_a_double_click(
        window: App) -> None:
    """A screen can take a while to leave: a hosting lobby's *Close the table* tells
    every guest and waits for its host to stop. The second click of a double-click on
    *Close the table* came in that while, and the menu took it, for the moment was
    counted from before the leaving: Rules opened, unasked (walked under Xvfb)."""
    menu, settings_screen = window.scenes
    assert isinstance(menu, MenuScene)
    at = menu.widgets["settings"].rect.center

    def slow_leave() -> None:
        time.sleep(SETTLE + 0.2)
        post_click(at)  # (queued while the screen left)

    settings_screen.leave = slow_leave  # type: ignore[method-assign]
    escape()
    for _ in range(4):
        window.step(HEADLESS_DT)
    assert window.scene is menu
