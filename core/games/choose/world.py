"""A whole Choose! table that fits one seat's view: the search bot's worlds.

What a seat's view names: its own hand, every kitchen's stacks (their size, nest, who
laid the top) with the tops it knows, the nests, hand sizes and the discard's size.
Everything else is one multiset of unseen cards (the deck less the seat's hand, the
nests and the tops it knows) spread uniformly over the unseen places, as far as they
are known to take one deck: the places only a mouse card fills (tops it does not know,
the cards under every top), and the hands of seats that have not yet played this
round (still their deal: so many mouse cards, so many wisdom cards). The hands of the
seats that have played and the discard share the rest. At a round's first turn this
is the exact posterior.

Where this approximates, and why: the view does not carry what earlier events showed
(the kinds revealed under a top at each steal, the cards gone to the discard, how many
mice each hand still holds since the deal); a seat that reads only its views has
forgotten them, so they are drawn from the unseen cards like the rest. Who else knows
a top is not shown either: in a world, a top is known to the seat that laid it (and to
this seat where it sees it); a camera's or a robo's glance by another seat is not
modelled. Card ids are the host's own, renewed every round; a world keeps the ids the
seat sees (its hand, the nests) and gives the others fresh ones.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import cast

from core.game import View
from core.games.choose.shapes import ChooseSeatView, HiddenRound, RoundRecord
from core.games.choose.state import DEAL, KINDS, MICE, NEST, ChooseState, Stack
from core.rng import Rng


def sample_world(views: Sequence[View], rng: Rng) -> ChooseState:
    """A full state whose view for ``views[-1]``'s seat is ``views[-1]``."""
    view = cast(ChooseSeatView, views[-1])
    n, me = view["players"], view["seat"]
    options = dict(view["options"])
    deck = {kind: int(cast(int, options[f"deck.{kind}"])) for kind in KINDS}
    unseen = Counter(deck)
    hand = view["hand"] or []
    for card in hand:
        unseen[card["kind"]] -= 1
    mice = [m for kitchen in view["kitchens"] for m in kitchen]
    for mouse in mice:
        if mouse["nest"] is not None:
            unseen[NEST] -= 1
        if mouse["top"] is not None:
            unseen[mouse["top"]] -= 1
    per_mouse, per_wisdom = DEAL[n]
    fresh = _untouched(view)
    pool_mice = [k for k in MICE for _ in range(unseen[k])]
    pool_wisdom = [k for k in KINDS if k not in MICE for _ in range(unseen[k])]
    rng.shuffle(pool_mice)
    rng.shuffle(pool_wisdom)
    mouse_slots = sum(m["stolen"] + (m["top"] is None) for m in mice)
    drawn_mice = pool_mice[:mouse_slots]
    dealt: dict[int, list[str]] = {}
    used_mice, used_wisdom = mouse_slots, 0
    for seat in fresh:
        dealt[seat] = (pool_mice[used_mice:used_mice + per_mouse]
                       + pool_wisdom[used_wisdom:used_wisdom + per_wisdom])
        used_mice, used_wisdom = used_mice + per_mouse, used_wisdom + per_wisdom
    rest = pool_mice[used_mice:] + pool_wisdom[used_wisdom:]
    rng.shuffle(rest)

    total = sum(deck.values())
    taken = {c["card"] for c in hand} | {m["nest"] for m in mice if m["nest"] is not None}
    free_ids = [i for i in range(total) if i not in taken]
    rng.shuffle(free_ids)
    kinds = [""] * total
    known = [0] * total
    everyone = (1 << n) - 1

    def place(kind: str, mask: int) -> int:
        card = free_ids.pop()
        kinds[card], known[card] = kind, mask
        return card

    hands: list[list[int]] = []
    for seat in range(n):
        if seat == me:
            for c in hand:
                kinds[c["card"]], known[c["card"]] = c["kind"], 1 << me
            hands.append([c["card"] for c in hand])
        else:
            kinds_held = dealt.get(seat) or [rest.pop() for _ in range(view["hand_sizes"][seat])]
            hands.append([place(kind, 1 << seat) for kind in kinds_held])
    discard = [place(rest.pop(), 0) for _ in range(view["discard_size"])]
    stacks: dict[int, Stack] = {}
    kitchens: list[list[int]] = []
    for owner, kitchen in enumerate(view["kitchens"]):
        kitchens.append([m["stack"] for m in kitchen])
        for m in kitchen:
            cards = [place(drawn_mice.pop(), everyone) for _ in range(m["stolen"])]
            laid = 1 << m["placed_by"]
            if m["top"] is None:
                cards.append(place(drawn_mice.pop(), laid))
            else:
                cards.append(place(m["top"], laid | 1 << me))
            nest = m["nest"]
            if nest is not None:
                kinds[nest], known[nest] = NEST, everyone
            stacks[m["stack"]] = Stack(m["stack"], owner, cards, m["placed_by"], nest)
    last = view["last_round"]
    seen_ids = [m["stack"] for m in mice] + [f["stack"] for f in (last or {"stacks": []})["stacks"]]
    records = _records(view)
    return ChooseState(
        n=n, options=options, rng=Rng(rng.next64()), deck=deck,
        first_player=(view["start_player"] - view["round"] + 1) % n, round=view["round"],
        phase=view["phase"], start_player=view["start_player"],
        turn=view["turn"] if view["turn"] is not None else 0,
        turns_taken=view["turns_taken"], kinds=kinds, known=known, hands=hands,
        stacks=dict(sorted(stacks.items())), kitchens=kitchens, discard=discard,
        next_stack=max(seen_ids, default=-1) + 1,
        round_scores=[list(r) for r in view["round_scores"]], totals=list(view["totals"]),
        last_round=records[-1] if records else None, round_records=records,
        hidden_rounds=[cast(HiddenRound, {"stacks": [], "discard": {}}) for _ in records])


def _untouched(view: ChooseSeatView) -> list[int]:
    """The other seats that have not yet taken a turn this round: each still holds its
    deal exactly, so many mouse cards and so many wisdom cards (``DEAL``)."""
    n, start = view["players"], view["start_player"]
    played = {(start + k) % n for k in range(min(view["turns_taken"], n))}
    return [s for s in range(n) if s != view["seat"] and s not in played]


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
