"""The end-of-game sheet of every table, drawn from a real game's story, and the session's
scoreboard that runs across the games a table plays."""

from __future__ import annotations

import re
from typing import Any

import pygame
import pytest

from client import i18n
from client.app import HEADLESS_DT, App
from client.curtain import STEADY
from client.feed import Feed
from client.kit.scoreboard import Scoreboard
from client.scenes import table_scene
from client.scenes.choose.scene import FLIP_SECONDS
from client.scenes.table import TableScene
from client.session import Session
from client.settings import Settings
from core.registry import GAMES
from tests.client_rig import StaticPeer, update
from tests.test_reveal import play

TABLES = [("cheese_thief", 6), ("cheese_thief", 4), ("knights", 5), ("choose", 3),
          ("sly_knights", 3)]
FRAMES_PAST_DELAY = 14
STEP = 0.25
"""Seconds a test frame lasts: long frames reach the sheet's delay in a few draws."""


@pytest.fixture(scope="module")
def app() -> App:
    return App(Settings(), headless=True, size=(1024, 600))


@pytest.fixture(scope="module")
def large() -> App:
    return App(Settings(), headless=True, size=(1920, 1080))


def table(app: App, game_id: str, state: Any, events: list[Any], frames: int) -> TableScene:
    """A spectator's table fed the update the host would send after ``events``."""
    game = GAMES[game_id]
    feeds = {None: Feed(StaticPeer(None, update(game, state, None, events)))}
    session = Session(feeds, [], [f"Mouse {i}" for i in range(game.players(state))])
    scene = table_scene(app, game_id, session)
    app.scenes = [scene]
    for _ in range(frames):
        app.step(STEP)
    assert isinstance(scene, TableScene)
    return scene


def keys(scene: TableScene) -> set[str]:
    return {b.key for b in scene.buttons}


def click(app: App, scene: TableScene, key: str) -> None:
    button = next(b for b in scene.buttons if b.key == key)
    scene.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=button.rect.center))
    app.step(HEADLESS_DT)


FINALE: dict[str, Any] = {
    "knights": lambda scene: scene.motion.revealing(scene.time),
    "choose": lambda scene: scene.flip is not None,
    "sly_knights": lambda scene: scene.summary is not None,
}
"""How each game's last moment shows on its table: the last line-up turning over, the
last round's flip, the last round's captures."""


def until_summary(app: App, scene: TableScene) -> int:
    """Frames until the end's summary (the game's own, or the story sheet) is up."""
    for frame in range(160):
        own = {"menu", "story"} <= keys(scene)
        if scene.reveal.showing(scene.time) if not scene.OWN_SUMMARY else own:
            return frame
        app.step(STEP)
    raise AssertionError("no summary after 40 s")


@pytest.mark.parametrize(("game_id", "n"), TABLES)
@pytest.mark.parametrize("size", ["small", "large"])
def test_the_end_shows_the_finale_then_one_summary_that_leaves_in_one_press(
        app: App, large: App, game_id: str, n: int, size: str) -> None:
    app = app if size == "small" else large
    state, events = play(game_id, n, 5, pick=-1)
    scene = table(app, game_id, state, events, 2)
    assert not scene.reveal.showing(scene.time)
    if game_id in FINALE:
        assert "menu" not in keys(scene)
        assert FINALE[game_id](scene), "the last line-up, flip or round shows first"
    until_summary(app, scene)
    if game_id in FINALE:
        assert not FINALE[game_id](scene), "the summary waited for the finale"
    assert scene.session.scoreboard.games[-1].winners == list(GAMES[game_id].outcome(state).winners)
    if scene.OWN_SUMMARY:
        # The game's own summary is the one screen: the story sheet waits for its button.
        assert not scene.reveal.showing(scene.time) and {"story", "menu"} <= keys(scene)
        for _ in range(FRAMES_PAST_DELAY):
            app.step(STEP)
        assert not scene.reveal.showing(scene.time), "no second summary stacks on the first"
        click(app, scene, "story")
        assert scene.reveal.showing(scene.time) and keys(scene) == {"continue", "menu"}
        click(app, scene, "continue")
    else:
        assert scene.reveal.showing(scene.time) and keys(scene) == {"continue", "menu"}
        click(app, scene, "continue")
        assert not scene.reveal.showing(scene.time) and "story" in keys(scene)
        click(app, scene, "story")  # (a double-click's second half: Story took its place)
        assert not scene.reveal.showing(scene.time), "the sheet comes back only when asked"
        app.step(STEADY)
        click(app, scene, "story")
        assert scene.reveal.showing(scene.time)
    below = table_scene(app, game_id, scene.session)  # stands in for the menu beneath
    app.scenes = [below, scene]
    click(app, scene, "menu")
    assert app.scenes == [below], "leaving takes one press"


