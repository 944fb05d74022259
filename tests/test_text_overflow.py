"""The figure of texts out of place: a text cut by the window's edge, one outside its
box, two that overlap and a widget's text too wide for it are each counted, so a 0 is
not vacuous; a text wholly under an opaque panel is hidden, not an overlap. Then whole
headless runs report the figure through ``--stats``. Real scenes, dummy video."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pygame_gui
import pytest

from client.app import HEADLESS_DT, App, Scene
from client.kit import ink
from client.kit.widgets import INK, blit_text, panel
from client.settings import Settings

ROOT = Path(__file__).resolve().parent.parent


class Drawing(Scene):
    """A scene that draws what a test gives it."""

    def __init__(self, app: App, paint: Any) -> None:
        super().__init__(app)
        self.paint = paint
        self.ui: pygame_gui.UIManager | None = None

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill((0, 0, 0))
        self.paint(self, surface)
        if self.ui is not None:
            self.ui.update(HEADLESS_DT)
            self.ui.draw_ui(surface)


@pytest.fixture
def app() -> Iterator[App]:
    window = App(Settings(), headless=True, size=(400, 300))
    ink.start()
    yield window
    ink.stop()
    window.close()


def figure(app: App, paint: Any, frames: int = 3) -> int:
    app.push(Drawing(app, paint))
    app.run(max_frames=frames)
    return int(app.stats()["text_overflow"])


def test_texts_in_place_count_nothing(app: App) -> None:
    def paint(_: Drawing, s: pygame.Surface) -> None:
        blit_text(s, "Hello", 16, INK, topleft=(10, 10))
        blit_text(s, "World", 16, INK, topleft=(10, 60), box=pygame.Rect(0, 50, 200, 40))
    assert figure(app, paint) == 0
    assert ink.RECORDER is not None and ink.RECORDER.noted == 6


def test_a_text_past_the_window_edge_is_counted(app: App) -> None:
    assert figure(app, lambda _, s: blit_text(s, "Cut off", 16, INK, topleft=(370, 10))) == 1
    offence = next(iter(ink.RECORDER.offences.values()))  # type: ignore[union-attr]
    assert (offence.kind, offence.words, offence.frame) == ("clipped", "Cut off", 0)


def test_a_text_outside_its_box_is_counted(app: App) -> None:
    def paint(_: Drawing, s: pygame.Surface) -> None:
        blit_text(s, "A long status line", 16, INK, topleft=(10, 10),
                  box=pygame.Rect(0, 0, 60, 40))
    assert figure(app, paint) == 1


def test_a_text_across_a_card_edge_is_counted_and_a_label_on_it_is_not(app: App) -> None:
    card = pygame.Rect(100, 100, 40, 60)

    def paint(_: Drawing, s: pygame.Surface) -> None:
        pygame.draw.rect(s, (200, 200, 200), card)
        ink.thing(s, card)
        blit_text(s, "7", 14, INK, center=card.center)  # the card's own label
        blit_text(s, "A name beside it", 14, INK, topleft=(card.right - 10, card.centery))
    assert figure(app, paint) == 1
    offence = next(iter(ink.RECORDER.offences.values()))  # type: ignore[union-attr]
    assert (offence.kind, offence.words) == ("astride", "A name beside it")


def test_a_card_laid_over_a_title_is_counted(app: App) -> None:
    def paint(_: Drawing, s: pygame.Surface) -> None:
        blit_text(s, "Kitchen title", 14, INK, topleft=(100, 100))
        ink.cover(s, pygame.Rect(130, 95, 40, 60), hides=False)  # a card at rest on it
    assert figure(app, paint) == 1


def test_a_panel_over_the_cards_takes_them_out_of_sight(app: App) -> None:
    def paint(_: Drawing, s: pygame.Surface) -> None:
        ink.thing(s, pygame.Rect(100, 100, 40, 60))
        panel(s, pygame.Rect(50, 50, 300, 200), alpha=255)
        blit_text(s, "A story sheet line over the table", 14, INK, topleft=(60, 120))
    assert figure(app, paint) == 0


def test_overlapping_texts_are_both_counted_by_their_ink(app: App) -> None:
    def paint(_: Drawing, s: pygame.Surface) -> None:
        blit_text(s, "First", 16, INK, topleft=(10, 10))
        blit_text(s, "Second", 16, INK, topleft=(30, 14))
        # line boxes that touch but inks that do not: no overlap
        blit_text(s, "x", 16, INK, topleft=(10, 100))
        blit_text(s, "y", 16, INK, topleft=(10, 116))
    assert figure(app, paint) == 2


def test_a_text_under_an_opaque_panel_is_hidden_and_one_half_under_is_cut(app: App) -> None:
    def paint(_: Drawing, s: pygame.Surface) -> None:
        blit_text(s, "Under", 16, INK, topleft=(20, 20))
        blit_text(s, "Half", 16, INK, topleft=(180, 20))
        panel(s, pygame.Rect(10, 10, 190, 100), 255)
        blit_text(s, "On top", 16, INK, topleft=(22, 22))
    assert figure(app, paint) == 1
    assert [o.kind for o in ink.RECORDER.offences.values()] == ["covered"]  # type: ignore


def test_a_widget_text_too_wide_for_its_button_is_counted(app: App) -> None:
    def paint(scene: Drawing, _: pygame.Surface) -> None:
        if scene.ui is None:
            scene.ui = app.make_ui()
            pygame_gui.elements.UIButton(pygame.Rect(10, 10, 60, 30),
                                         "A label far too wide", scene.ui)
            pygame_gui.elements.UIButton(pygame.Rect(10, 60, 200, 30), "Fits", scene.ui)
    assert figure(app, paint) == 1
    assert next(iter(ink.RECORDER.offences)) == ("widget", "A label far too wide")  # type: ignore


def test_a_window_without_stats_records_nothing() -> None:
    assert ink.RECORDER is None
    window = App(Settings(), headless=True, size=(400, 300))
    try:
        window.push(Drawing(window, lambda _, s: blit_text(s, "x", 16, INK, topleft=(390, 0))))
        window.run(max_frames=2)
        assert "text_overflow" not in window.stats()
    finally:
        window.close()


def stats(cli: Any, *args: str, env: dict[str, str] | None = None) -> dict[str, Any]:
    """The ``--stats`` line of a headless run, with its ``--overflow-report``."""
    line: dict[str, Any] = cli(*args, "--headless", "--stats", "--overflow-report",
                               env=env).line()
    assert "texts recorded" in line["report"]
    return line


@pytest.mark.parametrize(("game", "players", "lang"), [
    ("cheese_thief", "4", "en"), ("choose", "2", "ja"), ("choose", "3", "ja"),
    ("knights", "3", "ja"), ("sly_knights", "2", "en")])
def test_a_whole_watched_game_at_the_smallest_window_keeps_every_text_in_place(
        cli: Any, game: str, players: str, lang: str) -> None:
    """Each game at its smallest table, to its end screen (the full matrix of sizes,
    tables and languages is ``bench/text_overflow.py``); and three-seat Choose! in
    Japanese, where the round's flip and the end cut a side seat's points ("13点") at
    their edge."""
    line = stats(cli, "watch", "--game", game, "--players", players, "--size", "1024x600",
                 "--lang", lang, "--speed", "32", "--until-end", "60", "--frames", "20000")
    assert line["text_overflow"] == 0, line["report"]
    assert line["turns"] > 60


def test_a_floored_sum_stays_in_its_panel_at_the_least_window(cli: Any) -> None:
    """At 800x500, the least a person can drag the window to, Choose!'s round flip wrote
    "sum −4  → 0 (floored at 0)" a pixel past its panel even at the least text size."""
    line = stats(cli, "watch", "--game", "choose", "--seed", "1", "--size", "800x500",
                 "--lang", "en", "--speed", "16", "--frames", "3000")
    assert line["text_overflow"] == 0, line["report"]


@pytest.mark.parametrize(("game", "players", "lang"), [
    ("cheese_thief", "4", "en"), ("cheese_thief", "4", "ja"), ("knights", "3", "en")])
def test_a_whole_watched_game_at_the_least_window_keeps_every_text_in_place(
        cli: Any, game: str, players: str, lang: str) -> None:
    """800x500, the least a person can drag the window to: the morning's bubble of the
    seat at the top of the table sat under the narrator's banner ("I woke at 4 with Ben
    (Bot). The" over "cheese has been stolen!"); the Japanese hour's call took two lines,
    its second over that seat's name; a Knights verdict's two lines touched."""
    line = stats(cli, "watch", "--game", game, "--players", players, "--size", "800x500",
                 "--lang", lang, "--speed", "8", "--until-end", "60", "--frames", "20000")
    assert line["text_overflow"] == 0, line["report"]


def test_the_rules_screen_reports_its_figure(cli: Any) -> None:
    line = stats(cli, "menu", "--screen", "rules", "--game", "cheese_thief", "--size",
                 "1024x600", "--lang", "en", "--frames", "5")
    assert line["text_overflow"] == 0, line["report"]


@pytest.mark.parametrize(("game", "players", "lang", "seed"), [
    ("knights", "8", "ja", "9"), ("knights", "8", "en", "5"), ("choose", "5", "ja", "2")])
def test_the_largest_tables_at_the_smallest_window_keep_every_text_in_place(
        cli: Any, game: str, players: str, lang: str, seed: str) -> None:
    """Deals that once put a seat's "★ 1" or "Starts" above the window, a mark on a
    name, a name across a tile under the line-up, or a cheese count under the next
    card."""
    line = stats(cli, "watch", "--game", game, "--players", players, "--seed", seed, "--size",
                 "1024x600", "--lang", lang, "--speed", "8", "--until-end", "60",
                 "--frames", "20000")
    assert line["text_overflow"] == 0, line["report"]


@pytest.mark.parametrize(("game", "players", "seed"), [
    ("knights", "5", "2"), ("choose", "3", "1"), ("choose", "4", "1")])
def test_tables_between_the_smallest_and_largest_keep_every_text_in_place(
        cli: Any, game: str, players: str, seed: str) -> None:
    """Deals at middle-sized tables that once put a knight's mark across its own tile
    or under the side panel (five knights: a lower side knight's outer side is off the
    window), a seat's points under its kitchen's first card (three seats), and a
    score under the edges of a full kitchen's last stack (four)."""
    line = stats(cli, "watch", "--game", game, "--players", players, "--seed", seed, "--size",
                 "1280x720", "--lang", "en", "--speed", "8", "--until-end", "60",
                 "--frames", "20000")
    assert line["text_overflow"] == 0, line["report"]


