"""Bots that show what they think: the belief drawn is the one the bot decides from,
read through the bot's own ``belief``; showing it changes no decision; and it is drawn
only where every seat's view may be shown (watching bots, a replay with everything)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import msgpack  # type: ignore[import-untyped]
import pygame
import pytest

from client.app import HEADLESS_DT, App
from client.kit import beliefs
from client.kit.beliefs import beliefs_shown
from client.replays import replay_session
from client.session import Session
from client.settings import Settings
from net.local import LocalTable
from net.replay import load

TABLES = [("cheese_thief", 5, "normal"), ("cheese_thief", 6, "hard"), ("knights", 6, "normal"),
          ("knights", 6, "simple"), ("choose", 4, "normal"), ("sly_knights", 4, "normal"),
          ("sly_knights", 3, "hard")]


def summary(belief: Any) -> Any:
    """A belief as plain data, to compare two of them."""
    if isinstance(belief, dict):
        return belief
    if hasattr(belief, "marginals"):
        return belief.marginals()
    if hasattr(belief, "unknown_mice"):
        return [belief.unknown_mice(), [m.top for m in belief.mice]]
    return [sorted(belief.risk.unseen.items()), belief.spare]


def packed(view: dict[str, Any]) -> bytes:
    return bytes(msgpack.packb(view))


class Spy:
    """Wraps one bot: what its decisions read from ``belief``, and for which view."""

    def __init__(self, bot: Any) -> None:
        self.bot, self.deciding = bot, False
        self.decided: dict[bytes, Any] = {}
        self.acts = 0
        self.read_while_deciding = 0
        belief, act = bot.belief, bot.act

        def spied_belief(view: dict[str, Any]) -> Any:
            out = belief(view)
            if self.deciding:
                self.decided[packed(view)] = summary(out)
                self.read_while_deciding += 1
            return out

        def spied_act(view: dict[str, Any], legal: list[Any]) -> Any:
            self.deciding, self.acts = True, self.acts + 1
            try:
                return act(view, legal)
            finally:
                self.deciding = False

        bot.belief, bot.act = spied_belief, spied_act


def watch(game_id: str, players: int, level: str, seed: int = 4, *, show: bool = True,
          log: Path | None = None) -> tuple[LocalTable, Session, dict[int, Spy], int]:
    """A watched table of bots played to its end, the beliefs read at every tick."""
    table = LocalTable(game_id, players, {}, seed, [level] * players, bot_delay=0.3, log=log)
    session = Session.local(table, [], [f"B{s}" for s in range(players)])
    spies = {seat: Spy(bot) for seat, bot, _ in table.bot_views()} if show else {}
    shown: dict[tuple[int, bytes], Any] = {}
    now = 0.0
    while not table.finished and now < 5000:
        if show:  # what the screen shows just before the bots decide
            for seat, belief, view in beliefs.read(session):
                shown[(seat, packed(view))] = summary(belief)
        now += 0.2
        table.tick(now)
    assert table.finished
    compared = 0
    for seat, spy in spies.items():
        for view, decided in spy.decided.items():
            if (seat, view) in shown:
                assert shown[(seat, view)] == decided, (game_id, seat)
                compared += 1
    return table, session, spies, compared


@pytest.mark.parametrize("game_id,players,level", TABLES)
def test_the_belief_shown_is_the_one_the_decision_read(
        game_id: str, players: int, level: str) -> None:
    _, session, spies, compared = watch(game_id, players, level)
    assert all(spy.acts for spy in spies.values())
    # Most seats read it (the Thief and its Followers, who know, may never need to).
    assert sum(bool(spy.read_while_deciding) for spy in spies.values()) >= players // 2
    assert compared > 0
    title, head, rows = beliefs.table(session)
    assert len(rows) == players


@pytest.mark.parametrize("game_id,players,level", [TABLES[i] for i in (0, 2, 4, 5)])
def test_showing_beliefs_changes_no_decision(tmp_path: Path, game_id: str, players: int,
                                             level: str) -> None:
    def steps(path: Path) -> list[str]:
        return [line for line in path.read_text().splitlines()
                if json.loads(line)["t"] in ("act", "expire")]

    watch(game_id, players, level, show=True, log=tmp_path / "shown.log")
    watch(game_id, players, level, show=False, log=tmp_path / "hidden.log")
    assert steps(tmp_path / "shown.log") == steps(tmp_path / "hidden.log")


def key(scene: Any, name: int) -> None:
    scene.handle(pygame.event.Event(pygame.KEYDOWN, key=name, mod=0, unicode=""))


def test_beliefs_are_drawn_when_watching_and_never_at_a_seat(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from client.tables import local_scene

    drawn: list[int] = []
    real = beliefs.table
    monkeypatch.setattr(beliefs, "table", lambda session: drawn.append(1) or real(session))
    app = App(Settings(bot_delay=0.3), headless=True, size=(1280, 720))
    try:
        watching = local_scene(app, "cheese_thief", 5, {}, 2, 0, "normal")
        app.push(watching)
        app.step(HEADLESS_DT)
        assert not drawn and not beliefs_shown(watching.session)
        key(watching, pygame.K_b)  # the key, as in the help line
        app.step(HEADLESS_DT)
        assert beliefs_shown(watching.session) and drawn
        key(watching, pygame.K_o)  # the spectator's view: no beliefs with it
        assert not beliefs_shown(watching.session)
        app.pop()
        playing = local_scene(app, "cheese_thief", 5, {}, 2, 1, "normal")
        app.push(playing)
        playing.session.show_beliefs = True  # even if asked for, a seat's table has none
        key(playing, pygame.K_b)
        drawn.clear()
        for _ in range(3):
            app.step(HEADLESS_DT)
        assert playing.session.bot_views is None and not beliefs_shown(playing.session)
        assert not drawn
    finally:
        app.close()
    _, _, _, _ = watch("cheese_thief", 5, "normal", show=False, log=tmp_path / "t.log")
    recording = load(tmp_path / "t.log")
    seat = replay_session(recording, None, 2)
    seat.show_beliefs = True
    assert seat.bot_views is None and not beliefs_shown(seat)
    everything = replay_session(recording, None, None)
    everything.show_beliefs = True
    everything.replay.seek(3)
    assert beliefs_shown(everything)
    assert len(beliefs.table(everything)[2]) == 5
