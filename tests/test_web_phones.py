"""Phones in a real browser (headless chromium at 390×844) at a real host: two phones,
a laptop's window (its own process, dummy video) and bots in the host play Cheese
Thief to the end; two phones and the laptop (and a bot where a game needs four) play
each other game to its end.

What the phones were sent is held against what the host sent their seats through its
one filter, and every frame that crossed the wire is searched for anything readable.
A phone reloads mid-game and keeps its seat; a link with another table's key is
refused in one sentence.

No clock that a decision could end runs out here: a bot plays the laptop window's seat
(``join --bot``), the bots in the host act at once, and each phone taps its next
decision as soon as its screen shows it (and after a tap, as soon as the screen has
changed). So a game takes as long as its decisions (and the Thief's night, which lasts
its whole length for everyone), and its course never hangs on the machine's speed. Two
browsers serve the whole module, made fresh between tests (``browser_rig.reset``)."""

from __future__ import annotations

import base64
import json
import os
import re
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from functools import partial
from pathlib import Path
from typing import Any

import msgpack  # type: ignore[import-untyped]
import nacl.public
import pytest

from net.keys import KeyPair
from net.web.gateway import Gateway, join_url
from net.web.seal import nonce, raw_key
from tests.browser_rig import (
    STEADY,
    SharedBrowsers,
    inject,
    need_browser,
    shared_browsers,
    shot,
    speak,
    steady,
    text,
    wait_for,
)
from tests.phone_rig import PhoneTable

ROOT = Path(__file__).resolve().parent.parent

FAST: dict[str, object] = {"hour_seconds": 1.0, "follower_seconds": 2.0, "discussion_seconds": 20.0,
        "vote_seconds": 20.0}
"""The night's hours are short (they last their whole length whoever is awake); the
day ends when everyone is ready, and the vote when everyone has voted."""
SETTLED = """
const look = () => ['prompt', 'private', 'actions']
  .map(id => document.getElementById(id).innerText).join('|');
const settled = () => !(window.tapped && window.tapped[0] === look()
                        && Date.now() - window.tapped[1] < 2000);
const tapped = () => { window.tapped = [look(), Date.now()]; };"""
"""After a decision is tapped, a phone taps again only once its screen has changed (the
table's answer came), or after 2 s (a screen that came back the same)."""
CLICK_FIRST = SETTLED + """
const held = !document.getElementById('cover').hidden;  // a finger holds the cover...
const peek = document.getElementById('peek');
if (held) peek.dispatchEvent(new PointerEvent('pointerdown', {pointerId: 9, bubbles: true}));
const b = document.querySelector('#actions button.act');
let said = null;
if (settled() && b && b.offsetParent !== null) {
  b.click(); said = b.textContent; tapped();  // ...another taps
}
if (held) document.dispatchEvent(new PointerEvent('pointerup', {pointerId: 9, bubbles: true}));
return said;"""
NIGHT_LOOKS = """
const shown = id => document.getElementById(id).offsetParent !== null;
return [document.querySelector('#public h2').textContent, shown('cover'), shown('secret'),
        shown('log'), shown('actions'), document.getElementById('secret-wrap').innerText];"""
