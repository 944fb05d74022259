"""What the table-scene tests share: bot play up to a wanted situation, a peer that
hands a scene prepared updates, the update the host would send a seat for a given
state, a table scene shown on one, and the clicks, refusals and table talk a test
then gives it."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame
import pytest

from client.app import HEADLESS_DT, App
from client.feed import Feed
from client.kit import ink
from client.scenes import table_scene
from client.scenes.table import TableScene
from client.session import Session
from client.settings import Settings
from client.tables import local_scene
from core.game import Action, Game
from core.play import advance, seat_bots

Stop = Callable[[Any, int, list[Any]], bool]
"""A wanted situation: whether (state, seat, events so far) is it."""


def reach(game: Game[Any], players: int, stop: Stop, options: dict[str, Any] | None = None,
          seeds: range = range(1, 300)) -> tuple[Any, int, list[Any]]:
    """Play simple bots, deal after deal, until some seat is in the wanted situation;
    the first such state, that seat and every event so far."""
    for seed in seeds:
        found = _reach_in(game, players, stop, options or {}, seed)
        if found is not None:
            return found
    raise AssertionError("no deal reaches that situation")


def _reach_in(game: Game[Any], players: int, stop: Stop, options: dict[str, Any],
              seed: int) -> tuple[Any, int, list[Any]] | None:
    """One deal of ``reach``: the situation is looked for before every action and after
    every expiry, so a moment inside a window everyone acts in is found too."""
    state, events = game.new_game(players, dict(options), seed)
    bots = seat_bots(game.id, ["simple"] * players, seed)
    found: list[int] = []

    def look() -> bool:
        found[:] = [p for p in range(players) if stop(state, p, events)][:1]
        return bool(found)

    def act(seat: int, legal: list[Action]) -> None:
        if not found and not look():
            events.extend(game.apply(state, seat, bots[seat].act(game.view(state, seat), legal)))

    for _ in range(10_000):
        if look():
            return state, found[0], events
        if game.outcome(state) is not None:
            break
        events.extend(advance(game, state, act))
    return None


class StaticPeer:
    """A peer that delivers one prepared update, then whatever a test adds to ``inbox``;
    it keeps what the scene sent."""

    def __init__(self, seat: int | None, message: dict[str, Any]) -> None:
        self.seat = seat
        self.sent: list[dict[str, Any]] = []
        self.inbox = [message]

    def send(self, action: dict[str, Any]) -> None:
        self.sent.append(action)

    def poll(self) -> list[dict[str, Any]]:
        out, self.inbox = self.inbox, []
        return out


def update(game: Game[Any], state: Any, seat: int | None, events: list[Any],
           timed: bool = False) -> dict[str, Any]:
    """One update message for ``seat`` (with the open window's clock when ``timed``)."""
    deadline = game.deadline(state) if timed else None
    return {
        "type": "update", "seq": 1, "view": game.view(state, seat),
        "legal": game.legal_actions(state, seat) if seat is not None else [],
        "events": [e.data for e in events if e.visible_to(seat)],
        "deadline": None if deadline is None else {
            "key": deadline.key, "seconds": deadline.seconds, "remaining": deadline.seconds},
    }


def show_table(app: App, game: Game[Any], state: Any, seat: int | None, events: list[Any],
               name: str, *, timed: bool, frames: int,
               make: Callable[[App, Session], TableScene] | None = None) -> TableScene:
    """The game's table scene on ``state`` from ``seat`` (None: a spectator), drawn for
    ``frames`` headless frames; seats are named "<name> 0", "<name> 1", ..."""
    feeds: dict[int | None, Feed] = {
        None: Feed(StaticPeer(None, update(game, state, None, events, timed)))}
    humans: list[int] = []
    if seat is not None:
        feeds[seat] = Feed(StaticPeer(seat, update(game, state, seat, events, timed)))
        humans = [seat]
    session = Session(feeds, humans, [f"{name} {i}" for i in range(game.players(state))])
    session.shown = seat if seat is not None else -1
    scene = table_scene(app, game.id, session) if make is None else make(app, session)
    app.scenes = [scene]
    for _ in range(frames):
        app.step(HEADLESS_DT)
    return scene


DRAWN_BYTES = 100_000
"""What a window drawn with a table takes at least as a TGA at 1280x720 (a blank one:
29 kB; every phase of every game: over 200 kB)."""


def keep_screen(app: App, path: Path) -> int:
    """Save the window under ``path`` as a TGA, for a person to open, and return its size.
    TGA packs runs of one colour, so a blank window saves small; it is written in a
    seventh of PNG's time, which was a sixth of a phase test's CPU."""
    out = path.with_suffix(".tga")
    app.screenshot(out)
    return out.stat().st_size


def colours(surface: pygame.Surface) -> int:
    """How many colours a screen shows (on a coarse grid): a blank one shows few."""
    small = pygame.image.tobytes(pygame.transform.scale(surface, (320, 180)), "RGB")
    row = 320 * 3  # every other pixel of every other row, as three bytes each
    return len({small[at:at + 3] for y in range(0, 180, 2)
                for at in range(y * row, (y + 1) * row, 6)})


def sent(scene: TableScene, seat: int) -> list[dict[str, Any]]:
    """What the scene sent from ``seat`` (its peer is a ``StaticPeer``)."""
    return scene.session.feeds[seat].peer.sent  # type: ignore[attr-defined, no-any-return]


def click(app: App, pos: tuple[int, int]) -> None:
    """A person's click: the pointer moves there, the button goes down, a frame passes."""
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                         buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    app.step(HEADLESS_DT)


def deliver(scene: TableScene, events: list[dict[str, Any]]) -> None:
    """Hand every seat's feed ``events`` in a fresh update of the view it holds (a chat
    line, another seat's public move), as the host would send them."""
    for feed in scene.session.feeds.values():
        feed.peer.inbox.append({  # type: ignore[attr-defined]
            "type": "update", "seq": 2, "view": feed.view, "legal": feed.legal,
            "events": events, "deadline": None})


def refuse(app: App, scene: TableScene, seat: int, code: str, message: str) -> None:
    """The host refuses ``seat``'s last action: the refusal reaches the table in its
    words, with the error sound."""
    scene.session.feeds[seat].peer.inbox.append(  # type: ignore[attr-defined]
        {"type": "error", "code": code, "message": message})
    for _ in range(3):
        app.step(HEADLESS_DT)
    assert scene.feed.latest_error(scene.session.clock) == message
    assert "error" in app.audio.played


def wheel(app: App, area: pygame.Rect) -> tuple[bytes, bytes]:
    """Turn the mouse wheel over ``area``: what it shows before and after."""
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=area.center, rel=(0, 0),
                                         buttons=(0, 0, 0)))
    app.step(HEADLESS_DT)
    before = pygame.image.tobytes(app.screen.subsurface(area).copy(), "RGB")
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=3, flipped=False))
    for _ in range(2):
        app.step(HEADLESS_DT)
    return before, pygame.image.tobytes(app.screen.subsurface(area).copy(), "RGB")


