"""Replays a newcomer can use (issue 30, part 4): the bar never covers the reader's own
hand or tile, the hints offer only keys that work in that replay, "everything shown"
names every hand readably, and the list says game, players, date, winner and the
reader's seat, left-aligned."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest

from client import i18n
from client.app import HEADLESS_DT, App
from client.kit import replay_bar
from client.replays import list_replays, replay_scene
from client.scenes.choose.words import hand_words
from client.scenes.replays import ReplaysScene, describe
from client.settings import Settings
from net.replay import load
from tests.test_replay import play_local

TABLES = {
    "choose": (3, ["human", "simple", "simple"]),
    "sly_knights": (3, ["human", "simple", "simple"]),
    "knights": (5, ["human"] + ["simple"] * 4),
}


@pytest.fixture(scope="module")
def logs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("tables")
    out = {}
    for game_id, (players, kinds) in TABLES.items():
        path = folder / f"20260101-000000-{game_id}-1-0.log"
        play_local(path, game_id, players, 4, kinds, human_moves=True)
        out[game_id] = path
    return out


@pytest.fixture(params=[(1024, 600), (1920, 1080)], ids=["small", "large"])
def app(request: pytest.FixtureRequest) -> Iterator[App]:
    app = App(Settings(), headless=True, size=request.param)
    yield app
    app.close()


def replayed(app: App, log: Path, seat: int | None, at: float = 0.5) -> Any:
    """The replay from ``seat`` (None: everything shown), stood at ``at`` of the game."""
    scene = replay_scene(app, load(log), None, seat)
    app.scenes = [scene]
    app.step(HEADLESS_DT)
    scene.session.replay.seek_fraction(at)
    for _ in range(4):
        app.step(HEADLESS_DT)
    return scene


def own_things(scene: Any) -> list[pygame.Rect]:
    """Where the reader's own hand or tile lies on the screen."""
    lay, k = scene._layout, scene.k
    name = type(scene).__name__
    if name == "ChooseScene":
        from client.scenes.choose.layout import hand_slots

        return hand_slots(lay, len(k.hand))
    if name == "SlyKnightsScene":
        return list(scene.hand_rects(lay, k))
    return [lay.tile_rect(k.me)]


@pytest.mark.parametrize("game_id", list(TABLES))
def test_the_bar_never_covers_the_readers_own_hand(app: App, logs: dict[str, Path],
                                                   game_id: str) -> None:
    w, h = app.screen.get_size()
    strip = pygame.Rect(0, h - replay_bar.height(h), w, replay_bar.height(h))
    for at in (0.2, 0.5, 0.8):
        scene = replayed(app, logs[game_id], 0, at)
        bar = [b.rect for b in scene.buttons if b.key.startswith("replay.")]
        assert len(bar) == 7 and all(strip.contains(r) for r in bar)
        assert scene._layout is not None and scene._layout.size[1] <= strip.top
        things = own_things(scene)
        assert things, f"the reader's hand at {at}"
        for rect in things:
            assert rect.bottom <= strip.top, (rect, strip)


def hints(app: App, scene: Any, monkeypatch: pytest.MonkeyPatch) -> str:
    import client.kit.overlays as table  # (the part of the table that draws the keys line)

    said: list[str] = []
    real = getattr(table, "blit_text")  # noqa: B009 (the module's own name for it)

    def spy(surface: pygame.Surface, words: str, *args: Any, **kwargs: Any) -> pygame.Rect:
        said.append(words)
        drawn: pygame.Rect = real(surface, words, *args, **kwargs)
        return drawn

    monkeypatch.setattr(table, "blit_text", spy)
    scene.draw(app.screen)
    monkeypatch.setattr(table, "blit_text", real)
    return next(words for words in said if i18n.tr("watch.keys") in words)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_hints_offer_only_keys_that_work(app: App, logs: dict[str, Path], lang: str,
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    app.set_language(lang)
    try:
        from_seat = hints(app, replayed(app, logs["choose"], 0), monkeypatch)
        assert i18n.tr("watch.key_o") not in from_seat, "O shows nothing more from a seat"
        assert i18n.tr("beliefs.key") not in from_seat
        assert i18n.tr("replay.keys") in from_seat
        everything = replayed(app, logs["choose"], None)
        words = hints(app, everything, monkeypatch)
        assert i18n.tr("watch.key_o") in words
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_o, mod=0,
                                             unicode="o", scancode=0))
        app.step(HEADLESS_DT)
        assert not everything.session.show_all, "the O offered works"
    finally:
        app.set_language("en")


