"""What every table scene shares: the session clock, the privacy screen, watch
controls, refusals shown in words, and the way back to the menu.

A game's own scene only draws its table and turns clicks into legal actions. The
shared parts are the kit's, each owned by the scene and called by it: one pair of eyes
at a time (``client.kit.eyes``: when the eyes change the scene starts afresh, as if
just built, and catches up from the new viewer's own log, so no per-viewer cache needs
to remember whose it is), the leave dialog (``client.kit.leave``), the keys
(``client.kit.hotkeys``), the overlays (``client.kit.overlays``), the end-of-game story
and next-game strip (``client.kit.story_sheet``), the shared screen's curtain and
*Done* (``client.kit.curtain``) and the stand-in's summary (``client.kit.standin``).
"""

from __future__ import annotations

import importlib
import math
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

import pygame

from client import i18n
from client.app import App, Scene
from client.feed import Feed
from client.i18n import tr
from client.kit import curtain, hotkeys, next_game, resume_wait
from client.kit.eyes import Eyes, catch_up, eyes_of, pointer_aside
from client.kit.focus import FocusRing, Target, unique
from client.kit.leave import LeaveDialog
from client.kit.overlays import Overlays
from client.kit.reveal import Reveal, Story
from client.kit.standin import Summary, TakeBack, label, standing_in
from client.kit.steady import Steady, too_soon
from client.kit.story_sheet import draw_story, story_of
from client.kit.timer import seconds_left
from client.kit.widgets import DARK, Button
from client.session import NOTICE_SECONDS, PUBLIC, Session
from core.shapes import StoryHeader, wire

if TYPE_CHECKING:
    from client.kit.beliefs import BeliefGrid

SETTLED = 3600.0
"""Seconds of a scene's own clock after which every animation is over."""


INPUT = (pygame.KEYDOWN, pygame.KEYUP, pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN,
         pygame.MOUSEBUTTONUP, pygame.MOUSEWHEEL)
"""The events of a person's hands (``TableScene.redraws_for``)."""


