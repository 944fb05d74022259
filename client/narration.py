"""The narrator at a digital Cheese Thief table: calls each phase as the host opens it.

It listens only to public phase events (``choose_die``, ``hour``, ``followers_step``,
``day``, ``vote_open``) and reads only public data (table size, timing options), so what
it says and when it says it is the same on every screen at the table: a seat that is
awake hears exactly what a sleeping seat hears. A phase that ends early (a table of
bots) silences the rest of that phase's cues when the next one opens.

Time is the table's clock (``Session.clock``), so the narrator waits behind a privacy
screen and keeps pace with a watched table's speed, like the host does.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

import pygame

from client import i18n
from client.night_script import Cue, phase_cues
from client.voice import Voice, durations
from client.voice_lines import LINES

OPENERS = ("choose_die", "hour", "followers_step", "day", "vote_open")
"""Public events that open a phase the narrator calls."""

ENDERS = ("reveal", "result")
"""Public events after which nothing is left to call."""

CLOSING = ("nightfall", "eyes_closed")
"""Lines that tell everyone to close their eyes."""

STILL = ("choose_die", "take", "take_or_wait", "peek")
"""What a reader may still have to do when eyes close (``narr.still.<what>``)."""


class Narrator:
    def __init__(self, voice: Voice) -> None:
        self.voice = voice
        self.queue: list[tuple[float, Cue]] = []
        self.lang = i18n.language()
        self.said: list[tuple[float, str]] = []
        """(table clock, line) of every line said, for tests and logs."""
        self.later: list[str] = []
        """Lines the phase after this one may open with (their clips are readied)."""
        self.script: list[str] = list(LINES)
        """Every line this table's night may say, in order: all of them until the first
        phase tells the table's size and timing (their clips are readied too)."""
        self._updated: float | None = None
        """The clock ``band`` updated at, this frame (``draw`` then need not)."""

    def hear(self, events: Iterable[Mapping[str, Any]], view: Mapping[str, Any] | None,
             now: float) -> None:
        """Take in newly arrived events; a phase opener replaces what was left to say."""
        view = view or {}
        players = int(view.get("players") or 0)
        options = view.get("options") or {}
        for event in events:
            kind = event.get("type")
            if kind in ENDERS:
                self.queue = []
            if kind not in OPENERS:
                continue
            self.lang = i18n.language()
            hour = event.get("hour")
            at = int(hour) if hour else None
            cues = phase_cues(str(kind), at, players, options, durations(self.lang))
            self.voice.hush()
            self.queue = [(now + cue.at, cue) for cue in cues]
            self.later = [cue.line for step in _after(str(kind), at)
                          for cue in phase_cues(*step, players, options,
                                                durations(self.lang))]
            self.script = [cue.line for step in SCRIPT
                           for cue in phase_cues(*step, players, options,
                                                 durations(self.lang))]

    def busy(self, now: float) -> bool:
        """True while a subtitle shows or a cue is about to fall due: the scene then
        redraws every frame, so a call starts on time rather than on the next tick."""
        soon = any(at <= now + 1.0 for at, _ in self.queue)
        return soon or self.voice.current(now) is not None

    def look(self, now: float) -> tuple[object, ...]:
        """What the banner shows, and whether a cue falls due (it is said as the
        banner is drawn): the table redraws when either changes."""
        return self.voice.current(now), any(at <= now for at, _ in self.queue)

    def update(self, now: float) -> None:
        """Say every cue that is due; a late frame says only the latest of them."""
        due = [cue for at, cue in self.queue if at <= now]
        if due:
            self.queue = [(at, cue) for at, cue in self.queue if at > now]
            self.said = [*self.said[-255:], (round(now, 3), due[-1].line)]
            self.voice.say(due[-1].line, self.lang, now, due[-1].step)
            return
        # a frame that says nothing readies a coming call's clip, at most one (this
        # phase's, the next one's, then the rest of the night's): decoding one takes
        # 4 ms, up to 13; in the frame that says it, on top of the subtitle, that made
        # the frame the night's slowest, and a table watched at speed calls a line every
        # few frames. The rest are readied in the table's first second.
        any(self.voice.ready(line, self.lang)
            for line in [*(cue.line for _, cue in self.queue), *self.later, *self.script])

    def band(self, now: float, rect: pygame.Rect, size: int,
             still: str | None = None) -> pygame.Rect | None:
        """Where this frame's banner (``draw``, with the same arguments) will stand: a
        speech bubble set there before it sat under the banner's words (the top seat's,
        in 800x500). It says what falls due, so ``draw`` after it this frame does not
        (a frame readies at most one clip, see ``update``)."""
        self.update(now)
        self._updated = now
        laid = self.voice.subtitle_band(now, rect, size, self.for_reader(now, still))
        return None if laid is None else laid[0]

    def draw(self, surface: pygame.Surface, now: float, rect: pygame.Rect, size: int,
             still: str | None = None) -> int | None:
        """The banner; ``still`` is what the reader of this screen has yet to do this
        hour, if anything: "Close your eyes." is said to the whole table, but the Thief
        who has yet to take the cheese reads that he takes it first. Returns where the
        banner ends (None: nothing is being said)."""
        if self._updated != now:
            self.update(now)
        self._updated = None
        return self.voice.draw_subtitle(surface, now, rect, size, self.for_reader(now, still))

    def for_reader(self, now: float, still: str | None) -> str | None:
        """The banner's words for a reader who still has ``still`` to do (None: the
        words everyone hears)."""
        if still is None or self.voice.current(now) is None or self.voice.line not in CLOSING:
            return None
        return i18n.tr(f"narr.still.{still}")

    def leave(self) -> None:
        self.queue = []
        self.voice.hush()


SCRIPT: tuple[tuple[str, int | None], ...] = (
    ("choose_die", None), *(("hour", hour) for hour in range(1, 7)),
    ("followers_step", None), ("day", None), ("vote_open", None))
"""Every phase the narrator calls, in the order a night and day open them."""


def _after(kind: str, hour: int | None) -> list[tuple[str, int | None]]:
    """The phases that may open after ``kind``: the next in ``SCRIPT``, and where that
    is the followers' step, which only tables of five or more have, the day too."""
    step = (kind, hour if kind == "hour" else None)
    if step not in SCRIPT:
        return []
    at = SCRIPT.index(step) + 1
    following = list(SCRIPT[at:at + 1])
    if following == [("followers_step", None)]:
        following.append(SCRIPT[at + 1])
    return following