def stats_at_150(cli: Any, tmp_path: Path, *args: str) -> dict[str, Any]:
    """``stats`` with the person's text size at 150% (a settings folder of its own)."""
    (tmp_path / "settings.json").write_text(json.dumps({"text_size": 150}))
    return stats(cli, *args, env={"CHEESEKNIGHTS_CONFIG_DIR": str(tmp_path),
                                  "CHEESEKNIGHTS_DATA_DIR": str(tmp_path / "data")})


@pytest.mark.parametrize(("game", "players", "lang"), [
    ("choose", "5", "en"), ("choose", "2", "ja"), ("sly_knights", "2", "en"),
    ("sly_knights", "4", "ja"), ("cheese_thief", "8", "en")])
def test_a_whole_watched_game_at_150_percent_text_keeps_every_text_in_place(
        cli: Any, game: str, players: str, lang: str, tmp_path: Path) -> None:
    """The tables large text once crowded, to their end screens at 1280x720: Choose!'s
    round flip (each mouse's points over the next row's counts), its end panel and a
    side seat's reaction over its kitchen's title; Sly Knight Robbery's top knight's
    lines in the owner bands, a side knight's past the table; Cheese Thief's eight
    speech bubbles at once over names and vote counts."""
    line = stats_at_150(cli, tmp_path, "watch", "--game", game, "--players", players, "--size",
                        "1280x720", "--lang", lang, "--speed", "8", "--until-end", "240",
                        "--frames", "60000")
    assert line["text_overflow"] == 0, line["report"]
    assert line["turns"] > 240


