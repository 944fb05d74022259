"""LAN play: hosting a table from the window, finding one, and the lobby before a game.

The window that hosts runs ``net.host.Host`` on a thread and joins its own table as an
ordinary encrypted peer on 127.0.0.1, so the host's screen goes through the same
authority path and sees only its own seat, like everyone else's.

The first game waits for every seated person to press Ready here, and then for the
host's person to press Start (their own seat needs no Ready); before that they may
change each bot's level. Between games, at a table hosted from a window, the table
scene asks for *Continue* (and offers its host *Next game*: ``client.kit.next_game``);
at a table from the command line the window says ready by itself, as it always did.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

import pygame
import pygame_gui

from client import __version__, i18n
from client.app import UI_FONT, App, ui_font
from client.assets import font, scaled, text
from client.host_watch import HostWatch
from client.i18n import level_word, tr
from client.scenes.finding import JoinScene
from client.scenes.ui import CLICKS, SETTLE, UIScene
from client.session import Session
from net.config import RESULT_PAUSE

__all__ = ["HostedTable", "JoinScene", "LobbyScene", "host_lobby", "level_word", "seat_line"]


def lan_name(seat: dict[str, Any]) -> str:
    """A seat's name as the lobby gives it; bots get a mouse's name."""
    from client.tables import MICE

    if seat.get("kind") == "bot":
        return f"{MICE[seat['seat'] % len(MICE)]} ({tr('bot')})"
    return str(seat.get("name") or tr("seat", n=seat["seat"] + 1))


class Buffered:
    """A peer whose first few messages were already read by the lobby; it hands the
    host's ``closed`` notice to ``on_closed``."""

    def __init__(self, peer: Any, early: list[dict[str, Any]],
                 on_closed: Callable[[str], None] = lambda reason: None) -> None:
        self.peer, self.early, self.on_closed = peer, early, on_closed
        self.seat: int | None = peer.seat

    def send(self, action: dict[str, Any]) -> None:
        self.peer.send(action)

    def set_ready(self, ready: bool) -> None:
        """*Continue* between games (``client.kit.next_game``)."""
        self.peer.set_ready(ready)

    def start(self) -> None:
        """*Next game*, from the host's person."""
        self.peer.start()

    def poll(self) -> list[dict[str, Any]]:
        out, self.early = self.early + self.peer.poll(), []
        for message in out:
            if message.get("type") == "closed":
                self.on_closed(str(message.get("reason") or ""))
        return [m for m in out if m.get("type") in ("update", "error", "table")]


class HostedTable:
    """A LAN host running on a thread of this program, with its discovery record."""

    def __init__(self, config: Any, *, announce: bool = True, host_name: str = "",
                 resume: Any = None) -> None:
        from client import hosting
        from client.listing import listing
        from net.addresses import lan_address
        from net.host import Host

        self.host = Host(config, resume=resume)
        self.log = str(self.host.log_path)
        hosting.running.add(self.log)
        bind = self.host.config.bind  # (a resumed table's, from its log)
        here = lan_address() if bind in ("0.0.0.0", "") else bind
        self.address = f"{here}:{self.host.port}"
        self._stop = False
        self.host.announcer = None
        if announce:
            from net.discovery import Announcer  # (zeroconf, for a table that announces)

            try:
                h = self.host
                h.announcer = Announcer(f"{h.table.game_id} table", here, h.port,
                                        h.table.game_id, h.table.players,
                                        h.keys.public if h.keys else None,
                                        **listing(host_name, h.password is not None))
            except Exception:  # noqa: BLE001 - without mDNS the address still works
                self.host.announcer = None
        self.host.on_line = lambda line: None
        from client.phones import start_gateway
        from core.errors import RulesError

        self.phones_port_taken: int | None = None
        """The phones' port (the table's + 2), when another table or program held it: the
        table goes on without phones, and its lobby says so (it showed no code, and no
        word why)."""
        try:
            self.gateway, self.phones_url = start_gateway(self.host, here)
        except RulesError:  # its port is taken: the table goes on without phones
            from net.web import WEB_OFFSET

            self.gateway, self.phones_url = None, None
            self.phones_port_taken = self.host.port + WEB_OFFSET
        """Phones join through it (``net.web``); None without the ``phones`` extra."""
        self.thread = threading.Thread(target=self.host.serve, args=(lambda: self._stop,),
                                       name="host", daemon=True)
        self.thread.start()

    def close(self) -> None:
        """Tell every peer the table closed, then stop the host."""
        from client import hosting

        hosting.running.discard(self.log)
        self.host.quit()
        self.thread.join(timeout=2)
        self._stop = True
        self.thread.join(timeout=2)
        if self.gateway is not None:
            self.gateway.close()
        if self.host.announcer is not None:
            self.host.announcer.close()


