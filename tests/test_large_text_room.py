"""What large text in a small window does where room runs out: a Cheese Thief speech
bubble with no free place waits for one (its three seconds start when it shows) rather
than being left out, and a picked card of a hand rises short of the prompt above it.
Real pygame surfaces on the dummy video driver."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pygame
import pytest

from client.assets import font
from client.kit.prompt import lift
from client.scenes.cheese_thief import draw
from client.scenes.cheese_thief.draw import BUBBLE_WAIT, Motion, Said


def said_by(motion: Motion, seats: list[int]) -> list[Said]:
    room = pygame.Rect(0, 0, 400, 300)
    return [(motion.bubbles[s][0], (100 + 50 * s, 150), motion.bubbles[s][1], room, s)
            for s in seats]


def test_a_bubble_with_no_room_waits_and_then_shows_for_its_own_time() -> None:
    motion = Motion(bubbles={0: (1.0, "I woke at 1 alone."), 1: (1.2, "I woke at 2.")})
    motion.wait_for_room(said_by(motion, [0, 1]), [0], 2.0)
    assert motion.waiting == {0: 2.0} and motion.busy(2.0), "the window keeps its pace"
    motion.wait_for_room(said_by(motion, [0, 1]), [0], 3.5)
    assert motion.waiting == {0: 2.0} and motion.speaking(0, 4.1), "still to be said"
    # the other bubble's end frees room, and the table is drawn again then
    assert motion.speakers(4.1) == (0, 1) and motion.speakers(4.3) == (0,)
    motion.wait_for_room(said_by(motion, [0]), [], 4.3)
    # room at last: it shows, from then on, for a bubble's whole time
    assert motion.waiting == {} and motion.bubbles[0][0] == 4.3
    assert motion.speaking(0, 4.3 + draw.BUBBLE - 0.1)
    assert not motion.speaking(0, 4.3 + draw.BUBBLE) and not motion.busy(4.3)


def test_a_bubble_that_never_finds_room_gives_up_after_its_wait() -> None:
    motion = Motion(bubbles={3: (0.0, "Cheese!")})
    motion.wait_for_room(said_by(motion, [3]), [3], 1.0)
    assert motion.speakers(0.9 + BUBBLE_WAIT) == (3,)
    assert motion.speakers(1.0 + BUBBLE_WAIT) == (), "past its wait it is not said"
    motion.wait_for_room(said_by(motion, [3]), [3], 1.0 + BUBBLE_WAIT)
    assert motion.waiting == {} and not motion.busy(1.0 + BUBBLE_WAIT)


def test_bubbles_on_show_keep_their_place_before_a_waiting_one() -> None:
    pygame.init()
    surface = pygame.Surface((180, 300))
    room = pygame.Rect(0, 0, 180, 300)  # room under the names for one bubble, not two
    words = "I woke at 5 with everyone else at the table. The cheese was gone."
    said: list[Said] = [(1.0, (90, 150), words, room, 0), (2.0, (90, 150), words, room, 1)]
    names = [pygame.Rect(0, 0, 180, 100)]
    unplaced = draw.bubbles(surface, said, list(names), 16, waiting={1})
    assert unplaced == [1], "the bubble on show keeps the one free place"
    assert draw.bubbles(surface, said, list(names), 16, waiting=set()) == [0], (
        "without a wait the newest comes first")


def test_a_picked_card_rises_short_of_the_prompt() -> None:
    pygame.init()
    bar = pygame.Rect(0, 480, 768, 120)
    size = 19
    foot = bar.top + size // 3 + font(size, True).get_linesize()
    close = pygame.Rect(100, bar.top + int(size * 2.5), 40, 60)
    lift(close, bar, size)
    assert close.top == foot, "as high as the prompt leaves room for"
    far = pygame.Rect(100, bar.top + size * 5, 40, 60)
    lift(far, bar, size)
    assert far.top == bar.top + size * 4, "with room, a whole line"


def test_a_picked_card_under_a_two_line_prompt_rises_short_of_its_last_line() -> None:
    pygame.init()
    bar = pygame.Rect(0, 464, 768, 136)
    size = 20
    prompt = pygame.Rect(20, 466, 300, 44)  # two lines, where ``bar_prompt`` drew them
    under = pygame.Rect(280, 514, 40, 60)
    lift(under, bar, size, prompt)
    assert under.top == prompt.bottom + 2, "no higher than the prompt's last line"
    beside = pygame.Rect(400, 514, 40, 60)
    lift(beside, bar, size, prompt)
    assert beside.top == bar.top + size // 3 + font(size, True).get_linesize(), (
        "a card clear of the words rises as before")


def test_a_long_card_bar_prompt_goes_on_a_second_line_rather_than_being_cut(
        cli: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Sly Knight Robbery's first prompt at 150% text in 1024x600, beside its two buttons:
    "Choose two cards as your score cards, t…" before. Both lines whole, nothing across
    them or the cards under them (the run's figure of texts out of place)."""
    from client.kit import prompt

    (tmp_path / "settings.json").write_text(json.dumps({"text_size": 150}))
    drawn: list[list[str]] = []
    real = prompt.fitted_lines

    def noted(words: str, size: int, width: int) -> tuple[int, list[str]]:
        step, lines = real(words, size, width)
        drawn.append(lines)
        return step, lines

    monkeypatch.setattr(prompt, "fitted_lines", noted)
    line = cli("demo", "--game", "sly_knights", "--size", "1024x600", "--lang", "en",
               "--headless", "--frames", "30", "--stats", "--overflow-report",
               env={"CHEESEKNIGHTS_CONFIG_DIR": str(tmp_path),
                    "CHEESEKNIGHTS_DATA_DIR": str(tmp_path / "data")}).line()
    assert ["Choose two cards as your score cards,", "then confirm."] in drawn
    assert line["text_overflow"] == 0, line["report"]


