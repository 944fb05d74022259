"""The contract every registered game keeps, checked over the registry.

A fifth game registered in ``core.registry`` is held to all of it with no test of its
own: random play ends, legal actions apply, data survives the wire, bad input changes
nothing, every view carries the header, no seed or generator state leaves the host, a
seed and its actions replay the game, and a secrecy construction proves the game hides
what it must.
"""

from __future__ import annotations

import pickle
from collections.abc import Iterator
from typing import Any

import msgpack
import pytest

from core.errors import ActionError, OptionError
from core.game import EMOTES, HEADER, Event, Game, SeatHeader, ViewHeader, joined_view
from core.registry import GAMES
from core.rng import Rng
from tests.example_game import EXAMPLE, register_example, unregister_example
from tests.rules_rig import copied
from tests.secrecy import CONSTRUCTIONS, hidden_updates

SEEDS = (1, 2)
BIG = 2**40 + 977
"""A seed no view could hold by chance: if one does, it is the seed."""


CONTRACT = {**GAMES, EXAMPLE.id: EXAMPLE}
"""Every registered game, and the example game of docs/ADDING_A_GAME.md."""


@pytest.fixture(autouse=True, scope="module")
def example_registered() -> Iterator[None]:
    """Mole Hunt is registered while this suite runs, exactly as a real game is."""
    register_example()
    yield
    unregister_example()


def variants(game: Game[Any], n: int) -> list[dict[str, Any]]:
    """The options worth a table of their own at n players: the defaults, and each rule
    switched on or mode chosen on its own (timings and deck counts change no code path)."""
    out: list[dict[str, Any]] = []
    tries: list[dict[str, Any]] = [{}]
    for spec in game.options:
        if isinstance(spec.default, bool):
            tries.append({spec.name: not spec.default})
        tries += [{spec.name: c} for c in spec.choices if c != spec.default]
    tries.append({"deck.hungry": 6, "deck.robo": 2})  # only read by a game that has a deck
    for options in tries:
        try:
            game.check_options(n, options)
        except OptionError:
            continue
        out.append(options)
    assert out, f"{game.id} has no options that allow {n} players"
    return out


def tables() -> list[tuple[str, int, dict[str, Any]]]:
    """Every registered game at its smallest and largest table, in every variant."""
    return [(g, n, options) for g, game in sorted(CONTRACT.items())
            for n in sorted({game.min_players, game.max_players})
            for options in variants(game, n)]


Step = tuple[int | None, dict[str, Any] | None]
"""(seat, action) or (None, None) for a window that expired."""


def play(game_id: str, n: int, options: dict[str, Any], seed: int,
         limit: int = 20000) -> Iterator[tuple[Any, Step, list[Event]]]:
    """Random play through the public API; yields the state after each step."""
    game = GAMES[game_id]
    state, events = game.new_game(n, options, seed)
    yield state, (None, None), events
    rng = Rng(seed)
    for _ in range(limit):
        if game.outcome(state) is not None:
            return
        movers = game.to_act(state)
        if not movers:
            yield state, (None, None), game.expire(state)
            continue
        seat = rng.choice(movers)
        legal = game.legal_actions(state, seat)
        assert legal, f"{game_id}: seat {seat} must act but has no legal action"
        action = rng.choice(legal)
        yield state, (seat, action), game.apply(state, seat, action)
    raise AssertionError(f"{game_id} with {n} players did not finish in {limit} steps")


def audiences(game: Game[Any], state: Any) -> list[int | None]:
    return [*range(game.players(state)), None]


