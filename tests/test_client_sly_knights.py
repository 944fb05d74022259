"""The Sly Knight Robbery table drawn in every phase, in both languages, from real views;
its clicks turn into legal actions only; a one-person game is played to its end through
posted mouse clicks.
"""

from __future__ import annotations

import functools
from typing import Any

import pytest

from client.app import HEADLESS_DT, App
from client.rules_text import RULES
from client.scenes.sly_knights import SlyKnightsScene
from client.scenes.sly_knights.overlay import history
from client.scenes.sly_knights.words import WORDS
from core.game import Game
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
)

GAME: Game[Any] = GAMES["sly_knights"]
reach = functools.partial(rig.reach, GAME)


def kinds(state: Any, seat: int) -> set[str]:
    return {a["type"] for a in GAME.legal_actions(state, seat)}


PHASES: dict[str, tuple[int, Stop, dict[str, Any]]] = {
    "choose": (3, lambda s, p, e: s.phase == "choose" and "choose" in kinds(s, p), {}),
    "chosen_waiting": (4, lambda s, p, e: s.phase == "choose" and s.chosen[p] is not None, {}),
    "play_turn": (4, lambda s, p, e: s.phase == "play" and "play" in kinds(s, p)
                  and any(x.pig for sc in s.score_cards for x in sc.plays), {}),
    "pig_and_pig": (2, lambda s, p, e: s.phase == "play" and s.turn == p
                    and 0 in s.hands[p], {"pig_and_pig": True}),
    "must_pass": (3, lambda s, p, e: s.phase == "play" and "pass" in kinds(s, p), {}),
    "round_two": (3, lambda s, p, e: s.round == 2 and s.phase == "choose" and p == 0, {}),
    "over": (4, lambda s, p, e: s.phase == "over", {}),
}


def show(app: App, state: Any, seat: int | None, events: list[Any],
         frames: int = 40) -> SlyKnightsScene:
    scene = show_table(app, GAME, state, seat, events, "Knight", timed=False, frames=frames)
    assert isinstance(scene, SlyKnightsScene)
    return scene


def story_sheet_read(app: App, scene: SlyKnightsScene, frames: int) -> set[str]:
    """Within ``frames`` after the end the game's own summary is up, and no story sheet
    covers it (the sheet opens on its Story button); the buttons the summary offers."""
    for _ in range(frames):
        app.step(HEADLESS_DT)
    assert not scene.reveal.showing(scene.time), "one summary, not a stack of them"
    return {b.key for b in scene.buttons}


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("phase", list(PHASES))
def test_each_phase_renders(app: App, phase: str, lang: str, tmp_path: Any) -> None:
    app.set_language(lang)
    players, stop, options = PHASES[phase]
    state, seat, events = reach(players, stop, options)
    scene = show(app, state, seat, events)
    assert scene.k is not None and scene.k.phase == state.phase and scene.k.n == players
    assert colours(app.screen) > 150, "the table looks blank"
    assert keep_screen(app, tmp_path / f"{phase}_{lang}") > DRAWN_BYTES
    legal = GAME.legal_actions(state, seat)
    cards = {c for a in legal if a["type"] == "choose" for c in a["cards"]}
    cards |= {a["card"] for a in legal if a["type"] == "play"}
    assert scene.clickable_cards() == cards, "only cards a legal action uses can be picked"
    keys = {b.key for b in scene.buttons}
    if "draw_spare" in kinds(state, seat):
        assert "draw_spare" in keys
    if "pass" in kinds(state, seat):
        assert "pass" in keys
    if phase == "over":
        if scene.summary is not None:
            next(b for b in scene.buttons if b.key == "continue").on_click()
        assert {"menu", "last_round", "story"} <= story_sheet_read(app, scene, 260)
        assert scene.k.penalties == [list(p) for p in state.penalties], "shown at the end"
        keep_screen(app, tmp_path / f"result_{lang}")
    app.set_language("en")


