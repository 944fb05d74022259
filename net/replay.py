"""Replaying a finished table from its log: the log run through core again.

A replay is not a recording of screens. The log holds the deal's seed and every step
(each action and each expired window); running them through the game again rebuilds
every state the table went through, and the very same outbound filter
(``net.outbound``) then produces, for any seat, exactly the updates that seat was sent,
in the same order. That is why a replay can show "what seat 3 knew at 3 o'clock" and
nothing more.

A local table (single screen, watching) stamps each step with the tick it happened in
and the table clock; steps of one tick were published together, so they stay one step
here. A LAN host's log has no stamps: each record is one step, a second apart.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from core.bots import Bot
from core.errors import OptionError, RulesError
from core.game import Action, View
from core.registry import get_game
from net.local import _wire
from net.log import read_log
from net.messages import Options, Received, UpdateMessage
from net.outbound import Audience
from net.records import LogLine
from net.table import STEPS, OutcomeData, Table

STEP_SECONDS = 1.0
"""The pace of a log without a table clock: one step a second at speed 1."""

LONGEST_GAP = 5.0
"""A replay never waits longer than this between two steps (a person thinking)."""


def _bad(path: Path, why: str) -> OptionError:
    return OptionError("bad_replay", f"{path.name} cannot be replayed: {why}.")


@dataclass(frozen=True)
class Step:
    """Records the table published together, and when (replay seconds)."""

    records: tuple[LogLine, ...]
    at: float


@dataclass(frozen=True)
class GameLog:
    """One game of a table's log."""

    no: int
    seed: int
    opening: tuple[LogLine, ...]
    """Records applied before the first update went out (the table's first tick)."""
    steps: tuple[Step, ...]
    finished: bool
    outcome: OutcomeData | None


@dataclass(frozen=True)
class Recording:
    """A table's log, checked: every game in it runs through core without a refusal."""

    path: Path
    game_id: str
    players: int
    options: Options
    kinds: list[str]
    names: list[str | None]
    """Seat names the log knows (a local table's, or a LAN seat's claim); else None."""
    games: list[GameLog] = field(default_factory=list)
    started: float | None = None
    """When the table was set up (seconds since the epoch), if the log says."""

    def finished_games(self) -> list[GameLog]:
        return [g for g in self.games if g.finished]

    def game(self, no: int | None) -> GameLog:
        """Game ``no`` of the table (None: its last finished game)."""
        done = self.finished_games()
        if no is None:
            if not done:
                raise _bad(self.path, "no game in it was played to the end")
            return done[-1]
        for game in self.games:
            if game.no == no:
                if not game.finished:
                    raise _bad(self.path, f"game {no} was not played to the end")
                return game
        raise _bad(self.path, f"it holds no game {no}")


def _table(recording: Recording, game: GameLog) -> Table:
    return Table(recording.game_id, recording.players, recording.options, game.seed,
                 recording.kinds, bot_delay=0.0)


def _steps(records: list[LogLine]) -> tuple[tuple[LogLine, ...], tuple[Step, ...]]:
    """Group one game's records by the tick that published them; give each a time that
    strictly increases, so that a clock standing still stands between two steps."""
    groups: list[tuple[object, float | None, list[LogLine]]] = []
    for index, record in enumerate(records):
        tick = record.get("tick", ("record", index))
        at = record.get("at")
        if groups and groups[-1][0] == tick:
            groups[-1][2].append(record)
        else:
            groups.append((tick, float(at) if isinstance(at, (int, float)) else None, [record]))
    opening: tuple[LogLine, ...] = ()
    if groups and groups[0][0] == 1:  # a local table's first tick: no update before it
        opening = tuple(groups.pop(0)[2])
    steps: list[Step] = []
    clock = previous = 0.0
    for _, at, group in groups:
        gap = STEP_SECONDS if at is None else max(0.0, at - previous)
        previous = at if at is not None else previous + STEP_SECONDS
        clock += min(LONGEST_GAP, max(0.001, gap))
        steps.append(Step(tuple(group), round(clock, 3)))
    return opening, tuple(steps)