@pytest.mark.parametrize("size", range(9, 25))
def test_a_prompt_in_two_lines_keeps_them_apart_at_every_size(size: int) -> None:
    """At the least window a Knights verdict's two lines touched: "Ready for the next"
    over "round?" (1.2 times the size apart)."""
    from client.kit import ink
    from client.kit.prompt import prompt_line

    pygame.init()
    surface = pygame.Surface((560, 500))
    words = ("The captain was bewitched. The Witch side wins the round!  +3 for Chika (Bot)  "
             "Every tile is face up. Ready for the next round?")
    recorder = ink.start()
    try:
        prompt_line(surface, pygame.Rect(0, 380, 400, 120), words, size)
        first, second = (d.ink for d in recorder.drawn)
    finally:
        ink.stop()
    assert first.bottom <= second.top, (first, second)


@contextmanager
def least_window_at_150(game: str, seats: int, lang: str, turns: int) -> Iterator[Any]:
    """A table of ``game`` with one person and bots, at 150% in 800x500, played
    ``turns`` turns with its texts recorded: the scene and the record."""
    from client import i18n
    from client.app import App
    from client.kit import ink
    from client.settings import Settings
    from client.tables import local_scene

    i18n.set_language(lang)
    window = App(Settings(language=lang, text_size=150), headless=True, size=(800, 500))
    try:
        recorder = ink.start()
        scene = local_scene(window, game, seats, {}, 1, 1, "simple")
        window.push(scene)
        window.run(max_frames=turns)
        yield scene, recorder
    finally:
        ink.stop()
        window.close()


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_card_bar_s_buttons_stay_in_the_bar_at_150_percent_in_the_least_window(
        lang: str) -> None:
    """At 150% in 800x500 Sly Knight Robbery's *Lay these two* and *Draw the spare* took
    two rows that rose out of the bar, over the bottom seat's "0 pts taken", and the hand
    ran under the lower one: a bar's buttons are made smaller, down to their 100% size,
    before they take a second row."""
    with least_window_at_150("sly_knights", 4, lang, 600) as (scene, recorder):
        bar = scene._layout.bar
        acts = [b for b in scene.buttons if b.key in ("confirm", "draw_spare", "pass", "pig")]
        assert len(acts) >= 2 and all(bar.contains(b.rect) for b in acts)
        assert recorder.total() == 0, [o.line() for o in recorder.offences.values()]


