"""The Choose! table, seen from above, for 2-5 seats.

A turn is a card from the hand, then its target on the table: your kitchen for a
pickup, another kitchen's mouse for a steal, any mouse for a nest or a camera. Every
clickable card and mouse comes from the legal actions the host sent, so the interface
cannot make an illegal move; a refusal from the host appears in words.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, cast

import pygame

from client import i18n
from client.app import App
from client.curtain import STEADY
from client.i18n import tr
from client.kit import ink
from client.kit.bubble import draw_placed
from client.kit.hold import (
    HoldWatch,
    draw_hold_words,
    held,
    hold_key,
    hold_words,
    summary_buttons,
)
from client.kit.prompt import bar_caption
from client.kit.rules_panel import RulesOverTable, rules_panel
from client.scenes.choose import beliefs, draw, overlay
from client.scenes.choose.bar import ChooseBar
from client.scenes.choose.knowledge import Knowledge, read
from client.scenes.choose.layout import Layout, compute, hand_slots, stack_at
from client.scenes.choose.panel import SidePanel
from client.scenes.choose.words import describe, say
from client.scenes.still import StillCache
from client.scenes.talking import Talking
from client.session import Session
from core.games.choose.shapes import ChooseLine

FLIP_SECONDS = 7.0
"""How long a watched table shows a round's flip before it plays on."""

CATCH_UP = 8
"""A batch longer than this is a screen catching up (joining late, a redraw of the whole
log): only its last events are played out, the rest just go into the record."""

SOUNDS = {"pickup": "wake", "steal": "theft", "nest": "vote", "camera": "chime",
          "exterminator": "roll", "sleepy": "click", "round_end": "reveal", "round": "chime"}


