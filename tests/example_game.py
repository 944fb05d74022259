"""Mole Hunt: the example game of docs/ADDING_A_GAME.md, kept beside the tests.

One seat is dealt the mole, in secret; each seat learns only whether it is the mole.
Then everyone talks and votes for one seat, at once and in secret. If the mole gets
more votes than any other seat, the hunters win; otherwise the mole does.

It is registered only by the tests (``register_example``), which hold it to the same
contract suite as the real games and play it through the generic table scene.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from core.errors import ActionError
from core.game import (
    Action,
    Deadline,
    Event,
    Game,
    Outcome,
    Seat,
    View,
    need_fields,
    need_int,
    private,
    public,
    view_header,
)
from core.options import OptionSpec, OptionValue
from core.rng import Rng

VOTE = "vote"
OVER = "over"


@dataclass
class MoleState:
    n: int
    options: dict[str, OptionValue]
    rng: Rng
    mole: Seat
    phase: str = VOTE
    votes: list[Seat | None] = field(default_factory=list)
    result: Outcome | None = None


class MoleHunt(Game[MoleState]):
    id = "mole_hunt"
    title = {"en": "Mole Hunt", "ja": "もぐら探し"}
    min_players = 3
    max_players = 6
    sides = ("hunters", "mole")
    paced = ("vote_open", "reveal")
    options = (
        OptionSpec("vote_seconds", 30.0, "Seconds to talk and vote.", "話し合いと投票の秒数。",
                   minimum=1.0, maximum=600.0, title_en="Talk and vote (seconds)",
                   title_ja="話し合いと投票(秒)"),
    )

    # -- setup -------------------------------------------------------------------------
    def deal(self, players: int, options: dict[str, OptionValue], seed: int) -> MoleState:
        rng = Rng(seed)
        return MoleState(players, options, rng, rng.below(players), votes=[None] * players)

    def start(self, state: MoleState) -> list[Event]:
        return [public(type="vote_open"),
                *(private([s], type="dealt", mole=s == state.mole) for s in range(state.n))]

    # -- play --------------------------------------------------------------------------
    def players(self, state: MoleState) -> int:
        return state.n

    def _legal(self, state: MoleState, seat: Seat) -> list[Action]:
        if state.phase != VOTE or state.votes[seat] is not None:
            return []
        return [{"type": "vote", "target": t} for t in range(state.n) if t != seat]

    def to_act(self, state: MoleState) -> list[Seat]:
        if state.phase != VOTE:
            return []
        return [s for s in range(state.n) if state.votes[s] is None]

    def chat_open(self, state: MoleState) -> bool:
        return state.phase == VOTE

    def _handlers(self) -> dict[str, Callable[[MoleState, Seat, Action], list[Event]]]:
        return {"vote": self._vote}

    def _vote(self, state: MoleState, seat: Seat, action: Action) -> list[Event]:
        need_fields(action, "target")
        target = need_int(action, "target", 0, state.n - 1)
        if state.phase != VOTE:
            raise ActionError("wrong_phase", "The vote is over.")
        if state.votes[seat] is not None or target == seat:
            raise ActionError("illegal", "You have voted, or you named yourself.")
        state.votes[seat] = target
        events = [public(type="voted", seat=seat)]
        if all(v is not None for v in state.votes):
            events += self._count(state)
        return events

    def deadline(self, state: MoleState) -> Deadline | None:
        if state.phase != VOTE:
            return None
        return Deadline("vote", float(state.options["vote_seconds"]), ends_early=True)

    def _expire(self, state: MoleState) -> list[Event]:
        """Time is up: a seat that did not vote abstains."""
        return self._count(state) if state.phase == VOTE else []

    def _count(self, state: MoleState) -> list[Event]:
        tally = [sum(1 for v in state.votes if v == s) for s in range(state.n)]
        caught = all(tally[state.mole] > tally[s] for s in range(state.n) if s != state.mole)
        hunters = tuple(s for s in range(state.n) if s != state.mole)
        winners = hunters if caught else (state.mole,)
        state.phase = OVER
        state.result = Outcome(winners, tuple(int(s in winners) for s in range(state.n)),
                               ("hunters" if caught else "mole",))
        return [public(type="reveal", mole=state.mole, votes=list(state.votes),
                       side=state.result.sides[0])]

    # -- what each seat sees -----------------------------------------------------------
    def view(self, state: MoleState, seat: Seat | None) -> View:
        over = state.result is not None
        result = {"side": state.result.sides[0], "mole": state.mole} if state.result else None
        view: dict[str, Any] = {
            **view_header(self, state, seat, phase=state.phase, options=state.options,
                          result=result),
            "voted": [v is not None for v in state.votes],
            "votes": list(state.votes) if over else None,
        }
        if seat is not None:
            view["you"] = {"mole": seat == state.mole, "vote": state.votes[seat]}
        return view

    def outcome(self, state: MoleState) -> Outcome | None:
        return state.result


EXAMPLE = MoleHunt()

RULES_EN = """\
MOLE HUNT — 3 to 6 players

One of you is the mole; the others are hunters. Each player learns in secret only
whether they are the mole.

THE VOTE
Talk it over, then everyone votes at once, in secret, for one other player. A player
who has not voted when time runs out abstains.

WINNING
The hunters win if the mole has more votes than any other player; otherwise the mole
wins.
"""

RULES_JA = """\
もぐら探し — 3～6人

1人がもぐら、ほかの全員はハンターです。各自、自分がもぐらかどうかだけを秘密に知ります。

投票
話し合ってから、全員同時に、秘密に、自分以外の1人に投票します。時間切れまでに
投票しなかった人は棄権です。

勝利
もぐらの票がほかの誰よりも多ければハンターの勝ち、そうでなければもぐらの勝ちです。
"""

RULES: dict[str, str] = {"en": RULES_EN, "ja": RULES_JA}
"""The rules reference the menu's Rules screen shows for Mole Hunt."""


def register_example() -> None:
    """Put Mole Hunt in every layer's registry, as a real game's declarations are: its
    one line in ``core/registry.py``, its ``client/games/`` declaration (its rules text
    is here; it plays on the generic table with the words every table shares) and its
    secrecy construction in ``tests/secrecy.py``."""
    from client import games
    from core.registry import register
    from tests.secrecy import CONSTRUCTIONS

    register(EXAMPLE, {})
    games.register(games.ClientAbout(EXAMPLE.id, rules=f"{__name__}:RULES"))
    CONSTRUCTIONS[EXAMPLE.id] = [mole_twins]


def unregister_example() -> None:
    from client import games
    from core.registry import BOTS, GAMES
    from tests.secrecy import CONSTRUCTIONS

    GAMES.pop(EXAMPLE.id, None)
    BOTS.pop(EXAMPLE.id, None)
    games.unregister(EXAMPLE.id)
    CONSTRUCTIONS.pop(EXAMPLE.id, None)


def mole_twins(seed: int) -> Any:
    """The secrecy construction: the mole moves between two other seats; seat p cannot
    tell until the reveal."""
    import copy

    from tests.secrecy import Twins

    n = 3 + seed % 4
    one = EXAMPLE.deal(n, EXAMPLE.check_options(n, {}), seed)
    p = (one.mole + 1) % n
    other = next(s for s in range(n) if s not in (p, one.mole))
    two = copy.deepcopy(one)
    two.mole = other
    return Twins(one, two, EXAMPLE.start(one), p, f"the mole at seat {one.mole} or {other}",
                 shown=lambda state: state.phase == OVER)
