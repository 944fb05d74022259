"""The moderator for a physical Cheese Thief table: the program calls the night aloud.

People play with real cards, cups and dice; the program holds no roles and hears no
actions. It only does what the rule book asks of the person who would otherwise keep
their eyes shut and call the hours (seeds' "進行役"): nightfall, each hour with its
countdown, the follower steps for this many players, the morning, the discussion timer
and the vote. The schedule comes whole from ``client.night_script.table_night``.

Everything on screen is large, to be read from across a table in a dim room; Space
pauses and resumes, R restarts, Esc goes back, and each has a button as well. Mid-night
the last two ask first (a stray key would otherwise throw away the night the table is
playing), with the night held while the question stands.
"""

from __future__ import annotations

import math
from typing import Any

import pygame

from client.app import App, Scene
from client.assets import scaled, text
from client.kit import ink
from client.kit.focus import FocusRing, Target
from client.kit.leave import question_box
from client.kit.widgets import ACCENT, INK, Button, blit_text, row_of_buttons
from client.night_script import Cue, Night, Step, option_seconds, table_night
from client.voice import clip_name, durations

WORDS: dict[str, dict[str, str]] = {
    "title": {"en": "Moderator · {n} players", "ja": "進行役 · {n}人"},
    "nightfall": {"en": "Night falls", "ja": "夜になります"},
    "hour": {"en": "{h} o'clock", "ja": "午前{h}時"},
    "followers": {"en": "Followers", "ja": "フォロワー"},
    "discussion": {"en": "Discussion", "ja": "話し合い"},
    "vote": {"en": "Vote", "ja": "投票"},
    "over": {"en": "The night is over", "ja": "夜は終わりました"},
    "paused": {"en": "Paused", "ja": "一時停止中"},
    "pause": {"en": "Pause", "ja": "一時停止"},
    "resume": {"en": "Resume", "ja": "再開"},
    "restart": {"en": "Restart", "ja": "最初から"},
    "menu": {"en": "Menu", "ja": "メニュー"},
    "keys": {"en": "Space: pause / resume   R: restart   Tab/←/→ + Enter: buttons   Esc: menu",
             "ja": "スペース: 一時停止 / 再開   R: 最初から   Tab/←/→ + Enter: ボタン"
                   "   Esc: メニュー"},
    "ask_leave": {"en": "Leave this night? It cannot be taken up where it stopped.",
                  "ja": "この夜をやめてメニューに戻りますか？途中からは再開できません。"},
    "ask_restart": {"en": "Restart this night from nightfall?",
                    "ja": "この夜を最初からやり直しますか？"},
    "yes_leave": {"en": "Leave", "ja": "メニューに戻る"},
    "yes_restart": {"en": "Restart", "ja": "最初から"},
    "stay": {"en": "Keep going", "ja": "続ける"},
    "ask_keys": {"en": "Enter: yes   Esc: keep going", "ja": "Enter: はい   Esc: 続ける"},
}

NIGHT_SKY = (16, 20, 44)
MOON = (246, 226, 160)