def key(code: int) -> None:
    """A key press, posted as the window would deliver it."""
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="",
                                         scancode=0))


def space() -> None:
    """Space pressed and let go in one frame: posted on every frame a curtain is shown,
    it lifts the curtain as soon as a press on it may begin (``client.curtain``)."""
    for kind in (pygame.KEYDOWN, pygame.KEYUP):
        pygame.event.post(pygame.event.Event(kind, key=pygame.K_SPACE, mod=0, unicode=" ",
                                             scancode=0))


def play_to_the_end(app: App, scene: TableScene, move: Callable[[int], Any | None],
                    limit: int) -> list[Any]:
    """Act like a patient player until the result is on screen: lift each privacy
    screen (a step ``("privacy", seat, phase, hour)``, from the public view) and, every
    third frame with a table to look at, let ``move`` make one move on that frame (it
    returns the step it took, or None)."""
    steps: list[Any] = []
    behind = False
    for frame in range(limit):
        app.step(HEADLESS_DT)
        if scene.session.privacy_for is not None:
            public = scene.session.feeds[None].view or {}
            if not behind:  # one step for each curtain, however long it stands
                steps.append(("privacy", scene.session.privacy_for, public.get("phase"),
                              public.get("hour")))
            behind = True
            space()
            continue
        behind = False
        k = scene.k  # type: ignore[attr-defined]
        if k is None or frame % 3 or not scene.session.steady():
            continue  # (a patient player waits for a new screen to stand still)
        if k.phase == "over" and any(b.key == "menu" for b in scene.buttons):
            return steps
        step = move(frame)
        if step is not None:
            steps.append(step)
    raise AssertionError(f"the game did not end; last steps {steps[-10:]}")


