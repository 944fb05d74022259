"""A phone's bad luck, as its person meets it, in a real browser (headless chromium):
a table with a password, a full table, and a host that dies.

A refusal comes with its way on: the form again, with a field for the table's password,
or *Only watch* at a full table (the page showed the sentence alone before, and only a
reload led anywhere; a table with a password could take no phone at all).

The host that dies is a real host process killed with SIGKILL mid-game and resumed from
its log (``host --resume``) on the same ports, with a guest of Python that comes back
later. While nothing answers, the phone says so and offers no decision, and the open window's
clock stands where the host left it (before, it ran on towards "0 s left", and its
decisions stayed on offer, going nowhere). Back at the resumed table, which waits for
its people, the phone says whom it waits for and its clock stands too; once everyone
is back the game goes on, on the phone as at the table.

A host closed on purpose (SIGTERM, Ctrl+C, its window's close) tells the phone, which
says so, keeps the table in sight but offers nothing, and offers *Join again* for the
table its host opens again; a seat the host gives back in the lobby brings the form
back. And a Japanese lobby marks a ready seat 準備OK, as the window does: marked with
the button's words (準備完了), a person read the bots as done and themselves as ready.
Before, either close said only "The table closed.", the first under decisions, a clock
and a chat that went nowhere, the second of a table that was still open."""

from __future__ import annotations

import re
import signal
import subprocess
import time
from functools import partial
from pathlib import Path
from typing import Any

from net.peer import Peer
from tests.browser_rig import STEADY, one_browser, phone, steady, text, wait_for
from tests.phone_rig import PhoneTable, py_phone
from tests.ports import table_port
from tests.test_net_lan import Procs, host_args, procs, start_host, tmp_path, wait_line
from tests.test_web_phones import READY, sit

__all__ = ["one_browser", "phone", "procs", "tmp_path"]  # the fixtures (shared)

QUIET_WORDS = ("No word from the table: its clock stands, and this page joins again when "
               "the table is back.")
LINE_QUIET = 4.0
"""Seconds of silence after which the page says the table went quiet (wire.js QUIET)."""
CLOCK = re.compile(r"^(\d+) s left$", re.M)


def resumable_host(procs: Procs, tmp_path: Path, players: int, resume: float
                   ) -> tuple[subprocess.Popen[bytes], str, Path, str]:
    """A Sly Knight Robbery host process with one bot and a minute's clock, on ports a
    resumed host can take again, which waits ``resume`` seconds for its people when it
    is resumed: the process, its address, its log and the phones' URL."""
    port = table_port()
    args = host_args("sly_knights", players, tmp_path, "--bots", "1", "--port", str(port),
                     "--option", f"resume_seconds={resume:g}", timer=60.0)
    host, out, address, log = start_host(procs, "host", args)
    url = f"http://127.0.0.1:{port + 2}/#" + wait_line(out, "phones ").split("#", 1)[1]
    return host, address, log, url


