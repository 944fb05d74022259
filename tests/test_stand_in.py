"""An honest stand-in: a bot that plays a dropped person's seat is said to be one on
every screen, what it says and does is marked as its own, and the person, back in
the seat, reads what it did and may take back what is still open ("ready to vote").

The table and its log are checked on a real ``Table``; the path a person walks with
two real windows (the host's and a guest's, dummy video) at a real host on 127.0.0.1."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pygame
import pytest

from client import identity
from client.app import HEADLESS_DT, App
from client.kit import ink
from client.kit.standin import Summary
from client.scenes.connect import ConnectScene
from client.scenes.lobby import LobbyScene, host_lobby
from client.scenes.menu import MenuScene
from client.scenes.table import TableScene
from client.settings import Settings
from core.errors import ActionError
from core.registry import get_game
from net.standin import STAND_IN
from net.table import HUMAN, Table, stand_in_level
from tests.test_client_join import WINDOWS, close_windows, crash, own_dirs

__all__ = ["close_windows", "own_dirs"]  # the fixtures: own folders, windows closed after


@pytest.fixture(autouse=True)
def ann_s_own_machine(monkeypatch: pytest.MonkeyPatch) -> None:
    """The windows of a test share one process, so one installation's folder of seats
    held at tables. Ann's window stands for her own machine: the seat it keeps for
    Rejoin stays there. Kept here, Ben's window found it under the table's key and
    asked for Ann's seat with her token (refused: token_in_use) whenever a loaded
    machine let Ann's window read its welcome before Ben's asked the table's key."""
    real = identity.remember

    def remember(server_key: str | None, **facts: Any) -> None:
        if facts.get("name") != "Ann":
            real(server_key, **facts)

    monkeypatch.setattr(identity, "remember", remember)

CHEESE = {"hour_seconds": 0.3, "discussion_seconds": 300.0}
"""A quick night, and a discussion that outlasts every test."""


# -- the table marks what a stand-in does -------------------------------------------------
def discussion_with_stand_in(records: list[dict[str, Any]]) -> Table:
    """Seat 0 a person whose stand-in plays from the deal; seat 1 a person who says
    nothing; two bots. Played until the stand-in has said it is ready to vote."""
    level = stand_in_level("cheese_thief")

    class Log:
        def append(self, record: dict[str, Any]) -> None:
            records.append(record)

    table = Table("cheese_thief", 4, CHEESE, 5, [HUMAN, HUMAN, level, level],
                  bot_delay=0.01, recorder=Log())
    table.set_stand_in(0, True)
    now = 0.0
    while not table.state.ready[0]:
        now += 0.05
        table.advance(now)
        assert now < 60, "the stand-in never said it was ready"
    return table


def test_what_a_stand_in_does_is_marked_and_a_resumed_log_marks_it_again() -> None:
    records: list[dict[str, Any]] = []
    table = discussion_with_stand_in(records)
    marked = [e for e in table.events if e.data.get(STAND_IN)]
    assert {"type": "ready", "seat": 0, STAND_IN: True} in [e.data for e in marked]
    # only events that name the stand-in's seat, or go to that seat alone, say so
    assert all(e.data.get("seat") == 0 or e.audience == frozenset({0}) for e in marked)
    assert not any(e.data.get(STAND_IN) and e.data.get("seat") in (2, 3) for e in table.events)
    # the bots at seats 2 and 3 acted too, and are not called stand-ins
    assert any(e.data.get("seat") in (2, 3) for e in table.events)
    assert any(r.get("by") == STAND_IN and r["seat"] == 0 for r in records)
    assert not any(r.get("by") and r["seat"] != 0 for r in records if r["t"] == "act")

    again = Table("cheese_thief", 4, CHEESE, 5, list(table.kinds), bot_delay=0.01)
    for record in records:
        again.replay(record)
    assert [e.data for e in again.events] == [e.data for e in table.events]


def test_the_person_back_takes_back_the_ready_a_stand_in_said() -> None:
    table = discussion_with_stand_in([])
    table.set_stand_in(0, False)
    game = table.game
    assert game.legal_actions(table.state, 0) == []
    assert game.take_backs(table.state, 0) == [{"type": "unready"}]
    assert game.take_backs(table.state, 1) == []  # seat 1 never said it
    before = len(table.events)
    table.act(0, {"type": "unready"}, 100.0)
    assert table.state.ready[0] is False
    assert [e.data for e in table.events[before:]] == [{"type": "unready", "seat": 0}]
    assert game.legal_actions(table.state, 0) == [{"type": "ready"}]
    with pytest.raises(ActionError) as refused:
        table.act(0, {"type": "unready"}, 100.0)
    assert refused.value.code == "nothing_to_take_back"
    assert table.state.ready[0] is False


