"""What each Choose! action does to the table, once it has been checked, and the round
cycle around the turns: the deal, the turn order, the flip and the scores.

Every change of who knows a card goes through ``state.known`` here, so the views
(built from that record alone) can never disagree with the rules about who saw what.
"""

from __future__ import annotations

from core.game import Event, Outcome, Seat, private, public
from core.games.choose.shapes import (
    ExterminatorAction,
    Flip,
    HandCard,
    PickupAction,
    StackAction,
    StealAction,
)
from core.games.choose.state import (
    CAMERA,
    DEAL,
    EXTERMINATOR,
    HENCHMAN,
    KINDS,
    MICE,
    NEST,
    OVER,
    ROBO,
    WISDOM,
    ChooseState,
    Stack,
    first_card,
    score_mouse,
)
from core.games.choose.story import hidden_of_round, story

S = ChooseState


_RANK = {kind: rank for rank, kind in enumerate(KINDS)}


def hand_data(state: S, seat: Seat) -> list[HandCard]:
    """A hand as its holder sees it, sorted by kind so the order says nothing more."""
    kinds = state.kinds
    ranked = sorted([(_RANK[kinds[c]], c) for c in state.hands[seat]])
    return [{"card": c, "kind": kinds[c]} for _, c in ranked]


class TurnMixin:
    """The effects of the six actions and the round cycle; mixed into ``Choose``."""

    # -- the round cycle ---------------------------------------------------------
    def _deal_round(self, state: S) -> list[Event]:
        """Shuffle both decks, deal the source's table, put the rest face down."""
        n, rng = state.n, state.rng
        state.round += 1
        state.start_player = (state.first_player + state.round - 1) % n
        state.turn = state.start_player
        state.turns_taken = 0
        deck = state.deck
        mice: list[str] = []
        wisdom: list[str] = []
        for k in MICE:
            mice += [k] * deck[k]
        for k in WISDOM:
            wisdom += [k] * deck[k]
        rng.shuffle(mice)
        rng.shuffle(wisdom)
        ids = list(range(len(mice) + len(wisdom)))
        rng.shuffle(ids)
        kinds = [""] * len(ids)
        for card, kind in zip(ids, mice + wisdom, strict=True):
            kinds[card] = kind
        per_mouse, per_wisdom = DEAL[n]
        mouse_ids, wisdom_ids = ids[: len(mice)], ids[len(mice) :]
        state.kinds = kinds
        known = state.known = [0] * len(ids)
        state.hands = []
        for seat in range(n):
            hand = (
                mouse_ids[seat * per_mouse : (seat + 1) * per_mouse]
                + wisdom_ids[seat * per_wisdom : (seat + 1) * per_wisdom]
            )
            mask = 1 << seat
            for card in hand:
                known[card] = mask
            state.hands.append(hand)
        state.discard = mouse_ids[n * per_mouse :] + wisdom_ids[n * per_wisdom :]
        state.stacks = {}
        state.kitchens = [[] for _ in range(n)]
        state.moves = []
        events = [
            public(
                type="round",
                round=state.round,
                rounds=n,
                start_player=state.start_player,
                hand_sizes=[len(h) for h in state.hands],
                discard_size=len(state.discard),
            )
        ]
        events += [private([s], type="dealt", hand=hand_data(state, s)) for s in range(n)]
        return events

    def _next_turn(self, state: S) -> list[Event]:
        """Clockwise to the next seat that still holds cards; none left ends the round."""
        state.turns_taken += 1
        n, hands, turn = state.n, state.hands, state.turn
        for step in range(1, n + 1):
            seat = (turn + step) % n
            if hands[seat]:
                state.turn = seat
                return []
        return self._end_round(state)

    def _end_round(self, state: S) -> list[Event]:
        """Turn every stack over and score it for the kitchen it is in."""
        flips: list[Flip] = []
        raw = [0] * state.n
        for seat, kitchen in enumerate(state.kitchens):
            for sid in kitchen:
                stack = state.stacks[sid]
                kind = state.kinds[stack.top]
                state.known[stack.top] = state.everyone
                points = score_mouse(kind, stack.nest is not None, stack.stolen)
                raw[seat] += points
                flips.append(
                    {
                        "stack": sid,
                        "owner": seat,
                        "kind": kind,
                        "nested": stack.nest is not None,
                        "stolen": stack.stolen,
                        "points": points,
                    }
                )
        scores = [max(0, r) for r in raw]
        state.round_scores.append(scores)
        state.totals = [t + s for t, s in zip(state.totals, scores, strict=True)]
        state.last_round = {
            "round": state.round,
            "stacks": flips,
            "raw": raw,
            "scores": scores,
            "totals": list(state.totals),
        }
        state.round_records.append(state.last_round)
        state.hidden_rounds.append(hidden_of_round(state))
        events = [public(type="round_end", **state.last_round)]
        if state.round < state.n:
            return events + self._deal_round(state)
        best = max(state.totals)
        winners = tuple(s for s in range(state.n) if state.totals[s] == best)
        state.phase = OVER
        state.result = Outcome(
            winners=winners,
            scores=tuple(state.totals),
            detail={"rounds": [list(r) for r in state.round_scores]},
        )
        return events + [public(type="game_over", winners=list(winners), totals=state.totals[:]),
                         public(type="story", **story(state))]

    # -- the six actions ---------------------------------------------------------
    @staticmethod
    def _played(state: S, seat: Seat, card: int, stack: int) -> Event:
        return private([seat], type="played", card=card, kind=state.kinds[card], stack=stack)

    @staticmethod
    def _moved(state: S, seat: Seat, kind: str, stack: int | None, *,
               revealed: str | None = None, nest: int | None = None) -> None:
        state.moves.append({"seat": seat, "type": kind, "stack": stack,
                            "revealed": revealed, "nest": nest})

    @staticmethod
    def _to_discard(state: S, seat: Seat, card: int) -> None:
        state.hands[seat].remove(card)
        state.discard.append(card)

    def _do_pickup(self, state: S, seat: Seat, action: PickupAction) -> list[Event]:
        card = action["card"]
        state.hands[seat].remove(card)
        sid = state.next_stack
        state.next_stack += 1
        state.stacks[sid] = Stack(sid, seat, [card], seat)
        state.kitchens[seat].append(sid)
        self._moved(state, seat, "pickup", sid)
        return [public(type="pickup", seat=seat, stack=sid), self._played(state, seat, card, sid)]

    def _do_steal(self, state: S, seat: Seat, action: StealAction) -> list[Event]:
        card, stack = action["card"], state.stacks[action["stack"]]
        robbed, top = stack.owner, stack.cards[-1]
        revealed = state.kinds[top]
        state.known[top] = state.everyone
        state.hands[seat].remove(card)
        stack.cards.append(card)
        stack.placed_by = seat
        state.kitchens[robbed].remove(stack.id)
        state.kitchens[seat].append(stack.id)
        stack.owner = seat
        self._moved(state, seat, "steal", stack.id, revealed=revealed)
        events = [
            public(
                type="steal",
                seat=seat,
                stack=stack.id,
                robbed=robbed,
                revealed=revealed,
                stolen=stack.stolen,
            ),
            self._played(state, seat, card, stack.id),
        ]
        if revealed == HENCHMAN:
            # The robbed player takes the stack back without learning the new top card.
            state.kitchens[seat].remove(stack.id)
            state.kitchens[robbed].append(stack.id)
            stack.owner = robbed
            events.append(public(type="pull_back", seat=robbed, stack=stack.id))
        elif revealed == ROBO:
            state.known[card] |= 1 << robbed
            events.append(public(type="robo", seat=robbed, stack=stack.id))
            events.append(
                private([robbed], type="robo_saw", stack=stack.id, kind=state.kinds[card])
            )
        return events

    def _do_nest(self, state: S, seat: Seat, action: StackAction) -> list[Event]:
        card = first_card(state, seat, NEST)
        assert card is not None, "checked before"
        stack = state.stacks[action["stack"]]
        state.hands[seat].remove(card)
        stack.nest = card
        state.known[card] = state.everyone
        self._moved(state, seat, "nest", stack.id, nest=card)
        return [public(type="nest", seat=seat, stack=stack.id, owner=stack.owner)]

    def _do_exterminator(self, state: S, seat: Seat, action: ExterminatorAction) -> list[Event]:
        used = first_card(state, seat, EXTERMINATOR)
        assert used is not None, "checked before"
        stack, discard = state.stacks[action["stack"]], action["discard"]
        nest = stack.nest
        assert nest is not None, "checked before"
        stack.nest = None
        self._moved(state, seat, "exterminator", stack.id, nest=nest)
        state.known[used] = state.everyone
        self._to_discard(state, seat, used)
        state.hands[seat].append(nest)
        self._to_discard(state, seat, discard)
        return [
            public(type="exterminator", seat=seat, stack=stack.id, owner=stack.owner),
            private([seat], type="discarded", card=discard, kind=state.kinds[discard]),
        ]

    def _do_camera(self, state: S, seat: Seat, action: StackAction) -> list[Event]:
        used = first_card(state, seat, CAMERA)
        assert used is not None, "checked before"
        stack = state.stacks[action["stack"]]
        state.known[used] = state.everyone
        self._to_discard(state, seat, used)
        state.known[stack.top] |= 1 << seat
        self._moved(state, seat, "camera", stack.id)
        return [
            public(type="camera", seat=seat, stack=stack.id, owner=stack.owner),
            private([seat], type="camera_saw", stack=stack.id, kind=state.kinds[stack.top]),
        ]

    def _do_sleepy(self, state: S, seat: Seat, action: PickupAction) -> list[Event]:
        card = action["card"]
        self._to_discard(state, seat, card)
        self._moved(state, seat, "sleepy", None)
        return [
            public(type="sleepy", seat=seat),
            private([seat], type="discarded", card=card, kind=state.kinds[card]),
        ]
