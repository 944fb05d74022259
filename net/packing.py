"""Updates packed with the shared part of their views packed once, for all audiences.

When the game splits its views (``Game.shared_view``), every audience's update holds
the very same shared part. It is packed once per change; each audience's update is
then its own fields packed, with those bytes spliced into its view. msgpack lets a map
be written as a header and its packed key/value pairs, so the bytes are exactly those
``pack`` gives for the whole message (the peer reads the same map), only cheaper.
"""

from __future__ import annotations

from typing import Any

from net.protocol import pack
from net.talk import SHARED, TALK, TalkTrimmer

VIEW_KEY = b"\xa4view"
"""The key ``view``, packed (a fixstr of four bytes)."""


def map_header(count: int) -> bytes:
    """msgpack's header of a map of ``count`` pairs (fixmap, else map 16)."""
    return bytes([0x80 | count]) if count < 16 else b"\xde" + count.to_bytes(2, "big")


def pairs(data: dict[str, Any]) -> bytes:
    """The packed key/value pairs of ``data``, without the map's header."""
    packed = pack(data)
    return packed[1:] if len(data) < 16 else packed[3:]


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
        self.count = len(slim)
        self.packed = pairs(slim)

    def pack(self, message: dict[str, Any], own: dict[str, Any] | None = None) -> bytes:
        """One audience's update, its view holding this shared part. ``own`` is the
        audience's own part of the view when the caller holds it (``Outbound``'s stream
        does), so it need not be split out of the whole view again."""
        if own is None:
            keys = self.keys
            own = {k: v for k, v in message["view"].items() if k not in keys}
        fields = dict(message)
        del fields["view"]
        if self.rule is not None:
            fields[TALK] = self.rule
        return b"".join((map_header(len(fields) + 1), pairs(fields), VIEW_KEY,
                         map_header(len(own) + self.count), pairs(own), self.packed))
