"""The keyboard alone: whole games at a local table and every form, driven only by
posted key presses through the real scenes (no mouse event is ever posted)."""

from __future__ import annotations

import random
from typing import Any

import pygame
import pytest

from bench.redraw import every_turn_drawn
from client.app import HEADLESS_DT, App
from client.i18n import tr
from client.kit.focus import Target
from client.scenes.table import TableScene
from client.settings import Settings
from client.tables import local_scene

AVOID = ("button:emote", "button:menu", "button:again", "button:story", "button:tab_",
         "button:save_note", "button:back", "button:clear", "button:last_round", "chat",
         "notes")
"""What a player getting on with the game leaves alone (leaving, talk, the notepad)."""


def press(app: App, code: int, mod: int = 0, frames: int = 1) -> None:
    for kind in (pygame.KEYDOWN, pygame.KEYUP):  # a press, then the key let go
        pygame.event.post(pygame.event.Event(kind, key=code, mod=mod, unicode="", scancode=0))
    for _ in range(frames):
        app.step(HEADLESS_DT)


def focused(scene: Any) -> Target | None:
    return scene.ring.current(scene.focus_targets(scene.reveal.showing(scene.time)))


def tab_to(app: App, scene: Any, key: str) -> bool:
    """Press Tab as often as it takes for ``key`` to have the focus (the ring's order is
    the order of ``focus_targets``); False if it is not on screen."""
    targets = scene.focus_targets(scene.reveal.showing(scene.time))
    keys = [t.key for t in targets]
    if key not in keys:
        return False
    now = focused(scene)
    here = keys.index(now.key) if now is not None else -1
    for _ in range((keys.index(key) - here) % len(keys) or (0 if now else len(keys))):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, mod=0,
                                             unicode="", scancode=0))
    app.step(HEADLESS_DT)
    now = focused(scene)
    return now is not None and now.key == key


STRIDE = 0.1
"""Seconds of table time a waiting frame moves on: the games' own timers and shows run
as they would, in fewer frames."""

DIGIT = {n: getattr(pygame, f"K_{n}") for n in range(1, 10)}


def play_by_keys(app: App, scene: TableScene, seed: int, limit: int = 4000) -> list[str]:
    """A patient player who only has a keyboard: each time something may be done, pick
    one of the things on offer, by its number key or by Tab and Enter."""
    rng = random.Random(seed)
    done: list[str] = []
    for frame in range(limit):
        app.step(STRIDE)
        if (scene.feed.view or {}).get("result") is not None:
            return done
        if frame % 2 or scene.feed.pending or scene.session.privacy_for is not None:
            continue
        targets = [t for t in scene.focus_targets() if not t.key.startswith(AVOID)]
        if not targets:
            continue
        target = rng.choice(targets)
        if target.number in DIGIT and rng.random() < 0.8:
            press(app, DIGIT[target.number])
        elif tab_to(app, scene, target.key):
            press(app, pygame.K_RETURN)
        else:
            continue
        done.append(target.key)
    raise AssertionError(f"the game did not end; last keys {done[-12:]}")


def sends_of(scene: TableScene, seat: int = 0) -> list[dict[str, Any]]:
    """What the screen of ``seat`` sends to the table from now on (each is still sent)."""
    sent: list[dict[str, Any]] = []
    feed = scene.session.feeds[seat]
    real_send = feed.send

    def spy(action: dict[str, Any]) -> None:
        sent.append(action)
        real_send(action)

    feed.send = spy  # type: ignore[method-assign]
    return sent


GAMES = [
    ("cheese_thief", 4, {"hour_seconds": 0.5, "discussion_seconds": 30.0,
                         "vote_seconds": 20.0}, 1),
    ("choose", 2, {}, 7),
    ("sly_knights", 3, {"pig_and_pig": True}, 11),
    ("knights", 4, {}, 2),
]


@pytest.mark.parametrize(("game", "players", "options", "seed"), GAMES,
                         ids=[g[0] for g in GAMES])
