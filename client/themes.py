"""pygame_gui managers that are cheap to make again and again.

A screen makes a manager each time it is built, and a form each time it is rebuilt,
which is at every choice a person makes in the menu. Two things pygame_gui does for
each new manager are done once here.

The theme: a UIManager loads its theme afresh. It parses pygame_gui's default theme file, then
ours, and opens the fonts they name. That was most of the 14-16 ms of CPU a manager
took to make at 1280x720; with the theme shared, 2 ms. The theme is data: the
managers made with the same theme in the same language share it, and with it the
shapes and shadows it has drawn and cached.

The theme holds pygame fonts, which ``pygame.quit`` closes, so the themes are
forgotten then, with ``client.assets``' fonts.

The translations: pygame_gui appends its translations folder to python-i18n's global
search path with each manager; python-i18n then lists the folder once per copy for
each label that is not one of its keys (all of ours). After a few hundred choices in
the menu, each rebuild listed it hundreds of times per label. The path keeps each
folder once.
"""

from __future__ import annotations

import json
from typing import Any

import i18n as gui_i18n  # type: ignore[import-untyped]  # python-i18n: pygame_gui's own
import pygame_gui
from pygame_gui.core import UIAppearanceTheme

from client.assets import at_quit

_THEMES: dict[tuple[str, str], UIAppearanceTheme] = {}
at_quit(_THEMES.clear)


class Manager(pygame_gui.UIManager):
    """A UIManager whose theme, given as a dict, is loaded once per language, and which
    leaves python-i18n's search path with each folder once."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        gui_i18n.load_path[:] = list(dict.fromkeys(gui_i18n.load_path))

    def create_new_theme(self, theme_path: Any = None) -> UIAppearanceTheme:
        if not isinstance(theme_path, dict):
            theme: UIAppearanceTheme = super().create_new_theme(theme_path)
            return theme
        key = (json.dumps(theme_path, sort_keys=True), self._locale)
        if key not in _THEMES:
            _THEMES[key] = super().create_new_theme(theme_path)
        return _THEMES[key]