@pytest.mark.parametrize(("game_id", "n", "options"), tables())
@pytest.mark.parametrize("seed", SEEDS)
def test_random_play_finishes_and_every_legal_action_applies(
    game_id: str, n: int, options: dict[str, Any], seed: int
) -> None:
    game = GAMES[game_id]
    steps = 0
    for state, _, _ in play(game_id, n, options, seed):
        steps += 1
        fresh = copied(state)  # keeps no legal list: each is built anew
        lists = [game.legal_actions(fresh, s) for s in range(n)]
        assert [game.legal_actions(state, s) for s in range(n)] == lists, f"{game_id}: stale"
        assert game.to_act(state) == [s for s in range(n) if lists[s]], (
            f"{game_id}: to_act is not the seats with a legal move")
        if steps % 7:
            continue
        for seat in game.to_act(state):
            legal = game.legal_actions(state, seat)
            for action in legal[:: max(1, len(legal) // 8)]:
                game.apply(copied(state), seat, action)
    assert game.outcome(state) is not None


@pytest.mark.parametrize(("game_id", "n", "options"), tables())
def test_views_legal_lists_and_events_survive_msgpack(game_id: str, n: int,
                                                      options: dict[str, Any]) -> None:
    game = GAMES[game_id]
    for state, _, events in play(game_id, n, options, SEEDS[0]):
        for seat in audiences(game, state):
            data = [game.view(state, seat), [e.data for e in events if e.visible_to(seat)],
                    game.omniscient_view(state)]
            if seat is not None:
                data.append(game.legal_actions(state, seat))
            back = msgpack.unpackb(msgpack.packb(data), raw=False, strict_map_key=False)
            assert back == data, f"{game_id}: seat {seat}'s data changes on the wire"


def test_the_header_keys_are_the_declared_header() -> None:
    """``HEADER`` (the order on the wire) names exactly the fields ``ViewHeader`` and
    ``SeatHeader`` declare, so the typed readers and the views agree."""
    assert set(HEADER) == set(ViewHeader.__annotations__) == set(SeatHeader.__annotations__)
    assert len(HEADER) == len(set(HEADER))


@pytest.mark.parametrize(("game_id", "n", "options"), tables())
def test_every_view_starts_with_the_header(game_id: str, n: int,
                                          options: dict[str, Any]) -> None:
    game = GAMES[game_id]
    for state, _, _ in play(game_id, n, options, SEEDS[0]):
        for seat in audiences(game, state):
            view = game.view(state, seat)
            missing = [key for key in HEADER if key not in view]
            assert not missing, f"{game_id}: the view for {seat} lacks {missing}"
            assert list(view)[: len(HEADER)] == list(HEADER), f"{game_id}: header order"
            assert view["game"] == game_id and view["players"] == n and view["seat"] == seat
            assert isinstance(view["chat_open"], bool)


@pytest.mark.parametrize(("game_id", "n", "options"), tables())
def test_a_split_view_is_the_view(game_id: str, n: int, options: dict[str, Any]) -> None:
    """A game that splits its view (``shared_view``, ``own_view``) splits it exactly:
    the shared part is the same for every audience and the two make up the view."""
    game = GAMES[game_id]
    for state, _, _ in play(game_id, n, options, SEEDS[0]):
        shared = game.shared_view(state)
        for seat in audiences(game, state):
            own = game.own_view(state, seat)
            if shared is None:
                assert own == game.view(state, seat)
                continue
            assert not set(shared) & set(own), f"{game_id}: a field in both parts"
            assert set(own) & set(HEADER) == {"seat"}, f"{game_id}: header fields in own"
            assert {**own, **shared} == game.view(state, seat), f"{game_id}: seat {seat}"
            joined = joined_view(shared, own)  # what goes out, in the view's own order
            assert list(joined.items()) == list(game.view(state, seat).items())


def _integers(data: Any) -> set[int]:
    """Every integer in ``data``, and every string of digits read as one (a seed sent as
    text is still the seed); walked with a list, not recursion, as views run to
    thousands of values at every step of random play."""
    found: set[int] = set()
    todo = [data]
    while todo:
        item = todo.pop()
        if isinstance(item, bool):
            continue
        if isinstance(item, int):
            found.add(item)
        elif isinstance(item, dict):
            todo += item.keys()
            todo += item.values()
        elif isinstance(item, (list, tuple)):
            todo += item
        elif isinstance(item, str) and item.lstrip("-").isdigit():
            found.add(int(item))
    return found


@pytest.mark.parametrize(("game_id", "n", "options"), tables())
def test_no_view_or_event_holds_the_seed_or_the_generator(
    game_id: str, n: int, options: dict[str, Any]
) -> None:
    game = GAMES[game_id]
    secrets = {BIG}
    for state, _, events in play(game_id, n, options, BIG):
        secrets.add(state.rng.state)
        sent = [game.view(state, s) for s in audiences(game, state)]
        sent += [e.data for e in events]
        found = secrets & _integers(sent)
        assert not found, f"{game_id} sends its seed or generator state ({found})"


@pytest.mark.parametrize(("game_id", "n", "options"), tables())
@pytest.mark.parametrize("seed", SEEDS)
def test_seed_and_actions_replay_the_game(game_id: str, n: int, options: dict[str, Any],
                                          seed: int) -> None:
    game = GAMES[game_id]
    steps, views = [], []
    for state, step, _ in play(game_id, n, options, seed):
        steps.append(step)
        views.append(msgpack.packb([game.view(state, s) for s in audiences(game, state)]))
    again, _ = game.new_game(n, options, seed)
    for index, (seat, action) in enumerate(steps):
        if index:
            if seat is None:
                game.expire(again)
            else:
                game.apply(again, seat, action)
        replayed = msgpack.packb([game.view(again, s) for s in audiences(game, again)])
        assert replayed == views[index], f"{game_id}: the replay differs at step {index}"
    assert pickle.dumps(again) == pickle.dumps(state), f"{game_id}: the replayed state differs"
    other, _ = game.new_game(n, options, seed + 1)
    first, _ = game.new_game(n, options, seed)
    assert pickle.dumps(other) != pickle.dumps(first), f"{game_id}: the seed deals nothing"


def bad_actions(game: Game[Any], state: Any) -> Iterator[tuple[Any, Any]]:
    """(seat, action) pairs every game must refuse: malformed, out of turn, spectator."""
    n = game.players(state)
    movers = game.to_act(state)
    some = next((game.legal_actions(state, s)[0] for s in movers
                 if game.legal_actions(state, s)), {"type": "pass"})
    for junk in (None, "pass", 7, [], {}, {"type": 3}, {"type": "no_such_action"},
                 {**some, "extra": 1}, {k: v for k, v in some.items() if k == "type"}):
        yield (movers[0] if movers else 0), junk
    for seat in range(n):
        if seat not in movers:
            yield seat, some
    yield None, some
    yield n, some
    yield -1, some
    yield True, some


@pytest.mark.parametrize(("game_id", "n", "options"), tables())
def test_bad_actions_raise_one_error_and_change_nothing(
    game_id: str, n: int, options: dict[str, Any]
) -> None:
    game = GAMES[game_id]
    checked = 0
    for index, (state, _, _) in enumerate(play(game_id, n, options, SEEDS[1])):
        if index > 5 and index % 5:
            continue  # every state of a short game, every fifth of a long one
        for seat, action in bad_actions(game, state):
            if seat in game.to_act(state) and action in game.legal_actions(state, seat):
                continue  # a legal move after all (only some pieces of it were dropped)
            before = pickle.dumps(state)
            with pytest.raises(ActionError) as refused:
                game.apply(state, seat, action)
            assert refused.value.code and refused.value.message, f"{game_id}: {action!r}"
            assert pickle.dumps(state) == before, f"{game_id}: {action!r} changed the state"
            checked += 1
    assert checked > 20


@pytest.mark.parametrize("game_id", sorted(CONTRACT))
def test_every_game_proves_it_hides_what_it_must(game_id: str) -> None:
    constructions = CONSTRUCTIONS.get(game_id)
    assert constructions, (
        f"{game_id} has no secrecy construction: add one to tests/secrecy.py "
        "(twin deals that differ only in what a seat cannot know)")
    for construction in constructions:
        proved = 0
        for seed in range(10):
            twins = construction(seed)
            if twins is not None and len(hidden_updates(game_id, twins)) >= 3:
                proved += 1
        assert proved >= 3, f"{game_id}: {construction.__name__} applied to {proved} deals"


def test_a_game_that_shows_every_seat_everything_fails_by_name() -> None:
    """The suite catches a leak: a copy of a game whose views hold the whole state."""
    base = GAMES["sly_knights"]

    class Leaky(type(base)):  # type: ignore[misc]
        id = "leaky_sly_knights"

        def view(self, state: Any, seat: int | None) -> dict[str, Any]:
            return {**super().view(state, seat), "hands": [list(h) for h in state.hands]}

    GAMES["leaky_sly_knights"] = Leaky()
    try:
        with pytest.raises(AssertionError, match="leaky_sly_knights has no secrecy"):
            test_every_game_proves_it_hides_what_it_must("leaky_sly_knights")
        CONSTRUCTIONS["leaky_sly_knights"] = CONSTRUCTIONS["sly_knights"]
        with pytest.raises(AssertionError, match=r"leaky_sly_knights leaks to seat \d.*hands"):
            test_every_game_proves_it_hides_what_it_must("leaky_sly_knights")
    finally:
        GAMES.pop("leaky_sly_knights")
        CONSTRUCTIONS.pop("leaky_sly_knights", None)


@pytest.mark.parametrize("game_id", sorted(CONTRACT))
def test_every_option_has_a_title_and_help_in_both_languages(game_id: str) -> None:
    """A menu shows these words, never the option's key."""
    for spec in CONTRACT[game_id].options:
        described = spec.describe()
        for lang in ("en", "ja"):
            assert spec.title_en and spec.title_ja, spec.name
            assert described["title"][lang] != spec.name and described["help"][lang]


def legal_of(game: Game[Any], state: Any, seat: int | None) -> list[Any]:
    return [] if seat is None else game.legal_actions(state, seat)


@pytest.mark.parametrize(("game_id", "n", "options"), tables())
def test_table_talk_changes_no_seats_own_part(game_id: str, n: int,
                                              options: dict[str, Any]) -> None:
    """A line of table talk is public: in a game that splits its view it may change the
    shared part, never an audience's own part, legal actions or the open window (a host
    sends talk to every audience without rebuilding their own parts)."""
    game = GAMES[game_id]
    spoken = 0
    for state, _, _ in play(game_id, n, options, SEEDS[0]):
        if game.shared_view(state) is None or not game.chat_open(state):
            continue
        if spoken >= 30:  # (enough windows of talk; the copies cost time)
            break
        before = {seat: (game.own_view(state, seat), legal_of(game, state, seat))
                  for seat in audiences(game, state)}
        deadline = game.deadline(state)
        talked = copied(state)
        game.apply(talked, spoken % n, {"type": "chat", "text": f"line {spoken}"})
        game.apply(talked, (spoken + 1) % n, {"type": "emote", "emote": EMOTES[0]})
        spoken += 1
        for seat, (own, legal) in before.items():
            assert game.own_view(talked, seat) == own, f"{game_id}: seat {seat}"
            assert legal_of(game, talked, seat) == legal, f"{game_id}: seat {seat}"
        assert game.deadline(talked) == deadline
    assert spoken or game_id == EXAMPLE.id  # every real game opens its talk