def test_a_whole_game_by_keyboard(game: str, players: int, options: dict[str, Any],
                                  seed: int) -> None:
    app = App(Settings(bot_delay=0.0), headless=True, size=(1024, 600))
    scene = local_scene(app, game, players, options, seed, 1, "simple")
    app.push(scene)
    sent = sends_of(scene)
    keys = play_by_keys(app, scene, seed)
    assert (scene.feed.view or {}).get("result") is not None
    assert len(sent) >= 3, f"the person played by keys: {keys[-10:]}"
    assert any(not k.startswith("button:") for k in keys), "a seat, card or tile was picked"
    # The end's summary (the story sheet, or the game's own after its last round is
    # read, Continue by keys): Tab reaches its buttons; Esc closes the sheet (back to
    # the finished table), and leaves the table at once.
    for _ in range(int(20 / HEADLESS_DT)):
        app.step(HEADLESS_DT)
        keys_now = {b.key for b in scene.buttons}
        if scene.reveal.showing(scene.time) or (scene.OWN_SUMMARY and "story" in keys_now):
            break
        if "continue" in keys_now and tab_to(app, scene, "button:continue"):
            press(app, pygame.K_RETURN)
    assert scene.reveal.showing(scene.time) or "story" in {b.key for b in scene.buttons}
    press(app, pygame.K_TAB)
    assert focused(scene) is not None
    if scene.reveal.showing(scene.time):
        press(app, pygame.K_ESCAPE)
        assert app.scene is scene and not scene.reveal.showing(scene.time)
    press(app, pygame.K_ESCAPE)
    assert app.scene is not scene, "a finished game is left without a question"
    app.close()


def test_escape_during_a_game_asks_and_enter_confirms() -> None:
    app = App(Settings(bot_delay=0.0), headless=True, size=(1024, 600))
    scene = local_scene(app, "choose", 2, {}, 7, 1, "simple")
    from client.scenes.menu import MenuScene

    app.push(MenuScene(app))
    app.push(scene)
    for _ in range(5):
        app.step(HEADLESS_DT)
    press(app, pygame.K_ESCAPE)
    assert scene.confirm == "leave"
    press(app, pygame.K_ESCAPE)
    assert scene.confirm is None and app.scene is scene, "Esc again stays"
    press(app, pygame.K_ESCAPE)
    press(app, pygame.K_TAB)  # the focus shows on Leave, what Enter does ...
    assert focused_confirm(scene) == "button:leave"
    press(app, pygame.K_TAB)  # ... moves to Stay ...
    assert focused_confirm(scene) == "button:stay"
    press(app, pygame.K_TAB)  # ... and back to Leave
    press(app, pygame.K_RETURN)
    assert isinstance(app.scene, MenuScene)
    app.close()


def focused_confirm(scene: TableScene) -> str | None:
    now = scene.ring.current(scene.button_targets(scene.confirm_buttons))
    return None if now is None else now.key


def test_number_and_arrow_keys_pick_seats() -> None:
    """At a Cheese Thief vote, 3 picks seat 3 and the arrows walk round the table."""
    app = App(Settings(bot_delay=0.0), headless=True, size=(1280, 720))
    options = {"hour_seconds": 0.5, "discussion_seconds": 30.0, "vote_seconds": 30.0}
    scene: Any = local_scene(app, "cheese_thief", 5, options, 3, 1, "simple")
    app.push(scene)
    for _ in range(3000):
        app.step(STRIDE)
        if any(a["type"] == "vote" for a in scene.feed.legal):
            break
        targets = [t for t in scene.focus_targets() if not t.key.startswith(AVOID)]
        if targets and not scene.feed.pending:
            first = targets[0]
            if first.number is not None:
                press(app, DIGIT[first.number])
            else:
                press(app, pygame.K_TAB)
                tab_to(app, scene, first.key)
                press(app, pygame.K_RETURN)
    seats = [t for t in scene.key_targets() if t.key.startswith("seat")]
    assert len(seats) == 4, "every other mouse may be voted for"
    press(app, pygame.K_LEFT)
    start = focused(scene)
    assert start is not None
    seen = {start.key}
    for way in (pygame.K_RIGHT, pygame.K_UP, pygame.K_RIGHT, pygame.K_DOWN, pygame.K_LEFT,
                pygame.K_UP, pygame.K_LEFT):
        press(app, way)
        now = focused(scene)
        assert now is not None
        seen.add(now.key)
    assert len(seen) >= 3, "the arrows move between seats"
    assert scene.mouse == focused(scene).rect.center, "the hover follows the focus"  # type: ignore[union-attr]
    press(app, pygame.K_3)
    assert scene.feed.view["you"]["vote"] == 2, "3 voted for seat 3"
    app.close()


