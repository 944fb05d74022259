"""Every command-line mistake is one sentence on stderr and exit status 2, never a
traceback. The mistakes that wait for a network run as the real program, all at once
(from the end of collection, so their waiting runs beside other tests), along with one
argument mistake, so the real exit status and stderr are checked; the other argument
mistakes are read by the same ``main`` in this process, which spares a dozen
interpreters importing everything."""

from __future__ import annotations

from pathlib import Path

import pytest

from client.cli import main
from tests import early

NOBODY = "127.0.0.1:9"  # the discard port: nothing answers a table's key request there

PROCESSES = {
    # A window shows a refusal with a way on (Try again); without one it is a sentence.
    # A second is as good as the default five to find that nothing answers.
    "join, nothing answers": ["join", "--headless", NOBODY, "--answer-seconds", "1"],
    "bot, nothing answers": ["bot", "--connect", NOBODY],
    "host, port too high": ["host", "--headless", "--no-discovery", "--port", "80000"],
}
"""Mistakes run as real processes."""

MISTAKES = {
    "join, malformed address": ["join", "no-port-here"],
    "join, no time to answer": ["join", "--headless", NOBODY, "--answer-seconds", "0"],
    "join, a bot's seat to watch from": ["join", "--headless", "--bot", "--spectator", NOBODY],
    "bot, malformed address": ["bot", "--connect", "table:99999"],
    "bot, unknown level": ["bot", "--connect", NOBODY, "--level", "godlike"],
    "host, unknown bot level": ["host", "--headless", "--bots", "1", "--bot-level", "godlike"],
    "host, negative port": ["host", "--headless", "--no-discovery", "--port", "-5"],
    "host, phones' port too high": ["host", "--headless", "--no-discovery", "--port", "0",
                                    "--web-port", "70000"],
    "watch, screenshot into a missing folder": [
        "watch", "--headless", "--frames", "2", "--screenshot", "/no/such/folder/shot.png"],
    "host, missing resume file": ["host", "--headless", "--resume", "/no/such/table.log"],
    "watch, no games": ["watch", "--headless", "--games", "0"],
}
"""Mistakes read in this process."""


def one_sentence(name: str, code: int | str | None, err: str) -> None:
    lines = err.strip().splitlines()
    assert code == 2, (name, err)
    assert len(lines) == 1 and lines[0].startswith("cheeseknights: "), (name, err)
    assert lines[0].endswith("."), (name, err)


def test_each_mistake_is_one_sentence_and_exit_2(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    for name, argv in PROCESSES.items():  # (started when collection ended, if it ran)
        early.start(name, argv)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    for name, argv in MISTAKES.items():  # while the processes wait for their answers
        try:
            code: int | str | None = main(argv)
        except SystemExit as exc:
            code = exc.code
        one_sentence(name, code, capsys.readouterr().err)
    for name, argv in PROCESSES.items():
        one_sentence(name, *early.answer(name, argv))


@pytest.mark.parametrize("address", ["a b:5000", "127.0.0.1:٣٣٣٣", "table\t:5000"])
def test_an_address_not_written_as_one_says_how_to_write_it(
        address: str, capsys: pytest.CaptureFixture[str]) -> None:
    """A host with a space in it reached the socket, whose "Invalid argument" read "The
    table refused"; a port in Arabic-Indic digits was taken for 3333."""
    try:
        code: int | str | None = main(["join", address])
    except SystemExit as exc:
        code = exc.code
    err = capsys.readouterr().err
    one_sentence(address, code, err)
    assert "An address is written HOST:PORT" in err, err


def test_a_computer_named_in_japanese_is_an_address() -> None:
    """Its name goes to the socket as it is looked up (the socket refuses other letters)."""
    from net.peer import parse_address

    assert parse_address("ゆいのPC.local:5000") == ("xn--pc-e73a4goe.local", 5000)
    assert parse_address("[::1]:5000") == ("::1", 5000)
    assert parse_address("192.168.1.20:5000") == ("192.168.1.20", 5000)


@pytest.mark.parametrize("bind", ["a_b", "203.0.113.77"])
def test_a_host_bound_to_no_address_of_this_computer_says_so(
        bind: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """It said "No free pair of ports for the table." after trying fifty of them."""
    monkeypatch.setenv("CHEESEKNIGHTS_DATA_DIR", str(tmp_path))
    try:
        code: int | str | None = main(["host", "--headless", "--no-discovery", "--no-web",
                                       "--port", "0", "--bind", bind])
    except SystemExit as exc:
        code = exc.code
    err = capsys.readouterr().err
    one_sentence(bind, code, err)
    assert f"Cannot listen on {bind}: it is no address of this computer" in err, err


def test_no_display_is_one_sentence(tmp_path: Path) -> None:
    """Started where there is no display (a terminal over ssh), SDL drew the window
    offscreen and the program sat there, with nothing to see and nothing said."""
    import os
    import subprocess
    import sys

    env = {k: v for k, v in os.environ.items()
           if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")}
    env |= {"CHEESEKNIGHTS_CONFIG_DIR": str(tmp_path / "c"),
            "CHEESEKNIGHTS_DATA_DIR": str(tmp_path / "d"),
            "PYTHONPATH": str(Path(__file__).resolve().parent.parent)}
    done = subprocess.run([sys.executable, "-m", "client.cli"], env=env, capture_output=True,
                          text=True, timeout=60)
    said = [line for line in done.stderr.splitlines() if line.startswith("cheeseknights: ")]
    assert done.returncode == 2, done.stderr
    assert said == ["cheeseknights: Cannot open a window (no display: DISPLAY is not set). "
                    "Run with a display, or use --headless."], done.stderr
