"""Each action is declared once, as a TypedDict in its game's ``shapes`` module, and every
table that names actions or messages agrees with the declarations: the rules' handlers,
the bots' decisions and the host's message handlers."""

from __future__ import annotations

import importlib
from pathlib import Path
from typing import Any, Literal, NotRequired, TypedDict, get_args

import pytest

from core.bots import DecisionBot
from core.errors import ActionError, RulesError
from core.registry import BOTS, GAMES, get_game
from core.shapes import Shapes, shapes_of
from net.host import Host
from net.messages import ClientMessage
from net.protocol import CLIENT_TYPES, pack, schemas, unpack
from tests.test_net_host import config


def declared(game_id: str) -> set[str]:
    """Every action type the game's ``shapes`` module declares (its ``...Action``
    TypedDicts), read the way the rules read them."""
    module = importlib.import_module(f"core.games.{game_id}.shapes")
    kinds: set[str] = set()
    for name, value in vars(module).items():
        if name.endswith("Action") and isinstance(value, type) and hasattr(value, "__total__"):
            kinds.update(shape.kind for shape in shapes_of(value))
    return kinds


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_declared_action_has_a_handler_and_every_handler_a_declaration(
        game_id: str) -> None:
    assert set(get_game(game_id).handlers) == declared(game_id)


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_bot_decides_only_actions_its_game_declares(game_id: str) -> None:
    kinds = declared(game_id)
    for level, factory in BOTS[game_id].items():
        bot = factory(0, 1)
        if isinstance(bot, DecisionBot):
            assert set(bot.decisions()) <= kinds, level


class Probe(TypedDict):
    type: Literal["probe", "poke"]
    where: int
    how: NotRequired[str]


def test_a_shape_reads_required_and_optional_fields_in_their_declared_order() -> None:
    # This module, like the games', postpones its annotations: NotRequired is still seen.
    table = Shapes(Probe)
    assert list(table) == ["probe", "poke"]
    probe = table["probe"]
    assert (probe.fields, probe.optional) == (("where",), ("how",))
    probe.need({"type": "probe", "where": 1})
    probe.need({"type": "probe", "where": 1, "how": "x"}, optional=True)
    with pytest.raises(ActionError) as caught:
        probe.need({"type": "probe", "where": 1, "how": "x"})
    assert (caught.value.code, caught.value.message) == (
        "malformed", "Action 'probe' takes exactly: where.")
    with pytest.raises(ActionError) as caught:
        probe.need({"type": "probe"}, optional=True)
    assert caught.value.message == "Action 'probe' takes exactly: where, how."


def test_a_declaration_without_a_literal_type_is_refused() -> None:
    class Loose(TypedDict):
        type: str

    with pytest.raises(TypeError):
        dict(Shapes(Loose))


def test_the_host_handles_exactly_the_messages_a_peer_may_send(tmp_path: Path) -> None:
    host = Host(config(tmp_path))
    try:
        handlers: dict[str, Any] = host._handlers()
        assert set(handlers) == set(CLIENT_TYPES)
        assert all(callable(handler) for handler in handlers.values())
    finally:
        host.close()


def test_a_peers_message_is_checked_against_its_declaration() -> None:
    """Every message type a peer may send is declared once (``net.messages``) and the
    host checks its fields, their types and nothing else against that declaration."""
    assert set(schemas()) == set(CLIENT_TYPES)
    for declared in get_args(ClientMessage):
        for shape in shapes_of(declared):
            required, optional = schemas()[shape.kind]
            assert (tuple(required), tuple(optional)) == (shape.fields, shape.optional)
    assert unpack(pack({"type": "bot_level", "seat": 1, "level": "easy"})) == {
        "type": "bot_level", "seat": 1, "level": "easy"}
    refusals = [
        ({"type": "ready"}, "Message ready needs field 'ready'."),
        ({"type": "ready", "ready": 1}, "Field 'ready' of ready has the wrong type."),
        ({"type": "bot_level", "seat": True, "level": "easy"},
         "Field 'seat' of bot_level has the wrong type."),
        ({"type": "ping", "extra": 1}, "Unexpected field 'extra' in ping."),
        ({"type": "join", "v": 2, "spectator": "yes"},
         "Field 'spectator' of join has the wrong type."),
        ({"type": "join", "v": 9}, "This host speaks protocol 2, not 9."),
        ({"type": "action", "n": 1, "action": []}, "Field 'action' of action has the wrong type."),
    ]
    for message, sentence in refusals:
        with pytest.raises(RulesError) as refused:
            unpack(pack(message))
        assert refused.value.message == sentence
