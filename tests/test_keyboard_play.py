"""Playing by keys as a newcomer did, at a real Choose! table: after each action the
focus goes back to the table (never to talk, where a blind Enter posted "Suspicious!"),
the arrows walk a 14-card hand card by card in the order it is drawn, Up goes to the
row right above whatever the window size, and Continue after a round is one key.

Real scenes with the dummy video driver; posted key presses only."""

from __future__ import annotations

from functools import partial
from typing import Any

import pygame
import pytest

from client.app import App
from client.kit.focus import ASIDE, FocusRing, Target
from client.settings import Settings
from client.tables import local_scene
from tests.test_keyboard import DIGIT, STRIDE, focused, press, sends_of


def choose_table(size: tuple[int, int], bot_delay: float = 0.0
                 ) -> tuple[App, Any, list[dict[str, Any]]]:
    """A two-player Choose! table (14 cards in hand), the person in seat 1, and what
    the person's screen sends."""
    app = App(Settings(bot_delay=bot_delay), headless=True, size=size)
    scene = local_scene(app, "choose", 2, {}, 7, 1, "simple")
    app.push(scene)
    return app, scene, sends_of(scene)


def my_turn(app: App, scene: Any, most: int = 600) -> None:
    for _ in range(most):
        app.step(STRIDE)
        if scene.can_act and scene.key_targets():
            return
    raise AssertionError("the person's turn never came")


def act_by_keys(app: App, scene: Any) -> None:
    """One action by keys: 1 chooses the first card, then the last place offered for it
    by its number (and an exterminator's discard by its number), or Sleepy or the
    pickup by Tab and Enter."""
    press(app, DIGIT[1])
    stacks = [t for t in scene.key_targets() if t.key.startswith("stack")]
    if stacks:
        press(app, DIGIT[stacks[-1].number or 1])
        if scene.ext_stack is not None:  # an exterminator: then the card to discard
            press(app, DIGIT[cards(scene)[0].number or 1])
        return
    keys = [t.key for t in scene.focus_targets()]
    goal = next((k for k in ("button:sleepy", "pickup") if k in keys), None)
    assert goal is not None, (keys, scene.selected, scene.ext_stack, scene.feed.legal)
    for _ in range(len(keys)):
        now = focused(scene)
        if now is not None and now.key == goal:
            break
        press(app, pygame.K_TAB)
    press(app, pygame.K_RETURN)


def cards(scene: Any) -> list[Target]:
    return [t for t in scene.key_targets() if t.key.startswith("card")]


@pytest.mark.parametrize("bot_delay", [0.0, 1.2])
def test_after_an_action_the_focus_is_back_on_the_table_and_enter_posts_nothing(
        bot_delay: float) -> None:
    """With bots that answer at once, and with bots that take their 1.2 s (while the
    bot plays, the table offers the person nothing but talk)."""
    app, scene, sent = choose_table((1024, 600), bot_delay)
    try:
        for turn in range(5):
            my_turn(app, scene)
            act_by_keys(app, scene)
            acted = len(sent)
            assert acted == turn + 1, f"turn {turn}: one action sent ({sent[-2:]})"
            now = focused(scene)
            assert now is None or not now.key.startswith(ASIDE), (
                f"after the action the focus is on {now.key}")
            my_turn(app, scene)
            now = focused(scene)
            assert now is not None and not now.key.startswith(ASIDE), (
                f"back at the person's turn the focus is on {now and now.key}")
            press(app, pygame.K_RETURN)  # a blind Enter: never talk
            app.step(STRIDE)
            assert not any(a["type"] in ("chat", "emote") for a in sent), sent[-3:]
            if scene.selected is not None:  # (the Enter chose a card: put it back)
                press(app, pygame.K_ESCAPE)
    finally:
        app.close()


@pytest.mark.parametrize("size", [(1024, 600), (1920, 1080)])
def test_the_arrows_walk_every_card_of_a_14_card_hand(size: tuple[int, int]) -> None:
    app, scene, _ = choose_table(size)
    try:
        my_turn(app, scene)
        hand = cards(scene)
        assert len(hand) == 14, "a two-player hand: 8 mice and 6 wisdom cards"
        press(app, DIGIT[1])
        press(app, pygame.K_ESCAPE)  # (1 chose the first card; Esc puts it back)
        assert focused(scene).key == hand[0].key  # type: ignore[union-attr]
        walked = [hand[0].key]
        for _ in range(13):
            press(app, pygame.K_RIGHT)
            walked.append(focused(scene).key)  # type: ignore[union-attr]
        in_order = [t.key for t in sorted(cards(scene), key=lambda t: t.rect.centerx)]
        assert walked == in_order, "Right goes card by card, left to right"
        press(app, pygame.K_RETURN)  # Enter picks the card the focus is on: the 14th
        assert scene.selected is not None and f"card{scene.selected}" == in_order[-1]
        for _ in range(13):
            press(app, pygame.K_LEFT)
        assert focused(scene).key == in_order[0]  # type: ignore[union-attr]
    finally:
        app.close()


