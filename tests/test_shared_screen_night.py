"""A whole Cheese Thief night and day at one screen shared by three people, through the
real scene: what the room sees between looks, what each look offers, and the table
that stays put for every person.
"""

from __future__ import annotations

import random
from typing import Any

import pygame
import pytest

from client.app import HEADLESS_DT, App
from client.i18n import tr
from client.scenes.table import TableScene
from client.session import PUBLIC
from client.settings import Settings
from client.tables import local_scene
from tests.screen_rig import settled_frame

SIZE = (1024, 600)
OPTIONS = {"look_seconds": 0.25, "hour_seconds": 10.0, "follower_seconds": 10.0,
           "discussion_seconds": 3.0, "vote_seconds": 10.0}
"""Short looks: what is compared is what the room sees at each change of eyes, in order;
a look's length has its own test (tests/test_shared_screen_pacing.py)."""
SECRET = ("choose_die", "night", "followers")
SEEDS = (13, 19)
"""Two deals: a bot Thief and nobody alone; a person Thief and two people who peek."""


@pytest.fixture(scope="module")
def app() -> App:
    return App(Settings(bot_delay=0.6), headless=True, size=SIZE)


def space() -> None:
    for kind in (pygame.KEYDOWN, pygame.KEYUP):  # pressed and let go: a deliberate look
        pygame.event.post(pygame.event.Event(kind, key=pygame.K_SPACE, mod=0, unicode=" ",
                                             scancode=0))


def walk(app: App, seed: int) -> tuple[list[tuple[Any, ...]], list[str]]:
    """Plays the table to its result; returns what the room saw at every change of the
    eyes during the night (eyes, and the picture when nobody is looking), and every
    problem found in the looks."""
    scene = local_scene(app, "cheese_thief", 5, OPTIONS, seed, 3, "simple")
    assert isinstance(scene, TableScene)
    app.scenes = [scene]
    rng = random.Random(seed)
    seen: list[tuple[Any, ...]] = []
    problems: list[str] = []
    eyes = None
    for frame in range(6000):
        app.step(HEADLESS_DT)
        session = scene.session
        public = session.feeds[None].view or {}
        phase = public.get("phase")
        if public.get("result") is not None:
            return seen, problems
        now = (session.shown, session.privacy_for)
        if now != eyes:
            eyes = now
            if phase in SECRET:
                picture = settled_frame(scene, SIZE) if now[0] == PUBLIC else None
                seen.append((phase, public.get("hour"), now, picture))
        if session.privacy_for is not None:
            space()
            continue
        done = [b for b in scene.buttons if b.key == "done"]
        if session.ballot is not None:  # the vote, on ballots
            if not session.feed.pending:
                scene.send(rng.choice(session.feed.legal))
            continue
        if session.shown == PUBLIC:
            ready = [b for b in scene.buttons if b.key == "ready" and b.enabled]
            if ready:
                ready[0].on_click()
            continue
        k = scene.k
        if phase in SECRET and session.countdown() is not None:
            problems.append(f"{frame}: a countdown shows in a secret window")
        if k is not None and phase == "night" and not k.you.get("awake"):
            later = [h for h in k.you.get("wake_hours") or [] if int(h) > k.hour]
            if not later and scene.prompt(k) == tr("asleep"):
                problems.append(f"{frame}: 'wait for your hour' after the hour passed")
        private = [a for a in session.feed.legal if a.get("type") != "ready"]
        if private and not session.feed.pending:
            scene.send(rng.choice([a for a in private if a["type"] != "pass"] or private))
            continue
        if done:
            words = done[0].label
            dark = phase in SECRET
            if words.startswith(tr("act.done")) != dark:
                problems.append(f"{frame}: '{words}' in phase {phase}")
            if done[0].enabled != (session.look_left <= 0):
                problems.append(f"{frame}: Done enabled={done[0].enabled} with "
                                f"{session.look_left:.2f} s of the look left")
            if done[0].enabled:
                done[0].on_click()
        elif not private and not session.feed.pending:
            problems.append(f"{frame}: a look with no way to end it ({phase})")
    raise AssertionError(f"seed {seed}: no result")


def test_a_shared_night_shows_the_room_the_same_whoever_wakes(app: App) -> None:
    (one, problems_one), (two, problems_two) = (walk(app, seed) for seed in SEEDS)
    assert not problems_one and not problems_two, problems_one + problems_two
    assert [s[:3] for s in one] == [s[:3] for s in two], "whose turn it is tells nothing"
    assert len(one) == 2 * 3 * 7, "every person looks at every hour and the follower step"
    assert one == two, "the screen between looks shows something of the night"


def test_every_looker_sees_one_fixed_table(app: App) -> None:
    """Seat places and names are the same whoever looks: the mouse at the left is the
    same mouse for all three people, so a vote cannot go to the wrong one."""
    scene = local_scene(app, "cheese_thief", 5, OPTIONS, 19, 3, "simple")
    assert isinstance(scene, TableScene)
    app.scenes = [scene]
    app.step(HEADLESS_DT)
    places = []
    for seat in (PUBLIC, 0, 1, 2):
        scene.session.shown, scene.session.privacy_for = seat, None
        scene.draw(pygame.Surface(SIZE))
        assert scene.k is not None and scene.k.me == (None if seat == PUBLIC else seat)
        lay = getattr(scene, "_layout", None)
        assert lay is not None
        places.append([(s, lay.seats[s], scene.name(s)) for s in range(5)])
    assert all(p == places[0] for p in places)
