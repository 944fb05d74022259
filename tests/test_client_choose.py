"""The Choose! table drawn in every phase, in both languages, from real views; its
clicks turn into legal actions only; a one-person game is played to its end through
posted mouse clicks.
"""

from __future__ import annotations

import functools
from typing import Any

import pygame
import pytest

from client.app import HEADLESS_DT, App
from client.rules_text import RULES
from client.scenes.choose import ChooseScene
from client.scenes.choose.words import WORDS, describe
from core.game import Game
from core.play import seat_bots
from core.registry import GAMES
from tests import client_rig as rig
from tests.client_rig import (
    DRAWN_BYTES,
    Stop,
    click,
    colours,
    deliver,
    hot_seat,
    keep_screen,
    one_person,
    refuse,
    sent,
    show_table,
    wheel,
)

GAME: Game[Any] = GAMES["choose"]


reach = functools.partial(rig.reach, GAME)


def kinds(state: Any, seat: int) -> set[str]:
    return {a["type"] for a in GAME.legal_actions(state, seat)}


PHASES: dict[str, tuple[int, Stop]] = {
    "first_turn": (3, lambda s, p, e: s.turns_taken == 0 and s.turn == p),
    "steal_turn": (4, lambda s, p, e: s.turn == p and "steal" in kinds(s, p)
                   and any(len(k) > 1 for k in s.kitchens)),
    "wisdom_turn": (5, lambda s, p, e: s.turn == p and {"nest", "camera"} <= kinds(s, p)),
    "waiting": (2, lambda s, p, e: s.turn != p and s.turns_taken > 4),
    "after_steal": (3, lambda s, p, e: p != s.turn and any(
        x.data["type"] == "steal" for x in e[-3:])),
    "round_flip": (4, lambda s, p, e: p == 0 and s.round == 2 and s.turns_taken == 0),
    "over": (2, lambda s, p, e: s.phase == "over"),
}


def show(app: App, state: Any, seat: int | None, events: list[Any],
         frames: int = 40) -> ChooseScene:
    scene = show_table(app, GAME, state, seat, events, "Mouse", timed=False, frames=frames)
    assert isinstance(scene, ChooseScene)
    return scene


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("phase", list(PHASES))
def test_each_phase_renders(app: App, phase: str, lang: str, tmp_path: Any) -> None:
    app.set_language(lang)
    players, stop = PHASES[phase]
    state, seat, events = reach(players, stop)
    scene = show(app, state, seat, events)
    assert scene.k is not None and scene.k.phase == state.phase and scene.k.n == players
    assert colours(app.screen) > 150, "the table looks blank"
    assert keep_screen(app, tmp_path / f"{phase}_{lang}") > DRAWN_BYTES
    legal = GAME.legal_actions(state, seat)
    hand = {c for c in state.hands[seat]}
    usable = {c for c in hand if scene.card_actions(c)}
    expected = {a["card"] for a in legal if "card" in a}
    expected |= {c for c in hand if state.kinds[c] in {a["type"] for a in legal}}
    assert usable == expected, "only cards a legal action uses can be picked"
    if phase == "round_flip":
        assert scene.flip is not None and scene.flip[1]["round"] == 1
    if phase == "over":
        assert scene.flip is not None, "the last round's flip comes before the result"
        next(b for b in scene.buttons if b.key == "continue").on_click()
        app.step(HEADLESS_DT)
        assert {b.key for b in scene.buttons} >= {"menu", "last_round"}
        keep_screen(app, tmp_path / f"result_{lang}")
    app.set_language("en")


def test_targets_come_from_legal_actions(app: App) -> None:
    state, seat, events = reach(4, PHASES["steal_turn"][1])
    scene = show(app, state, seat, events, frames=3)
    legal = GAME.legal_actions(state, seat)
    card = next(a["card"] for a in legal if a["type"] == "steal")
    scene.click_card(card)
    assert scene.selected == card
    steals = {a["stack"] for a in legal if a["type"] == "steal" and a["card"] == card}
    assert set(scene.stack_targets()) == steals
    own = {sid for sid in state.kitchens[seat]}
    assert not own & set(scene.stack_targets()), "never your own kitchen"
    target = sorted(steals)[0]
    scene.click_stack(target)
    assert sent(scene, seat) == [{"type": "steal", "card": card, "stack": target}]
    assert scene.selected is None


def test_clicks_on_the_table_send_a_pickup(app: App) -> None:
    state, seat, events = reach(3, PHASES["first_turn"][1])
    scene = show(app, state, seat, events, frames=3)
    from client.scenes.choose.layout import hand_slots

    lay = scene._layout
    assert lay is not None and scene.k is not None
    rects = hand_slots(lay, len(scene.k.hand))
    index = next(i for i, c in enumerate(scene.k.hand) if c["kind"] in ("ordinary", "robo",
                                                                        "hungry", "henchman"))
    click(app, rects[index].center)
    assert scene.selected == scene.k.hand[index]["card"]
    click(app, lay.kitchens[seat].center)
    assert sent(scene, seat) == [{"type": "pickup", "card": scene.k.hand[index]["card"]}]