def test_help_line_lists_the_keys(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every table and every form draws its line of keys, in both languages, and it
    fits the window at 1024x600."""
    import client.kit.overlays as overlays_module
    import client.scenes.ui as ui_module
    from client.scenes.menu import MenuScene

    drawn: list[tuple[str, pygame.Rect]] = []

    def recording(real: Any) -> Any:
        def blit(surface: pygame.Surface, words: str, *args: Any, **kw: Any) -> pygame.Rect:
            rect: pygame.Rect = real(surface, words, *args, **kw)
            drawn.append((words, rect))
            return rect
        return blit

    monkeypatch.setattr(overlays_module, "blit_text", recording(overlays_module.blit_text))
    monkeypatch.setattr(ui_module, "blit_text", recording(ui_module.blit_text))
    for lang in ("en", "ja"):
        app = App(Settings(language=lang, bot_delay=0.0), headless=True, size=(1024, 600))
        app.push(MenuScene(app))
        app.step(HEADLESS_DT)
        app.push(local_scene(app, "knights", 4, {}, 2, 1, "simple"))
        for _ in range(3):
            app.step(HEADLESS_DT)
        for key, scene in (("form.keys_last", "menu"), ("play.keys", "table")):
            words = tr(key)
            assert "Tab" in words and "Enter" in words and "Esc" in words, (lang, key)
            rects = [r for w, r in drawn if w.startswith(words)]
            assert rects, f"the {scene} shows its keys ({lang})"
            assert all(app.screen.get_rect().contains(r) for r in rects), (lang, key)
        assert "1-9" in tr("play.keys") and "Tab" in tr("watch.keys")
        drawn.clear()
        app.close()


def test_the_ring_itself() -> None:
    """Tab wraps both ways, an arrow goes to the next column rather than the row above,
    a number picks, and Enter held down (the system repeating it) acts only once."""
    from client.kit.focus import FocusRing

    pygame.init()
    done: list[str] = []
    rects = {"a": (0, 0), "b": (0, 100), "c": (300, 110), "d": (300, 0)}
    targets = [Target(pygame.Rect(x, y, 200, 40), lambda k=k: done.append(k), k,  # type: ignore[misc]
                      number=i + 1) for i, (k, (x, y)) in enumerate(rects.items())]
    ring = FocusRing()

    def down(code: int, mod: int = 0) -> bool:
        return ring.handle(pygame.event.Event(pygame.KEYDOWN, key=code, mod=mod), targets)

    def up(code: int) -> None:
        ring.handle(pygame.event.Event(pygame.KEYUP, key=code, mod=0), targets)

    assert ring.current(targets) is None, "quiet until a key asks"
    down(pygame.K_TAB, pygame.KMOD_SHIFT)
    assert ring.current(targets).key == "d"  # type: ignore[union-attr]
    down(pygame.K_TAB)
    assert ring.current(targets).key == "a"  # type: ignore[union-attr]
    down(pygame.K_DOWN)
    down(pygame.K_RIGHT)
    assert ring.current(targets).key == "c", "Right from b is c, beside it"  # type: ignore[union-attr]
    down(pygame.K_RETURN)
    down(pygame.K_RETURN)
    down(pygame.K_RETURN)
    assert done == ["c"], "a held Enter acts once"
    up(pygame.K_RETURN)
    down(pygame.K_2)
    assert done == ["c", "b"] and ring.current(targets).key == "b"  # type: ignore[union-attr]
    summary = [Target(pygame.Rect(0, 0, 9, 9), lambda: None, k) for k in
               ("button:menu", "button:continue")]
    assert ring.current(summary).key == "button:continue", "a summary's way on"  # type: ignore[union-attr]
    ring.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(0, 0), button=1), targets)
    assert ring.current(targets) is None, "a click puts the focus away"


def test_the_captain_arranges_the_line_up_by_keys() -> None:
    """Dragging has a keyboard twin: a number lifts a tile, a number (or the box) puts it
    down, the pointer following the focus so the lifted tile shows where it goes."""
    from tests.test_client_knights import PHASES, reach, sent, show

    app = App(Settings(), headless=True, size=(1280, 720))
    state, seat, events = reach(8, PHASES["line_up"][2])
    scene = show(app, state, seat, events, frames=3)
    first, second = scene.lineup.row[:2]
    press(app, DIGIT[1])
    assert scene.lineup.drag == first, "1 lifts the first tile"
    out = next(t for t in scene.focus_targets() if t.key == "place_out")
    assert tab_to(app, scene, out.key)
    press(app, pygame.K_RETURN)
    assert scene.lineup.out == first and first not in scene.lineup.row
    press(app, DIGIT[1])
    assert scene.lineup.drag == second
    places = [t for t in scene.focus_targets() if t.key.startswith("place") and t.number]
    press(app, DIGIT[len(places)])
    assert scene.lineup.row[-1] == second, "the last place is the end of the row"
    assert tab_to(app, scene, "button:line_up")
    press(app, pygame.K_RETURN)
    [action] = sent(scene, seat)
    assert action["type"] == "line_up" and first not in action["order"]
    app.close()


def test_the_keyboard_reaches_the_knights_chat_line_and_the_notepad() -> None:
    """Between Knights rounds Tab reaches the talk box's chat line: Enter starts typing
    there and Enter again sends the line; Tab on to the notepad moves the typing there."""
    from tests.test_client_knights import PHASES, reach, sent, show

    app = App(Settings(), headless=True, size=(1280, 720))
    players, options, stop = PHASES["review"]
    state, seat, events = reach(players, stop, options)
    scene = show(app, state, seat, events, frames=3)
    assert scene.text.entry is not None, "the talk box shows between rounds"
    assert tab_to(app, scene, "chat")
    press(app, pygame.K_RETURN)
    assert scene.typing() and scene.text.entry.is_focused
    for char in "gg":
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=char))
    app.step(HEADLESS_DT)
    assert scene.text.entry.get_text() == "gg"
    press(app, pygame.K_RETURN, frames=2)
    assert sent(scene, seat)[-1] == {"type": "chat", "text": "gg"}
    press(app, pygame.K_ESCAPE)
    assert not scene.typing(), "Escape stops typing"
    assert tab_to(app, scene, "button:tab_notes")
    press(app, pygame.K_RETURN, frames=2)
    assert tab_to(app, scene, "notes")
    press(app, pygame.K_RETURN)
    assert scene.text.notes is not None and scene.text.notes.is_focused
    assert not scene.text.entry.is_focused, "one place types at a time"
    app.close()


def test_the_generic_table_by_keys() -> None:
    """A game with no scene of its own (the example game) numbers its action buttons."""
    from tests.example_game import EXAMPLE, register_example, unregister_example

    register_example()
    try:
        app = App(Settings(bot_delay=0.0), headless=True, size=(1024, 600))
        scene = local_scene(app, EXAMPLE.id, 3, {}, 5, 1, "random")
        app.push(scene)
        for _ in range(30):
            app.step(HEADLESS_DT)
        numbered = [t for t in scene.focus_targets() if t.number is not None]
        assert numbered and numbered[0].key.startswith("button:vote")
        press(app, DIGIT[1])
        for _ in range(600):
            app.step(STRIDE)
            if (scene.feed.view or {}).get("result") is not None:
                break
        assert scene.feed.view["you"]["vote"] is not None
        assert scene.feed.view["result"] is not None
        app.close()
    finally:
        unregister_example()


def test_a_watched_table_keeps_its_keys() -> None:
    """Watching, the arrows still set the speed and Space pauses (the focus ring takes
    only Tab and Enter there). And no key repeats by a timer (a second Enter would press
    what the first revealed)."""
    app = App(Settings(bot_delay=0.0), headless=True, size=(1024, 600))
    assert pygame.key.get_repeat() == (0, 0)
    scene = local_scene(app, "sly_knights", 3, {}, 4, 0, "simple")
    app.push(scene)
    for _ in range(5):
        app.step(HEADLESS_DT)
    speed = scene.session.speed
    press(app, pygame.K_RIGHT)
    assert scene.session.speed > speed
    press(app, pygame.K_SPACE)  # (a table held for a round's summary: it stays held)
    assert scene.overlays.paused_by_person, "Space pauses"
    press(app, pygame.K_SPACE)
    assert not scene.overlays.paused_by_person, "and Space again resumes"
    press(app, pygame.K_TAB)
    press(app, pygame.K_LEFT)
    assert scene.session.speed == speed, "Left is still the speed, with the ring awake"
    assert [t for t in scene.focus_targets() if t.number is not None] == []
    app.close()


def test_a_shared_screen_by_keys_forgets_the_last_focus() -> None:
    """Two people at one screen, by keys alone: a key lifts the privacy screen, Enter on
    Done passes it on, and the pointer the last person's focus moved is not kept (its
    hover would show the next person where they were about to play)."""
    app = App(Settings(bot_delay=0.0), headless=True, size=(1024, 600))
    scene: Any = local_scene(app, "sly_knights", 3, {}, 5, 2, "simple")
    app.push(scene)
    rng = random.Random(3)
    people: list[int] = []
    for frame in range(3000):
        app.step(STRIDE)
        if scene.session.privacy_for is not None:
            people.append(scene.session.privacy_for)
            for _ in range(60):  # Space, until the curtain may lift (0.6 s)
                press(app, pygame.K_SPACE)
                if scene.session.privacy_for is None:
                    break
            assert scene.mouse == scene.pointer == (0, 0), "no trace of the last focus"
            if len(people) >= 4:
                break
            continue
        targets = [t for t in scene.focus_targets() if not t.key.startswith(AVOID)]
        if frame % 2 or scene.feed.pending or not targets:
            continue
        target = rng.choice(targets)
        if target.number in DIGIT:
            press(app, DIGIT[target.number])
        elif tab_to(app, scene, target.key):
            press(app, pygame.K_RETURN)
    assert set(people) == {0, 1}, f"both people had the screen: {people}"
    app.close()


def test_two_score_cards_picked_by_their_numbers_are_confirmed_by_enter() -> None:
    """Sly Knight Robbery's first choice by keys, as a person tried it: 1 and 2 pick two
    score cards, and the next Enter confirms them (it had put the second card back, the
    focus left on it). By the mouse, the focus stays asleep."""
    app = App(Settings(bot_delay=0.0), headless=True, size=(1024, 600))
    scene: Any = local_scene(app, "sly_knights", 3, {}, 4, 1, "simple")
    app.push(scene)
    sent = sends_of(scene)
    for _ in range(200):
        app.step(STRIDE)
        if scene.legal_of("choose") and scene.key_targets():
            break
    hand = [t for t in scene.key_targets() if t.key.startswith("card")]
    press(app, DIGIT[1])
    press(app, DIGIT[2])
    now = focused(scene)
    assert now is not None and now.key == "button:confirm", now and now.key
    press(app, pygame.K_RETURN)
    app.step(STRIDE)
    cards = sorted(int(t.key[4:]) for t in hand[:2])
    assert [a for a in sent if a["type"] == "choose"] == [{"type": "choose", "cards": cards}]
    app.close()


def test_two_score_cards_clicked_leave_the_focus_asleep() -> None:
    app = App(Settings(bot_delay=0.0), headless=True, size=(1024, 600))
    scene: Any = local_scene(app, "sly_knights", 3, {}, 4, 1, "simple")
    app.push(scene)
    for _ in range(200):
        app.step(STRIDE)
        if scene.legal_of("choose") and scene.key_targets():
            break
    for target in [t for t in scene.key_targets() if t.key.startswith("card")][:2]:
        for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            pygame.event.post(pygame.event.Event(kind, pos=target.rect.center, button=1))
        app.step(STRIDE)
    assert len(scene.picked) == 2
    app.step(STRIDE)
    assert focused(scene) is None
    app.close()


def test_a_number_that_picks_nothing_shows_the_numbers_that_do() -> None:
    """At a Knights question, a number that is no choice (the reader's own seat is never
    an answerer) sends nothing, and every choice then shows the key that picks it."""
    from client.kit.focus import FOCUS
    from tests.test_client_knights import PHASES, reach, sent, show

    app = App(Settings(), headless=True, size=(1280, 720))
    players, options, stop = PHASES["ask"]
    state, seat, events = reach(players, stop, options)
    scene: Any = show(app, state, seat, events, frames=3)
    numbered = [t for t in scene.focus_targets() if t.number is not None]
    assert numbered and seat + 1 not in {t.number for t in numbered}

    def caps() -> list[bool]:
        """Whether each choice's top-left corner shows digits in the focus colour."""
        surface = app.screen
        out = []
        for t in numbered:
            corner = pygame.Rect(t.rect.left - 2, t.rect.top - 2, 14, 16)
            corner = corner.clip(surface.get_rect())
            out.append(any(surface.get_at((x, y))[:3] == FOCUS
                           for x in range(corner.left, corner.right)
                           for y in range(corner.top, corner.bottom)))
        return out

    assert not any(caps()), "a mouse player sees no key caps"
    press(app, DIGIT[seat + 1])
    assert sent(scene, seat) == [], "the reader's own number picks nothing"
    assert scene.ring.awake
    assert all(caps()), "each choice shows its number"
    first = numbered[0]
    press(app, DIGIT[first.number])
    assert scene.builder.answerer == first.number - 1, "its number picks the answerer"
    app.close()


