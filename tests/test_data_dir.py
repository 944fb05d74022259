"""One data folder per installation: a LAN host's logs go where that installation's
window looks for replays and for *Resume your table*, and a test's folder keeps them out
of the user's own."""

from __future__ import annotations

from pathlib import Path

import pytest


def test_a_hosts_log_goes_where_the_window_reads_replays(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    from client import identity
    from client.replays import replay_dir
    from net.host import Host, HostConfig
    from net.log import default_log_dir

    monkeypatch.setenv(identity.DATA_ENV, str(tmp_path / "data"))
    assert default_log_dir() == replay_dir() == tmp_path / "data" / "tables"
    host = Host(HostConfig(game_id="cheese_thief", players=4, bots=4, bind="127.0.0.1"))
    try:
        assert host.log_path.parent == tmp_path / "data" / "tables"
        assert (tmp_path / "data" / "tables").stat().st_mode & 0o777 == 0o700
    finally:
        host.quit()
