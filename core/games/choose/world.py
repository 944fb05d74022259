"""A whole Choose! table that fits one seat's views: the search bot's worlds.

What the seat knows is read from its views of the round (``record``): its own hand and
the cards it played (their ids and where they went), every mouse with the identity of
every card under its top (each was turned face up by a steal) and the tops it knows,
the nests, and the round's public record of turns, which says how many mouse and
wisdom cards of its deal each other seat has not yet used (``Record.remaining``) and
which nests it took back.

The cards the seat cannot name (tops it does not know, the rest of each other hand and
what that seat threw away, the undealt cards) are one multiset of unseen cards, spread
uniformly over those places, each other seat getting its unused deal's exact number of
mouse and wisdom cards. Of a seat's unused cards and the nests it took back, which it
still holds and which it threw away is drawn alike: an approximation, since the
posterior would weigh each by how likely that seat was to throw it, which depends on
how it plays. At a round's first turn this is the exact posterior.

Ids are the host's own, renewed every round: a world keeps every id the seat has seen
(its hand and the cards it played, the nests) and gives the others fresh ones, the
nests the highest, so no seat holds a nest below one it laid (the rules lay the
lowest). A camera's or a robo's glance by another seat is not modelled: a top is
known, in a world, to the seat that laid it and to this seat where it sees it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import cast

from core.game import View
from core.games.choose.record import Record, read_own, read_record
from core.games.choose.shapes import ChooseSeatView, HiddenRound, RoundRecord
from core.games.choose.state import KINDS, MICE, NEST, ChooseState, Stack
from core.rng import Rng

Slot = tuple[int | None, str | None, int]
"""A card to place: its id (None: a fresh one), its kind (None: an unseen mouse) and,
for a fresh nest, the id it must lie above (the highest nest its holder laid)."""


def sample_world(views: Sequence[View], rng: Rng) -> ChooseState:
    """A full state whose view for ``views[-1]``'s seat is ``views[-1]``, and that
    played from the round's deal shows the seat each of its earlier views again."""
    history = cast(Sequence[ChooseSeatView], views)
    view = history[-1]
    me = view["seat"]
    options = dict(view["options"])
    deck = {kind: int(cast(int, options[f"deck.{kind}"])) for kind in KINDS}
    record = read_record(view)
    own = read_own(history, record)
    hand = view["hand"] or []
    known: dict[int, str] = {c["card"]: c["kind"] for c in hand}
    known.update(own.gone)
    known.update(dict(own.laid.values()))
    nests = record.nests | {m["nest"] for k in view["kitchens"] for m in k if m["nest"] is not None}
    known.update(dict.fromkeys(nests, NEST))
    unseen = Counter(deck)
    unseen.subtract(Counter(known.values()))
    stacks_of: dict[int, list[Slot]] = {}
    for kitchen in view["kitchens"]:
        for m in kitchen:
            slots: list[Slot] = []
            for height in range(m["stolen"] + 1):
                if (m["stack"], height) in own.laid:
                    card, kind = own.laid[(m["stack"], height)]
                    slots.append((card, kind, -1))
                    continue
                seen = m["top"] if height == m["stolen"] else record.revealed.get(
                    (m["stack"], height))
                if seen is not None:
                    unseen[seen] -= 1
                slots.append((None, seen, -1))
            stacks_of[m["stack"]] = slots
    played: list[str] = [k for s, seat in enumerate(record.seats) if s != me for k in seat.used]
    played += [m["type"] for m in [m for m in view["moves"] if m["seat"] == me][:own.unread]
               if m["type"] in ("camera", "exterminator")]
    unseen.subtract(Counter(played))
    total = sum(deck.values())
    for _ in range(TRIES):
        drawn = _draw(view, record, rng, unseen, stacks_of, played)
        if _nests_fit(total, known, drawn):
            break
    stacks, hands, thrown = drawn
    thrown += [(card, kind, -1) for card, kind in own.gone.items()]
    return _build(view, rng, deck, known, stacks, hands, thrown)


TRIES = 20
"""Draws tried for one whose fresh nests can each lie above the nests their holder laid
(the rules lay the lowest nest held); after that many, the last is taken as it is."""

Drawn = tuple[dict[int, list[Slot]], list[list[Slot]], list[Slot]]


def _draw(view: ChooseSeatView, record: Record, rng: Rng, unseen: Counter[str],
          stacks_of: dict[int, list[Slot]], played: list[str]) -> Drawn:
    """The unseen cards spread over the places the seat cannot name: the mice's
    unknown tops, each other seat's unused deal (in hand, or thrown away), and the
    undealt cards (with any of the seat's own it cannot name) in the discard."""
    n, me = view["players"], view["seat"]
    mice = [k for k in MICE for _ in range(max(0, unseen[k]))]
    wisdom = [k for k in KINDS if k not in MICE for _ in range(max(0, unseen[k]))]
    rng.shuffle(mice)
    rng.shuffle(wisdom)
    stacks = {sid: [slot if slot[1] is not None else (None, _take(mice, wisdom), -1)
                    for slot in slots] for sid, slots in stacks_of.items()}
    hands: list[list[Slot]] = []
    thrown: list[Slot] = [(None, k, -1) for k in played]
    for seat in range(n):
        if seat == me:
            hands.append([(c["card"], c["kind"], -1) for c in view["hand"] or []])
            continue
        mouse, wise = record.remaining[seat]
        floor = max(record.laid_nests[seat], default=-1)
        cards: list[Slot] = [(None, _take(mice, wisdom), -1) for _ in range(mouse)]
        cards += [(None, _take(wisdom, mice), floor) for _ in range(wise)]
        taken = record.seats[seat]
        gone = [nest for nest in taken.taken if nest < taken.above.get(nest, -1)]
        cards += [(nest, NEST, -1) for nest in taken.taken if nest not in gone]
        thrown += [(nest, NEST, -1) for nest in gone]
        rng.shuffle(cards)
        size = view["hand_sizes"][seat]
        hands.append(cards[:size])
        thrown += cards[size:]
    thrown += [(None, k, -1) for k in mice + wisdom]
    return stacks, hands, thrown


