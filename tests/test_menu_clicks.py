"""A double-click on a menu button that opens another screen: the second click lands on
that screen where the first one was, and must not press what opened under it (*Back*
sits under *Rules*, so the Rules screen used to close as it opened)."""

from __future__ import annotations

import pygame

from client.app import App
from client.settings import Settings


def click(app: App, at: tuple[int, int], frames: int = 2) -> None:
    """A quick left click (down and up within a frame), and a frame or two to act."""
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        pygame.event.post(pygame.event.Event(kind, pos=at, button=1))
    for _ in range(frames):
        app.step(1 / 30)


def test_a_double_click_on_rules_opens_the_rules_and_leaves_them_open() -> None:
    from client.scenes.menu import MenuScene
    from client.scenes.rules import RulesScene

    app = App(Settings(), headless=True, size=(1280, 720))
    menu = MenuScene(app)
    app.push(menu)
    for _ in range(20):  # the menu has stood a while: a first click is meant
        app.step(1 / 30)
    at = menu.widgets["rules"].rect.center
    click(app, at, frames=3)
    assert isinstance(app.scene, RulesScene)
    back = app.scene.back.rect
    assert back.collidepoint(at), "the test needs Back under Rules, as the screen has it"
    click(app, at, frames=3)  # the double-click's second click, a few frames later
    assert isinstance(app.scene, RulesScene), "the second click pressed Back"
    for _ in range(20):  # a moment later a click on Back is meant, and goes back
        app.step(1 / 30)
    click(app, at, frames=3)
    assert isinstance(app.scene, MenuScene)


def test_a_menu_rebuilt_many_times_searches_pygame_guis_translations_once() -> None:
    """pygame_gui adds its translations folder to python-i18n's search path with each
    manager, and a form makes one at each rebuild: after 300 choices a menu rebuild
    listed that folder 300 times for each label, and took twice as long. The path now
    holds each folder once, however often a person changes a choice."""
    import i18n as gui_i18n  # type: ignore[import-untyped]

    from client.scenes.menu import MenuScene

    app = App(Settings(), headless=True, size=(1024, 600))
    menu = MenuScene(app)
    app.push(menu)
    app.step(1 / 30)
    for _ in range(8):
        menu.rebuild()
        app.step(1 / 30)
    assert len(gui_i18n.load_path) == len(set(gui_i18n.load_path)) >= 1
    assert menu.widgets["rules"].visible  # still a whole menu


def test_a_rebuilt_menu_keeps_its_theme_and_another_size_or_language_gets_its_own() -> None:
    """A form makes a manager at each rebuild, and each manager loaded pygame_gui's
    default theme and ours afresh (most of the 14-16 ms a manager took). Managers made with the
    same theme in the same language now share one; a larger text size or another
    language is another theme; and pygame's quit forgets them (they hold its fonts)."""
    from client.scenes.menu import MenuScene

    app = App(Settings(), headless=True, size=(1024, 600))
    menu = MenuScene(app)
    app.push(menu)
    app.step(1 / 30)
    theme = menu.ui.get_theme()
    menu.rebuild()
    app.step(1 / 30)
    assert menu.ui.get_theme() is theme and menu.widgets["rules"].visible
    assert App(Settings(text_size=150), headless=True,
               size=(1024, 600)).make_ui().get_theme() is not theme
    assert App(Settings(language="ja"), headless=True,
               size=(1024, 600)).make_ui().get_theme() is not theme
    app = App(Settings(), headless=True, size=(1024, 600))
    assert app.make_ui().get_theme() is theme

    from client import assets, themes

    assert themes._THEMES and assets.font.cache_info().currsize
    pygame.quit()  # (and a window after it, as a second game in one process would)
    assert not themes._THEMES and not assets.font.cache_info().currsize
    app = App(Settings(), headless=True, size=(1024, 600))
    app.push(MenuScene(app))
    app.step(1 / 30)
    assert app.make_ui().get_theme() is not theme
