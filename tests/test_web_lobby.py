"""The window host's lobby draws the phones' join code, and a phone that joins through
it sits at the window's table beside the window's own seat; where the phones' port is
taken, the lobby says so. A real host thread, its real gateway, real sockets on
127.0.0.1, a real scene (dummy video)."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pygame
import pytest

from client.i18n import set_language, tr
from client.kit import ink
from client.phones import code_matrix
from client.scenes.lobby import LobbyScene, host_lobby
from client.scenes.phone_code import code_side
from net.web.gateway import join_url
from tests.phone_rig import phone, phones_port_taken
from tests.ports import table_port
from tests.window_rig import own_window, run_until

pytestmark = pytest.mark.usefixtures("host_closes_at_once")


@pytest.fixture
def window(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    with own_window(tmp_path, monkeypatch) as app:
        yield app


def test_the_lobby_shows_the_code_and_a_phone_takes_a_seat(window: Any, tmp_path: Path) -> None:
    lobby = host_lobby(window, "cheese_thief", 4, {}, 2, "simple", bind="127.0.0.1",
                       announce=False, log_dir=tmp_path, port=table_port())
    window.push(lobby)
    hosted = lobby.hosted
    assert isinstance(lobby, LobbyScene) and hosted is not None
    keys = hosted.host.keys
    assert keys is not None and hosted.gateway is not None
    assert hosted.gateway.port == hosted.host.port + 2
    assert hosted.phones_url == join_url("127.0.0.1", hosted.host.port + 2, keys.public)
    rig = SimpleNamespace(gateway=hosted.gateway, keys=keys)
    with phone(rig) as p:  # type: ignore[arg-type]
        p.send({"type": "join", "v": 2, "name": "Mika"})
        seat = p.until("welcome")["seat"]
        run_until(window, lambda: any(s.get("name") == "Mika" and s["seat"] == seat
                                      for s in (lobby.table or {}).get("seats") or []), 10)
        window.step(0.05)
        path = tmp_path / "lobby-code.png"
        pygame.image.save(window.screen, str(path))
        if os.environ.get("CHEESEKNIGHTS_SHOTS"):
            shutil.copy(path, Path(os.environ["CHEESEKNIGHTS_SHOTS"]) / path.name)
    # the code drawn is the join address's, module for module
    matrix = code_matrix(hosted.phones_url)
    w, h = window.screen.get_size()
    module = max(2, code_side(w, h) // len(matrix))
    left, top = w - w // 5 - module * len(matrix), h - h // 7 - module * len(matrix)
    for row in range(len(matrix)):
        for col in range(len(matrix)):
            colour = window.screen.get_at((left + col * module + module // 2,
                                           top + row * module + module // 2))
            assert (colour.r < 128) == matrix[row][col]


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_lobby_whose_phones_port_is_taken_says_so(window: Any, tmp_path: Path,
                                                    lang: str) -> None:
    """The phones' port (the table's + 2) held by another program: the table goes on
    without phones, and its lobby showed no code and no word why."""
    port, held = phones_port_taken()
    with held:
        set_language(lang)
        try:
            lobby = host_lobby(window, "cheese_thief", 4, {}, 2, "simple", bind="127.0.0.1",
                               announce=False, log_dir=tmp_path, port=port)
            window.push(lobby)
            run_until(window, lambda: lobby.table is not None, 10)
            assert lobby.hosted is not None and lobby.hosted.phones_url is None
            recorder = ink.start()
            try:
                lobby.draw(window.screen)
                drawn = "".join(d.words for d in recorder.drawn)
            finally:
                ink.stop()
            said = tr("lobby.phones_off", port=port + 2)
        finally:
            set_language("en")
    assert str(port + 2) in said and said.replace(" ", "") in drawn.replace(" ", ""), drawn
