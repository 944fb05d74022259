"""Seven Knights Bewitched (ミュルマミウスの虜), RULES.md §3: inspect, question, recommend,
command, settle; three rounds.

Every answer, Knight's or Witch's, is an action by the answerer, with the same window
and the same default, so neither the timing nor the shape of an answer tells anyone
which side the answerer is on. A Knight is simply offered only the true answer, and a
false one is refused.
"""

from __future__ import annotations

from collections.abc import Callable
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
from core.games.knights import questions as q
from core.games.knights import resolve
from core.games.knights.about import ABOUT
from core.games.knights.options import check_mode
from core.games.knights.shapes import (
    SHAPES,
    AnswerAction,
    Answered,
    AskAction,
    InspectAction,
    LineUpAction,
    NoteAction,
    ReadyAction,
    RecommendAction,
)
from core.games.knights.state import (
    ANSWER,
    ANSWERING,
    ASKING,
    COMMAND,
    COMMAND_ANSWER,
    DARK,
    INSPECT,
    LINE_UP,
    NOTE_LIMIT,
    OVER,
    QUESTION,
    RECOMMEND,
    REVIEW,
    ROUNDS,
    WITCH,
    KnightsState,
    shown,
)
from core.games.knights.story import story
from core.games.knights.tiles import deal_tiles, supply
from core.games.knights.view import build_view, omniscient, own_view, shared_view
from core.options import OptionValue
from core.rng import Rng

S = KnightsState

PHASES_FOR: dict[str, tuple[str, ...]] = {
    "inspect": (INSPECT,),
    "ask": ASKING,
    "answer": ANSWERING,
    "recommend": (RECOMMEND,),
    "line_up": (LINE_UP,),
    "ready": (REVIEW,),
}


