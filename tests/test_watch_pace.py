"""Pace a person can follow: bots at a person's table wait at least 1.2 s before each
move (a field of the new-game form), a watched Knights table at ×1 holds each question
and its answer long enough to read, the bots' beliefs (B) say whose they are, about
what, in per cent, stand beside the table and show while it is paused, and a paused
table says so on the table.

Real scenes with the dummy video driver; each test has its own settings and data."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from client import i18n
from client.app import HEADLESS_DT, App
from client.kit.layout import beside_side
from client.replays import replay_dir
from client.scenes.menu import PACE, MenuScene
from client.scenes.table import TableScene
from client.settings import Settings
from client.tables import local_scene
from net.log import read_log
from tests.test_menu_form import app, own_dirs

__all__ = ["app", "own_dirs"]  # (a window with its own settings and data folders)


def bot_moves_from_the_menu(app: App, pace: str | None) -> list[float]:
    """Start a Choose! table of one person and three bots from the menu (with the
    form's pace, if given), the person moving at once when asked, and return the table
    clock of three bot moves in a row."""
    menu = MenuScene(app)
    app.scenes = [menu]
    app.step(HEADLESS_DT)
    menu.dropdown_changed(menu.widgets["game"], "Choose!")
    menu.dropdown_changed(menu.widgets["players"], "4")
    app.step(HEADLESS_DT)
    if pace is not None:
        menu.option_text[PACE] = pace
    menu.start()
    assert isinstance(app.scene, TableScene)
    [log] = list(replay_dir().glob("*-choose-*.log"))
    scene = app.scene
    for _ in range(800):  # 40 s of table time at most
        app.step(0.05)
        if scene.feed.legal and not scene.feed.pending:  # the person's turn: any move
            scene.feed.send(scene.feed.legal[0])
        moves = [r for r in read_log(log) if r["t"] == "act"]
        bots = [m for m in moves if m["seat"] != 0]
        if len(bots) >= 3 and moves[-1]["seat"] == 3:
            break
    run = [m for m in moves if m["seat"] != 0][-3:]
    assert [m["seat"] for m in run] == [1, 2, 3], "three bots move in turn"
    return [float(m["at"]) for m in run]


def test_bots_at_a_persons_table_wait_at_least_1_2_s(app: App) -> None:
    at = bot_moves_from_the_menu(app, None)
    gaps = [b - a for a, b in zip(at, at[1:], strict=False)]
    assert all(gap >= 1.2 - 1e-6 for gap in gaps), at


def test_the_bots_pace_is_a_table_option_kept_for_the_next_table(app: App) -> None:
    at = bot_moves_from_the_menu(app, "2")
    assert all(b - a >= 2.0 - 1e-6 for a, b in zip(at, at[1:], strict=False)), at
    assert app.settings.table_options["choose"][PACE] == "2"
    menu = app.scenes[0]
    assert isinstance(menu, MenuScene)
    app.scenes = [menu]
    menu.option_text[PACE] = "soon"
    menu.start()
    assert app.scene is menu and "soon" in menu.message, "a bad pace is one sentence"


def test_a_watched_knights_table_at_x1_holds_each_question_and_answer() -> None:
    app = App(Settings(bot_delay=0.6), headless=True, size=(1024, 600))
    try:
        scene = local_scene(app, "knights", 8, {}, 4, 0, "simple", speed=1.0)
        app.push(scene)
        from client.scenes.knights.bar import waiting_words
        from client.scenes.knights.scene import KnightsScene
        from client.scenes.knights.words import say

        assert isinstance(scene, KnightsScene)
        said: list[tuple[str, float]] = []
        public = scene.session.feeds[None]
        bars: list[str] = []
        for _ in range(2400):  # 2 minutes of watching at most
            app.step(0.05)
            said += [(str(e["type"]), scene.session.screen_time) for e in public.fresh
                     if e.get("type") in ("question", "answer")]
            answered = [t for kind, t in said if kind == "answer"]
            if answered and len(bars) < len(answered) and (
                    scene.session.screen_time >= answered[-1] + 1.0) and scene.k is not None:
                bars.append(waiting_words(scene, scene.k))  # a second into the hold
            if sum(1 for kind, _ in said if kind == "answer") >= 3:
                break
        answers = [t for kind, t in said if kind == "answer"]
        assert len(answers) >= 3
        assert len(bars) >= 2 and all(bar.endswith((say("yes"), say("no"))) for bar in bars), (
            f"the bar says the answer where the question was: {bars}")
        for (kind, t), (after, t2) in zip(said, said[1:], strict=False):
            if kind == "question":
                assert after == "answer" and t2 - t >= 1.5 - 0.06, said
            else:
                assert t2 - t >= 3.0 - 0.06, f"an answer stands 3 s: {said}"
    finally:
        app.close()


def recorded(monkeypatch: pytest.MonkeyPatch, module: Any) -> list[tuple[str, pygame.Rect]]:
    """Every text ``module`` draws, with where (the drawing itself is real)."""
    drawn: list[tuple[str, pygame.Rect]] = []
    real = vars(module)["blit_text"]

    def blit(surface: pygame.Surface, words: str, *args: Any, **kw: Any) -> pygame.Rect:
        rect: pygame.Rect = real(surface, words, *args, **kw)
        drawn.append((words, rect))
        return rect

    monkeypatch.setattr(module, "blit_text", blit)
    return drawn


def key(app: App, code: int) -> None:
    for kind in (pygame.KEYDOWN, pygame.KEYUP):
        pygame.event.post(pygame.event.Event(kind, key=code, mod=0, unicode="", scancode=0))
    app.step(HEADLESS_DT)


@pytest.mark.parametrize(("game", "players", "lang"), [
    ("knights", 8, "en"), ("cheese_thief", 6, "ja"), ("choose", 5, "en"),
    ("sly_knights", 4, "ja")])
def test_the_beliefs_are_labelled_beside_the_table_and_shown_while_paused(
        monkeypatch: pytest.MonkeyPatch, game: str, players: int, lang: str) -> None:
    from client.kit import beliefs
    from client.kit.beliefs import about_words

    drawn = recorded(monkeypatch, beliefs)
    app = App(Settings(language=lang, bot_delay=0.3), headless=True, size=(1024, 600))
    i18n.set_language(lang)
    try:
        scene = local_scene(app, game, players, {}, 5, 0, "normal", speed=1.0)
        app.push(scene)
        for _ in range(60):
            app.step(0.05)
        for _ in range(2):  # (a round's summary may have paused the table already)
            if not scene.session.paused:
                key(app, pygame.K_SPACE)
        assert scene.session.paused
        app.step(HEADLESS_DT)
        assert not drawn
        key(app, pygame.K_b)
        app.step(HEADLESS_DT)
        words = [w for w, _ in drawn]
        assert words[0].startswith(i18n.tr("beliefs.title")), "whose: the bots'"
        about = about_words(scene.session)
        assert about and about.replace(" ", "") in "".join(words).replace(" ", ""), (
            "about what")
        whose = [i18n.tr("beliefs.whose", name=n.split(" (")[0]) for n in scene.session.names]
        assert all(w in words for w in whose), "each bot's row under its name"
        if game != "sly_knights":  # (its figures are cards, not chances)
            assert "%" in " ".join(words), "chances in per cent"
        side = beside_side(app.screen.get_size()).right
        assert all(rect.left >= side for _, rect in drawn), "beside the table, not over it"
        assert all(app.screen.get_rect().contains(rect) for _, rect in drawn)
    finally:
        app.close()
        i18n.set_language("en")


def test_a_paused_table_says_so_on_the_table(monkeypatch: pytest.MonkeyPatch) -> None:
    from client.kit import overlays

    drawn = recorded(monkeypatch, overlays)
    app = App(Settings(bot_delay=0.3), headless=True, size=(1024, 600))
    try:
        scene = local_scene(app, "choose", 4, {}, 5, 0, "normal", speed=1.0)
        app.push(scene)
        app.step(HEADLESS_DT)
        assert not any(w == "Paused — Space resumes" for w, _ in drawn)
        key(app, pygame.K_SPACE)
        app.step(HEADLESS_DT)
        badge = [r for w, r in drawn if w == "Paused — Space resumes"]
        assert badge and beside_side(app.screen.get_size()).contains(badge[-1])
        key(app, pygame.K_SPACE)
        drawn.clear()
        app.step(HEADLESS_DT)
        assert not any(w == "Paused — Space resumes" for w, _ in drawn)
    finally:
        app.close()


@pytest.mark.parametrize(("game", "players"), [("choose", 3), ("sly_knights", 2)])
def test_a_table_held_for_a_show_is_not_called_paused_and_space_then_keeps_it_still(
        monkeypatch: pytest.MonkeyPatch, game: str, players: int) -> None:
    """A watched table stands still while a steal, a reveal or a round's summary plays
    out. That is not a pause: the keys line says the speed and no badge shows. Space
    pressed then is a person asking for a pause, and gets one: the table stays still
    after the show until Space again (toggling had let it run on)."""
    from client.kit import overlays

    drawn = recorded(monkeypatch, overlays)
    app = App(Settings(), headless=True, size=(1024, 600))
    try:
        scene = local_scene(app, game, players, {}, 3, 0, "normal", speed=2.0)
        app.push(scene)
        for _ in range(20000):
            app.step(HEADLESS_DT)
            if scene.session.paused:
                break
        assert scene.session.paused, "the table never stood still for a show"
        drawn.clear()
        app.changed()  # (a still table is drawn all the same, to read its words)
        app.step(HEADLESS_DT)
        words = [w for w, _ in drawn]
        assert "Paused — Space resumes" not in words
        assert any(w.startswith("Speed ×2") for w in words), words
        key(app, pygame.K_SPACE)
        for _ in range(3000):  # the show ends (a summary stands some seconds)
            app.step(HEADLESS_DT)
        assert scene.session.paused, "Space during the show let the table run on"
        drawn.clear()
        app.changed()
        app.step(HEADLESS_DT)
        words = [w for w, _ in drawn]
        assert "Paused — Space resumes" in words
        assert any(w.startswith("Paused ") for w in words), words
        key(app, pygame.K_SPACE)
        assert not scene.session.paused
    finally:
        app.close()