class ChooseScene(RulesOverTable, ChooseBar, Talking, StillCache):
    belief_grid = beliefs.GRID

    def __init__(self, app: App, session: Session, *, restart: Any = None) -> None:
        super().__init__(app, session, restart=restart)
        self.motion = draw.Motion()
        self.side = SidePanel()
        self.revealed: dict[int, list[str]] = {}
        """Per stack, identities steals have turned face up (public), oldest first."""
        self.flip: tuple[float, ChooseLine] | None = None
        self.show_rules = False
        self.rules_scroll = 0
        self._rules_limit = 0
        self._paused_by_me = False
        self._held: object = None
        self._seats: dict[int, tuple[Any, pygame.Surface, tuple[int, int], pygame.Rect]] = {}
        self._spots: dict[int, tuple[int, int]] = {}
        """Where each mouse stood at the last paint: a steal starts from there."""
        self._end_sound = False
        self.hold_watch = HoldWatch()
        self.last_flip: ChooseLine | None = None

    # -- news --------------------------------------------------------------------------
    def on_events(self, events: Sequence[Mapping[str, object]], public: bool) -> None:
        lone = None not in self.session.feeds
        motion, now = self.motion, self.time
        catching_up = len(events) > CATCH_UP
        for index, event in enumerate(events):
            event = cast(ChooseLine, event)
            kind = str(event.get("type"))
            if catching_up and index < len(events) - CATCH_UP and kind != "steal":
                continue
            if kind in ("robo_saw", "camera_saw"):
                if public:
                    continue
                if kind == "robo_saw":
                    for show in [motion.steal, *motion.queue]:
                        if show is not None and show.stack == event["stack"]:
                            show.robo_kind = str(event["kind"])
                else:
                    motion.peek = (now, int(event["stack"]), str(event["kind"]))
                continue
            if not (public or lone):
                continue
            if kind in SOUNDS:
                self.app.audio.play(SOUNDS[kind])
            seat = event.get("seat")
            if kind == "round":
                self.revealed = {}
            elif kind == "pickup":
                motion.arrive[int(event["stack"])] = (now, int(event["seat"]))
                motion.bubbles[int(event["seat"])] = (now, say("shout.pickup"))
            elif kind == "steal":
                sid = int(event["stack"])
                self.revealed.setdefault(sid, []).append(str(event["revealed"]))
                if catching_up and index < len(events) - CATCH_UP:
                    continue
                motion.queue.append(draw.StealShow(now, int(event["seat"]), int(event["robbed"]),
                                                   sid, str(event["revealed"]),
                                                   int(event["stolen"]) - 1,
                                                   src=self._spots.get(sid)))
                motion.bubbles[int(event["seat"])] = (now, say("shout.steal"))
            elif kind in ("pull_back", "robo"):
                for show in motion.queue:
                    if show.stack == event["stack"]:
                        show.reaction = kind
            elif kind == "nest":
                motion.nests[int(event["stack"])] = now
            elif kind in ("chat", "emote") and seat is not None:
                words = (tr(f"emote.{event['emote']}") if kind == "emote"
                         else str(event["text"])[:18])
                motion.bubbles[int(seat)] = (now, words)
            elif kind == "sleepy" and seat is not None:
                motion.bubbles[int(seat)] = (now, say("shout.sleepy"))
            elif kind == "round_end":
                self.flip = (now + 0.01, event.copy())
                self.last_flip = event.copy()
        if any(e.get("type") not in ("chat", "emote") for e in events):
            # The turn moved on: a half-made choice no longer applies. Talk leaves it be.
            self.selected, self.ext_stack = None, None
        motion.tick(now)

    @property
    def animating(self) -> bool:  # type: ignore[override]
        return self.motion.busy(self.time) or self.flip is not None or self.talk.ui is not None

    def moving(self) -> bool:
        return (self.motion.moving(self.time) or not self._flip_settled()
                or self.talk.typing() or self.side_behind(self._layout))

    def look(self) -> tuple[object, ...]:
        """The motion's edges, and each rising bubble where it is drawn: a bubble held
        at the table's edge or off a name stands still as it rises, and draws no new
        frame. (With the still table's key: placed off the seats as the last frame
        painted them.)"""
        lay, edges = self._layout, self.motion.edges(self.time)
        if self.flip is not None:  # the round's flip, once turned over, stands still
            return (*edges, id(self.flip), hold_words(self.session, self.session.clock))
        if lay is None:
            return edges
        risen = draw.bubbles(lay, len(lay.seats), self.motion, self.time, self._off_seats(lay))
        kitchens = set() if self.k is None else {m.stack for kit in self.k.kitchens
                                                  for m in kit}
        return (*edges, self._key if risen else None,
                self.motion.nest_rings(self.time, lay.card[0], kitchens),
                *(placed.shown() for placed in risen))

    def _off_seats(self, lay: Layout) -> list[pygame.Rect]:
        """What a shout keeps off: the seats' names, marks and hands, the kitchens,
        their titles and counts."""
        return [tile[1].get_rect(topleft=tile[2]).inflate(lay.text, lay.text)
                for tile in self._seats.values()] + list(lay.kitchens)

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.watching and self.session.speed > 1:
            # Shows keep pace with a watched table that runs fast.
            extra = dt * (min(self.session.speed, 8.0) - 1)
            self.time += extra
            dt += extra
        self.motion.tick(self.time, dt)
        if self.watching:
            self._hold_for_show()
        if self.flip is not None and self.flip is not self.reread and self.watching \
                and self.time - self.flip[0] > FLIP_SECONDS:
            self.close_flip()
        if self.hold_watch.ended(self.session):
            self.close_flip()  # everyone has read it: the next round is on
        elif held(self.session) and self.flip is None and self.last_flip is not None:
            self.flip = (self.time - 99.0, self.last_flip)  # the table waits on it

    def _hold_for_show(self) -> None:
        """A watched table waits while a steal or a round's flip plays out."""
        show = self.flip or self.motion.steal
        if show is not None and show is not self._held and not self.session.paused:
            self._held = show
            self.session.paused = self._paused_by_me = True
        elif show is None and self._paused_by_me:
            self.session.paused = self._paused_by_me = False

    def settle(self) -> None:
        """Steal shows end by the queue, not the clock; a round's flip from before is
        the past."""
        super().settle()
        self.motion.steal, self.motion.queue, self.flip = None, [], None

    OWN_SUMMARY = True

    def finale_shown(self) -> bool:
        """The last round's flip has been read (Continue, or a watched table's time)
        before the game-over summary takes the table."""
        return self.flip is None

    def close_flip(self) -> None:
        self.flip = None
        if self._paused_by_me:
            self.session.paused = self._paused_by_me = False

    # -- input -----------------------------------------------------------------------------
    def handle_key(self, event: pygame.event.Event) -> bool:
        if self.rules_key(event.key):
            return True
        if event.key == pygame.K_ESCAPE and (self.show_rules or self.selected is not None):
            self.show_rules, self.selected, self.ext_stack = False, None, None
            return True
        if event.key == pygame.K_ESCAPE and self.flip is not None and self.flip is self.reread:
            self.close_flip()  # (the last round opened again over the end: back to it)
            return True
        return super().handle_key(event)

    def handle_table(self, event: pygame.event.Event) -> None:
        if self._layout is None or self.rules_input(event, self.k is not None):
            return
        assert self.k is not None
        if self.flip is not None and self.k.phase != "over":
            # While the table holds, only Continue closes it; else a click on the table
            # does, once the flip has stood a moment (not the second click of the
            # double-click whose first ended the round).
            if not held(self.session) and self.time - self.flip[0] >= STEADY:
                self.close_flip()
            return
        self.click(event.pos)

    # -- drawing -------------------------------------------------------------------------
    def layout(self, size: tuple[int, int], n: int, bottom: int | None) -> Layout:
        lay = self._layout
        if lay is None or lay.size != size or len(lay.seats) != n or self._bottom != bottom:
            self._layout = lay = compute(size, n, bottom)
            self._bottom = bottom
        return lay

    _bottom: int | None = None

    def draw_table(self, surface: pygame.Surface) -> None:
        """The still parts are painted into a cached image only when something they show
        changed; moving parts (flights, the steal, shouts, the flip) go on top each frame."""
        view = self.session.view()
        if view is None:
            surface.fill((40, 26, 17))
            return
        k = read(view, self.revealed)
        self.k = k
        if self.selected is not None and self._kind(self.selected) is None:
            self.selected = None
        size = surface.get_size()
        lay = self.layout(size, k.n, self.table_bottom(k.me))
        self.blit_still(surface, lay, k)
        now, motion = self.time, self.motion
        if self.flip is not None or self.show_rules or k.phase == "over":
            self._draw_over(surface, lay, k)  # an overlay is up: nothing moves over it
            if self.flip is not None and not self._flip_settled():
                overlay.flip_panel(surface, lay, self.flip[1], now - self.flip[0], self.name,
                                   self._area(lay), self.mouse,
                                   [b for b in self.buttons if b.key == "continue"])
            if self.flip is not None:
                draw_hold_words(surface, self.session, self.session.clock, self._area(lay),
                                lay.text)
            return
        for s in range(k.n):
            draw.kitchen(surface, lay, k, s, motion, now, {}, moving=True)
        draw.steal_show(surface, lay, k, motion, now, [t[3] for t in self._seats.values()])
        for placed in draw.bubbles(lay, k.n, motion, now, self._off_seats(lay)):
            draw_placed(surface, placed)
        caption = draw.peek_caption(motion, now)  # the newer of a camera and a steal
        if motion.steal is not None and (caption is None or motion.peek is None
                                         or motion.steal.start > motion.peek[0]):
            caption = draw.steal_caption(motion.steal, now, self.name, k.me)
        if caption:
            bar_caption(surface, lay.bar, caption, lay.text, self.buttons)
        self._draw_over(surface, lay, k)

    def _draw_over(self, surface: pygame.Surface, lay: Layout, k: Knowledge) -> None:
        """What is drawn every frame beside the table: the timer and the talk."""
        self.side.draw_timer(surface, k, self.clock_left())
        self.draw_talk(surface, lay.side, lay.text)

    _board: tuple[Any, pygame.Surface | None] = ((), None)

    def _area(self, lay: Layout) -> pygame.Rect:
        """Where the round's flip and the result cover the table. Its foot never cuts
        through the bottom seat's name and score: at large text they reach below the
        usual margin, and the panel then covers them whole (it names every seat itself)."""
        area = lay.table.inflate(-lay.text * 2, -lay.text * 2)
        label_y = max(y for _, y in lay.seats) + int(lay.unit * 0.52)
        if label_y - lay.text <= area.bottom < label_y + lay.text:
            area.height = min(lay.table.bottom - 2, label_y + lay.text) - area.top
        return area

    def _flip_settled(self) -> bool:
        if self.flip is None:
            return True
        count = len(self.flip[1].get("stacks") or [])
        return self.time - self.flip[0] > count * overlay.FLIP_STEP + 0.6

    def _still_key(self, k: Knowledge, lay: Layout) -> tuple[Any, ...]:
        session, motion = self.session, self.motion
        hover = stack_at(lay, [[m.stack for m in kit] for kit in k.kitchens], self.mouse)
        hand = next((i for i, r in enumerate(hand_slots(lay, len(k.hand)))
                     if r.collidepoint(self.mouse)), None)
        moving = tuple(sid for sid, (t, _) in motion.arrive.items()
                       if self.time - t < draw.FLIES_FOR)
        hidden = tuple(sorted(motion.hidden()))
        flip = (id(self.flip), self._flip_settled(),
                self.mouse if self.flip is not None else None)
        return (
            tuple(f.updates for f in session.feeds.values()), session.shown, session.show_all,
            i18n.generation, lay.size, self.selected, self.ext_stack, hover, hand,
            self.feed.pending, moving, hidden,
            flip, self.show_rules, self.rules_scroll, tuple(sorted(self.away())),
            self.can_talk(), hold_key(self.session), self.round_read(),
        )

    def _paint_still(self, surface: pygame.Surface, lay: Layout, k: Knowledge) -> None:
        targets = self.stack_targets()
        hover = stack_at(lay, [[m.stack for m in kit] for kit in k.kitchens], self.mouse)
        rings = {sid: 2 if sid == hover else 1 for sid in targets}
        if self.ext_stack is not None:
            rings[self.ext_stack] = 2
        hot = k.me if self.pickup_action() is not None else None
        names = tuple(self.name(s) for s in range(k.n))
        board_key = (lay.size, k.n, k.me, hot, tuple(not kit for kit in k.kitchens),
                     i18n.generation, names)
        board = self._board[1]
        if board_key != self._board[0] or board is None:
            board = draw.board(lay, hot, board_key[4], names, into=board)
            self._board = (board_key, board)
        ink.paste(surface, board, (0, 0), pygame.Rect(0, 0, lay.side.left, lay.size[1]))
        away = self.away()
        for s in range(k.n):
            # (only whether it is this seat's turn, or its win: a turn passing on
            # repaints the two seats it concerns, not all of them)
            seat_key = (s, lay.size, k.me, self.name(s), k.totals[s], tuple(k.hands[s]),
                        k.turn == s and k.phase == "play", k.phase == "over" and s in k.winners,
                        s in away, i18n.generation)
            tile = self._seats.get(s)
            if tile is None or tile[0] != seat_key:
                image, score = draw.seat_image(lay, k, s, self.name(s), s in away)
                tile = (seat_key, image, draw.seat_origin(lay, s), score)
                self._seats[s] = tile
            ink.paste(surface, tile[1], tile[2])
        for s in range(k.n):
            draw.kitchen(surface, lay, k, s, self.motion, self.time, rings)
        self._spots = {m.stack: pos for s, kit in enumerate(k.kitchens)
                       for m, pos in zip(kit, lay.slots(s, len(kit)), strict=True)}
        self.draw_bar(surface, lay, k)
        area = self._area(lay)
        if k.phase == "over" and self.flip is None:
            self.draw_end(surface, lay, k, area)
        elif self.flip is not None:
            closing = summary_buttons(self.session, area, lay.text, self.close_flip)
            if self._flip_settled():
                overlay.flip_panel(surface, lay, self.flip[1], 99.0, self.name, area,
                                   self.mouse, closing)
            self.buttons += closing
        if self.show_rules:
            self._rules_limit = rules_panel(surface, area, "choose", lay.text,
                                                    self.rules_scroll)

    def round_summary(self) -> Mapping[str, object] | None:
        return None if self.flip is None else self.flip[1]

    def prompt(self, k: Knowledge) -> str:
        if self.round_read() is not None:  # (a watched table stands still for it too)
            return tr("hold.reading")
        return super().prompt(k)

    def event_words(self, event: Mapping[str, object]) -> str | None:
        return describe(event, self.name)


__all__ = ["ChooseScene"]
