"""Careless hands at a shared screen never show anyone another person's secrets.

Single-screen tables of all four games are played to their end by a seeded stream of
person-like input (``tests/hands_rig.py``): Done double-clicked or held down across the
handover, Space held so it repeats, Tab and Enter stormed, clicks anywhere while cards
and tiles move. Whatever the hands do:

- a person's private view appears only from the curtain, and only in the frame a
  deliberate press on it comes up (Space or its button, gone down while it stood and at
  least 0.6 s after it came), by the test's own record of the hands;
- the eyes never go straight from one person to another;
- for the first moment after any change of eyes, no click, Enter or number acts;
- at every change of eyes the screen is exactly what a freshly built scene draws.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from client.app import HEADLESS_DT, App
from client.feed import Feed
from client.scenes.table import TableScene
from client.session import PUBLIC
from client.settings import Settings
from client.tables import local_scene
from tests.hands_rig import LIFT_FRAMES, Hands, eyes, look_button
from tests.screen_rig import drawn_as_fresh

SIZE = (1280, 720)
OPTIONS: dict[str, dict[str, Any]] = {
    "cheese_thief": {"hour_seconds": 0.5, "follower_seconds": 0.5, "look_seconds": 0.5,
                     "discussion_seconds": 4.0, "vote_seconds": 6.0},
}
CASES = [  # game, players, people at the screen, seed
    ("cheese_thief", 5, 2, 1), ("cheese_thief", 5, 3, 2),
    ("choose", 3, 2, 1), ("choose", 4, 3, 2),
    ("knights", 4, 2, 1), ("knights", 5, 3, 2),
    ("sly_knights", 3, 2, 1), ("sly_knights", 3, 3, 2),
]
FRAMES = 9000
"""Two and a half minutes of the window's time: a whole Cheese Thief game, and several
rounds of the card games."""


@pytest.fixture(scope="module")
def app() -> App:
    return App(Settings(bot_delay=0.1), headless=True, size=SIZE)


def record_sends(scene: TableScene, sent: list[tuple[int, bool]], frame: list[int],
                 direct: list[bool]) -> None:
    """Note every action the table sends: the frame, and whether the test chose it
    outright (a person's considered choice) rather than a press making it."""
    for feed in scene.session.feeds.values():
        original = feed.send

        def send(action: dict[str, Any], original: Any = original) -> None:
            sent.append((frame[0], direct[0]))
            original(action)

        feed.send = send  # type: ignore[method-assign]


def considered_choice(scene: TableScene, rng: random.Random, direct: list[bool]) -> bool:
    """The person looking makes one of their private choices, as if with care."""
    session = scene.session
    feed: Feed = session.feed
    private = [a for a in feed.legal if a.get("type") not in ("ready", "draw_spare")]
    looking = session.shown != PUBLIC or session.ballot is not None
    if not looking or feed.pending or not private or not session.steady():
        return False
    direct[0] = True
    try:
        scene.send(rng.choice(private))
    finally:
        direct[0] = False
    return True


def walk(app: App, game_id: str, players: int, people: int, seed: int) -> dict[str, int]:
    scene = local_scene(app, game_id, players, OPTIONS.get(game_id, {}), seed, people,
                        "simple")
    assert isinstance(scene, TableScene)
    app.scenes = [scene]
    rng = random.Random(seed)
    hands = Hands(rng, SIZE)
    sent: list[tuple[int, bool]] = []
    now, direct = [0], [False]
    record_sends(scene, sent, now, direct)
    seen, since, changed_at = eyes(scene), 0, 0
    counts = {"compared": 0, "lifted": 0, "curtains": 0}
    for frame in range(1, FRAMES):
        now[0] = frame
        look = look_button(scene, SIZE)
        hands.post(frame)
        app.step(HEADLESS_DT)
        session = scene.session
        if eyes(scene) != seen:
            before, seen = seen, eyes(scene)
            shown, behind, ballot = seen
            if ballot is not None:  # a ballot shows the spectator's table, nothing private
                assert shown == PUBLIC and scene.session.view() == session.feeds[None].view
            if shown != PUBLIC:
                assert before == (PUBLIC, shown, None), (
                    f"{game_id}: seat {shown}'s view came from {before}, not its curtain")
                assert hands.deliberate(frame, since, look), (
                    f"{game_id} seed {seed}: frame {frame}: seat {shown}'s private view "
                    f"appeared with no deliberate press (curtain since frame {since})")
                counts["lifted"] += 1
            if behind is not None:
                since = frame
                counts["curtains"] += 1
            changed_at = frame
            assert drawn_as_fresh(app, game_id, scene, SIZE), (
                f"{game_id} seed {seed}: frame {frame}: the screen for {seen} is not a "
                "fresh scene's")
            counts["compared"] += 1
        # (what a press sent in the frame the eyes changed was sent before they did)
        assert not any(f == frame and not chosen and 0 < f - changed_at < LIFT_FRAMES - 1
                       for f, chosen in sent[-4:]), (
            f"{game_id} seed {seed}: frame {frame}: a press acted at once on a new screen")
        if (session.feeds[None].view or {}).get("result") is not None:
            break
        if hands.busy(frame + 1):
            continue
        if session.privacy_for is not None:
            hands.at_curtain(frame + 1, look_button(scene, SIZE))
        elif not (rng.random() < 0.4 and considered_choice(scene, rng, direct)):
            hands.at_table(frame + 1, scene)
    return counts


@pytest.mark.parametrize(("game_id", "players", "people", "seed"), CASES)
def test_careless_hands_show_nobody_anything(app: App, game_id: str, players: int,
                                             people: int, seed: int) -> None:
    counts = walk(app, game_id, players, people, seed)
    assert counts["lifted"] >= 4 and counts["compared"] >= 8, counts
