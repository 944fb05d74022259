"""The lines of a table's log as types (docs/PROTOCOL.md, "The action log").

One type holds every field a line may carry, because a log is read back from disk,
where any line may be any kind: which fields a line has depends on its ``t``, and the
readers (``net.host``, ``net.resume``, ``net.replay``) check each one they use. The
writers are held to the field names and their types here.
"""

from __future__ import annotations

from typing import TypedDict

from core.game import Action, Seat
from net.messages import Options


class Settings(TypedDict, total=False):
    """The header's table settings beside its game and seats (``net.header.settings``):
    what ``host --resume`` takes back as it was."""

    bind: str
    games: int | None
    pause: float
    grace: float
    heartbeat: float
    timeout: float
    bot_delay: float
    rate: float
    spectators: int
    chat_burst: float
    chat_rate: float
    summary: float
    resume_wait: float
    owner: str | None
    next_after: float | None
    seed: int
    password: list[str] | None
    """``[salt, digest]`` of the table's password (``net.header.Password``), or None."""


class LogLine(Settings, total=False):
    """One line of the log. ``t`` says which: ``table`` (the header, first), ``game``,
    ``seat``, ``level``, ``act``, ``expire``, ``continue``, ``release``, ``clock``,
    ``stand_in`` or ``start``."""

    t: str
    # the header (``t: table``)
    v: int
    game: str
    players: int
    options: Options
    seats: list[str]
    """Each seat's kind: ``human`` or a bot level."""
    port: int
    public: str | None
    secret: str | None
    names: list[str | None] | None
    """A local table's seat names."""
    mode: str
    """``local`` for a single-screen or watched table."""
    started: float
    """When a local table was set up (seconds since the epoch)."""
    # a deal (``game``) and the people and bots at the table (``seat``, ``level``)
    no: int
    seat: Seat
    name: str
    token: str
    """The SHA-256 of the seat's token (the token itself never leaves its peer)."""
    level: str
    # steps (``act``, ``expire``, ``continue``, ``release``)
    action: Action
    by: str
    """``stand_in`` when a stand-in bot acted in a person's seat."""
    key: str | None
    """The window that expired (``expire``), or whose clock started (``clock``)."""
    tick: int
    """A local table's tick that applied the step."""
    at: float
    """A local table's clock when the step was applied."""
    # clocks and stand-ins (``net.resume``)
    wall: float
    on: bool
