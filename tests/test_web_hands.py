"""A phone under careless hands, in a real browser (headless chromium) at a real host:
two taps of one decision, a press held while the page draws itself again, the second
tap of a double-tap landing where the page has just changed.

Taps here are real input (Selenium's pointer actions, as a finger's touch), not
``click()`` called in the page: what the page drops or keeps depends on what the
browser does with a press, a release and the node under them."""

from __future__ import annotations

import time
from functools import partial
from pathlib import Path
from typing import Any

import msgpack  # type: ignore[import-untyped]
import pytest

from tests.browser_rig import PHONE, STEADY, one_browser, phone, text, wait_for
from tests.phone_rig import PhoneTable
from tests.test_web_phones import READY, sit

__all__ = ["one_browser", "phone"]  # the fixtures: one browser for the module

SLOW_CLOCKS: dict[str, object] = {"choose_seconds": 60.0, "turn_seconds": 60.0}
"""Sly Knight Robbery with a minute to choose and to play: a clock runs (the page draws
itself again every second), and none runs out while a test taps."""
CHOICE = """
const b = [...document.querySelectorAll('#actions button')]
  .filter(b => b.textContent.startsWith(arguments[0]) && b.offsetParent !== null)[arguments[1]];
if (!b) return null;
b.scrollIntoView({block: 'nearest'});
const at = b.getBoundingClientRect();
return [Math.round(at.left + at.width / 2), Math.round(at.top + at.height / 2), b.textContent];"""
"""Where a finger would tap the nth decision whose words begin so (None: not shown)."""
UNDER = """
const node = document.elementFromPoint(arguments[0], arguments[1]);
const control = node && node.closest('button, input, textarea');
return [control ? control.id || control.textContent : null, performance.now()];"""
"""The control under a point now (its id, or its words, or None), and the page's time."""
STEADY_MS = 350
"""The page's time for a control to stand before it takes a tap (``app.js``)."""
PRESSED = """
window.addEventListener('pointerdown', () => { window.pressed = performance.now(); }, true);
return performance.now();"""

REDRAWS = """
window.times = {redraws: []};
for (const kind of ['pointerdown', 'pointerup']) {
  window.addEventListener(kind, () => { window.times[kind] = performance.now(); }, true);
}
new MutationObserver(() => window.times.redraws.push(performance.now())).observe(
  document.getElementById('public'), {childList: true, subtree: true, characterData: true});"""
DRAWN_WHILE_PRESSED = """
const t = window.times;
return t.redraws.some(at => t.pointerdown < at && at < t.pointerup);"""


def finger(driver: Any, x: int, y: int, *presses: float, gap: float = 0.25,
           kind: str = "touch") -> None:
    """A finger (or a mouse) at (x, y) of the page's window, pressing for each of
    ``presses`` seconds, ``gap`` apart (a double-tap's rhythm)."""
    from selenium.webdriver.common.actions.action_builder import ActionBuilder
    from selenium.webdriver.common.actions.pointer_input import PointerInput

    hand = ActionBuilder(driver, mouse=PointerInput(kind, kind))
    for i, held in enumerate(presses):
        if i:
            hand.pointer_action.pause(gap)
        hand.pointer_action.move_to_location(x, y).pointer_down().pause(held).pointer_up()
    hand.perform()


def tap(driver: Any, x: int, y: int) -> None:
    """A finger's quick tap at (x, y), straight into the browser's input (the pointer
    actions above take a few tenths of a second on a busy machine: slower than a
    double-tap's second tap)."""
    for kind, points in (("touchStart", [{"x": x, "y": y}]), ("touchEnd", [])):
        driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})


def actions_up(table: PhoneTable) -> list[dict[str, Any]]:
    """Every action the phones sent up to the table, in order."""
    ups = [msgpack.unpackb(plain) for n in table.taps.connections()
           for _, plain in table.taps.of(n, "up")]
    return [m["action"] for m in ups if m.get("type") == "action"]


def seated(phone: Any, table: PhoneTable) -> None:
    """Anastasia sits, says she is ready, and the game begins."""
    sit(phone, table.url, "Anastasia")
    wait_for(partial(phone.execute_script, READY, STEADY), 20, "the ready button").click()


