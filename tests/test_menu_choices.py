"""An option's choices read as words on the menu, never as the value the table takes:
Seven Knights Bewitched's modes say "Cooperative" or 一致団結, not ``coop``. The words
chosen go back to the value, and that value is what the settings keep for the next run.

A real menu with the dummy video driver; each test has its own settings and data."""

from __future__ import annotations

import pygame_gui
import pytest

from client import i18n, settings
from client.app import HEADLESS_DT, App
from client.listing import options_words
from client.scenes.menu import MODES, MenuScene
from core.registry import GAMES, about
from tests.menu_window import app, own_dirs

__all__ = ["app", "own_dirs"]  # (a headless menu window, its own folders)




def raw_values() -> set[str]:
    """Every value of every game's options that has choices, at any table size."""
    return {str(value) for game in GAMES.values() for spec in game.options
            for n in range(game.min_players, game.max_players + 1)
            for value in spec.choices_for(n)}


def shown(menu: MenuScene) -> list[str]:
    """Every drop-down's choices and selection, as the window draws them."""
    out = []
    for element in menu.ui.get_sprite_group().sprites():
        if isinstance(element, pygame_gui.elements.UIDropDownMenu):
            out.extend(words for words, _ in element.options_list)
            out.append(element.selected_option[0])
    return out


def test_every_option_choice_has_words_in_both_languages() -> None:
    for game in GAMES.values():
        for spec in game.options:
            for value in spec.choices:
                words = spec.choice_title(value)
                assert words["en"] != value and words["ja"] != value, (game.id, value)
                assert words["en"] != words["ja"], (game.id, value)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_no_drop_down_of_any_game_shows_a_raw_value(app: App, lang: str) -> None:
    raw = raw_values()
    assert {"dark", "coop"} <= raw
    app.set_language(lang)
    menu = MenuScene(app)
    app.scenes = [menu]
    app.step(HEADLESS_DT)
    seen = 0
    for game_id in GAMES:
        menu.dropdown_changed(menu.widgets["game"], about(game_id).title[lang])
        game = about(game_id)
        for players in range(game.min_players, game.max_players + 1):
            for mode in ("single", "host") + (("moderate",) if game_id == "cheese_thief"
                                               else ()):
                assert mode in MODES
                menu.dropdown_changed(menu.widgets["mode"], i18n.tr(f"mode.{mode}"))
                menu.dropdown_changed(menu.widgets["players"], str(players))
                app.step(HEADLESS_DT)
                words = shown(menu)
                seen += len(words)
                assert not raw & set(words), (game_id, players, mode, raw & set(words))
    assert seen


def knights_mode(app: App, lang: str) -> tuple[MenuScene, pygame_gui.elements.UIDropDownMenu]:
    """A menu on ``app`` set to Knights at four players, and its game-mode drop-down."""
    menu = MenuScene(app)
    app.scenes = [menu]
    app.step(HEADLESS_DT)
    menu.dropdown_changed(menu.widgets["game"], about("knights").title[lang])
    menu.dropdown_changed(menu.widgets["players"], "4")
    app.step(HEADLESS_DT)
    return menu, next(w for w, name in menu.option_widgets.items() if name == "mode")


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_words_chosen_are_the_value_played_and_kept(app: App, lang: str) -> None:
    app.set_language(lang)
    menu, field = knights_mode(app, lang)
    offered = [words for words, _ in field.options_list]
    dark = "Dark" if lang == "en" else "暗中模索"
    assert dark in offered and field.selected_option[0] != "basic"
    menu.dropdown_changed(field, dark)
    assert menu.options()["mode"] == "dark"
    menu.keep()
    assert settings.load().table_options["knights"]["mode"] == "dark"
    # the next window (the next run) reads the value back and shows it in words
    again = App(settings.load(), headless=True, size=(1024, 600))
    try:
        fresh, kept = knights_mode(again, lang)
        assert kept.selected_option[0] == dark
        assert fresh.options()["mode"] == "dark"
    finally:
        again.close()
    # a guest's list of the host's options says the mode in words too
    assert options_words("knights", 4, {"mode": "coop"}) == [
        "Game mode: Cooperative" if lang == "en" else "ゲームモード: 一致団結"]