def test_a_knights_review_takes_back_the_ready_a_stand_in_said() -> None:
    """Seven Knights: "ready for the next round", said by a stand-in while the review
    lasts, is taken back by its person, and only by a person."""
    level = stand_in_level("knights")
    table = Table("knights", 4, {}, 3, [HUMAN, HUMAN, level, level], bot_delay=0.01)
    table.set_stand_in(0, True)
    now = 0.0
    while not (table.state.phase == "review" and table.state.ready[0]):
        due = table.next_due()
        now = max(now + 0.01, due if due is not None else now + 1.0)
        table.advance(now)
        assert now < 5000 and not table.finished
    assert {"type": "ready", "seat": 0, STAND_IN: True} in [e.data for e in table.events]
    assert all(a["type"] != "unready" for a in table.game.legal_actions(table.state, 0))
    table.set_stand_in(0, False)
    table.act(0, {"type": "unready"}, now)
    assert table.state.ready[0] is False and table.state.phase == "review"
    assert table.game.legal_actions(table.state, 0) == [{"type": "ready"}]


def test_a_bot_is_never_offered_to_take_back_its_own_choice() -> None:
    """Taking back is never among the legal actions bots choose from: a table of bots
    would otherwise say ready and unready for ever."""
    game = get_game("cheese_thief")
    level = stand_in_level("cheese_thief")
    table = Table("cheese_thief", 4, CHEESE, 8, [level] * 4, bot_delay=0.01)
    now = 0.0
    while not table.finished:
        for seat in range(4):
            assert all(a["type"] != "unready" for a in game.legal_actions(table.state, seat))
        now += 0.05
        table.advance(now)
        assert now < 120
    assert any(e.data.get("type") == "ready" for e in table.events)


# -- two real windows at a real host ---------------------------------------------------------
def window(name: str) -> App:
    app = App(Settings(name=name, bot_delay=0.05), headless=True)
    app.push(MenuScene(app))
    WINDOWS.append(app)
    return app


def seated_host(app: App, lobby: LobbyScene) -> None:
    """The hosting window reads its welcome (and keeps its seat) before a guest comes:
    the order a loaded machine once gave, made the rule."""
    run_until([app], lambda: lobby.peer.token is not None)


def run_until(apps: list[App], done: Any, seconds: float = 40.0) -> None:
    end = time.monotonic() + seconds
    while time.monotonic() < end and not done():
        for app in apps:
            app.step(HEADLESS_DT)
        time.sleep(0.01)
    assert done()


def words_drawn(scene: TableScene, app: App) -> list[str]:
    """Every text the scene draws in one frame, as a person would read it."""
    recorder = ink.start()
    try:
        scene.draw(app.screen)
        return [drawn.words for drawn in recorder.drawn]
    finally:
        ink.stop()


def test_the_summary_is_of_this_seat_s_stand_in_once_it_is_gone() -> None:
    app = window("Ben")
    summary = Summary()
    log: list[dict[str, Any]] = [
        {"type": "ready", "seat": 1, STAND_IN: True},
        {"type": "ready", "seat": 2, STAND_IN: True},  # another seat's stand-in
        {"type": "peek", "target": 0, "die": 0, "value": 3, STAND_IN: True},  # to seat 1 only
        {"type": "chat", "seat": 1, "text": "hi"},  # Ben himself, before he dropped
    ]
    playing = {"seats": [{"seat": 1, "kind": "human", "stand_in": True}]}
    back = {"seats": [{"seat": 1, "kind": "human", "stand_in": False}]}
    assert summary.news(log, 1, playing) == []  # not while the bot still plays the seat
    news = summary.news(log, 1, back)
    assert news == [log[0], log[2]]
    recorder = ink.start()
    try:
        buttons = summary.draw(app.screen, news, lambda event: None, [], lambda action: None)
        drawn = [each.words for each in recorder.drawn]
    finally:
        ink.stop()
    assert "Nothing it did shows in the log." in drawn  # said, though no line says what
    assert [b.key for b in buttons] == ["standin_ok"]
    buttons[0].on_click()
    assert summary.news(log, 1, back) == []