def test_targets_follow_the_card_and_the_pig(app: App) -> None:
    state, seat, events = reach(4, lambda s, p, e: s.phase == "play" and any(
        a["type"] == "play" and a["pig"] for a in GAME.legal_actions(s, p)))
    scene = show(app, state, seat, events, frames=3)
    legal = GAME.legal_actions(state, seat)
    card = next(a["card"] for a in legal if a["type"] == "play" and a["pig"])
    scene.click_card(card)
    plain = {a["target"] for a in legal if a.get("card") == card and not a["pig"]}
    piggy = {a["target"] for a in legal if a.get("card") == card and a["pig"]}
    assert set(scene.targets()) == plain
    scene.toggle_pig()
    assert scene.pig and set(scene.targets()) == piggy
    assert all(state.score_cards[t].owner != seat for t in piggy), "never on your own"
    target = sorted(piggy)[0]
    scene.click_target(target)
    assert sent(scene, seat) == [{"type": "play", "card": card, "target": target, "pig": True}]


def test_choosing_two_cards_by_clicks(app: App) -> None:
    state, seat, events = reach(3, PHASES["choose"][1])
    scene = show(app, state, seat, events, frames=3)
    lay, k = scene._layout, scene.k
    assert lay is not None and k is not None
    rects = scene.hand_rects(lay, k)
    click(app, rects[0].center)
    rects = scene.hand_rects(lay, k)
    click(app, rects[2].center)
    assert sorted(scene.picked) == sorted([k.hand[0], k.hand[2]])
    confirm = next(b for b in scene.buttons if b.key == "confirm")
    assert confirm.enabled
    click(app, confirm.rect.center)
    assert sent(scene, seat) == [{"type": "choose", "cards": sorted([k.hand[0], k.hand[2]])}]


def test_the_spare_is_drawn_by_clicking_it(app: App) -> None:
    state, seat, events = reach(3, PHASES["choose"][1])
    scene = show(app, state, seat, events, frames=3)
    assert scene._layout is not None and scene.k is not None
    spare = scene.spare_rect(scene._layout, scene.k)
    assert spare is not None
    click(app, spare.center)
    assert sent(scene, seat) == [{"type": "draw_spare"}]
    state, seat, events = reach(3, lambda s, p, e: s.spares[p] is None and s.phase == "choose")
    scene = show(app, state, seat, events, frames=3)
    assert scene._layout is not None and scene.k is not None
    assert scene.spare_rect(scene._layout, scene.k) is None
    assert "draw_spare" not in {b.key for b in scene.buttons}


def test_spectator_sees_no_secret(app: App) -> None:
    state, _, events = reach(3, PHASES["play_turn"][1])
    scene = show(app, state, None, events)
    k = scene.k
    assert k is not None and k.me is None and not k.hand
    assert all(h is None for h in k.hands) and all(p is None for p in k.penalties)


def test_refusal_is_shown_in_words(app: App) -> None:
    state, seat, events = reach(3, PHASES["play_turn"][1])
    scene = show(app, state, seat, events, frames=2)
    refuse(app, scene, seat, "over_total", "That would bring the 9 to 11.")


def test_play_flies_and_reveal_turns_over(app: App) -> None:
    state, seat, events = reach(3, lambda s, p, e: s.phase == "play" and e[-1].data["type"]
                                == "play" and p != s.turn)
    scene = show(app, state, seat, events, frames=2)
    assert scene.motion.flying(scene.time), "the last card is still in the air"
    for _ in range(40):
        app.step(HEADLESS_DT)
    assert not scene.motion.flying(scene.time)
    state, seat, events = reach(3, lambda s, p, e: e[-1].data["type"] == "reveal")
    scene = show(app, state, seat, events, frames=2)
    assert scene.motion.revealing(scene.time, len(state.score_cards))


