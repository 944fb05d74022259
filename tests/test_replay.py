"""Replays: a finished table's log run through core gives every seat exactly the
updates the live table sent it; damaged or foreign files are one sentence; the command
line, the controls and the Replays screen work in a real (dummy-driver) window."""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
from pathlib import Path
from typing import Any

import msgpack  # type: ignore[import-untyped]
import pygame
import pytest

from client.app import HEADLESS_DT, App
from client.replays import list_replays, replay_dir, replay_scene, replay_session
from client.settings import Settings
from core.errors import OptionError
from net.local import LocalTable
from net.replay import load, messages

ROOT = Path(__file__).resolve().parents[1]


def comparable(message: dict[str, Any]) -> bytes:
    """The message as bytes, but for the seconds left on the clock (the replay's own)."""
    out = dict(message)
    if out.get("deadline"):
        out["deadline"] = {k: v for k, v in out["deadline"].items() if k != "remaining"}
    return bytes(msgpack.packb(out))


def play_local(path: Path, game_id: str, players: int, seed: int, kinds: list[str],
               human_moves: bool = False) -> dict[int | None, list[dict[str, Any]]]:
    """Play a local table to its end, keeping its log at ``path``; every message each
    audience received. People's seats play their first legal action."""
    table = LocalTable(game_id, players, {}, seed, kinds, bot_delay=0.05, log=path,
                       names=[f"P{s}" for s in range(players)])
    peers = {seat: table.join(seat) for seat in [None, *range(players)]}
    got: dict[int | None, list[dict[str, Any]]] = {seat: [] for seat in peers}
    asked: dict[int, Any] = {}
    now = 0.0
    for _ in range(20_000):
        if table.finished:
            break
        now += 0.02
        table.tick(now)
        for seat, peer in peers.items():
            for message in peer.poll():
                if message["type"] != "update":
                    continue
                got[seat].append(message)
                legal = message.get("legal")
                hold = message.get("hold")
                if hold is not None and seat in hold["waiting"]:
                    peer.send({"type": "continue"})  # the round summary read
                elif human_moves and seat is not None and kinds[seat] == "human" and legal and (
                        asked.get(seat) != legal):
                    asked[seat] = legal
                    peer.send(legal[0])
    table.tick(now + 0.02)
    for seat, peer in peers.items():
        got[seat] += [m for m in peer.poll() if m["type"] == "update"]
    assert table.finished
    return got


@pytest.mark.parametrize("game_id,players,kinds", [
    ("cheese_thief", 5, ["normal"] * 5),
    ("cheese_thief", 4, ["human", "normal", "human", "simple"]),
    ("knights", 6, ["human"] + ["simple"] * 5),
    ("choose", 4, ["simple"] * 4),
    ("sly_knights", 4, ["human", "simple", "simple", "simple"]),
])
def test_every_seat_gets_the_very_updates_the_live_table_sent(
        tmp_path: Path, game_id: str, players: int, kinds: list[str]) -> None:
    path = tmp_path / "table.log"
    live = play_local(path, game_id, players, 11, kinds, human_moves=True)
    recording = load(path)
    assert recording.finished_games() and recording.names[0] == "P0"
    for audience, sent in live.items():
        replayed = messages(recording, audience)
        assert [comparable(m) for m in replayed] == [comparable(m) for m in sent], audience


def test_a_person_without_a_name_is_called_by_their_seat_in_a_replay() -> None:
    from client.tables import logged_names

    assert logged_names(["You", "Ben (Bot)"], [0], "") == [None, "Ben (Bot)"]
    assert logged_names(["Mika", "Ben (Bot)"], [0], "Mika") == ["Mika", "Ben (Bot)"]