@pytest.mark.parametrize(("game", "players", "lang", "seed"), [
    ("choose", "5", "ja", "1"), ("choose", "2", "en", "2"), ("sly_knights", "4", "en", "2"),
    ("sly_knights", "2", "ja", "3"), ("cheese_thief", "4", "ja", "2"),
    ("knights", "3", "en", "2"), ("knights", "8", "ja", "3")])
def test_the_smallest_window_at_150_percent_text_keeps_every_text_in_place(
        cli: Any, game: str, players: str, lang: str, seed: str, tmp_path: Path) -> None:
    """Deals that once crowded 1024x600 at 150%: a seat's name at the table's edge past
    a sheet over it or under the side panel, a Turn mark on a hand's count, a side
    knight's lines up over its name and a hand cut by its tile, the line-up's verdict
    across a tile, a mark beside a knight on its points, a second vote mark on a name
    (the full matrix, at several seeds, is ``bench/text_overflow.py --text-size 150``)."""
    line = stats_at_150(cli, tmp_path, "watch", "--game", game, "--players", players, "--seed",
                        seed, "--size", "1024x600", "--lang", lang, "--speed", "8",
                        "--until-end", "240", "--frames", "60000")
    assert line["text_overflow"] == 0, line["report"]
    assert line["turns"] > 240