def host_lobby(app: App, game_id: str, players: int, options: dict[str, object], bots: int,
               level: str, *, bind: str = "0.0.0.0", announce: bool = True,
               log_dir: Any = None, port: int = 0, password: str | None = None,
               next_after: float | None = None, bot_delay: float | None = None,
               screen: bool = False) -> LobbyScene:
    """Start a host on a thread and join it from this window (seat 0); the table is
    kept for *Resume your table* (``client.hosting``). ``bot_delay``: the seconds each
    in-host bot waits before a move (the form's pace; None: the settings').
    ``screen``: the window holds no seat and shows the public table only, the big
    screen of a table whose people play on their phones (its person still starts the
    game: ``net.lobby``)."""
    from client import hosting
    from client.more_time import lengthen
    from net.host import HostConfig
    from net.keys import KeyPair

    keys = KeyPair.generate()  # this window's peer runs the lobby (net.lobby)
    timed = lengthen(game_id, players, options, app.settings.more_time)
    config = HostConfig(game_id=game_id, players=players, options=timed, bots=bots,
                        bot_level=level, bind=bind,
                        bot_delay=app.settings.bot_delay if bot_delay is None else bot_delay,
                        log_dir=log_dir, owner=keys.public, pause=RESULT_PAUSE, port=port,
                        password=password, host_keys=hosting.host_keys(),
                        next_after=next_after)
    hosted = HostedTable(config, announce=announce, host_name=app.settings.name or "")
    hosting.remember(log=str(hosted.host.log_path), game=game_id, players=players,
                     owner=[keys.public, keys.secret], screen=screen)
    return _own_seat(app, hosted, keys, None, screen=screen)


def resume_lobby(app: App, record: dict[str, Any], *, announce: bool = True) -> LobbyScene:
    """Restart the table of ``record`` (``client.hosting``) from its log, on its port
    with its key, and sit this window's person in their own seat with its token."""
    from pathlib import Path

    from net.host import HostConfig
    from net.keys import KeyPair

    keys = KeyPair(*record["owner"])
    config = HostConfig(game_id=str(record["game"]), players=int(record["players"]),
                        owner=keys.public, bot_delay=app.settings.bot_delay)
    hosted = HostedTable(config, announce=announce, host_name=app.settings.name or "",
                         resume=Path(record["log"]))
    screen = bool(record.get("screen"))
    return _own_seat(app, hosted, keys, None if screen else record.get("token"),
                     screen=screen)


def _own_seat(app: App, hosted: HostedTable, keys: Any, token: str | None, *,
              screen: bool = False) -> LobbyScene:
    """This window's peer at its own table: the table's person (``net.lobby``), who
    needs no password there; on a table screen, a spectator."""
    from net.addresses import lan_addresses
    from net.peer import Peer

    try:
        peer = Peer(f"127.0.0.1:{hosted.host.port}", name=app.settings.name or "Player",
                    keys=keys, auto_ready=False, token=token, spectator=screen)
    except Exception:
        hosted.close()
        raise
    bind = hosted.host.config.bind
    here = [bind] if bind not in ("0.0.0.0", "") else lan_addresses()
    address = ", ".join(f"{a}:{hosted.host.port}" for a in here)
    return LobbyScene(app, peer, hosted=hosted, address=address)


