"""Action shapes read from their declarations: one TypedDict per action is the one
place its fields are named.

Each game declares its actions as TypedDicts (``type`` a ``Literal`` of the action
types it covers). The rules check an incoming map against the ``Shape`` read from that
declaration, the handlers are typed with it, and the bots build their actions with it,
so a field added or renamed in one place cannot be forgotten in another.

The declarations are read on first use, not at import: reading type hints costs time a
process that never checks an action (the menu) should not pay.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from functools import cached_property
from typing import Any, Literal, NotRequired, Required, TypedDict, cast, get_args, get_origin
from typing import get_type_hints as hints_of

from core.errors import ActionError

Action = dict[str, Any]
"""An action is a plain map with a ``type`` and its payload, exactly as msgpack carries it."""


@dataclass(frozen=True)
class Shape:
    """The fields one action type takes besides ``type``, in their declared order."""

    kind: str
    """The action type (or, for a table keyed by another field, that field's value)."""
    fields: tuple[str, ...]
    """Fields every such action carries."""
    optional: tuple[str, ...] = ()
    """Fields the rules ask for only at some tables (a die to peek at, at four players)."""

    @cached_property
    def keys(self) -> frozenset[str]:
        """An action's full key set without its optional fields."""
        return frozenset(("type", *self.fields))

    @cached_property
    def every_key(self) -> frozenset[str]:
        """An action's full key set with its optional fields."""
        return frozenset(("type", *self.fields, *self.optional))

    def need(self, action: Mapping[str, object], *, optional: bool = False) -> None:
        """Refuse ``action`` unless its keys are exactly ``type`` and these fields (and,
        with ``optional``, the optional ones too): the one sentence every game gives."""
        if action.keys() != (self.every_key if optional else self.keys):
            need_fields(action, *self.fields, *(self.optional if optional else ()))


def need_fields(action: Mapping[str, object], *keys: str) -> None:
    """Refuse an action whose fields are not exactly ``type`` plus ``keys``."""
    if set(action) != {"type", *keys}:
        wanted = ", ".join(keys) if keys else "no other field"
        raise ActionError("malformed", f"Action {action['type']!r} takes exactly: {wanted}.")


def shapes_of(declared: type, key: str = "type") -> list[Shape]:
    """The shapes one TypedDict declares: one per value its ``key`` Literal names."""
    hints = hints_of(declared, include_extras=True)
    total = getattr(declared, "__total__", True)
    fields: list[str] = []
    optional: list[str] = []
    for name, hint in hints.items():
        if name == "type":
            continue
        origin = get_origin(hint)
        required = origin is Required or (origin is not NotRequired and total)
        (fields if required else optional).append(name)
    kinds = get_args(hints[key])
    if get_origin(hints[key]) is not Literal or not kinds:
        raise TypeError(f"{declared.__name__}: {key!r} must be a Literal")
    return [Shape(kind, tuple(fields), tuple(optional)) for kind in kinds]


class Shapes(Mapping[str, Shape]):
    """Each action type of a game and its shape, read from the game's declarations when
    first asked for. Iterates in declaration order. ``key`` names the field the table is
    keyed by: ``type``, or another field telling apart the forms of one action."""

    def __init__(self, *declared: type, key: str = "type") -> None:
        self._declared = declared
        self._key = key

    @cached_property
    def _table(self) -> dict[str, Shape]:
        table: dict[str, Shape] = {}
        for declaration in self._declared:
            for shape in shapes_of(declaration, self._key):
                if shape.kind in table:
                    raise TypeError(f"{self._key} {shape.kind!r} is declared twice")
                table[shape.kind] = shape
        return table

    def __getitem__(self, kind: str) -> Shape:
        return self._table[kind]

    def __iter__(self) -> Iterator[str]:
        return iter(self._table)

    def __len__(self) -> int:
        return len(self._table)


def wire(action: Mapping[str, object]) -> Action:
    """A declared action (a TypedDict, built so the type checker checks its fields) as the
    plain map the rules and the wire take: the same object, only named differently."""
    return cast(Action, action)


class ChatAction(TypedDict):
    """A line of table talk (``core.game.Game._talk``)."""

    type: Literal["chat"]
    text: str


class EmoteAction(TypedDict):
    type: Literal["emote"]
    emote: str


class TalkLine(TypedDict):
    """A line of table talk as its event and the views that keep talk carry it."""

    type: Literal["chat", "emote"]
    seat: int
    text: NotRequired[str]
    """A chat line's text, trimmed."""
    emote: NotRequired[str]
    """An emote's name (``core.game.EMOTES``)."""


TALK = Shapes(ChatAction, EmoteAction)
"""The table-talk actions every game shares."""


class StoryHeader(TypedDict):
    """What every game's end-of-game story starts with (each game declares the rest in
    its ``<Game>Story``): all a scoreboard, or a screen without the game's own words for
    it, reads of a story."""

    game: str
    winners: list[int]
    scores: list[int]


class LogLine(TypedDict, total=False):
    """A line of a game's log as a screen reads it: one of the game's events, a line of
    table talk (``TalkLine``), or a screen's own heading, told apart by its ``type``.
    Each game declares its line on this one (``core/games/<game>/shapes.py``) with every
    field any of its events carries, as the events declare it; none is required, since
    which ones a line has depends on its type. A screen narrows an event it received to
    its game's line where it takes the event apart by key."""

    type: str
    seat: int
    text: str
    emote: str
    stand_in: bool
    """What a stand-in bot did in its person's seat (``net.standin``)."""
    no: int
    """A screen's own line heading the log of a new game: its number (``client.feed``)."""

