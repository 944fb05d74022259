"""Getting to a LAN table: the name asked once, the connecting screen, and every
refusal said as a sentence with a way forward.

Connecting happens on a thread (asking the host's key can take seconds when nothing
answers), so the window keeps drawing and says what it is doing. The identity kept by
``client.identity`` decides whether this window already holds a seat there; if it
does, the host gives the same seat back.
"""

from __future__ import annotations

import queue
import sys
import threading
import time
from collections.abc import Callable, Sequence
from functools import partial
from typing import Any

import pygame
import pygame_gui

from client import i18n, identity
from client import settings as settings_mod
from client.app import App, Scene
from client.i18n import tr
from client.scenes.ui import UIScene
from core.errors import RulesError
from net.glyphs import drawable

WELCOME_WAIT = 6.0
"""Seconds a host that answered the key request has to welcome us."""
PROBE_WAIT = 5.0
"""Seconds the host's key socket has to answer before we say nothing answered: a busy
laptop hosting a table of bots may take a few seconds, and a person who typed a wrong
address has a Try again button either way."""
HELD_WAIT = 6.0
"""Seconds to keep asking for a seat the dropped connection still holds (the host lets it
go after its peer timeout)."""


class NameScene(UIScene):
    """Asks for the person's name once; the answer is kept in the settings."""

    title_key = "name.title"

    def __init__(self, app: App, then: Callable[[], Scene | None]) -> None:
        super().__init__(app)
        self.then = then

    def build(self) -> None:
        w, h = self.app.screen.get_size()
        row, left, col = self.grid()
        self.label(pygame.Rect(left, h // 4, w - 2 * left, row), tr("name.ask"))
        self.entry = self.text_entry(pygame.Rect(left, h // 4 + row * 2, col, row), keep="name")
        self.entry.set_text_length_limit(24)
        self.entry.focus()  # type: ignore[no-untyped-call]
        self.ok = self.button(pygame.Rect(left + col + 10, h // 4 + row * 2, col // 3, row),
                              tr("name.ok"))
        self.back = self.back_button()

    def on_event(self, event: pygame.event.Event) -> None:
        done = (event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.ok) or (
            event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and event.ui_element is self.entry)
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.back:
            self.app.pop()
        elif done:
            self.submit(self.entry.get_text())

    def submit(self, name: str) -> None:
        name = name.strip()[:24]
        if not name:
            self.say(lambda: tr("name.empty"))
            return
        if not drawable(name):
            self.say(lambda: tr("name.undrawable"))
            return
        self.app.settings.name = name
        settings_mod.save(self.app.settings)
        scene = self.then()
        if scene is None:
            self.app.pop()
        else:
            self.app.replace(scene)


def with_name(app: App, make: Callable[[], Scene | None]) -> Scene | None:
    """``make()``, or the name question first when the person was never asked."""
    if app.settings.name:
        return make()
    return NameScene(app, make)


class ConnectScene(UIScene):
    """Connecting to one address, then the lobby; or the reason why not."""

    title_key = "connect.title"

    def __init__(self, app: App, address: str, *, spectator: bool = False,
                 password: str | None = None, keys: Any = None,
                 answer_wait: float | None = None, also: Sequence[str] = ()) -> None:
        super().__init__(app)
        self.also = [a for a in also if a != address]
        """The table's other announced addresses: all are asked at once, and the first
        to answer is the one joined (a host on two networks, or one whose record also
        names a network this machine is not on)."""
        self.answer_wait = PROBE_WAIT if answer_wait is None else answer_wait
        """Seconds the host's key socket has to answer (``join --answer-seconds``)."""
        self.keys = keys
        """This window's key pair; None: the installation's (``client.identity``)."""
        self.keeps = False
        """Whether this window uses and keeps the installation's seat tokens."""
        self.address, self.spectator, self.password = address, spectator, password
        self.state = "connecting"
        """connecting, joining, refused (with ``self.refusal``)."""
        self.refusal = ""
        self._words: Callable[[], str] = str
        """What the screen says, in the language it is read in (L switches it, and a
        refusal said in English is said again in Japanese, as the phones' page does)."""
        self.wrong_passwords = 0
        """Passwords the table has refused so far: the second one says so, or the same
        sentence again would not tell the person their new try was read."""
        self.peer: Any = None
        self.server_key: str | None = None
        self.early: list[dict[str, Any]] = []
        self._outcome: tuple[str, Any] | None = None
        self._asked_at = 0.0
        self._held_since: float | None = None
        self.start()

    # -- connecting ----------------------------------------------------------------------
    def start(self) -> None:
        self.state, self.refusal, self._outcome = "connecting", "", None
        self._words = partial(tr, "connect.connecting", address=self.address)
        self._built = None
        threading.Thread(target=self._connect, name="connect", daemon=True).start()

    def _connect(self) -> None:
        from net.peer import Peer, probe

        try:
            reply = self._probe_each(probe)
            key = reply.get("key")
            if not isinstance(key, str):
                self._outcome = ("refused", ("unencrypted", None))
                return
            self.keeps = self.keys is None and identity.owner()
            held = identity.seat_at(key) if self.keeps and not self.spectator else None
            peer = Peer(self.address, name=self.app.settings.name or "Player",
                        token=(held or {}).get("token"), spectator=self.spectator,
                        password=self.password, server_key=key,
                        keys=self.keys or identity.keys(),
                        auto_ready=self.app.unattended)  # nobody there to press Ready
            if self.app.bot_plays:
                from net.botpeer import SeatPlayer

                peer.autoplay = SeatPlayer(peer)
            self.server_key = key
            self._outcome = ("peer", (peer, reply.get("v")))
        except TimeoutError:
            self._outcome = ("refused", ("no_answer", None))
        except RulesError as exc:
            self._outcome = ("refused", ("other", exc.message))
        except Exception as exc:  # noqa: BLE001 - every failure is said in words
            self._outcome = ("refused", ("other", str(exc)))

    def _probe_each(self, probe: Callable[[str, float], dict[str, object]]
                    ) -> dict[str, object]:
        """Ask every address of the table at once; the first that answers becomes
        ``self.address``. Raises what the last one raised when none answers."""
        places = [self.address, *self.also]
        if len(places) == 1:
            return probe(self.address, self.answer_wait)
        answers: queue.SimpleQueue[tuple[str, Any]] = queue.SimpleQueue()

        def ask(place: str) -> None:
            try:
                answers.put((place, probe(place, self.answer_wait)))
            except Exception as exc:  # noqa: BLE001 - handed to the caller below
                answers.put((place, exc))

        for place in places:
            threading.Thread(target=ask, args=(place,), name="probe", daemon=True).start()
        failure: Exception = TimeoutError()
        for _ in places:
            place, reply = answers.get()
            if isinstance(reply, dict):
                self.address, self.also = place, [p for p in places if p != place]
                return reply
            failure = reply
        raise failure

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.state == "connecting" and self._outcome is not None:
            kind, value = self._outcome
            if kind == "refused":
                self.refuse(*value)
            else:
                self.peer, self.host_version = value
                self.state, self._asked_at = "joining", time.monotonic()
        if self.state == "joining":
            self._listen()

    def _listen(self) -> None:
        messages = self.peer.poll()
        for index, message in enumerate(messages):
            kind = message.get("type")
            if kind == "welcome":
                self._welcomed(message, messages[index + 1:])
                return
            if kind == "error":
                self._error(message)
                return
        if self.state == "joining" and time.monotonic() - self._asked_at > WELCOME_WAIT:
            self.refuse("silent", None)

    def _welcomed(self, welcome: dict[str, Any], after: list[dict[str, Any]]) -> None:
        from client.scenes.lobby import LobbyScene

        peer = self.peer
        if peer.seat is not None and self.keeps:
            identity.remember(self.server_key, address=self.address, token=peer.token,
                              seat=peer.seat, game=welcome.get("game"),
                              name=self.app.settings.name)
        self.app.lan = {"seat": peer.seat, "reclaimed": bool(peer.reclaimed)}
        if self.app.unattended:  # for scripts watching a headless window
            again = " (reclaimed)" if peer.reclaimed else ""
            print(f"seat {peer.seat}{again} at {self.address}", file=sys.stderr, flush=True)
        self.peer = None  # the lobby owns it now
        lobby = LobbyScene(self.app, peer, address=self.address, server_key=self.server_key)
        lobby.late = peer.seat is None and not self.spectator
        lobby.inbox = after
        self.app.replace(lobby)

    def _error(self, message: dict[str, Any]) -> None:
        code = message.get("code")
        if code == "token_in_use":
            # The old connection has not timed out yet: ask again until the host lets go.
            self._held_since = self._held_since or time.monotonic()
            if time.monotonic() - self._held_since < HELD_WAIT:
                self._drop_peer()
                self._words = partial(tr, "connect.waiting_seat")
                self.state = "connecting"
                self._outcome = None
                self._built = None
                threading.Timer(0.5, self._connect).start()
                return
        if code == "bad_token":  # the table forgot our seat (a new table on the same key)
            identity.forget(self.server_key)
            self._drop_peer()
            self.start()
            return
        self.refuse(str(code), message.get("message"))

    def _drop_peer(self) -> None:
        if self.peer is not None:
            self.peer.close()
            self.peer = None

    def refuse(self, code: str, detail: Any) -> None:
        """Stop, and say why in a sentence that tells the person what to do next."""
        import net.peer

        self._drop_peer()
        self.state, self.refusal = "refused", code
        where = ", ".join([self.address, *self.also])
        if code == "table_full":
            self._words = partial(tr, "refuse.full")
        elif code == "bad_password" and not self.password:
            self._words = partial(tr, "refuse.needs_password")
        elif code == "bad_password":
            self.wrong_passwords += 1
            self._words = partial(tr, "refuse.password" if self.wrong_passwords < 2
                                  else "refuse.password_again")
        elif code == "bad_version":
            theirs = getattr(self, "host_version", None) or "?"
            self._words = partial(tr, "refuse.version", mine=net.peer.PROTOCOL_VERSION,
                                  theirs=theirs)
        elif code in ("no_answer", "silent", "unencrypted"):
            self._words = partial(tr, f"refuse.{code}", address=where)
        else:
            message = str(detail or "")
            self._words = lambda: tr("refuse.other", message=i18n.refusal(code, message))
        self._built = None
        if self.app.unattended:  # nobody to choose a way on
            print(f"cheeseknights: {self.sentence}", file=sys.stderr)
            self.app.lan["refused"] = code
            self.app.running = False

    @property
    def sentence(self) -> str:
        """What the screen says now, in the language it is read in."""
        return self._words()

    # -- the screen ----------------------------------------------------------------------
    def build(self) -> None:
        w, h = self.app.screen.get_size()
        row, left, col = self.grid()
        box = pygame.Rect(left, h // 4, w - 2 * left, row * 3)
        self.words = pygame_gui.elements.UITextBox(self.sentence, box, self.ui)
        y = box.bottom + row
        self.actions: dict[Any, Callable[[], None]] = {}
        if self.state == "refused" and self.refusal == "bad_password":
            self.label(pygame.Rect(left, y, col // 2, row), tr("connect.password"))
            self.password_entry = self.text_entry(pygame.Rect(left + col // 2, y, col, row))
            self.password_entry.set_text_hidden(True)  # type: ignore[no-untyped-call]
            self.password_entry.focus()  # type: ignore[no-untyped-call]
            join = self.button(pygame.Rect(left + col * 3 // 2 + 10, y, col // 3, row),
                               tr("menu.join"))
            self.actions[join] = self.with_password
        elif self.state == "refused":
            choices: list[tuple[str, Callable[[], None]]] = []
            if self.refusal == "table_full":
                choices.append((tr("connect.watch"), self.watch))
            elif self.refusal == "bad_name":  # (the same name would be refused again)
                choices.append((tr("connect.rename"), self.rename))
            elif self.refusal not in ("bad_version", "unencrypted"):
                choices.append((tr("connect.retry"), self.start))
            for i, (words, action) in enumerate(choices):
                rect = pygame.Rect(left + i * (col + 10), y, col, row)
                self.actions[self.button(rect, words)] = action
        self.back = self.back_button(share=5)

    def on_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.back:
                self.app.pop()
            elif event.ui_element in self.actions:
                self.actions[event.ui_element]()
        elif (event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED
              and self.refusal == "bad_password" and self.state == "refused"):
            self.with_password()

    def rename(self) -> None:
        """Ask the name again (``NameScene``), then knock again under the new one."""
        self.app.push(NameScene(self.app, self.start))

    def watch(self) -> None:
        self.spectator = True
        self.start()

    def with_password(self, text: str | None = None) -> None:
        self.password = text if text is not None else self.password_entry.get_text()
        self.start()

    def draw(self, surface: pygame.Surface) -> None:
        if self.state != "refused" and self.sentence != getattr(self, "_drawn", None):
            self._drawn = self.sentence
            self._built = None
            self.ensure_built()
        super().draw(surface)

    def leave(self) -> None:
        self._drop_peer()
