"""The keys every table answers the same way: Esc, mute and volume, the language, the
log's PgUp/PgDn, and a watched table's pause, speed, all-seen and beliefs (a replay's
seeking keys are ``client.kit.replay_bar``'s)."""

from __future__ import annotations

from typing import Protocol

import pygame

from client import i18n
from client.app import App
from client.kit import keymap
from client.session import Session

SPEEDS = (0.25, 0.5, 1.0, 2.0, 4.0, 8.0, 16.0)

LOG_KEYS = {"log_up": 3, "log_down": -3}
"""The actions that scroll a table's log, as this many wheel notches (up is positive)."""


class KeyTable(Protocol):
    """What the keys need of the table they are pressed at."""

    @property
    def watching(self) -> bool: ...

    def typing(self) -> bool: ...

    def stop_typing(self) -> None: ...

    def ask_leave(self, quitting: bool = False) -> None: ...

    def scroll_log(self, steps: int) -> None: ...

    def pause_held(self) -> bool: ...


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
    action = keymap.current().action_of(event.key)
    if action == "mute":
        app.audio.toggle_mute()
        app.settings.muted = app.audio.muted
        return True
    if action in ("volume_down", "volume_up"):
        step = -0.1 if action == "volume_down" else 0.1
        app.audio.set_volume(app.audio.volume + step)
        app.settings.volume = app.audio.volume
        app.audio.play("click")
        return True
    if action == "language":
        app.set_language("ja" if i18n.language() == "en" else "en")
        return True
    if action in ("log_up", "log_down") and (not table.watching or session.replay is None):
        table.scroll_log(LOG_KEYS[action])  # (a replay's PgUp/PgDn seek instead)
        return True
    if (action == "pause" and table.watching and session.replay is None and session.own_clock
            and table.pause_held()):
        return True  # the table stood still for a show: now it waits for the person
    return table.watching and watch_key(session, event.key)


def watch_key(session: Session, key: int) -> bool:
    """The keys of a watched table or a replay."""
    action = keymap.current().action_of(key)
    if action in ("pause", "slower", "faster") and not session.own_clock:
        return False  # a LAN table's time is its host's
    if action == "pause" and session.replay is None:
        session.paused = not session.paused
        return True
    if action in ("slower", "faster"):
        change_speed(session, 1 if action == "faster" else -1)
        return True
    if action == "all_seen" and session.omniscient is not None:
        session.show_all = not session.show_all and session.omniscient() is not None
        return True
    if action == "beliefs" and session.bot_views is not None:
        session.show_beliefs = not session.show_beliefs
        return True
    if session.replay is not None:
        from client.kit import replay_bar

        if action == "pause":
            session.replay.toggle()
            return True
        return replay_bar.handle_key(session.replay, key)
    return False