def until(check: Any, seconds: float, what: str, ben: Peer | None = None) -> Any:
    """Wait for ``check``, keeping Ben's line alive meanwhile when he is at the table."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        found = check()
        if found:
            return found
        if ben is not None:
            ben.wait(0.05)
        else:
            time.sleep(0.05)
    raise AssertionError(f"waited {seconds:g} s for {what}")


def clock(phone: Any) -> int | None:
    found = CLOCK.search(text(phone, "public"))
    return int(found.group(1)) if found else None


def decisions(phone: Any) -> int:
    found: int = phone.execute_script(
        "return document.querySelectorAll('#actions button').length")
    return found


def stands(phone: Any, ben: Peer | None = None) -> int:
    """The clock, read twice 2.2 s apart: it must not have moved."""
    first = clock(phone)
    end = time.monotonic() + 2.2
    while time.monotonic() < end:
        if ben is not None:
            ben.wait(0.05)
        else:
            time.sleep(0.05)
    assert first is not None and clock(phone) == first, (first, clock(phone))
    return first


def test_a_phone_whose_host_dies_says_so_stands_its_clock_and_comes_back(
        procs: Procs, tmp_path: Path, phone: Any) -> None:
    # the resumed table waits long enough for the phone to say whom it waits for, and
    # for Ben to come back while it waits
    host, address, log, url = resumable_host(procs, tmp_path, 3, resume=9.0)
    ben = Peer(address, name="Ben")
    try:
        sit(phone, url, "Ana")
        until(lambda: ben.welcome, 10, "Ben's seat", ben)
        until(partial(phone.execute_script, READY, STEADY), 20, "the ready button", ben).click()
        until(lambda: decisions(phone) and clock(phone), 20, "a decision on the clock", ben)
        seat = text(phone, "status")
        assert seat.startswith("Seat")

        host.send_signal(signal.SIGKILL)
        host.wait(timeout=10)
        until(lambda: text(phone, "status") == "The line dropped; joining again…", 5,
              "the drop said")
        assert decisions(phone) == 0 and text(phone, "prompt") == ""
        assert not phone.find_element("id", "say").is_displayed()  # (no word would go)
        stood = stands(phone)
        until(lambda: text(phone, "status") == QUIET_WORDS, 10, "the table's silence said")
        assert clock(phone) == stood and decisions(phone) == 0

        procs.start("again", "host", "--headless", "--resume", str(log), "--no-discovery")
        # Ben stays away for now: the resumed table waits for him, and the phone says so
        until(lambda: text(phone, "status").startswith("Waiting for Ben to come back: "), 20,
              "the wait for Ben said")
        assert decisions(phone) == 0
        assert stands(phone) == stood  # where the host died: the wait took none of it
        until(lambda: ben.reclaimed and ben.welcome, 15, "Ben back", ben)
        until(lambda: text(phone, "status").startswith("Everyone is back: the game goes on "),
              10, "everyone back said", ben)
        assert decisions(phone) == 0
        until(lambda: text(phone, "status") == seat and decisions(phone), 20,
              "the game going on", ben)
        assert (clock(phone) or 0) >= stood - 2  # from what it had left, not from before the wait
        until(lambda: (clock(phone) or stood) < stood, 5, "the clock running again", ben)
    finally:
        ben.close()


def shown(phone: Any, node: str) -> bool:
    found: bool = phone.find_element("id", node).is_displayed()
    return found


NOT_BACK = "The table is not open again yet: press Join again once its host has opened it."


def test_a_phone_whose_host_closes_the_table_offers_nothing_and_joins_it_again(
        procs: Procs, tmp_path: Path, phone: Any) -> None:
    # the resumed table's wait is short: this test is about the page, not the wait
    host, _, log, url = resumable_host(procs, tmp_path, 2, resume=1.0)
    sit(phone, url, "Ana")
    until(partial(phone.execute_script, READY, STEADY), 20, "the ready button").click()
    until(lambda: decisions(phone) and clock(phone), 20, "a decision on the clock")
    seat = text(phone, "status")
    assert not shown(phone, "again")

    host.send_signal(signal.SIGTERM)  # as Ctrl+C, or the window's close, ends a host
    assert host.wait(timeout=10) == 0
    until(lambda: text(phone, "status") == "The host closed the table.", 5, "the close said")
    assert decisions(phone) == 0 and text(phone, "prompt") == "" and clock(phone) is None
    assert not shown(phone, "say")
    assert phone.execute_script("return document.querySelectorAll('#emotes button').length") == 0
    assert shown(phone, "public") and shown(phone, "again")  # the table stays in sight
    time.sleep(LINE_QUIET + 0.5)  # the line's silence says nothing over the close
    assert text(phone, "status") == "The host closed the table." and decisions(phone) == 0

    phone.find_element("id", "again").click()  # before its host has opened it again
    tried = set()  # what it says while it tries: that it connects (not "No word...")
    # it tries for five seconds, about once a second (it took ten before, a try in four)
    until(lambda: tried.add(text(phone, "status")) or text(phone, "status") == NOT_BACK, 8,
          "the table not back said")
    assert tried - {NOT_BACK} == {"Connecting to the table…"}, tried
    assert shown(phone, "again") and decisions(phone) == 0
    time.sleep(LINE_QUIET + 0.5)  # it has stopped trying: the sentence stands
    assert text(phone, "status") == NOT_BACK

    _, again = procs.start("again", "host", "--headless", "--resume", str(log),
                           "--no-discovery")
    wait_line(again, "phones ")  # opened again, as its host sees it: then the press
    phone.find_element("id", "again").click()
    tried.clear()
    until(lambda: tried.add(text(phone, "status")) or (
        text(phone, "status") == seat and decisions(phone)), 30, "the seat again")
    assert QUIET_WORDS not in tried, tried
    assert not shown(phone, "again") and clock(phone)


def test_a_seat_the_host_gives_back_brings_the_form_back(tmp_path: Path, phone: Any
                                                         ) -> None:
    with PhoneTable(tmp_path, game="sly_knights", players=3, bots=1) as table:
        sit(phone, table.url, "Ana")
        table.host.remove_seat(int(text(phone, "status").split()[1]) - 1)
        words = "The host gave your seat back to the table; join again to sit down."
        assert refusal(phone) == words
        assert text(phone, "status") == "" and not shown(phone, "lobby")
        try_to_sit(phone, "Ana")
        wait_for(lambda: text(phone, "status").startswith("Seat"), 10, "a seat again")
        assert not shown(phone, "refused") and shown(phone, "lobby")
        assert [c.name for c in table.host.roster.claims.values()] == ["Ana"]


def japanese_page(phone: Any, url: str) -> None:
    """The table's page, read in Japanese (as a phone set to Japanese opens it)."""
    phone.get(url)
    phone.execute_script("localStorage.setItem('ck.lang', 'ja')")
    phone.refresh()
    wait_for(lambda: phone.find_element("id", "name").is_displayed(), 10, "the form")