def test_a_local_table_keeps_its_log_private_in_the_data_directory() -> None:
    from client.tables import local_scene

    app = App(Settings(bot_delay=0.0), headless=True, size=(640, 360))
    try:
        before = set(replay_dir().glob("*.log")) if replay_dir().exists() else set()
        scene = local_scene(app, "cheese_thief", 4, {}, 5, 0, "simple", speed=64)
        app.push(scene)
        for _ in range(4000):
            if scene.session.finished():
                break
            app.step(HEADLESS_DT)
        assert scene.session.finished()
        left = local_scene(app, "cheese_thief", 4, {}, 6, 1, "simple")
        app.push(left)
        app.step(HEADLESS_DT)
        app.pop()  # left before the end: no replay, and no log left behind
    finally:
        app.close()
    made = set(replay_dir().glob("*.log")) - before
    assert len(made) == 1
    log = made.pop()
    assert stat.S_IMODE(log.stat().st_mode) == 0o600
    assert stat.S_IMODE(replay_dir().stat().st_mode) == 0o700
    assert any(entry.path == log for entry in list_replays())


@pytest.fixture(scope="module")
def finished_log(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("replay") / "cheese.log"
    play_local(path, "cheese_thief", 5, 3, ["normal"] * 5)
    return path


def refusal(path: Path) -> str:
    with pytest.raises(OptionError) as caught:
        load(path)
    return caught.value.message


def test_damaged_and_foreign_files_are_one_sentence(tmp_path: Path, finished_log: Path) -> None:
    lines = finished_log.read_text().splitlines()
    cases = {
        "junk": "not a log at all\n",
        "foreign": json.dumps({"hello": "world"}) + "\n",
        "empty": "",
        "game": lines[0].replace('"cheese_thief"', '"chess"') + "\n" + "\n".join(lines[1:]) + "\n",
        "torn": "\n".join(lines[:3]) + "\n{\"t\": \"act\", \"se\n" + "\n".join(lines[4:]) + "\n",
        "illegal": "\n".join(lines[:2] + [json.dumps({"t": "act", "seat": 0,
                                                      "action": {"type": "fly"}})]
                             + lines[2:]) + "\n",
        "moves_only": "\n".join([lines[0]] + lines[2:]) + "\n",
    }
    for name, content in cases.items():
        path = tmp_path / f"{name}.log"
        path.write_text(content)
        words = refusal(path)
        assert words.startswith(f"{name}.log cannot be replayed: ") and words.endswith(".")
        assert "\n" not in words and "Traceback" not in words
    unfinished = tmp_path / "unfinished.log"
    unfinished.write_text("\n".join(lines[:4]) + "\n")
    with pytest.raises(OptionError, match="no game in it was played to the end"):
        load(unfinished).game(None)
    assert list_replays(tmp_path) == []


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    return subprocess.run([sys.executable, "-m", "client.cli", *args], capture_output=True,
                          text=True, timeout=120, env=env, cwd=ROOT)


def test_the_command_line_replays_from_a_seat_and_with_everything(
        tmp_path: Path, finished_log: Path, capsys: pytest.CaptureFixture[str]) -> None:
    shot = tmp_path / "seat.png"
    done = run_cli("replay", str(finished_log), "--seat", "2", "--headless", "--frames", "30",
                   "--screenshot", str(shot), "--stats", "--size", "800x450", "--lang", "ja",
                   "--at", "3")
    assert done.returncode == 0, done.stderr
    stats = json.loads(done.stdout)
    # thirty turns; a turn whose picture is the last one's draws none (the dice now)
    assert stats["turns"] == 30 and stats["frames"] >= 1
    assert pygame.image.load(str(shot)).get_size() == (800, 450)
    done = run_cli("replay", str(finished_log), "--all", "--beliefs", "--headless", "--frames",
                   "20", "--speed", "4")
    assert done.returncode == 0, done.stderr
    junk = tmp_path / "junk.log"
    junk.write_text("{\n")
    done = run_cli("replay", str(junk), "--headless")
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr, done.stderr
    from client.cli import main

    for bad in (["replay", str(tmp_path / "missing.log"), "--headless"],
                ["replay", str(finished_log), "--seat", "9", "--headless"],
                ["replay", str(finished_log), "--seat", "1", "--beliefs", "--headless"],
                ["replay", str(finished_log), "--deal", "4", "--headless"],
                ["replay", str(finished_log), "--at", "9999", "--headless"]):
        assert main(bad) == 2, bad  # refused before any window opens
        words = capsys.readouterr().err
        assert words.startswith("cheeseknights: ") and words.count("\n") == 1, words


def key(scene: Any, name: int) -> None:
    scene.handle(pygame.event.Event(pygame.KEYDOWN, key=name, mod=0, unicode=""))


def click(app: App, scene: Any, button_key: str) -> None:
    app.step(HEADLESS_DT)
    button = next(b for b in scene.buttons if b.key == button_key)
    scene.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=button.rect.center, button=1))