def test_esc_on_the_story_sheet_goes_back_to_the_table_then_to_the_menu(app: App) -> None:
    """At a watched table's end, Esc on the sheet left the table at once (leaving a
    finished table costs nothing, so nothing asks): a person closing what they read
    lost the table. Esc now closes the sheet, as Enter does; a second Esc leaves."""
    state, events = play("cheese_thief", 4, 5, pick=-1)
    scene = table(app, "cheese_thief", state, events, 2)
    until_summary(app, scene)
    assert scene.watching and scene.reveal.showing(scene.time)
    below = table_scene(app, "cheese_thief", scene.session)  # stands in for the menu
    app.scenes = [below, scene]
    esc = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="\x1b")
    scene.handle(esc)
    app.step(HEADLESS_DT)
    assert app.scenes == [below, scene] and not scene.reveal.showing(scene.time)
    assert "story" in keys(scene)
    scene.handle(esc)
    app.step(HEADLESS_DT)
    assert app.scenes == [below]


@pytest.mark.parametrize(("game_id", "n"), TABLES)
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_every_story_is_told_in_words_of_both_languages(game_id: str, n: int, lang: str) -> None:
    state, events = play(game_id, n, 8, pick=1)
    story = next(e.data for e in events if e.data["type"] == "story")
    names = [f"Mouse {i}" for i in range(n)]
    i18n.set_language(lang)
    try:
        told = TableScene.story_words(_namer(names), story)
    finally:
        i18n.set_language("en")
    lines = [told.title] + [s.heading for s in told.sections] + [
        line for s in told.sections for line in s.lines]
    assert told.sections and all(s.lines for s in told.sections)
    assert not [line for line in lines if re.search(r"\b(story|why|board|reveal)\.[a-z_]", line)]
    if lang == "ja":
        assert any(re.search("[\u3040-\u30ff]", line) for line in lines)


def _namer(names: list[str]) -> Any:
    class Stand:
        def name(self, seat: int) -> str:
            return names[seat]
    return Stand()


@pytest.mark.parametrize(("game_id", "n"), TABLES)
def test_no_sheet_before_the_end(app: App, game_id: str, n: int) -> None:
    game = GAMES[game_id]
    state, events = game.new_game(n, {}, 3)
    for _ in range(12):
        movers = game.to_act(state)
        if not movers:
            events += game.expire(state)
        else:
            events += game.apply(state, movers[0], game.legal_actions(state, movers[0])[0])
    assert game.outcome(state) is None
    scene = table(app, game_id, state, events, FRAMES_PAST_DELAY)
    assert scene.story() is None and scene.reveal.ended_at is None
    assert not scene.reveal.showing(scene.time) and "story" not in keys(scene)
    assert not scene.session.scoreboard.games


def test_the_scoreboard_adds_up_wins_and_points() -> None:
    board = Scoreboard()
    board.add({"game": "choose", "winners": [1], "scores": [3, 5, 0]})
    board.add({"game": "choose", "winners": [0, 1], "scores": [4, 4, 1]})
    assert [board.wins(s) for s in range(3)] == [1, 2, 0]
    assert [board.points(s) for s in range(3)] == [7, 9, 1]
    assert board.standings() == [1, 0, 2]
    assert board.per_game() == [[3, 5, 0], [4, 4, 1]]


