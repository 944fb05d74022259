"""A value for every legal Choose! action, from what one seat knows (a ``KnownTable``).

Every turn spends one card, and every card is spent by the round's end, so an action
is worth what it changes on the table (cheese this seat keeps, cheese it takes from
the others) less what the card spent could still have done. A mouse left without a
nest can be stolen while others still have turns; that risk discounts its worth.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from core.game import Action
from core.games.choose.state import score_mouse
from core.games.choose.table import BAD, KnownTable, Mouse


@dataclass(frozen=True)
class Weights:
    """The knobs that separate the levels."""

    keep: dict[str, float] = field(default_factory=lambda: {
        "hungry": 2.0, "ordinary": 1.2, "henchman": 0.7, "robo": 0.4,
        "nest": 1.5, "exterminator": 0.8, "camera": 0.4,
    })
    """What a card in hand is still worth: the cost of spending it."""
    theft: float = 0.22
    """Chance that one turn of another player takes an unnested mouse worth taking."""
    bait: float = 0.9
    """Worth of a henchman in one's own kitchen: a stealer hands over a card."""
    spite: float = 1.0
    """Weight of the others' loss against one's own gain (divided among them)."""
    look: float = 0.35
    """Worth of a camera look, per card in the stack looked at."""


def _ev(dist: dict[str, float], value: dict[str, float]) -> float:
    return sum(p * value[k] for k, p in dist.items())


