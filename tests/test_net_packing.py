"""The shared part of the views packed once: every audience's update reads exactly as
the whole message packed for it alone would, talk window trimmed the same way."""

from __future__ import annotations

import random
from typing import Any

import msgpack
import pytest

from core.game import EMOTES
from net.packing import SharedPart, map_header, pairs
from net.protocol import pack
from net.table import Table
from net.talk import TalkKeeper, TalkTrimmer


def test_a_map_is_its_header_and_its_pairs() -> None:
    for size in (0, 1, 15, 16, 40):
        data = {f"k{i}": [i, {"x": i}] for i in range(size)}
        assert map_header(len(data)) + pairs(data) == pack(data)


def discussion() -> tuple[Table, float]:
    options = {"hour_seconds": 0.02, "follower_seconds": 0.02, "discussion_seconds": 3600}
    table = Table("cheese_thief", 8, options, 7, ["human"] * 8, bot_delay=0)
    now = 0.0
    while not table.game.chat_open(table.state):
        now += 0.05
        table.advance(now)
        if table.game.chat_open(table.state):
            break
        for seat in range(8):
            legal = table.game.legal_actions(table.state, seat)
            if legal:
                table.act(seat, legal[0], now)
    return table, now


def test_shared_packing_reads_as_the_whole_message() -> None:
    table, now = discussion()
    assert table.outbound.game.shared_view(table.state) is not None
    alone, shared = TalkTrimmer(), TalkTrimmer()
    keepers: dict[Any, TalkKeeper] = {}
    for line in range(100):  # past the 80 lines a view keeps
        table.act(line % 8, {"type": "chat", "text": f"line {line}"}, now)
        messages = table.updates(now)
        assert len(messages) == 9  # a line of talk is news for every audience
        part = SharedPart(table.outbound.shared or {}, shared, messages[0][1]["events"])
        for audience, message in messages:
            whole = msgpack.unpackb(pack(alone.trim(audience, message)), raw=False)
            spliced = msgpack.unpackb(part.pack(message), raw=False)
            assert spliced == whole
            own = table.outbound.streams[audience].view  # as the host hands it over
            assert part.pack(message, own) == part.pack(message)
            keeper = keepers.setdefault(audience, TalkKeeper())
            keeper.restore(spliced)
            assert spliced["view"] == table.game.view(table.state, audience)
    assert part.rule is not None  # the window did not travel whole


def test_the_hosts_way_packs_the_same_bytes() -> None:
    """As the host packs talk: views without their shared part (it goes in once), own
    parts and the shared runs kept from line to line while unchanged, and the bytes
    those of the whole message packed alone."""
    table, now = discussion()
    alone, shared = TalkTrimmer(), TalkTrimmer()
    last: SharedPart | None = None
    for line in range(100):
        table.act(line % 8, {"type": "chat", "text": f"line {line}"}, now)
        if line % 7 == 0:
            table.act(line % 8, {"type": "emote", "emote": EMOTES[0]}, now)
        messages = table.updates(now, whole=False)
        assert len(messages) == 9
        part = SharedPart(table.outbound.shared or {}, shared, messages[0][1]["events"], last)
        last = part
        for audience, message in messages:
            own = table.outbound.streams[audience].view
            assert message["view"] is own
            whole = {**message, "view": table.game.view(table.state, audience)}
            assert part.pack(message, own, audience) == pack(alone.trim(audience, whole))


@pytest.mark.parametrize(("game_id", "players"), [
    ("cheese_thief", 6), ("choose", 5), ("knights", 8), ("sly_knights", 4)])
def test_spliced_bytes_are_the_whole_message_packed(game_id: str, players: int) -> None:
    """Byte for byte, key order included: a peer cannot tell a spliced update from the
    whole message packed alone, whichever game, at every step of a seeded game."""
    table = Table(game_id, players, {}, 3, ["human"] * players, bot_delay=0)
    rng = random.Random(3)
    alone, shared = TalkTrimmer(), TalkTrimmer()
    now, checked = 0.0, 0
    while not table.finished:
        messages = table.updates(now)
        assert table.outbound.shared is not None
        if messages:
            part = SharedPart(table.outbound.shared, shared, messages[0][1]["events"])
            for audience, message in messages:
                own = table.outbound.streams[audience].view
                assert part.pack(message, own) == pack(alone.trim(audience, message))
                checked += 1
        if table.hold is not None and table.hold.waiting:
            table.act(min(table.hold.waiting), {"type": "continue"}, now)
            continue
        movers = [s for s in range(players) if table.game.legal_actions(table.state, s)]
        if not movers:
            now += 60.0
            table.advance(now)
            continue
        seat = rng.choice(movers)
        table.act(seat, rng.choice(table.game.legal_actions(table.state, seat)), now)
    assert checked > 10 * players
