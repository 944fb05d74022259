"""A generic search bot: single-observer information-set MCTS (SO-ISMCTS).

Cowling, Powley & Whitehouse, "Information Set Monte Carlo Tree Search" (IEEE TCIAIG
2012), Algorithm 2. It knows no game: only the public rules API (``legal_actions``,
``to_act``, ``apply``, ``expire``, ``outcome``) and the game's sampler
(``About.sampler``: ``sample_world(views, rng)``, a full state that fits everything the
seat has seen). That makes it the yardstick the hand-made levels are measured against.

Each simulation draws one world from the sampler (a determinization), walks the one
tree of the bot's information set with UCB1 over the actions available in that world
(availability counts, the paper's ``n'``), adds one node, plays the world out with
uniformly random moves, and credits every edge on the path with the result for the
seat that chose it (1 for a win, shared among tied winners). Moves of every seat are
edges of the one tree, as in SO-ISMCTS: opponents' hidden choices are searched as if
the observer saw them (the variant's known weakness; MO-ISMCTS would split them).
A window where several seats act at once is played in seat order, as ``core.play``
plays it.

The budget is a count of simulations, never the clock (the core has none). A caller
in a higher layer that has a clock may bound a decision by CPU time instead: it hands
the bot a ``budget``, called as each decision starts, whose answer says after each
simulation whether to stop (``simulations`` then only caps the count).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any

from core.about import load
from core.bots import Bot
from core.game import Action, Game, Seat, View
from core.rng import Rng

SIMULATIONS = 48
"""Default simulations per decision: a few tens of milliseconds in every game."""

EXPLORE = 0.7
"""UCB1's exploration constant (rewards lie in [0, 1])."""

PLAYOUT_LIMIT = 5000
"""Steps after which a playout that has not ended scores nothing for anyone."""

Sampler = Callable[[Sequence[View], Rng], Any]

Budget = Callable[[], Callable[[], bool]]
"""Called as a decision starts; the predicate it returns says when to stop searching."""


def action_key(action: object) -> Any:
    """A hashable, order-free stand-in for an action map (actions are plain data)."""
    if isinstance(action, dict):
        return tuple(sorted((k, action_key(v)) for k, v in action.items()))
    if isinstance(action, (list, tuple)):
        return tuple(action_key(v) for v in action)
    return action


class Node:
    """One edge of the tree and the node it leads to: the move ``seat`` made (edges are
    keyed by the seat and its action)."""

    __slots__ = ("avail", "children", "reward", "seat", "visits")

    def __init__(self, seat: Seat) -> None:
        self.seat = seat
        self.visits = 0
        self.avail = 1
        self.reward = 0.0
        self.children: dict[Any, Node] = {}

    def ucb(self) -> float:
        return self.reward / self.visits + EXPLORE * math.sqrt(math.log(self.avail) / self.visits)


def next_decision(game: Game[Any], state: Any) -> tuple[Seat, list[Action]] | None:
    """The seat whose move the world waits on, and its legal list; windows nobody waits
    on are expired on the way. None once the game is over."""
    for _ in range(PLAYOUT_LIMIT):
        if game.outcome(state) is not None:
            return None
        for seat in game.to_act(state):
            legal = game.legal_actions(state, seat)
            if legal:
                return seat, legal
        else:
            game.expire(state)
    return None


def rewards(game: Game[Any], state: Any) -> list[float]:
    """Per seat: 1 shared among the winners (nothing for anyone in an unfinished game)."""
    n = game.players(state)
    out = [0.0] * n
    result = game.outcome(state)
    if result is not None and result.winners:
        share = 1.0 / len(result.winners)
        for seat in result.winners:
            out[seat] = share
    return out


def search(game: Game[Any], sampler: Sampler, views: Sequence[View], seat: Seat,
           legal: list[Action], simulations: int, rng: Rng,
           stop: Callable[[], bool] | None = None) -> Action:
    """The root action the most simulations went through: ``simulations`` of them, or
    fewer if ``stop`` says so first (checked after each; at least one is run)."""
    root = Node(seat)
    allowed = {(seat, action_key(a)): a for a in legal}
    for done in range(simulations):
        if done and stop is not None and stop():
            break
        state = sampler(views, rng)
        node, path = root, [root]
        mover: Seat = seat
        moves: list[Action] = list(legal)
        growing = True
        while growing:
            # An edge is a seat's move: in different worlds different seats may move
            # next (who is awake, whose turn it is), and a move is credited to its own.
            keyed = {(mover, action_key(a)): a for a in moves}
            if node is root:
                keyed = {k: a for k, a in keyed.items() if k in allowed}
            fresh = [k for k in keyed if k not in node.children]
            for k in keyed:
                child = node.children.get(k)
                if child is not None:
                    child.avail += 1
            if fresh:
                key = fresh[rng.below(len(fresh))]
                child = node.children[key] = Node(mover)
                growing = False
            else:
                key = max(keyed, key=lambda k: node.children[k].ucb())
                child = node.children[key]
            game.apply(state, mover, keyed[key])
            node = child
            path.append(node)
            found = next_decision(game, state)
            if found is None:
                break
            mover, moves = found
        playout(game, state, rng)
        scores = rewards(game, state)
        for visited in path[1:]:
            visited.visits += 1
            visited.reward += scores[visited.seat]
    best = max(root.children.items(), key=lambda item: (item[1].visits, item[1].reward))
    return allowed[best[0]]


def playout(game: Game[Any], state: Any, rng: Rng) -> None:
    """Uniformly random moves to the end (or to ``PLAYOUT_LIMIT`` steps)."""
    for _ in range(PLAYOUT_LIMIT):
        found = next_decision(game, state)
        if found is None:
            return
        seat, legal = found
        game.apply(state, seat, legal[rng.below(len(legal))])


class IsmctsBot(Bot):
    """Level ``ismcts``: SO-ISMCTS with ``simulations`` per decision, over the worlds
    the game's sampler draws from every view this seat has been shown."""

    level = "ismcts"

    def __init__(self, seat: int, seed: int, simulations: int = SIMULATIONS,
                 budget: Budget | None = None) -> None:
        super().__init__(seat, seed)
        self.simulations = simulations
        self.budget = budget
        self.views: list[View] = []

    def act(self, view: View, legal: list[Action]) -> Action:
        self.views.append(view)
        if len(legal) == 1:
            return legal[0]
        from core.registry import about, get_game  # the registry imports the bots

        game_id = str(view["game"])
        sampler: Sampler = load(about(game_id).sampler)
        stop = self.budget() if self.budget is not None else None
        return search(get_game(game_id), sampler, self.views, self.seat, legal,
                      self.simulations, self.rng, stop)
