"""The main menu: game, mode, table size, options (each with its description),
language; and the ways to the rules, the settings, and the LAN."""

from __future__ import annotations

import threading
import time
from typing import Any

import pygame
import pygame_gui

from client import i18n, settings
from client.app import UI_FONT, App, ui_font
from client.assets import font, shorten, wrap_at_most
from client.i18n import level_word, pick, tr
from client.kit.next_choice import CHOICES, choice_of, choice_words
from client.learn.words import has_lesson, learn_words
from client.scenes.menu_fields import choices_in_words, field_need, fits, shares
from client.scenes.ui import UIScene, decor_top
from core.errors import OptionError, RulesError
from core.registry import BOTS, GAMES, about, default_bot_level, get_game

DEFAULT_PORT = 47470
"""The port the README tells people to open (and the next one, for the key)."""
PORT, PASSWORD, SCREEN = "host:port", "host:password", "host:screen"
"""The host form's own fields among the table options (never a game's option)."""
PACE = "table:bot_seconds"
"""How long each bot waits before a move at a table with people (``net.config``'s
``bot_seconds``): a field of the form wherever people play with bots."""

GIVEN = 12
"""A refusal quotes at most this many characters of what was typed (the rest is in
the field, and a pasted paragraph would push the sentence off its line)."""

MODES = ("single", "watch", "host", "join", "moderate")
"""``moderate`` (the program calls the night for real cards) is Cheese Thief's only."""
WITH_BOTS = ("single", "watch", "host")
"""The ways to play whose empty seats bots take (the form offers their level)."""
LANG_NAMES = {"en": "English", "ja": "日本語"}

HELP_LINES = 3
"""An option's help wraps to at most this many lines under it."""


IDLE_WAIT_MS = 500
"""How long an untouched menu sleeps between turns (input ends the sleep at once); a
turn only looks whether a seat to rejoin turned up."""
CARET_WAIT_MS = 200
"""The sleep while a text field has the keyboard, short enough for its caret to blink:
pygame_gui turns it on the first turn 0.4 s after the last, so every 0.6 s here (a
desktop's caret blinks every 0.5 s); each blink is one frame drawn."""


