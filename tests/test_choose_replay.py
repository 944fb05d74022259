"""Choose! worlds re-run from the deal they imply (``replay_rig``).

A world must give each other seat a hand its deal and its turns allow (so many mouse
and wisdom cards), keep the seat's own played cards where it laid them, and hold no
nest below one its holder laid (the rules lay the lowest); the views alone, without
the round's record of turns, could not tell a sampler enough for that.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from functools import partial
from typing import Any

import pytest

from core.game import Action, View
from core.games.choose.state import DEAL, MICE
from core.registry import get_game
from core.rng import Rng
from tests.replay_rig import Step, record, replay, sampler

CHOOSE_TABLES = [(2, {}), (5, {}), (3, {"deck.ordinary": 10, "deck.robo": 6, "deck.camera": 6})]


def _nests(view: View) -> dict[int, int]:
    """Each mouse's nest card, as everyone sees it: stack -> card."""
    return {m["stack"]: m["nest"] for kitchen in view["kitchens"] for m in kitchen
            if m["nest"] is not None}


@dataclass
class ChooseDeal:
    """The round's deal a world implies, and each step of the round's record with the
    cards the world says were used (the seat's own steps as the seat made them)."""

    hands: list[list[int]]
    rest: list[int]
    actions: list[Action]
    seats: list[int]
    laid: list[int | None]
    """Per step, the card it lays on a mouse that the record names (by stack and
    height, or the nest everyone saw)."""
    loose: set[int] = field(default_factory=set)
    """Steps whose thrown card is only a kind: another seat's throw, made with the
    lowest card of that kind it holds and lays no later (which card of a kind a wisdom
    card played leaves in a hand follows the hand's own order). The wisdom cards are
    thrown first, the lowest nests first, so no nest is held below one laid."""
    done: int = 0

    def next(self, state: Any) -> tuple[int, Action]:
        index, self.done = self.done, self.done + 1
        seat, action = self.seats[index], dict(self.actions[index])
        if index in self.loose:
            field = "discard" if action["type"] == "exterminator" else "card"
            later = {c for i in range(index + 1, len(self.laid))
                     if self.seats[i] == seat and (c := self.laid[i]) is not None}
            kind = state.kinds[action[field]]
            used = min((c for c in state.hands[seat] if state.kinds[c] == kind), default=None)
            action[field] = min(c for c in state.hands[seat] if state.kinds[c] == kind
                                and c not in later
                                and (action["type"] != "exterminator" or c != used
                                     or kind != "exterminator"))
        return seat, action


def choose_deal(world: Any, before: View, steps: list[Step], me: int,
                shown: list[View]) -> ChooseDeal:
    """Each hand as dealt: the cards held now, plus the cards its holder laid on a mouse
    (at the stack and height the public record names), its nests (the cards everyone
    saw), the camera and exterminator cards it played and the cards it threw away, less
    the nests it took back. The seat's own played and thrown cards are the ones it saw
    go (a wisdom card played is the lowest of its kind the hand held); another
    seat's are a nest it took back and holds no more, or else cards of the discard
    chosen so that its hand holds the mouse and wisdom cards the deal gives."""
    n = world.n
    kinds: list[str] = world.kinds
    discard: list[int] = sorted(world.discard, reverse=True)
    actions: list[Action] = []
    dealt: list[list[int]] = [list(h) for h in world.hands]
    taken: list[list[tuple[int, int]]] = [[] for _ in range(n)]  # (nest, step)
    throws: list[list[int]] = [[] for _ in range(n)]  # indices into actions
    nests = _nests(before)
    own = iter(shown)
    wisdom: list[tuple[int, str]] = []  # another seat's camera or exterminator played
    laid: list[int | None] = []

    def from_discard(kind: str) -> int:
        card = next(c for c in discard if kinds[c] == kind)
        discard.remove(card)
        return card

    for step in steps:
        seat, action, kind = step.seat, dict(step.action), step.action["type"]
        public = next(e.data for e in step.events if e.audience is None)
        hand = next(own)["hand"] if seat == me else []
        laid.append(None)
        if kind in ("pickup", "steal"):
            action["card"] = world.stacks[public["stack"]].cards[public.get("stolen", 0)]
            dealt[seat].append(action["card"])
            laid[-1] = action["card"]
        elif kind == "nest":
            dealt[seat].append(_nests(step.after)[action["stack"]])
            laid[-1] = dealt[seat][-1]
        elif kind in ("camera", "exterminator") and seat == me:
            dealt[seat].append(min(c["card"] for c in hand if c["kind"] == kind))
            discard.remove(dealt[seat][-1])
        elif kind in ("camera", "exterminator"):
            wisdom.append((seat, kind))
        if kind == "exterminator":
            taken[seat].append((nests[action["stack"]], len(actions)))
        if kind in ("exterminator", "sleepy"):
            throws[seat].append(len(actions))
        if kind in ("exterminator", "sleepy") and seat == me:
            thrown = action["discard" if kind == "exterminator" else "card"]
            discard.remove(thrown)
            dealt[seat].append(thrown)
        nests = _nests(step.after)
        actions.append(action)
    for seat, kind in wisdom:
        dealt[seat].append(from_discard(kind))
    key = {"exterminator": "discard", "sleepy": "card"}
    free = [[] if seat == me else list(throws[seat]) for seat in range(n)]
    for seat in range(n):
        for nest, when in taken[seat]:
            relaid = any(laid[i] == nest and steps[i].seat == seat for i in range(when, len(laid)))
            if relaid or nest in world.hands[seat] or seat == me:
                dealt[seat].remove(nest)  # not of its deal (the seat's own: thrown, seen)
            else:  # thrown away again, at a throw after it was taken
                discard.remove(nest)
                index = next(i for i in free[seat] if i >= when)
                free[seat].remove(index)
                actions[index][key[actions[index]["type"]]] = nest
    nested = [max((c for i, c in enumerate(laid) if steps[i].seat == seat and c is not None
                   and kinds[c] == "nest"), default=-1) for seat in range(n)]
    for seat in sorted(range(n), key=lambda s: -nested[s]):  # the most bound choose first
        hand = dealt[seat]
        mice = sum(kinds[c] in MICE for c in hand)
        need = [DEAL[n][0] - mice, DEAL[n][1] - (len(hand) - mice)]
        assert min(need) >= 0 and sum(need) == len(free[seat]), (
            "the hands do not fit the deal", seat, need, len(free[seat]))
        cards = [_thrown(discard, kinds, False, nested[seat]) for _ in range(need[1])]
        cards = sorted(cards, key=lambda c: (kinds[c] != "nest", c))
        cards += [_thrown(discard, kinds, True, nested[seat]) for _ in range(need[0])]
        for index, card in zip(free[seat], cards, strict=True):
            actions[index][key[actions[index]["type"]]] = card
            hand.append(card)
    loose = {i for seat in range(n) for i in free[seat]}
    return ChooseDeal(dealt, discard, actions, [s.seat for s in steps], laid, loose)