def test_the_controls_play_pause_step_seek_and_speed(finished_log: Path) -> None:
    recording = load(finished_log)
    app = App(Settings(), headless=True, size=(1280, 720))
    try:
        scene = replay_scene(app, recording, None, 1)
        app.push(scene)
        session, control = scene.session, scene.session.replay
        app.step(HEADLESS_DT)
        key(scene, pygame.K_SPACE)
        assert session.paused
        key(scene, pygame.K_PERIOD)
        assert control.position == 1
        click(app, scene, "replay.step")
        assert control.position == 2
        assert scene.feed.legal == []  # nobody acts in a replay: no buttons to act with
        key(scene, pygame.K_COMMA)
        assert control.position == 1
        key(scene, pygame.K_END)
        assert control.position == control.steps and control.replay.finished
        seat_view = scene.feed.view
        assert seat_view is not None and seat_view["seat"] == 1 and seat_view["result"]
        heard = {name: getattr(scene, name) for name in scene.TABLE_WIDE}
        key(scene, pygame.K_HOME)
        assert control.position == 0
        assert scene.feed.view is not None and scene.feed.view["phase"] != "over"
        # back in time, what the whole table heard (the narrator) starts over too
        assert all(getattr(scene, name) is not was for name, was in heard.items())
        assert app.voice.subtitle is None
        click(app, scene, "replay.end")
        assert control.position == control.steps
        click(app, scene, "replay.start")
        speed = session.speed
        click(app, scene, "replay.faster")
        assert session.speed > speed
        key(scene, pygame.K_LEFT)
        assert session.speed == speed
        click(app, scene, "replay.play")
        assert not session.paused
        for _ in range(600):  # until it moves on, within ten seconds
            app.step(HEADLESS_DT)
            if control.position > 0:
                break
        assert control.position > 0
        track = scene._replay_track
        end = (track.right - 1, track.centery)
        scene.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=end, button=1))
        assert control.position == control.steps
        # a seat's replay shows that seat only: no "all cards", no beliefs
        key(scene, pygame.K_o)
        key(scene, pygame.K_b)
        assert not session.show_all and not session.show_beliefs
        assert session.omniscient is None and session.bot_views is None
        app.step(HEADLESS_DT)
        assert scene.feed.view is not None and scene.feed.view["seat"] == 1
    finally:
        app.close()


def test_a_replay_offers_no_table_talk(finished_log: Path) -> None:
    """A replay retells what was said; its talk box would send nothing anywhere."""
    recording = load(finished_log)
    app = App(Settings(), headless=True, size=(1280, 720))
    try:
        scene = replay_scene(app, recording, None, 1)
        app.push(scene)
        control, opened = scene.session.replay, 0
        for position in range(control.steps + 1):
            control.seek(position)
            app.step(HEADLESS_DT)
            view = scene.feed.view or {}
            opened += bool(view.get("chat_open"))
            assert not any(b.key.startswith("emote") for b in scene.buttons), position
        assert opened  # the replay did pass through the talk
    finally:
        app.close()


def test_two_seats_see_different_things_and_all_sees_everything(finished_log: Path) -> None:
    recording = load(finished_log)
    first = replay_session(recording, None, 0)
    second = replay_session(recording, None, 3)
    everything = replay_session(recording, None, None)
    for session in (first, second, everything):
        session.replay.seek(2)
    assert first.view() != second.view()
    assert first.view()["seat"] == 0 and second.view()["seat"] == 3  # type: ignore[index]
    full = everything.view()
    assert full is not None and everything.bot_views is not None
    assert len(list(everything.bot_views())) == 5