def test_the_clock_stands_while_the_window_asks_whether_to_leave() -> None:
    """A person's turn at a table in this window: Esc asks whether to leave, and while
    it asks the turn's clock and the bots stand; Stay, and the clock runs on. The still
    question is not drawn again each frame: every turn is drawn all the same and
    compared with the one before (``bench/redraw.py``), and none skipped is stale."""
    app = App(Settings(bot_delay=0.0), headless=True, size=(1024, 600))
    scene = local_scene(app, "choose", 3, {}, 7, 1, "simple")
    app.push(scene)
    for _ in range(600):
        app.step(HEADLESS_DT)
        if scene.feed.legal and scene.feed.remaining(scene.session.clock) is not None:
            break
    left = scene.feed.remaining(scene.session.clock)
    assert left is not None and scene.feed.legal, "the person's turn, its clock running"
    press(app, pygame.K_ESCAPE)
    assert scene.confirm == "leave"
    table = scene.session.tick.__self__._table  # type: ignore[union-attr]
    steps, clock = table.actions, scene.session.clock
    with every_turn_drawn() as counts:
        app.changed()  # (the picture the next turns are compared with)
        for _ in range(300):  # five seconds of thought
            app.step(HEADLESS_DT)
    assert counts["stale"] == 0 and counts["wanted"] < 10, counts
    assert scene.session.clock == clock and table.actions == steps
    assert scene.feed.remaining(scene.session.clock) == pytest.approx(left, abs=0.05)
    press(app, pygame.K_ESCAPE)  # Esc again: stay
    assert scene.confirm is None
    for _ in range(60):
        app.step(HEADLESS_DT)
    assert scene.session.clock > clock, "the clock runs on once the person stays"
    app.close()