def steady_choice(phone: Any, words: str, nth: int = 0) -> tuple[int, int, str]:
    """Where the decision is, once it has stood still long enough to take a tap."""
    first = wait_for(partial(phone.execute_script, CHOICE, words, nth), 20, words)
    time.sleep(STEADY)
    at: tuple[int, int, str] = phone.execute_script(CHOICE, words, nth)
    assert at == first, "the decision moved"
    return at


DOUBLE_TAP_SPARE = """
const b = [...document.querySelectorAll('#actions button')]
  .find(b => b.textContent === 'Draw the spare' && b.offsetParent !== null);
if (!b) return false;
b.click(); b.click();  // two taps in one turn of the page: no answer between them
return true;"""


def test_a_double_tap_on_a_decision_sends_it_once(tmp_path: Path, phone: Any) -> None:
    """Two taps on *Draw the spare* before the table's answer (one event turn of the
    page): the action goes up once, and the phone shows no refusal for the second. A
    double-click on the table's words selects none of them: the page is a table, not a
    document."""
    with PhoneTable(tmp_path, game="sly_knights", players=2, bots=1,
                    options=SLOW_CLOCKS) as table:
        seated(phone, table)
        wait_for(partial(phone.execute_script, DOUBLE_TAP_SPARE), 20, "Draw the spare")
        wait_for(lambda: "Draw the spare" not in text(phone, "actions"), 10, "the spare drawn")
        time.sleep(0.5)  # (a second action would have reached the table by now)
        drawn = [a for a in actions_up(table) if a["type"] == "draw_spare"]
        assert len(drawn) == 1, drawn
        assert "refused" not in text(phone, "status").lower()
        assert "already" not in phone.find_element("tag name", "body").text
        # a double-click on the table (a mouse's, which selects a word in a document)
        heading = phone.find_element("css selector", "#public h2").rect
        finger(phone, int(heading["x"]) + 20, int(heading["y"]) + 10, 0.05, 0.05, gap=0.1,
               kind="mouse")
        assert phone.execute_script("return String(getSelection())") == ""


@pytest.mark.parametrize("kind", ["touch", "mouse"])
def test_a_press_held_while_the_clock_ticks_still_lands(tmp_path: Path, phone: Any,
                                                        kind: str) -> None:
    """The page draws itself again each second while a clock runs. A press on a
    decision before a redraw, lifted after it, chooses that decision: the button under
    it is the same node, not a new one that only reads the same. A mouse's press and
    release on two nodes is no click, so the choice was lost (a phone with a mouse, the
    page on a laptop); a finger's tap goes where it lifts, and was kept already."""
    with PhoneTable(tmp_path, game="sly_knights", players=2, bots=1,
                    options=SLOW_CLOCKS) as table:
        seated(phone, table)
        x, y, words = steady_choice(phone, "Score cards:")
        phone.execute_script(REDRAWS)
        finger(phone, x, y, 1.3, kind=kind)
        assert phone.execute_script(DRAWN_WHILE_PRESSED)
        wait_for(lambda: any(a["type"] == "choose" for a in actions_up(table)), 10,
                 f"{words!r} chosen")
        chosen = [a for a in actions_up(table) if a["type"] == "choose"]
        assert len(chosen) == 1, chosen


def second_tap_as_it_changes(phone: Any, x: int, y: int, words: str) -> float | None:
    """Tap the decision at (x, y), and tap there again as soon as another control has
    come up under the finger. Returns how long at most that control had been there when
    the second tap landed: from the last look that did not see it (None: no other
    control came within 5 s)."""
    absent: float = phone.execute_script(PRESSED)
    tap(phone, x, y)
    end = time.monotonic() + 5
    while True:
        under, now = phone.execute_script(UNDER, x, y)
        if under not in (words, None):
            break
        if time.monotonic() > end:
            return None
        absent = now
        time.sleep(0.005)
    tap(phone, x, y)
    pressed: float = phone.execute_script("return window.pressed")
    return (pressed - absent) / 1000