@pytest.mark.parametrize(("game", "players", "lang", "frames"), [
    ("sly_knights", "3", "en", 300), ("sly_knights", "3", "ja", 300),
    ("cheese_thief", "5", "en", 300), ("cheese_thief", "7", "ja", 300),
    ("choose", "3", "ja", 300), ("knights", "7", "en", 300), ("knights", "5", "en", 1200),
    ("knights", "6", "en", 1200)])
def test_a_middle_sized_table_at_150_percent_text_keeps_every_text_in_place(
        cli: Any, game: str, players: str, lang: str, frames: int, tmp_path: Path) -> None:
    """Three knights of Sly Knight Robbery: the left knight's lines under its name ran
    right across the first pair of score cards, their owner band and their counts
    ("37 pts taken" over a card, "hand: 1 6 12 14 15" over "Aki (Bot)"). Cheese Thief:
    the thief's mark beside a side seat of five lay across the thief's own card, and
    beside a top seat of seven across its neighbour's name. Choose!: a side seat of
    three, just above its kitchen's corner, ran its name into the kitchen's title.
    Knights: a top knight's second mark ("★ 1") on the words of its first, over its
    head; the verdict over a line-up across a side knight's "Captain"; a knight's
    points across the corner of the tile beside it."""
    line = stats_at_150(cli, tmp_path, "watch", "--game", game, "--players", players,
                        "--seed", "1", "--size", "1280x720", "--lang", lang, "--speed", "8",
                        "--frames", str(frames))
    assert line["text_overflow"] == 0, line["report"]


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize(("game", "size"), [("cheese_thief", "1280x720"),
                                            ("knights", "1280x720"), ("knights", "1024x600"),
                                            ("choose", "1024x600"), ("cheese_thief", "800x500")])
def test_the_menu_at_150_percent_text_shows_every_label_whole(
        cli: Any, game: str, size: str, lang: str, tmp_path: Path) -> None:
    """The menu with each drop-down opened in turn: a game's name, a way to play and a
    table option's title and choices ("Ties favour the Thief", "Cooperative") whole; at
    1024x600 the options' titles beside the form and *Learn to play* too. At 800x500
    the form is at its 100% size, its open lists too ("進行役(実物のカー")."""
    line = stats_at_150(cli, tmp_path, "menu", "--screen", "menu", "--game", game, "--size",
                        size, "--lang", lang)
    assert line["text_overflow"] == 0, line["report"]


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_lobby_at_150_percent_text_shows_each_bot_level_whole(
        cli: Any, lang: str, tmp_path: Path) -> None:
    line = stats_at_150(cli, tmp_path, "menu", "--screen", "lobby", "--game", "knights", "--size",
                        "1024x600", "--lang", lang)
    assert line["text_overflow"] == 0, line["report"]


