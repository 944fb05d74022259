"""The authority in-process: clocks, bots, the outbound filter, errors, log replay.

Generic over every registered game; the one Cheese Thief test checks the property the
filter exists for (a lone peek at night sends nothing to anyone else).
"""

from __future__ import annotations

import pickle
from typing import Any

import msgpack
import pytest

from core.errors import ActionError, OptionError
from core.game import Game
from core.registry import GAMES
from core.rng import Rng
from net.hold import same_hold
from net.local import LocalPeer, LocalTable
from net.table import HUMAN, Table, stand_in_level
from tests.cheese_rig import rig


def sizes(game: Game[Any]) -> list[int]:
    """Table sizes the game accepts with its default options."""
    out = []
    for n in range(game.min_players, game.max_players + 1):
        try:
            game.check_options(n, {})
        except OptionError:
            continue
        out.append(n)
    return out


def timers(game: Game[Any], n: int, seconds: float) -> dict[str, object]:
    """Every timer option of a game at ``n`` players set to ``seconds`` (within bounds)."""
    out: dict[str, object] = {}
    for spec in game.options:
        if isinstance(spec.default, float) and "seconds" in spec.name and spec.applies(n):
            low = spec.minimum if spec.minimum is not None else 0.0
            out[spec.name] = max(low, seconds)
    return out


def drain(peers: list[LocalPeer]) -> list[list[dict[str, Any]]]:
    return [p.poll() for p in peers]


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_all_bot_tables_finish_and_every_screen_gets_a_gapless_stream(game_id: str) -> None:
    game = GAMES[game_id]
    for n in (sizes(game)[0], sizes(game)[-1]):
        table = LocalTable(game_id, n, timers(game, n, 1.0), 11, [stand_in_level(game_id)] * n,
                           bot_delay=0.05)
        assert table.all_bots
        peers = [table.join(None)] + [table.join(s) for s in range(n)]
        seen: list[list[dict[str, Any]]] = [[] for _ in peers]
        now = 0.0
        while not table.finished and now < 5000:
            table.tick(now)
            for box, got in zip(seen, drain(peers), strict=True):
                box.extend(got)
            now += 0.02
        assert table.finished
        assert table.omniscient_view() is not None
        for peer, got in zip(peers, seen, strict=True):
            assert got[0]["snapshot"] is True
            seqs = [m["seq"] for m in got]
            assert seqs == list(range(seqs[0], seqs[0] + len(seqs)))
            assert all(m["type"] == "update" and m["view"]["seat"] == peer.seat for m in got)
            if peer.seat is None:
                assert all(m["legal"] == [] for m in got)


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_watching_screen_s_everything_view_is_never_stale(game_id: str) -> None:
    """The everything-view a watching screen asks for each frame is built once per
    change of the state, and is the state's own at every tick of a whole game."""
    game = GAMES[game_id]
    n = sizes(game)[-1]
    table = LocalTable(game_id, n, timers(game, n, 1.0), 5, [stand_in_level(game_id)] * n,
                       bot_delay=0.05)
    now, built = 0.0, set()
    while not table.finished and now < 5000:
        table.tick(now)
        view = table.omniscient_view()
        assert view == msgpack.unpackb(msgpack.packb(game.omniscient_view(
            table._table.state)), raw=False)
        assert table.omniscient_view() is view  # (asked again, nothing changed: kept)
        built.add(id(view))
        now += 0.02
    assert table.finished and 1 < len(built) < now / 0.02


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_an_update_goes_out_exactly_when_that_audience_s_content_changed(game_id: str) -> None:
    game = GAMES[game_id]
    n = sizes(game)[0]
    table = Table(game_id, n, timers(game, n, 0.5), 5, [HUMAN] + ["random"] * (n - 1),
                  bot_delay=0.1)
    rng = Rng(3)
    last: dict[Any, tuple[Any, Any, Any]] = {}
    scanned: dict[Any, int] = {a: 0 for a in [None, *range(n)]}
    now = 0.0
    while not table.finished and now < 10_000:
        legal = game.legal_actions(table.state, 0)
        if table.hold is not None and rng.below(3) == 0:
            table.act(0, {"type": "continue"}, now)  # the round summary read
        elif legal and table.hold is None and rng.below(3) == 0:
            table.act(0, rng.choice(legal), now)
        table.advance(now)
        sent = dict(table.updates(now))
        deadline = game.deadline(table.state)
        for audience in [None, *range(n)]:
            content = (
                game.view(table.state, audience),
                [] if audience is None else game.legal_actions(table.state, audience),
                None if deadline is None else (deadline.key, deadline.seconds),
                same_hold(table.hold_data(now)),
            )
            visible = [e.data for e in table.events[scanned[audience]:] if e.visible_to(audience)]
            scanned[audience] = len(table.events)
            changed = content != last.get(audience) or bool(visible)
            assert (audience in sent) == changed, (audience, now)
            if audience in sent:
                message = sent[audience]
                assert message["view"] == content[0] and message["legal"] == content[1]
                assert message["events"] == visible
                last[audience] = content
        now += 0.05
    assert table.finished


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_windows_that_must_not_end_early_last_their_full_length_with_a_person(
    game_id: str,
) -> None:
    game = GAMES[game_id]
    n = sizes(game)[0]
    table = LocalTable(game_id, n, timers(game, n, 0.3), 9, [HUMAN] * n, bot_delay=0.0)
    peers = [table.join(s) for s in range(n)]
    watcher = table.join(None)
    rng = Rng(4)
    opened: list[tuple[str, float, float, bool]] = []
    now = 0.0
    while not table.finished and now < 1000:
        table.tick(now)
        for peer, got in zip(peers, drain(peers), strict=True):
            for message in got:
                hold = message.get("hold")
                if hold is not None and peer.seat in hold["waiting"]:
                    peer.send({"type": "continue"})
                elif message.get("legal") and hold is None:
                    peer.send(rng.choice(message["legal"]))
        for message in watcher.poll():
            d = table._table.game.deadline(table._table.state)
            if message["deadline"] and (not opened or opened[-1][0] != message["deadline"]["key"]):
                opened.append((message["deadline"]["key"], now, message["deadline"]["seconds"],
                               d.ends_early if d else True))
        now = round(now + 0.01, 2)
    assert table.finished
    fixed = 0
    for (_, start, seconds, early), (_, nxt, _, _) in zip(opened, opened[1:], strict=False):
        if not early:
            fixed += 1
            assert nxt - start == pytest.approx(seconds, abs=0.011)
    if game_id == "cheese_thief":
        assert fixed >= 6  # the six night hours, at least


