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

from collections.abc import Mapping, Sequence
from functools import lru_cache

import msgpack  # type: ignore[import-untyped]

from core.game import View, joined_view
from net.messages import UpdateMessage
from net.outbound import Audience
from net.protocol import pack
from net.talk import SHARED, TALK, TalkTrimmer

VIEW = "view"
SEAT = "seat"
HOLE = msgpack.ExtType(99, b"the shared view goes here")
"""Stands in for the view while the message's other fields are packed, in one go; the
view's bytes then take the place of its bytes."""
HOLE_BYTES = msgpack.packb(HOLE)


def map_header(count: int) -> bytes:
    """msgpack's header of a map of ``count`` pairs (fixmap, else map 16)."""
    return bytes([0x80 | count]) if count < 16 else b"\xde" + count.to_bytes(2, "big")


def pairs(data: Mapping[str, object]) -> bytes:
    """The packed key/value pairs of ``data``, without the map's header."""
    packed = pack(data)
    return packed[1:] if len(data) < 16 else packed[3:]


@lru_cache(maxsize=64)
def seat_pair(seat: int | None) -> bytes:
    """The packed pair ``seat``: the same few bytes in every update an audience gets."""
    return pairs({SEAT: seat})


class SharedPart:
    """The shared part of this flush's views, packed once (talk window trimmed once)."""

    def __init__(self, shared: View, talk: TalkTrimmer,
                 events: Sequence[object], last: SharedPart | None = None) -> None:
        """``last``: the previous flush's part; when its shared part is the very same
        object (``Outbound`` keeps an unchanged one), its packed runs are used again."""
        self.shared = shared
        self.keys = shared.keys()
        self.count: int
        self.before: bytes
        self.after: bytes
        self.rule: list[int] | None = None
        if isinstance(shared.get(TALK), list):
            self.rule = talk.rule(SHARED, shared[TALK], events)
        self.own: dict[Audience, tuple[View, int | None, bytes, int]] = {}
        """Each audience's own part and its packed pairs, by audience, while it is the
        very same object (``Outbound`` keeps an unchanged one); handed from flush to flush."""
        if last is not None:
            self.own = last.own
            if last.shared is shared and (last.rule is None) == (self.rule is None):
                self.count, self.before, self.after = last.count, last.before, last.after
                return
        slim = shared if self.rule is None else {k: v for k, v in shared.items() if k != TALK}
        # The audience's seat goes out among the header fields: the shared fields are
        # packed in two runs, those before it and those after it.
        ordered = list(joined_view(slim, {SEAT: None}).items())
        at = [key for key, _ in ordered].index(SEAT)
        self.count = len(ordered) - 1
        self.before = pairs(dict(ordered[:at]))
        self.after = pairs(dict(ordered[at + 1 :]))

    def _own(self, own: View, audience: Audience, keep: bool) -> tuple[int | None, bytes, int]:
        kept = self.own.get(audience) if keep else None
        if kept is not None and kept[0] is own:
            return kept[1], kept[2], kept[3]
        rest = own.copy()
        seat = rest.pop(SEAT)
        packed = pairs(rest)
        if keep:
            self.own[audience] = (own, seat, packed, len(rest))
        return seat, packed, len(rest)

    def pack(self, message: UpdateMessage, own: View | None = None,
             audience: Audience = None) -> bytes:
        """One audience's update, its view holding this shared part. ``own`` is the
        audience's own part of the view when the caller holds it (``Outbound``'s stream
        does), so it need not be split out of the whole view again; with the
        ``audience`` its packed pairs are kept while it is the same object."""
        keep = own is not None
        if own is None:
            keys = self.keys
            own = {k: v for k, v in (message["view"] or {}).items() if k not in keys}
        seat, own_pairs, own_count = self._own(own, audience, keep)
        frame: dict[str, object] = {**message, VIEW: HOLE}  # (the view keeps its place)
        if self.rule is not None:
            frame[TALK] = self.rule
        packed = pack(frame)
        # The fields before the view are the host's own numbers and flags, so the first
        # hole is the view's: no peer's text comes before it.
        at = packed.index(HOLE_BYTES)
        return b"".join((
            packed[:at], map_header(self.count + 1 + own_count), self.before,
            seat_pair(seat), self.after, own_pairs, packed[at + len(HOLE_BYTES) :],
        ))
