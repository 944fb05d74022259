"""What the window knows of a game before it draws it: where its table scene, its rules
text and its words are, by module path.

Each game is described once for the window (``client/games/<game>.py``), as its rules
are once for every layer (``core/games/<game>/about.py``). Every part is named as
``"module:NAME"`` and imported the first time it is asked for: the menu opens without
loading any game's scene, and its Rules screen loads only the text it shows.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from client.kit.words import Strings, Words
from core.about import load

if TYPE_CHECKING:
    from client.scenes.table import TableScene

GENERIC = "client.scenes.generic:GenericScene"
"""The table of a game without a scene of its own: the view as text, one button per
legal action."""


@dataclass(frozen=True)
class ClientAbout:
    """A game's parts in the window, each named where it is and loaded when used."""

    id: str
    table: str = GENERIC
    """The table scene, ``"module:Class"`` (a ``TableScene``)."""
    rules: str = ""
    """The rules reference, ``"module:NAME"`` of ``{"en": ..., "ja": ...}``; none: the
    Rules screen says the game has none yet."""
    words: str = ""
    """The game's own words, ``"module:NAME"`` of its ``Strings``; none: the game uses
    only the words every table shares (``client.strings``)."""
    lesson: str = ""
    """The guided first game, ``"module:NAME"`` of a ``client.learn.lesson.Lesson``;
    none: the game has no lesson yet."""

    def scene(self) -> type[TableScene]:
        """The table scene's class, importing its module."""
        scene: type[TableScene] = load(self.table)
        return scene

    def rules_text(self) -> dict[str, str]:
        """The rules reference by language (empty for a game without one)."""
        texts: dict[str, str] = load(self.rules) if self.rules else {}
        return texts

    def strings(self) -> Strings:
        """The game's own words (empty when it has none of its own)."""
        own: Strings = load(self.words) if self.words else {}
        return own

    def say(self) -> Words:
        """The game's words lookup, falling back to the shared words."""
        return Words(self.strings())