def test_the_replays_screen_lists_newest_first_renders_and_goes_back(
        tmp_path: Path, finished_log: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from client.scenes.menu import MenuScene
    from client.scenes.replays import ReplaysScene

    folder = tmp_path / "tables"
    folder.mkdir()
    older, newer = folder / "a.log", folder / "b.log"
    older.write_text(finished_log.read_text())
    newer.write_text(finished_log.read_text())
    os.utime(older, (1_000_000, 1_000_000))
    (folder / "junk.log").write_text("junk\n")
    monkeypatch.setattr("client.replays.replay_dir", lambda: folder)
    assert [e.path for e in list_replays()] == [newer, older]
    app = App(Settings(), headless=True, size=(1280, 720))
    try:
        menu = MenuScene(app)
        app.push(menu)
        app.step(HEADLESS_DT)
        menu.pressed(menu.widgets["replays"])
        screen = app.scene
        assert isinstance(screen, ReplaysScene)
        app.step(HEADLESS_DT)
        assert len(screen.entries) == 2
        screen.choose(0)
        screen.pressed(screen.widgets["go"])
        assert app.scene is not screen and app.scene.session.replay is not None
        for _ in range(5):
            app.step(HEADLESS_DT)
        key(app.scene, pygame.K_ESCAPE)
        assert app.scene is screen
        newer.write_text("damaged since it was listed\n")  # the file changed under us
        screen.pressed(screen.widgets["go"])
        assert app.scene is screen and screen.message.startswith("b.log cannot be replayed")
        app.step(HEADLESS_DT)
        screen.pressed(screen.widgets["back"])
        assert app.scene is menu
    finally:
        app.close()


def test_a_double_click_on_a_listed_game_replays_it(
        tmp_path: Path, finished_log: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Walked in a real window: a double-click on a game in the list did nothing; only
    *Replay* played it."""
    from client.scenes.replays import ReplaysScene

    folder = tmp_path / "tables"
    folder.mkdir()
    for name in ("a.log", "b.log"):
        (folder / name).write_text(finished_log.read_text())
    monkeypatch.setattr("client.replays.replay_dir", lambda: folder)
    app = App(Settings(), headless=True, size=(1280, 720))
    try:
        screen = ReplaysScene(app)
        app.push(screen)
        for _ in range(40):  # (a screen just come takes no click)
            app.step(HEADLESS_DT)
        rows = screen.widgets["list"].item_list_container.elements

        def click(row: int) -> None:
            for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
                pygame.event.post(pygame.event.Event(kind, pos=rows[row].rect.center, button=1))
            app.step(HEADLESS_DT)

        def keyboard() -> list[str]:
            return [target.key.split("@")[0] for target in screen.targets()]

        order = keyboard()
        click(1)  # one click chooses, and Tab still goes list, Watch from, Replay, Back
        for _ in range(40):  # (longer than a double-click)
            app.step(HEADLESS_DT)
        assert app.scene is screen and screen.chosen == 1 and keyboard() == order
        click(0)  # a double-click on a game not chosen yet
        click(0)
        for _ in range(3):
            app.step(HEADLESS_DT)
        assert app.scene is not screen and app.scene.session.replay is not None
        assert screen.chosen == 0
    finally:
        app.close()


def test_a_table_hosted_from_the_menu_keeps_its_log_where_replays_look(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from client.scenes.menu import MenuScene

    asked: dict[str, Any] = {}
    monkeypatch.setattr("client.scenes.lobby.host_lobby",
                        lambda *args, **kw: asked.update(kw) or "lobby")
    app = App(Settings(), headless=True, size=(640, 360))
    try:
        assert MenuScene(app).host({}, "normal") == "lobby"
    finally:
        app.close()
    assert asked["log_dir"] == replay_dir()