def test_a_japanese_lobby_tells_a_ready_seat_from_the_ready_button(tmp_path: Path,
                                                                   phone: Any) -> None:
    with PhoneTable(tmp_path, game="sly_knights", players=3, bots=2) as table:
        japanese_page(phone, table.url)
        try_to_sit(phone, "Ana")
        wait_for(lambda: text(phone, "status").endswith("番の席"), 10, "Ana's seat")
        seats = wait_for(lambda: text(phone, "seats").count("準備OK") == 2 and text(
            phone, "seats"), 10, "the bots ready")
        assert "準備完了" not in seats and text(phone, "ready") == "準備完了"


def try_to_sit(phone: Any, name: str, *, password: str | None = None,
               watch: bool = False, enter: bool = False) -> None:
    """The form as a person fills it in again after a refusal (``enter``: the keyboard's
    Enter, a phone's Go, in place of *Take a seat*). The hand waits before it taps: the
    form that came back with the refusal, or that typing scrolled, takes no tap for its
    first moment (``STEADY``); a tap sooner was lost now and then, the refusal it waited
    for never coming."""
    field = phone.find_element("id", "name")
    field.clear()
    field.send_keys(name)
    if password is not None:
        phone.find_element("id", "password").send_keys(password + ("\n" if enter else ""))
    if not enter:
        steady()
        phone.find_element("id", "watch" if watch else "sit").click()


def refusal(phone: Any) -> str:
    found: str = wait_for(lambda: text(phone, "refused"), 10, "a refusal")
    return found


def test_a_password_table_asks_a_phone_for_it_and_seats_it(tmp_path: Path, phone: Any
                                                           ) -> None:
    with PhoneTable(tmp_path, game="sly_knights", players=2, bots=1, password="brie") as table:
        phone.get(table.url)
        wait_for(lambda: phone.find_element("id", "name").is_displayed(), 10, "the form")
        assert not phone.find_element("id", "password").is_displayed()  # (a guess at most)
        try_to_sit(phone, "Ana")
        assert refusal(phone) == "This table needs a password. Ask the host for it."
        assert phone.find_element("id", "password").is_displayed()
        assert phone.execute_script("return document.activeElement.id") == "password"
        try_to_sit(phone, "Ana", password="cheddar")
        wrong = "That is not this table's password. Ask the host and type it again."
        # (the first refusal stands until the table's answer to this try replaces it)
        wait_for(lambda: text(phone, "refused") == wrong, 10, "the wrong password said")
        assert phone.find_element("id", "sit").is_displayed()  # the form again
        try_to_sit(phone, "Ana", password="gouda")  # a second wrong try says it was read
        assert wait_for(lambda: "either" in text(phone, "refused"), 10, "the second refusal")
        try_to_sit(phone, "Ana", password="brie", enter=True)
        wait_for(lambda: text(phone, "status").startswith("Seat"), 10, "Ana's seat")
        assert not phone.find_element("id", "refused").is_displayed()
        # a reload (a locked phone, a page pulled down) joins again with it, by itself
        phone.refresh()
        wait_for(lambda: text(phone, "status").startswith("Seat"), 10, "the seat again")
        assert [c.name for c in table.host.roster.claims.values()] == ["Ana"]