class TableScene(Scene):
    TABLE_WIDE: ClassVar[tuple[str, ...]] = ()
    """Attributes that hold only what the whole table hears (a narrator fed public
    events), kept when the eyes change; everything else starts afresh."""
    belief_grid: ClassVar[BeliefGrid[Any] | None] = None
    """How this game's bot beliefs read in the beliefs grid (key B); None: not at all."""
    _paused_by_me: bool = False
    """The scene holds a watched table itself (while a round's summary is read): not a
    pause a person asked for, so the table does not say Paused."""
    OWN_SUMMARY: ClassVar[bool] = False
    """The game draws its own game-over summary (with a Story button): the story sheet
    then opens only on that button, so the end is one summary, not a stack of them."""

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
        self.reveal = Reveal()
        """The end-of-game sheet: open once the game's story has arrived."""
        self.ring = FocusRing()
        """The keyboard's focus over the seats, cards, tiles and buttons on screen."""
        self.leaving = LeaveDialog(app, session, self.ring, self.host_gone,
                                   self.button_targets)
        """The question the window asks before leaving costs something."""
        self.overlays = Overlays(app, session)
        self.steady = Steady()
        """Where each button has stood since when: one that took another's place takes
        no press until it has stood still a moment."""
        self.stand_in = Summary()
        """What a stand-in bot did in this person's seat, told once they are back."""

    # -- one pair of eyes at a time (client.kit.eyes) ------------------------------------
    def eyes(self) -> Eyes:
        return eyes_of(self.session)

    def follow_eyes(self) -> None:
        """Start afresh when someone else looks at the screen (see ``client.kit.eyes``)."""
        now = self.eyes()
        if now == self._eyes:
            return
        if self._eyes is not None:
            self._start_afresh()
            if self.session.ballot is not None:
                self.mouse = self.pointer = pointer_aside(self.app)
        self._eyes = now
        self._catch_up()

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
        self.catching_up = True
        try:
            read = catch_up(self.app, self.session, self.on_events)
        finally:
            self.catching_up = False
        if read:
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

    def event_words(self, event: Mapping[str, object]) -> str | None:
        """One event as its log line says it (each game's scene says how)."""
        return None

    def take_backs(self) -> list[TakeBack]:
        """Choices of this seat still open that may be taken back (a game's scene says
        which): offered to a person whose stand-in made them."""
        return []

    def draw_stand_in(self, surface: pygame.Surface) -> None:
        """What the stand-in did in this seat, once its person is back at it."""
        self.buttons += self.stand_in.draw_for(surface, self.session, self.shown_seat,
                                               self.event_words, self.take_backs, self.send)

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

    def send(self, action: Mapping[str, object]) -> None:
        coach = self.session.coach  # a lesson holds back what its step does not ask for
        if coach is not None and not coach.allows(wire(action), self):
            return
        self.app.audio.play("click")
        self.feed.send(wire(action))

    def leave(self) -> None:
        if self.session.on_close is not None:
            self.session.on_close()
            self.session.on_close = None

    # -- the frame -------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.follow_eyes()
        self.time += dt
        # While the window asks whether to leave, a table whose clock it runs stands:
        # an Esc pressed by mistake, or a moment's thought, costs no one their turn. A
        # LAN table's time is its host's and runs on for everyone.
        asking = self.leaving.asking and self.session.own_clock
        self.session.advance(0.0 if asking else dt)
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
    def story(self) -> StoryHeader | None:
        """The finished game's story event (``client.kit.story_sheet.story_of``)."""
        return story_of(self.session)

    NEXT_GAME = 8.0
    """Seconds a watched session shows a story before dealing its next game."""

    def _follow_story(self) -> None:
        over = self.story() is not None
        if over and self.reveal.ended_at is None and self.finale_shown():
            # A game's own summary follows its finale at once; the sheet waits a moment.
            self.reveal.ended_at = self.time - (self.reveal.DELAY if self.OWN_SUMMARY else 0)
            self.reveal.open = not self.OWN_SUMMARY
        elif not over and self.reveal.ended_at is not None:
            self.reveal = Reveal()  # a new game began at the same table
        ended = self.reveal.ended_at
        if (over and ended is not None and self.watching and self.session.more_games
                and self.restart is not None and not self.session.paused
                and self.time - ended > self.reveal.DELAY + self.NEXT_GAME
                / max(1.0, self.session.speed) ** 0.5):
            self.app.replace(self.restart())

    def finale_shown(self) -> bool:
        """Whether the game's last moment (the last line-up, flip or round) has been on
        screen: no summary covers it before then."""
        return True

    def story_words(self, story: StoryHeader) -> Story:
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
        """Redraw when news arrived, a second ticked off the clock, or something moves.
        Behind a shared screen's curtain, only when the curtain itself changes."""
        session = self.session
        if session.privacy_for is not None and self.confirm is None:
            return self._curtain_changed()
        feed = session.feed
        left = feed.remaining(session.clock)
        wait = next_game.wait_of(session)  # its countdown ticks, and people continue
        signature = (
            id(feed.roster), None if wait is None or wait.countdown is None
            else math.ceil(wait.countdown),
            tuple(f.updates + len(f.errors) for f in session.feeds.values()),
            session.shown, session.privacy_for, session.paused, session.speed, session.show_all,
            session.show_beliefs, None if left is None else seconds_left(left),
            feed.latest_error(session.clock) is not None,
            session.notice is not None and session.clock < NOTICE_SECONDS,
            self.app.settings.language, self.host_gone(), session.curtain_ready(),
            math.ceil(session.look_left),  # (*Done*'s count)
            resume_wait.waiting_words(feed, session.clock),
            None if session.coach is None else session.coach.look(self), self.look(),
            self.reveal.open, self.reveal.ended_at is not None, self.reveal.showing(self.time),
            session.version() if session.show_all and session.version is not None else None,
            self.confirm, self.confirm and self.leave_words(),
        )
        changed = signature != self._signature
        self._signature = signature
        moving = self.moving() or (session.show_all and session.version is None)  # (a replay's)
        stopped, self._moving = self._moving and not moving, moving
        return changed or moving or stopped  # (the frame a motion ends shows it ended)

    def _curtain_changed(self) -> bool:
        """Whether the curtain's picture changed: whose turn it is to look, their name,
        its button waking or under the pointer, and the language. News, clocks, motion
        and presses behind it show nothing; each redrew the same curtain, for the half
        of a shared screen's frames it stands in (a held Space, thirty a second)."""
        session = self.session
        seat = session.privacy_for
        signature = ("curtain", self.eyes(), None if seat is None else self.name(seat),
                     session.curtain_ready(), self.mouse, self.app.settings.language)
        changed = signature != self._signature
        self._signature, self._moving = signature, False
        return changed

    def redraws_for(self, event: pygame.event.Event) -> bool:
        """Whether an event may change what is on screen. A key let go does not (the
        ring only forgets it is held; one that lifts a curtain changes the eyes, which
        ``wants_redraw`` sees). Behind the curtain, input redraws only what
        ``_curtain_changed`` sees: a press there changes nothing until it lifts the
        curtain or asks to leave. Nor does a key pressed too soon on a new screen, which
        is dropped (``too_soon``: a storm's tail after a handover). Other events (the
        window shown again, say) redraw."""
        if event.type not in INPUT:
            return True
        if event.type == pygame.KEYUP:
            return False
        if self.confirm is not None:
            return True
        if self.session.privacy_for is not None:
            return False
        return not (event.type == pygame.KEYDOWN and too_soon(self.session, event))

    _signature: tuple[Any, ...] = ()
    _moving = False

    def moving(self) -> bool:
        """Whether the picture changes by itself, frame by frame (``animating`` keeps
        the window's loop at full speed, which a timely cue needs though nothing moves)."""
        return self.animating

    def look(self) -> tuple[object, ...]:
        """What else the picture depends on, beside the news and the clock."""
        return ()

    def on_events(self, events: Sequence[Mapping[str, object]], public: bool) -> None:
        """New log lines arrived (public: from the spectator's feed)."""

    # -- leaving on purpose (client.kit.leave) ---------------------------------------------
    @property
    def confirm(self) -> str | None:
        """"leave" or "quit" while the window asks whether the person really means it."""
        return self.leaving.asking

    @confirm.setter
    def confirm(self, asking: str | None) -> None:
        self.leaving.asking = asking

    @property
    def confirm_buttons(self) -> list[Button]:
        return self.leaving.buttons

    def leave_words(self) -> str | None:
        """What leaving now would cost, in a sentence; None when it costs nothing."""
        return self.leaving.words()

    def host_gone(self) -> bool:
        """A LAN guest's host went quiet (``client.host_watch``)."""
        return bool(self.session.host is not None and self.session.host.gone)

    def ask_leave(self, quitting: bool = False) -> None:
        """Esc, Back to menu or (for a host) the window's close button: ask first when
        leaving costs something; otherwise go at once."""
        self.leaving.ask(quitting)

    def may_close(self) -> bool:
        return self.leaving.may_close()

    # -- input and focus -------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        if self.redraws_for(event):
            self.app.changed()  # input redraws, however it came (from the window or not)
        if event.type == pygame.MOUSEMOTION or (
                event.type == pygame.MOUSEBUTTONDOWN and event.button == 1):
            self.mouse = self.pointer = event.pos
        lifts = curtain.follow_hands(self.session, event, self.app.screen.get_size())
        if event.type == pygame.KEYUP:
            self.ring.handle(event, ())
            if not lifts:
                return
        if self.confirm is not None:
            self.leaving.handle(event)
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
        if lifts or too_soon(self.session, event):
            return
        coach = self.session.coach  # the tail of the click that moved a lesson on
        if coach is not None and event.type == pygame.MOUSEBUTTONDOWN and coach.settling(self):
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
            if self.overlays.click_track(event):
                return
            for button in list(self.buttons):
                if button.enabled and button.rect.collidepoint(event.pos):
                    self.press(button)
                    return
        if not sheet:
            self.handle_table(event)

    def press(self, button: Button) -> None:
        """What a click on a button does, whether the mouse or the keyboard made it."""
        if (self.session.hot_seat or button.key == "story") and not self.steady.still(
                button, self.session.screen_time):
            # it took another control's place a moment ago: the click was not for it (at
            # any table, Story, which comes where the sheet's Close stood: a double-click
            # on Close opened the sheet again)
            return
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

    def pause_held(self) -> bool:
        """A person's pause pressed while the scene holds a watched table for a show
        (a steal, a round's flip): the hold becomes their pause, so the table stays
        still after the show until they resume. Toggling the pause would have let the
        table run on through the show, against what the press asked. True when it did."""
        if not (self._paused_by_me and self.session.paused):
            return False
        self._paused_by_me = False
        return True

    def handle_key(self, event: pygame.event.Event) -> bool:
        """The keys every table shares (``client.kit.hotkeys``); scenes add their own."""
        return hotkeys.handle_key(self, self.app, self.session, event)

    def change_speed(self, step: int) -> None:
        hotkeys.change_speed(self.session, step)

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
            play = self.play_area(surface)
            self.draw_table(play)
            self.draw_story(play)
            self.draw_stand_in(surface)
            self.draw_overlays(surface)
            if self.session.coach is not None:
                self.session.coach.draw(surface, self)
            self.steady.note(self.buttons, self.session.screen_time)
            if self.confirm is None:
                self.ring.draw(surface, self.focus_targets(self.reveal.showing(self.time)))
        if self.confirm is not None:
            self.leaving.draw(surface, self.mouse)

    def play_area(self, surface: pygame.Surface) -> pygame.Surface:
        """Where the table is drawn: the whole window, or above a replay's bar, so the
        bar never covers a hand, a tile or a prompt."""
        if self.session.replay is None:
            return surface
        from client.kit import replay_bar

        w, h = surface.get_size()
        return surface.subsurface(pygame.Rect(0, 0, w, h - replay_bar.height(h)))

    def draw_table(self, surface: pygame.Surface) -> None:
        """The game's own drawing; also fills ``self.buttons``."""

    def draw_story(self, surface: pygame.Surface) -> None:
        """The end-of-game sheet over the table (its buttons replace the table's), or,
        once folded away, a button that brings it back."""
        self.buttons = draw_story(surface, self.app, self.session, self.reveal, self.time,
                                  self.story_words, self.name, self.buttons, self.reopen_story)

    def reopen_story(self) -> None:
        self.reveal.open = True

    def draw_privacy(self, surface: pygame.Surface, seat: int) -> None:
        """A screen that shows nothing of anyone: only whose turn it is to look, and how
        to lift the curtain (its button is for the eye; clicks on it are read in
        ``handle`` from the hands, never from this list)."""
        self.buttons = curtain.draw(surface, self.session, self.name(seat), self.mouse)

    def draw_overlays(self, surface: pygame.Surface) -> None:
        """Refusals, banners, the host-gone sentence, beliefs, a replay's bar, the
        buttons and the keys line (``client.kit.overlays``)."""
        self.overlays.paused_by_person = self.session.paused and not self._paused_by_me
        self.overlays.draw(surface, self.buttons, self.mouse, self.host_gone(), self.ask_leave,
                           self.change_speed)

    @property
    def _replay_track(self) -> pygame.Rect | None:
        """Where a replay's progress track was last drawn (a click there seeks)."""
        return self.overlays.replay_track

    @property
    def shown_seat(self) -> int | None:
        shown = self.session.shown
        return None if shown == PUBLIC else shown

    def draw_done_button(self, area: pygame.Rect, size: int) -> None:
        """At a shared screen, the person who is looking ends their private moment."""
        self.buttons += curtain.done_buttons(self.session, self.shown_seat is not None,
                                             self.own_choices, self.done_words, area, size)

    def own_choices(self) -> Sequence[Mapping[str, object]]:
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