def test_the_bench_can_watch_every_table_size() -> None:
    """``bench/text_overflow.py --every-table`` adds the middle-sized tables (where the
    marks and points above were out of place) to the smallest and the largest."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("bench_text_overflow",
                                                  ROOT / "bench" / "text_overflow.py")
    assert spec is not None and spec.loader is not None
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)

    def tables(every: bool) -> set[str]:
        return {name.split()[1] + " " + name.split()[2] for name, _ in bench.cells(8.0, (1,), every)
                if name.startswith("watch")}

    assert tables(False) == {f"{g} {n}p" for g, pair in bench.GAMES.items() for n in pair}
    assert tables(True) == {f"{g} {n}p" for g, (a, b) in bench.GAMES.items()
                            for n in range(a, b + 1)}
    assert "knights 5p" in tables(True) and "choose 3p" in tables(True)


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("game", ["choose", "cheese_thief"])
def test_the_question_over_the_shaded_table_takes_the_table_out_of_the_reading(
        game: str, lang: str) -> None:
    """Esc at a table asks over the shaded table, as the host-gone sentence does: the
    texts its panel half hides are not being read, so they are not counted as cut (a
    Choose! hand's count and the log's lines under the question's edge were, at
    800x500)."""
    from client import i18n
    from client.tables import local_scene

    i18n.set_language(lang)
    window = App(Settings(language=lang), headless=True, size=(800, 500))
    try:
        recorder = ink.start()  # (before the table paints the images it keeps)
        scene = local_scene(window, game, 4, {}, 1, 1, "simple")
        window.push(scene)
        window.run(max_frames=900)  # (the log has filled in beside the question)
        scene.ask_leave()
        window.run(max_frames=3)
        assert scene.confirm == "leave"
        assert recorder.noted and recorder.total() == 0, [
            o.line() for o in recorder.offences.values()]
    finally:
        ink.stop()
        window.close()


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_screens_around_the_tables_at_150_percent_in_the_least_window(
        lang: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """At 150% in 800x500 the settings' tabs ("Text and time"), a long label ("Bots'
    pace when watching (s)"), a check box's words and the replays' note were cut:
    a screen whose widgets have no room for the person's text size has them at 100%
    (``UIScene.form_compact``), its text fields too (the shared screen's names filled
    their fields to the edge), and every word of each screen is whole."""
    import pygame_gui

    from client import i18n
    from client.scenes.connect import NameScene
    from client.scenes.finding import JoinScene
    from client.scenes.menu import MenuScene
    from client.scenes.people import PeopleScene
    from client.scenes.replays import ReplaysScene
    from client.scenes.settings_scene import PAGES, SettingsScene

    monkeypatch.setenv("CHEESEKNIGHTS_DATA_DIR", str(tmp_path))  # (no replays kept)

    def settings_page(app: App, page: str) -> SettingsScene:
        scene = SettingsScene(app)
        scene.page = page
        return scene

    screens: list[tuple[str, Any]] = [
        ("replays", ReplaysScene), ("name", lambda app: NameScene(app, lambda: None)),
        ("join", lambda app: JoinScene(app, browse=False)),
        ("people", lambda app: PeopleScene(app, 4, lambda names: MenuScene(app))),
        *((page, lambda app, page=page: settings_page(app, page)) for page in PAGES)]
    i18n.set_language(lang)
    for name, make in screens:
        window = App(Settings(language=lang, text_size=150), headless=True, size=(800, 500))
        try:
            window.push(MenuScene(window))
            recorder = ink.start()
            scene = make(window)
            window.push(scene)
            window.run(max_frames=3)
            assert recorder.total() == 0, (name, [o.line() for o in recorder.offences.values()])
            fields = [e for e in scene.ui.get_sprite_group().sprites()
                      if isinstance(e, pygame_gui.elements.UITextEntryLine)]
            assert all(("@compact" in e.combined_element_ids) == scene.form_compact
                       for e in fields), name
        finally:
            ink.stop()
            window.close()


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_top_knight_s_scores_end_on_the_table_at_150_percent_in_the_least_window(
        cli: Any, lang: str, tmp_path: Path) -> None:
    """Sly Knight Robbery with four knights at 150% in 800x500: the top knight's second
    column ("0 pts taken") ran on past the table under the side column, painted after
    it. The record of texts now counts a text that reaches into a part of a still image
    drawn afresh as cut (``ink.forget``), and the column's text steps down toward its
    100% size until it ends on the table."""
    line = stats_at_150(cli, tmp_path, "demo", "--game", "sly_knights", "--players", "4",
                        "--size", "800x500", "--lang", lang, "--seed", "1", "--frames", "540")
    assert line["text_overflow"] == 0, line["report"]


def test_the_round_flip_and_the_end_panel_keep_their_texts_in_place_at_150_percent(
        cli: Any, tmp_path: Path) -> None:
    """A watched 4-seat Choose! table at 150% in 800x500, to its end: the round flip's
    title ran under *Continue* and its legend out past the panel. Both step their text
    down toward its 100% size, and a title that still runs under the button says only
    "Round 1". The end panel's standings ran under its chart's scale ("12 pts" over its
    "0"): the chart now starts right of the widest standing. And the left seat's
    "Winner" stuck out past the sheet over the table: a seat's marks stay inside the
    sheet's margin, as its name does."""
    line = stats_at_150(cli, tmp_path, "watch", "--game", "choose", "--players", "4",
                        "--seed", "2", "--size", "800x500", "--lang", "en", "--speed", "8",
                        "--until-end", "30", "--frames", "60000")
    flip = [row for row in line["report"].splitlines()
            if "Continue" in row or "Henchman/Robo" in row or "turned over" in row]
    assert not flip and "texts recorded" in line["report"], flip
    end = [row for row in line["report"].splitlines()
           if re.search(r"'\d\.  ", row) or "'Winner'" in row]
    assert not end, end


