"""pygame_gui managers that share one loaded theme per theme and language.

A UIManager loads its theme afresh: it parses pygame_gui's default theme file, then
ours, and opens the fonts they name. That was most of the 14-16 ms of CPU a manager
took to make at 1280x720; with the theme shared, 2 ms. A screen makes a manager each
time it is built, and a form each time it is rebuilt, which is at every choice a
person makes in the menu. The theme is data: the managers made with the same theme in
the same language may share it, and with it the shapes and shadows it has drawn and
cached.

The theme holds pygame fonts, which ``pygame.quit`` closes, so the themes are
forgotten then, with ``client.assets``' fonts.
"""

from __future__ import annotations

import json
from typing import Any

import pygame_gui
from pygame_gui.core import UIAppearanceTheme

from client.assets import at_quit

_THEMES: dict[tuple[str, str], UIAppearanceTheme] = {}
at_quit(_THEMES.clear)


class Manager(pygame_gui.UIManager):
    """A UIManager whose theme, given as a dict, is loaded once per language."""

    def create_new_theme(self, theme_path: Any = None) -> UIAppearanceTheme:
        if not isinstance(theme_path, dict):
            theme: UIAppearanceTheme = super().create_new_theme(theme_path)
            return theme
        key = (json.dumps(theme_path, sort_keys=True), self._locale)
        if key not in _THEMES:
            _THEMES[key] = super().create_new_theme(theme_path)
        return _THEMES[key]
