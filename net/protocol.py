"""The wire protocol: limits, decoding and schema checks (docs/PROTOCOL.md).

Everything that arrives from a peer is untrusted bytes. It is size-checked, decoded
with msgpack's own limits, checked to be plain data of bounded depth, then checked
against the schema of its message type — and only then does the table see it.
"""

from __future__ import annotations

import threading
from functools import cache
from typing import Any, cast, get_args, get_origin, get_type_hints

import msgpack  # type: ignore[import-untyped]

from core.errors import ActionError, RulesError
from core.game import Action
from core.shapes import shapes_of
from net.glyphs import drawable
from net.messages import ActionMessage, ClientMessage, JoinMessage, Received

PROTOCOL_VERSION = 2
"""Version 2 added the ready check (the ``ready`` message, ``ready`` in ``table``)."""
ACCEPTED_VERSIONS = (1, 2)
"""A version-1 peer cannot say it is ready, so the host counts its seat as always ready."""
MAX_MESSAGE = 16 * 1024
"""Largest message the host reads; larger ones get a ``too_large`` error."""
HARD_LIMIT = 64 * 1024
"""ZeroMQ's MAXMSGSIZE: a peer that sends more than this is disconnected by ZeroMQ."""
MAX_DEPTH = 8
MAX_TEXT = 1024
MAX_NAME = 32
MAX_ITEMS = 256

CLIENT_TYPES = ("join", "action", "ready", "snapshot", "ping", "leave", "start", "bot_level")
HOST_TYPES = ("welcome", "update", "ack", "error", "table", "ping", "closed")


Fields = dict[str, Any]
"""A decoded message before its schema check: any plain map (``check_plain``)."""


class ProtocolError(RulesError):
    """A message the host refuses before it reaches the table."""


_packers = threading.local()
"""One msgpack Packer per thread: ``msgpack.packb`` makes (and sizes a buffer for) a new
Packer each call, which costs a host twice the packing itself, a dozen times an action."""


def pack(message: Any) -> bytes:
    packer = getattr(_packers, "packer", None)
    if packer is None:
        packer = _packers.packer = msgpack.Packer(use_bin_type=True)
    data: bytes = packer.pack(message)  # (a failed pack leaves its buffer empty)
    return data


def unpack(raw: bytes) -> ClientMessage:
    """Decode one message from a peer or raise ProtocolError with a code and a sentence."""
    if len(raw) > MAX_MESSAGE:
        raise ProtocolError("too_large", f"Messages are at most {MAX_MESSAGE} bytes.")
    try:
        data = msgpack.unpackb(
            raw,
            raw=False,
            strict_map_key=True,
            max_str_len=MAX_TEXT,
            max_bin_len=0,
            max_array_len=MAX_ITEMS,
            max_map_len=MAX_ITEMS,
            max_ext_len=0,
        )
    except Exception:  # noqa: BLE001 - msgpack raises many types; all mean "not msgpack"
        raise ProtocolError("not_msgpack", "The message is not valid msgpack.") from None
    if not isinstance(data, dict):
        raise ProtocolError("malformed", "A message must be a map.")
    check_plain(data, 0)
    kind = data.get("type")
    if not isinstance(kind, str):
        raise ProtocolError("malformed", "A message needs a text field 'type'.")
    if kind not in CLIENT_TYPES:
        raise ProtocolError("unknown_type", f"There is no message type {kind[:40]!r}.")
    _fields(data)
    message = cast(ClientMessage, data)  # (its declared fields were just checked)
    _more(message)
    return message


def check_plain(value: object, depth: int) -> None:
    """Plain data only: maps with text keys, lists, text, numbers, booleans, nil.

    Text, whole numbers, booleans and nil inside a map or list are checked in place,
    without a call each: every message from every peer passes through here."""
    if depth > MAX_DEPTH:
        raise ProtocolError("malformed", "The message is nested too deeply.")
    deeper = depth + 1
    shallow = deeper <= MAX_DEPTH
    if isinstance(value, dict):
        for key, item in value.items():
            if not isinstance(key, str):
                raise ProtocolError("malformed", "Map keys must be text.")
            kind = type(item)
            if not (shallow and (kind is str or kind is int or kind is bool or item is None)):
                check_plain(item, deeper)
    elif isinstance(value, list):
        for item in value:
            kind = type(item)
            if not (shallow and (kind is str or kind is int or kind is bool or item is None)):
                check_plain(item, deeper)
    else:
        _check_leaf(value)