PING_AFTER_JOIN = """
const out = Wire.Line.prototype.out;
Wire.Line.prototype.out = function (message, first) {
  out.call(this, message, first);
  if (message.type === "join") out.call(this, { type: "ping" });
};"""
"""The page's keep-alive, a ping a second, sent between a join and the table's answer to
it, every time (it fell there now and then)."""


def test_a_wrong_password_is_counted_once_whenever_the_page_pings(tmp_path: Path,
                                                                  phone: Any) -> None:
    """The table answers a ping from a connection that has not joined "Join the table
    first", and the page joined again at that, even after a refusal: a ping that fell
    between a join and its refusal sent the password again, and the page counted a
    first wrong password as two ("...either"; a Japanese page's third refusal then read
    as its second, and the person could not tell their try was read). After a refusal
    the line stays still until the person tries again."""
    with PhoneTable(tmp_path, game="sly_knights", players=2, bots=1, password="brie") as table:
        phone.get(table.url)
        wait_for(lambda: phone.find_element("id", "name").is_displayed(), 10, "the form")
        phone.execute_script(PING_AFTER_JOIN)
        try_to_sit(phone, "Ana")
        assert refusal(phone) == "This table needs a password. Ask the host for it."
        try_to_sit(phone, "Ana", password="cheddar")
        wrong = "That is not this table's password. Ask the host and type it again."
        wait_for(lambda: text(phone, "refused") == wrong, 10, "the wrong password said")
        time.sleep(1.0)  # (the ping's answer comes at once: long enough to be said)
        assert text(phone, "refused") == wrong
        try_to_sit(phone, "Ana", password="gouda")
        assert wait_for(lambda: "either" in text(phone, "refused"), 10, "the second refusal")
        try_to_sit(phone, "Ana", password="brie")
        wait_for(lambda: text(phone, "status").startswith("Seat"), 10, "Ana's seat")


def test_a_japanese_phone_is_refused_in_japanese(tmp_path: Path, phone: Any) -> None:
    """The table's own refusals are English sentences: a Japanese page read
    "拒否されました: That is not the table's password." It words the refusals a person
    can act on itself, in both languages."""
    with PhoneTable(tmp_path, game="sly_knights", players=2, bots=1, password="brie") as table:
        ben = py_phone(table)  # the other seat's person, on a phone of Python
        japanese_page(phone, table.url)
        try:
            said = []
            for password in (None, "cheddar", "gouda"):
                try_to_sit(phone, "Ana", password=password)
                said.append(wait_for(lambda: text(phone, "refused") not in ("", *said) and text(
                    phone, "refused"), 10, f"the refusal of {password}"))
            ben.send({"type": "join", "v": 2, "name": "Ben", "password": "brie"})
            ben.until("welcome")
            try_to_sit(phone, "Ana", password="brie")
            said.append(wait_for(lambda: "満席" in text(phone, "refused") and text(
                phone, "refused"), 10, "the full table"))
        finally:
            ben.close()
        assert said == ["このテーブルにはパスワードが必要です。ホストに聞いてください。",
                        "パスワードが違います。ホストに確認して、もう一度入力してください。",
                        "そのパスワードも違います。ホストに確認して、もう一度入力してください。",
                        "このテーブルは満席です。観戦はできます。"]
        assert not re.search("[A-Za-z]", "".join(said))