def _check_header(path: Path, header: LogLine) -> tuple[str, int, Options, list[str]]:
    try:
        game = get_game(str(header["game"]))
        players, options = int(header["players"]), dict(header["options"])
        kinds = [str(kind) for kind in header["seats"]]
        game.check_options(players, options)
    except (KeyError, TypeError, ValueError):
        raise _bad(path, "its first line is not a whole table header") from None
    except RulesError as exc:
        raise _bad(path, exc.message.rstrip(".")) from None
    if len(kinds) != players:
        raise _bad(path, "its seats do not match its players")
    return game.id, players, options, kinds


def load(path: Path) -> Recording:
    """The checked recording of a table's log, or OptionError with one sentence."""
    path = Path(path)
    try:
        records = read_log(path)
    except RulesError as exc:
        raise _bad(path, exc.message[:1].lower() + exc.message[1:].rstrip(".")) from None
    header = records[0]
    game_id, players, options, kinds = _check_header(path, header)
    names: list[str | None] = [None] * players
    for seat, name in enumerate(header.get("names") or []):
        if seat < players and isinstance(name, str):
            names[seat] = name
    started = header.get("started")
    recording = Recording(path, game_id, players, options, kinds, names,
                          started=float(started) if isinstance(started, (int, float)) else None)
    chunks: list[tuple[LogLine, list[LogLine]]] = []
    for record in records[1:]:
        kind = record.get("t")
        if kind == "game":
            chunks.append((record, []))
        elif kind in STEPS:
            if not chunks:
                raise _bad(path, "it has moves before any game was dealt")
            chunks[-1][1].append(record)
        elif kind in ("bot", "level"):  # a seat the host gave to a bot, or its new level
            given, level = record.get("seat"), record.get("level")
            if isinstance(given, int) and 0 <= given < players and isinstance(level, str):
                kinds[given] = level
        elif kind == "seat":
            claimed = record.get("seat")
            if isinstance(claimed, int) and 0 <= claimed < players and isinstance(
                    record.get("name"), str):
                names[claimed] = record["name"]
    for number, (line, moves) in enumerate(chunks, start=1):
        seed = line.get("seed")
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise _bad(path, f"game {number} has no seed")
        no = line.get("no", number)
        opening, steps = _steps(moves)
        partial = GameLog(int(no) if isinstance(no, int) else number, seed, opening, steps,
                          False, None)
        try:
            table = _table(recording, partial)
        except RulesError as exc:
            raise _bad(path, exc.message.rstrip(".")) from None
        _apply(path, table, [*opening, *(r for s in steps for r in s.records)])
        outcome = table.outcome_data()
        recording.games.append(GameLog(partial.no, seed, opening, steps, outcome is not None,
                                       outcome))
    return recording


def _apply(path: Path, table: Table, records: Iterable[LogLine]) -> None:
    try:
        for record in records:
            table.replay(record)
    except RulesError as exc:
        raise _bad(path, f"a step the game refuses ({exc.message.rstrip('.')})") from None
    except (KeyError, TypeError, ValueError):
        raise _bad(path, "a step in it is damaged") from None


class ReplayPeer:
    """One audience of a replay: the updates it was sent, in order. It cannot act."""

    def __init__(self, replay: ReplayTable, seat: int | None, *, choices: bool = True) -> None:
        self.seat = seat
        self._replay = replay
        self._inbox: list[Received] = []
        self.needs_snapshot = True
        self.choices = choices
        """False for a screen: nobody can act in a replay, so no buttons to act with."""

    def send(self, action: Action) -> None:
        self._inbox.append({"type": "error", "code": "replay",
                            "message": "This is a replay; nobody can act in it."})

    def poll(self) -> list[Received]:
        out, self._inbox = self._inbox, []
        return out

    def deliver(self, message: UpdateMessage) -> None:
        if not self.choices:
            message = message.copy()
            message["legal"] = []
        self._inbox.append(_wire(message))


