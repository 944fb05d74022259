"""Sly Knight Robbery (大どろぼうとズルい騎士), RULES.md §4: score cards, pigs and the spare."""

from __future__ import annotations

from bisect import insort
from collections.abc import Callable
from itertools import combinations
from typing import cast

from core.errors import ActionError
from core.game import (
    Action,
    Deadline,
    Event,
    Game,
    Outcome,
    Seat,
    View,
    need_int,
    private,
    public,
    takes,
)
from core.games.sly_knights.about import ABOUT
from core.games.sly_knights.scoring import finish, settle_round
from core.games.sly_knights.shapes import (
    SHAPES,
    ChooseAction,
    DrawSpareAction,
    PassAction,
    PlayAction,
)
from core.games.sly_knights.state import (
    CARDS,
    CHOOSE,
    HAND_SIZE,
    OVER,
    PIG_AND_PIG,
    PIG_AND_PIG_WORTH,
    PLAY,
    ROUNDS,
    Play,
    ScoreCard,
    SlyKnightsState,
    worth,
)
from core.games.sly_knights.view import build_view, omniscient, own_view, shared_view
from core.options import OptionValue
from core.rng import Rng

S = SlyKnightsState

DRAW_SPARE: Action = {"type": "draw_spare"}


class SlyKnights(Game[SlyKnightsState]):
    """Readings of RULES.md §4 that the code fixes:

    - "At most one pig per card" is per played card: a score card may gather several
      pigs from several plays, each going to its owner at the round end.
    - A pig may go with the Pig & Pig card (it then counts 3).
    - A player with no legal play and no spare left has nothing to decide, so the
      rules pass for it; one who still has a spare passes (or draws) by itself.
    - Whether a spare has been drawn is public, like the sideways card leaving the table.
    """

    about = ABOUT
    round_ends = frozenset({"round_end"})

    # -- setup ---------------------------------------------------------------
    def deal(self, players: int, options: dict[str, OptionValue], seed: int) -> S:
        """Each player shuffles their own 16 cards; the bottom one is the spare."""
        rng = Rng(seed)
        piles: list[list[int]] = []
        spares: list[int | None] = []
        for _ in range(players):
            cards = list(CARDS)
            rng.shuffle(cards)
            spares.append(cards[0])
            piles.append(cards[1:])
        return S(
            n=players,
            options=options,
            rng=rng,
            piles=piles,
            spares=spares,
            hands=[[] for _ in range(players)],
            pigs=[1] * players,
            chosen=[None] * players,
            captured=[[] for _ in range(players)],
            set_aside=[[] for _ in range(players)],
            penalties=[[] for _ in range(players)],
        )

    def start(self, state: S) -> list[Event]:
        return self._start_round(state)

    def players(self, state: S) -> int:
        return state.n

    # -- what each seat may do -------------------------------------------------
    def _plays(self, state: S, seat: Seat) -> list[Action]:
        """Every card x score card x pig-or-not within both limits.

        A card fits where its worth is at most the room left (the value minus the total,
        which is never negative, so the value itself is never the tighter limit); a pig
        needs one more.
        """
        plays: list[Action] = []
        may_pig = state.pigs[seat] > 0
        rooms = [(target, sc.value - sc.total, may_pig and sc.owner != seat)
                 for target, sc in enumerate(state.score_cards)]
        for card in state.hands[seat]:
            w = PIG_AND_PIG_WORTH if card == PIG_AND_PIG else card
            for target, room, pig_ok in rooms:
                if w > room:
                    continue
                plays.append({"type": "play", "card": card, "target": target, "pig": False})
                if pig_ok and w < room:
                    plays.append({"type": "play", "card": card, "target": target, "pig": True})
        return plays

    def _has_play(self, state: S, seat: Seat) -> bool:
        hand = state.hands[seat]
        if not hand:
            return False
        low = min(hand)
        if low == PIG_AND_PIG:
            low = min(worth(c) for c in hand)
        for sc in state.score_cards:  # noqa: SIM110 - a loop, not any(): no generator per turn
            if sc.value - sc.total >= low:
                return True
        return False

    def _legal(self, state: S, seat: Seat) -> list[Action]:
        if state.phase == CHOOSE:
            if state.chosen[seat] is not None:
                return []
            cards = [c for c in state.hands[seat] if c != PIG_AND_PIG]
            acts: list[Action] = [
                {"type": "choose", "cards": [a, b]} for a, b in combinations(cards, 2)
            ]
            if state.spares[seat] is not None:
                acts.append(dict(DRAW_SPARE))
            return acts
        if state.phase == PLAY and state.turn == seat:
            acts = self._plays(state, seat)
            played = bool(acts)
            # Literals, not dict(DRAW_SPARE): each caller gets a fresh map, built faster.
            if state.spares[seat] is not None:
                acts.append({"type": "draw_spare"})
            if not played:
                acts.append({"type": "pass"})
            return acts
        return []

    def to_act(self, state: S) -> list[Seat]:
        phase = state.phase
        if phase == PLAY:
            return [state.turn]
        if phase == CHOOSE:
            return [s for s in range(state.n) if state.chosen[s] is None]
        return []

    def chat_open(self, state: S) -> bool:
        return state.phase != OVER

    # -- applying actions --------------------------------------------------------
    def _apply(self, state: S, seat: Seat, action: Action) -> list[Event]:
        """The handler straight from the table; an unknown type goes to ``dispatch``,
        which refuses it."""
        handler = self.handlers.get(action["type"])
        if handler is None:
            return self.dispatch(state, seat, action)
        return handler(state, seat, action)

    def _handlers(self) -> dict[str, Callable[[S, Seat, Action], list[Event]]]:
        """Each handler takes its action's declared shape and checks the map against it
        (``Shape.need``) before it reads a field."""
        return {"choose": takes(self._do_choose), "draw_spare": takes(self._do_draw_spare),
                "play": takes(self._do_play), "pass": takes(self._do_pass)}

    def _need_turn(self, state: S, seat: Seat, kind: str) -> None:
        if state.phase != PLAY:
            raise ActionError("wrong_phase", f"'{kind}' is possible only during play.")
        if state.turn != seat:
            raise ActionError("not_your_turn", f"It is seat {state.turn + 1}'s turn, not yours.")

    def _do_choose(self, state: S, seat: Seat, action: ChooseAction) -> list[Event]:
        if state.phase != CHOOSE:
            raise ActionError("wrong_phase", "Score cards are chosen only at the start of a round.")
        if state.chosen[seat] is not None:
            raise ActionError("already_chosen", "You have already chosen your score cards.")
        SHAPES["choose"].need(action)
        cards = action["cards"]
        if not (type(cards) is list and len(cards) == 2
                and type(cards[0]) is int and type(cards[1]) is int) and (
            not isinstance(cards, list)
            or len(cards) != 2
            or not all(isinstance(c, int) and not isinstance(c, bool) for c in cards)
        ):
            raise ActionError("malformed", "Field 'cards' must list two cards.")
        low, high = sorted(cards)
        hand = state.hands[seat]
        if low == high:
            raise ActionError("illegal", "Choose two different cards.")
        if low not in hand or high not in hand:
            raise ActionError("not_in_hand", "Choose your score cards from your hand.")
        if low == PIG_AND_PIG:
            raise ActionError("illegal", "The Pig & Pig card cannot be a score card.")
        hand.remove(low)
        hand.remove(high)
        state.chosen[seat] = [low, high]
        events = [public(type="chosen", seat=seat)]
        if None not in state.chosen:
            events += self._reveal(state)
        return events

    def _do_draw_spare(self, state: S, seat: Seat, action: DrawSpareAction) -> list[Event]:
        SHAPES["draw_spare"].need(action)
        if state.phase == CHOOSE:
            if state.chosen[seat] is not None:
                raise ActionError(
                    "too_late", "Once your score cards are down, wait for your turn to draw."
                )
        else:
            self._need_turn(state, seat, "draw_spare")
        card = state.spares[seat]
        if card is None:
            raise ActionError("spare_gone", "You have already drawn your spare.")
        state.spares[seat] = None
        insort(state.hands[seat], card)
        return [public(type="spare_drawn", seat=seat), private([seat], type="spare", card=card)]

    def _do_play(self, state: S, seat: Seat, action: PlayAction) -> list[Event]:
        if state.phase != PLAY or state.turn != seat:
            self._need_turn(state, seat, "play")
        SHAPES["play"].need(action)
        # An in-range plain int passes need_int as it is; anything else goes through it.
        card = action["card"]
        if type(card) is not int or not 0 <= card <= CARDS[-1]:
            card = need_int(action, "card", 0, CARDS[-1])
        target = action["target"]
        if type(target) is not int or not 0 <= target < len(state.score_cards):
            target = need_int(action, "target", 0, len(state.score_cards) - 1)
        pig = action["pig"]
        if not isinstance(pig, bool):
            raise ActionError("malformed", "Field 'pig' must be true or false.")
        if card not in state.hands[seat]:
            raise ActionError("not_in_hand", f"You have no {card} in hand.")
        sc = state.score_cards[target]
        w = (PIG_AND_PIG_WORTH if card == PIG_AND_PIG else card) + pig
        if pig and state.pigs[seat] < 1:
            raise ActionError("no_pig", "You hold no pig.")
        if pig and sc.owner == seat:
            raise ActionError("own_score_card", "A pig cannot be used on your own score card.")
        if w > sc.value:
            raise ActionError("over_value", f"A card counting {w} cannot go on a {sc.value}.")
        if sc.total + w > sc.value:
            raise ActionError(
                "over_total",
                f"That would bring the {sc.value} to {sc.total + w}, above its value.",
            )
        state.hands[seat].remove(card)
        if pig:
            state.pigs[seat] -= 1
        sc.plays.append(Play(seat, card, pig))
        sc.total += w
        if card != PIG_AND_PIG:
            sc.last = seat
        state.passes = 0
        events = [public(type="play", seat=seat, card=card, target=target, pig=pig, total=sc.total)]
        return events + self._next_turn(state, (seat + 1) % state.n)

    def _do_pass(self, state: S, seat: Seat, action: PassAction) -> list[Event]:
        self._need_turn(state, seat, "pass")
        SHAPES["pass"].need(action)
        if self._has_play(state, seat):
            raise ActionError("must_play", "You have a card you can play, so you must play it.")
        state.passes += 1
        events = [public(type="pass", seat=seat)]
        return events + self._next_turn(state, (seat + 1) % state.n)

    # -- time ------------------------------------------------------------------
    def deadline(self, state: S) -> Deadline | None:
        if state.phase == CHOOSE:
            return Deadline(f"choose{state.round}", float(state.options["choose_seconds"]), True)
        if state.phase == PLAY:
            return Deadline(f"turn{state.turns}", float(state.options["turn_seconds"]), True)
        return None

    def _expire(self, state: S) -> list[Event]:
        """Late choosers lay their two lowest cards; a late player makes the smallest play
        (no pig) or passes. Nobody draws a spare by default."""
        events: list[Event] = []
        if state.phase == CHOOSE:
            for seat in self.to_act(state):
                low = [c for c in state.hands[seat] if c != PIG_AND_PIG][:2]
                events += self._do_choose(state, seat, {"type": "choose", "cards": low})
        elif state.phase == PLAY:
            seat = state.turn
            plays = self._plays(state, seat)
            if plays:
                smallest = min(plays, key=lambda a: (a["pig"], worth(a["card"]), a["target"]))
                events += self.handlers["play"](state, seat, smallest)
            else:
                events += self._do_pass(state, seat, {"type": "pass"})
        return events

    # -- phase changes -----------------------------------------------------------
    def _start_round(self, state: S) -> list[Event]:
        state.round += 1
        state.phase = CHOOSE
        state.chosen = [None] * state.n
        state.score_cards = []
        state.start_player = None
        state.passes = 0
        events = [public(type="round", round=state.round)]
        for seat in range(state.n):
            pile, hand = state.piles[seat], state.hands[seat]
            drawn = sorted(pile[-HAND_SIZE:])
            del pile[-HAND_SIZE:]
            hand.extend(drawn)
            if state.round == 1 and state.options["pig_and_pig"]:
                hand.append(PIG_AND_PIG)
            hand.sort()
            events.append(private([seat], type="drawn", cards=drawn))
        return events

    def _reveal(self, state: S) -> list[Event]:
        chosen = [list(c) if c is not None else [] for c in state.chosen]
        state.score_cards = [ScoreCard(s, v) for s in range(state.n) for v in chosen[s]]
        sums = [sum(c) for c in chosen]
        best = max(sums)
        tied = [s for s in range(state.n) if sums[s] == best]
        first = tied[0] if len(tied) == 1 else state.rng.choice(tied)
        state.phase = PLAY
        state.start_player = first
        events = [
            public(type="reveal", score_cards=chosen, sums=sums, tied=tied, start_player=first)
        ]
        return events + self._next_turn(state, first)

    def _next_turn(self, state: S, seat: Seat) -> list[Event]:
        """Hand the turn to ``seat``, passing for every player with nothing to decide
        (no legal play and no spare), until someone can act or the round is over."""
        events: list[Event] = []
        n, hands = state.n, state.hands
        while True:
            if state.passes >= n or not any(hands):
                return events + self._end_round(state)
            state.turn = seat
            if state.spares[seat] is not None or self._has_play(state, seat):
                state.turns += 1
                return events
            state.passes += 1
            events.append(public(type="pass", seat=seat))
            seat = (seat + 1) % n

    def _end_round(self, state: S) -> list[Event]:
        events = settle_round(state)
        if state.round >= ROUNDS:
            return events + finish(state)
        return events + self._start_round(state)

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