def test_everything_shown_names_every_hand(app: App, logs: dict[str, Path],
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    import client.scenes.choose.panel as choose_panel
    import client.scenes.sly_knights.draw as sly_draw
    import client.scenes.sly_knights.seat as sly_seat

    said: list[str] = []
    real_blit, real_text = getattr(choose_panel, "blit_text"), getattr(sly_draw, "text")  # noqa: B009

    def blit_spy(surface: pygame.Surface, words: str, *a: Any, **kw: Any) -> pygame.Rect:
        said.append(words)
        drawn: pygame.Rect = real_blit(surface, words, *a, **kw)
        return drawn

    def text_spy(words: str, *a: Any, **kw: Any) -> pygame.Surface:
        said.append(words)
        label: pygame.Surface = real_text(words, *a, **kw)
        return label

    monkeypatch.setattr(choose_panel, "blit_text", blit_spy)
    monkeypatch.setattr(sly_draw, "text", text_spy)
    monkeypatch.setattr(sly_seat, "text", text_spy)
    monkeypatch.setattr(sly_seat, "blit_text", blit_spy)
    scene = replayed(app, logs["choose"], None, 0.3)
    k = scene.k
    for s in range(k.n):
        if k.hands[s] and s != k.me:
            named = hand_words([str(c) for c in k.hands[s]])
            assert " ".join(said).replace(" ", "").find(named.replace(" ", "")[:12]) >= 0, \
                named
    said.clear()
    scene = replayed(app, logs["sly_knights"], None, 0.3)
    k = scene.k
    for s in range(k.n):
        if k.hands[s] and s != k.me:
            cards = " ".join(str(c) for c in sorted(k.hands[s]))
            # (a long hand may run over two lines of its knight's tile, read in order)
            numbers = " ".join(re.findall(r"\b\d+\b", " ".join(said)))
            assert f" {cards} " in f" {numbers} ", (cards, said[:20])


def test_the_list_says_game_players_date_winner_and_your_seat(logs: dict[str, Path]) -> None:
    # a row is cut to a width in pixels, which needs fonts: the test may run first in
    # its worker, or after another module's window closed pygame, with no window open
    pygame.font.init()
    entries = list_replays(logs["choose"].parent)
    assert len(entries) == len(TABLES)
    for entry in entries:
        row = describe(entry)
        recording = load(entry.path)
        outcome = recording.finished_games()[-1].outcome or {}
        assert entry.winners == tuple(outcome["winners"])
        assert all(entry.players[s] in row for s in entry.winners)
        assert all(name in row for name in entry.players)
        assert entry.humans == (0,) and i18n.tr("replays.you", names="P0") in row
        assert row[:4].isdigit() and row[4] == "-", "the date leads the row"
        short = describe(entry, 300)
        assert entry.players[0] in short and len(short) < len(row) or len(entry.players) < 3


def test_the_list_is_left_aligned_and_opens_on_your_seat(
        logs: dict[str, Path], monkeypatch: pytest.MonkeyPatch) -> None:
    import client.scenes.replays as screen

    monkeypatch.setattr(screen, "list_replays", lambda: list_replays(logs["choose"].parent))
    app = App(Settings(), headless=True, size=(1024, 600))
    try:
        scene = ReplaysScene(app)
        app.push(scene)
        for _ in range(5):
            app.step(HEADLESS_DT)
        assert scene.eyes == 1, "a game one person played opens through their eyes"
        listing = scene.widgets["list"]
        first = listing.item_list_container.elements[0]
        rect = first.rect
        row = app.screen.subsurface(rect)
        bright = [x for x in range(rect.width) for y in range(4, rect.height - 4, 2)
                  if sum(row.get_at((x, y))[:3]) > 600]
        assert bright, "the row shows text"
        assert min(bright) < 24, "the row's text starts at its left edge"
    finally:
        app.close()
