"""Non-interference down to the pixels: two deals that differ only in what seat p cannot
know give p the very same frames on its screen until p is shown the difference.

The message-level proofs stop at the wire; here each of p's two streams is drawn by a
real scene, one frame per update, and the frames are compared. One construction per
game, each the same swap its message-level proof uses.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import pytest

from client.app import App
from client.settings import Settings
from core.game import Event
from core.registry import GAMES
from tests.screen_rig import stream_frames, update_message

Avoid = Callable[[int, dict[str, Any]], bool]
MOST = 40
"""Updates drawn per stream: enough for a night, a few turns or a round's questions."""


@pytest.fixture(scope="module")
def app() -> App:
    return App(Settings(bot_delay=0.0), headless=True, size=(1024, 600))


def message(game_id: str, state: Any, events: list[Event], p: int, seq: int) -> dict[str, Any]:
    game = GAMES[game_id]
    return update_message(seq, game.view(state, p), game.legal_actions(state, p),
                          [e.data for e in events if e.visible_to(p)])


def p_stream(game_id: str, state: Any, start: list[Event], p: int,
             avoid: Avoid) -> list[dict[str, Any]]:
    """Play a deal with a fixed policy (p cycles through its choices, everyone else takes
    the first allowed one); p's updates, one per change of what p is sent, as the host
    sends them."""
    game = GAMES[game_id]
    stream = [message(game_id, state, start, p, 0)]
    decisions = 0
    while len(stream) < MOST and game.outcome(state) is None:
        movers = game.to_act(state)
        if not movers:
            events = game.expire(state)
        else:
            seat = p if p in movers else movers[0]
            legal = [a for a in game.legal_actions(state, seat) if not avoid(seat, a)]
            if not legal:
                break
            if seat == p:
                action = legal[(decisions * 7 + p) % len(legal)]
                decisions += 1
            else:
                action = legal[0]
            events = game.apply(state, seat, action)
        update = message(game_id, state, events, p, len(stream))
        if update["view"] != stream[-1]["view"] or update["events"] or \
                update["legal"] != stream[-1]["legal"]:
            stream.append(update)
    return stream


def same_until_shown(first: list[dict[str, Any]],
                     second: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The updates the two streams share before p is shown a difference."""
    shared = []
    for a, b in zip(first, second, strict=False):
        if a != b:
            break
        shared.append(a)
    return shared


def cheese_thief(seed: int) -> tuple[Any, Any, list[Event], int, Avoid]:
    """Two seats p never wakes with swap roles, dice and wake hours; p never peeks at
    them nor names them."""
    from tests.test_cheese_thief_safety import candidate_pairs, swap

    game = GAMES["cheese_thief"]
    n = 5
    one = game.deal(n, game.check_options(n, {}), seed)
    p = seed % n
    pairs = candidate_pairs(one, p, True)
    assert pairs, "no pair of quiet seats at this seed"
    x, y = pairs[0]
    two = copy.deepcopy(one)
    swap(two, x, y)
    start = game.start(one)
    game.start(two)

    def avoid(seat: int, action: dict[str, Any]) -> bool:
        named = {action.get("target"), *(action.get("targets") or [])}
        return seat == p and bool(named & {x, y}) or seat in (x, y) and action["type"] == "take"

    return one, two, start, p, avoid


def choose(seed: int) -> tuple[Any, Any, list[Event], int, Avoid]:
    """Two mouse cards of different kinds that p does not know trade places."""
    from core.games.choose.state import MICE

    game = GAMES["choose"]
    n, p = 3, seed % 3
    one, start = game.new_game(n, {}, seed)
    hidden = [c for c, k in enumerate(one.kinds) if k in MICE and not one.known[c] >> p & 1]
    a = hidden[0]
    b = next(c for c in hidden if one.kinds[c] != one.kinds[a])
    two = copy.deepcopy(one)
    two.kinds[a], two.kinds[b] = one.kinds[b], one.kinds[a]
    return one, two, start, p, lambda seat, action: False


def knights(seed: int) -> tuple[Any, Any, list[Event], int, Avoid]:
    """Two knight tiles p has not seen trade places; nobody inspects or asks about them."""
    from core.games.knights.questions import named_tiles
    from core.games.knights.state import WITCH

    game = GAMES["knights"]
    n, p = 5, seed % 5
    one, start = game.new_game(n, {}, seed)
    others = [t for t in range(len(one.tiles)) if t != p and one.tiles[t] != WITCH]
    x = others[0]
    y = next(t for t in others if one.tiles[t] != one.tiles[x])
    two = copy.deepcopy(one)
    two.tiles[x], two.tiles[y] = one.tiles[y], one.tiles[x]

    def avoid(seat: int, action: dict[str, Any]) -> bool:
        if action["type"] == "inspect":
            return action["tile"] in (x, y)
        return action["type"] == "ask" and bool(set(named_tiles(action)) & {x, y})

    return one, two, start, p, avoid


def sly_knights(seed: int) -> tuple[Any, Any, list[Event], int, Avoid]:
    """The highest card of another seat's hand trades places with one in that seat's pile."""
    game = GAMES["sly_knights"]
    n, p = 3, seed % 3
    q = (p + 1) % n
    one, start = game.new_game(n, {}, seed)
    two = copy.deepcopy(one)
    hand, pile = two.hands[q], two.piles[q]
    hand[-1], pile[-1] = pile[-1], hand[-1]
    hand.sort()
    return one, two, start, p, lambda seat, action: False


CONSTRUCTIONS = {"cheese_thief": cheese_thief, "choose": choose, "knights": knights,
                 "sly_knights": sly_knights}


@pytest.mark.parametrize("game_id", sorted(CONSTRUCTIONS))
def test_p_is_drawn_the_same_frames_for_deals_it_cannot_tell_apart(app: App,
                                                                   game_id: str) -> None:
    checked = 0
    for seed in range(12):
        try:
            one, two, start, p, avoid = CONSTRUCTIONS[game_id](seed)
        except (AssertionError, StopIteration, IndexError):
            continue  # the construction does not apply to this deal
        first = p_stream(game_id, one, start, p, avoid)
        second = p_stream(game_id, two, copy.deepcopy(start), p, avoid)
        shared = len(same_until_shown(first, second))
        if shared < 8:
            continue
        frames_one = stream_frames(app, game_id, p, first[:shared])
        frames_two = stream_frames(app, game_id, p, second[:shared])
        assert frames_one == frames_two, f"{game_id} seed {seed}: seat {p}'s screen differs"
        assert len(set(frames_one)) > 2, "the screen changed as the game went on"
        checked += 1
        if checked == 2:
            return
    pytest.fail(f"{game_id}: the construction applied to only {checked} deals")