@pytest.mark.parametrize(("lang", "text_size"), [("en", 150), ("ja", 150), ("ja", 100)])
def test_cheese_thief_s_result_keeps_clear_of_its_buttons_in_the_least_window(
        lang: str, text_size: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A watched Cheese Thief table that can be played again, in 800x500, at its end: at
    150% the two buttons stand one over the other, and "Most votes: Aki (Bot), Ben
    (Bot), ..." ran on under *Play again*; in Japanese at 100% under *Back to menu*.
    The line steps down toward its 100% size, then is cut, left of the buttons."""
    from client import i18n
    from client.tables import local_scene
    from tests.client_rig import last_frame_texts

    monkeypatch.setenv("CHEESEKNIGHTS_DATA_DIR", str(tmp_path))  # (no replays kept)
    i18n.set_language(lang)
    window = App(Settings(language=lang, text_size=text_size), headless=True, size=(800, 500))
    recorder = ink.start()
    drawn = last_frame_texts(recorder, monkeypatch)
    try:
        scene = local_scene(window, "cheese_thief", 4, {}, 2, 0, "simple", speed=8.0)
        scene.restart = lambda: scene  # (as the menu's tables can be played again)
        window.push(scene)
        for _ in range(20_000):
            window.step(HEADLESS_DT)
            if any(b.key == "again" for b in scene.buttons):
                break
        window.step(HEADLESS_DT)
        top = next(rect for words, rect in drawn
                   if words.startswith(i18n.tr("result.top", names="")[:4]))
        buttons = [b.rect for b in scene.buttons if b.key in ("menu", "again")]
        assert len(buttons) == 2 and not any(top.colliderect(b) for b in buttons), (top, buttons)
        assert recorder.total() == 0, [o.line() for o in recorder.offences.values()]
    finally:
        ink.stop()
        window.close()


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_sly_knights_score_cards_counts_keep_apart_at_150_percent_in_the_least_window(
        cli: Any, lang: str, tmp_path: Path) -> None:
    """Four knights at 150% in 800x500: the count over each score card ("0 / 9", "0 /
    10") was wider than the card and ran into its neighbour's. It steps down toward its
    100% size to fit the card and half the gap beside it."""
    line = stats_at_150(cli, tmp_path, "watch", "--game", "sly_knights", "--players", "4",
                        "--seed", "1", "--size", "800x500", "--lang", lang, "--speed", "8",
                        "--frames", "400")
    counts = [row for row in line["report"].splitlines() if re.search(r"'\d+ / \d+'", row)]
    assert not counts and "texts recorded" in line["report"], counts


def test_a_cheese_thief_mark_keeps_off_every_seat_s_name_at_150_percent(
        cli: Any, tmp_path: Path) -> None:
    """Eight seats at 150% in 800x500: the bottom seat's "Follower" went beside its
    mouse, onto where its neighbour's name was written next. A seat's marks now keep
    off every seat's name, those written after it too."""
    line = stats_at_150(cli, tmp_path, "watch", "--game", "cheese_thief", "--players", "8",
                        "--seed", "1", "--size", "800x500", "--lang", "ja", "--speed", "8",
                        "--frames", "300")
    marks = [row for row in line["report"].splitlines() if "フォロワー" in row]
    assert not marks and "texts recorded" in line["report"], marks


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_sly_knights_round_summary_keeps_to_its_panel_at_150_percent_in_the_least_window(
        cli: Any, lang: str, tmp_path: Path) -> None:
    """Two knights at 150% in 800x500, to the end: the round summary's title ran under
    *Continue*, a knight's third card under the pig beside it, and "pigs back to the
    owner: 0" past the panel, under the side column. The title keeps left of the
    button, the cards left of the pigs, the lines to the panel."""
    line = stats_at_150(cli, tmp_path, "watch", "--game", "sly_knights", "--players", "2",
                        "--seed", "1", "--size", "800x500", "--lang", lang, "--speed", "8",
                        "--until-end", "60", "--frames", "20000")
    assert line["text_overflow"] == 0, line["report"]