class ReplayTable:
    """A finished game played again, step by step, through core and the filter.

    ``position`` counts the steps applied; ``seek`` goes anywhere (going back deals
    again from the seed and runs forward, since core states only go forward).
    """

    def __init__(self, recording: Recording, no: int | None = None) -> None:
        self.recording = recording
        self.log = recording.game(no)
        self.peers: list[ReplayPeer] = []
        self.position = 0
        self.on_rebuild: Callable[[], None] | None = None
        """Called after the table was dealt again (a seek back): feeds start over."""
        self._deal()

    def _deal(self) -> None:
        self.table = _table(self.recording, self.log)
        _apply(self.recording.path, self.table, self.log.opening)
        self.position = 0
        self._publish(0.0)

    @property
    def steps(self) -> int:
        return len(self.log.steps)

    @property
    def players(self) -> int:
        return self.recording.players

    @property
    def game_id(self) -> str:
        return self.recording.game_id

    @property
    def finished(self) -> bool:
        return self.position >= self.steps

    def time_of(self, position: int) -> float:
        """Replay seconds at which ``position`` steps have been applied."""
        return 0.0 if position <= 0 else self.log.steps[min(position, self.steps) - 1].at

    def join(self, seat: int | None, *, choices: bool = True) -> ReplayPeer:
        """The updates ``seat`` was sent; ``choices`` False leaves out its legal actions
        (a screen, where nobody can act)."""
        if seat is not None and not (isinstance(seat, int) and 0 <= seat < self.players):
            raise OptionError("bad_seat", f"There is no seat {seat!r} at this table.")
        peer = ReplayPeer(self, seat, choices=choices)
        self.peers.append(peer)
        return peer

    def tick(self, now: float) -> None:
        """Apply every step due by ``now``; each one is published on its own."""
        while self.position < self.steps and self.log.steps[self.position].at <= now + 1e-9:
            self._step()
        self._publish(now)

    def _step(self) -> None:
        step = self.log.steps[self.position]
        _apply(self.recording.path, self.table, step.records)
        self.position += 1
        self._publish(step.at)

    def seek(self, position: int) -> None:
        """Stand after ``position`` steps; peers get a fresh snapshot when going back."""
        position = max(0, min(self.steps, position))
        if position < self.position:
            self._deal()
            for peer in self.peers:
                peer.needs_snapshot = True
                peer.poll()
            if self.on_rebuild is not None:
                self.on_rebuild()
        while self.position < position:
            self._step()
        self._publish(self.time_of(self.position))

    def _publish(self, now: float) -> None:
        by_audience = dict(self.table.updates(now))
        for peer in self.peers:
            if peer.needs_snapshot:
                peer.needs_snapshot = False
                peer.deliver(self.table.snapshot(peer.seat, now))
            elif peer.seat in by_audience:
                peer.deliver(by_audience[peer.seat])

    def omniscient_view(self) -> View:
        """Everything at this point of the game: a replay runs only once it is over."""
        return _wire(self.table.game.omniscient_view(self.table.state))

    def bot_views(self) -> Iterator[tuple[int, Bot, View]]:
        """Each bot seat, its bot and its view now: what belief displays read."""
        for seat, bot in sorted(self.table.bots.items()):
            yield seat, bot, self.table.game.view(self.table.state, seat)


def messages(recording: Recording, audience: Audience, no: int | None = None
             ) -> list[Received]:
    """Every update ``audience`` is sent in a replay played from start to end."""
    replay = ReplayTable(recording, no)
    peer = replay.join(audience)
    out = peer.poll()
    replay.tick(0.0)
    out += peer.poll()
    while not replay.finished:
        replay.seek(replay.position + 1)
        out += peer.poll()
    return out
