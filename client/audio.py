"""Sound effects with one volume and a mute switch.

A machine without a sound device still plays the game: every call here quietly does
nothing when the mixer cannot start.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import pygame

from client.assets import asset_dir

NAMES = ("chime", "wake", "click", "roll", "theft", "vote", "reveal", "win", "lose", "error")


class Audio:
    def __init__(self, volume: float = 0.7, muted: bool = False) -> None:
        self.volume = volume
        self.muted = muted
        self._sounds: dict[str, pygame.mixer.Sound] = {}
        self.played: list[str] = []
        """Names played so far, most recent last (tests and the log read it)."""
        self._hush = 0
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init(frequency=22050, size=-16, channels=1, buffer=512)
            folder = asset_dir("sounds")
            for name in NAMES:
                self._sounds[name] = pygame.mixer.Sound(str(folder / f"{name}.wav"))
        except (pygame.error, FileNotFoundError):
            self._sounds = {}

    def set_volume(self, volume: float) -> None:
        self.volume = min(1.0, max(0.0, volume))

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
        sound = self._sounds.get(name)
        if sound is None or self.muted or self.volume <= 0:
            return
        sound.set_volume(self.volume)
        sound.play()