def test_words_rules_and_chart() -> None:
    for key, entry in WORDS.items():
        assert entry["en"] and entry["ja"], key
    assert "spare" in RULES["sly_knights"]["en"] and "予備" in RULES["sly_knights"]["ja"]
    state, _, events = reach(3, PHASES["over"][1])
    series = history([e.data for e in events if e.visible_to(None)], 3)
    assert series is not None and [s[-1] for s in series] == list(state.result.scores)
    assert all(len(s) == 4 for s in series)


def test_single_screen_game_to_the_end(tmp_path: Any) -> None:
    """One person and two bots; every choice made by posted clicks through the scene."""
    def move(app: App, scene: Any, k: Any, moves: int) -> bool:
        lay = scene._layout
        assert lay is not None
        keys = {b.key: b for b in scene.buttons}
        if scene.legal_of("choose"):
            for card in sorted(scene.clickable_cards(), reverse=True)[:2]:
                click(app, scene.hand_rects(lay, k)[k.hand.index(card)].center)
            confirm = next(b for b in scene.buttons if b.key == "confirm")
            assert confirm.enabled
            click(app, confirm.rect.center)
        elif scene.legal_of("play"):
            card = min(scene.clickable_cards())
            click(app, scene.hand_rects(lay, k)[k.hand.index(card)].center)
            if moves % 2 and "pig" in {b.key for b in scene.buttons}:
                click(app, next(b for b in scene.buttons if b.key == "pig").rect.center)
            target = sorted(scene.targets())[0]
            click(app, lay.columns[target].center)
        elif "pass" in keys:
            click(app, keys["pass"].rect.center)
        elif "draw_spare" in keys:
            click(app, keys["draw_spare"].rect.center)
        return True

    app, scene, moves = one_person("sly_knights", 3, {"pig_and_pig": True}, 11,
                                   lambda s: s.summary is not None, move, 8000)
    assert isinstance(scene, SlyKnightsScene)
    assert moves >= 6
    for _ in range(5):
        app.step(HEADLESS_DT)
    # The last round's captures are read first; one press goes on to the game's summary.
    assert scene.summary is not None and {b.key for b in scene.buttons} == {"continue"}
    click(app, next(b for b in scene.buttons if b.key == "continue").rect.center)
    assert {"menu", "again", "story"} <= story_sheet_read(app, scene, 300)
    keep_screen(app, tmp_path / "end")
    assert colours(app.screen) > 100


def test_hot_seat_game_with_privacy_screens() -> None:
    """Two people at one screen: each private moment sits behind a privacy screen."""
    _, screens, _ = hot_seat("sly_knights", 3, {}, 5, 2, lambda legal: (
        [a for a in legal if a["type"] != "draw_spare"] or legal)[0])
    assert screens > 5


def test_table_talk_sends_emotes(app: App) -> None:
    state, seat, events = reach(3, PHASES["play_turn"][1])
    scene = show(app, state, seat, events, frames=3)
    assert scene.can_talk()
    button = next(b for b in scene.buttons if b.key == "emote_surprised")
    click(app, button.rect.center)
    assert sent(scene, seat)[-1] == {"type": "emote", "emote": "surprised"}
    state, seat, events = reach(3, PHASES["over"][1])
    scene = show(app, state, seat, events, frames=3)
    assert not scene.can_talk() and not any(b.key.startswith("emote_") for b in scene.buttons)


def test_others_choosing_keeps_your_picks(app: App) -> None:
    state, seat, events = reach(3, lambda s, p, e: s.phase == "choose" and p == 0
                                and all(c is None for c in s.chosen))
    scene = show(app, state, seat, events, frames=3)
    first = sorted(scene.clickable_cards())[0]
    scene.click_card(first)
    chosen = {"type": "chosen", "seat": 1}
    deliver(scene, [chosen])
    app.step(HEADLESS_DT)
    assert scene.picked == [first]

