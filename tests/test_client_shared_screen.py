"""One screen, several people: nothing drawn for one person reaches the next.

At every change of the eyes on a shared screen (a person lifts the privacy screen, or
closes their eyes and the table goes back to the spectator's view) the picture must be
exactly what a scene built at that moment draws from the same view. Anything a scene
kept from the previous person (a cached log, a selection, a built question, a hand
laid out, a bubble, a hover) would show up as a difference.

The people here act like people: they move the mouse, click about the table (choosing
seats, cards and tiles without confirming), then make a legal choice or close their
eyes.
"""

from __future__ import annotations

import random
from typing import Any

import pygame
import pytest

from client.app import HEADLESS_DT, App
from client.scenes.table import TableScene
from client.session import PUBLIC
from client.settings import Settings
from client.tables import local_scene
from tests.client_rig import space
from tests.screen_rig import drawn_as_fresh, settled_frame

SIZE = (1280, 720)
OPTIONS: dict[str, dict[str, Any]] = {
    # Short looks: what is compared is each change of eyes, in the order they come, not
    # how long a look lasts (tests/test_shared_screen_pacing.py holds the look's length).
    "cheese_thief": {"hour_seconds": 0.5, "follower_seconds": 0.5, "look_seconds": 0.5,
                     "discussion_seconds": 6.0, "vote_seconds": 6.0},
}
CASES = [
    # game, players, people at the screen, seed. The Cheese Thief cases include deals where
    # two people's logs have the same length at a handover, which a cache keyed without its
    # viewer mistook for the same log: with that cache back, three of these four fail.
    ("cheese_thief", 5, 2, 3), ("cheese_thief", 5, 2, 5), ("cheese_thief", 7, 2, 3),
    ("cheese_thief", 5, 3, 3),
    ("choose", 3, 2, 1), ("choose", 3, 2, 2), ("choose", 4, 3, 3),
    ("knights", 4, 2, 1), ("knights", 4, 2, 2), ("knights", 5, 3, 3),
    ("sly_knights", 3, 2, 1), ("sly_knights", 3, 2, 2), ("sly_knights", 3, 3, 3),
]
LEAVING = ("menu", "again", "last_round")
"""Buttons that would end the table under test."""


@pytest.fixture(scope="module")
def app() -> App:
    return App(Settings(bot_delay=0.0), headless=True, size=SIZE)


def eyes(scene: TableScene) -> tuple[int, int | None, int | None]:
    return scene.session.shown, scene.session.privacy_for, scene.session.ballot


def fidget(app: App, scene: TableScene, rng: random.Random) -> None:
    """A person looks around: the mouse wanders, clicks on the table and on buttons
    (tabs, cards, seats), which may select something or act."""
    for _ in range(3):
        buttons = [b for b in scene.buttons if b.enabled and b.key not in (*LEAVING, "done")]
        if buttons and rng.random() < 0.5:
            pos = rng.choice(buttons).rect.center
        else:
            pos = (rng.randrange(SIZE[0]), rng.randrange(SIZE[1]))
        if any(b.key in LEAVING and b.rect.collidepoint(pos) for b in scene.buttons):
            continue
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                             buttons=(0, 0, 0)))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
        app.step(HEADLESS_DT)


KEPT = ("app", "session", "restart", "mouse")
"""What a scene keeps when the eyes change: the window, the table, and the pointer."""


def held(scene: TableScene) -> list[object]:
    """Every mutable thing the scene holds (kept alive, so no id is reused)."""
    immutable = (int, float, str, bool, bytes, tuple, frozenset, type(None))
    return [v for k, v in vars(scene).items()
            if k not in (*KEPT, *scene.TABLE_WIDE) and not isinstance(v, immutable)]