def test_exterminator_asks_for_the_discard(app: App) -> None:
    state, seat, events = reach(3, lambda s, p, e: s.turn == p and "exterminator" in kinds(s, p))
    scene = show(app, state, seat, events, frames=3)
    ext = next(c for c in state.hands[seat] if state.kinds[c] == "exterminator")
    scene.click_card(ext)
    stacks = {a["stack"] for a in GAME.legal_actions(state, seat) if a["type"] == "exterminator"}
    assert set(scene.stack_targets()) == stacks
    scene.click_stack(sorted(stacks)[0])
    assert scene.ext_stack == sorted(stacks)[0] and not sent(scene, seat)
    app.step(HEADLESS_DT)
    assert "discard_nest" in {b.key for b in scene.buttons}
    next(b for b in scene.buttons if b.key == "discard_nest").on_click()
    action = sent(scene, seat)[0]
    assert action in GAME.legal_actions(state, seat) and action["type"] == "exterminator"


def test_spectator_sees_no_secret(app: App) -> None:
    state, _, events = reach(3, PHASES["waiting"][1])
    scene = show(app, state, None, events)
    k = scene.k
    assert k is not None and k.me is None and not k.hand
    assert all(m.top is None for kitchen in k.kitchens for m in kitchen)
    assert all(c is None for hand in k.hands for c in hand)


def test_you_see_your_own_mice_and_mark_the_ones_you_looked_at(app: App) -> None:
    state, seat, events = reach(3, lambda s, p, e: any(
        x.data["type"] == "camera_saw" and x.visible_to(p) and s.stacks[x.data["stack"]].owner
        != p and s.stacks[x.data["stack"]].placed_by != p for x in e[-2:]))
    scene = show(app, state, seat, events)
    k = scene.k
    assert k is not None
    seen = [m for kitchen in k.kitchens for m in kitchen if m.seen]
    assert seen and all(m.top is not None for m in seen)
    for mouse in (m for kitchen in k.kitchens for m in kitchen):
        if mouse.placed_by == seat:
            assert mouse.top is not None


def test_steal_is_played_out(app: App) -> None:
    state, seat, events = reach(3, PHASES["after_steal"][1])
    scene = show(app, state, seat, events, frames=2)
    assert scene.motion.steal is not None or scene.motion.queue
    show_ = scene.motion.steal or scene.motion.queue[0]
    steal = next(x.data for x in reversed(events) if x.data["type"] == "steal")
    assert show_.revealed == steal["revealed"] and show_.thief == steal["seat"]
    reaction = {"henchman": "pull_back", "robo": "robo"}.get(steal["revealed"])
    assert scene.motion.queue[-1].reaction == reaction if scene.motion.queue else True
    before = pygame.image.tobytes(app.screen, "RGB")
    for _ in range(30):
        app.step(HEADLESS_DT)
    assert pygame.image.tobytes(app.screen, "RGB") != before, "the steal moves"
    for _ in range(300):  # until the show is over, within five seconds
        if scene.motion.steal is None and not scene.motion.queue:
            break
        app.step(HEADLESS_DT)
    assert scene.motion.steal is None and not scene.motion.queue


def test_refusal_is_shown_in_words(app: App) -> None:
    state, seat, events = reach(3, PHASES["steal_turn"][1])
    scene = show(app, state, seat, events, frames=2)
    refuse(app, scene, seat, "nested", "A mouse with a nest cannot be stolen.")


def test_every_word_in_both_languages_and_rules() -> None:
    for key, entry in WORDS.items():
        assert entry["en"] and entry["ja"], key
        assert entry["en"] != entry["ja"] or key.startswith(("flip.score", "ev.unknown")), key
    assert "Cheese pickup" in RULES["choose"]["en"] and "チーズ拾い" in RULES["choose"]["ja"]
    state, events = GAME.new_game(3, {}, 1)
    bots = seat_bots("choose", ["simple"] * 3, 1)
    while GAME.outcome(state) is None:
        seat = GAME.to_act(state)[0]
        legal = GAME.legal_actions(state, seat)
        events += GAME.apply(state, seat, bots[seat].act(GAME.view(state, seat), legal))
    for event in events:
        line = describe(event.data, lambda s: f"M{s}")
        assert "(" + str(event.data["type"]) + ")" != line, f"no words for {event.data['type']}"


def test_rules_overlay_toggles(app: App) -> None:
    state, seat, events = reach(2, PHASES["waiting"][1])
    scene = show(app, state, seat, events, frames=2)
    before = pygame.image.tobytes(app.screen, "RGB")
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_r, mod=0, unicode="r"))
    app.step(HEADLESS_DT)
    assert scene.show_rules
    assert pygame.image.tobytes(app.screen, "RGB") != before


