"""Every game's sampler (``About.sampler``): the worlds it draws show the seat exactly
what the seat was shown, and on small tables they come as often as an enumeration of
every deal, run through the rules themselves, says they should.

The enumerations below do not call the samplers' code: each builds tables from the
rules (``deal``, ``apply``, ``view``), weighs each by the chance of the table's visible
history under the samplers' stated model (every free choice uniform over its legal
options), and keeps those that show the seat its view.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Hashable, Iterator
from functools import partial
from itertools import combinations, permutations, product
from typing import Any

import pytest

from core.about import load
from core.game import Action, View
from core.play import advance, seat_bots
from core.registry import about, get_game
from core.rng import Rng

TABLES = [("cheese_thief", 4), ("cheese_thief", 8), ("choose", 2), ("choose", 5),
          ("knights", 3), ("knights", 8), ("sly_knights", 2), ("sly_knights", 4)]


def sampler(game_id: str) -> Callable[[list[View], Rng], Any]:
    found: Callable[[list[View], Rng], Any] = load(about(game_id).sampler)
    return found


def decisions(game_id: str, players: int, seed: int, options: dict[str, Any] | None = None,
              level: str = "simple") -> Iterator[tuple[int, list[View], list[Action], Any]]:
    """Every decision of a game of ``level`` bots: the seat, every view it was shown at
    its decisions so far (the last is now), its legal list and the true state."""
    game = get_game(game_id)
    state, _ = game.new_game(players, options or {}, seed)
    bots = seat_bots(game_id, [level] * players, seed)
    shown: dict[int, list[View]] = {s: [] for s in range(players)}
    found: list[tuple[int, list[View], list[Action]]] = []

    def act(seat: int, legal: list[Action]) -> None:
        view = game.view(state, seat)
        shown[seat].append(view)
        found.append((seat, list(shown[seat]), legal))
        game.apply(state, seat, bots[seat].act(view, legal))

    while game.outcome(state) is None:
        advance(game, state, act)
        while found:
            seat, views, legal = found.pop(0)
            yield seat, views, legal, state


def keys(actions: list[Action]) -> list[str]:
    return sorted(repr(sorted(a.items())) for a in actions)


VARIANTS: list[tuple[str, int, dict[str, Any]]] = [
    ("cheese_thief", 4, {"peek_at_four": True}), ("cheese_thief", 7, {"fall_mouse": True}),
    ("knights", 5, {"mode": "advanced"}), ("knights", 4, {"mode": "coop"}),
    ("knights", 4, {"mode": "dark"}), ("sly_knights", 3, {"pig_and_pig": True})]
"""Tables with the options that change what is dealt or who may see what."""


@pytest.mark.parametrize("game_id,players,options",
                         [(g, n, dict[str, Any]()) for g, n in TABLES] + VARIANTS)
def test_every_world_shows_the_seat_the_views_it_was_shown(
        game_id: str, players: int, options: dict[str, Any]) -> None:
    """At each of a seat's decisions over whole games, a world drawn from what it was
    shown so far shows it exactly its view now, with the same legal actions: along the
    game, that is its whole stream of views."""
    game, draw, rng = get_game(game_id), sampler(game_id), Rng(5)
    checked = 0
    for seed in range(1 if players == 8 else 2):
        for seat, views, legal, _ in decisions(game_id, players, seed, options):
            for _ in range(2):
                world = draw(views, rng)
                assert game.view(world, seat) == views[-1]
                assert keys(game.legal_actions(world, seat)) == keys(legal)
                checked += 1
    assert checked > 20


def random_move(game: Any, state: Any, rng: Rng, seat: int, legal: list[Action]) -> None:
    game.apply(state, seat, rng.choice(legal))


def test_a_world_plays_on_to_the_end_under_the_rules() -> None:
    """A world is a real table: random play from it ends with an outcome."""
    rng = Rng(9)
    for game_id, players in TABLES:
        game, draw = get_game(game_id), sampler(game_id)
        seat, views, _, _ = next(decisions(game_id, players, 3))
        world = draw(views, rng)
        for _ in range(5000):
            if game.outcome(world) is not None:
                break
            advance(game, world, partial(random_move, game, world, rng))
        assert game.outcome(world) is not None, game_id


# -- frequencies against an enumeration ------------------------------------------------

def critical(dof: int, z: float = 3.09) -> float:
    """The chi-square value exceeded with chance about 0.001 (Wilson-Hilferty)."""
    k = max(dof, 1)
    return float(k * (1 - 2 / (9 * k) + z * math.sqrt(2 / (9 * k))) ** 3)


def chi_square_fits(seen: Counter[Hashable], expected: dict[Hashable, float],
                    draws: int) -> tuple[float, float]:
    """(statistic, bound): small bins merged until each expects at least 5 draws;
    a draw the enumeration gives no weight fails outright."""
    assert set(seen) <= {k for k, p in expected.items() if p > 0}, set(seen) - set(expected)
    total = sum(expected.values())
    bins: list[tuple[float, int]] = []
    pending_e, pending_o = 0.0, 0
    for key, weight in sorted(expected.items(), key=lambda kv: kv[1]):
        pending_e += draws * weight / total
        pending_o += seen.get(key, 0)
        if pending_e >= 5:
            bins.append((pending_e, pending_o))
            pending_e, pending_o = 0.0, 0
    if pending_e and bins:
        e, o = bins.pop()
        bins.append((e + pending_e, o + pending_o))
    stat = sum((o - e) ** 2 / e for e, o in bins)
    return stat, critical(len(bins) - 1)


def assert_fits(draw: Callable[[], Hashable], expected: dict[Hashable, float],
                draws: int) -> None:
    seen = Counter(draw() for _ in range(draws))
    stat, bound = chi_square_fits(seen, expected, draws)
    assert stat < bound, (stat, bound, seen, expected)


def test_sly_knights_deals_come_as_often_as_every_hand_of_the_opponent() -> None:
    """Two players, seat 0's first choice: the opponent's five cards are any five of
    its sixteen, each hand alike, and its spare any of the other eleven."""
    seat, views, _, _ = next(d for d in decisions("sly_knights", 2, 11) if d[0] == 0)
    draw, rng = sampler("sly_knights"), Rng(1)
    lowest: Counter[Hashable] = Counter()
    spare: Counter[Hashable] = Counter()
    for hand in combinations(range(1, 17), 5):
        lowest[min(hand)] += 1
        for card in set(range(1, 17)) - set(hand):
            spare[card] += 1
    assert_fits(lambda: min(draw(views, rng).hands[1]), dict(lowest), 3000)
    assert_fits(lambda: draw(views, rng).spares[1], dict(spare), 3000)


def test_choose_deals_come_as_often_as_every_hand_of_the_opponent() -> None:
    """Two players, the start player's first turn: the opponent holds eight of the
    mouse cards and six of the wisdom cards this seat does not hold, any alike."""
    seat, views, _, state = next(decisions("choose", 2, 4))
    view = views[-1]
    other = 1 - seat
    deck = {kind: int(view["options"][f"deck.{kind}"]) for kind in
            ("ordinary", "hungry", "henchman", "robo", "nest", "exterminator", "camera")}
    unseen = Counter(deck)
    unseen.subtract(Counter(c["kind"] for c in view["hand"]))
    mice = [k for k in ("ordinary", "hungry", "henchman", "robo") for _ in range(unseen[k])]
    wisdom = [k for k in ("nest", "exterminator", "camera") for _ in range(unseen[k])]
    ordinary: Counter[Hashable] = Counter(hand.count("ordinary")
                                          for hand in combinations(mice, 8))
    nests: Counter[Hashable] = Counter(hand.count("nest") for hand in combinations(wisdom, 6))
    draw, rng = sampler("choose"), Rng(2)

    def count(kind: str) -> int:
        world = draw(views, rng)
        return sum(world.kinds[c] == kind for c in world.hands[other])

    assert_fits(lambda: count("ordinary"), dict(ordinary), 3000)
    assert_fits(lambda: count("nest"), dict(nests), 3000)


def _night_point() -> tuple[int, list[View]]:
    """A five-player night: the first Sleepyhead alone awake, asked whether to peek."""
    for seed in range(40):
        for seat, views, legal, _ in decisions("cheese_thief", 5, seed):
            if legal[0]["type"] == "peek" and views[-1]["hour"] >= 3:
                return seat, views
    raise AssertionError("no such night")


def take_or_pass(state: Any, seat: int, legal: list[Action]) -> None:
    """The Thief takes; a lone sleeper passes (the last of its options)."""
    get_game("cheese_thief").apply(state, seat, legal[-1])


def test_cheese_thief_tables_come_as_often_as_every_deal_that_fits() -> None:
    """Every Thief and every die of the four others, played by the rules to this hour
    (the Thief takes at its hour, lone sleepers pass), is kept if it shows the seat its
    view; each kept deal is equally likely, so the Thief and each die come as often."""
    seat, views = _night_point()
    view = views[-1]
    game = get_game("cheese_thief")
    others = [s for s in range(5) if s != seat]
    thieves: Counter[Hashable] = Counter()
    dice: dict[int, Counter[Hashable]] = {s: Counter() for s in others}
    for thief in others:
        for rolled in product(range(1, 7), repeat=4):
            state = game.deal(5, dict(view["options"]), 0)
            state.roles = ["thief" if s == thief else "sleepyhead" for s in range(5)]
            state.dice = [[view["you"]["dice"][0]] if s == seat else [rolled[others.index(s)]]
                          for s in range(5)]
            state.wake = [list(d) for d in state.dice]
            state.thief, state.knows_thief = thief, [s == thief for s in range(5)]
            game.start(state)
            while (state.phase, state.hour) != (view["phase"], view["hour"]):
                advance(game, state, partial(take_or_pass, state))
            if game.view(state, seat) == view:
                thieves[thief] += 1
                for s in others:
                    dice[s][state.dice[s][0]] += 1
    draw, rng = sampler("cheese_thief"), Rng(3)
    assert_fits(lambda: draw(views, rng).thief, dict(thieves), 2000)
    for s in others[:2]:
        def die(s: int = s) -> Hashable:
            found: int = draw(views, rng).dice[s][0]
            return found

        assert_fits(die, dict(dice[s]), 2000)


def test_knights_layouts_come_as_often_as_the_answers_make_them() -> None:
    """Four players, basic mode, a seat about to recommend: every layout of the five
    tiles is played through the round so far by the rules (the same inspections and
    questions), each answer weighing one over the answers the answerer could give
    (a Knight has one, the Witch side two); a layout that does not show the seat its
    view is dropped. At this seed the layouts left weigh 1 and 1/2: a Witch-side
    answer counts half."""
    found = next(d for d in decisions("knights", 4, 0, {"mode": "basic"})
                 if d[2][0]["type"] == "recommend")
    seat, views, _, _ = found
    view = views[-1]
    game = get_game("knights")
    weights: dict[Hashable, float] = {}
    n = 4
    for tiles in permutations(range(5)):
        state = game.deal(n, dict(view["options"]), 0)
        state.tiles, state.aside, state.start = list(tiles), [], view["start"]
        weight = 1.0
        order = [(view["start"] + i) % n for i in range(n)]
        for s in order:
            game.apply(state, s, {"type": "inspect", "tile": view["arrows"][s][0]})
        for entry in view["log"]:
            ask = {k: v for k, v in entry.items() if k not in ("asker", "answer", "extra")}
            game.apply(state, entry["asker"], {"type": "ask", **ask})
            legal = game.legal_actions(state, entry["answerer"])
            answer = {"type": "answer", "answer": entry["answer"]}
            if answer not in legal:
                weight = 0.0
                break
            weight /= len(legal)
            game.apply(state, entry["answerer"], answer)
        if weight:
            for s, done in enumerate(view["recommended"]):
                if done:
                    game.apply(state, s, game.legal_actions(state, s)[0])
            if game.view(state, seat) != view:
                weight = 0.0
        weights[tiles] = weight
    assert len({w for w in weights.values() if w > 0}) > 1  # the answers weigh unevenly
    draw, rng = sampler("knights"), Rng(4)
    assert_fits(lambda: tuple(draw(views, rng).tiles), weights, 3000)
