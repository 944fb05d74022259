"""A person's hands on a headless window, for the probe scripts that walk the menu in a
fresh process (``tests/test_client_startup.py``, ``tests/test_client_contract.py``):
a click on a widget and the Esc key, each followed by turns of the window until what
should happen has."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from client.app import HEADLESS_DT, App


def turns(app: App, done: Callable[[], bool], most: int) -> None:
    """Turn the window until ``done()``, at most ``most`` times."""
    for _ in range(most):
        app.step(HEADLESS_DT)
        if done():
            return


def settle(app: App) -> None:
    """Let the screen on top stand as long as a person's eyes would before a click: one
    just come takes none (``client.scenes.ui.SETTLE``)."""
    from client.scenes.ui import SETTLE

    app.step(HEADLESS_DT)
    while app.top_age < SETTLE:
        app.step(HEADLESS_DT)


def click(app: App, widget: Any, done: Callable[[], bool], most: int = 10) -> None:
    """A left click on the middle of ``widget``, once its screen has settled."""
    settle(app)
    at = widget.rect.center
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=at, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=at, button=1))
    turns(app, done, most)


def escape(app: App, done: Callable[[], bool], most: int = 20) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0,
                                         unicode="", scancode=0))
    turns(app, done, most)
