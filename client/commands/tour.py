"""``cheeseknights menu --headless --screen S``: one of the screens around the tables
(menu, rules, settings, lobby), shown headless for a while, every drop-down opened in
turn, so that ``--stats`` measures their texts the way ``watch`` measures a table's.
"""

from __future__ import annotations

from typing import Any

SCREENS = ("menu", "rules", "settings", "lobby")

OPEN_FRAMES = 4
"""Frames each drop-down stays open (its rows are drawn, and so measured)."""


def screen_scene(app: Any, screen: str, game_id: str | None) -> Any:
    """The scene to show; the menu starts at ``game_id`` (its options rows with it)."""
    from client.scenes.menu import MenuScene

    menu = MenuScene(app)
    if game_id is not None:
        menu.game_id = game_id
        game = menu.game
        menu.players = max(game.min_players, min(5, game.max_players))
    if screen == "menu":
        return menu
    if screen == "rules":
        from client.scenes.rules import RulesScene

        return RulesScene(app, menu.game_id)
    if screen == "settings":
        from client.scenes.settings_scene import SettingsScene

        return SettingsScene(app)
    from client.scenes.lobby import host_lobby
    from core.registry import default_bot_level

    game = menu.game  # the largest table, half of it bots (each with its Level) and the
    # rest open (each with its Give to a bot), as a host sees it before people come
    players = game.max_players
    return host_lobby(app, menu.game_id, players, {}, players // 2,
                      default_bot_level(menu.game_id), bind="127.0.0.1", announce=False)


def run(app: Any, frames: int) -> None:
    """Show the top scene ``frames`` frames, then open each of its drop-downs in turn."""
    import pygame_gui

    app.run(max_frames=frames)
    scene = app.scene
    ui = getattr(scene, "ui", None)
    if ui is None:
        return
    for element in ui.get_sprite_group().sprites():
        if not isinstance(element, pygame_gui.elements.UIDropDownMenu) or not app.running:
            continue
        _switch(element, "expanded")
        app.run(max_frames=OPEN_FRAMES)
        _switch(element, "closed")
        app.run(max_frames=2)


def _switch(menu: Any, state: str) -> None:
    """Open or close a drop-down as a click on it would."""
    if menu.current_state is not None:
        menu.current_state.finish()
    menu.current_state = menu.menu_states[state]
    menu.current_state.start()
