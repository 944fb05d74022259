"""The Cheese Thief table drawn in every phase, in both languages, from real views.

Views come straight from ``core`` through a stand-in peer, exactly as the host would
send them, so these tests need no network and no clock.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame
import pytest

from client.app import App
from client.scenes import GenericScene, table_scene
from client.scenes.cheese_thief import CheeseThiefScene
from client.session import Session
from client.settings import Settings
from core.game import Game
from core.registry import GAMES
from tests import client_rig as rig
from tests.client_rig import DRAWN_BYTES, colours, keep_screen, key, refuse, show_table, wheel

GAME: Game[Any] = GAMES["cheese_thief"]
Stop = Callable[[Any, int], bool]


def reach(players: int, stop: Stop) -> tuple[Any, int, list[Any]]:
    """Play bot games until some seat is in the wanted situation."""
    return rig.reach(GAME, players, lambda s, p, e: stop(s, p))


def kinds(state: Any, seat: int) -> set[str]:
    return {a["type"] for a in GAME.legal_actions(state, seat)}


PHASES: dict[str, tuple[int, Stop]] = {
    "night_asleep": (6, lambda s, p: s.phase == "night" and s.hour == 1 and 1 not in s.wake[p]),
    "night_peek": (6, lambda s, p: s.phase == "night" and "peek" in kinds(s, p)),
    "night_theft": (5, lambda s, p: s.phase == "night" and s.cheese_taken
                    and s.theft_hour == s.hour and s.hour in s.wake[p] and s.thief != p),
    "choose_die": (4, lambda s, p: s.phase == "choose_die" and "choose_die" in kinds(s, p)),
    "followers": (8, lambda s, p: s.phase == "followers" and "followers" in kinds(s, p)),
    "discussion": (7, lambda s, p: s.phase == "discussion"),
    "vote": (6, lambda s, p: s.phase == "vote" and "vote" in kinds(s, p)),
    "over": (5, lambda s, p: s.phase == "over"),
}


def show(app: App, state: Any, seat: int | None, events: list[Any], frames: int = 50,
         scene_type: Any = None) -> CheeseThiefScene:
    return show_table(app, GAME, state, seat, events, "Mouse", timed=True,  # type: ignore[return-value]
                      frames=frames, make=scene_type)


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("phase", list(PHASES))
def test_each_phase_renders(app: App, phase: str, lang: str, tmp_path: Any) -> None:
    app.set_language(lang)
    players, stop = PHASES[phase]
    state, seat, events = reach(players, stop)
    scene = show(app, state, seat, events)
    assert isinstance(scene, CheeseThiefScene)
    assert scene.k is not None and scene.k.phase == state.phase
    assert colours(app.screen) > 150, "the table looks blank"
    assert keep_screen(app, tmp_path / f"{phase}_{lang}") > DRAWN_BYTES
    legal = GAME.legal_actions(state, seat)
    targets = {a["target"] for a in legal if "target" in a}
    targets |= {t for a in legal for t in a.get("targets", [])}
    clickable = {s for s in range(players) if scene.clickable(s)}
    assert clickable == targets, "only seats a legal action names can be clicked"
    if phase == "choose_die":
        assert {b.key for b in scene.buttons} == {"choose_die0", "choose_die1"}
    if phase == "night_theft":
        assert scene.k.cheese_at == state.thief and scene.k.thief == state.thief


def test_buttons_send_only_legal_actions(app: App) -> None:
    state, seat, events = reach(6, PHASES["vote"][1])
    scene = show(app, state, seat, events)
    target = next(s for s in range(6) if scene.clickable(s))
    scene.click_seat(target)
    scene.click_seat(seat)
    sent = scene.session.feeds[seat].peer.sent  # type: ignore[attr-defined]
    assert sent == [{"type": "vote", "target": target}]
    assert all(a in GAME.legal_actions(state, seat) for a in sent)


def test_spectator_sees_no_secret(app: App) -> None:
    state, _, events = reach(6, PHASES["night_peek"][1])
    scene = show(app, state, None, events)
    k = scene.k
    assert k is not None and k.me is None
    assert all(r is None for r in k.roles) and all(v is None for d in k.dice for v in d)
    assert k.thief is None and not any(k.awake)


def test_refusal_is_shown_in_words(app: App) -> None:
    app.set_language("en")  # (the table's English sentence; a Japanese window words its own)
    state, seat, events = reach(6, PHASES["vote"][1])
    scene = show(app, state, seat, events, frames=2)
    before = app.screen.copy()
    refuse(app, scene, seat, "illegal", "You cannot vote for yourself.")
    top = pygame.Rect(0, 0, 960, 80)
    after = app.screen.subsurface(top).copy()
    assert pygame.image.tobytes(after, "RGB") != pygame.image.tobytes(
        before.subsurface(top).copy(), "RGB")


def test_generic_scene_for_games_without_one(app: App) -> None:
    assert isinstance(table_scene(app, "no_such_game", Session({}, [], [])), GenericScene)
    state, seat, events = reach(5, PHASES["vote"][1])
    show(app, state, seat, events, frames=5, scene_type=GenericScene)
    assert colours(app.screen) > 20


def test_layout_scales_with_the_window() -> None:
    from client.scenes.cheese_thief.layout import compute

    small, big = compute((800, 500), 8, 0), compute((1920, 1080), 8, 0)
    assert big.unit > small.unit and big.text > small.text
    for lay in (small, big):
        assert all(lay.table.collidepoint(p) for p in lay.seats)
        assert lay.seats[0][1] == max(y for _, y in lay.seats), "your seat is at the bottom"


def test_the_log_scrolls(app: App) -> None:
    state, seat, events = reach(8, PHASES["over"][1])
    scene = show(app, state, seat, events * 4, frames=3)
    before, after = wheel(app, scene.side.log_rect)
    assert scene.side.scroll > 0
    assert before != after, "older lines come into view"
    for _ in range(5):
        key(pygame.K_PAGEDOWN)  # and by keys, wherever the mouse is
    app.step(1 / 60)
    assert scene.side.scroll == 0
    key(pygame.K_PAGEUP)
    app.step(1 / 60)
    assert scene.side.scroll > 0


def test_the_log_a_panel_keeps_is_the_log_a_fresh_panel_draws(app: App) -> None:
    """The side panel keeps each event's wrapped lines and words only the newest
    events: as the log grows, its height changes with the phase and it scrolls, it
    shows exactly what a panel drawn afresh shows."""
    from client.scenes.cheese_thief.panel import SidePanel

    state, seat, events = reach(8, PHASES["over"][1])
    scene = show(app, state, seat, events * 3, frames=3)
    k, log, side = scene.k, scene.session.feed.log, scene.side
    assert k is not None and len(log) > 40
    rect = pygame.Rect(0, 0, 440, 900)
    for reserve, more, scroll in [(200, 0, 0), (0, 2, 0), (420, 1, 0), (100, 0, 5),
                                  (100, 1, 10**6), (0, 0, 0)]:
        log.extend([dict(line) for line in log[-more - 3:-3][:more]])  # new identities
        side.scroll = scroll
        kept, fresh = pygame.Surface(rect.size), pygame.Surface(rect.size)
        side.draw(kept, rect, k, scene.name, log, None, reserve)
        again = SidePanel()
        again.scroll = scroll
        again.draw(fresh, rect, k, scene.name, log, None, reserve)
        assert (side.scroll, side.log_rect) == (again.scroll, again.log_rect)
        assert pygame.image.tobytes(kept, "RGB") == pygame.image.tobytes(fresh, "RGB")
        if scroll == 10**6:
            assert 0 < side.scroll < scroll  # (up as far as the first line, no further)


@pytest.mark.parametrize("size", [(800, 500), (1920, 1080)])
def test_the_table_at_other_window_sizes(size: tuple[int, int]) -> None:
    small = App(Settings(), headless=True, size=size)
    state, seat, events = reach(8, PHASES["discussion"][1])
    scene = show(small, state, seat, events, frames=5)
    assert small.screen.get_size() == size and colours(small.screen) > 150
    assert scene._layout is not None and scene._layout.size == size


def test_every_string_key_used_exists() -> None:
    """Keys written in the code, and the families built from game data, all exist."""
    import re
    from pathlib import Path

    from client.strings import STRINGS
    from core.game import EMOTES

    root = Path(__file__).resolve().parents[1] / "client"
    mine = [*root.glob("*.py"), *root.glob("commands/gui.py"),
            *(root / "scenes").glob("*.py"), *(root / "scenes" / "cheese_thief").glob("*.py")]
    used = set()
    for path in mine:
        used |= set(re.findall(r"\btr\(\s*\"([a-z_.0-9]+)\"", path.read_text(encoding="utf-8")))
    assert used and not used - set(STRINGS)
    families = [f"phase.{p}" for p in ("choose_die", "night", "followers", "discussion", "vote",
                                       "over")]
    families += [f"role.{r}" for r in ("thief", "sleepyhead", "fall_mouse")]
    families += [f"result.{s}" for s in GAME.sides] + [f"emote.{e}" for e in EMOTES]
    families += [f"mode.{m}" for m in ("single", "watch", "host", "join")]
    families += [f"ev.{e}" for e in ("hour", "day", "vote_open", "followers_step", "choose_die")]
    families += [f"wanted.{w}" for w in ("bool", "int", "number", "finite", "text", "choice",
                                         "at_least", "at_most")]  # (core.options' refusals)
    assert not set(families) - set(STRINGS)


def test_bot_claims_are_retold_in_the_reader_language_with_names() -> None:
    from client import i18n
    from client.scenes.cheese_thief.words import chat_words

    names = ["Aki", "Ben", "Chika", "Daichi", "Emi"]
    said = "I woke at 3 with seats 2, 3. Seat 2 took the cheese. Seat 5's die is 6."
    try:
        i18n.set_language("en")
        assert chat_words(2, said, names.__getitem__) == (
            "I woke at 3 with Ben. Ben took the cheese. Emi's die is 6.")  # not with itself
        alone = "I woke at 4 with seat 3. The cheese was there."
        assert chat_words(2, alone, names.__getitem__) == "I woke at 4 alone. The cheese was there."
        i18n.set_language("ja")
        assert chat_words(2, said, names.__getitem__) == (
            "3時に起きた。一緒に起きていたのはBen。Benがチーズを取った。Emiのサイコロは6。")
        assert chat_words(2, said + " Trust me!", names.__getitem__) == said + " Trust me!"
        assert chat_words(2, "it was Ben", names.__getitem__) == "it was Ben"
    finally:
        i18n.set_language("en")


def test_prompts_fit_the_phase(app: App) -> None:
    """Asleep after your last hour says so; the shared screen's done button closes eyes
    only at night, and by day passes the screen."""
    from client import i18n

    i18n.set_language("en")
    state, seat, events = reach(6, lambda s, p: s.phase == "night" and s.hour == 6
                                and max(s.wake[p]) < 6)
    scene = show(app, state, seat, events, frames=5)
    assert scene.k is not None
    assert scene.prompt(scene.k) == "You are asleep until morning."
    assert scene.done_words() == "Done — close my eyes"
    state, seat, events = reach(6, lambda s, p: s.phase == "night" and s.hour == 1
                                and 1 not in s.wake[p])
    scene = show(app, state, seat, events, frames=5)
    assert scene.k is not None and scene.prompt(scene.k) == "You are asleep. Wait for your hour…"
    state, seat, events = reach(6, lambda s, p: s.phase == "discussion")
    scene = show(app, state, seat, events, frames=5)
    assert scene.done_words() == "Done — pass the screen"


@pytest.mark.parametrize("alpha", [150, 200, 255])
def test_a_panel_drawn_in_its_colour_is_the_blended_panel_pixel_for_pixel(alpha: int) -> None:
    """Over one colour, or opaque, a panel is drawn in the colour a blend would give."""
    from client.kit.widgets import panel, shade

    under = (40, 26, 17)
    blended, drawn = pygame.Surface((300, 200)), pygame.Surface((300, 200))
    rect = pygame.Rect(10, 12, 250, 170)
    for surface in (blended, drawn):
        surface.fill(under)
        if alpha == 255:  # (an opaque panel covers any colours)
            surface.fill((200, 90, 30), (0, 0, 40, 40))
    blended.blit(shade(rect.width, rect.height, alpha), rect.topleft)
    pygame.draw.rect(blended, (241, 194, 125), rect, 2, border_radius=12)
    panel(drawn, rect, alpha, under=None if alpha == 255 else under)
    assert pygame.image.tobytes(drawn, "RGB") == pygame.image.tobytes(blended, "RGB")


@pytest.mark.parametrize("game", ["choose", "sly_knights"])
@pytest.mark.parametrize("size", [(1024, 600), (1280, 720), (1920, 1080)])
def test_large_text_takes_room_from_the_table_not_from_the_hand(
        game: str, size: tuple[int, int]) -> None:
    """At 150% in 1024x600 the person's own cards in the bar were about 32 pixels tall
    (Choose!'s and Sly Knight Robbery's): large text took the bar's height. The hand
    keeps at least HAND_LEAST, and at 100% no window size changes."""
    import importlib

    from client.assets import set_text_scale
    from client.kit.layout import HAND_LEAST, frame

    layout = importlib.import_module(f"client.scenes.{game}.layout")
    try:
        set_text_scale(1.0)
        plain = layout.compute(size, 4, 0)
        assert plain.bar.height == frame(size, bar=(110, 0.2), radii=(0.4, 0.4)).bar.height
        set_text_scale(1.5)
        large = layout.compute(size, 4, 0)
        assert large.hand_card[1] >= HAND_LEAST
        assert all(large.bar.contains(slot) for slot in layout.hand_slots(large, 6))
        assert large.table.height >= plain.table.height * 0.85
    finally:
        set_text_scale(1.0)


@pytest.mark.parametrize("size", [(800, 500), (1024, 600), (1280, 720), (1920, 1080)])
def test_what_stands_beside_the_side_column_meets_every_games_column(
        size: tuple[int, int]) -> None:
    """A lesson's panel, a stand-in's question and the beliefs stand in place of the
    side column or left of it (``beside_side``). Three games kept a column 250 pixels
    wide and one 260: at 800x500 a lesson's panel cut the right seat's name and the
    bubbles on that side (python -m client.cli learn --size 800x500 --stats
    --overflow-report: Sly Knight Robbery 3 texts, Choose! 2, Cheese Thief 1)."""
    import importlib

    from client.kit.layout import beside_side

    for game in ("cheese_thief", "choose", "knights", "sly_knights"):
        layout = importlib.import_module(f"client.scenes.{game}.layout")
        lay = (layout.compute(size, 5, 4, 0) if game == "knights"
               else layout.compute(size, 4, 0))
        assert lay.side.left == lay.table.right == beside_side(size).right, game