def hot_seat(game_id: str, players: int, options: dict[str, Any], seed: int, people: int,
             pick: Callable[[list[Action]], Action]) -> tuple[TableScene, int, int]:
    """People at one screen with bots, played to the end: a key press lifts each privacy
    screen (which shows no hand), a held summary is continued, "done" closes a private
    moment, and each decision is ``pick``'s. The scene, the frames that showed a privacy
    screen, and how often "done" was pressed."""
    app = App(Settings(bot_delay=0.0), headless=True, size=(1280, 720))
    scene = local_scene(app, game_id, players, options, seed, people, "simple")
    app.push(scene)
    screens = dones = 0
    for _ in range(5000):
        app.step(HEADLESS_DT)
        k = scene.k  # type: ignore[attr-defined]
        if k is not None and k.phase == "over":
            break
        if scene.session.privacy_for is not None:
            screens += 1
            assert k is None or scene.shown_seat is None
            space()
            continue
        keys = {b.key: b for b in scene.buttons}
        if "continue" in keys:
            click(app, keys["continue"].rect.center)
        elif "done" in keys:
            dones += 1
            click(app, keys["done"].rect.center)
        elif scene.can_act:
            scene.send(pick(scene.feed.legal))
    assert scene.k is not None and scene.k.phase == "over"  # type: ignore[attr-defined]
    return scene, screens, dones


def one_person(game_id: str, players: int, options: dict[str, Any], seed: int,
               held: Callable[[Any], bool], move: Callable[[App, Any, Any, int], bool],
               limit: int) -> tuple[App, Any, int]:
    """One person and bots at one screen, played to the end through the real scene: a
    round summary the table holds on (``held``) is continued by a click once it may be,
    and whenever the person may act, ``move`` (given the window, the scene, the table's
    knowledge and the moves so far) makes one by clicks, or says it waits. Returns the
    window, the scene and the moves made."""
    app = App(Settings(bot_delay=0.0), headless=True, size=(1280, 720))
    scene: Any = local_scene(app, game_id, players, options, seed, 1, "simple")
    app.push(scene)
    moves = 0
    for _ in range(limit):
        app.step(HEADLESS_DT)
        k = scene.k
        if k is None:
            continue
        if k.phase == "over":
            break
        if held(scene):
            go = next((b for b in scene.buttons if b.key == "continue" and b.enabled), None)
            if go is not None:  # the table holds until the person has read it
                click(app, go.rect.center)
            continue
        if scene.can_act and move(app, scene, k, moves):
            moves += 1
    assert scene.k is not None and scene.k.phase == "over", "the game reached its end"
    return app, scene, moves


def last_frame_texts(recorder: ink.Recorder, monkeypatch: pytest.MonkeyPatch
                     ) -> list[tuple[str, pygame.Rect]]:
    """The texts the record of texts (``client.kit.ink``) took in the last frame drawn,
    each with its ink: kept as each frame ends, for the record lets them go then."""
    drawn: list[tuple[str, pygame.Rect]] = []
    end_frame = recorder.end_frame

    def kept() -> None:
        drawn[:] = [(each.words, each.ink) for each in recorder.drawn]
        end_frame()

    monkeypatch.setattr(recorder, "end_frame", kept)
    return drawn