NIGHT_TRACE = """
(() => {
  const log = JSON.parse(sessionStorage.getItem('trace') || '[]');
  const keep = (kind, what) => {
    log.push([kind, what, Date.now()]); sessionStorage.setItem('trace', JSON.stringify(log));
  };
  Object.defineProperty(navigator, 'vibrate', {value: pattern => {
    keep('buzz', String(pattern)); return true; }});
  let shown = '';
  const look = () => {
    const h = document.querySelector('#public h2'), heading = h ? h.textContent : '';
    const night = /^Night|followers/.test(heading);
    const now = night ? heading + ' | ' + document.getElementById('secret-wrap').innerText : '';
    if (now !== shown) { shown = now; if (night) keep('screen', now); }
  };
  document.addEventListener('DOMContentLoaded', () => new MutationObserver(look).observe(
    document.body, {subtree: true, childList: true, characterData: true, attributes: true}));
})();"""
"""Kept by each phone across reloads: every buzz, and every screen it shows at night
(with the time it began), to hold one phone's night against another's."""
UNLESS_AT = """
const at = document.querySelector('#public h2');
if (at && arguments[0].some(p => at.textContent.startsWith(p))) return null;"""
"""Put before ``CLICK_FIRST``: no click where the phone's heading begins with one of the
words given (the test's check there is still to come)."""
READY = """
const b = document.getElementById('ready');
if (!b || b.hidden) return null;
const at = b.getBoundingClientRect();
const key = b.textContent + '@' + at.left + ',' + (at.top + scrollY);
if (window.readyKey !== key) { window.readyKey = key; window.readySince = Date.now(); }
return Date.now() - window.readySince > 1000 * arguments[0] && b;"""
"""The ready button, once it has stood still long enough to take a tap (``STEADY``)."""
STATUSES = """
window.statuses = [];
const status = document.getElementById('status');
new MutationObserver(() => window.statuses.push(status.textContent)).observe(
  status, {subtree: true, childList: true, characterData: true});"""
"""Every line the status shows from now on: one shown for a moment (the line dropped,
then "No word from the table" once it has been quiet a while) is not missed between
two looks of a busy test."""
GAMES_DONE = "The table has closed: its last game is over."
OVER = "return /You (won|lost)\\./.test(document.body.innerText)"
LOOK = """
const h = document.querySelector('#public h2'), say = document.getElementById('say');
return [/You (won|lost)\\./.test(document.body.innerText), h ? h.textContent : '',
        say.offsetParent !== null];"""
"""What the game loop reads of a phone at each look, in one script (each command costs
the browser and its driver some milliseconds): whether its game is over, its heading,
and whether it offers the table talk."""


@pytest.fixture(scope="module")
def browsers() -> Iterator[SharedBrowsers]:
    need_browser()
    with shared_browsers(2) as pair:
        yield pair


@pytest.fixture
def phones(browsers: SharedBrowsers) -> Iterator[list[Any]]:
    """Two phones' browsers, fresh for this test."""
    yield list(browsers.drivers)
    browsers.reset()


def sit(driver: Any, url: str, name: str) -> None:
    from selenium.webdriver.common.by import By

    driver.get(url)
    wait_for(lambda: driver.find_element(By.ID, "name").is_displayed(), 10, "the join form")
    driver.find_element(By.ID, "name").send_keys(name)
    driver.find_element(By.ID, "sit").click()
    wait_for(lambda: text(driver, "status").startswith("Seat"), 10, f"{name}'s seat")


def has_text(driver: Any, element: str, words: str) -> bool:
    return text(driver, element) == words


def phone_secret(driver: Any) -> bytes:
    return base64.b64decode(driver.execute_script("return localStorage.getItem('ck.secret')"))


def connections_of(table: PhoneTable, public: bytes) -> list[int]:
    """The gateway's connections that a phone with this public key opened."""
    return [n for n in table.taps.connections()
            if any(w.startswith(public) for w, _ in table.taps.of(n, "up")[:1])]


def check_line(table: PhoneTable, secret: bytes, number: int) -> list[bytes]:
    """Every frame of one connection opens, with the phone's key, to exactly what the
    gateway relayed; returns what the host's side sent down it."""
    challenge = table.taps.of(number, "challenge")[0][0]
    box = nacl.public.Box(nacl.public.PrivateKey(secret),
                          nacl.public.PublicKey(raw_key(table.keys.public)))
    down = table.taps.of(number, "down")
    for i, (wire, plain) in enumerate(down):
        assert box.decrypt(wire, nonce(challenge, 1, i)) == plain
    for i, (wire, plain) in enumerate(table.taps.of(number, "up")):
        assert box.decrypt(wire[32:] if i == 0 else wire, nonce(challenge, 0, i)) == plain
    return [plain for _, plain in down]