def test_a_full_table_leaves_a_phone_its_way_to_watch(tmp_path: Path, phone: Any) -> None:
    with PhoneTable(tmp_path, game="sly_knights", players=2, bots=1) as table:
        ben = py_phone(table)  # the other seat's person, on a phone of Python
        ben.send({"type": "join", "v": 2, "name": "Ben"})
        try:
            ben.until("welcome")
            phone.get(table.url)
            wait_for(lambda: phone.find_element("id", "name").is_displayed(), 10, "the form")
            try_to_sit(phone, "Ana")
            assert refusal(phone) == ("Every seat at this table is taken. You can watch the "
                                      "game as a spectator.")
            assert phone.find_element("id", "watch").is_displayed()
            try_to_sit(phone, "Ana", watch=True)
            wait_for(lambda: text(phone, "status") == "Watching", 10, "the spectator's line")
            assert not phone.find_element("id", "refused").is_displayed()
        finally:
            ben.close()


def test_a_move_the_table_refuses_reads_in_the_phone_s_language(
        tmp_path: Path, phone: Any) -> None:
    """The table words a refused move in English (the rules' own sentence): a Japanese
    page read "拒否されました: A chat line holds at most 280 characters.". A line too
    long for the table (a paste past the field's limit) is refused in Japanese, and the
    sentence stands a few seconds: the next update had put the seat's line over it."""
    with PhoneTable(tmp_path, game="sly_knights", players=2, bots=1) as table:
        japanese_page(phone, table.url)
        try_to_sit(phone, "Ana")
        wait_for(partial(phone.execute_script, READY, STEADY), 20, "the ready button").click()
        wait_for(lambda: phone.find_element("id", "text").is_displayed(), 20, "the table talk")
        phone.execute_script("document.getElementById('text').value = 'あ'.repeat(300);"
                             "document.getElementById('say').requestSubmit();")
        said = wait_for(lambda: next((words for words in [text(phone, "status")]
                                      if words.startswith("拒否")), None), 10, "the refusal")
        assert said == "拒否されました: 長すぎます。"
        time.sleep(2.0)  # the bot plays on: the refusal stands long enough to be read
        assert text(phone, "status") == said
        wait_for(lambda: text(phone, "status") == "1番の席", 10, "the seat's line again")


def test_the_page_words_a_refused_move_as_the_window_does() -> None:
    """The page's Japanese for a refused move is the window's (``client/strings.py``):
    the two say the same, and the page has each one a move can meet."""
    from client.strings import STRINGS

    page = (Path(__file__).resolve().parent.parent / "net/web/page/words.js").read_text()
    on_page = dict(re.findall(r'"(refusal\.[a-z_]+)": "([^"]*)"', page))
    join_time = {"refusal.bad_name", "refusal.token_in_use"}  # (the page's own refuse.*)
    window = {k: v["ja"] for k, v in STRINGS.items() if k.startswith("refusal.")}
    assert on_page == {k: v for k, v in window.items() if k not in join_time}


def test_a_refusal_is_said_again_in_the_language_the_person_switches_to(
        tmp_path: Path, phone: Any) -> None:
    """A refusal kept the words of the language it came in after the person switched."""
    with PhoneTable(tmp_path, game="sly_knights", players=2, bots=1, password="brie") as table:
        phone.get(table.url)
        wait_for(lambda: phone.find_element("id", "name").is_displayed(), 10, "the form")
        try_to_sit(phone, "Ana")
        assert refusal(phone) == "This table needs a password. Ask the host for it."
        time.sleep(STEADY)  # (a control the refusal moved takes no tap at once)
        phone.find_element("id", "lang").click()
        wait_for(lambda: text(phone, "refused") == "このテーブルにはパスワードが必要です。"
                 "ホストに聞いてください。", 5, "the refusal in Japanese")
        time.sleep(STEADY)
        phone.find_element("id", "lang").click()
        wait_for(lambda: text(phone, "refused") == "This table needs a password. Ask the host "
                 "for it.", 5, "the refusal in English again")


def test_the_page_s_name_limit_is_the_table_s() -> None:
    """The name field's limit and the words of a refused name are the page's own copy of
    the table's limit (``net.protocol.MAX_NAME``): the two must say the same."""
    from net.protocol import MAX_NAME

    page = Path(__file__).resolve().parent.parent / "net/web/page"
    assert f'id="name" maxlength="{MAX_NAME}"' in (page / "index.html").read_text()
    words = (page / "words.js").read_text()
    said = re.findall(r'"refuse\.bad_name": "[^"]*?(\d+)[^"]*"', words)
    assert said == [str(MAX_NAME)] * 2