def _check_leaf(value: object) -> None:
    if isinstance(value, float):
        if value != value or value in (float("inf"), float("-inf")):
            raise ProtocolError("malformed", "Numbers must be finite.")
    elif value is not None and not isinstance(value, (str, int, bool)):
        raise ProtocolError("malformed", "Only plain data may be sent.")


Kinds = tuple[type, ...]
"""The Python types a field's value may have."""


def _kinds(hint: object) -> Kinds:
    """A declared field's type as ``isinstance`` takes it (an ``Action`` map: dict)."""
    origin = get_origin(hint)
    return (origin if isinstance(origin, type) else cast(type, hint),)


@cache
def schemas() -> dict[str, tuple[dict[str, Kinds], dict[str, Kinds]]]:
    """Each message type a peer may send: its required and its optional fields, read
    from its declaration (``net.messages.ClientMessage``) when first needed."""
    out: dict[str, tuple[dict[str, Kinds], dict[str, Kinds]]] = {}
    for declared in get_args(ClientMessage):
        hints = get_type_hints(declared)
        for shape in shapes_of(declared):
            out[shape.kind] = ({name: _kinds(hints[name]) for name in shape.fields},
                               {name: _kinds(hints[name]) for name in shape.optional})
    return out


def _fields(data: Fields) -> None:
    """``data`` has exactly the fields its type declares, each of its declared type."""
    required, optional = schemas()[data["type"]]
    allowed = {"type", *required, *optional}
    extra = sorted(set(data) - allowed)
    if extra:
        raise ProtocolError("malformed", f"Unexpected field {extra[0][:40]!r} in {data['type']}.")
    for key in required:
        if key not in data:
            raise ProtocolError("malformed", f"Message {data['type']} needs field {key!r}.")
    for key, kinds in {**required, **optional}.items():
        if key in data and not _is(data[key], kinds):
            raise ProtocolError("malformed", f"Field {key!r} of {data['type']} has the wrong type.")


def _is(value: object, kinds: Kinds) -> bool:
    if isinstance(value, bool) and bool not in kinds:
        return False
    return isinstance(value, kinds)


def _join(data: JoinMessage) -> None:
    if data["v"] not in ACCEPTED_VERSIONS:
        raise ProtocolError(
            "bad_version", f"This host speaks protocol {PROTOCOL_VERSION}, not {data['v']}."
        )
    name = data.get("name", "")
    if len(name) > MAX_NAME or not all(ch.isprintable() for ch in name) or not drawable(name):
        raise ProtocolError("bad_name", f"A name is up to {MAX_NAME} characters that every "
                            "window can show: letters, digits and Japanese, no emoji.")
    if len(data.get("token", "")) > 64:
        raise ProtocolError("bad_token", "That token is not one this host gave out.")


def _action(data: ActionMessage) -> None:
    if not 0 < data["n"] < 2**62:
        raise ProtocolError("malformed", "Field 'n' must be a positive whole number.")
    check_action(data["action"])


def _more(message: ClientMessage) -> None:
    """What a message's declared fields cannot say: a join's version, name and token;
    an action's number and the shape every action shares."""
    if message["type"] == "join":
        _join(message)
    elif message["type"] == "action":
        _action(message)


def check_action(action: object) -> Action:
    """The shape every game's action shares; the game's ``apply`` checks the rest."""
    if not isinstance(action, dict) or not isinstance(action.get("type"), str):
        raise ActionError("malformed", "An action must be a map with a text field 'type'.")
    try:
        check_plain(action, 1)
    except ProtocolError as exc:
        raise ActionError(exc.code, exc.message) from None
    return action


REPLY_LIMIT = 8 * 1024 * 1024
"""Largest host message a peer reads (a snapshot carries the whole log of a game)."""


def unpack_reply(raw: bytes) -> Received:
    """Decode a message from the host (peers distrust it only as far as its shape)."""
    try:
        if len(raw) > REPLY_LIMIT:
            raise ValueError("too large")
        data = msgpack.unpackb(raw, raw=False)
    except Exception:  # noqa: BLE001 - any decoding failure means a broken message
        raise ProtocolError("not_msgpack", "The host sent something that is not msgpack.") from None
    if not isinstance(data, dict) or not isinstance(data.get("type"), str):
        raise ProtocolError("malformed", "The host sent a message without a type.")
    return data
