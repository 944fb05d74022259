"""The lesson over a table: a panel that says the step's one thing, a ring and an arrow
on the part of the table it speaks of, and Continue and Skip.

The table scene owns a coach through two calls (``allows`` before an action goes out,
``draw`` after the table is drawn); everything else about the lesson lives here, so a
table without a lesson is untouched.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

import pygame

from client.assets import scaled, wrap
from client.kit import ink
from client.kit.layout import beside_side
from client.kit.widgets import (
    ACCENT,
    BAD,
    INK,
    Button,
    blit_text,
    panel,
    row_of_buttons,
    shade,
)
from client.kit.words import Words
from client.learn.lesson import Action, Click, shown_before
from client.learn.tutor import CONTINUE, Tutor
from client.learn.words import WORDS

if TYPE_CHECKING:
    from client.scenes.table import TableScene

POINT = (255, 214, 70)
"""The ring and the arrow: a warm yellow, apart from the keyboard's cold blue focus."""
REFUSED_FOR = 5.0
"""Seconds the sentence saying why an action was not taken stays in the panel."""
AUTO_FRAMES = 3
"""``--auto``: turns each step stands on screen (its words drawn and measured) before
it is done."""
SETTLE = 0.5
"""Seconds after the person moved the lesson on in which a click or key is taken for the
tail of that one (the second click of a double-click, a held key): dropped, and nothing
said, so it neither passes the next step unread nor scolds."""