class Knights(Game[KnightsState]):
    about = ABOUT
    sides = ("knights", "witch", "nobody")
    take_back_types = ("unready",)

    def _check_combination(self, players: int, options: dict[str, OptionValue]) -> None:
        check_mode(players, options)

    # -- setup ---------------------------------------------------------------
    def deal(self, players: int, options: dict[str, OptionValue], seed: int) -> S:
        rng = Rng(seed)
        state = S(
            n=players,
            options=options,
            rng=rng,
            mode=str(options["mode"]),
            notes=[""] * players,
            totals=[0] * players,
        )
        state.start = rng.below(players)
        self._setup_round(state, 1)
        return state

    def start(self, state: S) -> list[Event]:
        return self._round_events(state)

    def _setup_round(self, state: S, number: int) -> None:
        state.round = number
        state.tiles, state.aside = deal_tiles(state.mode, state.n, state.rng)
        state.phase, state.turn, state.inspect_pass = INSPECT, 0, 0
        state.inspected = [[] for _ in range(state.n)]
        state.bewitched = []
        state.asker, state.question = None, None
        state.log = []
        state.recommendations = [None] * state.n
        state.recommendations_public = False
        state.captain, state.captain_revealed, state.order = None, False, None
        state.ready = [False] * state.n

    def _round_events(self, state: S) -> list[Event]:
        events = [public(type="round", round=state.round, start=state.start,
                         tiles=len(state.tiles))]
        events += [private([s], type="your_tile", tile=s, value=shown(state.tiles[s]))
                   for s in range(state.n)]
        return events

    def players(self, state: S) -> int:
        return state.n

    # -- what each seat may do -------------------------------------------------
    def _inspect_targets(self, state: S, seat: Seat) -> list[int]:
        if state.mode == DARK:
            if state.inspect_pass == 0:
                return [t for t in range(state.n) if t != seat]
            return list(state.centre)
        return [t for t in range(len(state.tiles)) if t != seat]

    def _recommend_targets(self, state: S, seat: Seat) -> list[Seat]:
        holder = state.witch_holder()
        if seat == holder:
            return [t for t in range(state.n) if t not in state.bewitched]
        if seat in state.bewitched:
            return [t for t in range(state.n) if t != holder]
        return list(range(state.n))

    def _answerer(self, state: S) -> Seat | None:
        return None if state.question is None else int(state.question["answerer"])

    def _line_up_family(self, state: S, captain: Seat) -> list[Action]:
        """The captain's line-ups by ascending known values, leaving out nothing or one tile.

        Every order of the table's tiles is legal; ``apply`` accepts any of them.
        """
        known = state.knows(captain)
        ranked = sorted(
            range(len(state.tiles)),
            key=lambda t: (0, state.tiles[t], t) if t in known else (1, 0, t),
        )
        orders = [ranked] + [[t for t in ranked if t != out] for out in ranked]
        return [{"type": "line_up", "order": order} for order in orders]

    def _legal(self, state: S, seat: Seat) -> list[Action]:
        phase = state.phase
        if phase == INSPECT:
            if seat != state.current():
                return []
            return [{"type": "inspect", "tile": t} for t in self._inspect_targets(state, seat)]
        if phase in ASKING:
            if seat != state.asker:
                return []
            knows = [state.knows(s) for s in range(state.n)]
            return q.family(seat, knows, supply(state.mode, state.n).numbers)
        if phase in ANSWERING:
            if seat != self._answerer(state):
                return []
            assert state.question is not None
            true = q.truth(state.question, state.tiles)
            if state.on_witch_side(seat):
                return [{"type": "answer", "answer": True}, {"type": "answer", "answer": False}]
            return [{"type": "answer", "answer": true}]
        if phase == RECOMMEND:
            if state.recommendations[seat] is not None:
                return []
            targets = self._recommend_targets(state, seat)
            return [{"type": "recommend", "target": t} for t in targets]
        if phase == LINE_UP:
            return self._line_up_family(state, seat) if seat == state.captain else []
        if phase == REVIEW:
            return [] if state.ready[seat] else [{"type": "ready"}]
        return []

    def to_act(self, state: S) -> list[Seat]:
        """The one seat whose turn it is, or everyone yet to recommend or be ready:
        named from the turn, without building anyone's legal list."""
        phase = state.phase
        if phase == INSPECT:
            seat = state.current()
            return [seat] if self._inspect_targets(state, seat) else []
        if phase in ASKING:
            asker = state.asker
            return [] if asker is None or not self._may_ask(state, asker) else [asker]
        if phase in ANSWERING:
            answerer = self._answerer(state)
            return [] if answerer is None else [answerer]
        if phase == RECOMMEND:
            # Nobody's targets are ever empty: the Witch may recommend herself (she never
            # sees her own tile), a bewitched seat anyone but the Witch at a table of 3+.
            return [s for s, r in enumerate(state.recommendations) if r is None]
        if phase == LINE_UP:
            return [] if state.captain is None else [state.captain]
        if phase == REVIEW:
            return [s for s in range(state.n) if not state.ready[s]]
        return []

    def _may_ask(self, state: S, asker: Seat) -> bool:
        """Whether ``questions.family`` lists anything: some other seat knows a tile the
        asker does not (every listed question names one)."""
        mine = state.knows(asker)
        return any(not state.knows(s) <= mine for s in range(state.n) if s != asker)

    def chat_open(self, state: S) -> bool:
        return state.phase == REVIEW

    # -- applying actions --------------------------------------------------------
    def _apply(self, state: S, seat: Seat, action: Action) -> list[Event]:
        kind = action["type"]
        if kind in PHASES_FOR and state.phase not in PHASES_FOR[kind]:
            raise ActionError("wrong_phase", f"'{kind}' is not possible during the {state.phase}.")
        return self.dispatch(state, seat, action)

    def _handlers(self) -> dict[str, Callable[[S, Seat, Action], list[Event]]]:
        """Every action but the notepad belongs to its phases (``PHASES_FOR``)."""
        return {"note": takes(self._do_note), "inspect": takes(self._do_inspect),
                "ask": takes(self._do_ask), "answer": takes(self._do_answer),
                "recommend": takes(self._do_recommend), "line_up": takes(self._do_line_up),
                "ready": takes(self._do_ready), "unready": takes(self._do_unready)}

    def _do_note(self, state: S, seat: Seat, action: NoteAction) -> list[Event]:
        SHAPES["note"].need(action)
        text = action["text"]
        if not isinstance(text, str):
            raise ActionError("malformed", "A note must be text.")
        if len(text) > NOTE_LIMIT:
            raise ActionError("too_long", f"The notepad holds at most {NOTE_LIMIT} characters.")
        state.notes[seat] = text
        return [private([seat], type="note", text=text)]

    def _do_inspect(self, state: S, seat: Seat, action: InspectAction) -> list[Event]:
        SHAPES["inspect"].need(action)
        tile = need_int(action, "tile", 0, len(state.tiles) - 1)
        if seat != state.current():
            raise ActionError("not_your_turn",
                              f"It is seat {state.current() + 1}'s turn to inspect.")
        if tile not in self._inspect_targets(state, seat):
            if tile == seat:
                raise ActionError("illegal", "You know your own tile; inspect another one.")
            if state.inspect_pass == 0:
                raise ActionError(
                    "illegal", "First inspect another player's tile; the centre comes next."
                )
            raise ActionError("illegal", "In the second pass, inspect a centre tile.")
        return self._inspect(state, seat, tile)

    def _inspect(self, state: S, seat: Seat, tile: int) -> list[Event]:
        state.inspected[seat].append(tile)
        value = state.tiles[tile]
        events = [
            public(type="inspect", seat=seat, tile=tile),
            private([seat], type="inspected", seat=seat, tile=tile, value=shown(value)),
        ]
        if value == WITCH:
            state.bewitched.append(seat)
            holder = state.witch_holder()
            audience = [seat] if holder is None else [seat, holder]
            events.append(private(audience, type="bewitched", seat=seat))
        state.turn += 1
        if state.turn == state.n:
            state.turn = 0
            if state.mode == DARK and state.inspect_pass == 0:
                state.inspect_pass = 1
            else:
                events += self._open_questions(state, QUESTION, state.current())
        return events

    def _open_questions(self, state: S, phase: str, asker: Seat) -> list[Event]:
        state.phase, state.asker, state.question = phase, asker, None
        return [public(type="ask_turn", seat=asker, extra=phase == COMMAND)]

    def _do_ask(self, state: S, seat: Seat, action: AskAction) -> list[Event]:
        question = q.parse_question(action, seat, state.n, len(state.tiles))
        if seat != state.asker:
            whose = "nobody's" if state.asker is None else f"seat {state.asker + 1}'s"
            raise ActionError("not_your_turn", f"It is {whose} turn to ask.")
        answerer = question["answerer"]
        reason = q.why_not(question, seat, state.knows(seat), state.knows(answerer), state.n)
        if reason is not None:
            raise ActionError("illegal_question", reason)
        state.question = question
        state.phase = ANSWER if state.phase == QUESTION else COMMAND_ANSWER
        return [public(type="question", asker=seat, **q.copy_question(question))]

    def _do_answer(self, state: S, seat: Seat, action: AnswerAction) -> list[Event]:
        SHAPES["answer"].need(action)
        answer = action["answer"]
        if not isinstance(answer, bool):
            raise ActionError("malformed", "Field 'answer' must be true or false.")
        answerer = self._answerer(state)
        if seat != answerer:
            raise ActionError("not_your_turn", "No question waits for an answer." if answerer
                              is None else f"Seat {answerer + 1} answers this question.")
        if {"type": "answer", "answer": answer} not in self.legal_actions(state, seat):
            raise ActionError("must_be_truthful", "A Knight answers truthfully.")
        return self._answer(state, answer)

    def _answer(self, state: S, answer: bool) -> list[Event]:
        assert state.question is not None and state.asker is not None
        extra = state.phase == COMMAND_ANSWER
        entry: Answered = {"asker": state.asker, **state.question, "answer": answer,
                           "extra": extra}
        state.log.append(entry)
        state.question = None
        events = [public(type="answer", **q.copy_question(entry))]
        if extra:
            return events + self._reveal_captain(state)
        state.turn += 1
        if state.turn < state.n:
            return events + self._open_questions(state, QUESTION, state.current())
        state.phase, state.asker, state.turn = RECOMMEND, None, 0
        return events + [public(type="recommend_open")]

    def _do_recommend(self, state: S, seat: Seat, action: RecommendAction) -> list[Event]:
        SHAPES["recommend"].need(action)
        target = need_int(action, "target", 0, state.n - 1)
        if state.recommendations[seat] is not None:
            raise ActionError("illegal", "You have already recommended a captain.")
        if target not in self._recommend_targets(state, seat):
            if seat == state.witch_holder():
                raise ActionError("illegal", "The Witch may not recommend a bewitched player.")
            raise ActionError("illegal", "A bewitched player may not recommend the Witch.")
        state.recommendations[seat] = target
        events = [public(type="recommended", seat=seat)]
        if all(r is not None for r in state.recommendations):
            events += self._choose_captain(state)
        return events

    def _choose_captain(self, state: S) -> list[Event]:
        captain = resolve.choose_captain(state.recommendations, state.start)
        state.recommendations_public, state.captain = True, captain
        events = [public(type="captain", captain=captain,
                         recommendations=list(state.recommendations),
                         tally=resolve.tally(state.recommendations, state.n))]
        return events + self._open_questions(state, COMMAND, captain)

    def _reveal_captain(self, state: S) -> list[Event]:
        captain = state.captain
        assert captain is not None
        state.captain_revealed = True
        events = [public(type="captain_tile", seat=captain, value=shown(state.tiles[captain]))]
        if state.tiles[captain] == WITCH:
            return events + self._end_round(state, False, "captain_witch")
        if captain in state.bewitched:
            events.append(public(type="captain_bewitched", seat=captain))
            return events + self._end_round(state, False, "captain_bewitched")
        state.phase, state.asker = LINE_UP, None
        return events + [public(type="line_up_open", captain=captain)]

    def _do_line_up(self, state: S, seat: Seat, action: LineUpAction) -> list[Event]:
        SHAPES["line_up"].need(action)
        order = action["order"]
        if not isinstance(order, list) or not all(
            isinstance(t, int) and not isinstance(t, bool) for t in order
        ):
            raise ActionError("malformed", "Field 'order' must be a list of tile ids.")
        if seat != state.captain:
            raise ActionError("not_your_turn", "Only the captain lines up the tiles.")
        problem = resolve.line_up_problem(order, len(state.tiles))
        if problem is not None:
            raise ActionError("illegal", problem)
        return self._line_up(state, list(order))

    def _line_up(self, state: S, order: list[int]) -> list[Event]:
        state.order = order
        left_out = [t for t in range(len(state.tiles)) if t not in order]
        won = resolve.knights_win(order, state.tiles)
        events = [public(type="line_up", captain=state.captain, order=list(order),
                         left_out=left_out[0] if left_out else None,
                         values=[shown(state.tiles[t]) for t in order])]
        return events + self._end_round(state, won, "line_up")

    def _end_round(self, state: S, knights_won: bool, how: str) -> list[Event]:
        record = resolve.settle(state, knights_won, how)
        events = [public(type="round_end", **record)]
        if state.round == ROUNDS:
            state.phase = OVER
            state.result = resolve.final_outcome(state)
            return events + [public(type="game_over", totals=list(state.totals),
                                    winners=list(state.result.winners)),
                             public(type="story", **story(state))]
        state.phase, state.ready = REVIEW, [False] * state.n
        return events

    def take_backs(self, state: S, seat: Seat) -> list[Action]:
        """Ready for the next round, while the round's review lasts."""
        return [{"type": "unready"}] if state.phase == REVIEW and state.ready[seat] else []

    def _do_unready(self, state: S, seat: Seat, action: ReadyAction) -> list[Event]:
        state.ready[seat] = False
        return [public(type="unready", seat=seat)]

    def _do_ready(self, state: S, seat: Seat, action: ReadyAction) -> list[Event]:
        SHAPES["ready"].need(action)
        if state.ready[seat]:
            raise ActionError("illegal", "You are already ready for the next round.")
        state.ready[seat] = True
        events = [public(type="ready", seat=seat)]
        if all(state.ready):
            events += self._next_round(state)
        return events

    def _next_round(self, state: S) -> list[Event]:
        state.start = resolve.next_start(state.tiles, state.n)
        self._setup_round(state, state.round + 1)
        return self._round_events(state)

    # -- time ------------------------------------------------------------------
    def deadline(self, state: S) -> Deadline | None:
        o, phase = state.options, state.phase
        key = f"{state.round}:{phase}:{state.inspect_pass}:{state.turn}"
        if phase in (INSPECT, *ASKING, *ANSWERING):
            return Deadline(key, float(o["turn_seconds"]), True)
        if phase == RECOMMEND:
            return Deadline(key, float(o["recommend_seconds"]), True)
        if phase == LINE_UP:
            return Deadline(key, float(o["line_up_seconds"]), True)
        if phase == REVIEW:
            return Deadline(key, float(o["review_seconds"]), True)
        return None

    def _expire(self, state: S) -> list[Event]:
        """Defaults: a random inspection or listed question, the true answer, recommending
        oneself, the line-up by ascending known values, and on to the next round."""
        phase = state.phase
        if phase == INSPECT:
            seat = state.current()
            return self._inspect(state, seat, state.rng.choice(self._inspect_targets(state, seat)))
        if phase in ASKING:
            assert state.asker is not None
            action = state.rng.choice(self.legal_actions(state, state.asker))
            return self.handlers["ask"](state, state.asker, action)
        if phase in ANSWERING:
            assert state.question is not None
            return self._answer(state, q.truth(state.question, state.tiles))
        if phase == RECOMMEND:
            events: list[Event] = []
            for seat in range(state.n):
                if state.recommendations[seat] is None:
                    state.recommendations[seat] = seat
                    events.append(public(type="recommended", seat=seat))
            return events + self._choose_captain(state)
        if phase == LINE_UP:
            assert state.captain is not None
            return self._line_up(state, self._line_up_family(state, state.captain)[0]["order"])
        if phase == REVIEW:
            return self._next_round(state)
        return []

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


__all__ = ["Knights"]
