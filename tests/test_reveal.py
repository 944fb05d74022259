"""The end-of-game story: one public event that turns everything over, only at the end.

Twin deals that differ in something hidden all game must give a seat byte-identical
messages up to the final update, and differ there; and the story must say what really
happened, checked against what each seat was privately told during the game.
"""

from __future__ import annotations

import copy
from typing import Any

import msgpack
import pytest

from core.game import Event
from core.games.choose.state import MICE
from core.games.knights.story import why
from core.registry import GAMES
from tests.cheese_rig import GAME as CHEESE
from tests.cheese_rig import rig, run_night, to_day, vote
from tests.secrecy import CONSTRUCTIONS, Twins, p_stream


def play(game_id: str, n: int, seed: int, options: dict[str, Any] | None = None,
         pick: int = 0) -> tuple[Any, list[Event]]:
    """A whole game, every seat taking its ``pick``-th legal action (from the end if
    negative); windows with nobody to act expire."""
    game = GAMES[game_id]
    state, events = game.new_game(n, options or {}, seed)
    while game.outcome(state) is None:
        movers = game.to_act(state)
        if not movers:
            events += game.expire(state)
            continue
        legal = game.legal_actions(state, movers[0])
        events += game.apply(state, movers[0], legal[pick % len(legal)])
    return state, events


def stories(events: list[Event]) -> list[Event]:
    return [e for e in events if e.data["type"] == "story"]


GAMES_AT = [("cheese_thief", 4), ("cheese_thief", 7), ("knights", 5), ("choose", 3),
            ("sly_knights", 2)]


@pytest.mark.parametrize(("game_id", "n"), GAMES_AT)
@pytest.mark.parametrize("pick", [0, -1])
def test_the_story_is_the_last_event_public_and_only_at_the_end(
        game_id: str, n: int, pick: int) -> None:
    state, events = play(game_id, n, 11, pick=pick)
    (story,) = stories(events)
    assert events[-1] is story and story.audience is None
    assert story.data["game"] == game_id
    outcome = GAMES[game_id].outcome(state)
    assert story.data["winners"] == list(outcome.winners)
    assert story.data["scores"] == list(outcome.scores)
    msgpack.packb(story.data)  # plain data, as the wire carries it


def final_difference(game_id: str, twins: Twins) -> tuple[dict[str, Any], dict[str, Any]]:
    """Both deals' streams to the end: identical until the last update (asserted), then
    each deal's last update."""
    first, _ = p_stream(game_id, twins, copy.deepcopy(twins.one), copy.deepcopy(twins.start))
    second, _ = p_stream(game_id, twins, copy.deepcopy(twins.two), copy.deepcopy(twins.start))
    assert len(first) == len(second)
    for a, b in zip(first[:-1], second[:-1], strict=True):
        assert msgpack.packb(a) == msgpack.packb(b)
        assert all(e["type"] != "story" for e in a["events"])
    return first[-1], second[-1]


def test_cheese_thief_twins_look_alike_until_the_story() -> None:
    checked = 0
    for make in CONSTRUCTIONS["cheese_thief"]:
        for seed in range(12):
            twins = make(seed)
            if twins is None:
                continue
            last_one, last_two = final_difference("cheese_thief", twins)
            story_one = [e for e in last_one["events"] if e["type"] == "story"]
            story_two = [e for e in last_two["events"] if e["type"] == "story"]
            assert story_one and story_two
            differ = (twins.one.dice, twins.one.roles) != (twins.two.dice, twins.two.roles)
            assert (story_one != story_two) == differ
            checked += 1
    assert checked >= 6


# -- what the story says ---------------------------------------------------------------


def private_news(events: list[Event], seat: int, kind: str) -> list[dict[str, Any]]:
    return [e.data for e in events if e.audience == frozenset([seat]) and e.data["type"] == kind]


@pytest.mark.parametrize("n", [4, 5, 6, 7, 8])
@pytest.mark.parametrize("seed", [3, 8])
def test_cheese_thief_story_agrees_with_what_each_seat_was_told(n: int, seed: int) -> None:
    options = {"peek_at_four": True} if n == 4 else {}
    state, events = play("cheese_thief", n, seed, options, pick=seed)
    story = stories(events)[0].data
    assert story["roles"] == state.roles and story["thief"] == state.roles.index("thief")
    assert story["followers"] == state.followers
    for seat in range(n):
        assert story["dice"][seat] == state.dice[seat]
    hours = {h["hour"]: h for h in story["night"]}
    assert sorted(hours) == [1, 2, 3, 4, 5, 6]
    for e in events:
        data = e.data
        if data["type"] == "wake":
            assert hours[data["hour"]]["awake"] == data["awake"]
        if data["type"] == "theft":
            assert story["theft_hour"] == data["hour"] and hours[data["hour"]]["theft"]
            assert set(hours[data["hour"]]["witnesses"]) == set(e.audience or ()) - {data["thief"]}
    for seat in range(n):
        told = [{k: p[k] for k in ("target", "die", "value")}
                for p in private_news(events, seat, "peek")]
        said = [{k: p[k] for k in ("target", "die", "value")}
                for h in story["night"] for p in h["peeks"] if p["seat"] == seat]
        assert told == said
        for p in said:
            assert state.dice[p["target"]][p["die"]] == p["value"]
    for seat in range(n):
        made = [e for e in events if e.data["type"] == "made_follower" and e.visible_to(seat)]
        assert bool(made) == (seat in story["followers"])


