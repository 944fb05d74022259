"""The narrator's voice: plays a line's clip and shows its words as a subtitle.

Clips are the committed OGG files in ``sounds/voice/{en,ja}/``, made once by
``sounds/make_voice.py``; their lengths sit beside them in ``durations.json`` so the
night's schedule is known without a sound device. The voice has its own switch and
volume (settings), separate from the sound effects and the chimes, and a reserved mixer
channel so a chime never cuts a call short. Each subtitle names its speaker. They show
while the voice is heard unless the person turned them off (``subtitles``), and always
when it is not (the voice off or silent, the sound muted): a call is never told by
sound alone.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import lru_cache
from pathlib import Path

import pygame

from client.assets import asset_dir, at_quit, text, text_scale, wrap
from client.i18n import tr
from client.kit import ink
from client.kit.widgets import fitting
from client.voice_lines import LINES, VOICE_LANGUAGES, subtitle

ONE_LINE = 0.75
"""How much smaller than its 100% size the narrator's band may set a line that would
otherwise take two (at the least window, 12 pixels: the size of the table's own text)."""

INK = (251, 238, 210)
ACCENT = (241, 194, 125)
"""The table's ink and accent (``client.kit.widgets``), repeated here because the
app imports this module before any scene exists."""

LINGER = 0.6
"""Seconds a subtitle stays after its clip ends, so short calls can be read."""


def clip_path(line: str, lang: str) -> Path:
    return asset_dir("sounds") / "voice" / lang / f"{line}.ogg"


def clip_name(line: str, lang: str) -> str:
    """How a clip is named in logs and ``--stats``: relative to the source tree."""
    return f"sounds/voice/{lang}/{line}.ogg"


@lru_cache(maxsize=4)
def durations(lang: str) -> dict[str, float]:
    """Seconds of every clip in ``lang``, as measured when the clips were made."""
    if lang not in VOICE_LANGUAGES:
        raise ValueError(f"no voice for language {lang!r}")
    data = json.loads((asset_dir("sounds") / "voice" / "durations.json").read_text("utf-8"))
    table: dict[str, float] = data[lang]
    return {line: float(table[line]) for line in LINES}


_CLIPS: dict[tuple[str, str], pygame.mixer.Sound | None] = {}
"""Each clip once decoded (a few ms each), for every window of the process until pygame
quits, whose mixer holds them; None for one that cannot play."""
at_quit(_CLIPS.clear)


@lru_cache(maxsize=64)
def _banner(words: str, width: int, size: int, scale: float) -> tuple[int, int, tuple[str, ...]]:
    """The narrator's band for ``words`` across ``width``: its height, its text size and
    its lines. Kept: a call stands for many frames, and the table asks for it twice in
    each (its bubbles keep off the band)."""
    def height_at(size: int) -> int:
        return int(len(wrap(words, size, width - 2 * size, bold=True)) * size * 1.35 + size)

    # The band stays as tall as at 100% text (the seat at the top of the table sits
    # just under it): larger text fills the width first.
    least = max(9, round(size / scale))
    size = fitting(size, lambda size: height_at(size) <= height_at(least))
    lines = wrap(words, size, width - 2 * size, bold=True)
    # A call that wraps at the least window goes on one line a little smaller where it
    # can: in 800x500 a Japanese call's second line ran over the top seat's name.
    for smaller in range(size - 1, int(least * ONE_LINE) - 1, -1) if len(lines) > 1 else ():
        one = wrap(words, smaller, width - 2 * smaller, bold=True)
        if len(one) == 1:
            size, lines = smaller, one
            break
    return height_at(size), size, tuple(lines)


class Voice:
    def __init__(self, enabled: bool = True, volume: float = 0.8,
                 subtitles: bool = True) -> None:
        self.enabled = enabled
        self.volume = min(1.0, max(0.0, volume))
        self.subtitles = subtitles
        """Subtitles while the voice is heard too (settings)."""
        self.sound_off: Callable[[], bool] = lambda: False
        """Whether the window's sound is muted (the app tells: ``client.audio``)."""
        self.played: list[str] = []
        """Clips started so far, most recent last (tests and ``--stats`` read it)."""
        self.subtitle: tuple[str, float] | None = None
        """The words on screen and the time they leave."""
        self.line: str | None = None
        """The line last said (its subtitle may have left the screen since)."""
        self._channel: pygame.mixer.Channel | None = None
        try:
            if pygame.mixer.get_init():
                pygame.mixer.set_reserved(1)
                self._channel = pygame.mixer.Channel(0)
        except pygame.error:
            self._channel = None

    def set_volume(self, volume: float) -> None:
        self.volume = min(1.0, max(0.0, volume))
        if self._channel is not None:
            self._channel.set_volume(self.volume)

    def set_enabled(self, enabled: bool) -> None:
        self.enabled = enabled
        if not enabled:
            self.stop()

    def _sound(self, line: str, lang: str) -> pygame.mixer.Sound | None:
        key = (line, lang)
        if key not in _CLIPS:
            try:
                _CLIPS[key] = pygame.mixer.Sound(str(clip_path(line, lang)))
            except (pygame.error, FileNotFoundError):
                _CLIPS[key] = None
        return _CLIPS[key]

    def _heard(self) -> pygame.mixer.Channel | None:
        """The voice's channel, if a line said now would sound (the voice on and not
        silent)."""
        return self._channel if self.enabled and self.volume > 0 else None

    def ready(self, line: str, lang: str) -> bool:
        """Load ``line``'s clip ahead of its call, if it will be heard and is not loaded
        yet; whether it loaded one (decoding a clip takes a frame 5 ms at times)."""
        if self._heard() is None or (line, lang) in _CLIPS:
            return False
        self._sound(line, lang)
        return True

    def say(self, line: str, lang: str, now: float, step: str | None = None) -> str:
        """Speak ``line`` (cutting off any line still playing) and show its words; a
        count shows what it counts down to in ``step``."""
        name = clip_name(line, lang)
        self.played = [*self.played[-63:], name]
        self.line = line
        self.subtitle = (subtitle(line, lang, step), now + durations(lang)[line] + LINGER)
        channel = self._heard()
        if channel is None:
            return name
        sound = self._sound(line, lang)
        if sound is not None:
            channel.set_volume(self.volume)
            channel.play(sound)
        return name

    def stop(self) -> None:
        if self._channel is not None:
            self._channel.stop()

    def hush(self) -> None:
        """Stop speaking and clear the subtitle (a phase ended early, a scene left)."""
        self.stop()
        self.subtitle = None

    def pause(self) -> None:
        if self._channel is not None:
            self._channel.pause()

    def resume(self) -> None:
        if self._channel is not None:
            self._channel.unpause()

    def heard(self) -> bool:
        """Whether a call can be heard here now."""
        return (self.enabled and self.volume > 0 and self._channel is not None
                and not self.sound_off())

    def shows_subtitles(self) -> bool:
        return self.subtitles or not self.heard()

    def current(self, now: float) -> str | None:
        if self.subtitle is None or now > self.subtitle[1]:
            return None
        return self.subtitle[0]

    def subtitle_band(self, now: float, rect: pygame.Rect, size: int,
                      words: str | None = None) -> tuple[pygame.Rect, int, list[str]] | None:
        """Where ``draw_subtitle`` puts its band this frame, at what text size and in
        which lines (None: no band), so a table can keep its speech bubbles off it."""
        showing = self.current(now)
        if not showing or not self.shows_subtitles():
            return None
        bare = words or showing
        height, at, lines = _banner(tr("narr.said", speaker=tr("narr.speaker"), words=bare),
                                    rect.width, size, text_scale())
        if len(lines) > 1:  # the speaker's name goes before a call takes a second line
            alone = _banner(bare, rect.width, size, text_scale())
            if len(alone[2]) == 1:
                height, at, lines = alone
        return pygame.Rect(rect.left, rect.top, rect.width, height), at, list(lines)

    def draw_subtitle(self, surface: pygame.Surface, now: float, rect: pygame.Rect,
                      size: int, words: str | None = None) -> int | None:
        """The words being spoken (or ``words`` in their place), wrapped and centred in
        a dark band along the top of ``rect`` (a caption banner: the top of a table is
        where the fewest pieces sit); returns where the band ends (None: no band)."""
        laid = self.subtitle_band(now, rect, size, words)
        if laid is None:
            return None
        band, size, lines = laid
        shade = pygame.Surface(band.size, pygame.SRCALPHA)
        shade.fill((20, 12, 8, 175))  # pieces under the band stay visible
        surface.blit(shade, band.topleft)
        pygame.draw.line(surface, ACCENT, band.bottomleft, band.bottomright, 2)
        y = band.top + size // 2 + int(size * 0.65)
        for line in lines:
            label = text(line, size, INK, True)
            ink.blit(surface, label, label.get_rect(center=(band.centerx, y)), line, rect)
            y += int(size * 1.35)
        return band.bottom
