"""The authority over one table: the game state, its clocks, its in-host bots.

Every mode runs through here — single screen, watching, LAN — so there is exactly one
path from an action to the messages it causes. The host passes ``now`` (seconds, any
monotonic clock) because the core has no clock of its own.

Deadlines follow ``Game.deadline``: a new ``key`` restarts the clock; when its
``seconds`` have passed the table calls ``Game.expire``. A window with
``ends_early=False`` (a Cheese Thief night hour) lasts its full length for everyone,
because an hour that ends early tells the table that the seats awake in it are done;
only a table where every seat is a bot may cut such a window short.

After an event that closes a round (``Game.round_ends``) the table holds until every
person has read the summary (``net.hold``): nothing is timed and no bot is asked.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol, TypedDict

from core.bots import Bot
from core.errors import ActionError, OptionError
from core.game import Action, Deadline, Event, Game, Seat, View
from core.registry import default_bot_level, get_game, make_bot
from core.rng import derive_seed
from net.deciding import Answer, Decider, still_asked
from net.hold import CONTINUE, HOLD_RECORDS, Hold
from net.messages import HoldData, UpdateMessage
from net.outbound import Audience, Outbound
from net.records import LogLine
from net.standin import STAND_IN, mark

HUMAN = "human"
"""Seat kind for a person (on this screen or on a peer); any other kind is a bot level."""

STEPS = ("act", "expire", *HOLD_RECORDS)
"""The log records ``Table.replay`` takes: a table's every step, in order."""

CATCH_UP = 0.25
"""A host that fell behind by more than this restarts the next window from now."""


class OutcomeData(TypedDict):
    """A game's outcome as plain data, for the host's own screen, its log and replays."""

    winners: list[Seat]
    scores: list[int]
    sides: list[str]


class Recorder(Protocol):
    """Where accepted actions and expiries go before they are acknowledged."""

    def append(self, record: LogLine) -> None: ...


def stand_in_level(game_id: str) -> str:
    """The bot that plays a dropped seat (and empty seats, unless told otherwise)."""
    return default_bot_level(game_id)