@pytest.mark.parametrize("seats", [3, 4, 5])
def test_the_choose_top_seat_s_score_is_not_under_its_hand_at_150_percent(seats: int) -> None:
    """At 150% the top seat's name leaves no room for its score beside it, and the
    score went beside the mouse toward the middle, under the seat's hand of cards
    ("0 pts" hidden by the fan). It goes on the mouse's other side, and a reaction at
    the top seat's left keeps off it."""
    from client.scenes.choose.draw import fan_at, fan_rect, reaction_place
    from client.scenes.choose.words import say

    with least_window_at_150("choose", seats, "en", 120) as (scene, recorder):
        lay, k = scene._layout, scene.k
        top = min(range(seats), key=lambda s: lay.seats[s][1])
        score = scene._seats[top][3]
        (bx, by), cw, ch, side, _ = fan_at(lay, top)
        assert not score.colliderect(fan_rect((bx, by), cw, ch, side, len(k.hands[top])))
        scores = [tile[3] for tile in scene._seats.values()]
        for key in ("react.henchman", "react.robo"):
            (x, y), size = reaction_place(lay, None, top, say(key), scores)
            half = font(size, True).size(say(key))[0] // 2 + lay.text
            assert pygame.Rect(x - half, y - lay.text, 2 * half, 2 * lay.text).collidelist(
                scores) == -1, key
        assert recorder.total() == 0, [o.line() for o in recorder.offences.values()]


def test_seven_knights_to_inspect_stay_in_the_bar_at_150_percent_in_the_least_window(
        ) -> None:
    """With eight knights at 150% in 800x500, the seven knights one may inspect took
    three rows of buttons: the first lay over the bar's prompt and the third fell off the
    window's foot. They are made smaller, down to their 100% size, and take two."""
    with least_window_at_150("knights", 8, "ja", 300) as (scene, recorder):
        bar = scene._layout.bar
        names = [b for b in scene.buttons if b.key.startswith("inspect_")]
        assert len(names) == 7 and all(bar.contains(b.rect) for b in names), names
        assert len({b.rect.top for b in names}) == 2
        assert recorder.total() == 0, [o.line() for o in recorder.offences.values()]


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_card_bar_s_prompt_keeps_all_its_words_beside_its_buttons_at_150_percent(
        lang: str) -> None:
    """At 150% in 800x500 Sly Knight Robbery's first prompt, "Choose two cards as your
    score cards, then confirm.", ended "…, then…" in its two lines beside *Lay these two*
    and *Draw the spare*. The buttons are made smaller, down to their 100% size, until
    the prompt keeps all its words (Choose!'s bar lays its buttons the same way)."""
    from client.kit.prompt import fitted_lines, room_beside

    with least_window_at_150("sly_knights", 4, lang, 40) as (scene, recorder):
        lay, size = scene._layout, scene._layout.text
        words = scene.prompt(scene.k)
        acts = [b for b in scene.buttons if lay.bar.contains(b.rect) and b.rect.top < lay.bar.top
                + size * 3]
        assert acts and words
        _, lines = fitted_lines(words, size, room_beside(lay.bar, size, acts))
        assert "".join(lines).replace(" ", "") == words.replace(" ", ""), lines
        assert recorder.total() == 0, [o.line() for o in recorder.offences.values()]


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_choose_side_column_keeps_its_log_in_sight_at_150_percent_in_the_least_window(
        lang: str) -> None:
    """At 150% in 800x500 five seats' score rows pushed Choose!'s game log under the
    table talk: its heading lay under the emotes and no line of it showed. The score
    sheet is set smaller, down to its 100% size, so the log keeps two lines."""
    from client import i18n

    with least_window_at_150("choose", 5, lang, 300) as (scene, recorder):
        side = scene._layout.side
        assert [o.line() for o in recorder.offences.values()
                if side.colliderect(pygame.Rect(o.ink))] == []
        scene.draw(scene.app.screen)  # (a frame of its own: its texts, in the record)
        heading = next(d for d in recorder.drawn if d.words == i18n.tr("log"))
        talk = next(d for d in recorder.drawn if d.words == i18n.tr("chat"))
        assert heading.ink.bottom + 2 * heading.ink.height < talk.ink.top


