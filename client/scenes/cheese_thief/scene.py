"""The Cheese Thief table, seen from above, for 4-8 seats.

Every button and clickable seat comes from the legal actions the host sent, so the
interface cannot make an illegal move; a refusal from the host appears in words.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import partial
from typing import Any, cast

import pygame

from client.app import App, Scene
from client.assets import at_100, fit_size, shorten
from client.i18n import tr
from client.kit.fill import fill
from client.kit.focus import Target
from client.kit.prompt import prompt_line
from client.kit.standin import TakeBack
from client.kit.tabletop import tabletop
from client.kit.talk import Talk, may_talk
from client.kit.widgets import ACCENT, INK, Button, blit_text, row_of_buttons
from client.narration import Narrator
from client.scenes.cheese_thief import beliefs, draw
from client.scenes.cheese_thief.knowledge import Knowledge, read
from client.scenes.cheese_thief.layout import Layout, compute, seat_at
from client.scenes.cheese_thief.panel import SidePanel
from client.scenes.cheese_thief.words import chat_words, describe, names_of
from client.scenes.table import TableScene
from client.session import Session
from core.games.cheese_thief.shapes import CheeseLine


class CheeseThiefScene(TableScene):
    belief_grid = beliefs.GRID

    TABLE_WIDE = ("narrator",)
    """The narrator calls the night for everyone at once, from public events only."""

    def __init__(self, app: App, session: Session, *, restart: Any = None) -> None:
        super().__init__(app, session, restart=restart)
        self.motion = draw.Motion()
        self.side = SidePanel()
        self.selected: list[int] = []
        self.peek_target: int | None = None
        self._layout: Layout | None = None
        self._prev: Knowledge | None = None
        self._prev_seat: int | None = -2
        self._result_sound = False
        self.talk = Talk(app, self.send, now=lambda: self.time)
        self.k: Knowledge | None = None
        self._rolled_for: set[int | None] = set()
        self._bottom: int | None = None
        self.narrator = Narrator(app.voice)

    # -- reading the view ----------------------------------------------------------------
    def layout(self, size: tuple[int, int], n: int, bottom: int | None) -> Layout:
        lay = self._layout
        if lay is None or lay.size != size or len(lay.seats) != n or self._bottom != bottom:
            self._layout = lay = compute(size, n, bottom)
            self._bottom = bottom
            t = lay.table
            for night in (False, True):  # both now, so nightfall costs its frame nothing
                tabletop(size[0], size[1], (t.x, t.y, t.w, t.h), int(lay.rx), int(lay.ry),
                         lay.center[0], lay.center[1], night)
        return lay

    def _notice_changes(self, k: Knowledge) -> None:
        """Start animations for what just became visible (dice, the theft, cards)."""
        prev = self._prev
        if prev is not None and prev.phase == "over" and k.phase != "over":
            # The host dealt the next game (LAN tables play on): start afresh.
            self.motion, self._result_sound, self._rolled_for = draw.Motion(), False, set()
            prev = None
        if prev is None or prev.n != k.n or self._prev_seat != k.me:
            # A new pair of eyes: roll the dice it sees, the first time only.
            self._prev, self._prev_seat = k, k.me
            if k.me not in self._rolled_for:
                self._rolled_for.add(k.me)
                for s in range(k.n):
                    if any(v is not None for v in k.dice[s]):
                        self.motion.roll[s] = self.time
                if self.motion.roll:
                    self.private_sound("roll")
            return
        for s in range(k.n):
            if all(v is None for v in prev.dice[s]) and any(v is not None for v in k.dice[s]):
                self.motion.roll[s] = self.time
                self.private_sound("roll")
            if prev.roles[s] is None and k.roles[s] is not None:
                self.motion.flips[s] = self.time
        if k.cheese_at is not None and prev.cheese_at is None and k.phase != "over":
            self.motion.theft = (self.time, k.cheese_at)
            self.private_sound("theft")
            hour = (self.session.view() or {}).get("theft_hour")
            if k.omniscient and hour:
                # Watching a bot table with every card shown: the theft belongs in the log.
                self.feed.log.append({"type": "theft", "hour": hour, "thief": k.cheese_at})
        self._prev = k

    def on_events(self, events: Sequence[Mapping[str, object]], public: bool) -> None:
        audio = self.app.audio
        # A LAN seat has one feed: every event, public or its own, arrives there.
        alone = None not in self.session.feeds
        seen, mine = public or alone, not public or alone
        if seen and not self.catching_up:
            self.narrator.hear(events, self.session.view(), self.session.clock)
        for event in events:
            event = cast(CheeseLine, event)
            kind = event.get("type")
            if seen and kind == "hour":
                self.motion.hour_call = (self.time, int(event["hour"]))
                audio.play("chime")
            elif mine and kind == "wake":
                self.private_sound("wake")
            elif seen and kind == "reveal":
                self.motion.arrows = self.time
                self.motion.voters = 8 if self.k is None else self.k.n
                audio.play("reveal")
            elif seen and kind in ("day", "vote_open"):
                audio.play("chime")
            elif seen and kind == "voted":
                audio.play("vote")
            elif seen and kind in ("emote", "chat"):
                words = (tr(f"emote.{event['emote']}") if kind == "emote"
                         else chat_words(int(event["seat"]), str(event["text"]), self.name))
                self.motion.bubbles[int(event["seat"])] = (self.time, words)
        if any(e.get("type") in ("hour", "day", "vote_open", "followers_step") for e in events):
            self.selected, self.peek_target = [], None

    @property
    def animating(self) -> bool:  # type: ignore[override]
        return (self.motion.busy(self.time) or self.talk.ui is not None
                or self.narrator.busy(self.session.clock))

    def moving(self) -> bool:
        return self.motion.moving(self.time) or self.talk.typing()

    def look(self) -> tuple[object, ...]:
        arrows = self.motion.arrows
        return (*self.narrator.look(self.session.clock), self.motion.calling(self.time),
                self.motion.spins(self.time), self.motion.speakers(self.time),
                arrows is not None and self.time - arrows >= draw.ARROWS_SECONDS)

    # -- input ---------------------------------------------------------------------------
    def typing(self) -> bool:
        return self.talk.typing()

    def handle(self, event: pygame.event.Event) -> None:
        if self.session.privacy_for is None and self.talk.handle(event):
            return
        super().handle(event)

    def handle_table(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEWHEEL and self.side.log_rect.collidepoint(self.mouse):
            self.scroll_log(event.y)
            return
        if event.type != pygame.MOUSEBUTTONDOWN or event.button != 1 or self._layout is None:
            return
        seat = seat_at(self._layout, event.pos)
        if seat is not None:
            self.click_seat(seat)

    def scroll_log(self, steps: int) -> None:
        self.side.wheel(steps)

    def key_targets(self) -> list[Target]:
        """Each seat that may be clicked, picked by its seat number."""
        lay = self._layout
        if lay is None or self.k is None:
            return []
        r = int(lay.unit * 0.55)
        seats = [Target(pygame.Rect(x - r, y - r, 2 * r, 2 * r), partial(self.click_seat, s),
                        f"seat{s}", number=s + 1)
                 for s, (x, y) in enumerate(lay.seats) if self.clickable(s)]
        return seats

    def field_targets(self) -> list[Target]:
        return self.talk.targets()

    def button_targets(self, buttons: list[Button]) -> list[Target]:
        """A die is picked by its number, as the button names it (Die 1, Die 2)."""
        targets = super().button_targets(buttons)
        seats = bool(self.key_targets())
        for target in targets:
            for kind in ("choose_die", "peek_die"):
                if target.key.startswith(f"button:{kind}") and not seats:
                    target.number = int(target.key.removeprefix(f"button:{kind}")) + 1
        return targets

    def stop_typing(self) -> None:
        self.talk.stop_typing()

    def seat_actions(self, seat: int) -> list[dict[str, Any]]:
        return [a for a in self.feed.legal
                if a.get("target") == seat or seat in (a.get("targets") or [])]

    def clickable(self, seat: int) -> bool:
        if self.session.hot_seat and self.shown_seat is None and self.session.ballot is None:
            return False
        return bool(self.seat_actions(seat))

    def click_seat(self, seat: int) -> None:
        actions = self.seat_actions(seat)
        if not actions or self.feed.pending:
            return
        kind = actions[0]["type"]
        if kind == "vote" or (kind == "peek" and "die" not in actions[0]):
            self.send(actions[0])
        elif kind == "peek":
            self.peek_target = seat
        elif kind == "followers":
            if all(len(a["targets"]) == 1 for a in self.feed.legal):
                self.send({"type": "followers", "targets": [seat]})
                return
            if seat in self.selected:
                self.selected.remove(seat)
            else:
                self.selected = sorted([*self.selected, seat])
                need = len(self.feed.legal[0]["targets"])
                self.selected = self.selected[-need:]

    # -- drawing -------------------------------------------------------------------------
    def draw_table(self, surface: pygame.Surface) -> None:
        view = self.session.view()
        size = surface.get_size()
        if view is None:
            surface.fill((40, 26, 17))
            return
        k = read(view)
        self.k = k
        self._notice_changes(k)
        lay = self.layout(size, k.n, self.table_bottom(k.me))
        t = lay.table
        night = k.phase in ("night", "choose_die", "followers")
        surface.blit(tabletop(size[0], size[1], (t.x, t.y, t.w, t.h), int(lay.rx),
                                   int(lay.ry), lay.center[0], lay.center[1], night), (0, 0))
        draw.clock(surface, k, lay)
        draw.cheese(surface, k, lay, self.motion, self.time)
        hover = seat_at(lay, self.mouse)
        away = self.away()
        for s in range(k.n):
            draw.seat_items(surface, s, k, lay, self.motion, self.time)
        draw.arrows(surface, k, lay, self.motion, self.time)
        face = pygame.Rect(0, 0, int(lay.unit * 1.5), int(lay.unit * 1.5))
        face.center = (lay.center[0], lay.center[1] - int(lay.ry * 0.12))  # the clock
        taken: list[pygame.Rect] = [face]
        said: list[draw.Said] = []
        names = [draw.name_rect(s, k, lay, self.name(s)) for s in range(k.n)]
        for s in range(k.n):
            hot = self.clickable(s) and (hover == s or s in self.selected
                                         or s == self.peek_target)
            ring = self.clickable(s)
            if ring and not hot:
                pygame.draw.circle(surface, (255, 230, 140), lay.seats[s], int(lay.unit * 0.52), 2)
            draw.seat_mouse(surface, s, k, lay, self.name(s), self.motion, self.time, hot,
                            away=s in away, taken=taken, said=said, names=names)
        banner = self.narrator.band(self.session.clock, lay.table, lay.text + 4, self.still())
        if banner is not None:
            taken.append(banner)
        self.motion.wait_for_room(
            said, draw.bubbles(surface, said, taken, lay.text, self.motion.waiting), self.time)
        draw.hour_call(surface, k, lay, self.motion, self.time)
        said_to_all = self.narrator.draw(surface, self.session.clock, lay.table, lay.text + 4,
                                         self.still())
        self.overlays.banner_top = 0 if said_to_all is None else said_to_all + lay.text // 2
        if k.phase == "over":
            self.draw_result(surface, k, lay)
        else:
            self.draw_bar(surface, k, lay)
        chat_h = self.chat_height(lay)
        self.side.draw(surface, lay.side, k, self.name, self.session.feed.log,
                       self.session.countdown(), chat_h)
        self.chat_area(surface, lay, chat_h)

    def prompt(self, k: Knowledge) -> str:
        legal = self.feed.legal
        kinds = {a["type"] for a in legal}
        if self.shown_seat is None and not self.session.humans:
            return tr("wait.night") if k.phase == "night" else ""
        if self.session.ballot is not None and "vote" in kinds:
            return tr("ballot.vote", name=self.name(self.session.ballot))
        if self.shown_seat is None:
            if k.phase == "discussion":
                return tr("prompt.discussion_all")  # the one button is everyone's
            return tr("wait.night") if k.phase in ("night", "followers") else tr("wait.others")
        if "choose_die" in kinds:
            return tr("prompt.choose_die")
        if "take" in kinds:
            return tr("prompt.take_or_wait") if "pass" in kinds else tr("prompt.take")
        if "peek" in kinds:
            return tr("prompt.peek4") if k.n == 4 else tr("prompt.peek")
        if "followers" in kinds:
            if all(len(a["targets"]) == 1 for a in legal) and k.n == 5:
                return tr("prompt.followers_witness")
            return tr("prompt.followers", n=len(legal[0]["targets"]))
        if "vote" in kinds:
            return tr("prompt.vote")
        if "ready" in kinds and self.session.hot_seat:
            return tr("prompt.morning_look")  # readiness is said on the screen everyone sees
        if "ready" in kinds:
            return tr("prompt.discussion")
        if k.phase == "night" and k.you.get("awake"):
            return self.awake_words(k)
        if k.phase == "night":
            hours = [int(h) for h in k.you.get("wake_hours") or []]
            return tr("asleep") if any(h > k.hour for h in hours) else tr("asleep_till_morning")
        return tr("wait.others") if k.phase != "over" else ""

    def still(self) -> str | None:
        """What the person at this screen has yet to do before eyes close, if anything
        (``Narrator.STILL``); nobody's, with no seat shown."""
        if self.shown_seat is None:
            return None
        kinds = {a["type"] for a in self.feed.legal}
        if "take" in kinds:
            return "take_or_wait" if "pass" in kinds else "take"
        return next((kind for kind in ("choose_die", "peek") if kind in kinds), None)

    def own_choices(self) -> list[dict[str, Any]]:
        """At a shared screen readiness is said together, on the screen everyone sees,
        so a person's own look never waits for it."""
        legal = self.feed.legal
        if self.session.hot_seat:
            return [a for a in legal if a.get("type") != "ready"]
        return legal

    def done_words(self) -> str:
        """Eyes close only at night; by day the person simply passes the screen on."""
        dark = self.k is not None and self.k.phase in ("choose_die", "night", "followers")
        return tr("act.done") if dark else tr("act.done_pass")

    def awake_words(self, k: Knowledge) -> str:
        others = [s for s in range(k.n) if k.awake[s] and s != k.me]
        who = tr("awake_with", names=names_of(others, self.name)) if others else tr("awake_alone")
        cheese = "present" if k.cheese_on_table else "gone"
        if k.cheese_at is not None and k.cheese_at == k.me:
            return f"{who}  {tr('cheese.yours')}"  # the Thief, who has just taken it
        if k.cheese_at is not None and k.cheese_at != k.me and k.thief is not None:
            return f"{who}  {tr('cheese.taken', name=self.name(k.thief))}"
        return f"{who}  {tr('cheese.' + cheese)}"

    def draw_bar(self, surface: pygame.Surface, k: Knowledge, lay: Layout) -> None:
        bar = lay.bar
        fill(surface, (34, 22, 14), bar)
        pygame.draw.line(surface, ACCENT, bar.topleft, bar.topright, 2)
        size = lay.text
        words = self.prompt(k)
        if k.phase == "night" and k.you.get("awake") and self.feed.legal:
            words = f"{self.awake_words(k)}  {words}"
        if words:
            prompt_line(surface, bar, words, size)
        area = pygame.Rect(bar.left + 10, bar.top + int(size * 2), bar.width - 20,
                           bar.height - int(size * 2.2))
        specs = self.button_specs(k)
        if specs:
            self.buttons += row_of_buttons(specs, area, size)
        else:
            self.draw_done_button(area, size)

    def button_specs(self, k: Knowledge) -> list[tuple[str, str, Any]]:
        legal = self.feed.legal
        specs: list[tuple[str, str, Any]] = []
        if self.shown_seat is None:
            together = self.session.public_actions()
            if together:
                def ready_all() -> None:
                    for seat, action in together:
                        self.session.feeds[seat].send(action)
                specs.append(("ready", tr("everyone_ready"), ready_all))
            return specs
        if self.feed.pending:
            return specs
        for action in self.own_choices():
            kind = action["type"]
            if kind == "choose_die":
                value = k.dice[k.me][action["die"]] if k.me is not None else "?"
                label = tr("act.die", n=action["die"] + 1, v=value)
                specs.append((f"choose_die{action['die']}", label, self._sender(action)))
            elif kind == "take":
                specs.append(("take", tr("act.take"), self._sender(action)))
            elif kind == "pass":
                waits = any(a["type"] == "take" for a in legal)
                label = tr("act.wait") if waits else tr("act.pass")
                specs.append(("pass", label, self._sender(action)))
            elif kind == "ready":
                specs.append(("ready", tr("act.ready"), self._sender(action)))
            elif kind == "peek" and "die" in action and action["target"] == self.peek_target:
                specs.append((f"peek_die{action['die']}", tr("act.peek_die", n=action["die"] + 1),
                              self._sender(action)))
        if legal and legal[0]["type"] == "followers" and len(legal[0]["targets"]) > 1:
            chosen = {"type": "followers", "targets": list(self.selected)}
            ok = chosen in legal
            specs.append(("followers", tr("act.confirm"), self._sender(chosen) if ok else None))
        specs += [(key, words, self._sender(action)) for key, words, action in self.take_backs()]
        return specs

    def _sender(self, action: Mapping[str, object]) -> Any:
        return lambda: self.send(action)

    def chat_height(self, lay: Layout) -> int:
        """Room for the chat, only while table talk is open for this seat."""
        if not may_talk(self.session, self.shown_seat):
            return 0
        return Talk.height(max(11, lay.text - 2))

    def chat_area(self, surface: pygame.Surface, lay: Layout, height: int) -> None:
        """Quick emotes and the chat line, the talk box every table shares."""
        if not height:
            self.talk.close()
            return
        side = lay.side
        box = pygame.Rect(side.left + 8, side.bottom - height, side.width - 16, height - 8)
        self.buttons += self.talk.draw(surface, box, max(11, lay.text - 2))

    def draw_result(self, surface: pygame.Surface, k: Knowledge, lay: Layout) -> None:
        """The result in the bar under the table, so the revealed table stays in sight."""
        bar = lay.bar
        fill(surface, (34, 22, 14), bar)
        pygame.draw.line(surface, ACCENT, bar.topleft, bar.topright, 2)
        if self.motion.arrows is not None and self.time - self.motion.arrows < draw.ARROWS_SECONDS:
            return
        if not self._result_sound:
            self._result_sound = True
            won = k.you.get("won") if k.you else None
            self.app.audio.play("win" if won else ("lose" if won is False else "reveal"))
        size = lay.text
        left = bar.left + size
        title = tr(f"result.{k.side}")
        won = k.you.get("won") if k.you else None
        if won is not None:
            title += "  " + tr("result.you_won" if won else "result.you_lost")
        area = pygame.Rect(bar.centerx + bar.width // 6, bar.top, bar.width // 3, bar.height)
        specs: list[tuple[str, str, Any]] = [("menu", tr("back_menu"), self.app.pop)]
        if self.restart is not None:
            specs.append(("again", tr("again"), self._again))
        buttons = row_of_buttons(specs, area, size)
        self.buttons += buttons
        # the words keep left of the buttons, the line under the title beside them too,
        # stepping down toward their 100% size and then cut: at 150% in 800x500 the
        # buttons stand one over the other, and the most-voted names ran on under "Play
        # again" (in Japanese at 100% too, under "Back to menu")
        room = pygame.Rect(left, bar.top, min(b.rect.left for b in buttons) - size - left,
                           bar.height)
        big = int(size * 1.5)
        blit_text(surface, title, fit_size(title, big, room.width, at_100(big), True), ACCENT,
                  topleft=(left, bar.top + size // 2), bold=True, box=room)
        top = (tr("result.top", names=names_of(k.top, self.name)) if k.top
               else tr("result.no_votes"))
        y = bar.top + int(size * 3)
        if y >= max(b.rect.bottom for b in buttons):  # (below them, the whole bar's width)
            room = pygame.Rect(left, y, bar.right - size - left, bar.bottom - y)
        small = fit_size(top, size, room.width, at_100(size))
        blit_text(surface, shorten(top, small, room.width), small, INK, topleft=(left, y),
                  box=room)

    def _again(self) -> None:
        if self.restart is not None:
            scene: Scene = self.restart()
            self.app.replace(scene)

    def event_words(self, event: Mapping[str, object]) -> str | None:
        return describe(event, self.name, self.k.n if self.k is not None else 0)

    def take_backs(self) -> list[TakeBack]:
        """Ready to vote, until the vote opens: one's own, or one a stand-in said."""
        k = self.k
        if k is None or k.me is None or self.session.hot_seat or self.feed.pending:
            return []
        if k.phase == "discussion" and k.ready[k.me]:
            return [("unready", tr("standin.undo_ready"), {"type": "unready"})]
        return []


__all__ = ["CheeseThiefScene", "Button", "Scene"]