def act(scene: TableScene, rng: random.Random) -> None:
    """The shown person makes a legal choice, or closes their eyes."""
    session = scene.session
    feed = scene.feed
    if (session.shown != PUBLIC or session.ballot is not None) and not feed.pending:
        private = [a for a in feed.legal if a.get("type") != "ready"]
        if private:
            scene.send(rng.choice(private))
            return
        if any(b.key == "done" for b in scene.buttons):
            session.moment_done()
            return
    keys = {b.key: b for b in scene.buttons if b.enabled}
    for key in ("continue", "ready"):
        if key in keys:
            keys[key].on_click()
            return


def play(app: App, game_id: str, players: int, humans: int, seed: int, limit: int) -> int:
    """Plays a shared-screen table, comparing the screen at every change of eyes, until
    the result or ``limit`` changes; returns how many changes were compared."""
    options = OPTIONS.get(game_id, {})
    scene = local_scene(app, game_id, players, options, seed, humans, "simple")
    assert isinstance(scene, TableScene)
    app.scenes = [scene]
    rng = random.Random(seed)
    seen = eyes(scene)
    compared = 0
    before = held(scene)
    for frame in range(20000):
        app.step(HEADLESS_DT)
        session = scene.session
        if eyes(scene) != seen:
            seen = eyes(scene)
            old = {id(v) for v in before}
            carried = [k for k, v in vars(scene).items()
                       if k not in (*KEPT, *scene.TABLE_WIDE) and id(v) in old]
            assert not carried, f"{game_id}: kept across a change of eyes: {carried}"
            assert drawn_as_fresh(app, game_id, scene, SIZE), (
                f"{game_id} seed {seed}: at frame {frame} the screen for eyes {seen} "
                "still shows something drawn for the previous person")
            compared += 1
            if compared >= limit:
                return compared
        before = held(scene)
        if session.privacy_for is not None:
            space()
            continue
        public = session.feeds[None].view or {}
        if public.get("result") is not None:
            return compared
        if frame % 4 == 0:
            if session.shown != PUBLIC and rng.random() < 0.5:
                fidget(app, scene, rng)
            act(scene, rng)
    return compared


@pytest.mark.parametrize(("game_id", "players", "humans", "seed"), CASES)
def test_each_person_sees_only_what_a_fresh_screen_would_show(
    app: App, game_id: str, players: int, humans: int, seed: int
) -> None:
    # A whole Cheese Thief game (its night is where the secrets are); the card games'
    # first rounds, where hands, selections and shows change with every turn.
    limit = 400 if game_id == "cheese_thief" else 40
    compared = play(app, game_id, players, humans, seed, limit)
    assert compared >= 6, f"{game_id}: only {compared} changes of eyes were reached"


# -- the shared screen in the secrecy proof ------------------------------------------------


RIGGED = [(1, 18), (1, 25), (1, 28), (0, 5)]
"""(person who must learn nothing, seed): deals where the construction applies."""
RIGGED_OPTIONS = dict(OPTIONS["cheese_thief"], hour_seconds=0.25, follower_seconds=0.25,
                      look_seconds=0.25)
"""Shorter still: the construction lives in the deal, and what is compared is the
order of the screens, so the same screens come in half the night's frames."""


def rigged_cheese_table(seed: int, p: int, swapped: bool) -> tuple[Any, tuple[int, int]]:
    """A 5-seat Cheese Thief table for two people (seats 0 and 1) whose deal, when
    ``swapped``, trades roles and dice between two bots that person ``p`` never wakes
    with but the other person does: only the other may learn the difference at night."""
    from net.local import LocalTable
    from tests.cheese_rig import GAME, candidate_pairs, swap

    options = GAME.check_options(5, RIGGED_OPTIONS)
    state = GAME.deal(5, options, seed)
    q = 1 - p
    q_hours = set(state.dice[q]) | set(state.wake[q])
    pairs = [(a, b) for a, b in candidate_pairs(state, p, True)
             if q not in (a, b) and q_hours & (set(state.dice[a]) | set(state.dice[b]))]
    if not pairs:
        raise LookupError("no such pair at this seed")
    if swapped:
        swap(state, *pairs[0])
    table = LocalTable("cheese_thief", 5, options, seed,
                       ["human", "human", "simple", "simple", "simple"], bot_delay=0.0)
    table._table.state, table._table.events = state, list(GAME.start(state))
    return table, pairs[0]