def test_a_table_played_again_keeps_its_session_scoreboard() -> None:
    from client.tables import local_scene

    small = App(Settings(), headless=True, size=(1024, 600))
    scene = local_scene(small, "sly_knights", 2, {}, 1, 0, "simple")
    assert isinstance(scene, TableScene) and scene.restart is not None
    scene.session.scoreboard.add({"game": "sly_knights", "winners": [0], "scores": [9, 4]})
    again = scene.restart()
    assert isinstance(again, TableScene)
    assert again.session.scoreboard is scene.session.scoreboard


def test_a_watched_session_deals_its_next_game_by_itself(app: App) -> None:
    state, events = play("choose", 2, 4)
    scene = table(app, "choose", state, events, 2)
    follow = table_scene(app, "choose", scene.session)
    scene.restart = lambda: follow
    scene.session.more_games = 1
    app.scenes = [scene]
    for _ in range(int((scene.reveal.DELAY + scene.NEXT_GAME + FLIP_SECONDS) / STEP) + 3):
        app.step(STEP)  # the last flip is shown first, then the summary, then the next deal
        if app.scenes == [follow]:
            break
    assert app.scenes == [follow]


def test_one_lan_connection_keeps_one_scoreboard_over_its_games(app: App) -> None:
    """At a LAN table the same feed runs on into the next game: each story is counted
    once, and the sheet of one game gives way when the next one is dealt."""
    game = GAMES["cheese_thief"]
    first, first_events = play("cheese_thief", 5, 1)
    peer = StaticPeer(2, update(game, first, 2, first_events))
    session = Session.remote(peer, [f"Mouse {i}" for i in range(5)])
    scene = table_scene(app, "cheese_thief", session)
    assert isinstance(scene, TableScene)
    app.scenes = [scene]
    for _ in range(FRAMES_PAST_DELAY):
        app.step(STEP)
    assert scene.reveal.showing(scene.time)
    fresh, opening = game.new_game(5, {}, 2)
    peer.inbox.append(update(game, fresh, 2, opening))
    app.step(STEP)
    assert scene.story() is None and scene.reveal.ended_at is None
    second, second_events = play("cheese_thief", 5, 2)
    peer.inbox.append(update(game, second, 2, second_events[len(opening):]))
    for _ in range(FRAMES_PAST_DELAY):
        app.step(STEP)
    board = session.scoreboard
    assert len(board.games) == 2 and scene.reveal.showing(scene.time)
    assert [g.winners for g in board.games] == [list(game.outcome(first).winners),
                                                list(game.outcome(second).winners)]


