"""The table's keys, which a person may change (Settings, *Keys*).

Each action has one key. The keys that move and choose on every screen (Tab, Enter,
Esc, the arrows, the numbers and Shift) and a replay's own keys stay as they are: a key given to
an action must be free, or the change is refused with a sentence and nothing changes.
A change is saved as the key's pygame name (``settings.keys``), only where it differs
from the default.
"""

from __future__ import annotations

import pygame

from client.i18n import tr

DEFAULTS: dict[str, int] = {
    "mute": pygame.K_m,
    "volume_down": pygame.K_MINUS,
    "volume_up": pygame.K_EQUALS,
    "language": pygame.K_l,
    "log_up": pygame.K_PAGEUP,
    "log_down": pygame.K_PAGEDOWN,
    "rules": pygame.K_r,
    "pause": pygame.K_SPACE,
    "slower": pygame.K_LEFT,
    "faster": pygame.K_RIGHT,
    "all_seen": pygame.K_o,
    "beliefs": pygame.K_b,
}
"""Every action, in the order Settings lists them, with its key out of the box."""

ALSO: dict[int, str] = {pygame.K_PLUS: "volume_up", pygame.K_KP_PLUS: "volume_up",
                        pygame.K_KP_MINUS: "volume_down"}
"""Second keys an action answers while its own key is the default one."""

KEPT: frozenset[int] = frozenset({
    pygame.K_TAB, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE, pygame.K_UP,
    pygame.K_DOWN, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_COMMA, pygame.K_PERIOD,
    pygame.K_HOME, pygame.K_END, pygame.K_LSHIFT, pygame.K_RSHIFT,
    *(getattr(pygame, f"K_{n}") for n in range(10)),
    *(getattr(pygame, f"K_KP{n}") for n in range(10)),
})
"""Keys no action may take (an action may keep its own default among them: a watched
table's speed is on the arrows, where the focus does not move). Shift is among them:
with a number it picks the 11th to 20th card of a hand (``client.kit.focus``)."""

HINTS: dict[str, str] = {"mute": "M", "language": "L", "rules": "R", "pause": "Space",
                         "all_seen": "O", "beliefs": "B"}
"""How the key hints at a window's foot write each default key."""

PAIRS: dict[tuple[str, str], str] = {("volume_down", "volume_up"): "-/+",
                                     ("log_up", "log_down"): "PgUp/PgDn",
                                     ("slower", "faster"): "←/→"}


def key_label(key: int) -> str:
    """A key as people write it ("M", "Space", "PgUp")."""
    name = pygame.key.name(key)
    short = {"page up": "PgUp", "page down": "PgDn", "space": "Space", "left": "←",
             "right": "→", "up": "↑", "down": "↓", "escape": "Esc", "return": "Enter"}
    return short.get(name, name.upper() if len(name) == 1 else name.title())


class KeyMap:
    def __init__(self, saved: dict[str, str] | None = None) -> None:
        self.keys = dict(DEFAULTS)
        for action, name in (saved or {}).items():
            if action not in DEFAULTS:
                continue
            try:
                key = pygame.key.key_code(name)
            except (ValueError, pygame.error):
                continue
            if self.refusal(action, key) is None:
                self.keys[action] = key

    def action_of(self, key: int) -> str | None:
        """The action ``key`` does at a table, if any."""
        for action, mine in self.keys.items():
            if mine == key:
                return action
        also = ALSO.get(key)
        return also if also is not None and self.keys[also] == DEFAULTS[also] else None

    def refusal(self, action: str, key: int) -> str | None:
        """Why ``action`` may not take ``key`` (one sentence), or None."""
        if key in KEPT and key != DEFAULTS[action]:
            return tr("keys.kept", name=key_label(key))
        for other, mine in self.keys.items():
            if other != action and mine == key:
                return tr("keys.taken", name=key_label(key), other=tr(f"key.{other}"))
        return None

    def assign(self, action: str, key: int) -> str | None:
        """Give ``action`` the key ``key``; returns the refusal (and changes nothing)
        when it may not."""
        refused = self.refusal(action, key)
        if refused is None:
            self.keys[action] = key
        return refused

    def saved(self) -> dict[str, str]:
        """What to keep in the settings: the actions whose key differs from the default."""
        return {a: pygame.key.name(k) for a, k in self.keys.items() if k != DEFAULTS[a]}

    def relabel(self, words: str) -> str:
        """A line of key hints written for the default keys, with changed keys in place."""
        for action, hint in HINTS.items():
            if self.keys[action] != DEFAULTS[action]:
                words = words.replace(f"{hint}: ", f"{key_label(self.keys[action])}: ")
        for (a, b), hint in PAIRS.items():
            if (self.keys[a], self.keys[b]) != (DEFAULTS[a], DEFAULTS[b]):
                new = f"{key_label(self.keys[a])}/{key_label(self.keys[b])}"
                words = words.replace(f"{hint}: ", f"{new}: ")
        return words


_CURRENT = [KeyMap()]


def current() -> KeyMap:
    """The person's keys (the app sets them from the settings at start)."""
    return _CURRENT[0]


def use(keymap: KeyMap) -> None:
    _CURRENT[0] = keymap
