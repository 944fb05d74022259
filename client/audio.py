"""Sound effects and chimes, each with its own volume, and one mute switch.

A machine without a sound device still plays the game: every call here quietly does
nothing when the mixer cannot start.
"""

from __future__ import annotations

import os
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from typing import TypedDict

import pygame

from client.assets import asset_dir


class MixerFormat(TypedDict):
    frequency: int
    size: int
    channels: int
    buffer: int


MIXER: MixerFormat = {"frequency": 22050, "size": -16, "channels": 1, "buffer": 512}
"""The sound device's format: every sound and voice clip is mono at 22050 Hz or less,
so more would only wake the mixer's thread more often (86 times a second at pygame's
44100 Hz stereo; 43 at this), idle or not."""

NAMES = ("chime", "wake", "click", "roll", "theft", "vote", "reveal", "win", "lose", "error")
CHIMES = ("chime", "wake")
"""The sounds that strike the game's time (an hour, a seat woken): their own volume, so a
person may hear them clearly under quiet effects, or the other way round."""


NOISE = "ALSA lib "
"""How the lines begin that Linux's sound library writes on its own where it finds no
sound card: sixteen of them reached a newcomer's terminal at every start."""


@contextmanager
def device_hushed() -> Iterator[None]:
    """Open the sound device inside: what its C library writes to the terminal is
    kept back, and every line of it but ``NOISE``'s is written after, as it came.
    The game plays on without sound as it should; only the library's own complaint
    about the missing card is not shown."""
    if not sys.platform.startswith("linux"):
        yield
        return
    try:
        saved = os.dup(2)
    except OSError:
        yield
        return
    with tempfile.TemporaryFile() as caught:
        sys.stderr.flush()
        os.dup2(caught.fileno(), 2)
        try:
            yield
        finally:
            sys.stderr.flush()
            os.dup2(saved, 2)
            os.close(saved)
            caught.seek(0)
            said = caught.read().decode("utf-8", "replace").splitlines(keepends=True)
            kept = "".join(line for line in said if not line.startswith(NOISE))
            if kept:
                sys.stderr.write(kept)
                sys.stderr.flush()


class Audio:
    def __init__(self, volume: float = 0.7, muted: bool = False,
                 chime_volume: float = 0.7) -> None:
        self.volume = volume
        """The effects' volume."""
        self.chime_volume = chime_volume
        self.muted = muted
        self._sounds: dict[str, pygame.mixer.Sound | None] = {}
        """Each sound once first played (loading all ten cost the first frame ~20 ms);
        None for one that cannot play."""
        self.played: list[str] = []
        """Names played so far, most recent last (tests and the log read it)."""
        self._hush = 0
        self._mixer = False
        try:
            if not pygame.mixer.get_init():
                with device_hushed():
                    pygame.mixer.init(**MIXER)
            self._mixer = True
        except pygame.error:
            pass

    def _sound(self, name: str) -> pygame.mixer.Sound | None:
        if name not in self._sounds:
            sound = None
            if self._mixer:
                with suppress(pygame.error, FileNotFoundError):
                    sound = pygame.mixer.Sound(str(asset_dir("sounds") / f"{name}.wav"))
            self._sounds[name] = sound
        return self._sounds[name]

    def set_volume(self, volume: float) -> None:
        self.volume = min(1.0, max(0.0, volume))

    def set_chime_volume(self, volume: float) -> None:
        self.chime_volume = min(1.0, max(0.0, volume))

    def volume_of(self, name: str) -> float:
        """The volume ``name`` plays at: a chime's, or the effects'."""
        return self.chime_volume if name in CHIMES else self.volume

    def toggle_mute(self) -> None:
        self.muted = not self.muted

    @contextmanager
    def hushed(self) -> Iterator[None]:
        """Nothing plays inside: a scene reading old news must not sound it again."""
        self._hush += 1
        try:
            yield
        finally:
            self._hush -= 1

    def play(self, name: str) -> None:
        if self._hush:
            return
        self.played = [*self.played[-31:], name]
        volume = self.volume_of(name)
        if self.muted or volume <= 0:
            return
        sound = self._sound(name)
        if sound is None:
            return
        sound.set_volume(volume)
        sound.play()
