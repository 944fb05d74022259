"""What every table scene shares: the session clock, the privacy screen, watch
controls, refusals shown in words, and the way back to the menu.

A game's own scene only draws its table and turns clicks into legal actions.

A scene draws for one pair of eyes at a time. At a shared screen the eyes change at
every handover, and anything a scene kept (a cached log image, a selection, a built
question, an animation) would carry one person's secrets to the next. So when the eyes
change the scene starts afresh, as if just built, and catches up from the new viewer's
own log: no per-viewer cache needs to remember whose it is, including caches a scene
adds later.
"""

from __future__ import annotations

import importlib
import math
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar

import pygame

from client import i18n
from client.app import App, Scene
from client.feed import Feed
from client.i18n import tr
from client.kit import curtain, ink, next_game, resume_wait
from client.kit.focus import FocusRing, Target, unique
from client.kit.reveal import Reveal, Story
from client.kit.standin import Summary, TakeBack, label, standing_in
from client.kit.steady import Steady
from client.kit.widgets import (
    ACCENT,
    BAD,
    DARK,
    INK,
    Button,
    blit_text,
    panel,
    row_of_buttons,
)
from client.session import PUBLIC, Session

if TYPE_CHECKING:
    from client.kit.beliefs import BeliefGrid

SPEEDS = (0.25, 0.5, 1.0, 2.0, 4.0, 8.0, 16.0)

LOG_KEYS = {pygame.K_PAGEUP: 3, pygame.K_PAGEDOWN: -3}
"""Keys that scroll a table's log, as this many wheel notches (up is positive)."""
SETTLED = 3600.0
"""Seconds of a scene's own clock after which every animation is over."""

Eyes = tuple[int, int | None, int | None]
"""Who looks: the shown seat (or PUBLIC), a seat waiting behind the privacy screen, and
a seat choosing on a ballot (``client.ballot``)."""