class MenuScene(UIScene):
    input_wait_ms = IDLE_WAIT_MS

    def __init__(self, app: App, *, game_id: str | None = None, mode: str = "single",
                 players: int = 5, humans: int = 1) -> None:
        """``game_id``, ``mode``, ``players``, ``humans``: the form as a table started
        from the command line had it, for the menu a person reaches by leaving that
        table (after ``watch --game knights`` it offered Cheese Thief)."""
        super().__init__(app)
        first = "cheese_thief" if "cheese_thief" in GAMES else next(iter(GAMES))
        self.game_id: str = game_id if game_id is not None and game_id in GAMES else first
        self.mode = mode if mode in MODES else "single"
        game = self.game
        self.players = max(game.min_players, min(players, game.max_players))
        self.humans = max(1, min(humans, self.players))
        """Single screen: the people at this screen (the rest are bots)."""
        self.people_seats: int | None = None
        """Hosting: the seats for people, every seat until chosen. The host gives those
        nobody takes to bots in the lobby (*Give to a bot*); a table hosted with one seat
        for people had none a friend could take."""
        self.next_after: float | None = None
        """Hosting: the countdown to the next game every screen shows (None: none)."""
        self.option_text: dict[str, str] = {}
        self.level = ""
        """The bots' level for empty seats, one of the game's (``core.registry.BOTS``)."""
        self.take_kept()
        self.widgets: dict[str, Any] = {}
        self.option_widgets: dict[Any, str] = {}
        self.option_choices: dict[str, dict[str, str]] = {}
        """Per option with choices: each choice's words on its drop-down, to its value."""
        self.rejoin: dict[str, Any] | None = None
        """A seat this installation holds at a table that still answers."""

        self._probing = False
        self._next_probe = 0.0
        self._drawn: tuple[int, str, bool, tuple[int, ...]] | None = None
        aside = settings.set_aside()
        if aside is not None:  # (said once, by the first menu after the start)
            self.message = tr("menu.settings_unreadable", file=aside.name)

    # -- drawing only what changed ---------------------------------------------------------
    def look(self) -> tuple[int, str, bool, tuple[int, ...]]:
        """Everything on the menu that changes without input: a rebuild (a choice, a seat
        to rejoin, the language), the message line, a text field's caret, and which
        lists are open (a headless tour opens each without a click, and drew none)."""
        return self.builds, self.message, self.caret(), tuple(map(id, self.open_lists()))

    def wants_redraw(self) -> bool:
        """Only when the picture changed (input redraws by itself): an untouched menu
        draws nothing, so it costs next to nothing however long it stays open."""
        return self.look() != self._drawn

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        self._drawn = self.look()

    # -- a seat to go back to --------------------------------------------------------------
    def update(self, dt: float) -> None:
        super().update(dt)
        self.input_wait_ms = CARET_WAIT_MS if self.typing() else IDLE_WAIT_MS
        now = time.monotonic()
        # (not before the first frame is on the screen: the probe's thread would share
        # the interpreter with it)
        if not self._probing and self._drawn is not None and now >= self._next_probe:
            self._next_probe = now + 5.0
            self._probing = True
            threading.Thread(target=self._probe, name="rejoin", daemon=True).start()

    def _probe(self) -> None:
        """Offer Rejoin only for a table that still answers with the same key."""
        from client import identity

        found = None
        try:
            held = identity.held_seats()[:3]
            if held:  # the network stack only for a seat worth asking about
                from net.peer import probe
            for entry in held:
                try:
                    reply = probe(str(entry["address"]), 1.0)
                except Exception:  # noqa: BLE001 - gone, or never reachable from here
                    continue
                if reply.get("key") == entry.get("server_key"):
                    found = entry
                    break
        finally:
            if (found or {}).get("address") != (self.rejoin or {}).get("address"):
                self._built = None
            self.rejoin = found
            self._probing = False

    # -- choices -------------------------------------------------------------------------
    @property
    def game(self) -> Any:
        """The chosen game's ``About``: its rules are imported only to start a table."""
        return about(self.game_id)

    def take_kept(self) -> None:
        """The chosen game's options and bot level as the last table of it was started
        (the settings keep them between games and runs), or its defaults."""
        kept = self.app.settings.table_options.get(self.game_id, {})
        form = {k: v for k, v in self.option_text.items()
                if k in (PORT, PASSWORD, SCREEN, PACE)}
        self.option_text = {**{k: v for k, v in kept.items() if k != PASSWORD}, **form}
        level = self.app.settings.bot_levels.get(self.game_id, "")
        self.level = level if level in BOTS[self.game_id] else default_bot_level(self.game_id)

    def keep(self) -> None:
        """Remember the options and level of the table being started (never a
        password): the next table of this game offers them again."""
        self.app.settings.table_options[self.game_id] = {
            k: v for k, v in self.option_text.items() if k != PASSWORD}
        self.app.settings.bot_levels[self.game_id] = self.level
        settings.save(self.app.settings)

    def specs(self) -> list[dict[str, Any]]:
        """The game's options this way of playing reads: a moderator for real cards calls
        only the night's and the day's times (``client.night_script.MODERATED``)."""
        specs = [s.describe(self.players) for s in self.game.options if s.applies(self.players)]
        if self.mode == "moderate":
            from client.night_script import MODERATED

            return [spec for spec in specs if spec["name"] in MODERATED]
        return specs

    @property
    def port_text(self) -> str:
        """The host form's port, as typed (the README's port until changed)."""
        return self.option_text.get(PORT, str(DEFAULT_PORT))

    @port_text.setter
    def port_text(self, text: str) -> None:
        self.option_text[PORT] = text

    @property
    def password_text(self) -> str:
        return self.option_text.get(PASSWORD, "")

    def options(self) -> dict[str, object]:
        """The options as typed, checked by the game (raises OptionError with a sentence)."""
        names = {d["name"] for d in self.specs()}
        raw = {k: v for k, v in self.option_text.items() if k in names}
        return dict(get_game(self.game_id).check_options(self.players, raw))

    # -- widgets -------------------------------------------------------------------------
    _join_cut = False
    """Whether the join form's note on the host's options was cut short."""

    def whole(self) -> bool:
        """Every word whole (``UIScene.whole``), every widget inside the window and
        none over another (Start under the row of buttons), the join note not cut."""
        screen = self.app.screen.get_rect()
        rects = [w.rect for w in self.widgets.values()]
        fields = [w.rect for w in self.option_widgets]
        return (super().whole() and not self._join_cut
                and all(screen.contains(r) for r in [*rects, *fields])
                and not any(a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1:]))

    def build(self) -> None:
        w, h = self.app.screen.get_size()
        row, left, col = self.grid()
        size = self.widget_font()
        # wide enough for "Humans at this screen" beside 大どろぼうとズルい騎士 at 1024
        col = max(col, int(w * 0.38))
        self.widgets, self.option_widgets, self.option_choices = {}, {}, {}
        y = h // 6
        words_here = [tr(key) for key in ("menu.game", "menu.mode", "menu.players",
                                          "menu.humans", "menu.human_seats", "menu.bot_level",
                                          "menu.language")]
        widest = max(font(size).size(words)[0] for words in words_here) + 14
        # a small window still shows whole labels: the column widens for them, so the
        # drop-downs keep the width every game's name needs
        label_w = max(int(col * 0.44), widest)
        col = max(col, label_w + col - int(col * 0.44))
        modes = [m for m in MODES if m != "moderate" or self.game_id == "cheese_thief"]
        self.mode = self.mode if self.mode in modes else "single"
        titles = [pick(about(g).title) for g in GAMES]
        # the drop-downs as wide as their longest choice (a game's name, a way to play),
        # which large text makes wider than the usual column
        choices = [*titles, *(tr(f"mode.{m}") for m in modes)]
        col = max(col, label_w + 10 + max(font(size).size(c)[0] for c in choices)
                  + size * 2)
        # large text in a small window: the margins and the gap between the two columns
        # give up room for the options' titles and fields beside the form
        gap = w // 16
        spare = w - col - self.options_need()
        if spare < 2 * left + gap:
            gap = max(12, spare // 3)
            left = max(8, (spare - gap) // 2)
        # the fields close up where spaced rows would push Start, or the Rejoin and
        # Resume buttons under it, onto *Learn to play*
        count = 3 + (self.mode != "join") + (self.mode in ("single", "host")) + (
            self.mode == "host") + (self.mode in WITH_BOTS)
        mine = resumable()
        below = row * 2 * ((self.rejoin is not None) + (mine is not None))
        below = below + row if below else int(row * 1.6)  # (Start's own height)
        room = h - int(row * 2.6) - row * 7 // 4 - y - row // 2 - below
        step = next((step for step in (row + row // 3, row + row // 8) if count * step <= room),
                    row + 2)

        def field(key: str, words: str, options: list[str], current: str) -> None:
            nonlocal y
            self.label(pygame.Rect(left, y, label_w, row), words)
            self.widgets[key] = self.dropdown(
                pygame.Rect(left + label_w + 10, y, col - label_w, row), options, current
            )
            y += step

        field("game", tr("menu.game"), titles, pick(self.game.title))
        field("mode", tr("menu.mode"), [tr(f"mode.{m}") for m in modes], tr(f"mode.{self.mode}"))
        sizes = [str(n) for n in range(self.game.min_players, self.game.max_players + 1)]
        if self.mode != "join":  # (a guest sits at the host's table, as the host set it)
            field("players", tr("menu.players"), sizes, str(self.players))
        if self.mode in ("single", "host"):
            humans = [str(n) for n in range(1, self.players + 1)]
            self.humans = min(self.humans, self.players)
            words = tr("menu.humans") if self.mode == "single" else tr("menu.human_seats")
            field("humans", words, humans,
                  str(self.humans if self.mode == "single" else self.people()))
        if self.mode == "host":
            field("next_game", tr("menu.next_game"), [choice_words(c) for c in CHOICES],
                  choice_words(self.next_after))
        if self.mode in WITH_BOTS:
            field("level", tr("menu.bot_level"), [level_word(v) for v in BOTS[self.game_id]],
                  level_word(self.level))
        field("language", tr("menu.language"), list(LANG_NAMES.values()),
              LANG_NAMES[i18n.language()])
        self.widgets["start"] = self.button(pygame.Rect(left, y + row // 2, col, int(row * 1.6)),
                                            tr("menu.start"))
        if self.rejoin is not None:
            held = str(self.rejoin.get("game"))
            game = about(held) if held in GAMES else None
            words = shorten(tr("menu.rejoin", game=pick(game.title) if game else "?",
                               address=self.rejoin["address"]), size, col - 48)
            self.widgets["rejoin"] = self.button(
                pygame.Rect(left, y + row * 2 + row // 2, col, row), words)
        if mine is not None:  # the table this window hosted, after a crash or a close
            game = about(str(mine["game"])) if mine.get("game") in GAMES else None
            words = shorten(tr("menu.resume", game=pick(game.title) if game else "?",
                               n=mine.get("players", "?"), when=hosting_when(mine)),
                            size, col - 48)
            at = y + row * (4 if self.rejoin is not None else 2) + row // 2
            self.widgets["resume"] = self.button(pygame.Rect(left, at, col, row), words)
        bottom = h - int(row * 2.6)
        keys: tuple[str, ...] = ("rules", "replays", "settings", "quit")
        if has_lesson(self.game_id):  # a guided first game of the game chosen above
            learn = pygame.Rect(left, bottom - row - row // 2, col, row)
            crowded = ("rules", "learn", "replays", "settings", "quit")
            if not any(learn.colliderect(w.rect) for w in self.widgets.values()):
                self.widgets["learn"] = self.button(learn, learn_words())
            elif fits([learn_words() if k == "learn" else tr(f"menu.{k}") for k in crowded],
                      col, 4, size):
                keys = crowded  # a crowded menu: in the row at the bottom
            else:  # and large text too: beside Start, which gives up the room it needs
                start = self.widgets["start"]
                need = font(size).size(learn_words())[0] + size * 2
                start.kill()
                self.widgets["start"] = self.button(
                    pygame.Rect(start.rect.x, start.rect.y, col - need - 6, start.rect.height),
                    tr("menu.start"))
                self.widgets["learn"] = self.button(
                    pygame.Rect(left + col - need, start.rect.y, need, start.rect.height),
                    learn_words())
        labels = [learn_words() if key == "learn" else tr(f"menu.{key}") for key in keys]
        x = left
        for key, label, width in zip(keys, labels, shares(labels, col, 4, size), strict=True):
            self.widgets[key] = self.button(pygame.Rect(x, bottom, width, row), label)
            x += width + 4
        self.build_options(left + col + gap, h // 6, w - (left + col + gap) - left, row)

    def form_specs(self) -> list[dict[str, Any]]:
        """The options beside the form: the game's, then the bots' pace and the host's
        own fields where the way to play has them."""
        if self.mode == "join":
            return []
        return (self.specs() + (pace_specs() if self.mode in ("single", "host") else [])
                + (host_specs() if self.mode == "host" else []))

    def options_need(self) -> int:
        """How wide the options want to be: the longest title beside the widest field."""
        lang, size = i18n.language(), self.widget_font()
        specs = self.form_specs()
        titles = max([font(size).size(spec["title"][lang])[0] + 14 for spec in specs],
                     default=0)
        return titles + max([font(size).size("0000")[0] + size * 2,
                             *(field_need(spec, size) for spec in specs)])

    def build_options(self, x: int, y: int, width: int, row: int) -> None:
        size = self.widget_font()
        self._join_cut = False
        self.label(pygame.Rect(x, y, width, row), tr("menu.options"))
        y += row
        if self.mode == "join":  # the host's options hold at its table, not these
            lines = wrap_at_most(tr("menu.join_options"), size, width - 12, 8)
            self._join_cut = lines[-1].endswith("…")
            for line in lines:
                self.label(pygame.Rect(x, y, width, row), line)
                y += row
            return
        lang = i18n.language()
        specs = self.form_specs()
        # Rows shrink (down to what a line of the font needs) so every option fits the
        # window, and where even that is too tall (the host form in a small window) each
        # help keeps fewer lines, then none: every field stays on screen. The backdrop's
        # cheese gives way if they still reach its corner.
        h = self.app.screen.get_size()[1]
        least = int(size * 1.6)
        foot = h // 20 + h // 42  # (the message line stays clear of the options)
        room = h - foot - y - 6 * len(specs)
        helps: list[list[str]] = []
        # (the form's own fields, the bots' pace and the host's port and password, give
        # up their help first: a game's options are the ones a newcomer reads)
        tries = [(most, own) for most in range(HELP_LINES, -1, -1) for own in (most, 0)]
        for most, own in tries:
            helps = [wrap_at_most(spec["help"][lang], size, width - 12, lines) if lines
                     else [] for spec in specs
                     for lines in [own if spec["name"] in (PACE, PORT, PASSWORD) else most]]
            if sum(1 + len(lines) for lines in helps) * least <= room:
                break
        # then a help cut short takes back the lines it needs where they still fit (at
        # 1280x720 the host form cut the one of Table screen, with room to spare)
        for i, spec in enumerate(specs):
            whole = wrap_at_most(spec["help"][lang], size, width - 12, HELP_LINES)
            more = len(whole) - len(helps[i])
            if helps[i] and more > 0 and (
                    sum(1 + len(lines) for lines in helps) + more) * least <= room:
                helps[i] = whole
        units = sum(1 + len(lines) for lines in helps) or 1
        # where even rows a line tall and no help leave fields below the window (the host
        # form of a game with many options at 150% in 1024x600), the column's words are
        # at 100% (``COMPACT``) and its rows as small as that allows
        compact = self.form_compact or y + units * least + 6 * len(specs) > h
        measure = UI_FONT if compact else ui_font()
        least = int(measure * 1.6)
        small = max(least, min(max(20, int(row * 0.8)), (h - foot - y - 6 * len(specs)) // units))
        gap = 6 if small < row * 0.8 else 8
        # the titles' column as wide as the longest title and the fields as their longest
        # choice (large text); where the two need more than the column, they reach into
        # the window's right margin
        titles_w = max([font(measure).size(spec["title"][lang])[0] + 14 for spec in specs],
                       default=0)
        label_w = max(width // 2, titles_w)
        field_w = max([min(width // 3, font(measure).size("0000")[0] + measure * 4),
                       *(field_need(spec, measure) for spec in specs)])
        label_w = min(label_w, self.app.screen.get_size()[0] - width // 16 - x - field_w)
        for spec, lines in zip(specs, helps, strict=True):
            name = spec["name"]
            current = self.option_text.get(name, _show(spec["default"]))
            # a title longer than the column takes what its own field leaves (a number's
            # field needs less than the game mode's): the fields' right edges stay in line
            fw = field_w
            if font(measure).size(spec["title"][lang])[0] + 14 > label_w:
                fw = max(field_need(spec, measure), font(measure).size("0000")[0] + measure * 2)
            self.label(pygame.Rect(x, y, label_w + field_w - fw, small), spec["title"][lang],
                       compact)
            rect = pygame.Rect(x + label_w + field_w - fw, y, fw, small)
            if isinstance(spec["default"], bool):
                widget: Any = self.dropdown(rect, [tr("opt.on"), tr("opt.off")],
                                            tr("opt.on") if current == "true" else tr("opt.off"),
                                            compact)
            elif spec["choices"]:
                words = choices_in_words(spec)
                self.option_choices[name] = words
                shown = next((w for w, value in words.items() if value == current), current)
                widget = self.dropdown(rect, list(words), shown, compact)
            else:
                widget = self.text_entry(rect, compact)
                widget.set_text(current)
            self.option_widgets[widget] = name
            y += small
            for line in lines:
                self.label(pygame.Rect(x, y, width, small), line)
                y += small
            y += gap
        self.decorated = y <= decor_top(h)

    # -- events --------------------------------------------------------------------------
    def on_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            self.dropdown_changed(event.ui_element, event.text)
        elif event.type in (pygame_gui.UI_TEXT_ENTRY_CHANGED, pygame_gui.UI_TEXT_ENTRY_FINISHED):
            name = self.option_widgets.get(event.ui_element)
            if name:
                self.option_text[name] = event.ui_element.get_text().strip()
        elif event.type == pygame_gui.UI_BUTTON_PRESSED:
            self.pressed(event.ui_element)

    def dropdown_changed(self, widget: Any, text: str) -> None:
        name = self.option_widgets.get(widget)
        if name is not None:
            if name in self.option_choices:  # the words shown, back to the value kept
                self.option_text[name] = self.option_choices[name].get(text, text)
            else:
                self.option_text[name] = ("true" if text == tr("opt.on") else
                                          "false" if text == tr("opt.off") else text)
            return
        key = next((k for k, v in self.widgets.items() if v is widget), None)
        if key == "game":
            self.game_id = next(g for g in GAMES if pick(about(g).title) == text)
            self.players = max(self.game.min_players, min(self.players, self.game.max_players))
            self.take_kept()
        elif key == "mode":
            self.mode = next(m for m in MODES if tr(f"mode.{m}") == text)
        elif key == "players":
            self.players = int(text)
        elif key == "humans" and self.mode == "host":
            self.people_seats = int(text)
        elif key == "humans":
            self.humans = int(text)
        elif key == "next_game":
            self.next_after = choice_of(text)
        elif key == "level":
            self.level = next(v for v in BOTS[self.game_id] if level_word(v) == text)
        elif key == "language":
            lang = next(k for k, v in LANG_NAMES.items() if v == text)
            self.app.set_language(lang)
            settings.save(self.app.settings)
        self._built = None

    def pressed(self, widget: Any) -> None:
        key = next((k for k, v in self.widgets.items() if v is widget), None)
        if key == "quit":
            self.app.running = False
        elif key == "rules":
            from client.scenes.rules import RulesScene

            self.app.push(RulesScene(self.app, self.game_id))
        elif key == "settings":
            from client.scenes.settings_scene import SettingsScene

            self.app.push(SettingsScene(self.app))
        elif key == "replays":
            from client.scenes.replays import ReplaysScene

            self.app.push(ReplaysScene(self.app))
        elif key == "start":
            self.start()
        elif key == "rejoin" and self.rejoin is not None:
            from client.scenes.connect import ConnectScene

            self.app.push(ConnectScene(self.app, str(self.rejoin["address"])))
        elif key == "resume":
            self.resume()
        elif key == "learn":
            from client.learn.start import lesson_scene

            self.app.push(lesson_scene(self.app, self.game_id))

    def start(self) -> None:
        try:  # (a guest takes the host's table as it is: nothing here to check)
            options = self.options() if self.mode != "join" else {}
            pace = self.pace() if self.mode in ("single", "host") else None
        except RulesError as exc:
            self.message = self.refused(exc)
            return
        self.message = ""
        self.keep()
        level = self.level
        if self.mode == "moderate":
            from client.scenes.moderator import for_options

            self.app.push(for_options(self.app, self.players, options))
        elif self.mode in ("single", "watch"):
            import secrets

            from client.scenes.people import with_people
            from client.tables import local_scene

            humans = self.humans if self.mode == "single" else 0
            speed = self.app.settings.watch_speed if self.mode == "watch" else 1.0
            seed = secrets.randbelow(1_000_000)
            self.app.push(with_people(self.app, humans, lambda people: local_scene(
                self.app, self.game_id, self.players, options, seed, humans, level,
                speed=speed, people=people, bot_delay=pace)))
        else:
            from client.scenes.connect import with_name
            from client.scenes.lobby import JoinScene

            make = (lambda: self.host(options, level, pace)) if self.mode == "host" else (
                lambda: JoinScene(self.app))
            scene = with_name(self.app, make)
            if scene is not None:
                self.app.push(scene)

    def refused(self, exc: RulesError) -> str:
        """A refused option in the reader's language, named by its field's title as the
        form shows it ("Night hour (s)", not ``hour_seconds``); the game's own sentence
        only where no field of the form is named."""
        option = exc.option if isinstance(exc, OptionError) else ""
        fields = [*self.specs(), *pace_specs()]
        # (the form's own fields carry a prefix: table:bot_seconds is bot_seconds)
        field = next((f for f in fields if option and f["name"].split(":")[-1] == option),
                     None)
        if field is None or not isinstance(exc, OptionError):
            return tr("bad_option", message=exc.message)
        bound = "" if exc.bound is None else f"{exc.bound:g}"
        given = "" if exc.given is None else str(exc.given).strip()
        given = given if len(given) <= GIVEN else given[:GIVEN - 1] + "…"
        return tr("bad_field" if given else "bad_field_empty",
                  field=field["title"][i18n.language()], given=given,
                  wanted=tr(f"wanted.{exc.wanted}", bound=bound))

    def pace(self) -> float:
        """The form's bots' pace, checked (raises OptionError with a sentence)."""
        from net.config import PEOPLE_PACE, TABLE_OPTIONS

        spec = next(s for s in TABLE_OPTIONS if s.name == "bot_seconds")
        return float(spec.parse(self.option_text.get(PACE, str(PEOPLE_PACE))))

    def people(self) -> int:
        """Hosting: the seats for people, at most the table's."""
        return int(min(self.players, self.people_seats or self.players))

    def host(self, options: dict[str, object], level: str, pace: float | None = None) -> Any:
        """The hosting lobby, or None (and the reason on the menu) when it cannot start."""
        from client.replays import replay_dir
        from client.scenes.lobby import host_lobby

        port = self.port_text or str(DEFAULT_PORT)
        if not port.isdigit() or not 0 <= int(port) <= 65534:
            self.message = tr("host.bad_port", port=port)
            return None
        try:  # its log goes where Replays looks
            return host_lobby(self.app, self.game_id, self.players, options,
                              self.players - self.people(), level, log_dir=replay_dir(),
                              port=int(port), password=self.password_text or None,
                              next_after=self.next_after, bot_delay=pace,
                              screen=self.option_text.get(SCREEN) == "true")
        except Exception as exc:  # noqa: BLE001 - shown in words, never a crash
            self.message = not_hosted(exc, int(port))
            return None

    def resume(self) -> None:
        """*Resume your table*: the table this window hosted, back on its port (the
        seat's name is the table's: none is asked)."""
        from client.scenes.lobby import resume_lobby

        record = resumable()
        if record is None:
            self._built = None
            return
        try:
            scene = resume_lobby(self.app, record)
        except Exception as exc:  # noqa: BLE001 - shown in words, never a crash
            self.message = not_hosted(exc, record.get("port"))
            return
        self.message = ""
        self.app.push(scene)










def host_specs() -> list[dict[str, Any]]:
    """The host form's port and password, shown with the table options."""
    return [
        {"name": PORT, "default": str(DEFAULT_PORT), "choices": [],
         "title": both(tr("menu.port")), "help": both(tr("menu.port_help"))},
        {"name": PASSWORD, "default": "", "choices": [],
         "title": both(tr("menu.password")), "help": both(tr("menu.password_help"))},
        {"name": SCREEN, "default": False, "choices": [],
         "title": both(tr("menu.screen")), "help": both(tr("menu.screen_help"))},
    ]


def pace_specs() -> list[dict[str, Any]]:
    """The bots' pace, shown with the table options where people play with bots."""
    from net.config import PEOPLE_PACE

    return [{"name": PACE, "default": PEOPLE_PACE, "choices": [],
             "title": both(tr("menu.bot_pace")), "help": both(tr("menu.bot_pace_help"))}]


def both(words: str) -> dict[str, str]:
    """A text already in the reader's language, for either language's slot."""
    return {"en": words, "ja": words}


def resumable() -> dict[str, Any] | None:
    """The table this installation hosted and may resume, unless it runs right now."""
    from client import hosting

    record = hosting.last()
    return None if record is None or record["log"] in hosting.running else record


def hosting_when(record: dict[str, Any]) -> str:
    from client import hosting

    return hosting.when(record)


def not_hosted(exc: Exception, port: int | None) -> str:
    """Why a table could not start, in one sentence (a port in use is said as such)."""
    if getattr(exc, "code", None) == "port_busy":
        return tr("host.port_busy", port=port if port else "?")
    return str(getattr(exc, "message", exc))


def back_to_menu(app: App, message: str = "") -> None:
    """Take scenes off until the main menu is on top, and show ``message`` there. A
    window opened without a menu (a headless ``join``) closes instead."""
    if not any(isinstance(scene, MenuScene) for scene in app.scenes):
        app.running = False  # the last frame (a result, a refusal) stays for --screenshot
        return
    while app.scenes and not isinstance(app.scene, MenuScene):
        app.pop()
    if isinstance(app.scene, MenuScene):
        app.scene.message = message
        app.scene._built = None


def _show(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return f"{value:g}" if isinstance(value, float) else str(value)
