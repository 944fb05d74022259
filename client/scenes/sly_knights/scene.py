"""The Sly Knight Robbery table, seen from above, for 2-4 knights.

Choosing: click two hand cards and confirm. Playing: click a hand card, and the score
cards it may go on light up (with or without a pig, as the switch says); click one.
Every clickable thing comes from the legal actions the host sent.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, cast

import pygame

from client import i18n
from client.app import App, Scene
from client.assets import scaled
from client.curtain import STEADY
from client.i18n import tr
from client.kit import ink
from client.kit.fill import fill
from client.kit.hold import (
    HoldWatch,
    draw_hold_words,
    held,
    hold_key,
    hold_words,
    summary_buttons,
)
from client.kit.prompt import bar_caption, bar_ground, bar_prompt, buttons_beside
from client.kit.rules_panel import RulesOverTable, rules_panel
from client.kit.widgets import DARK, INK, blit_text, row_of_buttons, shade
from client.scenes.sly_knights import art, beliefs, draw, overlay
from client.scenes.sly_knights.knowledge import PIG_AND_PIG, Knowledge, read
from client.scenes.sly_knights.layout import Layout, column_at, compute, hand_slots
from client.scenes.sly_knights.panel import SidePanel
from client.scenes.sly_knights.seat import seat_tile
from client.scenes.sly_knights.turn import SlyTurn
from client.scenes.sly_knights.words import describe, say
from client.scenes.still import StillCache
from client.scenes.talking import Talking
from client.session import Session
from core.games.sly_knights.shapes import SlyLine

SUMMARY_SECONDS = 6.0
RESETS = ("round", "reveal", "play", "pass", "round_end", "game_end")
CATCH_UP = 8
SOUNDS = {"play": "click", "pass": "vote", "reveal": "reveal", "round_end": "chime",
          "spare_drawn": "roll", "chosen": "vote", "round": "chime"}


class SlyKnightsScene(RulesOverTable, SlyTurn, Talking, StillCache):
    belief_grid = beliefs.GRID

    def __init__(self, app: App, session: Session, *, restart: Any = None) -> None:
        super().__init__(app, session, restart=restart)
        self.motion = draw.Motion()
        self.side = SidePanel()
        self.summary: tuple[float, SlyLine] | None = None
        self.last_summary: SlyLine | None = None
        self.reread: tuple[float, SlyLine] | None = None
        """The summary a person opened again from the end panel, which stays until
        Continue: a watched table's own close by themselves so that the game goes on,
        but after the end nothing goes on, and at x8 it closed in under a second."""
        self.kept: list[int] = []
        self.passed: set[int] = set()
        self.show_rules = False
        self.rules_scroll = 0
        self._rules_limit = 0
        self._paused_by_me = False
        self._held: object = None
        self._seats: dict[int, tuple[Any, pygame.Surface, tuple[int, int]]] = {}
        self._over_at: float | None = None
        self._end_sound = False
        self.hold_watch = HoldWatch()

    # -- news --------------------------------------------------------------------------
    def on_events(self, events: Sequence[Mapping[str, object]], public: bool) -> None:
        lone = None not in self.session.feeds
        motion, now = self.motion, self.time
        skip = len(events) - CATCH_UP if len(events) > CATCH_UP else 0
        for index, event in enumerate(events):
            event = cast(SlyLine, event)
            kind = str(event.get("type"))
            if kind == "penalty":
                if not public:
                    self.kept = [int(c) for c in event["cards"]]
                continue
            if not (public or lone):
                continue
            if kind == "round":
                self.passed = set()
            elif kind == "pass":
                self.passed.add(int(event["seat"]))
            elif kind == "play":
                self.passed = set()
            if index < skip:
                continue
            if kind in SOUNDS:
                self.app.audio.play(SOUNDS[kind])
            if kind == "play":
                target = int(event["target"])
                plays = self._plays_on(target)
                motion.flights[(target, max(0, plays - 1))] = (now, int(event["seat"]),
                                                               bool(event["pig"]))
            elif kind == "reveal":
                motion.reveal = (now, dict(event))
            elif kind == "pass":
                motion.bubbles[int(event["seat"])] = (now, say("act.pass"))
            elif kind in ("chat", "emote"):
                words = (tr(f"emote.{event['emote']}") if kind == "emote"
                         else str(event["text"])[:18])
                motion.bubbles[int(event["seat"])] = (now, words)
            elif kind == "spare_drawn":
                motion.bubbles[int(event["seat"])] = (now, say("act.spare"))
            elif kind == "round_end":
                self.summary = (now, event.copy())
                self.last_summary = event.copy()
            elif kind == "game_end":
                self._ended = True  # the last round's summary is read first
        if any(e.get("type") in RESETS for e in events):
            # The turn or the round moved on; others choosing or talking leave picks be.
            self.picked, self.pig = [], False

    def _plays_on(self, target: int) -> int:
        view = self.session.view() or {}
        cards = view.get("score_cards") or []
        return len(cards[target]["plays"]) if target < len(cards) else 0

    @property
    def animating(self) -> bool:  # type: ignore[override]
        ending = self._over_at is not None and self.time - self._over_at < 4
        return (self.motion.busy(self.time) or self.summary is not None
                or self.talk.ui is not None or ending)

    def moving(self) -> bool:
        k = self.k
        return (self.motion.moving(self.time, 0 if k is None else len(k.score_cards))
                or self.talk.typing() or self._penalty_card_turning(k)
                or self.side_behind(self._layout))

    def look(self) -> tuple[object, ...]:
        """The round's summary stands still; its waiting line counts the seconds. The
        reveal's ring and the bubbles move a pixel every few frames (``Motion.look``)."""
        held_words = hold_words(self.session, self.session.clock) if self.summary else ""
        lay, k = self._layout, self.k
        moved = () if lay is None or k is None else self.motion.look(lay, k, self.time)
        return id(self.summary), held_words, self._penalties_turning(), *moved

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.watching and self.session.speed > 1:
            self.time += dt * (min(self.session.speed, 8.0) - 1)
        if self.watching:
            self._hold_for_show()
        if self._ended and self._over_at is None and self.summary is None:
            self._over_at = self.time  # the last round read: the penalties turn over
        if self.hold_watch.ended(self.session):
            self.summary = None  # everyone has read it: the next round is on
        elif held(self.session) and self.summary is None and self.last_summary is not None:
            self.summary = (self.time, self.last_summary)  # the table waits on it

    def _hold_for_show(self) -> None:
        """A watched table waits while the reveal or a round's captures are shown."""
        reveal = self.motion.reveal
        showing = self.summary or (reveal if reveal is not None
                                   and self.time - reveal[0] < 2.6 else None)
        if self.summary is not None and self.summary is not self.reread \
                and self.time - self.summary[0] > SUMMARY_SECONDS:
            self.summary = None
            showing = None
        if showing is not None and showing is not self._held and not self.session.paused:
            self._held = showing
            self.session.paused = self._paused_by_me = True
        elif showing is None and self._paused_by_me:
            self.session.paused = self._paused_by_me = False

    # -- input -----------------------------------------------------------------------------
    def handle_key(self, event: pygame.event.Event) -> bool:
        if self.rules_key(event.key):
            return True
        if event.key == pygame.K_ESCAPE and (self.show_rules or self.picked):
            self.show_rules, self.picked, self.pig = False, [], False
            return True
        if event.key == pygame.K_ESCAPE and self.summary is not None \
                and self.summary is self.reread:
            self._close_summary()  # (the last round opened again over the end: back to it)
            return True
        return super().handle_key(event)

    def handle_table(self, event: pygame.event.Event) -> None:
        if self.rules_input(event, self.k is not None):
            return
        if self.summary is not None:
            # While the table holds, only Continue closes it; else a click on the table
            # does, once the summary has stood a moment: the second click of a
            # double-click on *Round summary* is not one.
            if not held(self.session) and self.time - self.summary[0] >= STEADY:
                self.summary = None
            return
        self.click(event.pos)

    # -- drawing -----------------------------------------------------------------------------
    def draw_table(self, surface: pygame.Surface) -> None:
        view = self.session.view()
        if view is None:
            surface.fill((40, 26, 17))
            return
        k = read(view)
        self.k = k
        self.picked = [c for c in self.picked if c in k.hand]
        size = surface.get_size()
        lay = self._layout
        bottom = self.table_bottom(k.me)
        if lay is None or lay.size != size or len(lay.seats) != k.n or self._bottom != bottom:
            lay = self._layout = compute(size, k.n, bottom)
            self._bottom = bottom
        self.blit_still(surface, lay, k)
        now = self.time
        covered = self.summary is not None or self.show_rules or (
            k.phase == "over" and not self._penalties_turning())
        if covered:  # an overlay is up: nothing moves over it
            self._draw_over(surface, lay, k)
            return
        draw.flights(surface, lay, k, self.motion, now)
        draw.reveal(surface, lay, k, self.motion, now)
        caption = draw.reveal_caption(k, self.motion, now, self.name)
        if caption:
            bar_caption(surface, lay.bar, caption, lay.text, self.buttons)
        for s in range(k.n):
            draw.bubble(surface, lay, s, self.motion, now)
        self._draw_over(surface, lay, k)
        if k.phase == "over" and self.summary is None and self._penalties_turning():
            self.draw_end(surface, lay, k, animate=True)

    def _draw_over(self, surface: pygame.Surface, lay: Layout, k: Knowledge) -> None:
        """What is drawn every frame beside the table: the timer, the talk, and the
        summary's waiting line."""
        self.side.draw_timer(surface, k, self.clock_left())
        self.draw_talk(surface, lay.side, lay.text)
        if self.summary is not None:
            area = lay.table.inflate(-lay.text * 2, -lay.text * 2)
            draw_hold_words(surface, self.session, self.session.clock, area, lay.text)

    _bottom: int | None = -1

    def _penalties_turning(self) -> bool:
        """The end stands drawn as it animates (its buttons shown, not yet pressable)."""
        return self._over_at is not None and self.time - self._over_at < 4.0

    def _penalty_card_turning(self, k: Knowledge | None) -> bool:
        """A penalty card of the end is turning over: the end moves frame by frame
        only until the last lies face up, not for the whole ``_penalties_turning``."""
        count = 0 if k is None else sum(len(cards or []) for cards in k.penalties)
        return (self._penalties_turning() and self._over_at is not None
                and self.time - self._over_at <= overlay.penalties_turned(count))

    def _still_key(self, k: Knowledge, lay: Layout) -> tuple[Any, ...]:
        session = self.session
        hover = column_at(lay, self.mouse, [len(sc.plays) for sc in k.score_cards])
        hand = next((i for i, r in enumerate(hand_slots(lay, len(k.hand)))
                     if r.collidepoint(self.mouse)), None)
        return (
            tuple(f.updates for f in session.feeds.values()), session.shown, session.show_all,
            i18n.generation, lay.size, tuple(self.picked), self.pig, hover, hand,
            self.feed.pending, tuple(sorted(self.motion.flying(self.time))),
            self.motion.revealing(self.time, len(k.score_cards)), id(self.summary),
            self._penalties_turning(), self.show_rules, self.rules_scroll,
            tuple(sorted(self.away())), tuple(sorted(self.passed)),
            bool((spare := self.spare_rect(lay, k)) and spare.collidepoint(self.mouse)),
            self.can_talk(), hold_key(self.session), self.round_read(),
        )

    def _paint_still(self, surface: pygame.Surface, lay: Layout, k: Knowledge) -> None:
        surface.blit(draw.background(lay), (0, 0), pygame.Rect(0, 0, lay.side.left, lay.size[1]))
        away = self.away()
        for s in range(k.n):
            seat_key = (s, lay.size, k.me, self.name(s), k.turn, k.phase, k.chosen[s],
                        k.hand_sizes[s], k.spare_drawn[s], k.pigs[s], k.taken(s),
                        k.penalty_counts[s], s in away, s in self.passed, s in k.winners,
                        i18n.generation)
            tile = self._seats.get(s)
            if tile is None or tile[0] != seat_key:
                image, origin = seat_tile(lay, k, s, self.name(s), s in away,
                                               s in self.passed)
                tile = (seat_key, image, origin)
                self._seats[s] = tile
            ink.paste(surface, tile[1], tile[2])
        draw.owner_labels(surface, lay, k, self.name)
        if k.phase == "choose":
            draw.chosen_backs(surface, lay, k)
        else:
            targets = self.targets()
            hover = column_at(lay, self.mouse, [len(sc.plays) for sc in k.score_cards])
            flipping = self.motion.revealing(self.time, len(k.score_cards))
            skip = self.motion.flying(self.time)
            for sc in k.score_cards:
                ring = (2 if sc.index == hover else 1) if sc.index in targets else (
                    -1 if self.picked else 0)
                draw.column(surface, lay, k, sc, ring, skip, face=not flipping)
        self.draw_bar(surface, lay, k)
        area = lay.table.inflate(-lay.text * 2, -lay.text * 2)
        if self.summary is not None:
            hide_table(surface, lay)
            closing = summary_buttons(self.session, area, lay.text, self._close_summary)
            overlay.summary_panel(surface, lay, self.summary[1], self.name, area, k.me,
                                  self.kept, closing)
            self.buttons += closing
        elif k.phase == "over" and not self._penalties_turning():
            self.draw_end(surface, lay, k, animate=False)
        if self.show_rules:
            self._rules_limit = rules_panel(surface, area, "sly_knights", lay.text,
                                            self.rules_scroll)

    def settle(self) -> None:
        """A round summary from before these eyes arrived is the past."""
        super().settle()
        self.summary = None

    def _close_summary(self) -> None:
        self.summary = None

    OWN_SUMMARY = True
    _ended = False

    def finale_shown(self) -> bool:
        """The last round's captures have been read and the penalties turned over
        before anything sums the game up."""
        return self._over_at is not None and not self._penalties_turning()

    def prompt(self, k: Knowledge) -> str:
        if k.phase == "over":
            return ""
        if self.feed.hold is not None or self.round_read() is not None:
            return tr("hold.reading")  # (a watched table stands still for it too)
        if not self.can_act:
            if k.phase == "choose":
                mine = k.me is not None and k.chosen[k.me]
                return say("prompt.chosen") if mine else say("wait.others")
            return say("wait.turn", name=self.name(k.turn)) if k.turn is not None else ""
        if self.legal_of("choose"):
            return say("prompt.choose_one") if len(self.picked) == 1 else say("prompt.choose")
        if not self.legal_of("play"):
            return say("prompt.pass")
        if not self.picked:
            return say("prompt.play")
        return say("prompt.target") if self.targets() else say("prompt.no_target")

    def draw_bar(self, surface: pygame.Surface, lay: Layout, k: Knowledge) -> None:
        bar, size = lay.bar, lay.text
        bar_ground(surface, bar)
        drawn = len(self.buttons)
        specs: list[tuple[str, str, Any]] = []
        if self.can_act:
            if self.legal_of("choose"):
                action = self.choose_action()
                specs.append(("confirm", say("act.confirm"),
                              (lambda: self.send(action)) if action else None))
            if self.pig_possible():
                specs.append(("pig", say("act.pig_on" if self.pig else "act.pig_off"),
                              self.toggle_pig))
            for kind, label in (("draw_spare", "act.spare"), ("pass", "act.pass")):
                found = self.legal_of(kind)
                if found:
                    specs.append((kind, say(label), self._sender(found[0])))
            if self.picked:
                specs.append(("cancel", say("act.cancel"), self._cancel))
        row = pygame.Rect(bar.centerx - size * 4, bar.top + 2, bar.width // 2 + size * 3,
                          int(size * 2.4))
        words = self.prompt(k)
        if specs:
            least = max(12, lay.size[1] // 48)
            self.buttons += buttons_beside(specs, row, scaled(least), least, bar, words, size)
        elif k.phase != "over":
            self.draw_done_button(row, scaled(max(12, lay.size[1] // 48)))
        self.prompt_at = bar_prompt(surface, bar, words, size, self.buttons[drawn:])
        self.draw_hand(surface, lay, k)

    def draw_hand(self, surface: pygame.Surface, lay: Layout, k: Knowledge) -> None:
        cw, ch = lay.hand_card
        seat = k.me if k.me is not None else (k.turn if k.omniscient else None)
        if seat is None:
            return
        cards = k.hand if k.me is not None else (k.hands[seat] or [])
        rects = self.hand_rects(lay, k) if k.me is not None else hand_slots(lay, len(cards))
        live = self.clickable_cards() if k.me is not None else set()
        if k.me is None and rects:
            blit_text(surface, f"{self.name(seat)}: " + say("hand_n", n=len(cards)),
                      max(10, lay.text - 2), (210, 190, 160),
                      topleft=(lay.bar.left + lay.text, rects[0].centery - lay.text // 2))
        for card, rect in zip(cards, rects, strict=True):
            surface.blit(art.number(seat, card, cw, ch), rect)
            if card in self.picked:
                pygame.draw.rect(surface, draw.HOT, rect.inflate(4, 4), 3, border_radius=8)
            elif card in live and rect.collidepoint(self.mouse):
                pygame.draw.rect(surface, draw.HOT, rect.inflate(2, 2), 2, border_radius=8)
            elif live and card not in live or (card == PIG_AND_PIG and self.legal_of("choose")):
                surface.blit(shade(cw, ch, 130, (20, 14, 10)), rect)
        at = self.spare_rect(lay, k)
        if k.me is not None and at is not None:
            spare = art.back(k.me, int(cw * 0.8), int(ch * 0.8), True)
            surface.blit(spare, at)
            if self.legal_of("draw_spare"):
                hover = at.collidepoint(self.mouse)
                pygame.draw.rect(surface, draw.HOT, at.inflate(6, 6), 4 if hover else 2,
                                 border_radius=8)
            blit_text(surface, say("spare"), max(9, lay.text - 3), INK,
                      center=(at.centerx, at.bottom + lay.text // 2))

    def _cancel(self) -> None:
        self.picked, self.pig = [], False

    def _sender(self, action: Mapping[str, object]) -> Any:
        return lambda: self.send(action)

    def draw_end(self, surface: pygame.Surface, lay: Layout, k: Knowledge, animate: bool) -> None:
        if not self._end_sound:
            self._end_sound = True
            won = None if k.me is None else k.me in k.winners
            self.app.audio.play("win" if won else ("lose" if won is False else "reveal"))
        area = lay.table.inflate(-lay.text * 2, -lay.text * 2)
        t = self.time - self._over_at if self._over_at is not None else 99.0
        hide_table(surface, lay)
        overlay.end_panel(surface, lay, k, self.name, area, t if animate else 99.0,
                          overlay.history(self.feed.log, k.n))
        specs: list[tuple[str, str, Any]] = []
        if self.last_summary is not None:
            last = self.last_summary
            specs.append(("last_round", say("last_round_btn"), lambda: self._reread(last)))
        specs.append(("menu", tr("back_menu"), self.app.pop))
        if self.restart is not None:
            specs.append(("again", tr("again"), self._again))
        row = pygame.Rect(area.left, area.bottom - lay.text * 4, area.width, lay.text * 3)
        buttons = row_of_buttons(specs, row, lay.text)
        if animate:
            for button in buttons:
                button.draw(surface, self.mouse, lay.text)
        else:
            self.buttons += buttons

    def _reread(self, last: SlyLine) -> None:
        self.summary = self.reread = (self.time, last)

    def _again(self) -> None:
        if self.restart is not None:
            scene: Scene = self.restart()
            self.app.replace(scene)

    def round_summary(self) -> Mapping[str, object] | None:
        return None if self.summary is None else self.summary[1]

    def event_words(self, event: Mapping[str, object]) -> str | None:
        return describe(event, self.name)

__all__ = ["SlyKnightsScene"]


def hide_table(surface: pygame.Surface, lay: Layout) -> None:
    """The table goes dark under a panel people read: a name the panel's edge would cut
    in half is not left showing below it."""
    fill(surface, DARK, lay.table)
    ink.cover(surface, lay.table)