def _nests_fit(total: int, known: dict[int, str], drawn: Drawn) -> bool:
    """Whether the fresh ids can give every fresh nest an id above its floor (no fresh
    nest lies on a mouse: only hands and the discard are looked at)."""
    _, hands, thrown = drawn
    every = [slot for h in hands for slot in h] + thrown
    floors = sorted((f for card, kind, f in every if card is None and kind == NEST),
                    reverse=True)
    high = sorted((i for i in range(total) if i not in known), reverse=True)
    return all(card > floor for card, floor in zip(high, floors, strict=False))


def _take(pool: list[str], other: list[str]) -> str:
    """The next unseen card of ``pool`` (of ``other`` should the views not add up)."""
    return pool.pop() if pool else other.pop()


def _build(view: ChooseSeatView, rng: Rng, deck: dict[str, int], known: dict[int, str],
           stacks_of: dict[int, list[Slot]], hands: list[list[Slot]],
           thrown: list[Slot]) -> ChooseState:
    """The state itself: fresh ids for the unnamed cards, the nests the highest, and
    who knows each card."""
    n, me = view["players"], view["seat"]
    total = sum(deck.values())
    fresh = [i for i in range(total) if i not in known]
    rng.shuffle(fresh)
    every = [slot for h in hands for slot in h] + thrown + [
        slot for slots in stacks_of.values() for slot in slots]
    floors = sorted((floor for card, kind, floor in every if card is None and kind == NEST),
                    reverse=True)
    high = sorted(fresh)[len(fresh) - len(floors):] if floors else []
    highest = set(high)
    low = [i for i in fresh if i not in highest]
    nest_ids: dict[int, list[int]] = {}  # floor -> ids, the highest to the highest floor
    for floor, card in zip(floors, reversed(high), strict=True):
        nest_ids.setdefault(floor, []).append(card)
    kinds = [""] * total
    mask = [0] * total
    everyone = (1 << n) - 1

    def place(slot: Slot, seen_by: int) -> int:
        card, kind, floor = slot
        kind = kind or MICE[0]
        if card is None:
            card = nest_ids[floor].pop() if kind == NEST else low.pop()
        kinds[card], mask[card] = kind, everyone if kind == NEST else seen_by
        return card

    held = [[place(slot, 1 << seat) for slot in h] for seat, h in enumerate(hands)]
    discard = [place(slot, 0) for slot in thrown]
    stacks: dict[int, Stack] = {}
    kitchens: list[list[int]] = []
    for owner, kitchen in enumerate(view["kitchens"]):
        kitchens.append([m["stack"] for m in kitchen])
        for m in kitchen:
            slots = stacks_of[m["stack"]]
            cards = [place(slot, everyone) for slot in slots[:-1]]
            top_seen = 1 << m["placed_by"] | (1 << me if m["top"] is not None else 0)
            cards.append(place(slots[-1], top_seen))
            nest = m["nest"]
            if nest is not None:
                kinds[nest], mask[nest] = NEST, everyone
            stacks[m["stack"]] = Stack(m["stack"], owner, cards, m["placed_by"], nest)
    for card, kind in known.items():
        if not kinds[card]:  # seen, and placed nowhere: the seat's own nest taken back
            kinds[card], mask[card] = kind, everyone  # and thrown in turns whose views
            discard.append(card)                      # it lacks
    last = view["last_round"]
    mice_ids = [m["stack"] for k in view["kitchens"] for m in k]
    seen_ids = mice_ids + [f["stack"] for f in (last or {"stacks": []})["stacks"]]
    records = _records(view)
    return ChooseState(
        n=n, options=dict(view["options"]), rng=Rng(rng.next64()), deck=deck,
        first_player=(view["start_player"] - view["round"] + 1) % n, round=view["round"],
        phase=view["phase"], start_player=view["start_player"],
        turn=view["turn"] if view["turn"] is not None else 0,
        turns_taken=view["turns_taken"], kinds=kinds, known=mask, hands=held,
        stacks=dict(sorted(stacks.items())), kitchens=kitchens, discard=discard,
        moves=[move.copy() for move in view["moves"]],
        next_stack=max(seen_ids, default=-1) + 1,
        round_scores=[list(r) for r in view["round_scores"]], totals=list(view["totals"]),
        last_round=records[-1] if records else None, round_records=records,
        hidden_rounds=[cast(HiddenRound, {"stacks": [], "discard": {}}) for _ in records])


def _records(view: ChooseSeatView) -> list[RoundRecord]:
    """Every finished round's flip: the last as the view shows it, the earlier ones by
    their scores alone (their flips are not in the view, and only the game's closing
    story, never a view, reads them)."""
    out: list[RoundRecord] = []
    running = [0] * view["players"]
    for number, scores in enumerate(view["round_scores"], start=1):
        running = [t + s for t, s in zip(running, scores, strict=True)]
        out.append({"round": number, "stacks": [], "raw": list(scores),
                    "scores": list(scores), "totals": list(running)})
    last = view["last_round"]
    if last is not None and out:
        out[-1] = {"round": last["round"], "stacks": [f.copy() for f in last["stacks"]],
                   "raw": list(last["raw"]), "scores": list(last["scores"]),
                   "totals": list(last["totals"])}
    return out
