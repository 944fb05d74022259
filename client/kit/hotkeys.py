"""The keys every table answers the same way: Esc, mute and volume, the language, the
log's PgUp/PgDn, and a watched table's pause, speed, all-seen and beliefs (a replay's
seeking keys are ``client.kit.replay_bar``'s)."""

from __future__ import annotations

from typing import Protocol

import pygame

from client import i18n
from client.app import App
from client.session import Session

SPEEDS = (0.25, 0.5, 1.0, 2.0, 4.0, 8.0, 16.0)

LOG_KEYS = {pygame.K_PAGEUP: 3, pygame.K_PAGEDOWN: -3}
"""Keys that scroll a table's log, as this many wheel notches (up is positive)."""


class KeyTable(Protocol):
    """What the keys need of the table they are pressed at."""

    @property
    def watching(self) -> bool: ...

    def typing(self) -> bool: ...

    def stop_typing(self) -> None: ...

    def ask_leave(self, quitting: bool = False) -> None: ...

    def scroll_log(self, steps: int) -> None: ...


def change_speed(session: Session, step: int) -> None:
    """One step faster (positive) or slower along ``SPEEDS``."""
    index = min(range(len(SPEEDS)), key=lambda i: abs(SPEEDS[i] - session.speed))
    session.speed = SPEEDS[max(0, min(len(SPEEDS) - 1, index + step))]


def handle_key(table: KeyTable, app: App, session: Session, event: pygame.event.Event) -> bool:
    """True when ``event`` (a KEYDOWN) was one of these keys and has been acted on."""
    typing = table.typing()
    if event.key == pygame.K_ESCAPE:
        if typing:
            table.stop_typing()
        else:
            table.ask_leave()
        return True
    if typing:
        return False
    if event.key == pygame.K_m:
        app.audio.toggle_mute()
        app.settings.muted = app.audio.muted
        return True
    if event.key in (pygame.K_MINUS, pygame.K_EQUALS, pygame.K_PLUS):
        step = -0.1 if event.key == pygame.K_MINUS else 0.1
        app.audio.set_volume(app.audio.volume + step)
        app.settings.volume = app.audio.volume
        app.audio.play("click")
        return True
    if event.key == pygame.K_l:
        app.set_language("ja" if i18n.language() == "en" else "en")
        return True
    if event.key in LOG_KEYS and (not table.watching or session.replay is None):
        table.scroll_log(LOG_KEYS[event.key])  # (a replay's PgUp/PgDn seek instead)
        return True
    return table.watching and watch_key(session, event.key)


def watch_key(session: Session, key: int) -> bool:
    """The keys of a watched table or a replay."""
    if key == pygame.K_SPACE and session.replay is None:
        session.paused = not session.paused
        return True
    if key in (pygame.K_LEFT, pygame.K_RIGHT):
        change_speed(session, 1 if key == pygame.K_RIGHT else -1)
        return True
    if key == pygame.K_o and session.omniscient is not None:
        session.show_all = not session.show_all and session.omniscient() is not None
        return True
    if key == pygame.K_b and session.bot_views is not None:
        session.show_beliefs = not session.show_beliefs
        return True
    if session.replay is not None:
        from client.kit import replay_bar

        if key == pygame.K_SPACE:
            session.replay.toggle()
            return True
        return replay_bar.handle_key(session.replay, key)
    return False