def test_single_screen_game_to_the_end(tmp_path: Any) -> None:
    """One person and a bot, every move made by posted clicks through the real scene."""
    def move(app: App, scene: Any, k: Any, moves: int) -> bool:
        if scene.motion.steal is not None:
            return False
        lay = scene._layout
        assert lay is not None
        rects = scene.hand_rects(lay, k)
        cards = [c["card"] for c in k.hand]
        card = sorted(scene.clickable_cards())[moves % len(scene.clickable_cards())]
        click(app, rects[cards.index(card)].center)
        assert scene.selected == card
        targets = scene.stack_targets()
        if scene.pickup_action() is not None:
            click(app, lay.kitchens[k.me].center)
        elif targets and next(iter(targets.values()))["type"] != "exterminator":
            sid = sorted(targets)[0]
            owner = k.owner_of(sid)
            assert owner is not None
            pos = lay.slots(owner, len(k.kitchens[owner]))[
                [m.stack for m in k.kitchens[owner]].index(sid)]
            click(app, pos)
        else:
            button = next(b for b in scene.buttons if b.key == "sleepy")
            click(app, button.rect.center)
        return True

    app, scene, moves = one_person("choose", 2, {}, 7, lambda s: s.flip is not None, move, 6000)
    assert isinstance(scene, ChooseScene)
    assert moves >= 2 * 14, "every one of the person's turns was played by clicks"
    for _ in range(3):
        app.step(HEADLESS_DT)
    assert scene.flip is not None, "the last round's flip is shown first"
    click(app, next(b for b in scene.buttons if b.key == "continue").rect.center)
    app.step(HEADLESS_DT)
    assert {"menu", "again", "last_round"} <= {b.key for b in scene.buttons}
    keep_screen(app, tmp_path / "end")
    assert colours(app.screen) > 100


def test_hot_seat_game_with_privacy_screens() -> None:
    """Two people at one screen: each private turn sits behind a privacy screen that a
    key press lifts, and "done" closes it again; the game still reaches its end."""
    _, screens, dones = hot_seat("choose", 3, {}, 5, 2, lambda legal: legal[len(legal) // 2])
    assert screens > 20 and dones > 20


def test_japanese_closing_marks_never_start_a_log_line() -> None:
    """Nor does one run a line past its width: the character before the mark moves down
    with it."""
    import pygame

    from client.assets import font, wrap

    pygame.font.init()
    for width in range(40, 200, 7):
        for words in ("ねずみ0がねずみ1の台所からチーズを奪った。ねこの手下だった、戻った。",
                      "Daichi (ボット): チーズ拾い(チーズ!チーズ!)。Emi (ボット)が奪った。"):
            lines = wrap(words, 14, width)
            assert not any(line[:1] in "。、!)" for line in lines[1:]), lines
            assert "".join(lines).replace(" ", "") == words.replace(" ", "")
            for line in lines:
                assert font(14).size(line)[0] <= width or line.isascii(), (width, line)


def test_table_talk_sends_emotes_and_shows_what_others_say(app: App) -> None:
    state, seat, events = reach(3, PHASES["steal_turn"][1])
    scene = show(app, state, seat, events, frames=3)
    assert scene.can_talk()
    button = next(b for b in scene.buttons if b.key == "emote_laugh")
    click(app, button.rect.center)
    assert sent(scene, seat)[-1] == {"type": "emote", "emote": "laugh"}
    other = (seat + 1) % 3
    line = {"type": "chat", "seat": other, "text": "Cheese! Cheese!"}
    deliver(scene, [line])
    app.step(HEADLESS_DT)
    assert scene.motion.bubbles[other][1] == "Cheese! Cheese!"
    assert scene.side.log.texts(scene.feed.log, scene.name)[-1].endswith("Cheese! Cheese!")
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1,
                                         pos=scene.talk.entry.rect.center))  # type: ignore
    app.step(HEADLESS_DT)
    assert scene.typing()
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_r, mod=0, unicode="r"))
    app.step(HEADLESS_DT)
    assert not scene.show_rules, "typing an r writes it, it does not open the rules"


def test_the_log_scrolls(app: App) -> None:
    state, seat, events = reach(3, PHASES["over"][1])
    scene = show(app, state, seat, events, frames=3)
    before, after = wheel(app, scene.side.log.rect)
    assert scene.side.log.scroll > 0
    assert before != after, "older lines come into view"
    for _ in range(5):
        rig.key(pygame.K_PAGEDOWN)  # and by keys, wherever the mouse is
    app.step(HEADLESS_DT)
    assert scene.side.log.scroll == 0
    rig.key(pygame.K_PAGEUP)
    app.step(HEADLESS_DT)
    assert scene.side.log.scroll > 0

