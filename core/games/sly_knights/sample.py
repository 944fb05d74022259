"""Deals consistent with one seat's view: the hidden cards, sampled.

Every player owns one card of each value 1-16, so a seat can count exactly which of an
opponent's cards it has never seen face up; those are spread at random over the places
it cannot look into (that player's hand, pile, spare, face-down score cards and
penalties). Its own pile and spare get the rest of its own cards.

One thing the table does show is used as well: the players who passed since the last
play had nothing that fits any score card, so their hands hold only cards worth more
than the largest room left. Given the seat's earlier views of the round, every pass of
the round is read the same way (``passes.pass_floors``). Among the hands that meet
those floors each is drawn alike: an approximation, as the posterior would also weigh
a hand by how likely its holder was to play as it did.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from math import comb

from core.games.sly_knights.passes import Floor
from core.games.sly_knights.shapes import SlySeatView
from core.games.sly_knights.state import CARDS, PIG_AND_PIG, PIG_POINTS, worth
from core.rng import Rng


def seen_cards(view: SlySeatView) -> list[set[int]]:
    """Per seat, its cards that everyone has seen face up (Pig & Pig card included)."""
    seen: list[set[int]] = [set(cards) for cards in view["set_aside"]]
    for taken in view["captured"]:
        for card in taken:
            seen[card["owner"]].add(card["value"])
    for sc in view["score_cards"]:
        seen[sc["owner"]].add(sc["value"])
        for play in sc["plays"]:
            seen[play["seat"]].add(play["card"])
    return seen


def stuck_seats(view: SlySeatView) -> list[int]:
    """The seats that passed since the last play (the ones just before the turn)."""
    n, turn = view["players"], view["turn"]
    if turn is None:
        return []
    return [(turn - k) % n for k in range(1, min(view["passes"], n - 1) + 1)]


@dataclass(slots=True)
class World:
    """One guess at everything the seat cannot see, for the current round."""

    hands: list[list[int]]
    """Every hand; during the choice, opponents' face-down score cards are in it."""
    spares: list[int | None]
    points: list[int]
    """Each seat's score so far: captured values + 2 per pig held - penalties."""


@dataclass(slots=True)
class _Seat:
    unseen: list[int]
    hand: int
    """Hand slots to fill (with face-down score cards during the choice)."""
    spare: bool
    hand_floor: int
    """Hand cards must be worth more than this (0: no constraint), but one..."""
    spare_floor: int
    """...a spare drawn since some of the passes, which must be worth more than this."""
    pig_in_hand: bool
    pig_in_penalties: bool


class Sampler:
    """Everything about a view that does not change between samples, counted once."""

    def __init__(self, view: SlySeatView, floors: Sequence[Floor] = ()) -> None:
        """``floors``: what the round's earlier passes ask (``passes.pass_floors``);
        without them only the passes since the last play are read."""
        me = view["seat"]
        you = view["you"]
        self.me: int = me
        self.n: int = view["players"]
        seen = seen_cards(view)
        pig_and_pig = bool(view["options"].get("pig_and_pig"))
        rooms = [sc["value"] - sc["total"] for sc in view["score_cards"]]
        floor = max(rooms, default=0)
        stuck = set(stuck_seats(view)) if view["phase"] == "play" else set()
        captured = [sum(c["value"] for c in taken) for taken in view["captured"]]
        self.known_points = [captured[s] + PIG_POINTS * view["pigs"][s] for s in range(self.n)]
        self.seats: list[_Seat | None] = []
        for seat in range(self.n):
            if seat == me:
                self.seats.append(None)
                continue
            in_hand = in_pen = False
            if pig_and_pig and PIG_AND_PIG not in seen[seat]:
                if view["round"] == 1:
                    in_hand = True
                else:
                    in_pen = True
            unseen = [c for c in CARDS if c not in seen[seat]]
            chosen_hidden = 2 if view["phase"] == "choose" and view["chosen"][seat] else 0
            self.seats.append(
                _Seat(
                    unseen=unseen,
                    hand=view["hand_sizes"][seat] - in_hand + chosen_hidden,
                    spare=not view["spare_drawn"][seat],
                    hand_floor=max(floor if seat in stuck else 0,
                                   floors[seat].hand if floors else 0),
                    spare_floor=max(floor if seat in stuck else 0,
                                    floors[seat].spare if floors else 0),
                    pig_in_hand=in_hand,
                    pig_in_penalties=in_pen,
                )
            )
        own_known = seen[me] | set(you["hand"]) | set(you["chosen"] or ()) | set(you["penalties"])
        self.own_unseen = [c for c in CARDS if c not in own_known]
        self.own_hand: list[int] = list(you["hand"])
        self.own_spare = not you["spare_drawn"]
        self.own_penalty = sum(worth(c) for c in you["penalties"])
        self.penalty_counts: list[int] = list(view["penalty_counts"])

    def sample(self, rng: Rng) -> World:
        hands: list[list[int]] = []
        spares: list[int | None] = []
        points = list(self.known_points)
        for seat, info in enumerate(self.seats):
            if info is None:
                hands.append(list(self.own_hand))
                spares.append(rng.choice(self.own_unseen) if self.own_spare else None)
                points[seat] -= self.own_penalty
                continue
            cards = list(info.unseen)
            rng.shuffle(cards)
            hand, rest = fill_hand(cards, info, rng)
            if info.pig_in_hand:
                hand.append(PIG_AND_PIG)
            hand.sort()
            hands.append(hand)
            spare = None
            if info.spare:
                spare = rest.pop()
            spares.append(spare)
            penalty_cards = self.penalty_counts[seat] - info.pig_in_penalties
            penalty = sum(rest[:penalty_cards]) + worth(PIG_AND_PIG) * info.pig_in_penalties
            points[seat] -= penalty
        return World(hands, spares, points)


def fill_hand(cards: list[int], info: _Seat, rng: Rng) -> tuple[list[int], list[int]]:
    """``info.hand`` of the shuffled ``cards`` that meet its floors, each such hand
    alike, and the cards left: a player who passed holds only cards too big to fit
    anywhere then, but for one spare drawn since (worth more than ``spare_floor``)."""
    size = info.hand
    if not info.hand_floor and not info.spare_floor:
        return cards[:size], cards[size:]
    high = [c for c in cards if c > info.hand_floor]
    low = [c for c in cards if info.spare_floor < c <= info.hand_floor]
    alone = comb(len(high), size)
    with_spare = len(low) * comb(len(high), size - 1) if size else 0
    if alone + with_spare == 0:  # the views are not ones this seat can be shown
        return cards[:size], cards[size:]
    # (no draw where no spare can be: the hard bot's worlds, and so its decisions, stay
    # those its recorded games hold)
    spare = bool(with_spare) and rng.below(alone + with_spare) >= alone
    hand = [*high[:size - 1], low[0]] if spare else high[:size]
    return hand, [c for c in cards if c not in hand]