def test_the_second_tap_of_a_double_tap_lands_on_nothing_new(tmp_path: Path,
                                                            phone: Any) -> None:
    """A double-tap on a decision: the first tap chooses it, the table answers, and the
    page changes under the finger. At this deal the fourth of ten choices of score cards
    is tapped; the answer brings the person's turn, and a card to play comes up under
    the finger. The second tap, as soon as it has (a double-tap's second tap comes a
    sixth to a third of a second after the first), plays nothing, opens no keyboard and
    selects no words. A tap there once the page has stood still plays the card."""
    for attempt in range(3):
        with PhoneTable(tmp_path / str(attempt), game="sly_knights", players=2, bots=1,
                        options=SLOW_CLOCKS, seed=1) as table:
            seated(phone, table)
            x, y, words = steady_choice(phone, "Score cards:", 3)
            lag = second_tap_as_it_changes(phone, x, y, words)
            assert lag is not None, "no decision came up under the finger"
            if lag * 1000 >= STEADY_MS:  # (a busy machine was slower than a hand)
                phone.get("about:blank")
                continue
            time.sleep(0.5)  # (a second action would have reached the table by now)
            assert [a["type"] for a in actions_up(table)] == ["choose"]
            assert phone.execute_script("return document.activeElement.id") != "text"
            assert phone.execute_script("return String(getSelection())") == ""
            time.sleep(STEADY)
            finger(phone, x, y, 0.05)
            wait_for(lambda: len(actions_up(table)) == 2, 10, "the card played")
            assert [a["type"] for a in actions_up(table)] == ["choose", "play"]
            return
    pytest.fail("three times the second tap came too late to test")


SIGHT = """
const a = document.getElementById('actions'), p = document.getElementById('prompt');
if (!a.children.length) return null;
return [p.getBoundingClientRect().top, a.getBoundingClientRect().bottom, innerHeight, scrollY];"""
"""Where the question and its last button stand in the window, once there is one."""


def held(phone: Any, width: int, height: int) -> None:
    phone.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": width, "height": height, "deviceScaleFactor": 1, "mobile": True})


def test_a_decision_on_a_phone_held_sideways_comes_into_sight(tmp_path: Path,
                                                              phone: Any) -> None:
    """Held sideways (844x390), the Sleepyhead's "Which die is your wake hour?" and its
    dice stood below the fold, under the seats and the clock, and ran out unseen. Now
    the table and one's own part stand side by side, and the question is in sight as
    it comes, the page unmoved. A decision longer than the window (ten choices of score
    cards) is brought into sight, once: scrolled back up by its person, the page stays
    there while the clock draws it again each second."""
    held(phone, PHONE[1], PHONE[0])
    try:
        with PhoneTable(tmp_path, players=4, bots=3, seed=1) as table:  # (a Sleepyhead)
            seated(phone, table)
            top, bottom, height, scrolled = wait_for(partial(phone.execute_script, SIGHT),
                                                     20, "the die question")
            assert top >= 0 and bottom <= height and scrolled == 0, (top, bottom, scrolled)
        phone.get("about:blank")
        with PhoneTable(tmp_path / "sly", game="sly_knights", players=3, bots=2,
                        options=SLOW_CLOCKS) as table:
            seated(phone, table)
            top, bottom, height, scrolled = wait_for(partial(phone.execute_script, SIGHT),
                                                     20, "the score cards")
            assert bottom > height and 0 <= top < height // 2 and scrolled > 0
            phone.execute_script("window.scrollTo(0, 0)")
            time.sleep(2.2)
            assert phone.execute_script(SIGHT) is not None  # (the same decision)
            assert phone.execute_script("return scrollY") == 0
    finally:
        held(phone, *PHONE)


COVER = """
const c = document.getElementById('cover');
if (c.hidden) return null;
return [c.getBoundingClientRect().top, c.getBoundingClientRect().bottom, innerHeight, scrollY];"""


def test_the_night_s_cover_on_a_phone_held_sideways_comes_into_sight(tmp_path: Path,
                                                                   phone: Any) -> None:
    """At a table of eight held sideways, the cover to hold at one's hour stood below
    the seats and the clock. It stands beside them now, and every seated phone brings it
    into sight as the night falls wherever the page was (whoever is awake: each does the
    same at the same public moment)."""
    held(phone, PHONE[1], PHONE[0])
    try:
        with PhoneTable(tmp_path, players=8, bots=7, seed=1,
                        options={"hour_seconds": 2.0}) as table:
            seated(phone, table)
            top, bottom, height, scrolled = wait_for(partial(phone.execute_script, COVER),
                                                     20, "the night's cover")
            assert top >= 0 and bottom <= height, (top, bottom, scrolled)
    finally:
        held(phone, *PHONE)
