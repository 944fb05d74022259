"""How a host is set up: its configuration and the table's own options."""

from __future__ import annotations

import contextlib
import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from core.options import OptionSpec, OptionValue
from net.limits import CHAT_BURST, CHAT_RATE, SPECTATORS

DATA_ENV = "CHEESEKNIGHTS_DATA_DIR"
"""Overrides the data folder (tests, and two installations on one machine)."""


def data_dir() -> Path:
    """This installation's data folder: its keys, seat tokens and the logs of the tables
    it ran. Here, below the client, so a table hosted from the window writes its log
    where that window's *Replays* and *Resume your table* look for it."""
    override = os.environ.get(DATA_ENV)
    if override:
        return Path(override)
    settings_override = os.environ.get("CHEESEKNIGHTS_CONFIG_DIR")
    if settings_override:  # a test's settings directory keeps its data too
        return Path(settings_override) / "data"
    import platformdirs

    return Path(platformdirs.user_data_dir("cheeseknights"))


GIVE_UP = 60.0
"""A bot peer that hears nothing at all from its host for this long stops.

Anything the host sends counts, heartbeats included: a long discussion in which
nothing happens but the host's pings must not drive the bot away. (Here, not in
``net.botpeer``, so the command line can print it without importing ZeroMQ.)"""

PEOPLE_PACE = 1.2
"""Seconds a bot waits before each move at a table people play: at 0.6 s two or three
Choose! steals happened between two looks of a person following them."""

TABLE_OPTIONS = (
    OptionSpec(
        "grace_seconds", 30.0,
        "Seconds a dropped player has to come back before a bot plays the seat.",
        "切断したプレイヤーの席をボットが代わりに打つまでの猶予(秒)。",
        minimum=0.0, maximum=3600.0,
    ),
    OptionSpec(
        "bot_seconds", PEOPLE_PACE,
        "How long an in-host bot waits before each move, in seconds, so the people at "
        "the table can follow every move.",
        "ホスト内ボットが1手ごとに待つ時間(秒)。人が1手ずつ追えるように。",
        minimum=0.0, maximum=60.0,
    ),
    OptionSpec(
        "summary_seconds", 60.0,
        "Longest wait after a round for everyone to read its summary, in seconds.",
        "ラウンドのまとめを全員が読み終えるまで待つ最長時間(秒)。",
        minimum=0.0, maximum=3600.0,
        title_en="Round summary (s)", title_ja="ラウンドのまとめ(秒)",
    ),
    OptionSpec(
        "resume_seconds", 6.0,
        "How long a resumed table waits for its people before its clock runs on, in "
        "seconds (the same wait whoever is awake).",
        "再開したテーブルが参加者の再接続を待つ時間(秒)。誰が起きていても同じ。",
        minimum=0.0, maximum=60.0,
    ),
    OptionSpec(
        "spectators", SPECTATORS,
        "How many spectators may watch the table at once.",
        "同時に観戦できる人数。",
        minimum=0, maximum=10000,
    ),
    OptionSpec(
        "chat_burst", CHAT_BURST,
        "Table-talk lines a seat may send at once.",
        "1席が一度に送れるチャットの行数。",
        minimum=1.0, maximum=1e6,
    ),
    OptionSpec(
        "chat_per_second", CHAT_RATE,
        "Table-talk lines a second a seat may keep sending after its burst.",
        "連続送信の後、1席が毎秒送れるチャットの行数。",
        minimum=0.01, maximum=1e6,
    ),
)
"""Options of the table itself (not of its game), given with ``--option`` like the rest."""


def split_options(raw: Mapping[str, object]) -> tuple[dict[str, object], dict[str, OptionValue]]:
    """(the game's options, the table's own options, checked and with defaults)."""
    own = {spec.name: spec for spec in TABLE_OPTIONS}
    game = {k: v for k, v in raw.items() if k not in own}
    table = {name: spec.parse(raw[name]) if name in raw else spec.default
             for name, spec in own.items()}
    return game, table


RESULT_PAUSE = 15.0
"""Seconds between games at a table people play, hosted from the window or from the
command line: the people at it read the result (who the Thief was, the scores) before
the next deal takes it off their screens; their windows say ready by themselves."""


@dataclass
class HostConfig:
    game_id: str
    players: int
    options: dict[str, object] = field(default_factory=dict)
    bots: int = 0
    bot_level: str | None = None
    """Level of the in-host bots; None: the game's best."""
    bind: str = "0.0.0.0"
    port: int = 0
    password: str | None = None
    grace: float = 30.0
    heartbeat: float = 1.0
    timeout: float = 4.0
    bot_delay: float = 0.6
    rate: float = 100.0
    games: int | None = None
    pause: float = RESULT_PAUSE
    curve: bool = True
    seed: int | None = None
    log_dir: Path | None = None
    spectators: int = SPECTATORS
    chat_burst: float = CHAT_BURST
    chat_rate: float = CHAT_RATE
    resume_wait: float = 6.0
    """Seconds a resumed table waits for its people (``net.host``): fixed, so the length
    of the interrupted night hour tells nothing of who was awake in it."""
    summary: float = 60.0
    """Longest hold after a round (``net.hold``) before the next round starts anyway."""
    next_after: float | None = None
    """At a table hosted from a window: seconds after a game's end when the next game is
    dealt anyway, counted down on every screen (None: only when the host's person says
    *Next game* or everyone has said *Continue*: ``net.between``)."""
    owner: str | None = None
    """The CURVE key of the person hosting from a window (``net.lobby``): the table then
    waits for their ``start``. None (the command-line host): it deals once all are ready."""
    host_keys: tuple[str, str] | None = None
    """The host's CURVE key pair (public, secret): the installation's own, so its
    fingerprint stays the same from table to table; None: a new pair for this table."""


def announce(line: str) -> None:
    """Print a line for people (and scripts) reading the host; a closed stdout is fine."""
    with contextlib.suppress(OSError):
        print(line, flush=True)