def test_up_goes_to_the_row_right_above_the_most_in_line() -> None:
    """A hand under two rows of places: Up from any card goes to the nearer row, to the
    place of it most nearly above the card; the old score sent the left cards to the
    far row instead (a place there was more in line), so Up's landing depended on how
    the window's size spread the rows."""
    pygame.init()
    hand = [Target(pygame.Rect(100 + 30 * i, 500, 60, 90), lambda: None, f"card{i}")
            for i in range(14)]
    near = [Target(pygame.Rect(x, 360, 80, 80), lambda: None, f"near{x}")
            for x in (450, 700)]
    far = [Target(pygame.Rect(x, 100, 80, 80), lambda: None, f"far{x}") for x in (90, 400)]
    targets = [*hand, *near, *far]
    ring = FocusRing()
    for card in hand:
        ring.focus(card, targets)
        ring.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_UP, mod=0), targets)
        now = ring.current(targets)
        assert now is not None and now.key.startswith("near"), (card.key, now and now.key)
        assert now is min(near, key=lambda t: abs(t.rect.centerx - card.rect.centerx))
        ring.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_UP, mod=0), targets)
        assert ring.current(targets).key.startswith("far")  # type: ignore[union-attr]


def test_continue_after_a_round_is_one_key() -> None:
    app, scene, sent = choose_table((1280, 720))
    try:
        for _ in range(4000):
            app.step(STRIDE)
            keys = [t.key for t in scene.focus_targets(scene.reveal.showing(scene.time))]
            if "button:continue" in keys and scene.feed.hold is not None:
                break
            if scene.can_act and cards(scene):
                act_by_keys(app, scene)
        else:
            raise AssertionError("the round never ended")
        scene.ring.sleep()  # a person who has not touched the focus yet
        press(app, pygame.K_RETURN)
        assert sent[-1] == {"type": "continue"}, "Enter went on"
    finally:
        app.close()


def test_the_arrows_stay_on_the_table_past_the_last_card() -> None:
    """Right from the hand's last card does not walk on into the talk box beside it (a
    blind Enter there posts an emote); Tab still reaches the emotes."""
    app, scene, sent = choose_table((1024, 600))
    try:
        my_turn(app, scene)
        assert any(t.key.startswith("button:emote") for t in scene.focus_targets())
        last = max(cards(scene), key=lambda t: t.rect.centerx)
        press(app, DIGIT[1])
        press(app, pygame.K_ESCAPE)
        for _ in range(20):
            press(app, pygame.K_RIGHT)
        assert focused(scene).key == last.key  # type: ignore[union-attr]
        press(app, pygame.K_RETURN)
        assert not any(a["type"] in ("chat", "emote") for a in sent)
        for _ in range(len(scene.focus_targets())):
            press(app, pygame.K_TAB)
            if focused(scene).key.startswith("button:emote"):  # type: ignore[union-attr]
                break
        assert focused(scene).key.startswith("button:emote")  # type: ignore[union-attr]
    finally:
        app.close()


def key_for(number: int) -> tuple[int, int]:
    """The key press a person reads in the hints for the ``number``-th card: 1-9, 0 for
    the tenth, Shift with them for the 11th to 20th."""
    shift, base = divmod(number - 1, 10)
    return getattr(pygame, f"K_{(base + 1) % 10}"), pygame.KMOD_SHIFT if shift else 0


@pytest.mark.parametrize("size", [(1024, 600), (1920, 1080)])
def test_every_card_of_a_14_card_hand_has_its_own_key(size: tuple[int, int]) -> None:
    """Each card in turn, by its key alone: 1-9 the first nine, 0 the tenth, Shift+1 to
    Shift+4 the 11th to 14th (before, 10-14 had no key; arrows were the only way)."""
    app, scene, _ = choose_table(size)
    try:
        my_turn(app, scene)
        in_order = [t.key for t in sorted(cards(scene), key=lambda t: t.rect.centerx)]
        assert len(in_order) == 14, "a two-player hand: 8 mice and 6 wisdom cards"
        for number, card in enumerate(in_order, start=1):
            code, mod = key_for(number)
            press(app, code, mod)
            assert scene.selected is not None and f"card{scene.selected}" == card, (
                f"key {number} picked {scene.selected}, not the {number}th card {card}")
            press(app, pygame.K_ESCAPE)  # put it back for the next
            assert scene.selected is None
    finally:
        app.close()


def test_the_hints_tell_the_tenth_and_the_shifted_keys_in_both_languages() -> None:
    from client import i18n
    from client.i18n import tr

    try:
        for lang in ("en", "ja"):
            i18n.set_language(lang)
            hint = tr("play.keys")
            assert "1-9" in hint and "0=10" in hint and "Shift+1-9=11" in hint, hint
    finally:
        i18n.set_language("en")


def test_shift_and_a_number_pick_beyond_nine_and_nothing_else() -> None:
    """The ring alone: 0 the tenth, Shift+0 the twentieth, a number nobody has does
    nothing, and a keypad number picks as its row twin does."""
    pygame.init()
    picked: list[int] = []
    targets = [Target(pygame.Rect(20 * i, 0, 18, 30), partial(picked.append, i),
                      f"card{i}", number=i) for i in range(1, 21)]
    ring = FocusRing()
    for number in range(1, 21):
        code, mod = key_for(number)
        assert ring.handle(pygame.event.Event(pygame.KEYDOWN, key=code, mod=mod), targets)
        ring.handle(pygame.event.Event(pygame.KEYUP, key=code, mod=0), targets)
    assert picked == list(range(1, 21))
    assert ring.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_KP0, mod=0), targets)
    assert picked[-1] == 10
    few = targets[:12]
    assert not ring.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_5,
                                              mod=pygame.KMOD_SHIFT), few)
    assert picked[-1] == 10, "Shift+5 (the 15th) is nobody's in a 12-card hand"
