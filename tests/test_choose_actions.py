"""Choose! actions one by one (RULES.md §2): steal with its reactions, the three wisdom
cards and sleepy: what each does, who learns what, and when each is offered."""

from __future__ import annotations

import pytest

from core.games.choose.state import (
    CAMERA,
    EXTERMINATOR,
    HENCHMAN,
    HUNGRY,
    NEST,
    ORDINARY,
    ROBO,
)
from tests.test_choose_rig import GAME, card, mouse, of_type, put, refused, table, types

# -- steal -----------------------------------------------------------------------------------


def test_steal_reveals_the_top_and_takes_the_stack() -> None:
    state = table(["o", "h", "h"])
    sid = put(state, 1, "ho")  # an ordinary on top of one stolen card
    top = state.stacks[sid].top
    mine = card(state, 0, ORDINARY)
    events = GAME.apply(state, 0, {"type": "steal", "card": mine, "stack": sid})
    steal = of_type(events, "steal")[0]
    assert steal.audience is None
    assert steal.data == {
        "type": "steal",
        "seat": 0,
        "stack": sid,
        "robbed": 1,
        "revealed": ORDINARY,
        "stolen": 2,
    }
    assert state.known[top] == state.everyone
    assert state.kitchens == [[sid], [], []]
    assert state.stacks[sid].cards[-1] == mine and state.stacks[sid].placed_by == 0
    assert mouse(state, 0, sid)["top"] == ORDINARY and mouse(state, 0, sid)["stolen"] == 2
    for viewer in (1, 2, None):
        assert mouse(state, viewer, sid)["top"] is None
        assert mouse(state, viewer, sid)["stolen"] == 2


def test_decided_steal_never_targets_your_own_kitchen() -> None:
    state = table(["o", "h"])
    own = put(state, 0, "h")
    other = put(state, 1, "h")
    steals = [a for a in GAME.legal_actions(state, 0) if a["type"] == "steal"]
    assert [a["stack"] for a in steals] == [other]
    refused(
        state, 0, {"type": "steal", "card": card(state, 0, ORDINARY), "stack": own}, "own_mouse"
    )


def test_a_nested_mouse_cannot_be_stolen() -> None:
    state = table(["o", "h"])
    nested = put(state, 1, "h", nested=True)
    open_ = put(state, 1, "o")
    assert {a["stack"] for a in GAME.legal_actions(state, 0) if a["type"] == "steal"} == {open_}
    refused(
        state, 0, {"type": "steal", "card": card(state, 0, ORDINARY), "stack": nested}, "nested"
    )
    refused(state, 0, {"type": "steal", "card": card(state, 0, ORDINARY), "stack": 99}, "no_stack")


def test_henchman_pulls_the_stack_back_without_learning_the_new_top() -> None:
    state = table(["h", "o", "o"])
    sid = put(state, 1, "oc")
    mine = card(state, 0, HUNGRY)
    events = GAME.apply(state, 0, {"type": "steal", "card": mine, "stack": sid})
    assert of_type(events, "pull_back")[0].data == {"type": "pull_back", "seat": 1, "stack": sid}
    assert state.kitchens[1] == [sid] and state.kitchens[0] == []
    assert state.stacks[sid].owner == 1 and state.stacks[sid].top == mine
    assert state.known[mine] == 1 << 0
    assert mouse(state, 1, sid) == {
        "stack": sid,
        "stolen": 2,
        "nest": None,
        "placed_by": 0,
        "top": None,
    }
    assert mouse(state, 0, sid)["top"] == HUNGRY
    seen_by_robbed = [e.data for e in events if e.visible_to(1)]
    assert all("kind" not in d and "card" not in d for d in seen_by_robbed)
    # A camera later shows the owner the mouse in its own kitchen.
    state.hands[1].append(len(state.kinds))
    state.kinds.append(CAMERA)
    state.known.append(1 << 1)
    state.turn = 1
    assert {"type": "camera", "stack": sid} in GAME.legal_actions(state, 1)
    GAME.apply(state, 1, {"type": "camera", "stack": sid})
    assert mouse(state, 1, sid)["top"] == HUNGRY


def test_robo_shows_the_robbed_player_the_stealers_card() -> None:
    state = table(["c", "o", "o"])
    sid = put(state, 1, "r")
    mine = card(state, 0, HENCHMAN)
    events = GAME.apply(state, 0, {"type": "steal", "card": mine, "stack": sid})
    assert state.kitchens[0] == [sid]
    assert of_type(events, "robo")[0].audience is None
    saw = of_type(events, "robo_saw")[0]
    assert saw.audience == frozenset({1})
    assert saw.data == {"type": "robo_saw", "stack": sid, "kind": HENCHMAN}
    assert state.known[mine] == (1 << 0) | (1 << 1)
    assert mouse(state, 1, sid)["top"] == HENCHMAN
    assert mouse(state, 2, sid)["top"] is None


@pytest.mark.parametrize("kind", ["o", "h"])
def test_ordinary_and_hungry_do_nothing_when_robbed(kind: str) -> None:
    state = table(["o", "o"])
    sid = put(state, 1, kind)
    events = GAME.apply(state, 0, {"type": "steal", "card": card(state, 0, ORDINARY), "stack": sid})
    assert [e.data["type"] for e in events] == ["steal", "played"]
    assert state.stacks[sid].owner == 0


# -- wisdom ----------------------------------------------------------------------------------