class Evaluator:
    """Values the actions of one turn; built once per decision."""

    def __init__(self, table: KnownTable, w: Weights) -> None:
        self.t, self.w = table, w
        self.dist = table.unknown_mice()
        me, sizes = table.me, table.hand_sizes
        self.others_turns = sum(s for i, s in enumerate(sizes) if i != me)
        self.my_turns_after = sizes[me] - 1
        self.nests = sum(1 for _, k in table.hand if k == "nest")
        leader = max(table.totals) if table.totals else 0
        n = table.n
        self.opp_weight = [
            0.0 if i == me else w.spite / max(1, n - 1) * (1.5 if table.totals[i] == leader
                                                           and n > 2 else 1.0)
            for i in range(n)
        ]
        self._worth: dict[tuple[str, bool, int, int], float] = {}
        self._steal: dict[tuple[str, int], float] = {}
        self._stack: dict[tuple[str, int], float] = {}
        self.pool_total = sum(sizes)

    # -- how much a mouse will be worth to whoever holds it at the flip ----------------
    def risk(self, holder: int, stolen: int) -> float:
        """Chance an unnested mouse is stolen before the flip (bigger ones draw more)."""
        turns = self.others_turns if holder == self.t.me else max(
            0, self.pool_total - self.t.hand_sizes[holder])
        if turns <= 0:
            return 0.0
        per = min(0.6, self.w.theft * (0.6 + 0.2 * stolen))
        return 1.0 - (1.0 - per) ** min(turns, 6)

    def worth(self, kind: str, nested: bool, stolen: int, holder: int) -> float:
        """What a mouse of ``kind`` is likely to score for ``holder`` at the flip."""
        key = (kind, nested, stolen, holder)
        found = self._worth.get(key)
        if found is None:
            found = self._worth[key] = self._worth_of(kind, nested, stolen, holder)
        return found

    def _worth_of(self, kind: str, nested: bool, stolen: int, holder: int) -> float:
        if nested:
            return float(score_mouse(kind, True, stolen))
        safe = 1.0 - self.risk(holder, stolen)
        if kind == "hungry":
            return (stolen + 2) * safe
        if kind == "ordinary":
            if holder == self.t.me:
                # Worth something only if this seat can still nest it.
                chance = 0.85 if self.nests > 0 and self.my_turns_after > 0 else 0.05
            else:
                chance = 0.3
            return (stolen + 2) * safe * chance
        return 0.0

    def worth_of(self, m: Mouse) -> float:
        if m.top is not None:
            return self.worth(m.top, m.nested, m.stolen, m.owner)
        return _ev(self.dist, {k: self.worth(k, m.nested, m.stolen, m.owner)
                               for k in self.dist})

    def side(self, holder: int, delta: float) -> float:
        """A change of ``delta`` for ``holder``, in this seat's terms."""
        return delta if holder == self.t.me else -self.opp_weight[holder] * delta

    # -- the actions -------------------------------------------------------------------
    def value(self, action: Action, kinds: dict[int, str], mice: dict[int, Mouse]) -> float:
        kind = action["type"]
        keep = self.w.keep
        me = self.t.me
        if kind == "pickup":
            card = kinds[action["card"]]
            bait = self.w.bait * (self.others_turns > 0) if card == "henchman" else 0.0
            return self.worth(card, False, 0, me) + bait - keep[card]
        if kind == "sleepy":
            return -keep[kinds[action["card"]]] - 0.05
        m = mice[action["stack"]]
        if kind == "steal":
            card = kinds[action["card"]]
            key = (card, m.stack)
            found = self._steal.get(key)
            if found is None:
                found = self._steal[key] = self.steal(card, m) - keep[card]
            return found
        if kind == "exterminator":
            key = ("x", m.stack)
            found = self._stack.get(key)
            if found is None:
                found = self._stack[key] = self.unnest(m)
            return found - keep[kinds.get(action["discard"], "nest")]
        if kind == "nest":
            before = self.worth_of(m)
            after = (self.worth(m.top, True, m.stolen, m.owner) if m.top is not None
                     else _ev(self.dist, {k: float(score_mouse(k, True, m.stolen))
                                          for k in self.dist}))
            return self.side(m.owner, after - before) - keep["nest"]
        if kind == "camera":
            if m.top is not None:
                return -keep["camera"] - 1.0
            gain = self.w.look * (m.stolen + 1)
            if m.owner == me and self.nests and not m.nested:
                gain += self.w.look * (m.stolen + 2)
            if m.nested and m.owner != me:
                gain *= 0.3
            return gain - keep["camera"]
        return -10.0

    def unnest(self, m: Mouse) -> float:
        """An exterminator's worth on ``m`` before the card it throws away."""
        keep = self.w.keep
        before = self.worth_of(m)
        after = (self.worth(m.top, False, m.stolen, m.owner) if m.top is not None
                 else _ev(self.dist, {k: self.worth(k, False, m.stolen, m.owner)
                                      for k in self.dist}))
        return self.side(m.owner, after - before) + keep["nest"] - keep["exterminator"]

    def steal(self, card: str, m: Mouse) -> float:
        """Expected change when ``card`` takes mouse ``m``, over what its top may be."""
        me, s, owner = self.t.me, m.stolen, m.owner
        tops = {m.top: 1.0} if m.top is not None else self.dist
        total = 0.0
        for top, p in tops.items():
            if p <= 0:
                continue
            had = self.worth(top, False, s, owner)
            if top == "henchman":
                # The stack goes back to its owner with this card on top.
                if card == "hungry":
                    change = self.side(owner, (s + 3) * 0.8 - had)
                elif card in BAD:
                    hurt = (s + 1) * (0.8 if self.nests and self.my_turns_after else 0.2)
                    change = self.side(owner, -hurt - had)
                else:
                    change = self.side(owner, (s + 3) * 0.15 - had)
            else:
                mine = self.worth(card, False, s + 1, me)
                if card == "henchman":
                    mine += self.w.bait * 0.5 * (self.others_turns > 0)
                change = mine + self.side(owner, -had)
            total += p * change
        return total


def rank(table: KnownTable, legal: list[Action], w: Weights) -> list[tuple[float, int, Action]]:
    """Every legal action with its value, best first (ties keep the legal order)."""
    ev = Evaluator(table, w)
    kinds = {c: k for c, k in table.hand}
    mice = table.by_stack()
    scored = [(ev.value(a, kinds, mice), i, a) for i, a in enumerate(legal)]
    scored.sort(key=lambda x: (-x[0], x[1]))
    return scored