def test_a_lone_peek_at_night_sends_nothing_to_anyone_else() -> None:
    """Two nights identical but for seat 1 peeking or passing: every other stream is equal."""

    def streams(move: dict[str, Any]) -> list[bytes]:
        table = LocalTable("cheese_thief", 5, {"hour_seconds": 1.0}, 1,
                           ["random", HUMAN, "random", "random", "random"], bot_delay=0.2)
        state, opening = rig("TSSSS", [3, 2, 4, 5, 6])
        table._table.state, table._table.events = state, list(opening)
        me = table.join(1)
        others = [table.join(s) for s in (None, 0, 2, 3, 4)]
        out: list[bytes] = []
        now = 0.0
        while state.phase in ("night",) and now < 20:
            table.tick(now)
            for message in me.poll():
                if {"type": "pass"} in message["legal"]:
                    me.send(move)
            for got in drain(others):
                out.extend(msgpack.packb(m) for m in got)
            now = round(now + 0.05, 2)
        assert any(p["target"] == 2 for p in state.peeks[1]) == (move["type"] == "peek")
        return out

    assert streams({"type": "peek", "target": 2}) == streams({"type": "pass"})


def test_bad_actions_get_errors_and_change_nothing() -> None:
    table = LocalTable("cheese_thief", 5, {}, 2, [HUMAN] + ["random"] * 4, bot_delay=5.0)
    me, bot_seat, watcher = table.join(0), table.join(1), table.join(None)
    table.tick(0.0)
    drain([me, bot_seat, watcher])
    before = pickle.dumps(table._table.state)
    bad: list[Any] = [
        {"type": "vote", "target": 3}, {"type": "peek"}, {"no": "type"}, [1, 2], "x",
        {"type": "take", "extra": {"deep": [1.5, None]}}, {"type": "chat", "text": "hi"},
    ]
    for action in bad:
        me.send(action)
    bot_seat.send({"type": "pass"})
    watcher.send({"type": "pass"})
    table.tick(0.1)
    assert pickle.dumps(table._table.state) == before
    errors = [m for m in me.poll() if m["type"] == "error"]
    assert len(errors) == len(bad) and all(e["code"] and e["message"] for e in errors)
    assert [m["code"] for m in bot_seat.poll()] == ["bot_seat"]
    assert [m["code"] for m in watcher.poll()] == ["spectator"]
    assert table.omniscient_view() is None


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_the_action_log_replays_to_the_same_views(game_id: str) -> None:
    game = GAMES[game_id]
    n = sizes(game)[0]
    records: list[dict[str, Any]] = []

    class Sink:
        def append(self, record: dict[str, Any]) -> None:
            records.append(msgpack.unpackb(msgpack.packb(record)))

    options = timers(game, n, 0.2)
    table = Table(game_id, n, options, 21, ["random"] * n, bot_delay=0.05, recorder=Sink())
    now = 0.0
    while not table.finished and now < 10_000:
        table.advance(now)
        now += 0.03
    copy = Table(game_id, n, options, 21, ["random"] * n)
    for record in records:
        copy.replay(record)
    assert copy.finished
    for seat in [None, *range(n)]:
        assert game.view(copy.state, seat) == game.view(table.state, seat)
    with pytest.raises(ActionError):
        copy.replay({"t": "expire", "key": "no such window"})
