"""A whole Choose! table that fits one seat's view: the search bot's worlds.

What a seat's view names: its own hand, every kitchen's stacks (their size, nest, who
laid the top) with the tops it knows, the nests, hand sizes and the discard's size.
Everything else is one multiset of unseen cards (the deck less the seat's hand, the
nests and the tops it knows) spread over the unseen places: the mouse-only places
(tops it does not know, the cards under every top) get a uniformly drawn set of the
unseen mouse cards, and the other hands and the discard share the rest uniformly.

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
from core.games.choose.state import KINDS, MICE, NEST, ChooseState, Stack
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
    pool_mice = [k for k in MICE for _ in range(unseen[k])]
    rng.shuffle(pool_mice)
    mouse_slots = sum(m["stolen"] + (m["top"] is None) for m in mice)
    drawn_mice, rest = pool_mice[:mouse_slots], pool_mice[mouse_slots:]
    rest += [k for k in KINDS if k not in MICE for _ in range(unseen[k])]
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
            hands.append([place(rest.pop(), 1 << seat) for _ in range(view["hand_sizes"][seat])])
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