def test_two_phones_and_bots_play_cheese_thief_to_the_end(tmp_path: Path,
                                                          phones: list[Any]) -> None:
    ana, ben = phones
    with PhoneTable(tmp_path, players=5, bots=2, options=FAST) as table:
        laptop = laptop_window(table, tmp_path)  # (it starts while the phones sit)
        for phone in (ana, ben):
            inject(phone, NIGHT_TRACE)
        sit(ana, table.url, "Anastasia")
        sit(ben, table.url, "Benedict")
        assert text(ana, "fp") == f"key {table.host.fingerprint}"
        shot(ana, "phone-lobby", tmp_path)
        for phone in (ana, ben):
            wait_for(partial(phone.execute_script, READY, STEADY), 10, "the ready button").click()
        phases: set[str] = set()
        chatted = hidden_checked = reloaded = False
        nights_seen = 0
        seat_before = ""
        over = [False, False]
        end = time.monotonic() + 150
        while time.monotonic() < end and not all(over):
            for i, phone in enumerate((ana, ben)):
                over[i], heading, talks = phone.execute_script(LOOK)
                if heading and heading not in phases and i == 0:
                    phases.add(heading)
                    shot(phone, f"phone-{len(phases):02d}", tmp_path)
                if i == 1 and heading.startswith("Night"):  # both phones look the same
                    looks = [p.execute_script(NIGHT_LOOKS) for p in (ana, ben)]
                    if looks[0][0] == looks[1][0] == heading:  # (not as the hour ended)
                        assert looks[0] == looks[1] == [heading, True, False, False, False,
                                                        "Hold to see your secrets"], looks
                        nights_seen += 1
                if i == 1 and not hidden_checked and heading.startswith("Day"):
                    hidden_checked = check_hide(phone, tmp_path)
                if i == 1 and not reloaded and heading.startswith("Day — the vote"):
                    seat_before = text(phone, "status")
                    phone.refresh()
                    wait_for(partial(has_text, phone, "status", seat_before), 10,
                             "the seat back")
                    reloaded = True
                if i == 0 and not chatted and talks:
                    phone.find_element("id", "text").send_keys("I slept all night")
                    phone.find_element("id", "text").submit()
                    chatted = True
                # a phone whose check is still to come does not end the day or the vote
                # by its own press (the day's clocks end them all the same): on a loaded
                # machine the others' presses could otherwise end a phase between two
                # looks of this loop
                # (checked again in the click's own script: the page can move on
                # between this loop's look and its click)
                avoid = ([] if i or chatted else ["Day — discussion"]) + (
                    [] if not i or hidden_checked else ["Day"]) + (
                    [] if not i or reloaded else ["Day — the vote"])
                if not any(heading.startswith(a) for a in avoid):
                    phone.execute_script(UNLESS_AT + CLICK_FIRST, avoid)
            time.sleep(0.08)  # (a look a tenth of a second: a tap waits 0.35 s in any case)
        assert ana.execute_script(OVER) and ben.execute_script(OVER), phases
        shot(ana, "phone-result", tmp_path)
        shot(ben, "phone-result-ben", tmp_path)
        done = {"chatted": chatted, "hidden checked": hidden_checked,
                "reloaded": reloaded, "a night seen alike": nights_seen > 0}
        assert all(done.values()), (done, phases)
        same_nights(ana, ben)
        assert "Anastasia: I slept all night" in text(ben, "lines")  # chat reached the other
        assert len(phases) >= 4, phases
        check_secrecy(table, ana, ben)
        assert laptop.wait(timeout=30) == 0  # the window saw the table close, and left
        keep_laptop_shot(tmp_path, "laptop.png")
        for phone in (ana, ben):  # its last game was the table's: the result stays in sight
            wait_for(partial(has_text, phone, "status", GAMES_DONE), 10, "the close said")
            assert phone.execute_script(OVER)
            assert not phone.find_element("id", "again").is_displayed()  # (nothing to join)