class TableScene(Scene):
    TABLE_WIDE: ClassVar[tuple[str, ...]] = ()
    """Attributes that hold only what the whole table hears (a narrator fed public
    events), kept when the eyes change; everything else starts afresh."""
    belief_grid: ClassVar[BeliefGrid | None] = None
    """How this game's bot beliefs read in the beliefs grid (key B); None: not at all."""

    def __init__(
        self,
        app: App,
        session: Session,
        *,
        restart: Callable[[], Scene] | None = None,
    ) -> None:
        super().__init__(app)
        self.session = session
        self.restart = restart
        self.buttons: list[Button] = []
        self.mouse = (0, 0)
        """Where hovering is drawn: the pointer, or the keyboard's focus."""
        self.pointer = (0, 0)
        """Where the mouse really is."""
        self.time = 0.0
        self._last_error: str | None = None
        self._eyes: Eyes | None = None
        """The eyes this scene has drawn for; None until it has caught up."""
        self.catching_up = False
        """True while old news is read again: nothing should start as if it were new."""
        self.confirm: str | None = None
        """"leave" or "quit" while the window asks whether the person really means it."""
        self.confirm_buttons: list[Button] = []
        self.reveal = Reveal()
        """The end-of-game sheet: open once the game's story has arrived."""
        self.ring = FocusRing()
        """The keyboard's focus over the seats, cards, tiles and buttons on screen."""
        self.steady = Steady()
        """Where each button has stood since when: one that took another's place takes
        no press until it has stood still a moment."""
        self.stand_in = Summary()
        """What a stand-in bot did in this person's seat, told once they are back."""

    # -- one pair of eyes at a time --------------------------------------------------------
    def eyes(self) -> Eyes:
        return self.session.shown, self.session.privacy_for, self.session.ballot

    def follow_eyes(self) -> None:
        """Start afresh when someone else looks at the screen (see the module's note)."""
        eyes = self.eyes()
        if eyes == self._eyes:
            return
        if self._eyes is not None:
            self._start_afresh()
            if self.session.ballot is not None:
                self._pointer_aside()
        self._eyes = eyes
        self._catch_up()

    def _pointer_aside(self) -> None:
        """A new ballot moves the pointer off the table: where the last voter left it
        (over the mouse they voted for, its hover drawn) would tell the next voter."""
        w, _ = self.app.screen.get_size()
        self.mouse = self.pointer = (w // 2, 2)
        if not self.app.headless and pygame.mouse.get_focused():
            pygame.mouse.set_pos(self.pointer)

    def _start_afresh(self, keep_table_wide: bool = True) -> None:
        """Become the scene a fresh build would be: every attribute, whatever set it, goes.
        Only the physical pointer stays, since it is where the mouse really is (and what
        the whole table heard, unless the table itself went back in time: a replay)."""
        app, session, restart, pointer = self.app, self.session, self.restart, self.pointer
        names = self.TABLE_WIDE if keep_table_wide else ()
        table_wide = {name: getattr(self, name) for name in names}
        keyboard = self.ring.awake  # a keyboard player stays one; what they focused goes
        self.__dict__.clear()
        type(self).__init__(self, app, session, restart=restart)
        # Where the keyboard's focus put the pointer was the last person's: not kept.
        self.mouse = self.pointer = pointer
        self.ring.awake = keyboard
        self.__dict__.update(table_wide)

    def _catch_up(self) -> None:
        """Read what the viewer was told before these eyes arrived, quietly, so that
        knowledge built from events (a steal's reveal, a round's record) is there, and
        nothing from before plays as if it were news."""
        session = self.session
        public = session.feeds.get(None)
        shown = session.feed
        if session.privacy_for is not None or not (shown.log or (public and public.log)):
            return  # nothing to read: a scene that starts with its table keeps its clock
        self.catching_up = True
        try:
            with self.app.audio.hushed():
                if public is not None and public.log:
                    self.on_events(list(public.log), public=True)
                own = shown.log if public is None or shown.log is not public.log else []
                if shown is not public and own:  # (a ballot's log is the spectator's)
                    self.on_events(list(own), public=False)
        finally:
            self.catching_up = False
        self.settle()

    def settle(self) -> None:
        """Finish every animation and drop overlays about the past. Scenes whose shows
        end other than by the clock extend this."""
        self.time += SETTLED

    # -- helpers for subclasses ------------------------------------------------------
    @property
    def feed(self) -> Feed:
        return self.session.feed

    @property
    def watching(self) -> bool:
        return not self.session.humans

    def name(self, seat: int) -> str:
        """A seat's name, said to be a stand-in's while a bot plays it for its person."""
        name = self.plain_name(seat)
        return label(name) if seat in standing_in(self.feed.roster) else name

    def plain_name(self, seat: int) -> str:
        names = self.session.names
        return names[seat] if 0 <= seat < len(names) else tr("seat", n=seat + 1)

    def event_words(self, event: dict[str, Any]) -> str | None:
        """One event as its log line says it (each game's scene says how)."""
        return None

    def take_backs(self) -> list[TakeBack]:
        """Choices of this seat still open that may be taken back (a game's scene says
        which): offered to a person whose stand-in made them."""
        return []

    def draw_stand_in(self, surface: pygame.Surface) -> None:
        """What the stand-in did in this seat, once its person is back at it."""
        me = self.shown_seat
        news = self.stand_in.news(self.feed.log, me, self.feed.roster)
        if news and self.session.privacy_for is None:
            wait = next_game.wait_of(self.session)
            below = 0 if wait is None else next_game.strip_height(
                surface, next_game.buttons(wait, self.session))
            self.buttons += self.stand_in.draw(surface, news, self.event_words,
                                               self.take_backs(), self.send, below)

    def away(self) -> set[int]:
        """Seats whose person has dropped off a LAN table (a bot may stand in)."""
        roster = self.feed.roster
        if not roster:
            return set()
        return {int(s["seat"]) for s in roster.get("seats", [])
                if s.get("kind") == "human" and s.get("claimed") and not s.get("connected")}

    def private_sound(self, name: str) -> None:
        """A sound about one person's secret (waking, the theft) — never at a shared
        screen, where the whole room would hear it."""
        if not self.session.hot_seat:
            self.app.audio.play(name)

    def send(self, action: dict[str, Any]) -> None:
        self.app.audio.play("click")
        self.feed.send(action)

    def leave(self) -> None:
        if self.session.on_close is not None:
            self.session.on_close()
            self.session.on_close = None

    # -- the frame -------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.follow_eyes()
        self.time += dt
        self.session.advance(dt)
        if self.session.host is not None:
            self.session.host.check()
        public = self.session.feeds.get(None)
        shown = self.session.feed
        if public is not None and public.fresh:
            self.on_events(public.fresh, public=True)
        if shown is not public and shown.fresh:
            self.on_events(shown.fresh, public=False)
        self._follow_story()
        error = shown.latest_error(self.session.clock)
        if error and error != self._last_error:
            self.app.audio.play("error")
        self._last_error = error

    # -- the end-of-game story -------------------------------------------------------------
    def story(self) -> dict[str, Any] | None:
        """The finished game's story event, once the game on screen is over (at a LAN
        table the log runs on into the next game, whose own end brings its own story)."""
        feed = self.feed
        if (feed.view or {}).get("result") is None:
            return None
        public = self.session.feeds.get(None)
        for log in (feed.log, public.log if public is not None else []):
            for event in reversed(log):
                if event.get("type") == "story":
                    return dict(event)
        return None

    NEXT_GAME = 8.0
    """Seconds a watched session shows a story before dealing its next game."""

    def _follow_story(self) -> None:
        over = self.story() is not None
        if over and self.reveal.ended_at is None:
            self.reveal.ended_at = self.time
        elif not over and self.reveal.ended_at is not None:
            self.reveal = Reveal()  # a new game began at the same table
        ended = self.reveal.ended_at
        if (over and ended is not None and self.watching and self.session.more_games
                and self.restart is not None and not self.session.paused
                and self.time - ended > self.reveal.DELAY + self.NEXT_GAME
                / max(1.0, self.session.speed) ** 0.5):
            self.app.replace(self.restart())

    def story_words(self, story: dict[str, Any]) -> Story:
        """The story in the reader's language: each game's scene package tells its own
        (``client/scenes/<game>/story.py``); a game without one names the winners."""
        from client.kit.reveal import winners_title

        game = str(story.get("game", ""))
        if game.isidentifier():
            try:
                module = importlib.import_module(f"client.scenes.{game}.story")
            except ModuleNotFoundError:
                pass
            else:
                told: Story = module.story_words(story, self.name)
                return told
        return Story(winners_title(story, self.name), [])

    def wants_redraw(self) -> bool:
        """Redraw when news arrived, a second ticked off the clock, or something moves."""
        session = self.session
        feed = session.feed
        left = feed.remaining(session.clock)
        wait = next_game.wait_of(session)  # its countdown ticks, and people continue
        signature = (
            id(feed.roster), None if wait is None or wait.countdown is None
            else int(wait.countdown),
            tuple(f.updates + len(f.errors) for f in session.feeds.values()),
            session.shown, session.privacy_for, session.paused, session.speed, session.show_all,
            None if left is None else int(left), feed.latest_error(session.clock) is not None,
            self.app.settings.language, self.host_gone(), session.curtain_ready(),
            session.steady(), resume_wait.waiting_words(feed, session.clock),
        )
        changed = signature != self._signature
        self._signature = signature
        return (changed or self.animating or session.show_all or self.confirm is not None
                or (self.reveal.ended_at is not None and self.time - self.reveal.ended_at
                    < self.reveal.DELAY + 1))

    _signature: tuple[Any, ...] = ()

    def on_events(self, events: list[dict[str, Any]], public: bool) -> None:
        """New log lines arrived (public: from the spectator's feed)."""

    # -- leaving on purpose ----------------------------------------------------------------
    def leave_words(self) -> str | None:
        """What leaving now would cost, in a sentence; None when it costs nothing."""
        session = self.session
        if session.role == "host":
            return None if session.closed else tr("leave.host")
        if self.host_gone():
            return None  # no host, so no stand-in: the seat waits for the table's return
        over = (self.feed.view or {}).get("result") is not None
        if over or session.closed or session.role == "spectator":
            return None
        if session.role == "guest":
            return tr("leave.guest")
        return tr("leave.local") if session.humans else None

    def host_gone(self) -> bool:
        """A LAN guest's host went quiet (``client.host_watch``)."""
        return bool(self.session.host is not None and self.session.host.gone)

    def ask_leave(self, quitting: bool = False) -> None:
        """Esc, Back to menu or (for a host) the window's close button: ask first when
        leaving costs something; otherwise go at once."""
        if self.leave_words() is None:
            self.really_leave(quitting)
        else:
            self.confirm = "quit" if quitting else "leave"
            self.ring.key = "button:leave"  # Enter confirms, as the highlight shows

    def really_leave(self, quitting: bool) -> None:
        self.confirm = None
        if quitting:
            self.app.running = False
        else:
            self.app.pop()

    def may_close(self) -> bool:
        # A guest's seat survives a closed window; a host's table would not.
        if self.confirm == "quit" or self.session.role != "host" or self.session.closed:
            return True
        self.confirm = "quit"
        return False

    def _handle_confirm(self, event: pygame.event.Event) -> None:
        quitting = self.confirm == "quit"
        if self.ring.handle(event, self.button_targets(self.confirm_buttons), digits=False):
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.confirm = None
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.really_leave(quitting)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for button in self.confirm_buttons:
                if button.rect.collidepoint(event.pos):
                    button.on_click()
                    return

    def draw_confirm(self, surface: pygame.Surface) -> None:
        words = self.leave_words() or ""
        w, h = surface.get_size()
        size = max(14, h // 36)
        shade = pygame.Surface((w, h), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 150))
        surface.blit(shade, (0, 0))
        from client.assets import text

        wide = text(words, size, INK, True).get_width() + size * 3
        box = pygame.Rect(0, 0, min(w - 20, max(size * 24, wide)), size * 9)
        box.center = (w // 2, h // 2)
        panel(surface, box, 255)
        blit_text(surface, words, size, INK, center=(box.centerx, box.top + size * 2),
                  bold=True)
        go = tr("leave.close") if self.session.role == "host" else tr("leave.yes")
        quitting = self.confirm == "quit"
        row = pygame.Rect(box.left, box.top + size * 4, box.width, size * 4)
        self.confirm_buttons = row_of_buttons(
            [("leave", go, lambda: self.really_leave(quitting)),
             ("stay", tr("leave.stay"), lambda: setattr(self, "confirm", None))], row, size)
        for button in self.confirm_buttons:
            button.draw(surface, self.mouse, size)

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEMOTION or (
                event.type == pygame.MOUSEBUTTONDOWN and event.button == 1):
            self.mouse = self.pointer = event.pos
        lifts = curtain.follow_hands(self.session, event, self.app.screen.get_size())
        if event.type == pygame.KEYUP:
            self.ring.handle(event, ())
            if not lifts:
                return
        if self.confirm is not None:
            self._handle_confirm(event)
            return
        if self.session.privacy_for is not None:
            if lifts:  # only a deliberate press on the curtain (see client.curtain)
                self.session.reveal()
                self.follow_eyes()
            elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
                self.ask_leave()
            elif event.type == pygame.KEYDOWN and event.key == pygame.K_l:
                self.app.set_language("ja" if i18n.language() == "en" else "en")
            return
        if lifts or self._too_soon(event):
            return
        sheet = self.reveal.showing(self.time)
        if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN) and not self.typing():
            play = not (sheet or self.watching)
            if self.ring.handle(event, self.focus_targets(sheet), arrows=play, digits=play):
                self.follow_eyes()
                self.point_at_focus()
                return
        if sheet and self.reveal.handle(event):
            return
        if event.type == pygame.KEYDOWN and self.handle_key(event):
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            track = getattr(self, "_replay_track", None)
            if self.session.replay is not None and track and track.inflate(0, 12).collidepoint(
                    event.pos):
                from client.kit import replay_bar

                replay_bar.click_track(self.session.replay, track, event.pos[0])
                return
            for button in list(self.buttons):
                if button.enabled and button.rect.collidepoint(event.pos):
                    self.press(button)
                    return
        if not sheet:
            self.handle_table(event)

    def _too_soon(self, event: pygame.event.Event) -> bool:
        """A press that would act on what has just come on screen after a handover: a
        click or a double-click's second half meant for the last screen, or a key of a
        storm (Enter, a number, even Tab: the new screen starts as a fresh one would).
        Only Esc, the way out, works at once."""
        if self.session.steady():
            return False
        if event.type == pygame.MOUSEBUTTONDOWN:
            return True
        return event.type == pygame.KEYDOWN and event.key != pygame.K_ESCAPE

    def press(self, button: Button) -> None:
        """What a click on a button does, whether the mouse or the keyboard made it."""
        if self.session.hot_seat and not self.steady.still(button, self.session.screen_time):
            return  # it took another control's place a moment ago: the click was not for it
        if button.key == "menu":  # every game's Back to menu
            self.ask_leave()
        else:
            button.on_click()
            self.follow_eyes()

    # -- the keyboard ----------------------------------------------------------------------
    def key_targets(self) -> list[Target]:
        """The table's own click targets (seats, cards, tiles), each doing what a click
        on it does; numbered where a number key should pick it. Scenes fill this in."""
        return []

    def button_targets(self, buttons: list[Button]) -> list[Target]:
        def pressing(button: Button) -> Callable[[], None]:
            return lambda: self.press(button)

        return [Target(b.rect, pressing(b), f"button:{b.key}") for b in buttons if b.enabled]

    def focus_targets(self, sheet: bool = False) -> list[Target]:
        """Everything the keyboard can reach now: the table's targets (not under the
        end-of-game sheet), then the buttons, as last drawn, then the text fields."""
        if sheet or self.session.privacy_for is not None:
            return unique(self.button_targets(self.buttons))
        return unique([*self.key_targets(), *self.button_targets(self.buttons),
                       *self.field_targets()])

    def field_targets(self) -> list[Target]:
        """The text fields (chat, notes), last in the ring: Enter there starts typing."""
        return []

    def point_at_focus(self) -> None:
        """The pointer follows the focus, so the hover highlights (and a tile being
        placed in a row) show where the keyboard is."""
        now = self.ring.current(self.focus_targets(self.reveal.showing(self.time)))
        if now is not None:
            self.mouse = now.rect.center

    def stop_typing(self) -> None:
        """Leave a text field (scenes with one say how)."""

    def handle_key(self, event: pygame.event.Event) -> bool:
        if event.key == pygame.K_ESCAPE:
            if self.typing():
                self.stop_typing()
            else:
                self.ask_leave()
            return True
        if event.key == pygame.K_m and not self.typing():
            self.app.audio.toggle_mute()
            self.app.settings.muted = self.app.audio.muted
            return True
        if event.key in (pygame.K_MINUS, pygame.K_EQUALS, pygame.K_PLUS) and not self.typing():
            step = -0.1 if event.key == pygame.K_MINUS else 0.1
            self.app.audio.set_volume(self.app.audio.volume + step)
            self.app.settings.volume = self.app.audio.volume
            self.app.audio.play("click")
            return True
        if event.key == pygame.K_l and not self.typing():
            self.app.set_language("ja" if i18n.language() == "en" else "en")
            return True
        if (event.key in LOG_KEYS and not self.typing()
                and (not self.watching or self.session.replay is None)):
            self.scroll_log(LOG_KEYS[event.key])  # (a replay's PgUp/PgDn seek instead)
            return True
        if self.watching and not self.typing():
            session = self.session
            if event.key == pygame.K_SPACE and session.replay is None:
                session.paused = not session.paused
                return True
            if event.key in (pygame.K_LEFT, pygame.K_RIGHT):
                self.change_speed(1 if event.key == pygame.K_RIGHT else -1)
                return True
            if event.key == pygame.K_o and session.omniscient is not None:
                session.show_all = not session.show_all and session.omniscient() is not None
                return True
            if event.key == pygame.K_b and session.bot_views is not None:
                session.show_beliefs = not session.show_beliefs
                return True
            if session.replay is not None:
                from client.kit import replay_bar

                if event.key == pygame.K_SPACE:
                    session.replay.toggle()
                    return True
                return replay_bar.handle_key(session.replay, event.key)
        return False

    def change_speed(self, step: int) -> None:
        session = self.session
        index = min(range(len(SPEEDS)), key=lambda i: abs(SPEEDS[i] - session.speed))
        session.speed = SPEEDS[max(0, min(len(SPEEDS) - 1, index + step))]

    def typing(self) -> bool:
        """True while a text field has the keyboard (subclasses with chat say so)."""
        return False

    def scroll_log(self, steps: int) -> None:
        """Scroll what the side shows (the log, or the rules sheet when it is open) by
        ``steps`` wheel notches, up when positive: the mouse wheel and PgUp/PgDn."""

    def handle_table(self, event: pygame.event.Event) -> None:
        """Input for the table itself."""

    def draw(self, surface: pygame.Surface) -> None:
        self.follow_eyes()
        if self.session.privacy_for is not None:
            self.draw_privacy(surface, self.session.privacy_for)
        else:
            self.buttons = []
            self.draw_table(surface)
            self.draw_story(surface)
            self.draw_stand_in(surface)
            self.draw_overlays(surface)
            self.steady.note(self.buttons, self.session.screen_time)
            if self.confirm is None:
                self.ring.draw(surface, self.focus_targets(self.reveal.showing(self.time)))
        if self.confirm is not None:
            self.draw_confirm(surface)
            self.ring.draw(surface, self.button_targets(self.confirm_buttons))

    def draw_table(self, surface: pygame.Surface) -> None:
        """The game's own drawing; also fills ``self.buttons``."""

    def draw_story(self, surface: pygame.Surface) -> None:
        """The end-of-game sheet over the table (its buttons replace the table's), or,
        once folded away, a button that brings it back."""
        story = self.story()
        if story is None or self.reveal.ended_at is None:
            return
        wait = next_game.wait_of(self.session)
        note = "" if wait is None else next_game.words(wait, self.name)
        if self.reveal.showing(self.time):
            more = [] if wait is None else next_game.buttons(wait, self.session, self.reveal.close)
            self.buttons = self.reveal.draw(surface, self.story_words(story),
                                            self.session.scoreboard, self.name, self.app.pop,
                                            note, more)
            return
        if wait is not None:
            self.buttons += next_game.draw_strip(surface, note,
                                                 next_game.buttons(wait, self.session))
        if not self.reveal.open:
            w, h = surface.get_size()
            size = max(12, h // 48)
            area = pygame.Rect(w - size * 10, h - size * 4, size * 9, size * 3)
            menu = next((b for b in self.buttons if b.key == "menu"), None)
            if menu is not None:  # in the row of the table's own way out, at its left
                row = [b.rect for b in self.buttons if b.rect.centery == menu.rect.centery]
                area = pygame.Rect(0, 0, size * 9, menu.rect.height)
                area.midright = (min(r.left for r in row) - size // 2, menu.rect.centery)
            self.buttons += row_of_buttons(
                [("story", tr("reveal.story"), lambda: setattr(self.reveal, "open", True))],
                area, size)

    def draw_privacy(self, surface: pygame.Surface, seat: int) -> None:
        """A screen that shows nothing of anyone: only whose turn it is to look, and how
        to lift the curtain (its button is for the eye; clicks on it are read in
        ``handle`` from the hands, never from this list)."""
        self.buttons = curtain.draw(surface, self.session, self.name(seat), self.mouse)

    def draw_overlays(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        size = max(12, h // 48)
        error = self.feed.latest_error(self.session.clock)
        if error:
            words = tr("error", message=error)
            rect = pygame.Rect(0, 0, min(w - 40, size * len(words)), size * 3)
            rect.midtop = (w // 2, size)
            panel(surface, rect, 230)
            blit_text(surface, words, size, BAD, center=rect.center, bold=True)
        resume_wait.draw(surface, self.feed, self.session.clock, size,
                         size * (5 if error else 1))
        if self.session.closed:
            words = tr("closed.games_done")
            rect = pygame.Rect(0, 0, min(w - 40, int(size * len(words) * 0.7)), size * 3)
            rect.midtop = (w // 2, size * (5 if error else 1))
            panel(surface, rect, 230)
            blit_text(surface, words, size, ACCENT, center=rect.center, bold=True)
        if self.host_gone():
            self.draw_host_gone(surface, size)
        session = self.session
        if beliefs_shown(session):
            from client.kit import beliefs

            beliefs.draw(surface, session, size)
        if session.replay is not None:
            from client.kit import replay_bar

            bar, self._replay_track = replay_bar.draw(surface, session.replay, size,
                                                      self.change_speed)
            self.buttons += bar
        mouse = self.mouse
        for button in self.buttons:
            button.draw(surface, mouse, size)
        if self.watching:
            words = tr("paused") if session.paused else tr("speed", x=f"{session.speed:g}")
            words += "   " + tr("watch.keys")
            if session.replay is not None:
                words += "   " + tr("replay.keys")
            if session.bot_views is not None:
                words += "   " + tr("beliefs.key")
        else:
            words = tr("play.keys")
        if self.app.audio.muted:
            words += "   " + tr("muted")
        blit_text(surface, words, max(10, size - 2), (200, 180, 150),
                  topleft=(size, h - int(size * 1.8)))

    def draw_host_gone(self, surface: pygame.Surface, size: int) -> None:
        """The host went quiet: the table dimmed, one sentence over it, and a way back to
        the menu (the seat's token stays, so the menu's Rejoin, or the table's return,
        seats the person again)."""
        w, h = surface.get_size()
        words = tr("host.quiet")
        big = size + size // 3
        from client.assets import text

        wide = text(words, big, INK, True).get_width() + big * 3
        box = pygame.Rect(0, 0, min(w - 20, wide), big * 6)
        box.center = (w // 2, h // 3)
        shade = pygame.Surface((w, h), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 110))  # the table is as the host left it: dimmed, on hold
        surface.blit(shade, (0, 0))
        ink.cover(surface, surface.get_rect())
        panel(surface, box, 240)
        blit_text(surface, words, big, BAD, center=(box.centerx, box.top + big * 3 // 2),
                  bold=True)
        row = pygame.Rect(box.left, box.top + big * 3, box.width, big * 2)
        self.buttons += row_of_buttons([("host_menu", tr("back_menu"), self.ask_leave)],
                                       row, size)

    @property
    def shown_seat(self) -> int | None:
        shown = self.session.shown
        return None if shown == PUBLIC else shown

    def draw_done_button(self, area: pygame.Rect, size: int) -> None:
        """At a shared screen, the person who is looking ends their private moment."""
        session = self.session
        if session.hot_seat and self.shown_seat is not None and not self.own_choices():
            left = math.ceil(session.look_left)
            if left > 0:  # every look lasts the table's minimum, whatever happens in it
                words = tr("act.done_in", words=self.done_words(), n=left)
                self.buttons += row_of_buttons([("done", words, None)], area, size)
                return
            self.buttons += row_of_buttons(
                [("done", self.done_words(), session.moment_done)], area, size
            )

    def own_choices(self) -> list[dict[str, Any]]:
        """The choices the person looking must make before passing the screen on."""
        return self.feed.legal

    def table_bottom(self, me: int | None) -> int | None:
        """The seat drawn at the bottom of the table. At a shared screen the table stays
        fixed for every person who looks (seat 1 at the bottom), so one place on the
        screen is always the same person across the room and nobody votes for the wrong
        mouse; at a person's own screen they sit at the bottom."""
        return None if self.session.hot_seat else me

    def done_words(self) -> str:
        """The words on the button that ends a person's look at the shared screen."""
        return tr("act.done_pass")

    def tint(self) -> tuple[int, int, int]:
        return DARK


def beliefs_shown(session: Session) -> bool:
    """Beliefs are drawn only where every seat's view may be shown: a watched table of
    bots, or a replay with everything shown, and then only while everything is shown."""
    return (session.show_beliefs and session.bot_views is not None and session.show_all
            and session.shown == PUBLIC and not session.humans)