class LobbyScene(UIScene):
    title_key = "lobby.title"

    def __init__(self, app: App, peer: Any, *, hosted: HostedTable | None = None,
                 address: str = "", server_key: str | None = None) -> None:
        super().__init__(app)
        self.peer, self.hosted, self.address = peer, hosted, address
        self.server_key = server_key
        self.late = False
        """This person arrived after the start and watches instead."""
        self.confirming = False
        self.session: Session | None = None
        self.inbox: list[dict[str, Any]] = []
        """Messages that arrived with the welcome, before this scene took over."""
        self.table: dict[str, Any] | None = None
        self.early: list[dict[str, Any]] = []
        self.saw_the_deal = False
        """This window was in the lobby before its game began: the first update is the
        deal, news to play; otherwise it is a game under way (a seat taken back, a
        resumed table), whose history is read quietly."""
        self.handed_over = False
        """Set once the table scene owns the connection (and closes it)."""
        self.ready_button: pygame_gui.elements.UIButton | None = None
        self.start_button: pygame_gui.elements.UIButton | None = None
        self._shown: tuple[Any, ...] = (False, False, (), False, (), ())
        """The ready state, removable seats, whether Start is open, the bots' levels and
        the open seats the widgets were built for; a change rebuilds them."""
        self.remove_buttons: dict[Any, int] = {}
        self.bot_buttons: dict[Any, int] = {}
        self.level_buttons: dict[Any, int] = {}
        self.welcomed: dict[str, Any] = {}
        """The host's welcome (the game and its options), kept while the peer joins again."""
        self.watch = HostWatch(peer, app) if hosted is None else None
        """A guest's eye on its host: the lobby and then the table say when it goes quiet."""

    def build(self) -> None:
        w, h = self.app.screen.get_size()
        row, left, _ = self.grid()
        self._moved_at = self.app.top_age  # (its buttons change under the pointer)
        self.ready_button = self.stay = self.start_button = None
        if self.confirming:  # the host's Back closes the table for everyone: ask first
            self.message = tr("leave.host")
            self.back = self.back_button(tr("leave.close"), share=4)
            self.stay = self.button(pygame.Rect(left + w // 4 + w // 40, h - int(row * 2.2),
                                                w // 6, row), tr("leave.stay"))
            return
        self.back = self.back_button()
        self._shown = self._widget_state()
        asked, ready, removable, startable, levels, open_seats = self._shown
        self.remove_buttons, self.level_buttons, self.bot_buttons = {}, {}, {}
        for seat in open_seats:  # fewer people came than the table has seats for
            self.bot_buttons[self.button(self._beside(seat, tr("lobby.to_bot")),
                                         tr("lobby.to_bot"), self._fit()[1])] = seat
        for seat in removable:  # the host gives back a seat that holds the table up
            self.remove_buttons[self.button(self._beside(seat, tr("lobby.remove")),
                                            tr("lobby.remove"), self._fit()[1])] = seat
        for seat, level in levels:  # the host picks each bot's level
            words = tr("lobby.level", level=level_word(level))
            self.level_buttons[self.button(self._beside(seat, words), words,
                                           self._fit()[1])] = seat
        rect = pygame.Rect(left + w // 6 + w // 40, h - int(row * 2.2), w // 4, row)
        if self.hosted is not None and not (self.table or {}).get("started"):
            self.start_button = self.button(rect, tr("lobby.start"))
            if not startable:
                self.start_button.disable()  # type: ignore[no-untyped-call]
        elif asked:
            words = tr("lobby.say_not_ready") if ready else tr("lobby.say_ready")
            self.ready_button = self.button(rect, words)

    def _beside(self, seat: int, words: str = "") -> pygame.Rect:
        """Where a button about one seat goes: at the end of that seat's line (on a
        table screen, left of the join code)."""
        w = self.app.screen.get_width()
        size = self._text_size()
        step = self._seat_step()
        # (centred on the seat's line, whose box is taller than its size)
        top = self._seat_top() + seat * step + (font(size).get_height() - step + 3) // 2
        right = self._code_area().x - w // 60 if self.screen else w - w // 8
        words_size = UI_FONT if self._fit()[1] else ui_font()
        wide = max(w // 7, font(words_size).size(words)[0] + words_size + 16) if words \
            else w // 7
        return pygame.Rect(right - wide, top, wide, step - 3)

    def _seat_step(self, size: int | None = None, compact: bool | None = None) -> int:
        """From one seat's line to the next: room for a button's words at large text
        (at 100% for ``compact`` buttons: ``_fit``)."""
        fit = self._fit() if size is None or compact is None else (size, compact)
        size = fit[0] if size is None else size
        compact = fit[1] if compact is None else compact
        return max(int(size * 1.5), (UI_FONT if compact else ui_font()) + 10)

    @property
    def screen(self) -> bool:
        """This window is the table screen: it hosts, and holds no seat of its own."""
        return self.hosted is not None and bool(getattr(self.peer, "spectator", False))

    def _code_area(self) -> pygame.Rect:
        from client.scenes.phone_code import screen_area

        w, h = self.app.screen.get_size()
        row = self.grid()[0]
        size = self._text_size()
        return screen_area(w, self._seat_top() - size // 4, h - int(row * 2.6), size)

    def my_seat(self) -> dict[str, Any] | None:
        for seat in (self.table or {}).get("seats") or []:
            if seat.get("seat") == self.peer.seat and self.peer.seat is not None:
                return dict(seat)
        return None

    def _ready_state(self) -> tuple[bool, bool]:
        """(whether the host is asking this window's seat, whether it said ready)."""
        mine = self.my_seat()
        if mine is None or mine.get("kind") != "human" or not (self.table or {}).get(
                "ready_check") or self.hosted is not None:  # the host's seat: Start says it
            return False, False
        return True, bool(mine.get("ready"))

    def _widget_state(self) -> tuple[bool, bool, tuple[int, ...], bool,
                                     tuple[tuple[int, str], ...], tuple[int, ...]]:
        table = self.table or {}
        seats = table.get("seats") or []
        removable: tuple[int, ...] = ()
        open_seats: tuple[int, ...] = ()
        levels: tuple[tuple[int, str], ...] = ()
        if self.hosted is not None and not table.get("started"):
            removable = tuple(s["seat"] for s in seats if s["kind"] == "human" and s["claimed"]
                              and s["seat"] != self.peer.seat)
            levels = tuple((s["seat"], str(s["level"])) for s in seats
                           if s["kind"] == "bot" and s.get("level"))
            open_seats = tuple(s["seat"] for s in seats
                               if s["kind"] == "human" and not s["claimed"])
        return (*self._ready_state(), removable, all_ready(table), levels, open_seats)

    def _text_size(self) -> int:
        """The lobby's own texts, at the person's text size as its buttons are; where a
        big table's seats, its game and options would then run down into the buttons
        (large text in a small window), a step smaller each time, no smaller than at
        100%, until they keep above them."""
        return self._fit()[0]

    def _fit(self) -> tuple[int, bool]:
        """The lobby's text size, and whether even at 100% its seats' buttons must be
        ``compact`` (their words at 100% too, their lines closer): a full table of
        eight at 150% in 1024x600 fits no other way. Kept while what it depends on
        stands: every seat's line and button asks."""
        welcome = getattr(self.peer, "welcome", None) or self.welcomed
        key = (self.app.screen.get_size(), id(self.table), id(welcome), scaled(100),
               i18n.language())
        if self._fitted is not None and self._fitted[0] == key:
            return self._fitted[1]
        h = self.app.screen.get_height()
        least = max(14, h // 36)
        size = scaled(least)
        seats = len((self.table or {}).get("seats") or [])
        bottom = h - int(self.grid()[0] * 2.2) - least // 2  # the Back and Start row
        while size > least and self._foot(size, seats) > bottom:
            size -= 1
        fit = (size, self._foot(size, seats) > bottom)
        self._fitted = (key, fit)
        return fit

    _fitted: tuple[tuple[Any, ...], tuple[int, bool]] | None = None

    def _foot(self, size: int, seats: int) -> int:
        """Where the lobby's words end at text size ``size``, its buttons full size: the
        seats, someone
        watching, the game's title and its options' lines (as wide as they are left of
        a phones' code)."""
        w = self.app.screen.get_width()
        welcome = getattr(self.peer, "welcome", None) or self.welcomed
        lines = option_lines(welcome, max(12, size * 5 // 6), w - 2 * (w // 8) - w // 5)
        watching = int((self.table or {}).get("spectators") or 0) - (1 if self.screen else 0)
        return (self._seat_top(size) + seats * self._seat_step(size, False)
                + (int(size * 1.5) if watching > 0 else 0) + size
                + int(size * 1.4) * len(lines) + size)

    def _seat_top(self, size: int | None = None) -> int:
        """Where the first seat's line is drawn (the buttons beside them line up)."""
        size = self._text_size() if size is None else size
        return self.app.screen.get_height() // 6 + int(size * 1.6) + int(size * 2.2) + int(
            size * 2)

    def toggle_ready(self) -> None:
        """The Ready / Not ready button: the host's next table message shows the result."""
        asked, ready = self._ready_state()
        if asked:
            self.peer.set_ready(not ready)

    def update(self, dt: float) -> None:
        super().update(dt)
        inbox, self.inbox = self.inbox + self.peer.poll(), []
        self._keep_token()
        for message in inbox:
            if message.get("type") == "table":
                self.table = message
                self.saw_the_deal = self.saw_the_deal or not message.get("started")
            elif message.get("type") == "update":
                self.early.append(message)
            elif message.get("type") == "error":  # a lobby request the host refused
                self.message = i18n.refusal(str(message.get("code") or ""),
                                            str(message.get("message") or ""))
            elif message.get("type") == "closed":
                self.on_closed(str(message.get("reason") or ""))
                return
        if self.watch is not None:
            self.watch.check()
        if self._widget_state() != self._shown:
            self._built = None
        if any(m.get("type") == "update" for m in self.early):
            self.begin()

    def _keep_token(self) -> None:
        """The hosting window keeps its own seat's token for *Resume your table*."""
        token = self.peer.token
        if self.hosted is not None and token and token != self._kept:
            from client import hosting, identity

            self._kept = token
            hosting.remember(token=token, seat=self.peer.seat)
            keys = self.hosted.host.keys
            if keys is not None and identity.owner():  # (Rejoin, if resumed elsewhere)
                identity.remember(keys.public, address=f"127.0.0.1:{self.hosted.host.port}",
                                  token=token, seat=self.peer.seat,
                                  game=self.hosted.host.table.game_id,
                                  name=self.app.settings.name)

    _kept: str | None = None

    def begin(self) -> None:
        from client.scenes import table_scene

        seats = (self.table or {}).get("seats") or []
        names = [lan_name(s) for s in seats]
        view = next(m["view"] for m in self.early if m.get("type") == "update")
        early = ([self.table] if self.table is not None else []) + self.early
        session = Session.remote(Buffered(self.peer, early, self.on_closed), names)
        session.on_close = self.close
        session.host = self.watch
        for earlier in (self.peer.welcome or {}).get("scores") or []:
            session.scoreboard.add(earlier)  # the session's games before this one
        session.role = "host" if self.hosted else ("guest" if self.peer.seat is not None
                                                   else "spectator")
        self.session = session
        self.early = []
        self.handed_over = True
        # Between games a window's table waits for its people's Continue (net.between);
        # a table from the command line, or a window nobody sits at, says ready by itself.
        self.peer.auto_ready = self.app.unattended or not (self.table or {}).get("host_starts")
        if not self.saw_the_deal:
            # Read into the log before the table is drawn, so that the table catches up
            # on it (client.kit.eyes): a round's reveal from before the window came back
            # showed as news, with its sounds.
            session.advance(0.0)
        self.app.replace(table_scene(self.app, str(view["game"]), session))

    def close(self) -> None:
        try:
            self.peer.close()
        finally:
            if self.hosted is not None:
                self.hosted.close()

    def on_closed(self, reason: str) -> None:
        """The host closed the table. The seat's token is worth nothing any more once the
        session's last game is over (or the host gave the seat back); a table its host
        closed can be resumed, and then every seat's token takes its seat back."""
        from client import hosting, identity
        from client.scenes.menu import MenuScene, back_to_menu

        self.app.lan["closed"] = reason
        if reason in ("games_done", "removed"):
            identity.forget(self.server_key)
        if self.hosted is not None:
            if reason == "games_done":
                hosting.forget()
            return
        if self.session is not None and reason == "games_done":
            self.session.closed = reason  # the last result stays on screen
            if not any(isinstance(scene, MenuScene) for scene in self.app.scenes):
                self.app.running = False  # a headless join: nobody to read it
            return
        back_to_menu(self.app, tr("closed.removed" if reason == "removed"
                                  else "closed.host_quit"))

    def escape(self) -> None:
        """Esc is *Back*: the host's asks before the table closes (one Esc closed it for
        everyone, unasked), and Esc on that question stays, as it does at a table."""
        if self.hosted is None:
            super().escape()
        elif self.confirming:
            self.confirming, self.message, self._built = False, "", None
        else:
            self.confirming, self._built = True, None

    def may_close(self) -> bool:
        if self.hosted is None or self.confirming:
            return True
        self.confirming, self._built = True, None
        return False

    _moved_at = -SETTLE
    """When the lobby's buttons were last built (``App.top_age``'s clock)."""

    def handle(self, event: pygame.event.Event) -> None:
        """A click just after the lobby's buttons were built again is not taken. The
        second click of a double-click otherwise pressed what came in place of the first
        one's button: on *Back*, the *Close the table* its question puts there (the table
        closed, unasked); on *Give to a bot*, that seat's *Level*. A guest's arrival also
        moves a button under a pointer about to click."""
        self.ensure_built()  # (a build still to come would take the click)
        if event.type in CLICKS and self.app.top_age - self._moved_at < SETTLE:
            return
        super().handle(event)

    def on_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.stay:
            self.confirming, self.message, self._built = False, "", None
        elif event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.back:
            if self.hosted is not None and not self.confirming:
                self.confirming, self._built = True, None
                return
            self.app.pop()
        elif (event.type == pygame_gui.UI_BUTTON_PRESSED and self.ready_button is not None
              and event.ui_element is self.ready_button):
            self.toggle_ready()
        elif (event.type == pygame_gui.UI_BUTTON_PRESSED and self.hosted is not None
              and event.ui_element in self.remove_buttons):
            self.hosted.host.remove_seat(self.remove_buttons[event.ui_element])
        elif (event.type == pygame_gui.UI_BUTTON_PRESSED and self.hosted is not None
              and event.ui_element in self.bot_buttons):
            self.hosted.host.give_to_bot(self.bot_buttons[event.ui_element])
        elif event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element in self.level_buttons:
            self.next_level(self.level_buttons[event.ui_element])
        elif (event.type == pygame_gui.UI_BUTTON_PRESSED and self.start_button is not None
              and event.ui_element is self.start_button):
            self.message = ""
            self.peer.start()

    def next_level(self, seat: int) -> None:
        """The level button: the host's next table message shows the bot that sits there."""
        from net.lobby import bot_levels

        seats = (self.table or {}).get("seats") or []
        now = next((str(s.get("level")) for s in seats if s["seat"] == seat), "")
        levels = bot_levels(str((self.peer.welcome or {}).get("game")))
        if not levels:
            return
        after = levels[(levels.index(now) + 1) % len(levels)] if now in levels else levels[0]
        self.message = ""
        self.peer.set_bot_level(seat, after)

    def leave(self) -> None:
        if not self.handed_over:
            self.close()

    def status(self) -> str:
        """What the table waits for, in one sentence: people, their Ready, or the host."""
        table = self.table or {}
        seats = table.get("seats") or []
        free = sum(1 for seat in seats if not seat["claimed"])
        unready = sum(1 for seat in seats if seat["claimed"] and not seat.get("ready", True))
        if self.watch is not None and self.watch.gone:
            return tr("host.quiet")  # what the table waited for no longer holds
        if self.late:
            return tr("lobby.spectating")
        if free and self.hosted is not None and not table.get("started"):
            return tr("lobby.waiting_host", n=free)  # its Give to a bot fills them
        if free:
            return tr("lobby.waiting", n=free)
        if unready and table.get("ready_check"):
            return tr("lobby.waiting_ready", n=unready)
        if table.get("host_starts") and not table.get("started"):
            return tr("lobby.press_start") if self.hosted else tr("lobby.host_starts")
        return ""

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        from client.kit.widgets import ACCENT, BAD, INK, blit_lines, blit_text

        w, h = surface.get_size()
        size = self._text_size()
        x, y = w // 8, h // 6
        fp = getattr(self.peer, "fingerprint", None) or "-"
        where = tr("lobby.addresses", addresses=self.address) if self.hosted else self.address
        print_ = tr("lobby.fingerprint", fp=fp)
        version = f"Cheese & Knights {__version__}"
        # the version at the right of the first line that leaves it room (at large text a
        # LAN address in Japanese reaches it), smaller where neither does
        blit_text(surface, where, size, INK, topleft=(x, y))
        ends = {y: text(where, size, INK).get_width(),
                y + int(size * 1.6): text(print_, size, ACCENT, True).get_width()}

        def fits(end: int, small: int) -> bool:
            return end + size + text(version, small, INK).get_width() <= w - 2 * x

        small = size
        while small > 10 and not any(fits(end, small) for end in ends.values()):
            small -= 1
        room = next((at for at, end in ends.items() if fits(end, small)), None)
        if room is not None:
            blit_text(surface, version, small, INK, topright=(w - x, room))
        y += int(size * 1.6)
        blit_text(surface, print_, size, ACCENT, topleft=(x, y), bold=True)
        y += int(size * 2.2)
        table = self.table or {}
        seats = table.get("seats") or []
        quiet = self.watch is not None and self.watch.gone
        blit_text(surface, self.status(), size, BAD if quiet else INK, topleft=(x, y),
                  bold=quiet)
        y = self._seat_top()
        for seat in seats:
            line, color = seat_line(seat, seat["seat"] == self.peer.seat)
            blit_text(surface, line, size, color, topleft=(x, y),
                      bold=seat["seat"] == self.peer.seat)
            y += self._seat_step()
        watching = int(table.get("spectators") or 0) - (1 if self.screen else 0)
        if watching > 0:  # (a table screen does not count itself)
            blit_text(surface, tr("lobby.watchers", n=watching), size, INK,
                      topleft=(x, y + size // 2))
            y += int(size * 1.5)
        url = self.hosted.phones_url if self.hosted is not None else None
        if self.screen and url:
            from client.scenes.phone_code import draw_screen_code

            code = draw_screen_code(surface, url, self._code_area(), size,
                                    tr("lobby.screen_scan"), tr("lobby.screen_type", url=url))
            self.draw_game(surface, x, y + size, size, code.x - x - size)
        elif url:  # the options' lines end left of the code (they ran under it)
            from client.scenes.phone_code import draw_code

            code = draw_code(surface, url, tr("lobby.phones"), size,
                             self._seat_top() + len(seats) * self._seat_step())
            self.draw_game(surface, x, y + size, size, code.x - x - size)
        else:
            taken = self.hosted.phones_port_taken if self.hosted is not None else None
            if taken is not None:  # in the gap above the game's lines, where it can be
                y += blit_lines(surface, tr("lobby.phones_off", port=taken), size, BAD,
                                (x, y + size // 2), w - 2 * x) - size // 2
            self.draw_game(surface, x, y + size, size)

    def draw_game(self, surface: pygame.Surface, x: int, y: int, size: int,
                  width: int | None = None) -> None:
        """The game the table waits for, and the options it will be played with, as the
        host's menu named them (a guest saw none of that menu)."""
        from client.kit.widgets import ACCENT, INK, blit_text
        from client.listing import game_title

        welcome = self.welcomed = getattr(self.peer, "welcome", None) or self.welcomed
        game, players = welcome.get("game"), welcome.get("players")
        if not isinstance(game, str) or not isinstance(players, int):
            return
        blit_text(surface, tr("lobby.game", game=game_title(game), n=players), size, ACCENT,
                  topleft=(x, y), bold=True)
        small = max(12, size * 5 // 6)
        width = width if width is not None else surface.get_width() - 2 * x
        for line in option_lines(welcome, small, width):
            y += int(size * 1.4)
            blit_text(surface, line, small, INK, topleft=(x, y))


def seat_line(seat: dict[str, Any], mine: bool) -> tuple[str, tuple[int, int, int]]:
    """One seat of the lobby in words, and its colour: a person who dropped is greyed and
    says so, so nobody mistakes them for a ready player."""
    from client.kit.widgets import ACCENT, BAD, GOOD, INK

    parts = [tr("seat", n=seat["seat"] + 1)]
    if not seat["claimed"]:
        return "   ".join([*parts, tr("lobby.open")]), INK
    parts.append(lan_name(seat))  # a bot's name already says "(Bot)"
    if seat["kind"] == "bot" and seat.get("level"):
        parts.append(level_word(str(seat["level"])))
    if seat["kind"] == "human":
        parts.append(tr("lobby.human"))
        if not seat["connected"]:
            parts.append(tr("lobby.disconnected"))
            if seat.get("stand_in"):
                parts.append(tr("lobby.stand_in"))
            return "   ".join(parts), BAD
        ready = seat.get("ready", True)
        parts.append(tr("lobby.ready") if ready else tr("lobby.not_ready"))
    return "   ".join(parts), ACCENT if mine else GOOD


def all_ready(table: dict[str, Any]) -> bool:
    """Every seat taken and ready, before the start: the host's Start may deal."""
    seats = table.get("seats") or []
    return bool(seats) and not table.get("started") and all(
        s["claimed"] and s.get("ready", True) for s in seats)


def option_lines(welcome: dict[str, Any] | None, size: int, width: int) -> list[str]:
    """A welcomed table's options in lines ``width`` wide at ``size``, four at most (none
    before the welcome); an option and its value are never split."""
    from client.assets import font
    from client.listing import options_words

    welcome = welcome or {}
    game, players = welcome.get("game"), welcome.get("players")
    if not isinstance(game, str) or not isinstance(players, int):
        return []
    lines: list[str] = []
    for part in options_words(game, players, dict(welcome.get("options") or {})):
        joined = f"{lines[-1]}  ·  {part}" if lines else part
        if lines and font(size).size(joined)[0] <= width:
            lines[-1] = joined
        else:
            lines.append(part)
    return lines[:4]
