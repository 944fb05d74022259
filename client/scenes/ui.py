"""Scenes built from pygame_gui widgets (menu, settings, rules, lobby).

Widgets carry their text, so such a scene rebuilds them whenever the language or the
window size changes; its own choices live on the scene, not in the widgets.
"""

from __future__ import annotations

import warnings
from collections.abc import Callable
from functools import lru_cache, partial
from typing import Any

import pygame
import pygame_gui

from client import i18n
from client.app import COMPACT, UI_FONT, App, Scene, ui_font
from client.assets import scaled, svg, wrap_at_most
from client.i18n import tr
from client.kit import ink
from client.kit.focus import FocusRing, Target
from client.kit.prompt import LINES_APART
from client.kit.widgets import ACCENT, blit_text, fit_line


def decor_top(h: int) -> int:
    """Where the cheese and mouse in the backdrop's bottom-right corner begin."""
    return h - h // 40 - h // 6


def decor_left(w: int, h: int) -> int:
    """Where the mouse, left of the cheese in that corner, begins."""
    return w - w // 40 - h // 6 - h // 7


@lru_cache(maxsize=4)
def backdrop(w: int, h: int, decorated: bool = True) -> pygame.Surface:
    """A warm wooden wall with the cheese and a mouse: the menus' background (without
    them where a screen's widgets need that corner)."""
    surface = pygame.Surface((w, h))
    for y in range(h):
        f = y / max(1, h - 1)
        surface.fill((int(70 - 25 * f), int(44 - 16 * f), int(26 - 10 * f)), (0, y, w, 1))
    for x in range(0, w, max(40, w // 16)):
        pygame.draw.line(surface, (58, 36, 21), (x, 0), (x, h), 2)
    if not decorated:
        return surface
    cheese = svg("cheese", h // 5, h // 6)
    surface.blit(cheese, cheese.get_rect(bottomright=(w - w // 40, h - h // 40)))
    mouse = svg("mouse", h // 7, h // 7)
    surface.blit(mouse, mouse.get_rect(bottomright=(decor_left(w, h) + h // 7, h - h // 40)))
    return surface


SETTLE = 0.5
"""Seconds a menu screen takes no click after it came on top: the second click of a
double-click on *Rules* otherwise lands on the *Back* that opens under it."""
CLICKS = (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)


TROUBLE = (255, 150, 130)
"""A message's colour: a problem or a warning (nearly every message)."""
DONE = (160, 220, 140)
"""A message's colour: what was asked for is done."""


class UIScene(Scene):
    title_key = "app.title"
    decorated = True
    """Whether the backdrop shows its cheese and mouse (a crowded screen turns it off)."""

    def title(self) -> str:
        """The heading; a scene about one thing (a game's rules) names it."""
        return tr(self.title_key)

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.ui = app.make_ui()
        self._made_for: tuple[int, tuple[int, int]] | None = (
            i18n.generation, app.screen.get_size())
        self._built: tuple[int, tuple[int, int]] | None = None
        self.message = ""
        self.ring = FocusRing()
        self._fields: dict[str, pygame_gui.elements.UITextEntryLine] = {}
        """The text fields that keep what was typed (``text_entry``'s ``keep``)."""
        self._typed: dict[str, str] = {}

    def rebuild(self) -> None:
        built = (i18n.generation, self.app.screen.get_size())
        root: Any = self.ui.get_root_container()
        if self._made_for != built or root is None or root.elements:
            # a fresh manager; the first build uses the one made with the scene while it
            # is still empty and fits (a manager costs the first frame tens of ms)
            self.ui = self.app.make_ui()
        self._made_for = None
        self._built = built
        self.builds += 1
        self.say_again()
        self._typed.update((key, field.get_text()) for key, field in self._fields.items())
        typing = next((key for key, field in self._fields.items() if field.is_focused), None)
        self.form_compact, self._fields = False, {}
        with warnings.catch_warnings():  # (pygame_gui's "Label Rect is too small" for
            warnings.simplefilter("ignore", UserWarning)  # a try that may be thrown away)
            self.build()
        if ui_font() > UI_FONT and not self.whole():
            self.ui.clear_and_reset()  # type: ignore[no-untyped-call]
            self.form_compact, self._fields = True, {}
            self.build()
        if typing in self._fields:  # (the keyboard stays in the field it was typing in)
            self.ui.set_focus_set(self._fields[typing])

    def build(self) -> None:
        """Create the widgets (the manager is fresh and empty)."""

    form_compact = False
    """Whether the screen's widgets have their words at the 100% text size
    (``COMPACT``): the person's larger text left them no room in this window (at 150%
    in 800x500 the menu's Start lay under its row of buttons and its options' titles
    were cut; the settings' tabs and the replays' note were cut)."""

    def whole(self) -> bool:
        """Whether every word of the screen's widgets is whole, as a run's record of
        texts measures them (``kit.ink.widgets_cut``)."""
        return not ink.widgets_cut(self.ui)

    def ensure_built(self) -> None:
        if self._built != (i18n.generation, self.app.screen.get_size()):
            self.rebuild()

    def handle(self, event: pygame.event.Event) -> None:
        self.ensure_built()
        if event.type in CLICKS and self.app.top_age < SETTLE:
            return  # the rest of a double-click that brought this screen: not meant for it
        if self._closing and (event.type == pygame.MOUSEBUTTONDOWN or (
                event.type == pygame.KEYDOWN and event.key != pygame.K_ESCAPE)):
            self._closing = False  # anything else between the two presses: stay
            self.message = ""
        self.ui.process_events(event)
        if self.typing() and event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_ESCAPE, pygame.K_TAB):
                self.ui.set_focus_set(None)  # leave the field; Tab goes on to the next
                if event.key == pygame.K_ESCAPE:
                    return
            else:
                return
        if self.ring.handle(event, self.targets(), digits=False):
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.escape()
            return
        if (event.type == pygame.KEYDOWN and event.key == pygame.K_l
                and not self.typing()):
            self.app.set_language("ja" if i18n.language() == "en" else "en")
            return
        self.on_event(event)

    builds = 0
    """How many times the widgets were built: a new build is a new picture."""

    _closing = False
    _done = ""
    _words: Callable[[], str] | None = None
    _said = ""

    def say(self, words: Callable[[], str], done: bool = False) -> None:
        """Show the message ``words()``, and say it again in the language the person
        switches to while it shows (kept as text, it stayed in the old one). ``done``:
        something asked for has been done ("Saved."), in the colour of success, where
        every other message is a problem or a warning."""
        self._words = words
        self.message = self._said = words()
        self._done = self.message if done else ""

    def say_again(self) -> None:
        """The message shown, if ``say`` gave it, in the language now spoken."""
        if self._words is not None and self.message and self.message == self._said:
            self.say(self._words, done=self.message == self._done)

    def message_colour(self) -> tuple[int, int, int]:
        return DONE if self.message and self.message == self._done else TROUBLE

    def escape(self) -> None:
        """Esc closes an open drop-down list, else goes back a screen. On the last
        screen that would close the program, so it says so and closes only on a second
        press with nothing between: one Esc too many (leaving a field or a list, then
        once more) must not lose the table being set up."""
        opened = self.open_lists()
        if opened:  # an open list closes first, as Esc leaves a field
            for each in opened:
                each.unfocus()
            return
        if len(self.app.scenes) > 1 or self._closing:
            self.app.pop()
            return
        self._closing = True
        self.message = tr("menu.esc_again")

    def open_lists(self) -> list[Any]:
        """The drop-downs whose list is open."""
        root: Any = self.ui.get_root_container()
        return [w for w in (root.elements if root is not None else ())
                if isinstance(w, pygame_gui.elements.UIDropDownMenu)
                and w.current_state is w.menu_states["expanded"]]

    def caret(self) -> bool:
        """Whether a text field with the keyboard shows its blinking caret now."""
        focused: Any = self.ui.get_focus_set()  # type: ignore[no-untyped-call]
        return any(isinstance(e, pygame_gui.elements.UITextEntryLine) and e.cursor_on
                   for e in focused or ())

    def typing(self) -> bool:
        """True while a text field has the keyboard: an L typed into a name is a letter,
        not a change of language."""
        focused: Any = self.ui.get_focus_set()  # type: ignore[no-untyped-call]
        return any(isinstance(e, pygame_gui.elements.UITextEntryLine) for e in focused or ())

    def on_event(self, event: pygame.event.Event) -> None:
        """A widget event (button pressed, drop-down changed, text entered)."""

    # -- the keyboard ----------------------------------------------------------------------
    def targets(self) -> list[Target]:
        """Every widget a click could use, in the order they were built: Enter presses a
        button, ticks a box or starts typing in a field; Left/Right change a drop-down,
        a list or a slider. Each hands the screen the event pygame_gui itself would make,
        so a screen reacts to a key exactly as to the mouse."""
        elements = pygame_gui.elements
        out = []
        root: Any = self.ui.get_root_container()
        for w in root.elements if root is not None else ():
            if not w.visible:
                continue
            key = f"{type(w).__name__}@{w.rect.x},{w.rect.y}"
            if isinstance(w, elements.UIButton):
                if w.is_enabled:
                    out.append(Target(w.rect, partial(self.tell, pygame_gui.UI_BUTTON_PRESSED, w,
                                                      mouse_button=1), key))
            elif isinstance(w, (elements.UIDropDownMenu, elements.UISelectionList)):
                out.append(Target(w.rect, partial(self._step, _choose, w, 1), key,
                                  step=partial(self._step, _choose, w)))
            elif isinstance(w, elements.UIHorizontalSlider):
                out.append(Target(w.rect, partial(self._step, _slide, w, 1), key,
                                  step=partial(self._step, _slide, w)))
            elif isinstance(w, elements.UICheckBox):
                out.append(Target(w.rect, partial(_tick, w), key))
            elif isinstance(w, (elements.UITextEntryLine, elements.UITextEntryBox)):
                out.append(Target(w.rect, partial(self.ui.set_focus_set, w), key))
        return out

    def tell(self, kind: int, widget: Any, **data: Any) -> None:
        """Hand the scene the event pygame_gui would post for ``widget``, at once: a
        widget rebuilt before the next frame would no longer be the one it names."""
        self.on_event(pygame.event.Event(kind, {
            "ui_element": widget, "ui_object_id": widget.most_specific_combined_id, **data}))

    def _step(self, change: Any, widget: Any, step: int) -> None:
        kind, _, data = change(widget, step)
        if kind is not None:
            self.tell(kind, widget, **data)

    def update(self, dt: float) -> None:
        self.ensure_built()
        self.ui.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        self._since_draw = 0
        w, h = surface.get_size()
        surface.blit(backdrop(w, h, self.decorated), (0, 0))
        blit_text(surface, self.title(), scaled(max(24, h // 16)), ACCENT,
                  center=(w // 2, h // 12), bold=True, shadow=True)
        self.ui.draw_ui(surface)
        self.ring.draw(surface, self.targets())
        lines, size = self.shown_message() if self.message else ([], 0)
        if len(lines) < 2:  # (a message's second line takes the keys' place while it shows)
            words, keys_size = self.keys_line()
            blit_text(surface, words, keys_size, (200, 180, 150),
                      topleft=(self.grid()[1], h - int(keys_size * 2)))
        for i, words in enumerate(lines):
            middle = self.message_line()[0] + i * int(size * LINES_APART)
            blit_text(surface, words, size, self.message_colour(), center=(w // 2, middle),
                      bold=True, box=self.message_room(middle))

    def keys_line(self) -> tuple[str, int]:
        """The keys at the window's foot, and their size (one line, at any text size).
        On the last screen Esc closes the program, and says so."""
        w, h = self.app.screen.get_size()
        keys = tr("form.keys" if len(self.app.scenes) > 1 else "form.keys_last")
        return fit_line(keys, scaled(max(10, h // 54)), w - 2 * self.grid()[1],
                        max(10, h // 54))

    def shown_message(self) -> tuple[list[str], int]:
        """The message's lines as shown, and their size: one line, smaller down to its
        100% size; past that two lines at that size, the second where the keys are
        (they come back when it goes); past that, cut with "…". A refusal cut on one
        line at the least window lost its example or what to do ("…0〜65534の数を入力して…")."""
        h = self.app.screen.get_size()[1]
        middle, big = self.message_line()
        least = max(14, h // 42)
        line, size = fit_line(self.message, big, self.message_room().width, least, True)
        if line == self.message:
            return [line], size
        lower = self.message_room(middle + int(least * LINES_APART))
        return wrap_at_most(self.message, least, lower.width, 2, True), least

    def message_line(self) -> tuple[int, int]:
        """The middle of the line a message takes, just above the keys, and its size: a
        form keeps its last buttons above ``middle - size``."""
        h = self.app.screen.get_size()[1]
        foot = h - int(self.keys_line()[1] * 2)
        big = scaled(max(14, h // 42))
        return min(h - h // 20, foot - int(big * 0.8)), big

    def message_room(self, middle: int | None = None) -> pygame.Rect:
        """The line a message may fill (its first, or the one whose middle is
        ``middle``): centred, inside the margins and, on a screen with the cheese and
        mouse in its corner, short of them (a long refusal in Japanese at 150% ran
        under the mouse)."""
        w, h = self.app.screen.get_size()
        first, big = self.message_line()
        middle = first if middle is None else middle
        half = w // 2 - self.grid()[1]
        if self.decorated and middle + big > decor_top(h):
            half = min(half, decor_left(w, h) - big // 2 - w // 2)
        return pygame.Rect(w // 2 - half, middle - big, 2 * half, 2 * big)

    def wants_redraw(self) -> bool:
        """Input redraws at once; otherwise twice a second is enough for a text cursor.
        Headless, every frame is drawn: pygame_gui's widgets settle over the frames after
        a build without saying so, and what a headless screen measures is all of them."""
        self._since_draw += 1
        return (self._since_draw >= 10 or self._built is None
                or (self.app.headless and not self.app.paced))

    _since_draw = 0

    def resize(self, size: tuple[int, int]) -> None:
        self._built = None

    # -- widget helpers ----------------------------------------------------------------
    def _theme_class(self, compact: bool) -> pygame_gui.core.ObjectID | None:
        """The theme class of a widget whose words are at the 100% text size
        (``COMPACT``): one asked so, or every widget of a screen that has no room for
        larger ones (``form_compact``)."""
        return pygame_gui.core.ObjectID(class_id=COMPACT) if (
            compact or self.form_compact) else None

    def label(self, rect: pygame.Rect, words: str, compact: bool = False
              ) -> pygame_gui.elements.UILabel:
        return pygame_gui.elements.UILabel(rect, words, self.ui,
                                           object_id=self._theme_class(compact))

    def button(self, rect: pygame.Rect, words: str, compact: bool = False
               ) -> pygame_gui.elements.UIButton:
        """A button; ``compact``, its words at the 100% text size (a crowded form)."""
        return pygame_gui.elements.UIButton(rect, words, self.ui,
                                            object_id=self._theme_class(compact))

    def dropdown(self, rect: pygame.Rect, options: list[str], current: str,
                 compact: bool = False) -> pygame_gui.elements.UIDropDownMenu:
        choices: list[str | tuple[str, str]] = list(options)
        return pygame_gui.elements.UIDropDownMenu(choices, current, rect, self.ui,
                                                  object_id=self._theme_class(compact))

    def text_entry(self, rect: pygame.Rect, compact: bool = False, keep: str | None = None,
                   text: str = "") -> pygame_gui.elements.UITextEntryLine:
        """A text field holding ``text``; ``keep`` names one whose text outlives the
        screen being built again (a language, a window or text size, a list changing
        beside it), with the keyboard if it had it: built afresh, a field was empty
        mid-word."""
        field = pygame_gui.elements.UITextEntryLine(rect, self.ui,
                                                    object_id=self._theme_class(compact))
        if keep is not None:
            self._fields[keep] = field
            text = self._typed.get(keep, text)
        if text:
            field.set_text(text)
        return field

    def typed(self, keep: str) -> str | None:
        """The text of the field kept as ``keep``, as shown or as last built (None:
        never built)."""
        field = self._fields.get(keep)
        return field.get_text() if field is not None else self._typed.get(keep)

    def back_button(self, words: str | None = None, share: int = 6
                    ) -> pygame_gui.elements.UIButton:
        """The way back, bottom left, where every form keeps it."""
        w, h = self.app.screen.get_size()
        row, left, _ = self.grid()
        return self.button(pygame.Rect(left, h - int(row * 2.2), w // share, row),
                           words or tr("menu.back"))

    def widget_font(self) -> int:
        """The size of the widgets' words: the person's text size (or 100%, see
        ``form_compact``)."""
        return UI_FONT if self.form_compact else ui_font()

    def grid(self) -> tuple[int, int, int]:
        """Row height, left margin and column width for a simple form layout."""
        w, h = self.app.screen.get_size()
        return max(30, h // 18, int(self.widget_font() * 1.75)), w // 12, w // 3




# -- what a key does to a pygame_gui widget ---------------------------------------------------
Change = tuple[int | None, Any, dict[str, object]]
"""The event a change makes (None: nothing changed), its widget and its data."""


def _choose(widget: Any, step: int) -> Change:
    """Move to the next (or previous) entry of a drop-down or a list."""
    if isinstance(widget, pygame_gui.elements.UIDropDownMenu):
        options: list[tuple[str, str]] = [(o[0], o[1]) for o in widget.options_list]
        now = (widget.selected_option[0], widget.selected_option[1])
        option = options[(options.index(now) + step) % len(options)] if now in options \
            else options[0]
        # Show it at once: a screen that keeps its choices on itself needs no rebuild.
        widget.selected_option = option
        closed = widget.menu_states["closed"]
        closed.selected_option = option
        if widget.current_state is closed:
            closed.finish()
            closed.start()
        return (pygame_gui.UI_DROP_DOWN_MENU_CHANGED, widget,
                {"text": option[0], "selected_option_id": option[1]})
    items = [item["text"] for item in widget.item_list]
    if not items:
        return None, widget, {}
    now = widget.get_single_selection()
    index = (items.index(now) + step) % len(items) if now in items else 0
    return pygame_gui.UI_SELECTION_LIST_NEW_SELECTION, widget, {"text": items[index]}


def _slide(widget: Any, step: int) -> Change:
    low, high = widget.value_range
    value = max(low, min(high, widget.get_current_value() + step * (high - low) / 20))
    widget.set_current_value(value)
    return pygame_gui.UI_HORIZONTAL_SLIDER_MOVED, widget, {"value": value}


def _tick(widget: Any) -> None:
    widget.set_state(not widget.get_state())  # posts the box's own event