def _thrown(discard: list[int], kinds: list[str], mouse: bool, nested: int) -> int:
    """A card of the discard for another seat's throw: the highest of the mouse (or
    wisdom) cards, a nest last and one below a nest that seat laid only if no other
    fits (had it been held then, it would have been laid in its place)."""
    fits = [c for c in discard if (kinds[c] in MICE) == mouse]
    card = max(fits, key=lambda c: (kinds[c] != "nest" or c > nested, kinds[c] != "nest", c))
    discard.remove(card)
    return card


def choose_start(world: Any, dealt: Any, deal: ChooseDeal) -> Any:
    """The table as the round was dealt: the public record's as it then stood, with the
    world's cards dealt as ``deal`` says."""
    state = copy.deepcopy(dealt)
    state.kinds = list(world.kinds)
    state.hands = [list(h) for h in deal.hands]
    state.discard = list(deal.rest)
    state.known = [0] * len(state.kinds)
    for seat, hand in enumerate(state.hands):
        for card in hand:
            state.known[card] = 1 << seat
    every = [*(c for h in state.hands for c in h), *state.discard]
    assert sorted(every) == list(range(len(state.kinds))), "a card is in two places"
    return state


@pytest.mark.parametrize("players,options", CHOOSE_TABLES)
def test_a_choose_world_re_run_from_its_deal_shows_the_seat_every_view_again(
        players: int, options: dict[str, Any]) -> None:
    """A world drawn at a seat's turn (in every round) is dealt afresh as the round was
    and played through the round's public record by the rules, each other seat playing
    the card the world puts where the record says it went: the seat sees each of its
    earlier views of the round again, in order, and its view now."""
    game, draw, rng = get_game("choose"), sampler("choose"), Rng(9)
    checked = 0
    for seed, level in enumerate(("simple", "easy", "simple")):
        rec = record("choose", players, seed, options, level)
        for point in rec.points:
            now = point.views[-1]
            number = now["round"]
            world = draw(point.views, rng)
            steps = [s for s in rec.steps[:point.steps] if s.round == number]
            dealt = rec.dealt[number]
            shown = [v for v in point.views[:-1] if v["round"] == number]
            deal = choose_deal(world, game.view(dealt, None), steps, point.seat, shown)
            state = choose_start(world, dealt, deal)
            act = partial(_choose_act, game, deal)

            checked += replay(game, state, point.seat, steps, shown, now, act)
    assert checked > 20


def _choose_act(game: Any, deal: ChooseDeal, state: Any, step: Step) -> Any:
    game.apply(state, *deal.next(state))
    return state