def frames_for(app: App, table: Any, p: int, pair: tuple[int, int],
               seed: int) -> list[tuple[Any, bytes, str]]:
    """Plays the rigged table at one screen; at every change of eyes that are not the
    other person's, the eyes, the settled frame, and what ``p`` and a spectator had been
    told by then."""
    import json

    from client.scenes import table_scene
    from client.session import Session

    session = Session.local(table, [0, 1], ["Aki", "Ben", "Chika", "Daichi", "Emi"])
    scene = table_scene(app, "cheese_thief", session)
    app.scenes = [scene]
    rng = random.Random(seed)
    seen, out = eyes(scene), []
    for frame in range(20000):
        app.step(HEADLESS_DT)
        if eyes(scene) != seen:
            seen = eyes(scene)
            if seen[0] != 1 - p:
                told = json.dumps([[f.view, f.legal, f.log] for s, f in session.feeds.items()
                                   if s != 1 - p], sort_keys=True, default=str)
                out.append((seen, settled_frame(scene, SIZE), told))
        if session.privacy_for is not None:
            session.reveal()
            continue
        if (session.feeds[None].view or {}).get("result") is not None:
            break
        if frame % 4 == 0:
            if session.shown == p:
                # p never looks at the two seats that differ.
                legal = [a for a in session.feed.legal if a.get("type") != "ready"
                         and a.get("target") not in pair]
                if legal and not session.feed.pending:
                    scene.send(rng.choice(legal))
                    continue
            act(scene, rng)
    return out


@pytest.mark.parametrize(("p", "seed"), RIGGED)
def test_a_person_at_a_shared_screen_is_drawn_nothing_of_what_the_other_learned(
    app: App, p: int, seed: int
) -> None:
    try:
        plain, pair = rigged_cheese_table(seed, p, swapped=False)
    except LookupError:
        pytest.fail(f"seed {seed} has no pair for the construction")
    swapped, _ = rigged_cheese_table(seed, p, swapped=True)
    one = frames_for(app, plain, p, pair, seed)
    two = frames_for(app, swapped, p, pair, seed)
    compared = 0
    for (eyes_one, frame_one, told_one), (eyes_two, frame_two, told_two) in zip(one, two,
                                                                                 strict=False):
        if told_one != told_two:
            break  # p (or the table) has now been shown the difference
        assert eyes_one == eyes_two, "whose turn it is to look tells nothing"
        assert frame_one == frame_two, f"seat {p} is drawn what the other learned ({eyes_one})"
        compared += 1
    assert compared >= 10, f"only {compared} screens before the difference was shown"


@pytest.mark.parametrize("game_id", ["cheese_thief", "choose", "knights", "sly_knights"])
def test_a_shared_screen_keeps_one_table_for_every_person(app: App, game_id: str) -> None:
    """Seat 1 stays at the bottom whoever looks, so one place on the screen is always
    the same person; a person alone at their own screen sits at the bottom."""
    players = {"choose": 3, "sly_knights": 3}.get(game_id, 5)
    scene = local_scene(app, game_id, players, {}, 2, 2, "simple")
    assert isinstance(scene, TableScene)
    app.scenes = [scene]
    spots = []
    for seat in (0, 1):
        scene.session.shown = seat
        for _ in range(3):
            app.step(HEADLESS_DT)
        lay = getattr(scene, "_layout", None)
        assert lay is not None
        spots.append(lay.seats)
    assert spots[0] == spots[1]
    alone = local_scene(app, game_id, players, {}, 2, 1, "simple")
    assert isinstance(alone, TableScene) and alone.table_bottom(0) == 0
    assert scene.table_bottom(1) is None
