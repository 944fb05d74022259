"""The end of a game is the group's, in two real windows (the host's and a guest's,
dummy video) at a real host on 127.0.0.1: the result stays until everyone has pressed
*Continue* or the host *Next game*, a countdown shows only where the host set one, and
the new game's log starts afresh under a line that says which game it is."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from client.app import App
from client.feed import NEW_GAME
from client.kit import next_game
from client.scenes.connect import ConnectScene
from client.scenes.lobby import LobbyScene, host_lobby
from client.scenes.table import TableScene
from net.host import Host
from net.table import stand_in_level
from tests.test_stand_in import (
    ann_s_own_machine,
    close_windows,
    own_dirs,
    run_until,
    seated_host,
    window,
    words_drawn,
)

# the fixtures: own folders, windows closed after, Ann's seats kept on her own machine
__all__ = ["ann_s_own_machine", "close_windows", "own_dirs"]

QUICK = {"hour_seconds": 0.05, "discussion_seconds": 0.1, "vote_seconds": 0.1}


def two_windows_at_a_finished_game(tmp_path: Path, next_after: float | None = None
                                   ) -> tuple[App, App, Host, LobbyScene]:
    ann = window("Ann")
    lobby = host_lobby(ann, "cheese_thief", 4, dict(QUICK), 2, stand_in_level("cheese_thief"),
                       bind="127.0.0.1", announce=False, log_dir=tmp_path,
                       next_after=next_after)
    ann.push(lobby)
    assert lobby.hosted is not None
    host = lobby.hosted.host
    seated_host(ann, lobby)
    ben = window("Ben")
    ben.push(ConnectScene(ben, f"127.0.0.1:{host.port}"))
    run_until([ann, ben], lambda: isinstance(ben.scene, LobbyScene) and ben.scene.table is not None)
    guest = ben.scene
    assert isinstance(guest, LobbyScene)
    guest.toggle_ready()
    run_until([ann, ben], lambda: host._all_ready())
    lobby.peer.start()
    # With a countdown, the next game may come before a loaded machine's scenes have
    # shown the story sheet; the wait is then on the table's strip.
    run_until([ann, ben], lambda: host.games_done == 1 and all(
        isinstance(app.scene, TableScene) and app.scene.reveal.ended_at is not None
        and next_game.wait_of(app.scene.session) is not None
        and (next_after is not None or app.scene.reveal.showing(app.scene.time))
        for app in (ann, ben)), seconds=30)
    return ann, ben, host, lobby


def scene(app: App) -> TableScene:
    table = app.scene
    assert isinstance(table, TableScene)
    return table


def keys(app: App) -> list[str]:
    words_drawn(scene(app), app)
    return [b.key for b in scene(app).buttons]


def test_the_next_game_waits_for_everyone_s_continue_and_starts_a_fresh_log(
        tmp_path: Path) -> None:
    ann, ben, host, lobby = two_windows_at_a_finished_game(tmp_path)
    try:
        assert host.config.next_after is None
        ben_words = words_drawn(scene(ben), ben)
        assert any("waiting for Ann, Ben" in w for w in ben_words)
        assert not any("Next game in" in w for w in ben_words)  # the host set no countdown
        assert keys(ben) == ["next_continue", "menu"]  # a guest: Continue, no Next game
        assert keys(ann) == ["next_continue", "next_game", "menu"]
        end = time.monotonic() + 1.0
        run_until([ann, ben], lambda: time.monotonic() > end)
        assert host.table.outbound.game_no == 1  # nobody said so: the result stays

        button = next(b for b in scene(ben).buttons if b.key == "next_continue")
        scene(ben).press(button)
        assert not scene(ben).reveal.open  # the story folds away: Ben has read it
        run_until([ann, ben], lambda: any("waiting for Ann" in w and "Ben" not in w
                                          for w in words_drawn(scene(ben), ben)))
        assert "next_continue" not in keys(ben)
        assert host.table.outbound.game_no == 1

        button = next(b for b in scene(ann).buttons if b.key == "next_continue")
        scene(ann).press(button)
        run_until([ann, ben], lambda: all(scene(app).feed.game_no == 2 for app in (ann, ben)))
        for app in (ann, ben):
            log = scene(app).feed.log
            assert log[0] == {"type": NEW_GAME, "no": 2}
            assert not any(e.get("type") == "story" for e in log)  # nothing of game 1
            assert scene(app).event_words(log[0]) == "— Game 2 —"
            app.set_language("ja")  # (a new language draws the log box afresh)
            assert any("— 第2ゲーム —" in w for w in words_drawn(scene(app), app))
            app.set_language("en")
            assert any("— Game 2 —" in w for w in words_drawn(scene(app), app))
    finally:
        assert lobby.hosted is not None
        lobby.hosted.close()


def test_next_game_from_the_host_and_a_countdown_where_it_set_one(tmp_path: Path) -> None:
    ann, ben, host, lobby = two_windows_at_a_finished_game(tmp_path, next_after=6.0)
    try:
        for app in (ann, ben):
            assert any("Next game in" in w for w in words_drawn(scene(app), app))
        button = next(b for b in scene(ann).buttons if b.key == "next_game")
        scene(ann).press(button)  # Ben is still reading: the host deals all the same
        run_until([ann, ben], lambda: host.table.outbound.game_no == 2, seconds=2.0)
        run_until([ann, ben], lambda: host.games_done == 2, seconds=30)
        ended = host.finished_at
        assert ended is not None
        run_until([ann, ben], lambda: host.table.outbound.game_no == 3, seconds=20)
        assert time.monotonic() - ended >= 6.0  # the countdown dealt it, nobody pressed
    finally:
        assert lobby.hosted is not None
        lobby.hosted.close()


def test_the_host_form_sets_the_countdown(tmp_path: Path, monkeypatch: Any) -> None:
    from client import replays
    from client.scenes import lobby as lobby_module
    from client.scenes.menu import MenuScene

    monkeypatch.setattr(replays, "replay_dir", lambda: tmp_path)
    real = lobby_module.host_lobby  # on loopback, and not announced on the network
    monkeypatch.setattr(lobby_module, "host_lobby", lambda *args, **kw: real(
        *args, **{**kw, "bind": "127.0.0.1", "announce": False}))
    app = window("Ann")
    menu = app.scene
    assert isinstance(menu, MenuScene)
    menu.mode = "host"
    menu.port_text = "0"  # the form's 47470 may be taken by another table on this machine
    menu.build()
    assert "next_game" in menu.widgets  # only the host form has it
    menu.dropdown_changed(menu.widgets["next_game"], "or after 60 s")
    assert menu.next_after == 60.0
    lobby = menu.host(menu.options(), stand_in_level("cheese_thief"))
    assert isinstance(lobby, LobbyScene) and lobby.hosted is not None, menu.message
    try:
        assert lobby.hosted.host.config.next_after == 60.0
    finally:
        lobby.hosted.close()
        lobby.peer.close()
    menu.dropdown_changed(menu.widgets["next_game"], "when all continue")
    assert menu.next_after is None
    menu.mode = "single"
    menu.build()
    assert "next_game" not in menu.widgets
