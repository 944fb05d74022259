"""Careless hands at a shared screen: a seeded stream of what people really do with a
mouse and a keyboard (double-clicks, a key that repeats, a button held down while the
screen changes hands, clicks while things move, storms of Tab and Enter), posted frame
by frame into a real single-screen table, with a record of every press.

The record is the test's own account of the hands, kept apart from the program's, so
that a test can say, when a curtain lifted, whether a deliberate press lifted it.
"""

from __future__ import annotations

import random
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

import pygame

from client.app import HEADLESS_DT
from client.kit.curtain import source
from client.scenes.table import TableScene
from client.session import PUBLIC

LEAVING = ("menu", "again", "last_round")
"""Buttons that would end the table under test."""
LIFT_FRAMES = round(0.6 / HEADLESS_DT)
"""Frames a curtain stands before a press on it may begin (0.6 s)."""


@dataclass
class Press:
    """One press the hands made: what, where it went down and came up, and when."""

    source: str
    down_frame: int
    down_pos: tuple[int, int] | None
    up_frame: int | None = None
    up_pos: tuple[int, int] | None = None


@dataclass
class Hands:
    """The seeded person at the screen, and the record of what their hands did."""

    rng: random.Random
    size: tuple[int, int]
    plan: dict[int, list[pygame.event.Event]] = field(default_factory=lambda: defaultdict(list))
    """Events to post, by frame."""
    held: dict[str, Press] = field(default_factory=dict)
    """Presses down now, by input."""
    ended: dict[int, list[Press]] = field(default_factory=lambda: defaultdict(list))
    """Presses that came up, by the frame they came up in."""

    # -- planning gestures ----------------------------------------------------------------
    def busy(self, frame: int) -> bool:
        return any(f >= frame and events for f, events in self.plan.items())

    def _at(self, frame: int, kind: int, **fields: Any) -> None:
        if kind in (pygame.KEYDOWN, pygame.KEYUP):
            fields = {"mod": 0, "unicode": "", "scancode": 0, **fields}
        if kind == pygame.MOUSEMOTION:
            fields = {"rel": (0, 0), "buttons": (0, 0, 0), **fields}
        self.plan[frame].append(pygame.event.Event(kind, **fields))

    def click(self, frame: int, pos: tuple[int, int], hold: int = 0) -> None:
        self._at(frame, pygame.MOUSEMOTION, pos=pos)
        self._at(frame, pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
        self._at(frame + hold, pygame.MOUSEBUTTONUP, pos=pos, button=1)

    def double_click(self, frame: int, pos: tuple[int, int]) -> None:
        self.click(frame, pos)
        self.click(frame + self.rng.randint(3, 18), pos)

    def key(self, frame: int, code: int, hold: int = 0, repeats: int = 0) -> None:
        self._at(frame, pygame.KEYDOWN, key=code)
        for n in range(1, repeats + 1):  # the window's key repeat, while it is held
            self._at(frame + n * max(1, hold // (repeats + 1)), pygame.KEYDOWN, key=code)
        self._at(frame + hold, pygame.KEYUP, key=code)

    def storm(self, frame: int, keys: tuple[int, ...], n: int) -> None:
        for i in range(n):
            self.key(frame + i * self.rng.randint(1, 4), self.rng.choice(keys))

    # -- choosing what a person does ----------------------------------------------------
    def spot(self, scene: TableScene) -> tuple[int, int]:
        """Somewhere to click that does not leave the table."""
        for _ in range(20):
            buttons = [b for b in scene.buttons if b.enabled and b.key not in LEAVING
                       and not b.key.startswith("emote")]
            if buttons and self.rng.random() < 0.6:
                pos = self.rng.choice(buttons).rect.center
            else:
                pos = (self.rng.randrange(self.size[0]), self.rng.randrange(self.size[1]))
            if not any(b.key in LEAVING and b.rect.inflate(8, 8).collidepoint(pos)
                       for b in scene.buttons):
                return pos
        return (self.size[0] // 2, 4)

    def at_curtain(self, frame: int, look: pygame.Rect) -> None:
        """Someone at a curtain: careless, or (sooner or later) deliberate."""
        rng, choice = self.rng, self.rng.random()
        if choice < 0.2:
            self.double_click(frame, look.center)  # straight at it
        elif choice < 0.35:
            self.storm(frame, (pygame.K_TAB, pygame.K_RETURN, pygame.K_KP_ENTER),
                       rng.randint(4, 20))
        elif choice < 0.45:
            self.key(frame, pygame.K_SPACE, hold=rng.randint(20, 90), repeats=rng.randint(0, 6))
        elif choice < 0.55:
            self.click(frame, (rng.randrange(self.size[0]), rng.randrange(self.size[1])))
        elif choice < 0.8:
            self.key(frame + rng.randint(LIFT_FRAMES, LIFT_FRAMES * 3), pygame.K_SPACE,
                     hold=rng.randint(0, 10))
        else:
            self.click(frame + rng.randint(LIFT_FRAMES, LIFT_FRAMES * 3), look.center,
                       hold=rng.randint(0, 10))

    def at_table(self, frame: int, scene: TableScene) -> None:
        """Someone looking at the table: Done double-clicked or held, buttons and the
        table clicked while things move, keys stormed."""
        rng, choice = self.rng, self.rng.random()
        done = [b for b in scene.buttons if b.key in ("done", "continue", "ready")
                and b.enabled]
        if done and choice < 0.45:
            pos = done[0].rect.center
            if rng.random() < 0.7:
                self.double_click(frame, pos)
            else:  # held down across the handover, let go later (maybe over the curtain)
                self.click(frame, pos, hold=rng.randint(10, 90))
        elif choice < 0.6:
            self.key(frame, pygame.K_SPACE, hold=rng.randint(0, 60), repeats=rng.randint(0, 3))
        elif choice < 0.7:
            self.storm(frame, (pygame.K_TAB, pygame.K_RETURN), rng.randint(3, 12))
        else:
            (self.double_click if rng.random() < 0.5 else self.click)(frame, self.spot(scene))

    # -- the record --------------------------------------------------------------------
    def post(self, frame: int) -> None:
        """Post this frame's events and note each press and release."""
        for event in self.plan.pop(frame, []):
            pygame.event.post(event)
            name = source(event)
            if name is None:
                continue
            pos = getattr(event, "pos", None)
            if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
                self.held.setdefault(name, Press(name, frame, pos))  # a repeat is no press
            else:
                press = self.held.pop(name, None)
                if press is not None:
                    press.up_frame, press.up_pos = frame, pos
                    self.ended[frame].append(press)

    def deliberate(self, frame: int, since: int, look: pygame.Rect) -> bool:
        """Whether a press that came up in ``frame`` lifts a curtain up since ``since``
        (the frame it was first drawn in): Space or a left click on its button, gone down
        while it stood, 0.6 s after it came."""
        for press in self.ended.get(frame, []):
            if press.down_frame < since + LIFT_FRAMES - 1:
                continue
            if press.source == f"key:{pygame.K_SPACE}":
                return True
            if (press.source == "mouse:1" and press.down_pos and press.up_pos
                    and look.collidepoint(press.down_pos) and look.collidepoint(press.up_pos)):
                return True
        return False


def look_button(scene: TableScene, size: tuple[int, int]) -> pygame.Rect:
    """The curtain's button as drawn (the middle of the screen where there is none)."""
    for button in scene.buttons:
        if button.key == "look":
            return button.rect
    rect = pygame.Rect(0, 0, size[0] // 4, size[1] // 8)
    rect.center = (size[0] // 2, size[1] // 2 + size[1] // 8)
    return rect


def eyes(scene: TableScene) -> tuple[int, int | None, int | None]:
    return scene.session.shown, scene.session.privacy_for, scene.session.ballot


def shown_private(scene: TableScene) -> bool:
    return scene.session.shown != PUBLIC
