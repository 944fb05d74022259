"""Choose! (チューズ), RULES.md §2: pickups, steals, wisdom and sleep, round by round."""

from __future__ import annotations

from collections.abc import Callable
from functools import cached_property
from typing import cast

from core.errors import ActionError, OptionError
from core.game import Action, Deadline, Event, Game, Outcome, Seat, View, takes
from core.games.choose.about import ABOUT
from core.games.choose.shapes import (
    SHAPES,
    ExterminatorAction,
    PickupAction,
    StackAction,
    StealAction,
)
from core.games.choose.state import (
    CAMERA,
    DEAL,
    EXTERMINATOR,
    KINDS,
    MICE,
    NEST,
    PLAY,
    WISDOM,
    ChooseState,
    Stack,
    first_card,
)
from core.games.choose.turns import TurnMixin
from core.games.choose.view import build_view, omniscient, own_view, shared_view
from core.options import OptionValue
from core.rng import Rng

S = ChooseState

_MOUSE_KINDS = frozenset(MICE)
"""``MICE`` as a set, for the membership test every legal list makes per card."""

class Choose(TurnMixin, Game[ChooseState]):
    about = ABOUT
    sides = ()
    round_ends = frozenset({"round_end"})

    # -- setup ---------------------------------------------------------------
    def _check_combination(self, players: int, options: dict[str, OptionValue]) -> None:
        mice, wisdom = DEAL[players]
        have_mice = sum(int(options[f"deck.{k}"]) for k in MICE)
        have_wisdom = sum(int(options[f"deck.{k}"]) for k in WISDOM)
        if have_mice < mice * players:
            raise OptionError(
                "deck_too_small",
                f"{players} players need at least {mice * players} mouse cards "
                f"({mice} each), but the deck has {have_mice}.",
            )
        if have_wisdom < wisdom * players:
            raise OptionError(
                "deck_too_small",
                f"{players} players need at least {wisdom * players} wisdom cards "
                f"({wisdom} each), but the deck has {have_wisdom}.",
            )

    def deal(self, players: int, options: dict[str, OptionValue], seed: int) -> S:
        rng = Rng(seed)
        deck = {kind: int(options[f"deck.{kind}"]) for kind in KINDS}
        # Round 1's start player is "whoever most wants to eat cheese": drawn by lot.
        first = rng.below(players)
        state = S(n=players, options=options, rng=rng, deck=deck, first_player=first)
        state.totals = [0] * players
        return state

    def start(self, state: S) -> list[Event]:
        return self._deal_round(state)

    def players(self, state: S) -> int:
        return state.n

    # -- what the player on turn may do ---------------------------------------
    def _legal(self, state: S, seat: Seat) -> list[Action]:
        if state.phase != PLAY or seat != state.turn:
            return []
        hand, kinds = state.hands[seat], state.kinds
        mice: list[int] = []
        held: set[str] = set()
        for c in hand:
            kind = kinds[c]
            if kind in _MOUSE_KINDS:
                mice.append(c)
            else:
                held.add(kind)
        acts: list[Action] = [{"type": "pickup", "card": c} for c in mice]
        if state.turns_taken == 0:
            return acts
        stacks = state.stacks
        open_stacks = [sid for sid, s in stacks.items() if s.nest is None]
        if mice:
            targets = [sid for sid in open_stacks if stacks[sid].owner != seat]
            if targets:
                acts += [{"type": "steal", "card": c, "stack": t} for c in mice for t in targets]
        if NEST in held:
            acts += [{"type": "nest", "stack": t} for t in open_stacks]
        if EXTERMINATOR in held and len(open_stacks) < len(stacks):
            used = first_card(state, seat, EXTERMINATOR)
            rest = [c for c in hand if c != used]
            for s in stacks.values():
                if s.nest is not None:
                    for c in [*rest, s.nest]:
                        acts.append({"type": "exterminator", "stack": s.id, "discard": c})
        if CAMERA in held:
            acts += [{"type": "camera", "stack": sid} for sid in stacks]
        acts += [{"type": "sleepy", "card": c} for c in hand]
        return acts

    def to_act(self, state: S) -> list[Seat]:
        return [state.turn] if state.phase == PLAY else []

    def chat_open(self, state: S) -> bool:
        """Choose! is played out loud, shouts and all: talk is open the whole game."""
        return state.phase == PLAY

    # -- checking an action (before anything changes) ---------------------------
    def _apply(self, state: S, seat: Seat, action: Action) -> list[Event]:
        kind = action["type"]
        shape = SHAPES.get(kind)
        if shape is None:
            known = ", ".join(self._steps)
            raise ActionError("unknown_action", f"Choose! has no action {kind!r} ({known}).")
        shape.need(action)
        for key in shape.fields:
            value = action[key]
            if type(value) is not int and (not isinstance(value, int) or isinstance(value, bool)):
                raise ActionError("malformed", f"Field {key!r} must be a whole number.")
        if seat != state.turn:
            raise ActionError("not_your_turn", f"It is seat {state.turn + 1}'s turn, not yours.")
        if state.turns_taken == 0 and kind != "pickup":
            raise ActionError("must_pickup", "The first turn of a round must be a cheese pickup.")
        check, do = self._steps[kind]
        check(state, seat, action)
        return do(state, seat, action) + self._next_turn(state)

    def _handlers(self) -> dict[str, Callable[[S, Seat, Action], list[Event]]]:
        return {kind: _checked(check, do) for kind, (check, do) in self._steps.items()}

    @cached_property
    def _steps(self) -> dict[str, tuple[Callable[[S, Seat, Action], None],
                                        Callable[[S, Seat, Action], list[Event]]]]:
        """Each action's check, then its effect: nothing changes before the check passes.
        ``_apply`` calls the two itself, one call fewer per action than a handler."""
        return {
            "pickup": (takes(self._check_pickup), takes(self._do_pickup)),
            "steal": (takes(self._check_steal), takes(self._do_steal)),
            "nest": (takes(self._check_nest), takes(self._do_nest)),
            "exterminator": (takes(self._check_exterminator), takes(self._do_exterminator)),
            "camera": (takes(self._check_camera), takes(self._do_camera)),
            "sleepy": (takes(self._check_sleepy), takes(self._do_sleepy)),
        }

    def _mouse_card(self, state: S, seat: Seat, card: int) -> None:
        if card not in state.hands[seat]:
            raise ActionError("not_in_hand", f"Card {card} is not in your hand.")
        if state.kinds[card] not in _MOUSE_KINDS:
            raise ActionError("not_a_mouse", "Only a mouse card can be sent into a kitchen.")

    def _stack(self, state: S, stack: int) -> Stack:
        found = state.stacks.get(stack)
        if found is None:
            raise ActionError("no_stack", f"There is no mouse {stack} in any kitchen.")
        return found

    def _wisdom(self, state: S, seat: Seat, kind: str) -> int:
        card = first_card(state, seat, kind)
        if card is None:
            raise ActionError("no_card", f"You have no {kind} card in your hand.")
        return card

    def _check_pickup(self, state: S, seat: Seat, action: PickupAction) -> None:
        self._mouse_card(state, seat, action["card"])

    def _check_steal(self, state: S, seat: Seat, action: StealAction) -> None:
        self._mouse_card(state, seat, action["card"])
        target = self._stack(state, action["stack"])
        if target.owner == seat:
            raise ActionError("own_mouse", "You cannot steal from your own kitchen.")
        if target.nest is not None:
            raise ActionError("nested", "A mouse with a nest cannot be stolen.")

    def _check_nest(self, state: S, seat: Seat, action: StackAction) -> None:
        self._wisdom(state, seat, NEST)
        if self._stack(state, action["stack"]).nest is not None:
            raise ActionError("nested", "That mouse already has a nest.")

    def _check_exterminator(self, state: S, seat: Seat, action: ExterminatorAction) -> None:
        used = self._wisdom(state, seat, EXTERMINATOR)
        target = self._stack(state, action["stack"])
        if target.nest is None:
            raise ActionError("no_nest", "That mouse has no nest to take.")
        discard = action["discard"]
        if discard == used or (discard not in state.hands[seat] and discard != target.nest):
            raise ActionError(
                "bad_discard",
                "Discard a card from your hand (the nest you take included), "
                "other than the exterminator you play.",
            )

    def _check_camera(self, state: S, seat: Seat, action: StackAction) -> None:
        self._wisdom(state, seat, CAMERA)
        self._stack(state, action["stack"])

    def _check_sleepy(self, state: S, seat: Seat, action: PickupAction) -> None:
        if action["card"] not in state.hands[seat]:
            raise ActionError("not_in_hand", f"Card {action['card']} is not in your hand.")

    # -- time ------------------------------------------------------------------
    def deadline(self, state: S) -> Deadline | None:
        """RULES.md sets no clock; this one only keeps a LAN table moving."""
        if state.phase != PLAY:
            return None
        key = f"round{state.round}.turn{state.turns_taken}"
        return Deadline(key, float(state.options["turn_seconds"]), True)

    def _expire(self, state: S) -> list[Event]:
        """A player who lets the turn pass dozes off: one random card of theirs goes.

        On a round's first turn, which must be a pickup, a random mouse card goes into
        the kitchen instead.
        """
        if state.phase != PLAY:
            return []
        seat, hand = state.turn, state.hands[state.turn]
        if state.turns_taken == 0:
            mice = [c for c in hand if state.kinds[c] in MICE]
            return self._apply(state, seat, {"type": "pickup", "card": state.rng.choice(mice)})
        return self._apply(state, seat, {"type": "sleepy", "card": state.rng.choice(hand)})

    # -- what each seat sees ---------------------------------------------------------
    def view(self, state: S, seat: Seat | None) -> View:
        return cast(View, build_view(self, state, seat))

    def omniscient_view(self, state: S) -> View:
        return cast(View, omniscient(self, state))

    def shared_view(self, state: S) -> View | None:
        return shared_view(self, state)

    def own_view(self, state: S, seat: Seat | None) -> View:
        return own_view(state, seat)

    def outcome(self, state: S) -> Outcome | None:
        return state.result


__all__ = ["Choose"]


def _checked(
    check: Callable[[S, Seat, Action], None], do: Callable[[S, Seat, Action], list[Event]]
) -> Callable[[S, Seat, Action], list[Event]]:
    def handle(state: S, seat: Seat, action: Action) -> list[Event]:
        check(state, seat, action)
        return do(state, seat, action)

    return handle