def said_ready(scene: TableScene, seat: int) -> dict[str, Any] | None:
    return next((e for e in scene.feed.log if e.get("type") == "ready"
                 and e.get("seat") == seat), None)


def test_every_screen_says_stand_in_and_the_person_back_can_undo_ready(
        tmp_path: Path) -> None:
    ann = window("Ann")
    lobby = host_lobby(ann, "cheese_thief", 4, dict(CHEESE), 2, stand_in_level("cheese_thief"),
                       bind="127.0.0.1", announce=False, log_dir=tmp_path)
    ann.push(lobby)
    hosted = lobby.hosted
    assert hosted is not None
    host = hosted.host
    host.config.grace, host.config.timeout = 0.1, 1.2
    try:
        seated_host(ann, lobby)
        ben = window("Ben")
        ben.push(ConnectScene(ben, f"127.0.0.1:{host.port}"))
        run_until([ann, ben], lambda: isinstance(ben.scene, LobbyScene)
                  and ben.scene.table is not None)
        guest = ben.scene
        assert isinstance(guest, LobbyScene)
        guest.toggle_ready()
        run_until([ann, ben], lambda: bool(lobby.table) and all(
            s["claimed"] and s.get("ready") for s in (lobby.table or {})["seats"]))
        lobby.peer.start()
        run_until([ann, ben], lambda: isinstance(ann.scene, TableScene)
                  and isinstance(ben.scene, TableScene))
        crash(ben)  # Ben's laptop dies at the deal; a stand-in plays his seat

        table = ann.scene
        assert isinstance(table, TableScene)
        run_until([ann], lambda: said_ready(table, 1) is not None)
        ready = said_ready(table, 1)
        assert ready is not None and ready[STAND_IN] is True
        # Nobody else is to be stood in: a loaded machine can keep Ann's window from
        # its turn longer than the quick timeout while Ben's new window opens, and a
        # stand-in for Ann would say ready and open the vote.
        host.config.timeout = 60.0
        assert table.name(1) == "Ben (stand-in)"
        assert table.event_words(ready) == "Ben (stand-in) is ready to vote."
        for line in (e for e in table.feed.log if e.get("type") == "chat" and e["seat"] == 1):
            assert (table.event_words(line) or "").startswith("Ben (stand-in): ")
        drawn = words_drawn(table, ann)
        assert any("Ben (stand-in)" in words for words in drawn)
        assert not any("Ann (stand-in)" in words for words in drawn)
        ann.set_language("ja")
        assert table.name(1) == "Ben(代理ボット)"
        assert "Ben(代理ボット)" in (table.event_words(ready) or "")
        ann.set_language("en")

        again = window("Ben")
        menu = again.scene
        assert isinstance(menu, MenuScene)
        run_until([ann, again], lambda: "rejoin" in menu.widgets)
        import pygame_gui

        menu.on_event(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED,
                                         ui_element=menu.widgets["rejoin"]))
        run_until([ann, again], lambda: isinstance(again.scene, TableScene))
        back = again.scene
        assert isinstance(back, TableScene)
        run_until([ann, again], lambda: said_ready(back, 1) is not None
                  and 1 not in host.table.stand_ins and back.name(1) == "Ben")
        run_until([ann, again], lambda: table.name(1) == "Ben")  # the label goes with it
        assert table.event_words(ready) == "Ben (stand-in) is ready to vote."  # as it was
        drawn = words_drawn(back, again)
        assert any("While you were away" in words for words in drawn)
        assert any("Ben (stand-in) is ready to vote." in words for words in drawn)
        assert back.k is not None and back.k.phase == "discussion"
        assert host.table.stand_ins == set(), "only Ben was ever stood in"
        undo = next(b for b in back.buttons if b.key == "standin_unready")
        assert "unready" in [b.key for b in back.buttons]  # and in the bar, once read
        assert "standin_ok" in [b.key for b in back.buttons]
        back.press(undo)
        run_until([ann, again], lambda: not host.table.state.ready[1])
        run_until([ann, again], lambda: any(e.get("type") == "unready" for e in table.feed.log))
        unready = next(e for e in table.feed.log if e.get("type") == "unready")
        assert table.event_words(unready) == "Ben is no longer ready to vote."
        words_drawn(back, again)
        assert "standin_ok" not in [b.key for b in back.buttons]  # the summary is read
        assert not back.stand_in.news(back.feed.log, 1, back.feed.roster)
    finally:
        hosted.close()