class Table:
    """One game at a time, with seats that are people or bots, and an outbound filter."""

    def __init__(
        self,
        game_id: str,
        players: int,
        options: Mapping[str, object],
        seed: int,
        seats: Sequence[str],
        *,
        bot_delay: float = 0.6,
        recorder: Recorder | None = None,
        decider: Decider | None = None,
        summary_seconds: float | None = None,
        think_cover: float = 0.0,
    ) -> None:
        self.game: Game[Any] = get_game(game_id)
        self.game_id = self.game.id
        self.options = self.game.check_options(players, options)
        self.players = players
        if len(seats) != players:
            raise OptionError("bad_seats", f"A table of {players} needs {players} seat kinds.")
        for seat, kind in enumerate(seats):
            if kind != HUMAN:
                make_bot(self.game_id, kind, seat, 0)
        self.kinds = list(seats)
        self.bot_delay = max(0.0, float(bot_delay))
        self.recorder = recorder
        self.decider = decider if decider is not None else Decider()
        """Where bots think (``net.deciding``): at once, or off the host's loop."""
        self.think_cover = min(max(0.0, float(think_cover)), self.bot_delay)
        """The last part of ``bot_delay`` a bot thinks in: it is asked that long before its
        delay is over and its answer is held until then, so the moment a bot moves tells
        nothing of how long it thought, which depends on what its seat knows (0: asked
        when the delay is over, moved when it answers; a decider that answers at once
        has no thinking time to hide)."""
        self.outbound = Outbound(self.game, players)
        self.summary_seconds = summary_seconds
        """Longest hold after a round (None: until everyone has continued)."""
        self.stand_ins: set[Seat] = set()
        self.frozen: float | None = None
        """Seconds left in the open window while a resumed host waits for its people
        (``freeze``): the clock stands still, and every screen is told so."""
        self._begin(seed)

    # -- lifecycle -----------------------------------------------------------------
    def _begin(self, seed: int) -> None:
        self.seed = seed
        self.state, opening = self.game.new_game(self.players, self.options, seed)
        self.events: list[Event] = list(opening)
        self.bots: dict[Seat, Bot] = {}
        for seat, kind in enumerate(self.kinds):
            if kind != HUMAN:
                self.bots[seat] = make_bot(self.game_id, kind, seat, derive_seed(seed, 1000 + seat))
        for seat in self.stand_ins:
            self._seat_stand_in(seat)
        self._bot_plan: dict[Seat, tuple[list[Action], float]] = {}
        self._held: dict[Seat, tuple[Answer, float]] = {}
        """Answers that came before their moment (``think_cover``), with that moment."""
        self._moment: dict[Seat, float] = {}
        """When each seat's bot, as last asked, may move at the earliest."""
        self._window: str | None = None
        self._window_start = 0.0
        self.actions = 0
        self.version = 0
        """Moves on with every change of the state, so unchanged tables cost no views."""
        self._published = -1
        self._window_of = -1
        self._open: Deadline | None = None
        self._talk_changes = 0
        """Changes since the last ``updates`` that were table talk (``net.outbound``)."""
        self.hold: Hold | None = None
        self._scanned = len(self.events)
        """Events already checked for the end of a round."""

    def next_game(self, seed: int) -> None:
        """Deal a new game at the same seats; sequence numbers carry on."""
        self._begin(seed)
        self.outbound.new_game()

    @property
    def all_bots(self) -> bool:
        return all(kind != HUMAN for kind in self.kinds)

    @property
    def finished(self) -> bool:
        return self.game.outcome(self.state) is not None

    def set_level(self, seat: Seat, level: str) -> None:
        """Another bot for a bot's seat (before the deal is played): the same seed, so a
        resumed table that replays this choice gets the very same bot."""
        if self.kinds[seat] == HUMAN:
            raise OptionError("not_bot", f"Seat {seat + 1} is a person's seat, not a bot's.")
        self._sit_bot(seat, level)

    def give_to_bot(self, seat: Seat, level: str) -> None:
        """A person's seat nobody took, given to a bot before the start: the bot a seat
        dealt as a bot's would have had (its seed too), so a table hosted with every seat
        for people plays as one hosted with fewer, and a resumed one replays it."""
        if self.kinds[seat] != HUMAN:
            raise OptionError("not_person", f"Seat {seat + 1} is already a bot's.")
        self.stand_ins.discard(seat)
        self._sit_bot(seat, level)

    def _sit_bot(self, seat: Seat, level: str) -> None:
        bot = make_bot(self.game_id, level, seat, derive_seed(self.seed, 1000 + seat))
        self.kinds[seat] = level
        self.bots[seat] = bot
        self._bot_plan.pop(seat, None)

    # -- seats played by a bot while their person is away --------------------------
    def _seat_stand_in(self, seat: Seat) -> None:
        level = stand_in_level(self.game_id)
        self.bots[seat] = make_bot(self.game_id, level, seat, derive_seed(self.seed, 2000 + seat))

    def set_stand_in(self, seat: Seat, playing: bool) -> None:
        """A bot takes over (or hands back) a person's seat."""
        if self.kinds[seat] != HUMAN:
            return
        if playing and seat not in self.stand_ins:
            self.stand_ins.add(seat)
            self._seat_stand_in(seat)
        elif not playing and seat in self.stand_ins:
            self.stand_ins.discard(seat)
            self.bots.pop(seat, None)
            self._bot_plan.pop(seat, None)

    # -- the single way in ---------------------------------------------------------
    def act(self, seat: Seat, action: Action, now: float, *, by_bot: bool = False) -> None:
        """Apply one action for ``seat``; ActionError leaves everything as it was.

        The action is written to the recorder before this returns; the host sends
        nothing that follows from it (its ack included) until the log says it is on
        disk (``net.log``).
        """
        if not by_bot and seat in self.bots:
            raise ActionError("bot_seat", "A bot is playing this seat.")
        if isinstance(action, dict) and action.get("type") == CONTINUE:
            self._continue(seat, action, now)
            return
        if self.hold is not None and not (
            isinstance(action, dict) and action.get("type") in ("chat", "emote")
        ):
            raise ActionError("held", "The next round starts once everyone has read the "
                                      "round summary.")
        self._track(now)
        events = self.game.apply(self.state, seat, action)
        stand_in = by_bot and seat in self.stand_ins
        if stand_in:
            events = mark(events, seat)
        if self.recorder is not None:
            record: LogLine = {"t": "act", "seat": seat, "action": action}
            self.recorder.append({**record, "by": STAND_IN} if stand_in else record)
        self.events.extend(events)
        self.actions += 1
        self.version += 1
        if isinstance(action, dict) and action["type"] in ("chat", "emote"):
            self._talk_changes += 1
        self._track(now)
        self._check_round(now)

    def _expire(self, at: float) -> None:
        key = self._window
        events = self.game.expire(self.state)
        if self.recorder is not None:
            self.recorder.append({"t": "expire", "key": key})
        self.events.extend(events)
        self.version += 1
        self._window = None
        self._track(at)
        self._check_round(at)

    def replay(self, record: LogLine) -> None:
        """Re-apply one record of an action log (for ``host --resume`` and replays)."""
        kind = record.get("t")
        if kind in HOLD_RECORDS:
            self._replay_hold(record)
            return
        action = record.get("action")
        talk = isinstance(action, dict) and action.get("type") in ("chat", "emote")
        if self.hold is not None and not talk:
            self.hold = None  # a log from before tables held: its rounds went straight on
        if kind == "act":
            seat = int(record["seat"])
            events = self.game.apply(self.state, seat, record["action"])
            if record.get("by") == STAND_IN:
                events = mark(events, seat)
            self.actions += 1
        elif kind == "expire":
            deadline = self.open_window()
            if deadline is None or deadline.key != record.get("key"):
                raise ActionError("bad_log", "The log expires a window that is not open.")
            events = self.game.expire(self.state)
        else:
            raise ActionError("bad_log", f"Unknown log record {kind!r}.")
        self.events.extend(events)
        self.version += 1
        self._check_round(self._window_start)

    def _replay_hold(self, record: LogLine) -> None:
        hold = self.hold
        if hold is None or (record["t"] == "continue" and record.get("seat") not in hold.waiting):
            raise ActionError("bad_log", "The log ends a hold that is not there.")
        if record["t"] == "continue":
            self._passed(int(record["seat"]))
        self._release(self._window_start, forced=record["t"] == "release")

    # -- the hold after a round ------------------------------------------------------
    def _check_round(self, now: float) -> None:
        """Hold when a new public event closed a round and the game goes on."""
        fresh = self.events[self._scanned :]
        self._scanned = len(self.events)
        ends = self.game.round_ends
        if self.hold is not None or self.finished or not ends:
            return
        if any(e.audience is None and e.data.get("type") in ends for e in fresh):
            waiting = self._people()
            if waiting:
                self.hold = Hold(now, self.summary_seconds, waiting)
                self.version += 1

    def _people(self) -> set[Seat]:
        """The seats a hold waits for: people, not bots (nor bots standing in)."""
        return {seat for seat, kind in enumerate(self.kinds)
                if kind == HUMAN and seat not in self.bots}

    def _continue(self, seat: Seat, action: Action, now: float) -> None:
        if set(action) != {"type"}:
            raise ActionError("malformed", "Action 'continue' takes exactly: no other field.")
        if self.hold is None:
            raise ActionError("not_held", "There is no round summary to continue from.")
        if seat not in self.hold.waiting:
            raise ActionError("already_continued", "You have already continued.")
        self._passed(seat)
        self._release_if_done(now)

    def passes_hold(self, seat: Seat) -> None:
        """Count ``seat`` as having continued (its person left the table)."""
        if self.hold is not None and seat in self.hold.waiting:
            self._passed(seat)

    def _passed(self, seat: Seat) -> None:
        """One seat fewer to wait for, written down so a replay holds just as long."""
        assert self.hold is not None
        self.hold.waiting.discard(seat)
        self.version += 1
        if self.recorder is not None:
            self.recorder.append({"t": "continue", "seat": seat})

    def _release_if_done(self, now: float) -> bool:
        """End the hold when nobody it waits for is left, or its time is up."""
        hold = self.hold
        if hold is None:
            return True
        for seat in sorted(hold.waiting - self._people()):
            self._passed(seat)  # a seat a bot took over does not hold the table
        if hold.waiting and not hold.due(now):
            return False
        self._release(now, forced=bool(hold.waiting))
        return True

    def _release(self, now: float, *, forced: bool) -> None:
        """``forced``: its time ran out with people still reading (a log line says so)."""
        if self.hold is None or (self.hold.waiting and not forced):
            return
        if forced and self.recorder is not None:
            self.recorder.append({"t": "release"})
        self.hold = None
        self.version += 1
        self._bot_plan.clear()  # each bot gets its thinking time from now
        self._held.clear()
        self.restart_clock(now)  # the new window starts when the round is played

    # -- clocks ---------------------------------------------------------------------
    def open_window(self) -> Deadline | None:
        """``Game.deadline``, built once per change of the state (``version``): the loop
        asks for it a dozen times an action, and it is a function of the state alone."""
        if self._window_of != self.version:
            self._window_of = self.version
            self._open = self.game.deadline(self.state)
        return self._open

    def _track(self, now: float) -> None:
        """Start the clock of a window the first time its key is seen."""
        deadline = self.open_window()
        key = None if deadline is None else deadline.key
        if key != self._window:
            self._window = key
            self._window_start = now
            if self.frozen is not None:  # another window opened while the clock waits
                self.frozen = 0.0 if deadline is None else deadline.seconds

    def restart_clock(self, now: float) -> None:
        """Give the open window its full length again (a resumed table starting up),
        and a hold its whole time."""
        self._window = None
        self._track(now)
        if self.hold is not None:
            self.hold.started = now

    def window_began(self) -> tuple[str, float] | None:
        """The open window's key and when its clock started (``now``'s clock), once the
        clock runs; a resumed host logs it to give an interrupted window its rest."""
        if self._window is None or self.hold is not None or self.frozen is not None:
            return None
        return self._window, self._window_start

    def freeze(self, left: float | None, now: float) -> None:
        """Stop the open window's clock with ``left`` seconds to go (None: its whole
        length), until ``thaw``: a resumed table waits for its people before its clock
        runs on, and an interrupted night hour gets only what it had left."""
        self._track(now)
        deadline = self.open_window()
        whole = 0.0 if deadline is None else deadline.seconds
        self.frozen = whole if left is None else min(max(0.0, left), whole)

    def thaw(self, now: float) -> None:
        """Start the clock again where ``freeze`` stopped it (a hold gets its whole time)."""
        left, self.frozen = self.frozen, None
        self.restart_clock(now)
        deadline = self.open_window()
        if left is not None and deadline is not None and self.hold is None:
            self._window_start = now - (deadline.seconds - left)

    def remaining(self, now: float) -> float:
        deadline = self.open_window()
        if deadline is None:
            return 0.0
        if self.hold is not None:
            return deadline.seconds  # the window opens when the hold ends
        if self.frozen is not None:
            return self.frozen
        self._track(now)
        return max(0.0, self._window_start + deadline.seconds - now)

    def advance(self, now: float) -> None:
        """Run every bot move and deadline due by ``now``, until nothing more is due."""
        for _ in range(10_000):
            if self.finished or not self._release_if_done(now):
                return
            if not (self._expire_due(now) or self._bots_due(now)):
                return

    def _expire_due(self, now: float) -> bool:
        deadline = self.open_window()
        if deadline is None:
            return False
        self._track(now)
        end = self._window_start + deadline.seconds
        if now >= end:
            self._expire(end if now - end < CATCH_UP else now)
            return True
        if self.game.to_act(self.state):
            return False
        if deadline.ends_early:
            self._expire(now)
            return True
        if self.all_bots and now >= self._window_start + min(self.bot_delay, deadline.seconds):
            self._expire(now)
            return True
        return False

    def _bots_due(self, now: float) -> bool:
        """Each bot is asked ``think_cover`` before ``bot_delay`` is over since its legal
        actions last changed; its answer is applied when the delay is over or when it
        comes, whichever is later, if the seat may still do what it was asked."""
        for seat, bot in list(self.bots.items()):
            legal = self.game.legal_actions(self.state, seat)
            if not legal:
                self._bot_plan.pop(seat, None)
                continue
            plan = self._bot_plan.get(seat)
            if plan is None or plan[0] != legal:
                self._bot_plan[seat] = (legal, now + self.bot_delay - self.think_cover)
                if self.bot_delay > self.think_cover:
                    continue
            elif now < plan[1]:
                continue
            due = self._bot_plan[seat][1]
            self._bot_plan[seat] = (legal, float("inf"))
            self.decider.ask(seat, bot, self.game.view(self.state, seat), legal)
            self._held.pop(seat, None)
            self._moment[seat] = due + self.think_cover  # the delay's end, however late asked
        for answer in self.decider.answers():
            self._held[answer.seat] = (answer, self._moment.get(answer.seat, now))
        moved = False
        for seat, (answer, moment) in list(self._held.items()):
            if now < moment:
                continue
            del self._held[seat]
            if not still_asked(answer, self.bots, self.game.legal_actions(self.state, answer.seat)):
                self._bot_plan.pop(answer.seat, None)  # too late: ask again about what is open
                continue
            try:
                self.act(answer.seat, answer.action, now, by_bot=True)
            except ActionError:
                continue
            self._bot_plan.pop(answer.seat, None)
            moved = True
        return moved

    def next_due(self) -> float | None:
        """When something will next happen by itself (for a host's poll timeout)."""
        if self.hold is not None:
            return self.hold.ends_at()
        if self.frozen is not None:
            return None
        times = [due for _, due in self._bot_plan.values()]
        times += [moment for _, moment in self._held.values()]
        deadline = self.open_window()
        if deadline is not None and self._window is not None:
            times.append(self._window_start + deadline.seconds)
        return min(times) if times else None

    # -- what goes out ------------------------------------------------------------
    def updates(self, now: float, *, whole: bool = True) -> list[tuple[Audience, UpdateMessage]]:
        """The filtered updates due since the last call (see ``net.outbound``)."""
        if self.version == self._published:
            return []
        talk_only = self.version - self._published == self._talk_changes
        self._published, self._talk_changes = self.version, 0
        deadline = self.open_window()
        return self.outbound.updates(self.state, self.events, deadline, self.remaining(now),
                                     self.hold_data(now), talk_only=talk_only, whole=whole)

    def snapshot(self, audience: Audience, now: float) -> UpdateMessage:
        """Call ``updates`` first and deliver them; then this is the audience's full picture."""
        deadline = self.open_window()
        return self.outbound.snapshot(audience, deadline, self.remaining(now),
                                      self.hold_data(now))

    def hold_data(self, now: float) -> HoldData | None:
        return None if self.hold is None else self.hold.data(now)

    def omniscient_view(self) -> View | None:
        """Everything, but only at a table with no person playing."""
        if not self.all_bots:
            return None
        return self.game.omniscient_view(self.state)

    def outcome_data(self) -> OutcomeData | None:
        """The outcome as plain data, for the host's own screen and log (not for peers)."""
        outcome = self.game.outcome(self.state)
        if outcome is None:
            return None
        return {
            "winners": list(outcome.winners),
            "scores": list(outcome.scores),
            "sides": list(outcome.sides),
        }
