"""The protocol's messages as types: each one docs/PROTOCOL.md describes, declared once.

The host builds every message it sends as one of these, and the type checker holds
each field to its declaration; ``net.protocol`` checks what a peer sends against the
same fields before a handler, typed with its message, sees it.

What a peer *receives* stays a plain map (``Received``): it is decoded from bytes a
host sent, checked only for its ``type``, and a screen reads it field by field.
"""

from __future__ import annotations

from typing import Any, Literal, NotRequired, TypedDict

from core.game import Action, Seat, View
from core.options import OptionValue

EventData = dict[str, Any]
"""One entry of a game's log as ``core.game.Event.data`` carries it (each game declares
its events in ``core/games/<game>/shapes.py``)."""

Received = dict[str, Any]
"""A message as a peer hands it to its screen: plain data decoded from the wire, whose
``type`` says which of the host's messages below it is."""

Options = dict[str, OptionValue]
"""A table's checked options (``core.game.Game.check_options``)."""


# -- peer -> host ----------------------------------------------------------------------
class JoinMessage(TypedDict):
    type: Literal["join"]
    v: int
    name: NotRequired[str]
    token: NotRequired[str]
    """Reclaims the seat this token was given for."""
    spectator: NotRequired[bool]
    password: NotRequired[str]
    ready: NotRequired[bool]
    """Ready along with the join (a peer with no person to ask)."""


class ActionMessage(TypedDict):
    type: Literal["action"]
    n: int
    """Strictly increasing per connection; the ``ack`` or ``error`` names it."""
    action: Action


class ReadyMessage(TypedDict):
    type: Literal["ready"]
    ready: bool


class BotLevelMessage(TypedDict):
    """The host's person puts a bot of ``level`` in ``seat`` (``net.lobby``)."""

    type: Literal["bot_level"]
    seat: Seat
    level: str


class BareMessage(TypedDict):
    """A message with no field but its type."""

    type: Literal["snapshot", "ping", "leave", "start"]


ClientMessage = JoinMessage | ActionMessage | ReadyMessage | BotLevelMessage | BareMessage
"""Everything a peer may send (``net.protocol.CLIENT_TYPES``)."""


# -- host -> peer ----------------------------------------------------------------------
class ScoreLine(TypedDict):
    """One finished game on a session's scoreboard (``net.resume.score_line``)."""

    game: str | None
    winners: list[Seat]
    scores: list[int]


class WelcomeMessage(TypedDict):
    type: Literal["welcome"]
    v: int
    seat: Seat | None
    token: str | None
    """Only when a seat was newly given: keep it."""
    game: str
    players: int
    options: Options
    scores: list[ScoreLine]


class WireDeadline(TypedDict):
    """The open window as an update carries it: its time left as the update was sent."""

    key: str
    seconds: float
    remaining: float


class HoldData(TypedDict):
    """The table's hold after a round (``net.hold``), the same for every audience."""

    seconds: float | None
    remaining: float | None
    waiting: list[Seat]


class UpdateMessage(TypedDict):
    type: Literal["update"]
    seq: int
    game_no: int
    snapshot: bool
    first_event: int
    view: View | None
    legal: list[Action] | None
    events: list[EventData]
    deadline: WireDeadline | None
    hold: NotRequired[HoldData]
    """Only while the table holds after a round."""
    talk: NotRequired[list[int]]
    """``[kept, added]``: how to rebuild the view's talk window (``net.talk``)."""


class AckMessage(TypedDict):
    type: Literal["ack"]
    n: int


class ErrorMessage(TypedDict):
    type: Literal["error"]
    code: str
    message: str
    n: NotRequired[int]
    """The action this error answers, when it answers one."""


class SeatEntry(TypedDict):
    """One seat of the lobby (``net.sessions.SeatRow`` in order)."""

    seat: Seat
    kind: str
    name: str
    claimed: bool
    connected: bool
    stand_in: bool
    ready: bool
    level: str | None


class WaitingData(TypedDict):
    """A resumed table's wait: seconds left, and the people not back yet."""

    remaining: float
    names: list[str]


class NextGameData(TypedDict):
    """Between games at a window's table: who deals the next game, and the countdown."""

    by: str
    countdown: float | None


class TableMessage(TypedDict):
    """The lobby, sent to everyone whenever it changes."""

    type: Literal["table"]
    started: bool
    ready_check: bool
    host_starts: bool
    game_no: int
    seats: list[SeatEntry]
    spectators: int
    waiting: NotRequired[WaitingData]
    next_game: NotRequired[NextGameData]


class PingMessage(TypedDict):
    type: Literal["ping"]


class ClosedMessage(TypedDict):
    type: Literal["closed"]
    reason: str


HostMessage = (WelcomeMessage | UpdateMessage | AckMessage | ErrorMessage | TableMessage
               | PingMessage | ClosedMessage)
"""Everything a host sends (``net.protocol.HOST_TYPES``)."""


class KeyReply(TypedDict):
    """The key socket's answer (``net.keys.key_reply``)."""

    type: Literal["key"]
    v: int
    key: str | None
    fingerprint: str | None
