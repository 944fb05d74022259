"""One secrecy harness for every game: twin deals that differ only in what seat p cannot
know, played by the same policy, must send p byte-identical updates until the rules show
p the difference.

Each game registers its constructions in ``CONSTRUCTIONS``; the contract suite fails
for a registered game that has none, so a new game cannot skip the proof.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import msgpack

from core.game import Event
from core.registry import GAMES
from core.rng import Rng

Avoid = Callable[[int, dict[str, Any]], bool]
"""(seat, action) -> True for a move the policy must not make (it would show p)."""

Policy = Callable[[Any, int, list[dict[str, Any]]], dict[str, Any]]


@dataclass
class Twins:
    one: Any
    two: Any
    start: list[Event]
    """The opening events (the same for both deals, as far as p can tell)."""
    p: int
    what: str
    """What differs between the deals, for the failure message."""
    avoid: Avoid = lambda seat, action: False
    shown: Callable[[Any], bool] = lambda state: False
    """True once the rules may have shown p the difference (read on the host side)."""
    extra: dict[str, Any] = field(default_factory=dict)
    policy: Policy | None = None
    """How the seats other than p choose (state, seat, allowed) -> action; None: the
    first allowed. A construction whose deals give some seat different choices (a
    Witch-side seat's limits) names one both deals follow alike."""


Construction = Callable[[int], "Twins | None"]
"""seed -> twin deals, or None where the construction does not apply to that deal."""


def update(game_id: str, state: Any, events: list[Event], p: int, seq: int) -> dict[str, Any]:
    """What the host sends p after a step (no clock, so streams do not depend on time)."""
    game = GAMES[game_id]
    return {"type": "update", "seq": seq, "view": game.view(state, p),
            "legal": game.legal_actions(state, p),
            "events": [e.data for e in events if e.visible_to(p)], "deadline": None}


def p_stream(game_id: str, twins: Twins, state: Any, start: list[Event],
             most: int = 400) -> tuple[list[dict[str, Any]], int]:
    """Play one deal with a fixed policy (p cycles through its choices, everyone else
    takes the first allowed one). Returns p's updates, one per change of what p is sent,
    and how many of them came before p could be shown the difference."""
    game, p = GAMES[game_id], twins.p
    stream = [update(game_id, state, start, p, 0)]
    hidden = None if twins.shown(state) else 1
    decisions = 0
    while len(stream) < most and game.outcome(state) is None:
        movers = game.to_act(state)
        if not movers:
            events = game.expire(state)
        else:
            seat = p if p in movers else movers[0]
            legal = [a for a in game.legal_actions(state, seat) if not twins.avoid(seat, a)]
            if not legal:
                break
            if seat == p:
                action = legal[(decisions * 7 + p) % len(legal)]
                decisions += 1
            else:
                action = legal[0] if twins.policy is None else twins.policy(state, seat, legal)
            events = game.apply(state, seat, action)
        message = update(game_id, state, events, p, len(stream))
        last = stream[-1]
        if message["events"] or message["view"] != last["view"] or \
                message["legal"] != last["legal"]:
            stream.append(message)
        if hidden is not None and twins.shown(state):
            # The update just sent may already show it: only those before it are hidden.
            return stream, len(stream) - (1 if message is stream[-1] else 0)
    return stream, len(stream) if hidden is not None else 0


def first_difference(a: Any, b: Any, path: str = "") -> str:
    """Where two plain-data values first differ, as a readable path."""
    if isinstance(a, dict) and isinstance(b, dict):
        for key in sorted(set(a) | set(b), key=str):
            if a.get(key) != b.get(key):
                return first_difference(a.get(key), b.get(key), f"{path}.{key}")
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            if x != y:
                return first_difference(x, y, f"{path}[{i}]")
    return f"{path or 'the message'}: {a!r} != {b!r}"


def hidden_updates(game_id: str, twins: Twins) -> list[dict[str, Any]]:
    """Play both deals; assert p's updates are byte-identical while the difference is
    hidden from p, and return those updates."""
    return twin_updates(game_id, twins)[0]


def twin_updates(game_id: str, twins: Twins) -> tuple[list[dict[str, Any]],
                                                      list[dict[str, Any]]]:
    """``hidden_updates`` for both deals: each deal's own copy of p's hidden updates."""
    first, hidden_one = p_stream(game_id, twins, twins.one, twins.start)
    second, hidden_two = p_stream(game_id, twins, twins.two, copy.deepcopy(twins.start))
    hidden = min(hidden_one, hidden_two)
    for index in range(hidden):
        a, b = first[index], second[index]
        if msgpack.packb(a) != msgpack.packb(b):
            where = first_difference(a, b) if a != b else "the bytes (same values)"
            raise AssertionError(
                f"{game_id} leaks to seat {twins.p}: with {twins.what}, update {index} "
                f"differs before the rules show it, at {where}")
    return first[:hidden], second[:hidden]


# -- the constructions ---------------------------------------------------------------


def _cheese_thief(seed: int, same_role: bool = True) -> Twins | None:
    """Two seats p never wakes with, holding the same role, trade dice and wake hours;
    p never peeks at them nor names them. The votes' reveal shows everything."""
    from tests.cheese_rig import GAME, candidate_pairs, swap

    n = 4 + seed % 5
    options = {"fall_mouse": seed // 5 % 2 == 1} if n >= 6 else {}
    one = GAME.deal(n, GAME.check_options(n, options), seed)
    p = seed % n
    pairs = candidate_pairs(one, p, same_role)
    if not pairs:
        return None
    x, y = pairs[0]
    two = copy.deepcopy(one)
    swap(two, x, y)
    start = GAME.start(one)
    GAME.start(two)

    def avoid(seat: int, action: dict[str, Any]) -> bool:
        named = {action.get("target"), *(action.get("targets") or [])}
        if action["type"] == "followers":  # a follower learns the Thief
            return bool(named & {p, x, y})
        return seat == p and bool(named & {x, y})

    what = "dice" if same_role else "roles and dice"
    return Twins(one, two, start, p, f"seats {x} and {y} trading {what}", avoid,
                 lambda state: state.phase == "over")


def _cheese_thief_roles(seed: int) -> Twins | None:
    """The Thief and a Sleepyhead, both seats p never wakes with, trade everything."""
    return _cheese_thief(seed, same_role=False)


def _choose(seed: int) -> Twins | None:
    """Two mouse cards of different kinds that p does not know trade places; p learns
    one when it is shown to p or when the round's flip turns the table over."""
    from core.games.choose.state import MICE

    game = GAMES["choose"]
    n = 2 + seed % 4
    p = seed % n
    one, start = game.new_game(n, {}, seed)
    hidden = [c for c, k in enumerate(one.kinds) if k in MICE and not one.known[c] >> p & 1]
    if not hidden:
        return None
    a = hidden[-1]
    b = next((c for c in reversed(hidden) if one.kinds[c] != one.kinds[a]), None)
    if b is None:
        return None
    two = copy.deepcopy(one)
    two.kinds[a], two.kinds[b] = one.kinds[b], one.kinds[a]

    def shown(state: Any) -> bool:
        return bool(state.round > 1 or (state.known[a] | state.known[b]) >> p & 1
                    or GAMES["choose"].outcome(state) is not None)

    return Twins(one, two, start, p, f"cards {a} and {b} trading kinds", shown=shown)


def _choose_undealt(seed: int) -> Twins | None:
    """The mouse cards left undealt in round 1 trade kinds among themselves: nobody is
    ever shown them (the story counts the discard by kind), so p's whole stream, through
    every round, stays the same."""
    from core.games.choose.state import MICE

    game = GAMES["choose"]
    n = 2 + seed % 4
    p = seed % n
    one, start = game.new_game(n, {}, seed)
    undealt = [c for c in one.discard if one.kinds[c] in MICE]
    kinds = [one.kinds[c] for c in undealt]
    if len(set(kinds)) < 2:
        return None
    kinds = kinds[1:] + kinds[:1]  # each to the next card: some kind moves
    two = copy.deepcopy(one)
    for card, kind in zip(undealt, kinds, strict=True):
        two.kinds[card] = kind
    return Twins(one, two, start, p, "the undealt mice trading kinds")


def _knights(seed: int) -> Twins | None:
    """Two knight tiles p has not seen trade places; nobody inspects or asks about them.
    The captain's tile and the round's end turn tiles over."""
    from core.games.knights.questions import named_tiles
    from core.games.knights.state import WITCH

    game = GAMES["knights"]
    n = 4 + seed % 5
    p = seed % n
    one, start = game.new_game(n, {}, seed)
    others = [t for t in range(len(one.tiles)) if t != p and one.tiles[t] != WITCH]
    x = others[0]
    y = next((t for t in others if one.tiles[t] != one.tiles[x]), None)
    if y is None:
        return None
    two = copy.deepcopy(one)
    two.tiles[x], two.tiles[y] = one.tiles[y], one.tiles[x]
    first_round = one.round

    def avoid(seat: int, action: dict[str, Any]) -> bool:
        if action["type"] == "inspect":
            return action["tile"] in (x, y)
        return action["type"] == "ask" and bool(set(named_tiles(action)) & {x, y})

    def shown(state: Any) -> bool:
        return bool(state.captain_revealed or state.round != first_round
                    or state.phase == "review")

    return Twins(one, two, start, p, f"tiles {x} and {y} trading places", avoid, shown)


def _knights_unseen(seed: int, variant: str) -> Twins | None:
    """The Witch trades places with a knight p has not seen (``witch``), or a table tile
    with one set aside (``aside``), at every mode and table size. Everyone answers
    truthfully about the other tiles and recommends themselves: a Witch-side seat's
    choices differ between the deals, and these moves are the same in both."""
    from core.games.knights.questions import named_tiles, truth
    from core.games.knights.state import WITCH
    from core.games.knights.tiles import MODE_PLAYERS

    game = GAMES["knights"]
    tables = [(mode, n) for mode, (low, high) in MODE_PLAYERS.items()
              for n in range(low, high + 1)]
    mode, n = tables[seed % len(tables)]
    p = (seed // len(tables)) % n
    one, start = game.new_game(n, {"mode": mode}, seed)
    two = copy.deepcopy(one)
    others = [t for t in range(len(one.tiles)) if t != p]
    knights = [t for t in others if one.tiles[t] != WITCH]
    if variant == "witch":
        x = one.witch_tile()
        if mode == "dark":  # the Witch never lies in front of a seat in dark mode
            knights = [t for t in knights if t >= n]
        if x is None or x == p or not knights:
            return None
        y = knights[seed % len(knights)]
        two.tiles[x], two.tiles[y] = one.tiles[y], one.tiles[x]
        what = f"the Witch at tile {x} trading with tile {y}"
    else:
        if not one.aside:
            return None
        x = y = others[seed % len(others)]
        k = seed % len(one.aside)
        if mode == "dark" and x < n and one.aside[k] == WITCH:
            return None
        two.tiles[x], two.aside[k] = one.aside[k], one.tiles[x]
        what = f"tile {x} trading with set-aside tile {k}"
    hidden = {x, y}
    first_round = one.round

    def avoid(seat: int, action: dict[str, Any]) -> bool:
        if action["type"] == "inspect":
            return action["tile"] in hidden
        return action["type"] == "ask" and bool(set(named_tiles(action)) & hidden)

    def policy(state: Any, seat: int, legal: list[dict[str, Any]]) -> dict[str, Any]:
        kind = legal[0]["type"]
        if kind == "answer":
            return {"type": "answer", "answer": truth(state.question, state.tiles)}
        if kind == "recommend":
            return {"type": "recommend", "target": seat}
        return legal[0]

    def shown(state: Any) -> bool:
        return bool(state.captain_revealed or state.round != first_round
                    or state.phase in ("review", "command_answer"))

    return Twins(one, two, start, p, what, avoid, shown, policy=policy)


def _knights_witch(seed: int) -> Twins | None:
    return _knights_unseen(seed, "witch")


def _knights_aside(seed: int) -> Twins | None:
    return _knights_unseen(seed, "aside")


def _sly_knights(seed: int) -> Twins | None:
    """The highest card of another seat's hand trades places with the last of its pile;
    the difference shows once that seat plays or draws one of the two."""
    game = GAMES["sly_knights"]
    n = 2 + seed % 3
    p = seed % n
    q = (p + 1) % n
    one, start = game.new_game(n, {}, seed)
    two = copy.deepcopy(one)
    hand, pile = two.hands[q], two.piles[q]
    high, low = hand[-1], pile[-1]
    hand[-1], pile[-1] = low, high
    hand.sort()
    first_round = one.round

    def shown(state: Any) -> bool:
        held = len(set(state.hands[q]) & {high, low})
        return held != 1 or state.round != first_round

    return Twins(one, two, start, p, f"seat {q}'s {high} trading with its pile's {low}",
                 shown=shown)


def _sly_deal(seed: int) -> tuple[Any, Any, int, int]:
    """A Sly Knight Robbery deal not yet started, and its copy; p and another seat q."""
    game = GAMES["sly_knights"]
    n = 2 + seed % 3
    p = seed % n
    one = game.deal(n, game.check_options(n, {"pig_and_pig": seed // 3 % 2 == 1}), seed)
    return one, copy.deepcopy(one), p, (p + 1) % n


def _sly_started(one: Any, two: Any) -> list[Event]:
    """Start both deals (their opening events are alike for every seat concerned)."""
    game = GAMES["sly_knights"]
    game.start(two)
    return game.start(one)


def _sly_knights_pile(seed: int) -> Twins | None:
    """Another seat q's later cards are reordered and its spare trades with one of
    them; q does not draw its spare, so nothing shows until the next round's hand."""
    one, two, p, q = _sly_deal(seed)
    pile = two.piles[q]
    later = pile[:10]  # the hands of rounds 3 and 2; pile[10:] is the round-1 hand
    Rng(seed).shuffle(later)
    pile[:10] = later
    k = seed % 10
    two.spares[q], pile[k] = pile[k], two.spares[q]

    def avoid(seat: int, action: dict[str, Any]) -> bool:
        return seat == q and action["type"] == "draw_spare"

    return Twins(one, two, _sly_started(one, two), p,
                 f"seat {q}'s later cards reordered and its spare swapped", avoid,
                 shown=lambda state: state.round > 1)


def _sly_knights_own_spare(seed: int) -> Twins | None:
    """p's own spare trades with a round-3 card and p's round-2 cards are reordered: p
    knows neither, until it draws the spare (it does not here) or round 3 is dealt."""
    one, two, p, _ = _sly_deal(seed)
    pile = two.piles[p]
    k = seed % 5  # pile[0:5] is drawn in round 3
    two.spares[p], pile[k] = pile[k], two.spares[p]
    round2 = pile[5:10]
    Rng(seed + 1).shuffle(round2)
    pile[5:10] = round2

    def avoid(seat: int, action: dict[str, Any]) -> bool:
        return seat == p and action["type"] == "draw_spare"

    return Twins(one, two, _sly_started(one, two), p,
                 f"seat {p}'s own spare and round-2 order", avoid,
                 shown=lambda state: state.round >= 3)


CONSTRUCTIONS: dict[str, list[Construction]] = {
    "cheese_thief": [_cheese_thief, _cheese_thief_roles],
    "choose": [_choose, _choose_undealt],
    "knights": [_knights, _knights_witch, _knights_aside],
    "sly_knights": [_sly_knights, _sly_knights_pile, _sly_knights_own_spare],
}
