"""Phones in a real browser (headless chromium at 390×844) at a real host: two phones,
a laptop's window (its own process, dummy video) and bots in the host play Cheese
Thief to the end; two phones and a bot play each other game to its end.

What the phones were sent is held against what the host sent their seats through its
one filter, and every frame that crossed the wire is searched for anything readable.
A phone reloads mid-game and keeps its seat; a link with another table's key is
refused in one sentence."""

from __future__ import annotations

import base64
import os
import shutil
import subprocess
import sys
import time
from functools import partial
from pathlib import Path
from typing import Any

import msgpack  # type: ignore[import-untyped]
import nacl.public
import pytest

from net.keys import KeyPair
from net.web.gateway import Gateway, join_url
from net.web.seal import nonce, raw_key
from tests.browser_rig import browser, need_browser, shot, text, wait_for
from tests.phone_rig import PhoneTable

ROOT = Path(__file__).resolve().parent.parent

FAST: dict[str, object] = {"hour_seconds": 1.0, "follower_seconds": 2.0, "discussion_seconds": 20.0,
        "vote_seconds": 20.0}
WINDOW_PACE: dict[str, object] = {**FAST, "discussion_seconds": 10.0, "vote_seconds": 10.0}
"""A window nobody sits at waits out each window of time: shorter ones keep the game short."""
CLICK_FIRST = """
const held = !document.getElementById('cover').hidden;  // a finger holds the cover...
const peek = document.getElementById('peek');
if (held) peek.dispatchEvent(new PointerEvent('pointerdown', {pointerId: 9, bubbles: true}));
const b = document.querySelector('#actions button.act');
let said = null;
if (b && b.offsetParent !== null) { b.click(); said = b.textContent; }  // ...another taps
if (held) document.dispatchEvent(new PointerEvent('pointerup', {pointerId: 9, bubbles: true}));
return said;"""
NIGHT_LOOKS = """
const shown = id => document.getElementById(id).offsetParent !== null;
return [document.querySelector('#public h2').textContent, shown('cover'), shown('secret'),
        shown('log'), shown('actions'), document.getElementById('secret-wrap').innerText];"""
READY = "const b = document.getElementById('ready'); return b && !b.hidden && b"
OVER = "return /You (won|lost)\\./.test(document.body.innerText)"
OVER_ANY = "return /Game over\\.|You (won|lost)\\./.test(document.body.innerText)"


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


def test_two_phones_and_bots_play_cheese_thief_to_the_end(tmp_path: Path) -> None:
    need_browser()
    with PhoneTable(tmp_path, players=5, bots=2, options=WINDOW_PACE) as table, \
            browser() as ana, browser() as ben:
        sit(ana, table.url, "Anastasia")
        sit(ben, table.url, "Benedict")
        laptop = laptop_window(table, tmp_path)
        assert text(ana, "fp") == f"key {table.host.fingerprint}"
        shot(ana, "phone-lobby", tmp_path)
        for phone in (ana, ben):
            wait_for(partial(phone.execute_script, READY), 10, "the ready button").click()
        phases: set[str] = set()
        chatted = hidden_checked = reloaded = False
        nights_seen = 0
        seat_before = ""
        last: dict[int, float] = {}
        end = time.monotonic() + 150
        while time.monotonic() < end:
            if ana.execute_script(OVER) and ben.execute_script(OVER):
                break
            for i, phone in enumerate((ana, ben)):
                heading = phone.execute_script(
                    "const h=document.querySelector('#public h2'); return h ? h.textContent : ''")
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
                if i == 0 and not chatted and phone.find_element("id", "say").is_displayed():
                    phone.find_element("id", "text").send_keys("I slept all night")
                    phone.find_element("id", "text").submit()
                    chatted = True
                if time.monotonic() - last.get(i, 0) > 0.8 and phone.execute_script(CLICK_FIRST):
                    last[i] = time.monotonic()
            time.sleep(0.2)
        assert ana.execute_script(OVER) and ben.execute_script(OVER), phases
        shot(ana, "phone-result", tmp_path)
        shot(ben, "phone-result-ben", tmp_path)
        assert chatted and hidden_checked and reloaded and nights_seen
        assert "Anastasia: I slept all night" in text(ben, "lines")  # chat reached the other
        assert len(phases) >= 4, phases
        check_secrecy(table, ana, ben)
        assert laptop.wait(timeout=30) == 0  # the window saw the table close, and left
        shot_path = tmp_path / "laptop.png"
        assert shot_path.stat().st_size > 10_000
        if os.environ.get("CHEESEKNIGHTS_SHOTS"):
            shutil.copy(shot_path, Path(os.environ["CHEESEKNIGHTS_SHOTS"]) / shot_path.name)