def test_nest_goes_on_any_mouse_without_one_yours_included() -> None:
    state = table(["N", "o"])
    own = put(state, 0, "o")
    other = put(state, 1, "o")
    nested = put(state, 1, "h", nested=True)
    nests = [a["stack"] for a in GAME.legal_actions(state, 0) if a["type"] == "nest"]
    assert nests == [own, other]
    refused(state, 0, {"type": "nest", "stack": nested}, "nested")
    nest_card = card(state, 0, NEST)
    events = GAME.apply(state, 0, {"type": "nest", "stack": own})
    assert state.stacks[own].nest == nest_card and state.hands[0] == []
    assert events[0].data == {"type": "nest", "seat": 0, "stack": own, "owner": 0}
    assert mouse(state, 1, own)["nest"] == nest_card


def test_no_nest_card_or_no_open_mouse_means_no_nest_action() -> None:
    state = table(["o", "o"])
    put(state, 1, "o")
    assert "nest" not in types(GAME.legal_actions(state, 0))
    refused(state, 0, {"type": "nest", "stack": 0}, "no_card")
    state = table(["N", "o"])
    put(state, 1, "o", nested=True)
    assert "nest" not in types(GAME.legal_actions(state, 0))


def test_exterminator_takes_a_nest_and_discards_itself_and_one_more() -> None:
    state = table(["Eo", "o"])
    sid = put(state, 1, "o", nested=True)
    nest = state.stacks[sid].nest
    assert nest is not None
    ext, ordinary = card(state, 0, EXTERMINATOR), card(state, 0, ORDINARY)
    options = [a for a in GAME.legal_actions(state, 0) if a["type"] == "exterminator"]
    assert sorted(a["discard"] for a in options) == sorted([ordinary, nest])
    before = state.card_count()
    refused(state, 0, {"type": "exterminator", "stack": sid, "discard": ext}, "bad_discard")
    events = GAME.apply(state, 0, {"type": "exterminator", "stack": sid, "discard": ordinary})
    assert state.stacks[sid].nest is None
    assert state.hands[0] == [nest]
    assert state.discard[-2:] == [ext, ordinary]
    assert state.card_count() == before
    assert events[0].data == {"type": "exterminator", "seat": 0, "stack": sid, "owner": 1}
    assert events[1].audience == frozenset({0})
    assert mouse(state, 1, sid)["nest"] is None
    assert GAME.view(state, 0)["hand"] == [{"card": nest, "kind": NEST}]


def test_exterminator_may_discard_the_nest_it_took_and_works_on_your_own_mouse() -> None:
    state = table(["E", "o"])
    sid = put(state, 0, "o", nested=True)
    nest = state.stacks[sid].nest
    assert GAME.legal_actions(state, 0)[0] == {
        "type": "exterminator",
        "stack": sid,
        "discard": nest,
    }
    GAME.apply(state, 0, {"type": "exterminator", "stack": sid, "discard": nest})
    assert state.hands[0] == [] and nest in state.discard


def test_with_two_exterminators_the_lowest_id_is_played() -> None:
    state = table(["EE", "o"])
    sid = put(state, 1, "o", nested=True)
    low, high = sorted(state.hands[0])
    discards = {a["discard"] for a in GAME.legal_actions(state, 0) if a["type"] == "exterminator"}
    assert discards == {high, state.stacks[sid].nest}
    GAME.apply(state, 0, {"type": "exterminator", "stack": sid, "discard": high})
    assert state.discard == [low, high]


def test_exterminator_needs_a_nested_mouse() -> None:
    state = table(["Eo", "o"])
    sid = put(state, 1, "o")
    assert "exterminator" not in types(GAME.legal_actions(state, 0))
    refused(
        state,
        0,
        {"type": "exterminator", "stack": sid, "discard": card(state, 0, ORDINARY)},
        "no_nest",
    )


def test_camera_looks_at_any_mouse_secretly_and_is_discarded() -> None:
    state = table(["C", "o", "o"])
    own = put(state, 0, "o", placed_by=2)
    other = put(state, 1, "hr", nested=True)
    cams = [a["stack"] for a in GAME.legal_actions(state, 0) if a["type"] == "camera"]
    assert cams == [own, other]
    cam = card(state, 0, CAMERA)
    events = GAME.apply(state, 0, {"type": "camera", "stack": other})
    assert events[0].audience is None
    assert events[0].data == {"type": "camera", "seat": 0, "stack": other, "owner": 1}
    assert events[1].audience == frozenset({0})
    assert events[1].data == {"type": "camera_saw", "stack": other, "kind": ROBO}
    assert cam in state.discard
    assert mouse(state, 0, other)["top"] == ROBO
    assert mouse(state, 2, other)["top"] is None


def test_no_camera_without_a_mouse_on_the_table() -> None:
    state = table(["Co", "o"])
    assert types(GAME.legal_actions(state, 0)) == {"pickup", "sleepy"}
    refused(state, 0, {"type": "camera", "stack": 0}, "no_stack")


def test_sleepy_discards_any_card_face_down() -> None:
    state = table(["oNEC", "o"])
    sleepy = [a["card"] for a in GAME.legal_actions(state, 0) if a["type"] == "sleepy"]
    assert sorted(sleepy) == sorted(state.hands[0])
    nest = card(state, 0, NEST)
    events = GAME.apply(state, 0, {"type": "sleepy", "card": nest})
    assert events[0].data == {"type": "sleepy", "seat": 0}
    assert events[1].audience == frozenset({0})
    assert state.discard == [nest] and state.known[nest] == 1 << 0
    assert GAME.view(state, 1)["discard_size"] == 1