def test_a_shared_screen_shows_the_story_to_the_whole_room(app: App) -> None:
    """Two people at one screen: the story is public, so the sheet needs nobody's eyes."""
    game = GAMES["cheese_thief"]
    state, events = play("cheese_thief", 5, 6)
    feeds = {seat: Feed(StaticPeer(seat, update(game, state, seat, events)))
             for seat in (None, 0, 1)}
    session = Session(feeds, [0, 1], [f"Mouse {i}" for i in range(5)])
    scene = table_scene(app, "cheese_thief", session)
    assert isinstance(scene, TableScene)
    app.scenes = [scene]
    for _ in range(FRAMES_PAST_DELAY):
        app.step(STEP)
    assert session.privacy_for is None
    assert scene.reveal.showing(scene.time) and keys(scene) == {"continue", "menu"}
    assert len(session.scoreboard.games) == 1


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("size", [(800, 500), (1280, 720)])
def test_the_session_s_title_keeps_to_its_column_at_150_percent(
        lang: str, size: tuple[int, int]) -> None:
    """At 150% in 800x500 "This session — games played: 1" ran 16 px past its column, its
    count against the sheet's edge: it steps down toward its 100% size to fit."""
    from client.assets import scaled, set_text_scale
    from client.kit import ink
    from client.kit.reveal import Reveal, Section, Story

    window = App(Settings(language=lang, text_size=150), headless=True, size=size)
    i18n.set_language(lang)
    set_text_scale(1.5)
    board = Scoreboard()
    board.add({"game": "choose", "winners": [1], "scores": [17, 19, 18, 12]})
    recorder = ink.start()
    try:
        Reveal().draw(window.screen, Story("Winner: Ben (Bot)", [Section("Round 1", ["x"])]),
                      board, lambda seat: f"Seat {seat}", lambda: None)
        inks = {drawn.words: drawn.ink for drawn in recorder.drawn}
        recorder.end_frame()
        title = inks[i18n.tr("board.title", n=1)]
        step = scaled(max(12, min(size[1] // 40, size[0] // 70)))  # (the sheet's text size)
        assert title.right <= inks[i18n.tr("board.points")].right + step // 2  # (its column)
        assert not [o.line() for o in recorder.offences.values()
                    if "session" in o.line() or "セッション" in o.line()]
    finally:
        ink.stop()
        window.close()


def reread_at_the_end(app: App, game_id: str) -> tuple[TableScene, object]:
    """A watched two-seat table of ``game_id`` played to its end, pushed on ``app``,
    with its last round opened again from the end panel; and that round's sheet."""
    from client.tables import local_scene
    from tests.client_rig import click

    scene = local_scene(app, game_id, 2, {}, 3, 0, "simple", speed=8.0)
    assert isinstance(scene, TableScene)
    app.push(scene)
    for _ in range(30_000):
        app.step(HEADLESS_DT)
        if any(b.key == "last_round" for b in scene.buttons):
            break
    button = next(b for b in scene.buttons if b.key == "last_round")
    for _ in range(30):
        app.step(HEADLESS_DT)  # (a click the moment a panel shows is a stray one)
    click(app, button.rect.center)
    reread = scene.round_summary()
    assert reread is not None
    return scene, reread


@pytest.mark.parametrize("game_id", ["choose", "sly_knights"])
def test_the_last_round_reopened_at_a_watched_table_s_end_stays_until_continue(
        app: App, game_id: str) -> None:
    """A watched table closes its own round sheets after a while so that the game goes
    on; the one a person opens again from the end panel stays until Continue (at x8 it
    closed in under a second, before it could be read). Meanwhile the Story button
    waits for the panel's way out to come back, rather than lie in the corner over the
    log."""
    from tests.client_rig import click

    scene, reread = reread_at_the_end(app, game_id)
    try:
        for _ in range(int(3 * FLIP_SECONDS / HEADLESS_DT)):  # thrice a sheet's own time
            app.step(HEADLESS_DT)
        assert scene.round_summary() is reread, "it stays while it is read"
        assert "story" not in {b.key for b in scene.buttons}, "(it lay over the log)"
        click(app, next(b for b in scene.buttons if b.key == "continue").rect.center)
        app.step(HEADLESS_DT)
        assert scene.round_summary() is None
        assert {"menu", "last_round", "story"} <= {b.key for b in scene.buttons}
    finally:
        app.pop()


@pytest.mark.parametrize("game_id", ["choose", "sly_knights"])
def test_esc_on_the_last_round_reopened_at_the_end_goes_back_to_the_end_panel(
        app: App, game_id: str) -> None:
    """Esc on the last round, opened again over a finished table, left the table for the
    menu at once, while Esc on the story sheet goes back to the table: it now closes
    the round, as its Continue does, and a second Esc leaves."""
    scene, _ = reread_at_the_end(app, game_id)
    try:
        esc = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="\x1b")
        scene.handle(esc)
        app.step(HEADLESS_DT)
        assert app.scene is scene and scene.round_summary() is None
        assert {"menu", "last_round", "story"} <= {b.key for b in scene.buttons}
        scene.handle(esc)
        app.step(HEADLESS_DT)
        assert app.scene is not scene
    finally:
        if app.scene is scene:
            app.pop()


def test_sly_knights_end_rows_keep_their_cards_off_the_next_knight_at_150_percent(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Four knights at 150% in 800x500: each row of the end panel drew the cards its
    knight took under the sum, and the row was too short for them, so they lay over the
    next knight's name and sum. The cards step down to the room the row has, and go
    where even small ones would not fit (the sum says what they came to). Each card
    is drawn here in one colour nothing else uses, and no name or sum shows it."""
    from client.kit import ink
    from client.scenes.sly_knights import overlay
    from tests.client_rig import last_frame_texts, reach, show_table

    def marked(owner: int, value: int, w: int, h: int) -> pygame.Surface:
        card = pygame.Surface((w, h))
        card.fill((255, 0, 255))
        return card

    monkeypatch.setattr(overlay.art, "score_card", marked)
    game = GAMES["sly_knights"]
    state, _, events = reach(game, 4, lambda s, p, e: game.outcome(s) is not None)
    window = App(Settings(text_size=150), headless=True, size=(800, 500))
    drawn = last_frame_texts(ink.start(), monkeypatch)
    try:
        scene = show_table(window, game, state, None, events, "Mouse", timed=False, frames=3)
        for _ in range(2000):  # (the last round's sheet first, and the penalties turning)
            keys = {b.key for b in scene.buttons}
            if "continue" in keys:
                click(window, scene, "continue")
            if "story" in keys:
                break
            window.step(HEADLESS_DT)
        window.step(HEADLESS_DT)
        rows = [rect for words, rect in drawn
                if words.startswith("Mouse ") or re.fullmatch(r"\d+ \+ \d+ − \d+ = \d+", words)]
        assert len(rows) >= 8, rows
        shown = [rect for rect in rows
                 if any(window.screen.get_at((x, y))[:3] == (255, 0, 255)
                        for x in range(rect.left, rect.right)
                        for y in range(rect.top, rect.bottom))]
        assert not shown, shown
    finally:
        ink.stop()
        window.close()


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize(("game_id", "players"), [("choose", 5), ("sly_knights", 4)])
def test_the_story_button_joins_the_end_row_at_150_percent_in_the_least_window(
        game_id: str, players: int, lang: str) -> None:
    """A finished table that can be played again, at 150% in 800x500: the end panel's
    row of buttons left no room at its left for *Story*, which went just above the row,
    over the last standings ("4.  Mouse 4   0 pts", "55 + 2 − 0 = 57"). The row is laid
    out again with it, their words stepping down together toward their 100% size."""
    from client.kit import ink
    from client.scenes import table_scene
    from tests.client_rig import click, reach, show_table

    game = GAMES[game_id]
    state, _, events = reach(game, players, lambda s, p, e: game.outcome(s) is not None)
    window = App(Settings(language=lang, text_size=150), headless=True, size=(800, 500))
    i18n.set_language(lang)
    recorder = ink.start()
    try:
        scene = show_table(window, game, state, None, events, "Mouse", timed=False, frames=3,
                           make=lambda app, session: table_scene(app, game_id, session,
                                                                 restart=lambda: None))
        for _ in range(2000):  # (the last round's sheet first, and the penalties turning)
            keys = {b.key for b in scene.buttons}
            if "continue" in keys:
                click(window, next(b for b in scene.buttons if b.key == "continue").rect.center)
            if "story" in keys:
                break
            window.step(HEADLESS_DT)
        row = {b.key: b for b in scene.buttons}
        assert {"last_round", "menu", "again"} <= set(row)
        assert row["story"].rect.centery == row["menu"].rect.centery
        assert row["story"].rect.right < min(row[k].rect.left for k in ("last_round", "menu"))
        assert recorder.total() == 0, [o.line() for o in recorder.offences.values()]
    finally:
        ink.stop()
        window.close()
