"""The Seven Knights Bewitched table: drawn in every phase and both languages from real
views, its question builder and line-up checked against the rules, and whole games
played through the window with synthetic clicks and keys."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

import pygame
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from client import i18n
from client.app import HEADLESS_DT, App
from client.feed import Feed
from client.scenes import table_scene
from client.scenes.knights import KnightsScene
from client.scenes.knights.bar import waiting_words
from client.scenes.knights.builder import Builder
from client.scenes.knights.knowledge import question_space, read
from client.scenes.knights.rules_ref import RULES
from client.scenes.knights.words import STRINGS, question_words, say
from client.session import Session
from client.tables import local_scene
from core.game import Game
from core.registry import GAMES
from tests import client_rig as rig
from tests.client_rig import (
    DRAWN_BYTES,
    StaticPeer,
    colours,
    keep_screen,
    key,
    sent,
    show_table,
    update,
)
from tests.rules_rig import copied
from tests.slow import examples

GAME: Game[Any] = GAMES["knights"]
Stop = Callable[[Any, int], bool]
DARK = {"mode": "dark"}


def reach(players: int, stop: Stop,
          options: dict[str, Any] | None = None) -> tuple[Any, int, list[Any]]:
    """Play bot games until some seat is in the wanted situation."""
    return rig.reach(GAME, players, lambda s, p, e: stop(s, p), options)


def kinds(state: Any, seat: int) -> set[str]:
    return {a["type"] for a in GAME.legal_actions(state, seat)}


PHASES: dict[str, tuple[int, dict[str, Any], Stop]] = {
    "inspect": (5, {}, lambda s, p: s.phase == "inspect" and "inspect" in kinds(s, p)),
    "inspect_centre": (3, DARK, lambda s, p: s.inspect_pass == 1 and "inspect" in kinds(s, p)),
    "bewitched": (6, {}, lambda s, p: s.phase == "question" and p in s.bewitched),
    "ask": (8, {}, lambda s, p: s.phase == "question" and "ask" in kinds(s, p) and s.log),
    "answer_knight": (6, {}, lambda s, p: "answer" in kinds(s, p) and len(
        GAME.legal_actions(s, p)) == 1),
    "answer_witch": (5, {}, lambda s, p: "answer" in kinds(s, p) and len(
        GAME.legal_actions(s, p)) == 2),
    "recommend": (7, {}, lambda s, p: "recommend" in kinds(s, p) and any(
        r is not None for r in s.recommendations)),
    "command": (4, {}, lambda s, p: s.phase == "command" and "ask" in kinds(s, p)),
    "line_up": (8, {}, lambda s, p: "line_up" in kinds(s, p)),
    "review": (6, {}, lambda s, p: s.phase == "review" and s.order is not None),
    "over": (7, {}, lambda s, p: s.phase == "over"),
}


def show(app: App, state: Any, seat: int | None, events: list[Any],
         frames: int = 40) -> KnightsScene:
    scene = show_table(app, GAME, state, seat, events, "Knight", timed=True, frames=frames)
    assert isinstance(scene, KnightsScene)
    return scene


def click(pos: tuple[int, int], up: bool = False) -> None:
    kind = pygame.MOUSEBUTTONUP if up else pygame.MOUSEBUTTONDOWN
    pygame.event.post(pygame.event.Event(kind, pos=pos, button=1))


def button(scene: KnightsScene, name: str) -> Any:
    return next(b for b in scene.buttons if b.key == name)


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("phase", list(PHASES))
def test_each_phase_renders(app: App, phase: str, lang: str, tmp_path: Any) -> None:
    app.set_language(lang)
    players, options, stop = PHASES[phase]
    state, seat, events = reach(players, stop, options)
    scene = show(app, state, seat, events)
    if scene.motion.reveal is not None:
        scene.motion.reveal -= 100  # the line-up has finished turning over
        for _ in range(3):
            app.step(HEADLESS_DT)
    assert scene.k is not None and scene.k.phase == state.phase
    assert colours(app.screen) > 150, "the table looks blank"
    assert keep_screen(app, tmp_path / f"{phase}_{lang}") > DRAWN_BYTES
    legal = GAME.legal_actions(state, seat)
    if phase.startswith("inspect"):
        assert scene.tile_choices() == {a["tile"] for a in legal}
        assert {b.key for b in scene.buttons if b.key.startswith("inspect_")} == {
            f"inspect_{a['tile']}" for a in legal}
    if phase == "recommend":
        assert scene.seat_choices() == {a["target"] for a in legal}
    if phase in ("ask", "command"):
        assert scene.seat_choices() == {a["answerer"] for a in legal}
    if phase == "answer_knight":
        truth = legal[0]["answer"]
        answers = [b.key for b in scene.buttons if b.key.startswith("answer_")]
        assert answers == [f"answer_{'yes' if truth else 'no'}"], "a Knight sees only the truth"
    if phase == "answer_witch":
        assert {b.key for b in scene.buttons if b.key.startswith("answer_")} == {
            "answer_yes", "answer_no"}
    if phase == "bewitched":
        assert scene.k.you["bewitched"] and seat in scene.k.witch_side
    if phase in ("review", "over"):
        assert all(v is not None for v in scene.k.values), "the review shows every tile"
    if phase == "review":
        assert scene.text.entry is not None, "table talk opens between rounds"
        assert any(b.key == "emote_laugh" for b in scene.buttons)
    elif phase != "over":
        assert scene.text.entry is None and not any(
            b.key.startswith("emote_") for b in scene.buttons), "no chat during a round"
    if phase == "over":
        # The last round's end stands on the table before the final scores cover it.
        assert "menu" not in {b.key for b in scene.buttons} and not scene.finale_shown()
        for _ in range(400):
            if scene.finale_shown():
                break
            app.step(HEADLESS_DT)
        app.step(HEADLESS_DT)
        assert {"menu", "toggle", "story"} <= {b.key for b in scene.buttons}
    app.set_language("en")


def test_spectator_sees_no_secret(app: App) -> None:
    state, _, events = reach(6, PHASES["recommend"][2])
    scene = show(app, state, None, events)
    k = scene.k
    assert k is not None and k.me is None and not k.omniscient
    assert all(v is None for v in k.values) and not k.witch_side and not k.bewitched
    assert not scene.seat_choices() and not scene.tile_choices()


def builder_actions(state: Any, seat: int) -> list[dict[str, Any]]:
    """Every question the builder can produce by clicking, with two sample number sets."""
    legal = GAME.legal_actions(state, seat)
    space = question_space(legal)
    numbers = read(GAME.view(state, seat)).numbers
    out = []
    for who in space.answerers:
        for tile in space.subjects(who):
            b = Builder()
            assert b.choose_answerer(who, space) and b.choose_tile(tile, space)
            for form in b.forms(space):
                b.set_form(form, space)
                if form == "greater":
                    for other in space.others(who, tile):
                        b.choose_tile(other, space)
                        out.append(b.action(space))
                else:
                    for values in ([numbers[0]], numbers[1::2]):
                        b.values = list(values)
                        out.append(b.action(space))
    return [a for a in out if a is not None]


def test_the_builder_offers_only_legal_questions() -> None:
    state, seat, _ = reach(8, PHASES["ask"][2])
    actions = builder_actions(state, seat)
    assert actions
    listed = GAME.legal_actions(state, seat)
    pairs = {(a["answerer"], a["tile"], a.get("other")) for a in listed}
    assert {(a["answerer"], a["tile"], a.get("other")) for a in actions} == pairs
    for action in actions:
        trial = copied(state)
        GAME.apply(trial, seat, action)
        assert trial.phase == "answer"


@functools.cache
def first_question() -> tuple[Any, int]:
    state, seat, _ = reach(5, lambda s, p: s.phase == "question" and "ask" in kinds(s, p))
    return state, seat


@settings(max_examples=examples(25), deadline=None)
@given(st.data())
def test_any_number_set_from_the_builder_is_accepted(data: st.DataObject) -> None:
    state, seat = first_question()
    space = question_space(GAME.legal_actions(state, seat))
    numbers = read(GAME.view(state, seat)).numbers
    who = data.draw(st.sampled_from(space.answerers))
    tiles = space.tiles.get(who) or []
    if not tiles:
        return
    b = Builder()
    b.choose_answerer(who, space)
    b.choose_tile(data.draw(st.sampled_from(tiles)), space)
    b.set_form("in", space)
    for v in data.draw(st.lists(st.sampled_from(numbers), unique=True)):
        b.toggle(v)
    action = b.action(space)
    if not b.values:
        assert action is None, "an empty set cannot be asked"
        return
    assert action is not None
    trial = copied(state)
    GAME.apply(trial, seat, action)
    assert trial.question is not None and trial.question["values"] == sorted(b.values)
    assert question_words(trial.question, state.n, numbers, str)


def test_asking_by_clicking_the_table(app: App) -> None:
    state, seat, events = reach(6, PHASES["ask"][2])
    scene = show(app, state, seat, events, frames=3)
    lay = scene._layout
    assert lay is not None
    who = min(scene.seat_choices())
    click(lay.seats[who])
    app.step(HEADLESS_DT)
    assert scene.builder.answerer == who
    tile = min(scene.tile_choices())
    click(lay.tile_rect(tile).center)
    app.step(HEADLESS_DT)
    assert scene.builder.tile == tile
    if scene.builder.form == "in":
        click(button(scene, f"num_{scene.k.numbers[0]}").rect.center)  # type: ignore[union-attr]
    else:
        click(lay.tile_rect(min(scene.tile_choices())).center)
    app.step(HEADLESS_DT)
    ask = button(scene, "ask")
    assert ask.enabled
    click(ask.rect.center)
    app.step(HEADLESS_DT)
    [action] = sent(scene, seat)
    GAME.apply(copied(state), seat, action)
    assert scene.builder.answerer is None


def test_the_captain_drags_the_line_up(app: App) -> None:
    state, seat, events = reach(8, PHASES["line_up"][2])
    scene = show(app, state, seat, events, frames=3)
    assert scene._tray is not None
    slots, out = scene._tray
    first = scene.lineup.row[0]
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=slots[0].center, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=out.center, rel=(0, 0),
                                         buttons=(1, 0, 0)))
    app.step(HEADLESS_DT)
    assert scene.lineup.drag == first and scene.animating
    click(out.center, up=True)
    app.step(HEADLESS_DT)
    assert scene.lineup.out == first and first not in scene.lineup.row
    second = scene.lineup.row[0]
    click(slots[0].center)
    click(slots[-1].center, up=True)
    app.step(HEADLESS_DT)
    assert scene.lineup.row[-1] == second, "a tile dropped on the right goes to the end"
    click(button(scene, "line_up").rect.center)
    app.step(HEADLESS_DT)
    [action] = sent(scene, seat)
    assert action["type"] == "line_up" and first not in action["order"]
    events = GAME.apply(state, seat, action)
    assert any(e.data["type"] == "round_end" for e in events)


def test_the_line_up_is_revealed_one_tile_at_a_time(app: App) -> None:
    state, seat, events = reach(6, PHASES["line_up"][2])
    events = events + GAME.apply(state, seat, GAME.legal_actions(state, seat)[0])
    scene = show(app, state, None, events, frames=1)
    assert scene.motion.revealing(scene.time)
    faces = []
    for _ in range(4):
        for _ in range(36):
            app.step(HEADLESS_DT)
        faces.append(pygame.image.tobytes(app.screen, "RGB"))
    assert len(set(faces)) == 4, "the row changes as each tile turns over"
    for _ in range(400):  # until the reveal is over, within seven seconds
        if not scene.motion.revealing(scene.time):
            break
        app.step(HEADLESS_DT)
    assert not scene.motion.revealing(scene.time)


def test_notepad_and_no_chat_during_a_round(app: App) -> None:
    scene = local_scene(app, "knights", 5, {}, 4, 1, "simple")
    assert isinstance(scene, KnightsScene)
    app.scenes = [scene]
    for _ in range(3):
        app.step(HEADLESS_DT)
    assert scene.text.entry is None, "no chat line while a round runs"
    click(button(scene, "tab_notes").rect.center)
    app.step(HEADLESS_DT)
    assert scene.text.notes is not None
    click(scene.text.notes.rect.center)
    app.step(HEADLESS_DT)
    for char in "B≠3 ミ":
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=char))
    key(pygame.K_l)
    app.step(HEADLESS_DT)
    assert i18n.language() == "en", "typing an l in the notepad does not switch language"
    click(button(scene, "save_note").rect.center)
    for _ in range(5):
        app.step(HEADLESS_DT)
    view = scene.session.feeds[0].view or {}
    assert view["you"]["note"].startswith("B≠3 ミ")
    assert scene.session.feeds[None].view["seat"] is None  # type: ignore[index]
    assert "note" not in (scene.session.feeds[None].view or {}).get("you", {})


def play_to_the_end(app: App, scene: KnightsScene, limit: int = 20000) -> list[Any]:
    """Build questions, answer, recommend, line up, until the final scores are on
    screen."""
    skip = ("back", "clear", "odd", "even", "sort", "toggle", "save_note")

    def move(frame: int) -> Any:
        buttons = [b for b in scene.buttons if b.enabled and not b.key.startswith(
            ("tab_", "emote_")) and b.key not in skip]
        ask = [b for b in buttons if b.key == "ask"]
        nums = [b for b in buttons if b.key.startswith("num_")]
        choice = ask[0] if ask else (nums[0] if nums else (buttons[0] if buttons else None))
        if choice is None:
            return None
        click(choice.rect.center)
        assert scene.k is not None
        return (choice.key, scene.k.phase)

    return rig.play_to_the_end(app, scene, move, limit)


@pytest.mark.parametrize(("players", "humans", "seed", "options"),
                         [(4, 1, 2, {}), (3, 2, 5, DARK)])
def test_single_screen_game_to_the_end(app: App, players: int, humans: int, seed: int,
                                       options: dict[str, Any],
                                       monkeypatch: pytest.MonkeyPatch) -> None:
    # Bots that think a fifth of a second, not 0.6: the same moves in the same order
    # (a bot's pace is not what is played here), in two thirds of the frames.
    monkeypatch.setattr(app.settings, "bot_delay", 0.2)
    scene = local_scene(app, "knights", players, options, seed, humans, "simple")
    assert isinstance(scene, KnightsScene)
    app.scenes = [scene]
    steps = play_to_the_end(app, scene)
    kinds_done = {s[0].split("_")[0] for s in steps}
    assert {"inspect", "ask", "recommend"} <= kinds_done
    assert scene.k is not None and scene.k.phase == "over" and len(scene.k.rounds) == 3
    if humans > 1:
        assert {s[1] for s in steps if s[0] == "privacy"} == set(range(humans))
    assert colours(app.screen) > 100


def test_every_string_in_both_languages() -> None:
    for key_, entry in STRINGS.items():
        assert set(entry) - {"en_one"} == {"en", "ja"}, key_
        if entry["en"]:
            assert entry["ja"], key_
    assert "ミュルマミウス" in RULES["ja"] and "Witch" in RULES["en"]
    from client.rules_text import RULES as MENU

    assert MENU["knights"]["ja"] == RULES["ja"], "the menu's rules reference knows the game"


def test_rules_tab_and_log_in_japanese(app: App) -> None:
    state, seat, events = reach(6, PHASES["review"][2])
    app.set_language("ja")
    scene = show(app, state, seat, events, frames=2)
    for tab in ("rules", "log", "qa"):
        click(button(scene, f"tab_{tab}").rect.center)
        app.step(HEADLESS_DT)
        assert scene.side.tab == tab
        area = scene.side.content
        assert colours(app.screen.subsurface(area)) > 8
    app.set_language("en")


def test_a_watched_bot_table_shows_each_line_up_turning_over(
        app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    """Bots are ready at once, so the next round is dealt before anyone could look: the
    screen keeps the finished round (rebuilt from public events) until its reveal ends."""
    monkeypatch.setattr(app.settings, "bot_delay", 0.2)  # quick bots: the order is the point
    # (at x4: at x1 each question and its answer stand long enough to read)
    scene = local_scene(app, "knights", 6, {}, 2, 0, "simple", speed=4.0)
    assert isinstance(scene, KnightsScene)
    app.scenes = [scene]
    seen: list[tuple[int, str]] = []
    for _ in range(4000):
        app.step(HEADLESS_DT)
        k = scene.k
        if k is not None and scene.memory.active(scene.time):
            seen.append((k.round, k.phase))
            assert scene.feed.view is not None and scene.feed.view["round"] == k.round + 1
            assert all(v is not None for v in k.values)
            if scene.motion.revealing(scene.time):
                assert scene.k.line_up is not None
        if len({r for r, _ in seen}) == 2:
            break
    assert {(1, "review"), (2, "review")} <= set(seen)


def test_a_round_without_a_line_up_shown_during_the_last_reveal_reveals_nothing(
        app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    """At a watched table's speed, a round whose captain was bewitched can end while the
    last round's line-up is still turning over. Shown, that round has no row: the bar
    says how it ended (not "The line-up is revealed..."), its points count, and the
    table does not redraw every frame for a row it does not draw (the round's tiles
    turning face up still do)."""
    monkeypatch.setattr(app.settings, "bot_delay", 0.2)
    scene = local_scene(app, "knights", 3, {}, 1, 0, "simple", speed=8.0)
    assert isinstance(scene, KnightsScene)
    app.scenes = [scene]
    shown = []
    for _ in range(3000):
        app.step(HEADLESS_DT)
        k = scene.k
        if (k is not None and k.line_up is None and k.last_round() is not None
                and scene.motion.revealing(scene.time)):
            shown.append(k.last_round())
            assert scene.settled(k) == k.last_round()
            assert waiting_words(scene, k) != say("wait.reveal")
            assert not scene.side.revealing
            assert not scene.motion.moving(scene.time, tiles=False, chips=False,
                                           row=k.line_up is not None)
    assert shown and all(r["how"] == "captain_bewitched" for r in shown), shown[:1]


def test_a_lan_seat_with_one_feed_still_sees_the_reveal(app: App) -> None:
    """Over the LAN a seat has a single feed carrying public and private events alike."""
    state, seat, events = reach(5, PHASES["line_up"][2])
    events = events + GAME.apply(state, seat, GAME.legal_actions(state, seat)[0])
    other = (seat + 1) % 5
    peer = StaticPeer(other, update(GAME, state, other, events, timed=True))
    session = Session({other: Feed(peer)}, [other], [f"Knight {i}" for i in range(5)])
    session.shown = other
    scene = table_scene(app, "knights", session)
    assert isinstance(scene, KnightsScene)
    app.scenes = [scene]
    app.step(HEADLESS_DT)
    assert scene.motion.reveal is not None and scene.motion.revealing(scene.time)
    assert scene.side.revealing
    assert scene.k is not None and scene.settled(scene.k) is None
    assert waiting_words(scene, scene.k) == say("wait.reveal"), "no spoiler while tiles turn"


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("players", [3, 5])
def test_the_final_scores_headings_stand_apart_at_150_percent_in_the_least_window(
        players: int, lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """At 150% in 800x500 the final score table's last round and total ran together
    ("R3Total") and every name was cut to "Aki (…": where its headings would touch, or
    a name would be cut ("Chika (…" with three knights), the table's words step down
    toward their 100% size."""
    from client.kit import ink
    from client.settings import Settings

    state, _, events = rig.reach(GAME, players, lambda s, p, e: GAME.outcome(s) is not None)
    window = App(Settings(language=lang, text_size=150), headless=True, size=(800, 500))
    i18n.set_language(lang)
    drawn = rig.last_frame_texts(ink.start(), monkeypatch)
    try:
        scene = show_table(window, GAME, state, None, events, "Chika (Bot)", timed=False,
                           frames=3)
        for _ in range(2000):
            if {"story", "menu"} <= {b.key for b in scene.buttons}:
                break
            window.step(HEADLESS_DT)
        total = next(rect for words, rect in drawn if words == say("end.total"))
        row = sorted({tuple(rect) for words, rect in drawn  # (the chart says "R1" too)
                      if abs(rect.centery - total.centery) < 4
                      and words in {say("end.round", r=r) for r in range(1, 9)}})
        heads = [*map(pygame.Rect, row), total]
        assert len(heads) > 2
        assert all(b.left - a.right >= 3 for a, b in zip(heads, heads[1:], strict=False)), heads
        names = [words for words, rect in drawn
                 if words.startswith("Chika") and rect.right < total.left]
        assert set(names) == {f"Chika (Bot) {i}" for i in range(players)}, names  # whole
    finally:
        ink.stop()
        window.close()