def laptop_window(table: PhoneTable, home: Path) -> subprocess.Popen[bytes]:
    """A laptop's window at the same table, in its own process (``join --headless``,
    dummy video): nobody sits at it, so it says ready by itself and lets its clocks run."""
    env = dict(os.environ, PYTHONPATH=str(ROOT), SDL_VIDEODRIVER="dummy",
               SDL_AUDIODRIVER="dummy", CHEESEKNIGHTS_CONFIG_DIR=str(home / "laptop-c"),
               CHEESEKNIGHTS_DATA_DIR=str(home / "laptop-d"))
    return subprocess.Popen(
        [sys.executable, "-m", "client.cli", "join", f"127.0.0.1:{table.host.port}",
         "--headless", "--name", "Laptop", "--frames", str(60 * 150),
         "--screenshot", str(home / "laptop.png")],
        env=env, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def check_hide(phone: Any, folder: Path) -> bool:
    """*Hide*: secrets show only while the cover is held down."""
    from selenium.webdriver.common.action_chains import ActionChains

    phone.find_element("id", "hide").click()
    assert not phone.find_element("id", "secret").is_displayed()
    assert phone.find_element("id", "cover").is_displayed()
    shot(phone, "phone-hidden", folder)
    hold = ActionChains(phone).click_and_hold(phone.find_element("id", "peek"))
    hold.perform()
    wait_for(lambda: phone.find_element("id", "secret").is_displayed(), 3, "the secrets held")
    shot(phone, "phone-held", folder)
    ActionChains(phone).release().perform()
    wait_for(lambda: not phone.find_element("id", "secret").is_displayed(), 3, "the cover back")
    phone.find_element("id", "hide").click()
    return True


def check_secrecy(table: PhoneTable, ana: Any, ben: Any) -> None:
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
        assert len(seat) == 1 and all("you" in v for v in views)
        seats[phone] = seat.pop()
    assert seats[ana] != seats[ben]
    leaks = (b"Anastasia", b"Benedict", b"I slept", b"wake_hours", b"dice", b"role",
             b"thief", b"sleepyhead", b"welcome", b"update")
    frames = list(table.taps.frames)
    assert any(b"wake_hours" in plain for *_, plain in frames)  # the scan can see a leak
    for _, direction, wire, _plain in frames:
        if direction != "challenge":
            for word in leaks:
                assert word not in wire, (direction, word)


def test_a_link_with_another_tables_key_is_refused_in_one_sentence(tmp_path: Path) -> None:
    need_browser()
    with PhoneTable(tmp_path) as table, browser() as phone:
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


def test_the_page_follows_the_phones_language_and_switches(tmp_path: Path) -> None:
    need_browser()
    with PhoneTable(tmp_path) as table, browser("ja-JP") as phone:
        phone.get(table.url)
        wait_for(lambda: phone.find_element("id", "sit").is_displayed(), 10, "the form")
        assert text(phone, "sit") == "席に着く"
        shot(phone, "phone-ja", tmp_path)
        phone.find_element("id", "lang").click()
        assert text(phone, "sit") == "Take a seat"


def test_a_phone_may_only_watch_and_sees_no_seats_secrets(tmp_path: Path) -> None:
    need_browser()
    with PhoneTable(tmp_path, players=5, bots=5, options=FAST, games=None) as table, \
            browser() as phone:
        phone.get(table.url)
        wait_for(lambda: phone.find_element("id", "watch").is_displayed(), 10, "the form")
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


@pytest.mark.parametrize("game", ["choose", "knights", "sly_knights"])
def test_two_phones_play_every_other_game_to_the_end(tmp_path: Path, game: str) -> None:
    """The page's generic screen: each decision is a button named by its fields."""
    need_browser()
    with PhoneTable(tmp_path, game=game, players=3, bots=1) as table, \
            browser() as ana, browser() as ben:
        sit(ana, table.url, "Anastasia")
        sit(ben, table.url, "Benedict")
        for phone in (ana, ben):
            wait_for(partial(phone.execute_script, READY), 10, "the ready button").click()
        last: dict[int, float] = {}
        clicks = 0
        labels: list[str] = []
        end = time.monotonic() + 150
        while time.monotonic() < end and not all(p.execute_script(OVER_ANY) for p in (ana, ben)):
            for i, phone in enumerate((ana, ben)):
                label = time.monotonic() - last.get(i, 0) > 0.3 and phone.execute_script(
                    CLICK_FIRST)
                if label:
                    last[i] = time.monotonic()
                    labels.append(label)
                    clicks += 1
                    if clicks == 6:
                        shot(phone, f"phone-{game}", tmp_path)
            time.sleep(0.1)
        assert all(p.execute_script(OVER_ANY) for p in (ana, ben)), clicks
        shot(ana, f"phone-{game}-over", tmp_path)
        assert clicks >= 4
        # a screen of its own: decisions in words, not in fields
        assert not [label for label in labels if " · " in label or "{" in label], labels


def test_a_phone_whose_line_drops_joins_again_by_itself(tmp_path: Path) -> None:
    """The Wi-Fi drops (here: the gateway goes away and comes back on its port): the
    page says so, then joins again with its token, in the same seat."""
    need_browser()
    with PhoneTable(tmp_path, players=4, bots=3, games=None) as table, browser() as phone:
        sit(phone, table.url, "Anastasia")
        seat = text(phone, "status")
        port = table.gateway.port
        table.gateway.close()
        wait_for(lambda: text(phone, "status") == "The line dropped; joining again…", 10,
                 "the drop said")
        shot(phone, "phone-dropped", tmp_path)
        table.gateway = Gateway(table.keys, f"127.0.0.1:{table.host.port}", bind="127.0.0.1",
                                port=port, tap=table.taps.gateway).start()
        wait_for(lambda: text(phone, "status") == seat, 15, "the seat again")
        assert table.host.roster.claims[int(seat.split()[1]) - 1].name == "Anastasia"