def keep_laptop_shot(folder: Path, name: str) -> None:
    """The laptop window's last picture (it drew the table), kept like the phones'."""
    path = folder / "laptop.png"
    assert path.stat().st_size > 10_000
    if os.environ.get("CHEESEKNIGHTS_SHOTS"):
        shutil.copy(path, Path(os.environ["CHEESEKNIGHTS_SHOTS"]) / name)


def same_nights(ana: Any, ben: Any) -> None:
    """Whoever was awake, both phones showed the same screens at night, changed them at
    the same moments (the host's hours, give or take delivery) and buzzed alike."""
    traces = [json.loads(p.execute_script("return sessionStorage.getItem('trace')"))
              for p in (ana, ben)]
    kinds = [[(kind, what) for kind, what, _ in trace] for trace in traces]
    assert kinds[0] == kinds[1], kinds
    assert sum(1 for kind, _ in kinds[0] if kind == "buzz") >= 6  # each hour, at least
    assert sum(1 for kind, _ in kinds[0] if kind == "screen") >= 6
    apart = [abs(a[2] - b[2]) / 1000 for a, b in zip(*traces, strict=True)]
    assert max(apart) < 0.5, apart  # (an hour lasts 1 s here)


def laptop_window(table: PhoneTable, home: Path,
                  frames: int = 60 * 150) -> subprocess.Popen[bytes]:
    """A laptop's window at the same table, in its own process (``join --headless``,
    dummy video), whose seat a bot plays (``--bot``): it says ready by itself and
    decides at once, as the table's screens show it, instead of letting clocks run out."""
    env = dict(os.environ, PYTHONPATH=str(ROOT), SDL_VIDEODRIVER="dummy",
               SDL_AUDIODRIVER="dummy", CHEESEKNIGHTS_CONFIG_DIR=str(home / "laptop-c"),
               CHEESEKNIGHTS_DATA_DIR=str(home / "laptop-d"))
    return subprocess.Popen(
        [sys.executable, "-m", "client.cli", "join", f"127.0.0.1:{table.host.port}",
         "--headless", "--bot", "--name", "Laptop", "--frames", str(frames),
         "--screenshot", str(home / "laptop.png")],
        env=env, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def check_hide(phone: Any, folder: Path) -> bool:
    """*Hide*: secrets show only while the cover is held down."""
    from selenium.webdriver.common.action_chains import ActionChains

    phone.find_element("id", "hide").click()
    assert not phone.find_element("id", "secret").is_displayed()
    assert phone.find_element("id", "cover").is_displayed()
    shot(phone, "phone-hidden", folder)
    steady()  # (the cover has just come up)
    hold = ActionChains(phone).click_and_hold(phone.find_element("id", "peek"))
    hold.perform()
    wait_for(lambda: phone.find_element("id", "secret").is_displayed(), 3, "the secrets held")
    shot(phone, "phone-held", folder)
    ActionChains(phone).release().perform()
    wait_for(lambda: not phone.find_element("id", "secret").is_displayed(), 3, "the cover back")
    steady()
    phone.find_element("id", "hide").click()
    return True


SECRET_WORDS = {
    "cheese_thief": (b"wake_hours", b"dice", b"role", b"thief", b"sleepyhead", b"I slept"),
    "choose": (b"hand", b"kitchens", b"ordinary", b"hungry", b"henchman"),
    "knights": (b"bewitched", b"witch_side", b"values", b"Ben said"),
    "sly_knights": (b"hand", b"spare_drawn", b"score_cards", b"penalties"),
}
"""Words of each game's private views (the first is in every seat's first update)."""


def check_secrecy(table: PhoneTable, ana: Any, ben: Any, game: str = "cheese_thief") -> None:
    seats = {}
    for phone in (ana, ben):
        secret = phone_secret(phone)
        public = bytes(nacl.public.PrivateKey(secret).public_key)
        numbers = connections_of(table, public)
        assert numbers
        received = [plain for n in numbers for plain in check_line(table, secret, n)]
        sent = table.taps.host[table.phone_key(secret)]
        if len(numbers) == 1:  # one unbroken line: byte for byte the seat's stream
            assert received == sent[: len(received)] and len(received) > 20
        else:  # a reload: each line's stream is a run of the seat's stream, in order
            at = 0
            for plain in received:
                at = sent.index(plain, at) + 1
        updates = [msgpack.unpackb(p, raw=False) for p in received]
        views = [u["view"] for u in updates if u.get("type") == "update" and u.get("view")]
        seat = {v["seat"] for v in views}
        own = "hand" if game == "choose" else "you"  # the seat's own part of its view
        assert len(seat) == 1 and all(v.get(own) is not None for v in views)
        seats[phone] = seat.pop()
    assert seats[ana] != seats[ben]
    leaks = (b"Anastasia", b"Benedict", b"welcome", b"update", *SECRET_WORDS[game])
    frames = list(table.taps.frames)
    assert any(SECRET_WORDS[game][0] in plain for *_, plain in frames)  # a leak would show
    for _, direction, wire, _plain in frames:
        if direction != "challenge":
            for word in leaks:
                assert word not in wire, (direction, word)


def test_a_link_with_another_tables_key_is_refused_in_one_sentence(tmp_path: Path,
                                                                   phones: list[Any]) -> None:
    phone = phones[0]
    with PhoneTable(tmp_path) as table:
        wrong = join_url("127.0.0.1", table.gateway.port, KeyPair.generate().public)
        sit_tried = phone.get(wrong)
        assert sit_tried is None
        phone.find_element("id", "name").send_keys("Eve")
        phone.find_element("id", "sit").click()
        refused = wait_for(lambda: text(phone, "refused"), 10, "the refusal")
        assert refused == ("This code is not this table's key: scan the code on the "
                           "table's screen again.")
        shot(phone, "phone-wrong-key", tmp_path)
        assert table.host.roster.claims == {}  # nobody was seated
        phone.get(wrong.split("#")[0])
        assert text(phone, "refused").startswith("This address lacks the table's key")


WAKE_LOCK = """
window.errors = [];
window.addEventListener('error', e => window.errors.push(String(e.message)));
Object.defineProperty(Navigator.prototype, 'wakeLock', {configurable: true, get: () => (%s)});"""
"""A browser with (a recording) or without a screen wake lock; and the page's errors."""
WAKE_LOCK_KEPT = """{request(kind) {
  const asked = JSON.parse(sessionStorage.getItem('wake') || '[]');
  sessionStorage.setItem('wake', JSON.stringify([...asked, kind]));
  return Promise.resolve({release() { return Promise.resolve(); }}); }}"""


def test_the_page_follows_the_phones_language_and_switches(tmp_path: Path,
                                                          phones: list[Any]) -> None:
    """(In a browser without a screen wake lock, as on a LAN's plain http: the page
    does without it.)"""
    phone = phones[0]
    with PhoneTable(tmp_path) as table:
        speak(phone, "ja-JP")
        inject(phone, WAKE_LOCK % "undefined")
        phone.get(table.url)
        wait_for(lambda: phone.find_element("id", "sit").is_displayed(), 10, "the form")
        assert text(phone, "sit") == "席に着く"
        shot(phone, "phone-ja", tmp_path)
        phone.find_element("id", "lang").click()
        assert text(phone, "sit") == "Take a seat"
        phone.find_element("id", "name").send_keys("Aya")
        steady()  # ("Take a seat" has just changed its words)
        phone.find_element("id", "sit").click()
        wait_for(lambda: text(phone, "status").startswith("Seat"), 10, "the seat")
        assert phone.execute_script("return window.errors") == []


def test_a_phone_may_only_watch_and_sees_no_seats_secrets(tmp_path: Path,
                                                        phones: list[Any]) -> None:
    phone = phones[0]
    with PhoneTable(tmp_path, players=5, bots=5, options=FAST, games=None) as table:
        inject(phone, WAKE_LOCK % WAKE_LOCK_KEPT)
        phone.get(table.url)
        wait_for(lambda: phone.find_element("id", "watch").is_displayed(), 10, "the form")
        wake = "return JSON.parse(sessionStorage.getItem('wake') || '[]')"
        assert phone.execute_script(wake) == ["screen"]  # the screen stays on
        phone.find_element("id", "watch").click()
        wait_for(lambda: text(phone, "status") == "Watching", 10, "the spectator's line")
        wait_for(lambda: phone.execute_script("return !!document.querySelector('#public h2')"),
                 20, "the table")
        shot(phone, "phone-watching", tmp_path)
        assert "You are the" not in phone.execute_script("return document.body.innerText")
        assert not phone.execute_script(CLICK_FIRST)  # no decision is a spectator's
        assert not phone.find_element("id", "say").is_displayed()  # nor a word
        secret = phone_secret(phone)
        # back on screen (a phone unlocked): the page asks for the whole table again
        phone.execute_script("document.dispatchEvent(new Event('visibilitychange'))")
        assert phone.execute_script(wake) == ["screen", "screen"]  # (a lock ends unseen)
        wait_for(lambda: any(msgpack.unpackb(plain) == {"type": "snapshot"}
                             for _, way, _, plain in table.taps.frames if way == "up"), 5,
                 "the snapshot asked")
        key = table.phone_key(secret)

        def snapshots() -> int:  # on joining, and once asked
            return sum(1 for m in map(msgpack.unpackb, list(table.taps.host[key]))
                       if m.get("type") == "update" and m["snapshot"])

        wait_for(lambda: snapshots() >= 2, 5, "the snapshot sent")
        updates = [m for m in map(msgpack.unpackb, table.taps.host[key])
                   if m.get("type") == "update"]
        views = [m["view"] for m in updates if m.get("view")]
        assert views and all(v["seat"] is None and "you" not in v for v in views)


DRIVE = SETTLED + """
const held = !document.getElementById('cover').hidden;
const peek = document.getElementById('peek');
if (held) peek.dispatchEvent(new PointerEvent('pointerdown', {pointerId: 9, bubbles: true}));
const [want, marks] = arguments;  // a decision this phone prefers; words not yet seen
const words = document.body.innerText;
const all = [...document.querySelectorAll('#actions button')]
  .filter(x => x.offsetParent !== null && !x.disabled);
const has = (x, c) => x.classList.contains(c);
let b = null;
if (settled() && !marks.some(m => words.includes(m))) {  // (new words: first a picture)
  b = all.find(x => want && x.textContent === want);
  if (!b && document.querySelector('#actions .lineup') && !window.moved) {
    b = all.find(x => x.textContent === '\u2193'); window.moved = true;  // a tile down once
  }
  const nums = all.filter(x => has(x, 'num'));
  const on = nums.filter(x => has(x, 'on')).length;
  if (!b && nums.length > 1 && on < 2) b = nums.find(x => !has(x, 'on'));
  if (!b) b = all.find(x => has(x, 'go'));
  const steps = all.filter(x => has(x, 'step') && !has(x, 'on'));
  if (!b && steps.length) { window.k = (window.k || 0) + 1; b = steps[window.k % steps.length]; }
  if (!b) b = all.find(x => has(x, 'act'));
}
let said = null;
if (b) {
  said = [b.textContent, !has(b, 'act') || has(b, 'step')];
  b.click();
  if (!said[1]) tapped();
}
if (held) document.dispatchEvent(new PointerEvent('pointerup', {pointerId: 9, bubbles: true}));
return [words, said];"""
"""Plays one phone's next decision, a step at a time: the kind of move, then its card
and its mouse; whom to ask, about which tile, two numbers; a tile moved in the
line-up. Returns the page's words as they were, and [what was tapped, whether it was
only a step on the phone] (or null: the screen shows words to keep a picture of
first, or the last decision's answer has not come yet)."""
PACE: dict[str, dict[str, object]] = {
    "choose": {"turn_seconds": 60.0},
    "knights": {"turn_seconds": 60.0, "recommend_seconds": 60.0, "line_up_seconds": 60.0,
                "review_seconds": 60.0},
    "sly_knights": {"choose_seconds": 60.0, "turn_seconds": 60.0},
}
"""Long clocks: every seat decides at once, so none runs out and the game's course is
the seed's, never the machine's speed."""
SEATS = {"choose": (3, 0), "knights": (4, 1), "sly_knights": (3, 0)}
"""Players and bots: two phones, the laptop, and a bot where the game needs four."""
OVER_WORDS = re.compile(r"Game over\.|You (won|lost)\.")


@pytest.mark.parametrize("game", ["choose", "knights", "sly_knights"])
def test_two_phones_and_a_laptop_play_every_other_game_to_the_end(
        tmp_path: Path, phones: list[Any], game: str) -> None:
    """Each decision on its own phone screen, in words: Choose!'s moves by kind (the
    three wisdom cards among them) and the round's flip; Knights' question builder,
    notes, recommendation and the captain's line-up as an ordered list; Sly Knight
    Robbery's score cards and the spare."""
    ana, ben = phones
    players, bots = SEATS[game]
    with PhoneTable(tmp_path, game=game, players=players, bots=bots, options=PACE[game],
                    seed=SEEDS.get(game)) as table:
        laptop = None
        if game != "knights":  # (it starts while the phones sit; where they sit is no matter)
            laptop = laptop_window(table, tmp_path, frames=60 * 240)
        sit(ana, table.url, "Anastasia")
        sit(ben, table.url, "Benedict")
        if laptop is None:  # the seed's deal is dealt to these seats: the phones first
            assert [text(p, "status") for p in (ana, ben)] == ["Seat 1", "Seat 2"]
            laptop = laptop_window(table, tmp_path, frames=60 * 240)
        for phone in (ana, ben):
            wait_for(partial(phone.execute_script, READY, STEADY), 20, "the ready button").click()
        tapped: list[str] = []
        seen: list[set[str]] = [set(), set()]
        noted = spared = False
        over = [False, False]
        end = time.monotonic() + 240
        while time.monotonic() < end and not all(over):
            for i, phone in enumerate((ana, ben)):
                if game == "knights" and i == 0 and not noted and phone.find_element(
                        "id", "note").is_displayed():
                    phone.find_element("id", "note").send_keys("Ben said 3: a lie?")
                    steady()
                    phone.find_element("id", "save-note").click()
                    noted = True
                want = ("Draw the spare" if game == "sly_knights" and i == 0 and not spared
                        else "Recommend Anastasia (you)" if i == 0 else "Recommend Anastasia")
                words, said = phone.execute_script(
                    DRIVE, want, [m for m in MARKS[game] if m not in seen[i]])
                over[i] = bool(OVER_WORDS.search(words))
                for mark in MARKS[game]:
                    if mark in words and mark not in seen[i]:
                        seen[i].add(mark)
                        if mark not in seen[1 - i]:
                            shot(phone, f"phone-{game}-{len(seen[0] | seen[1]):02d}", tmp_path)
                if said:
                    tapped.append(said[0])
                    spared = spared or said[0] == "Draw the spare"
            time.sleep(0.02)
        assert all(over), (tapped[-10:], seen)
        shot(ana, f"phone-{game}-over", tmp_path)
        assert not [w for w in tapped if " · " in w or "{" in w], tapped  # in words
        assert seen[0] | seen[1] >= set(MUST[game]), (seen, tapped[-20:])
        if game == "knights":
            key = table.phone_key(phone_secret(ana))
            assert noted and any(b"Ben said 3: a lie?" in m for m in table.taps.host[key])
            a_phone_captains(table, ana, seen, tapped)
        if game == "sly_knights":
            assert spared and "spare still there" not in text(ana, "private")
        check_secrecy(table, ana, ben, game)
        assert laptop.wait(timeout=30) == 0  # the window played its seat, and left
        keep_laptop_shot(tmp_path, f"laptop-{game}.png")


def a_phone_captains(table: PhoneTable, ana: Any, seen: list[set[str]], tapped: list[str]
                     ) -> None:
    """The first round's captain is a phone, by the rules whatever the laptop and the
    bot recommend, and lines up on the phone. Both phones recommend Anastasia (seat 0),
    who recommends herself: with 4 votes she has 2, so only someone else with the other
    two ties her. Benedict (who did not recommend himself) wins such a tie, and so is a
    phone; the laptop or the bot would have recommended itself to get both, and then the
    tie goes to the one farthest clockwise from the start player, Anastasia, whom the
    seed's start player (Benedict) makes last. Neither phone holds the Witch or inspects
    it (the seed's deal, and their first choices), so the captain lines up."""
    updates = [msgpack.unpackb(m, raw=False) for m in table.taps.host[
        table.phone_key(phone_secret(ana))]]
    views = [u["view"] for u in updates if u.get("type") == "update" and u.get("view")]
    first = views[-1]["rounds"][0]
    assert first["start"] == 1 and "witch" not in first["tiles"][:2], first
    assert not {0, 1} & set(first["bewitched"]), first
    assert "Recommend Anastasia (you)" in tapped and "Recommend Anastasia" in tapped
    captain = first["captain"]
    assert captain in (0, 1) and first["order"] is not None, first
    assert "Line them up in this order" in seen[captain], (captain, seen)


MARKS = {
    "choose": ("Cheese steal", "Wisdom: ", "turned over", "mouse 1: "),
    "knights": ("Ask ", "…about", "Is it one of these numbers?", " asks ", "Yes", "has recommended",
                "Captain:", "Line them up in this order", "The line-up:"),
    "sly_knights": ("Choose two cards", "Score cards:", "Play ", "Draw the spare", "with a pig"),
}
"""Words whose first sight on a phone is kept as a screenshot."""
MUST = {
    "choose": ("Cheese steal", "Wisdom: ", "turned over"),
    "knights": ("Ask ", "…about", "Is it one of these numbers?", " asks ", "Captain:",
                "Line them up in this order", "The line-up:"),
    "sly_knights": ("Choose two cards", "Score cards:", "Play ", "Draw the spare"),
}
"""What each game's phones must have shown on the way to its end."""
SEEDS = {"knights": 11}
"""Knights: a deal whose start player is Benedict (seat 1), with the Witch neither in
front of a phone nor the first tile either phone would inspect (``a_phone_captains``)."""


def test_a_phone_whose_line_drops_joins_again_by_itself(tmp_path: Path,
                                                        phones: list[Any]) -> None:
    """The Wi-Fi drops (here: the gateway goes away and comes back on its port): the
    page says so, then joins again with its token, in the same seat."""
    phone = phones[0]
    with PhoneTable(tmp_path, players=4, bots=3, games=None) as table:
        sit(phone, table.url, "Anastasia")
        seat = text(phone, "status")
        phone.execute_script(STATUSES)
        port = table.gateway.port
        table.gateway.close()
        said = "return window.statuses"
        try:
            wait_for(lambda: "The line dropped; joining again…" in phone.execute_script(said),
                     10, "the drop said")
        except AssertionError as exc:
            raise AssertionError(f"{exc}; it said {phone.execute_script(said)}") from None
        shot(phone, "phone-dropped", tmp_path)
        table.gateway = Gateway(table.keys, f"127.0.0.1:{table.host.port}", bind="127.0.0.1",
                                port=port, tap=table.taps.gateway).start()
        wait_for(lambda: text(phone, "status") == seat, 15, "the seat again")
        assert table.host.roster.claims[int(seat.split()[1]) - 1].name == "Anastasia"