class Coach:
    def __init__(self, tutor: Tutor) -> None:
        self.tutor = tutor
        self.say = Words({**WORDS, **tutor.lesson.words})
        self.refused: tuple[str, float] | None = None
        """The sentence saying why an action was not taken, and when (scene time)."""
        self.closed = False
        """The closing note was read: the table plays on without the panel."""
        self.shown = 0
        """Turns of the window the step has stood on screen (``--auto`` waits a few)."""
        self._pointing = False
        """The panel last drawn points at the table: its ring pulses every frame."""
        self._shown_step = -1
        self._moved_at = -SETTLE
        """Scene time the person last moved the lesson on (``SETTLE``)."""
        self._shown_click = 0
        """The click of the step on screen (``Step.clicks``) last drawn."""

    # -- the hooks the table scene calls ----------------------------------------------------
    def allows(self, action: Action, scene: TableScene) -> bool:
        """Whether the person's action goes to the table; when not, the panel says why."""
        feed = scene.feed
        index = self.tutor.index
        if self.tutor.allows(action, feed.view, feed.legal):
            self.refused = None
            if self.tutor.index != index:
                self._moved_at = scene.time
            return True
        if self.settling(scene):
            self.tutor.refused = None
            return False
        self.refused = (self.say(self.tutor.refused or "learn.not_that"), scene.time)
        scene.app.audio.play("error")
        return False

    def draw(self, surface: pygame.Surface, scene: TableScene) -> None:
        """The panel, the ring and the arrow; holds the table's clock while a step
        waits for the person, and the end-of-game sheet while a step speaks of the end
        (the votes it points at are on the table only until the sheet comes)."""
        feed, tutor = scene.feed, self.tutor
        if scene.reveal.showing(scene.time):
            scene.session.speed = 1.0
            return  # the game's own story is read first; the lesson speaks once it folds
        ready = tutor.ready(feed.view, feed.legal)
        scene.session.speed = 0.0 if tutor.holds(feed.view, feed.legal) else 1.0
        if ready and scene.reveal.open and scene.reveal.ended_at is not None:
            # a step speaking of the game's end is read before the story sheet covers it
            scene.reveal.ended_at = scene.time
        click = self.click_index(scene)
        if tutor.index != self._shown_step or click != self._shown_click:
            if tutor.index == self._shown_step and click > self._shown_click:
                self._moved_at = scene.time  # a click made: the rest of a double-click waits
            self._shown_step, self._shown_click, self.shown = tutor.index, click, 0
        self._pointing = False
        if tutor.done:
            if not self.closed:
                self._panel(surface, scene, self.say("learn.done"), None,
                            [("learn_close", self.say("learn.close"), self._close)])
            return
        step = tutor.step
        assert step is not None
        skip = ("learn_skip", self.say("learn.skip"), tutor.skip)
        if not ready:
            self._panel(surface, scene, self.say("learn.watch"), None, [skip])
            return
        target = self.pointed(scene)
        specs = [skip]
        if step.expect is None:
            specs = [("learn_continue", self.say("learn.continue"),
                      lambda: self._continue(scene)), skip]
        values = step.fill(feed.view or {}, feed.log) if step.fill is not None else {}
        key = step.clicks[click].key if click < len(step.clicks) else step.key
        self._panel(surface, scene, self.say(key, **values), target, specs)

    def look(self, scene: TableScene) -> tuple[object, ...]:
        """What the panel shows, for the table's ``wants_redraw``: the step and its
        click, the refusal while it stands, the closing note, and the ring's pulse."""
        refused = self.refused is not None and scene.time - self.refused[1] <= REFUSED_FOR
        return (self.tutor.index, self.click_index(scene), refused, self.closed,
                self.tutor.done, pulse(scene.time) if self._pointing else None)

    # -- ``--auto`` ---------------------------------------------------------------------
    def auto(self, scene: TableScene) -> None:
        """Do the step on screen as the lesson's own script says, once it has been
        shown a few frames."""
        if scene.reveal.showing(scene.time):
            scene.reveal.close()  # as its Continue would
            scene.app.changed()
            return
        self.shown += 1
        if self.shown < AUTO_FRAMES:
            return
        step = self.tutor.step
        click = self.click_index(scene)
        if step is not None and click < len(step.clicks):
            self._make(scene, step.clicks[click])
            return
        answer = self.tutor.answer(scene.feed.view, scene.feed.legal)
        if answer == CONTINUE:
            self.tutor.go_on()
        elif isinstance(answer, dict):
            scene.send(answer)
        else:
            return
        scene.app.changed()  # as a person's click or key redraws the window

    def _make(self, scene: TableScene, click: Click) -> None:
        """A click of the step, as the keyboard makes it: Enter on what it points at."""
        found = {t.key: t for t in scene.focus_targets()}
        target = next((found[k] for k in click.point if k in found), None)
        if target is not None:
            target.activate()
            self.shown = 0
            scene.app.changed()

    # -- the step's clicks ----------------------------------------------------------------
    def click_index(self, scene: TableScene) -> int:
        """Which click of the step on screen is asked for: the first not yet made, or
        ``len(clicks)`` for the step's own last one."""
        step = self.tutor.step
        if step is None or not step.clicks:
            return 0
        feed = scene.feed
        if not self.tutor.ready(feed.view, feed.legal):
            return 0
        return next((i for i, c in enumerate(step.clicks) if not c.made(scene)),
                    len(step.clicks))

    def counter(self, scene: TableScene) -> tuple[int, int]:
        """The panel's "n / m": every instruction counts, a step's clicks included."""
        steps = self.tutor.lesson.steps
        total = shown_before(steps, len(steps))
        now = shown_before(steps, self.tutor.index) + self.click_index(scene) + 1
        return min(now, total), total

    # -- drawing ------------------------------------------------------------------------
    def settling(self, scene: TableScene) -> bool:
        """The person moved the lesson on a moment ago: an input now is the tail of that
        one (the table scene drops its clicks too, so a double-click's second half does
        not make a choice on the screen that came up under it)."""
        return scene.time - self._moved_at < SETTLE

    def _continue(self, scene: TableScene) -> None:
        """Continue, unless the step it would pass has only just come on screen."""
        if not self.settling(scene):
            self.tutor.go_on()
            self._moved_at = scene.time

    def _close(self) -> None:
        self.closed = True

    def pointed(self, scene: TableScene) -> pygame.Rect | None:
        """Where the step's arrow points now. While the person holds another card than
        the one the step asks for, it points back at that card: pointing on to where the
        card goes would send the wrong card there, and the step would refuse it."""
        step = self.tutor.step
        if step is None:
            return None
        click = self.click_index(scene)
        if click < len(step.clicks):
            return self._target(scene, step.clicks[click].point)
        keys = step.point
        card = (step.expect or {}).get("card")
        held = getattr(scene, "selected", None)
        if card is not None and held is not None and held != card:
            keys = (f"card{card}",)
        return self._target(scene, keys)

    def _target(self, scene: TableScene, keys: tuple[str, ...]) -> pygame.Rect | None:
        if not keys:
            return None
        found = {t.key: t.rect for t in scene.focus_targets()}
        lesson = self.tutor.lesson
        if lesson.regions is not None:
            for name, rect in lesson.regions(scene).items():
                found.setdefault(name, rect)
        return next((pygame.Rect(found[k]) for k in keys if k in found), None)

    def _panel(self, surface: pygame.Surface, scene: TableScene, words: str,
               target: pygame.Rect | None, specs: list[tuple[str, str, Any]]) -> None:
        """The step's words where they hide nothing the step speaks of: in place of the
        side column (the table stays in sight), or, for a step about the side column,
        over the table."""
        w, h = surface.get_size()
        size = scaled(max(12, h // 40))
        table = beside_side((w, h))
        side = pygame.Rect(table.right, 0, w - table.right, h)
        over_table = target is not None and side.colliderect(target)
        area = table if over_table else side
        if over_table:
            surface.blit(shade(area.width, area.height, 235), area.topleft)
            ink.cover(surface, area)
        else:  # the side column's own buttons lie hidden under the panel: not clickable
            scene.buttons[:] = [b for b in scene.buttons if not area.colliderect(b.rect)]
        pad = size
        width = min(area.width - 2 * size, size * 30)
        n, m = self.counter(scene)
        counter = self.say("learn.step", n=n, m=m)
        lines = wrap(words, size, width - 2 * pad)
        refused = self.refused
        if refused is not None and scene.time - refused[1] > REFUSED_FOR:
            refused = self.refused = None
        bad = wrap(refused[0], size - 2, width - 2 * pad, True) if refused else []
        line_h = int(size * 1.35)
        buttons = row_of_buttons(specs, pygame.Rect(0, 0, width - 2 * pad, 1), size - 2)
        rows = len({b.rect.top for b in buttons})
        height = (pad + int(size * 1.3) + len(lines) * line_h + len(bad) * line_h
                  + rows * int(size * 2.6) + pad)
        box = pygame.Rect(0, 0, width, height)
        if over_table:
            box.center = area.center
        else:
            box.midtop = (area.centerx, size // 2)
        if target is not None:
            _point(surface, box, target, scene.time)
            self._pointing = True
        panel(surface, box if over_table else area, 255)
        y = box.top + pad
        blit_text(surface, counter, size - 3, ACCENT, topleft=(box.left + pad, y), box=box)
        y += int(size * 1.3)
        for line in lines:
            blit_text(surface, line, size, INK, topleft=(box.left + pad, y), box=box)
            y += line_h
        for line in bad:
            blit_text(surface, line, size - 2, BAD, topleft=(box.left + pad, y), bold=True,
                      box=box)
            y += line_h
        row = pygame.Rect(box.left + pad, y, width - 2 * pad, rows * int(size * 2.6))
        placed: list[Button] = row_of_buttons(specs, row, size - 2)
        for button in placed:
            button.draw(surface, scene.mouse, size - 2)
        scene.buttons += placed


def pulse(time: float) -> int:
    """How far the pointing ring stands out from its target now: 4 to 10 pixels."""
    return int(4 + 3 * (1 + math.sin(time * 5)))


def _point(surface: pygame.Surface, box: pygame.Rect, target: pygame.Rect,
           time: float) -> None:
    """A pulsing ring around the target, and an arrow from the panel to it."""
    grow = pulse(time)
    ring = target.inflate(grow * 2, grow * 2)
    pygame.draw.rect(surface, (40, 28, 10), ring.inflate(4, 4), 3, border_radius=12)
    pygame.draw.rect(surface, POINT, ring, 4, border_radius=12)
    start = pygame.Vector2(_edge(box, pygame.Vector2(ring.center)))
    end = pygame.Vector2(_edge(ring, start))
    if start.distance_to(end) < 12:
        return
    pygame.draw.line(surface, POINT, start, end, 5)
    way = (end - start).normalize()
    side = pygame.Vector2(-way.y, way.x)
    head = [end, end - way * 18 + side * 10, end - way * 18 - side * 10]
    pygame.draw.polygon(surface, POINT, head)


def _edge(rect: pygame.Rect, toward: pygame.Vector2) -> tuple[float, float]:
    """The point of ``rect``'s border on the way from its centre toward ``toward``."""
    centre = pygame.Vector2(rect.center)
    way = toward - centre
    if way.length() == 0:
        return rect.center
    sx = (rect.width / 2) / abs(way.x) if way.x else math.inf
    sy = (rect.height / 2) / abs(way.y) if way.y else math.inf
    at = centre + way * min(sx, sy, 1.0)
    return at.x, at.y