def test_cheese_thief_story_of_a_rigged_night() -> None:
    """6 players: the Thief (seat 2) takes the cheese at 3 while seat 0 is awake with it;
    seat 1 peeks at seat 4 at hour 5; the table votes out seat 2."""
    state, _ = rig("SSTSSS", [3, 5, 3, 1, 6, 2])
    run_night(state, {51: {"type": "peek", "target": 4}})
    events = []
    while state.phase == "followers":
        events += CHEESE.expire(state)
    to_day(state)
    vote(state, [2, 2, 0, 2, 2, 2])
    story = state_story(state)
    night = {h["hour"]: h for h in story["night"]}
    assert night[3] == {"hour": 3, "awake": [0, 2], "peeks": [], "theft": True,
                        "witnesses": [0]}
    assert night[5]["peeks"] == [{"seat": 1, "target": 4, "die": 0, "value": 6}]
    assert night[4]["awake"] == [] and night[1]["awake"] == [3]
    assert story["side"] == "sleepyheads" and story["why"] == "thief_caught"
    assert story["winners"] == [s for s in range(6) if s != 2 and s not in story["followers"]]


def state_story(state: Any) -> dict[str, Any]:
    from core.games.cheese_thief.story import story

    return story(state)


def test_cheese_thief_why_the_thief_escaped_a_tie() -> None:
    state, _ = rig("TSSS", [(1, 2), (3, 4), (5, 6), (1, 1)], tie_favours_thief=True)
    run_night(state)
    to_day(state)
    vote(state, [1, 0, 0, 1])
    story = state_story(state)
    assert story["top"] == [0, 1] and story["side"] == "thief" and story["why"] == "thief_tied"


@pytest.mark.parametrize(("order", "tiles", "expected"), [
    ([0, 1, 2, 3], [1, 2, 3, 4, "witch"], "success"),
    ([0, 4, 1, 2], [1, 2, 3, 4, "witch"], "witch_in_row"),
    ([0, 1, 2], [1, 2, 3, 4, 5], "knight_left_out"),
    ([1, 0, 2, 3], [1, 2, 3, 4, "witch"], "order"),
])
def test_knights_why_a_line_up_held_or_fell(order: list[int], tiles: list[Any],
                                            expected: str) -> None:
    assert why({"how": "line_up", "order": order, "tiles": tiles}) == expected


def test_knights_story_has_every_round_tile_and_bewitching() -> None:
    state, events = play("knights", 6, 5, {"mode": "advanced"}, pick=-1)
    story = stories(events)[0].data
    ends = [e.data for e in events if e.data["type"] == "round_end"]
    assert len(story["rounds"]) == 3
    for told, round_ in zip(ends, story["rounds"], strict=True):
        assert round_["tiles"] == told["tiles"] and round_["aside"] == told["aside"]
        assert round_["bewitched"] == told["bewitched"] and round_["captain"] == told["captain"]
        assert round_["why"] in ("success", "witch_in_row", "knight_left_out", "order",
                                 "captain_witch", "captain_bewitched")
        assert (round_["why"] == "success") == (round_["side"] == "knights")


def test_choose_story_lays_out_every_hidden_card_and_the_score() -> None:
    state, events = play("choose", 3, 4, pick=1)
    story = stories(events)[0].data
    deck_mice = sum(state.deck[k] for k in MICE)
    for round_ in story["rounds"]:
        on_table = sum(len(s["cards"]) for s in round_["stacks"])
        in_discard = sum(v for k, v in round_["discard"].items() if k in MICE)
        assert on_table + in_discard == deck_mice  # every mouse of the round accounted for
        for s in round_["stacks"]:
            assert s["cards"][-1] == s["kind"] and len(s["cards"]) == s["stolen"] + 1
    assert [sum(r["scores"][s] for r in story["rounds"]) for s in range(3)] == story["scores"]


def test_sly_knights_story_adds_up() -> None:
    state, events = play("sly_knights", 3, 9, pick=1)
    story = stories(events)[0].data
    for s in range(3):
        assert story["scores"][s] == (story["captured_points"][s] + story["pig_points"][s]
                                      - story["penalty_points"][s])
        assert story["piles"][s] == sorted(state.piles[s])
