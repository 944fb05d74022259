"""A table announced at several addresses: the joining window asks them all and joins
at the first that answers. A real host on a thread, real sockets on 127.0.0.1, real
scenes (dummy video)."""

from __future__ import annotations

import socket
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from client.app import App
from client.scenes.connect import ConnectScene
from client.scenes.lobby import HostedTable, LobbyScene
from net.host import HostConfig
from tests.window_rig import own_window, run_until

pytestmark = pytest.mark.usefixtures("host_closes_at_once")


@pytest.fixture
def window(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[App]:
    with own_window(tmp_path, monkeypatch) as app:
        yield app


def free_port() -> int:
    probe = socket.socket()
    probe.bind(("127.0.0.1", 0))
    port: int = probe.getsockname()[1]
    probe.close()
    return port


def test_a_window_joins_at_the_announced_address_that_answers(window: App,
                                                               tmp_path: Path) -> None:
    hosted = HostedTable(HostConfig(game_id="cheese_thief", players=4, bots=2,
                                    bind="127.0.0.1", log_dir=tmp_path), announce=False)
    try:
        real = f"127.0.0.1:{hosted.host.port}"
        dead = f"127.0.0.1:{free_port()}"  # an address of the host this guest cannot reach
        scene = ConnectScene(window, dead, also=[real], answer_wait=3.0)
        window.push(scene)
        started = time.monotonic()
        run_until(window, lambda: isinstance(window.scene, LobbyScene), 10)
        assert time.monotonic() - started < 3.0  # not after the dead one's wait
        lobby = window.scene
        assert isinstance(lobby, LobbyScene) and lobby.address == real
        assert lobby.peer.seat == 0
    finally:
        hosted.close()


def test_no_address_answering_names_them_all(window: App) -> None:
    first, second = f"127.0.0.1:{free_port()}", f"127.0.0.1:{free_port()}"
    scene = ConnectScene(window, first, also=[second], answer_wait=0.5)
    window.push(scene)
    run_until(window, lambda: scene.state == "refused", 10)
    assert scene.refusal == "no_answer"
    assert first in scene.sentence and second in scene.sentence
