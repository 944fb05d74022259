"""The Seven Knights Bewitched table, seen from above, for 3-8 seats.

Every button, clickable knight and clickable tile comes from the legal actions the host
sent, so the interface cannot make an illegal move; a refusal appears in words. During
a round there is no chat at all: only the structured questions and the public Q&A log.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import partial
from typing import Any, Never, cast

import pygame

from client import i18n
from client.app import App, Scene
from client.assets import at_100
from client.i18n import tr
from client.kit import ink
from client.kit.fill import fill
from client.kit.focus import Target
from client.kit.prompt import prompt_line
from client.kit.standin import TakeBack
from client.kit.timer import seconds_left
from client.kit.widgets import ACCENT, blit_text, row_of_buttons
from client.scenes.knights import bar, beliefs, draw, row
from client.scenes.knights.builder import Builder, LineUp
from client.scenes.knights.ending import over_screen
from client.scenes.knights.hold import LOOK, RoundMemory
from client.scenes.knights.knowledge import Knowledge, question_space, read
from client.scenes.knights.layout import Layout, compute, seat_at, tile_at
from client.scenes.knights.marks import PURPLE, marks
from client.scenes.knights.panel import SidePanel
from client.scenes.knights.widgets import TextWidgets
from client.scenes.knights.words import describe, say
from client.scenes.table import TableScene
from client.session import Session
from core.games.knights.shapes import Answered, KnightsLine, RoundRecord

Color = tuple[int, int, int]


class KnightsScene(TableScene):
    belief_grid = beliefs.GRID

    def __init__(self, app: App, session: Session, *, restart: Any = None) -> None:
        super().__init__(app, session, restart=restart)
        self.motion = draw.Motion()
        self.side = SidePanel()
        self.builder = Builder()
        self.lineup = LineUp()
        self.text = TextWidgets(self)
        self.memory = RoundMemory()
        self.k: Knowledge | None = None
        self.show_scores = True
        self.last_answer: tuple[float, Answered] | None = None
        """When the last answer came (scene time) and its event: the bar says it for a
        moment (``bar.ANSWER_STANDS``) before it says who asks next."""
        self._layout: Layout | None = None
        self._layout_key: tuple[Any, ...] = ()
        self._tray: tuple[list[pygame.Rect], pygame.Rect] | None = None
        self._result_sound = False

    # -- reading the view ----------------------------------------------------------------
    def layout(self, size: tuple[int, int], k: Knowledge) -> Layout:
        bottom = self.table_bottom(k.me)
        key = (size, k.n, k.tiles, bottom)
        if self._layout is None or key != self._layout_key:
            self._layout, self._layout_key = compute(size, k.n, k.tiles, bottom), key
        return self._layout

    def on_events(self, events: Sequence[Mapping[str, object]], public: bool) -> None:
        audio, now = self.app.audio, self.time
        # A LAN seat has one feed: every event, public or its own, arrives there.
        alone = None not in self.session.feeds
        seen, mine = public or alone, not public or alone
        held = seen and self.memory.take(events, now, self.motion.busy(now))
        for event in events:
            event = cast(KnightsLine, event)
            kind = event.get("type")
            if seen and kind == "round":
                self.builder.reset()
                if not held:
                    self.motion = draw.Motion()
                self.show_scores = True
                audio.play("chime")
            elif seen and kind in ("ask_turn", "recommend_open", "line_up_open"):
                audio.play("chime")
            elif seen and kind == "question":
                self.builder.reset()
            elif seen and kind == "answer":
                self.last_answer = (now, cast(Answered, event))
            elif seen and kind == "recommended":
                audio.play("vote")
            elif seen and kind == "captain":
                self.motion.chips = now
                audio.play("reveal")
            elif seen and kind == "captain_tile":
                self.motion.flips[int(event["seat"])] = now
                audio.play("reveal")
            elif seen and kind == "line_up":
                self.motion.reveal, self.motion.reveal_count = now, len(event["order"])
                audio.play("reveal")
            elif seen and kind == "round_end" and event.get("how") != "line_up":
                for tile in range(len(cast(RoundRecord, event).get("tiles") or [])):
                    self.motion.flips.setdefault(tile, now + 0.6 + 0.08 * tile)
                if self.k is not None:
                    self.round_sound(self.k, cast(RoundRecord, event))
            elif seen and kind in ("emote", "chat"):
                words = (tr(f"emote.{event['emote']}") if kind == "emote"
                         else str(event["text"])[:18])
                self.motion.bubbles[int(event["seat"])] = (now, words)
            elif mine and kind == "inspected":
                self.motion.flips[int(event["tile"])] = now
                audio.play("reveal")
            elif mine and kind == "your_tile":
                self.motion.flips[int(event["tile"])] = now
            elif mine and kind == "bewitched":
                you = (self.feed.view or {}).get("you") or {}
                if event.get("seat") == self.shown_seat and you.get("bewitched"):
                    self.motion.bewitched = now
                audio.play("wake")
        if held:
            end = self.motion.reveal_end() or now + 1.0
            self.memory.until = end + self.motion.VERDICT + LOOK

    @property
    def animating(self) -> bool:  # type: ignore[override]
        return (self.motion.busy(self.time) or self.text.active or
                self.lineup.drag is not None or self._finale_running())

    def moving(self) -> bool:
        k, now = self.k, self.time
        return (self.motion.moving(now, tiles=k is None or not self.tiles_in_outline(k),
                                   chips=k is None or self.chips_shown(k),
                                   row=k is None or k.line_up is not None)
                or self.text.moving(now) or self.lineup.drag is not None)

    def tiles_in_outline(self, k: Knowledge) -> bool:
        """The line-up is turning over: the tiles' places show in outline."""
        return self.revealing(k)

    def revealing(self, k: Knowledge) -> bool:
        """The line-up on the table is turning over. A round shown without one (its
        captain bewitched) reveals nothing, though the last line-up's reveal may still
        be running: at a watched table's speed such a round can end within it."""
        return k.line_up is not None and self.motion.revealing(self.time)

    @staticmethod
    def chips_shown(k: Knowledge) -> bool:
        """The recommendation chips are on the table (not once the round is reviewed)."""
        return k.recommendations is not None and k.phase not in ("review", "over")

    def look(self) -> tuple[object, ...]:
        now, answered = self.time, self.last_answer
        return (*self.motion.edges(now), self.memory.active(now), self.finale_shown(),
                self._over_seen is not None,
                answered is not None and now - answered[0] < bar.ANSWER_STANDS)

    def _finale_running(self) -> bool:
        return self._over_seen is not None and not self.finale_shown()

    def sender(self, action: Mapping[str, object]) -> Callable[[], None]:
        def go() -> None:
            if action.get("type") == "ask":
                self.builder.reset()
            self.send(action)
        return go

    # -- input ---------------------------------------------------------------------------
    def typing(self) -> bool:
        return self.text.typing()

    def handle(self, event: pygame.event.Event) -> None:
        if self.session.privacy_for is None and self.text.handle(event):
            return
        super().handle(event)

    def can_act(self) -> bool:
        if self.memory.active(self.time):
            return False
        return not (self.session.hot_seat and self.shown_seat is None) and not self.feed.pending

    def scroll_log(self, steps: int) -> None:
        self.side.wheel(steps)

    def arranging(self) -> bool:
        return self.can_act() and any(a["type"] == "line_up" for a in self.feed.legal)

    def handle_table(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEWHEEL and self.side.content.collidepoint(self.mouse):
            self.scroll_log(event.y)
            return
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self._tray:
            self.lineup.drop(self._tray[0], self._tray[1], event.pos)
            return
        if event.type != pygame.MOUSEBUTTONDOWN or event.button != 1 or self._layout is None:
            return
        if self.arranging() and self._tray is not None:
            hit = row.tile_in_tray(self._tray[0], self._tray[1], self.lineup, event.pos)
            if hit is not None:
                self.lineup.pick(*hit)
            return
        tile = tile_at(self._layout, event.pos)
        if tile is not None:
            self.click_tile(tile)
            return
        seat = seat_at(self._layout, event.pos)
        if seat is not None:
            self.click_seat(seat)

    # -- the keyboard ----------------------------------------------------------------------
    def key_targets(self) -> list[Target]:
        """Knights by seat number and tiles by tile number, as a click would pick them;
        while the captain arranges the row, its tiles, then (one lifted) the places it
        may go."""
        lay = self._layout
        if lay is None:
            return []
        out: list[Target] = []
        if self.arranging() and self._tray is not None:
            slots, box = self._tray
            line = self.lineup
            if line.drag is None:
                for i, tile in enumerate(line.row):
                    out.append(Target(slots[i], partial(line.pick, tile, (0, 0)), f"tray{tile}",
                                      number=i + 1))
                if line.out is not None:
                    out.append(Target(box, partial(line.pick, line.out, (0, 0)), "tray_out"))
            else:
                places = len(line.row) + (1 if line.drag == line.out else 0)
                for j, slot in enumerate(slots[:places]):
                    out.append(Target(slot, partial(line.drop, slots, box, (slot.left + 1,
                                                                            slot.centery)),
                                      f"place{j}", number=j + 1))
                out.append(Target(box, partial(line.drop, slots, box, box.center), "place_out"))
            return out
        r = int(lay.unit * 0.45)
        for s in sorted(self.seat_choices()):
            x, y = lay.seats[s]
            out.append(Target(pygame.Rect(x - r, y - r, 2 * r, 2 * r),
                              partial(self.click_seat, s), f"knight{s}", number=s + 1))
        for tile in sorted(self.tile_choices()):
            out.append(Target(lay.tile_rect(tile), partial(self.click_tile, tile), f"tile{tile}",
                              number=tile + 1))
        return out

    def button_targets(self, buttons: list[Any]) -> list[Target]:
        """The question's numbers answer to their number keys."""
        targets = super().button_targets(buttons)
        for target in targets:
            if target.key.startswith("button:num_"):
                target.number = int(target.key.removeprefix("button:num_"))
        return targets

    def field_targets(self) -> list[Target]:
        return self.text.targets()

    def stop_typing(self) -> None:
        self.text.stop_typing()

    def seat_choices(self) -> set[int]:
        if not self.can_act():
            return set()
        legal = self.feed.legal
        out = {int(a["target"]) for a in legal if a["type"] == "recommend"}
        if any(a["type"] == "ask" for a in legal) and self.builder.answerer is None:
            out |= set(question_space(legal).answerers)
        return out

    def tile_choices(self) -> set[int]:
        if not self.can_act():
            return set()
        legal = self.feed.legal
        out = {int(a["tile"]) for a in legal if a["type"] == "inspect"}
        b = self.builder
        if any(a["type"] == "ask" for a in legal) and b.answerer is not None:
            space = question_space(legal)
            if b.tile is None:
                out |= set(space.subjects(b.answerer))
            elif b.form == "greater":
                out |= set(space.others(b.answerer, b.tile))
        return out

    def click_seat(self, seat: int) -> None:
        if seat not in self.seat_choices():
            return
        legal = self.feed.legal
        vote = {"type": "recommend", "target": seat}
        if vote in legal:
            self.send(vote)
        else:
            self.builder.choose_answerer(seat, question_space(legal))

    def click_tile(self, tile: int) -> None:
        if tile not in self.tile_choices():
            return
        action = {"type": "inspect", "tile": tile}
        if action in self.feed.legal:
            self.send(action)
        else:
            self.builder.choose_tile(tile, question_space(self.feed.legal))

    # -- drawing -------------------------------------------------------------------------
    def _still(self, view: Mapping[str, object], size: tuple[int, int]) -> tuple[Any, ...] | None:
        """What the picture depends on while nothing moves (None while something does).

        A still table is drawn once and then copied: most frames show the same picture,
        and a copy costs a fraction of drawing eight knights, their tiles and the logs.
        """
        if self.motion.busy(self.time) or self.text.active or self.lineup.drag is not None \
                or self._finale_running():
            return None
        lay = self._layout
        hover = (None, None) if lay is None else (tile_at(lay, self.mouse),
                                                  seat_at(lay, self.mouse))
        b, line, feed = self.builder, self.lineup, self.feed
        left = feed.remaining(self.session.clock)
        return (size, hover, b.answerer, b.tile, b.form, b.other, tuple(b.values),
                tuple(line.row), line.out, self.side.tab, tuple(self.side.scroll.values()),
                None if left is None else seconds_left(left), i18n.generation, feed.pending,
                feed.updates, len(feed.log), self.session.shown, self.show_scores)

    def draw_table(self, surface: pygame.Surface) -> None:
        view = self.session.view()
        if view is None:
            surface.fill((30, 26, 36))
            return
        if self.memory.active(self.time):
            view = self.memory.view(view) or view
        elif self.memory.finished is not None:
            self.memory.finished = None
            self.motion = draw.Motion()
        key = self._still(view, surface.get_size())
        cache = self._cache
        if key is not None and cache is not None and cache[0] == key and cache[1] == view:
            ink.paste(surface, cache[2], (0, 0))
            self.buttons = list(cache[3])
            return
        self._cache = None
        if key is None:
            self.draw_fresh(surface, view)
            return
        canvas = self._canvas
        if canvas is None or canvas.get_size() != surface.get_size():
            canvas = self._canvas = pygame.Surface(surface.get_size())
        ink.forget(canvas)
        self.draw_fresh(canvas, view)
        ink.paste(surface, canvas, (0, 0))
        if self._still(view, surface.get_size()) == key:
            self._cache = (key, view, canvas, list(self.buttons))

    _cache: tuple[tuple[Any, ...], Mapping[str, object], pygame.Surface, list[Any]] | None = None
    _canvas: pygame.Surface | None = None

    def draw_fresh(self, surface: pygame.Surface, view: Mapping[str, object]) -> None:
        k = read(view)
        self.k = k
        lay = self.layout(surface.get_size(), k)
        tb = lay.table
        top = draw.tabletop(*lay.size, (tb.x, tb.y, tb.w, tb.h), int(lay.rx), int(lay.ry),
                            *lay.center)
        surface.blit(top, tb.topleft, tb)
        self.draw_tiles(surface, k, lay)
        draw.inspection_arrows(surface, k.arrows, lay)
        shown = k.recommendations if self.chips_shown(k) else None
        if shown is not None:
            draw.chips(surface, shown, lay, self.motion.chips, self.time, k.captain)
        self.draw_knights(surface, k, lay)
        self._tray = None
        if self.arranging():
            legal = self.feed.legal
            if self.lineup.round != k.round or self.lineup.tiles != set(legal[0]["order"]):
                self.lineup.arrange(list(legal[0]["order"]), k.values, k.numbers, k.round)
            self._tray = row.arranging(surface, k, lay, self.lineup, self.name, self.mouse)
        elif k.round_over:
            row.revealed_row(surface, k, lay, self.motion, self.time, self.name)
        self.draw_banners(surface, k, lay)
        draw.bubbles(surface, self.motion, lay, self.time)
        if k.phase == "over" and self._over_seen is None:
            self._over_seen = self.time
        if k.phase == "over" and self.finale_shown():
            self.draw_over(surface, k, lay)
        else:
            self.draw_bar(surface, k, lay)
        reserve = self.text.chat_height(lay, view)
        self.side.revealing = self.revealing(k)
        left = None if self.memory.active(self.time) else self.feed.remaining(
            self.session.clock)
        self.buttons += self.side.draw(surface, lay.side, k, self.name, self.feed.log, left,
                                       reserve, self._tab)
        # the bots' beliefs (B, watching) stand over the tab's content, not the tabs
        self.overlays.beliefs_box = self.side.content.inflate(8, 4)
        self.text.draw(surface, lay, k, reserve)

    def _tab(self, tab: str) -> Callable[[], None]:
        def go() -> None:
            self.side.tab = tab
        return go

    def draw_tiles(self, surface: pygame.Surface, k: Knowledge, lay: Layout) -> None:
        choices = self.tile_choices()
        hover = tile_at(lay, self.mouse)
        moved = self.tiles_in_outline(k)
        b = self.builder
        named = {x for x in (b.tile, b.other) if x is not None} if self.can_act() else set()
        if k.question is not None:
            named |= {int(k.question["tile"])}
            if k.question.get("other") is not None:
                named.add(int(k.question["other"]))
        for tile in range(k.tiles):
            rect = lay.tile_rect(tile)
            if moved:
                pygame.draw.rect(surface, (90, 120, 90), rect, 1, border_radius=6)
                continue
            value, squash = draw.flip(self.time, self.motion.flips.get(tile), k.values[tile])
            if self.time < self.motion.flips.get(tile, 0):
                value = None
            lift = (tile in choices and hover == tile) or tile in named
            if tile in named:
                pygame.draw.rect(surface, (120, 230, 255), rect.inflate(12, 12), 3,
                                 border_radius=8)
            elif tile in choices:
                pygame.draw.rect(surface, (255, 230, 140), rect.inflate(10, 10), 3 if lift else 2,
                                 border_radius=8)
            draw.tile(surface, rect, value, squash, lift)
        if k.aside:
            cx, cy = lay.center
            blit_text(surface, say("aside", n=k.aside), max(10, lay.text - 3), (190, 200, 180),
                      center=(cx, cy - int(lay.ry * 0.16) - lay.tile_size[1]))

    def settled(self, k: Knowledge) -> RoundRecord | None:
        """The round's record once the screen has shown how it ended (not mid-reveal)."""
        return None if self.revealing(k) else k.last_round()

    def draw_knights(self, surface: pygame.Surface, k: Knowledge, lay: Layout) -> None:
        choices = self.seat_choices()
        hover = seat_at(lay, self.mouse)
        record = self.settled(k)
        totals = list(k.totals)
        if record is None and k.last_round() is not None:
            last: RoundRecord | dict[str, Never] = k.last_round() or {}
            totals = [a - b for a, b in zip(totals, last["scores"], strict=False)]
        for s in range(k.n):
            witchy = s in (record["witch_side"] if record else k.witch_side)
            asked = s == self.builder.answerer and self.can_act()
            if asked:
                pygame.draw.circle(surface, (120, 230, 255), lay.seats[s], int(lay.unit * 0.5), 4)
            draw.knight_figure(surface, s, lay, s in choices and hover == s, s in choices, witchy)
            points = say("points", n=totals[s]) if any(totals) else None
            draw.name_and_marks(surface, s, lay, self.name(s), s == k.me, marks(self, k, s),
                                points)

    def draw_banners(self, surface: pygame.Surface, k: Knowledge, lay: Layout) -> None:
        cx, cy = lay.center
        size, room = int(lay.text * 1.5), int(lay.table.width * 0.6)
        since = self.time - (self.motion.bewitched or -100)
        if since < draw.BEWITCHED_FOR:
            alpha = (255 if since < draw.BEWITCHED_FADES
                     else int(255 * (draw.BEWITCHED_FOR - since) / 0.7))
            draw.banner(surface, say("ev.bewitched_you"), (cx, cy), size, PURPLE, alpha,
                        room)
        record = k.last_round()
        end = self.motion.reveal_end()
        if record is None or end is None or k.line_up is None or not 0 <= self.time - end < 3:
            return
        alpha = (255 if self.time - end < draw.VERDICT_FADES
                 else int(255 * (3 - (self.time - end)) / 0.8))
        ok = record["side"] == "knights"
        if self._verdict_sound != (k.round, end):
            self._verdict_sound = (k.round, end)
            self.round_sound(k, record)
        slots, _ = lay.row(len(k.line_up["order"]), False)
        draw.banner(surface, say("verdict.ok" if ok else "verdict.bad"),
                    (cx, slots[0].top - size), size, (150, 230, 150) if ok else (250, 140, 120),
                    alpha, room)

    _verdict_sound: tuple[int, float] | None = None

    def round_sound(self, k: Knowledge, record: RoundRecord) -> None:
        """A fanfare when your side took the round, a sigh when it did not."""
        if k.me is None or k.me >= len(record.get("scores") or []):
            self.app.audio.play("reveal")
            return
        won = record["scores"][k.me] > 0
        self.app.audio.play("win" if won else "lose")

    def draw_bar(self, surface: pygame.Surface, k: Knowledge, lay: Layout) -> None:
        area = lay.bar
        fill(surface, (26, 22, 30), area)
        pygame.draw.line(surface, ACCENT, area.topleft, area.topright, 2)
        size = lay.text
        words, specs = bar.prompt_and_buttons(self, k)
        if words:
            prompt_line(surface, area, words, size)
        box = pygame.Rect(area.left + 10, area.top + int(size * 2.1), area.width - 20,
                          area.height - int(size * 2.3))
        if specs:  # (a row of seven names at large text: smaller before a third row)
            self.buttons += row_of_buttons(specs, box, size, at_100(size))
        else:
            self.draw_done_button(box, size)

    OWN_SUMMARY = True
    FINALE = 2.5
    """Seconds the last round's end stays on the table when no line-up turns over."""
    _over_seen: float | None = None

    def finale_shown(self) -> bool:
        """The last line-up has turned over and its verdict been read (or, without a
        line-up, the last round's end has stood a moment) before the final scores."""
        if self._over_seen is None:
            return False
        end = self.motion.reveal_end()
        settled = self._over_seen + self.FINALE
        if end is not None:
            settled = max(settled, end + self.motion.VERDICT)
        return self.time >= settled

    def draw_over(self, surface: pygame.Surface, k: Knowledge, lay: Layout) -> None:
        if not self._result_sound:
            self._result_sound = True
            won = k.me in ((k.result or {}).get("winners") or []) if k.me is not None else None
            self.app.audio.play("win" if won else ("lose" if won is False else "reveal"))
        over_screen(self, surface, k, lay)

    def toggle_scores(self) -> None:
        self.show_scores = not self.show_scores

    def again(self) -> None:
        if self.restart is not None:
            scene: Scene = self.restart()
            self.app.replace(scene)

    def event_words(self, event: Mapping[str, object]) -> str | None:
        k = self.k
        return None if k is None else describe(event, k.n, k.numbers, k.me, self.name)

    def take_backs(self) -> list[TakeBack]:
        """Ready for the next round, while the review lasts: a stand-in may have said it
        before its person had read the round."""
        k = self.k
        if k is None or k.me is None or self.session.hot_seat or self.feed.pending:
            return []
        if k.phase == "review" and k.ready[k.me]:
            return [("unready", tr("standin.undo_next_round"), {"type": "unready"})]
        return []


__all__ = ["KnightsScene"]