@pytest.mark.parametrize("scale", [1.0, 1.25, 1.5])
def test_a_knight_s_mark_keeps_off_a_name_lifted_clear_of_its_tile(scale: float) -> None:
    """With eight knights in 800x500 at large text, a side knight's name is lifted off
    its tile into the place its marks take above it: "探求中" (Inspecting) lay on
    "Chika (ボット)". The mark goes above the name."""
    from client import i18n
    from client.assets import set_text_scale
    from client.kit import ink
    from client.scenes.knights.draw import name_and_marks
    from client.scenes.knights.layout import compute

    pygame.font.init()
    i18n.set_language("ja")
    set_text_scale(scale)
    layout = compute((800, 500), 8, 8, 0)
    surface = pygame.Surface((800, 500))
    try:
        for seat in range(8):
            recorder = ink.start()
            name_and_marks(surface, seat, layout, "Chika (ボット)", False,
                           [("探求中", (240, 200, 120))])
            recorder.end_frame()
            assert recorder.total() == 0, (seat, [o.line() for o in recorder.offences.values()])
    finally:
        ink.stop()


@pytest.mark.parametrize(("seats", "lang"), [(3, "ja"), (4, "en"), (5, "en"), (5, "ja")])
def test_a_robbed_seat_s_reaction_keeps_off_the_other_kitchens(seats: int, lang: str) -> None:
    """At 150% in 800x500 a side seat's "Henchman! Pulled back" reached over the top
    seat's kitchen and lay on its "empty kitchen". The pill is set smaller (down to its
    size at 100% text) until it keeps off every other kitchen, and never smaller (at
    100% a side seat's pill may still touch a corner of the next kitchen, on no word)."""
    from client import i18n
    from client.assets import set_text_scale, text
    from client.scenes.choose.draw import reaction_place
    from client.scenes.choose.layout import compute
    from client.scenes.choose.words import say

    pygame.font.init()
    i18n.set_language(lang)
    try:
        for scale in (1.0, 1.5):
            set_text_scale(scale)
            lay = compute((800, 500), seats, 0)
            for seat in range(seats):
                for key in ("react.henchman", "react.robo"):
                    words = say(key)
                    (x, y), size = reaction_place(lay, None, seat, words)
                    half = text(words, size, (0, 0, 0), True).get_width() // 2 + lay.text
                    pill = pygame.Rect(x - half, y - lay.text, half * 2, lay.text * 2)
                    others = [box for s, box in enumerate(lay.kitchens) if s != seat]
                    least = round(lay.text * 1.1 / scale)
                    assert size >= least, (scale, seat, size)
                    assert pill.collidelist(others) == -1 or size == least, (
                        scale, seat, words, pill)
                    if (seats, lang, scale, seat, key) == (4, "en", 1.5, 1, "react.henchman"):
                        assert pill.collidelist(others) == -1 and size < int(lay.text * 1.1)
    finally:
        set_text_scale(1.0)
        i18n.set_language("en")


@pytest.mark.parametrize("height", [500, 600, 720, 768, 900, 1080])
def test_a_robbed_seat_s_reaction_has_a_place_at_every_window_height(height: int) -> None:
    """In a 768-high window the table's text is 16: the reaction's sizes ran from 17
    down to its 100% size reckoned as 18, none at all, and it had no place."""
    from client.assets import set_text_scale
    from client.scenes.choose.draw import reaction_place
    from client.scenes.choose.layout import compute

    pygame.font.init()
    try:
        for scale in (1.0, 1.25, 1.5):
            set_text_scale(scale)
            lay = compute((height * 16 // 9, height), 4, 0)
            for seat in range(4):
                (x, y), size = reaction_place(lay, seat, seat, "Henchman! Pulled back")
                assert lay.table.left <= x <= lay.table.right and size >= 10
    finally:
        set_text_scale(1.0)
