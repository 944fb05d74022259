"""A simple, sensible Choose! bot that reasons only from its own view.

Cheese is scored by ordinary mice under a nest and by hungry mice anywhere, so the bot
nests its own ordinary mice, nests the henchman and robo mice it has caught others
with (they score minus when nested), steals the biggest stacks it can reach, and
keeps its camera for stacks worth stealing. Everything else goes to sleep.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from core.bots import Bot
from core.game import Action, View
from core.games.choose.shapes import ChooseSeatView, MouseData, choose_seat_view
from core.games.choose.table import BAD

GOOD = ("ordinary", "hungry")

PICKUP_ORDER = ("henchman", "ordinary", "hungry", "robo")
"""A henchman first: stealers who take it get pulled back, stack and all."""
DISCARD_ORDER = ("robo", "henchman", "camera", "exterminator", "ordinary", "nest", "hungry")
"""What the bot gives up first when it must throw a card away."""


@dataclass(frozen=True)
class _Seen:
    """What every choice of the bot reads: the legal actions by type, the kinds of the
    cards in hand, every mouse on the table (its owner added) and the bot's seat."""

    acts: dict[str, list[Action]]
    kinds: dict[int, str]
    mice: dict[int, OwnedMouse]
    me: int


class ChooseBot(Bot):
    level = "simple"

    def act(self, seen: View, legal: list[Action]) -> Action:
        view = choose_seat_view(seen)
        by_type: dict[str, list[Action]] = {}
        for action in legal:
            by_type.setdefault(action["type"], []).append(action)
        kinds = {card["card"]: card["kind"] for card in view["hand"]}
        mice = _mice(view)
        me = view["seat"]
        turn = _Seen(by_type, kinds, mice, me)
        for choose in (self._nest, self._exterminate, self._steal, self._camera):
            picked = choose(turn)
            if picked is not None:
                return picked
        if "pickup" in by_type:
            return _by_order(by_type["pickup"], kinds, PICKUP_ORDER, "card")
        if "sleepy" in by_type:
            return _by_order(by_type["sleepy"], kinds, DISCARD_ORDER, "card")
        return self.rng.choice(legal)

    def _nest(self, seen: _Seen) -> Action | None:
        def worth(action: Action) -> int:
            mouse = seen.mice[action["stack"]]
            stolen: int = mouse["stolen"]
            if mouse["owner"] == seen.me and mouse["top"] == "ordinary":
                return 2 + stolen * 2
            if mouse["owner"] != seen.me and mouse["top"] in BAD:
                return stolen * 2
            if mouse["owner"] == seen.me and mouse["top"] == "hungry":
                return stolen
            return 0

        return _best(seen.acts.get("nest", []), worth)

    def _exterminate(self, seen: _Seen) -> Action | None:
        def worth(action: Action) -> int:
            mouse = seen.mice[action["stack"]]
            gain = 0
            if mouse["owner"] != seen.me and mouse["top"] == "ordinary":
                gain = 2 + mouse["stolen"]
            elif mouse["owner"] == seen.me and mouse["top"] in BAD:
                gain = mouse["stolen"]
            if gain <= 1:
                return 0
            thrown = seen.kinds.get(action["discard"], "nest")
            return gain * 10 - DISCARD_ORDER.index(thrown)

        return _best(seen.acts.get("exterminator", []), worth)

    def _steal(self, seen: _Seen) -> Action | None:
        nests = sum(kind == "nest" for kind in seen.kinds.values())

        def worth(action: Action) -> int:
            mouse, card = seen.mice[action["stack"]], seen.kinds[action["card"]]
            if mouse["top"] == "henchman" or card in BAD or (card == "ordinary" and not nests):
                return 0
            stolen: int = mouse["stolen"]
            risk = 0 if mouse["top"] in GOOD else 1
            value = 3 * (stolen + 1) - risk * 2 + (card == "hungry")
            return value if stolen >= 1 or card == "hungry" else 0

        return _best(seen.acts.get("steal", []), worth)

    def _camera(self, seen: _Seen) -> Action | None:
        def worth(action: Action) -> int:
            mouse = seen.mice[action["stack"]]
            if mouse["top"] is not None:
                return 0
            stolen: int = mouse["stolen"]
            return stolen + (2 if mouse["owner"] == seen.me else 0)

        return _best(seen.acts.get("camera", []), worth)


class OwnedMouse(MouseData):
    """A mouse as the bot reads it: with the seat whose kitchen it is in."""

    owner: int


def _mice(view: ChooseSeatView) -> dict[int, OwnedMouse]:
    """Every mouse on the table by stack id, with its owner added."""
    out: dict[int, OwnedMouse] = {}
    for owner, kitchen in enumerate(view["kitchens"]):
        for mouse in kitchen:
            out[mouse["stack"]] = {**mouse, "owner": owner}
    return out


def _best(actions: list[Action], worth: Callable[[Action], int]) -> Action | None:
    """The action of highest positive worth (the first on ties), or None."""
    best, best_worth = None, 0
    for action in actions:
        value = worth(action)
        if value > best_worth:
            best, best_worth = action, value
    return best


def _by_order(
    actions: list[Action], kinds: dict[int, str], order: tuple[str, ...], key: str
) -> Action:
    return min(actions, key=lambda a: order.index(kinds[a[key]]))
