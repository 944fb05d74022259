"""Updates packed with the shared part of their views packed once, for all audiences.

When the game splits its views (``Game.shared_view``), every audience's update holds
the very same shared part. It is packed once per change; each audience's update is
then its own fields packed, with those bytes spliced into its view. msgpack lets a map
be written as a header and its packed key/value pairs, so the bytes are exactly those
``pack`` gives for the whole message, key order included (the view in the order
``joined_view`` gives it, the talk rule last as ``TalkTrimmer.trim`` puts it), only
cheaper.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from core.game import joined_view
from net.protocol import pack
from net.talk import SHARED, TALK, TalkTrimmer

VIEW = "view"
VIEW_KEY = b"\xa4view"
"""The key ``view``, packed (a fixstr of four bytes)."""
SEAT = "seat"


def map_header(count: int) -> bytes:
    """msgpack's header of a map of ``count`` pairs (fixmap, else map 16)."""
    return bytes([0x80 | count]) if count < 16 else b"\xde" + count.to_bytes(2, "big")


def pairs(data: dict[str, Any]) -> bytes:
    """The packed key/value pairs of ``data``, without the map's header."""
    packed = pack(data)
    return packed[1:] if len(data) < 16 else packed[3:]


@lru_cache(maxsize=64)
def seat_pair(seat: int | None) -> bytes:
    """The packed pair ``seat``: the same few bytes in every update an audience gets."""
    return pairs({SEAT: seat})


class SharedPart:
    """The shared part of this flush's views, packed once (talk window trimmed once)."""

    def __init__(self, shared: dict[str, Any], talk: TalkTrimmer,
                 events: list[Any]) -> None:
        self.keys = shared.keys()
        self.rule: list[int] | None = None
        slim = shared
        if isinstance(shared.get(TALK), list):
            self.rule = talk.rule(SHARED, shared[TALK], events)
            if self.rule is not None:
                slim = {k: v for k, v in shared.items() if k != TALK}
        # The audience's seat goes out among the header fields: the shared fields are
        # packed in two runs, those before it and those after it.
        ordered = list(joined_view(slim, {SEAT: None}).items())
        at = [key for key, _ in ordered].index(SEAT)
        self.count = len(ordered) - 1
        self.before = pairs(dict(ordered[:at]))
        self.after = pairs(dict(ordered[at + 1 :]))

    def pack(self, message: dict[str, Any], own: dict[str, Any] | None = None) -> bytes:
        """One audience's update, its view holding this shared part. ``own`` is the
        audience's own part of the view when the caller holds it (``Outbound``'s stream
        does), so it need not be split out of the whole view again."""
        if own is None:
            keys = self.keys
            own = {k: v for k, v in message[VIEW].items() if k not in keys}
        rest = own.copy()
        seat = rest.pop(SEAT)
        head: dict[str, Any] = {}
        tail: dict[str, Any] = {}
        into = head
        for key, value in message.items():
            if key == VIEW:
                into = tail
            else:
                into[key] = value
        if self.rule is not None:
            tail[TALK] = self.rule
        # The view's own fields and the message's later ones are adjacent on the wire:
        # one pack for both, unless a key is in both (then the map would lose one).
        end = {**rest, **tail}
        ends = pairs(end) if len(end) == len(rest) + len(tail) else pairs(rest) + pairs(tail)
        return b"".join((
            map_header(len(head) + 1 + len(tail)), pairs(head), VIEW_KEY,
            map_header(self.count + 1 + len(rest)), self.before, seat_pair(seat),
            self.after, ends,
        ))