class ModeratorScene(Scene):
    def __init__(self, app: App, players: int, hour_seconds: float, lang: str, *,
                 follower_seconds: float = 5.0, discussion_seconds: float = 180.0) -> None:
        super().__init__(app)
        self.players = players
        self.lang = lang
        self.voice = app.voice
        self.night: Night = table_night(players, hour_seconds, durations(lang),
                                        follower_seconds=follower_seconds,
                                        discussion_seconds=discussion_seconds)
        self.buttons: list[Button] = []
        self.mouse = (0, 0)
        self.restarts = 0
        self.paused = False
        self.asking: str | None = None
        """"leave" or "restart" while the window asks whether the moderator means it."""
        self._held_before = False
        """Whether the night was paused before the question held it."""
        self.ring = FocusRing()
        self._shown: tuple[Any, ...] | None = None
        self.restart(count=False)

    def targets(self) -> list[Target]:
        """The buttons as last drawn, for the keyboard (Tab, Left/Right, Enter)."""
        return [Target(b.rect, b.on_click, b.key) for b in self.buttons if b.enabled]

    # -- running the night ---------------------------------------------------------------
    @property
    def mid_night(self) -> bool:
        """The night has begun and not ended: leaving or restarting would lose it."""
        return 0.0 < self.t < self.night.length

    def ask(self, what: str) -> None:
        """Leave or restart at once before the night begins or after it ends; mid-night
        hold the night and ask first."""
        if not self.mid_night:
            self.confirm(what)
            return
        self.asking, self._held_before = what, self.paused
        if not self.paused:
            self.toggle_pause()
        self.ring.key = "yes"  # Enter confirms, as the highlight shows

    def confirm(self, what: str) -> None:
        self.asking = None
        if what == "leave":
            self.app.pop()
        else:
            self.restart()

    def stay(self) -> None:
        """Back to the night as it was: running again unless it was paused before."""
        self.asking = None
        if self.paused and not self._held_before:
            self.toggle_pause()

    def restart(self, count: bool = True) -> None:
        self.t = 0.0
        self.next = 0
        self.cues: list[dict[str, str | int]] = []
        """Every cue said in this run, as ``--stats`` prints it."""
        self.paused = False
        self.restarts += count
        self.voice.hush()

    @property
    def done(self) -> bool:
        return self.t >= self.night.length

    def toggle_pause(self) -> None:
        if self.done:
            return
        self.paused = not self.paused
        (self.voice.pause if self.paused else self.voice.resume)()

    def update(self, dt: float) -> None:
        if self.paused or self.done:
            return
        self.t = min(self.night.length, self.t + dt)
        cues = self.night.cues
        while self.next < len(cues) and cues[self.next].at <= self.t:
            self.say(cues[self.next])
            self.next += 1

    def say(self, cue: Cue) -> None:
        self.voice.say(cue.line, self.lang, self.t, cue.step)
        entry: dict[str, str | int] = {"id": cue.line}
        if cue.hour is not None:
            entry["hour"] = cue.hour
        entry["clip"] = clip_name(cue.line, self.lang)
        self.cues.append(entry)

    def step(self) -> Step:
        steps = self.night.steps
        return next((s for s in steps if s.start <= self.t < s.end), steps[-1])

    @property
    def animating(self) -> bool:  # type: ignore[override]
        return not self.paused and not self.done

    # -- input ---------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        if self.asking is not None:
            self.handle_question(event)
            return
        if self.ring.handle(event, self.targets(), digits=False):
            return
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        elif event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_SPACE, pygame.K_p):
                self.toggle_pause()
            elif event.key == pygame.K_r:
                self.ask("restart")
            elif event.key == pygame.K_ESCAPE:
                self.ask("leave")
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.click(event.pos)

    def handle_question(self, event: pygame.event.Event) -> None:
        """While asking: Esc keeps going, Enter says yes (or presses the focused
        button), a click presses a button."""
        if self.ring.handle(event, self.targets(), digits=False):
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.stay()
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.confirm(self.asking or "leave")
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.click(event.pos)

    def click(self, pos: tuple[int, int]) -> None:
        for button in list(self.buttons):
            if button.enabled and button.rect.collidepoint(pos):
                button.on_click()
                return

    def leave(self) -> None:
        self.voice.hush()

    # -- drawing -------------------------------------------------------------------------
    def word(self, key: str, **values: object) -> str:
        return WORDS[key][self.lang].format(**values)

    def heading(self, step: Step) -> str:
        if self.done:
            return self.word("over")
        if step.step == "hour":
            return self.word("hour", h=step.hour)
        return self.word(step.step)

    def remaining(self, step: Step) -> str:
        """The counted window's seconds left, shown once the call before it has ended."""
        if self.done or not step.timer <= self.t < step.timer_end:
            return ""
        left = max(0, math.ceil(step.timer_end - self.t - 1e-6))
        if step.step == "discussion":
            return f"{left // 60}:{left % 60:02d}"
        return str(left)

    def _signature(self) -> tuple[Any, ...]:
        step = self.step()
        return (self.heading(step), self.remaining(step), self.voice.current(self.t),
                self.paused, self.done, self.mouse, self.app.screen.get_size(), self.asking,
                self.ring.key, self.ring.awake)

    def wants_redraw(self) -> bool:
        return self._signature() != self._shown

    def draw(self, surface: pygame.Surface) -> None:
        shown = self._signature()
        if self.app.headless and shown == self._shown:
            return  # the picture is unchanged: a headless night costs next to nothing
        self._shown = shown
        w, h = surface.get_size()
        surface.fill(NIGHT_SKY)
        step = self.step()
        small = scaled(max(14, h // 32))
        title = text(self.word("title", n=self.players), small, ACCENT, True)
        ink.blit(surface, title, (small, small // 2), self.word("title", n=self.players))
        self.draw_hours(surface, step, w, h)
        big = text(self.heading(step), max(24, h // 9), INK, True)
        ink.blit(surface, big, big.get_rect(center=(w // 2, int(h * 0.30))), self.heading(step))
        left = self.remaining(step)
        if left:
            colour = (110, 104, 80) if self.paused else MOON
            number = text(left, max(40, h // 4), colour, True)
            ink.blit(surface, number, number.get_rect(center=(w // 2, int(h * 0.52))), left)
        if self.paused:
            label = text(self.word("paused"), max(20, h // 14), ACCENT, True)
            box = label.get_rect(center=(w // 2, int(h * 0.52))).inflate(h // 20, h // 40)
            pygame.draw.rect(surface, (40, 30, 24), box, border_radius=12)
            pygame.draw.rect(surface, ACCENT, box, 2, border_radius=12)
            ink.cover(surface, box)
            ink.blit(surface, label, label.get_rect(center=box.center), self.word("paused"), box)
        self.voice.draw_subtitle(surface, self.t, pygame.Rect(0, int(h * 0.67), w, h // 5),
                                 max(16, h // 20))
        keys = text(self.word("keys"), max(12, h // 48), (180, 180, 200))
        ink.blit(surface, keys, keys.get_rect(midbottom=(w // 2, h - small // 3)),
                 self.word("keys"))
        area = pygame.Rect(w // 6, h - int(h * 0.12), w * 2 // 3, int(h * 0.09))
        pause = self.word("resume" if self.paused else "pause")
        specs: list[tuple[str, str, Any]] = [
            ("pause", pause, None if self.done else self.toggle_pause),
            ("restart", self.word("restart"), lambda: self.ask("restart")),
            ("menu", self.word("menu"), lambda: self.ask("leave")),
        ]
        size = scaled(max(14, h // 36))
        self.buttons = row_of_buttons(specs, area, size)
        for button in self.buttons:
            button.draw(surface, self.mouse, size)
        if self.asking is not None:
            self.draw_question(surface, self.asking, size)
        self.ring.draw(surface, self.targets())

    def draw_question(self, surface: pygame.Surface, what: str, size: int) -> None:
        """The question over the shaded night, with its two buttons (which replace the
        night's own while it stands)."""
        box = question_box(surface, self.word(f"ask_{what}"), size, size * 10, 170)
        row = pygame.Rect(box.left, box.top + size * 4, box.width, size * 3)
        self.buttons = row_of_buttons(
            [("yes", self.word(f"yes_{what}"), lambda: self.confirm(what)),
             ("stay", self.word("stay"), self.stay)], row, size)
        for button in self.buttons:
            button.draw(surface, self.mouse, size)
        hint = self.word("ask_keys")
        blit_text(surface, hint, max(12, size * 3 // 4), (180, 180, 200),
                  center=(box.centerx, box.bottom - size))

    def draw_hours(self, surface: pygame.Surface, step: Step, w: int, h: int) -> None:
        """Six moons across the top, the hour being called lit, the past ones dimmed."""
        r = max(10, h // 30)
        gap = r * 3
        x0 = w // 2 - gap * 5 // 2
        y = int(h * 0.13)
        current = step.hour if step.step == "hour" and not self.done else None
        past = 6 if step.step in ("followers", "discussion", "vote") or self.done else (
            (current or 1) - 1)
        for i in range(6):
            centre = (x0 + i * gap, y)
            hour = i + 1
            if hour == current:
                pygame.draw.circle(surface, MOON, centre, int(r * 1.3))
                colour = NIGHT_SKY
            elif hour <= past:
                pygame.draw.circle(surface, (70, 74, 110), centre, r)
                colour = (150, 150, 180)
            else:
                pygame.draw.circle(surface, (120, 120, 160), centre, r, 2)
                colour = (200, 200, 220)
            label = text(str(hour), r, colour, True)
            ink.blit(surface, label, label.get_rect(center=centre), str(hour))


def for_options(app: App, players: int, options: dict[str, object]) -> ModeratorScene:
    """The moderator with the timings a Cheese Thief table was given in the menu."""
    from client import i18n

    return ModeratorScene(app, players, option_seconds(options, "hour_seconds", 10.0),
                          i18n.language(),
                          follower_seconds=option_seconds(options, "follower_seconds", 5.0),
                          discussion_seconds=option_seconds(options, "discussion_seconds", 180.0))
