"""Keyboard play: one focus ring over whatever a screen lets you click.

Every screen lists its targets (a table's seats, cards and tiles, its buttons, a form's
widgets) as ``Target``s, each with the same effect a click on it has. The ring then
gives every screen the same keys: Tab and Shift-Tab cycle, the arrows move to the
nearest target that way, a number picks the target numbered so (a seat, a card in the
hand, a tile), and Enter does what a click would. Nothing here knows a game: a scene
maps its own clicks onto targets, so the keyboard can only ever do what the mouse can.

The ring is quiet until a navigation key is pressed, so a mouse player never sees a
highlight they did not ask for; a click puts it back to sleep.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame

from client.assets import text

FOCUS = (120, 220, 255)
"""The focus highlight: a cold blue that no table uses, so it reads on wood and felt."""

NEXT_STEP = ("button:continue", "button:done")
"""Where the focus goes when what it was on is gone, if on screen: a round's summary
goes on, a person at a shared screen passes it on."""

WAY_ON = "button:continue"
"""What Enter with nothing focused presses, where it is offered: going on after a
round (or a game) is one key."""

ASIDE = ("button:emote", "button:menu", "button:back", "button:tab_", "button:save_note",
         "button:clear", "button:again", "chat", "notes")
"""Talk, the notepad and the ways out: the focus lands there only when a person moves
it there, never because what it was on went away (an Enter meant for the table would
post an emote, or start typing)."""

ENTER = (pygame.K_RETURN, pygame.K_KP_ENTER)
ARROWS = {pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0), pygame.K_UP: (0, -1),
          pygame.K_DOWN: (0, 1)}
DIGITS = {getattr(pygame, f"K_{n}"): n or 10 for n in range(10)} | {
    getattr(pygame, f"K_KP{n}"): n or 10 for n in range(10)}
"""The number keys, 0 after 9 as on the keyboard's row: 1-9 pick the first nine, 0
the tenth."""

SHIFTED = 10
"""Shift adds ten: Shift+1 to Shift+9 pick the 11th to 19th, Shift+0 the 20th (a
two-player Choose! hand holds 14 cards). Digits with Shift rather than letters: the
digits are already kept from the person's own keys (``client.kit.keymap``), while any
letter may be an action's key (M, L, R, B, O, or one the person chose)."""


def number_of(event: pygame.event.Event) -> int | None:
    """The number a key press picks (1 to 20), or None for any other key."""
    base = DIGITS.get(getattr(event, "key", None) or 0)
    if base is None:
        return None
    return base + (SHIFTED if getattr(event, "mod", 0) & pygame.KMOD_SHIFT else 0)


def key_name(number: int) -> str:
    """How a person writes the key that picks ``number`` ("7", "0", "Shift+3")."""
    shift, base = divmod(number - 1, SHIFTED)
    return ("Shift+" if shift else "") + str((base + 1) % 10)


@dataclass
class Target:
    rect: pygame.Rect
    activate: Callable[[], None]
    key: str
    """A stable name, so the focus stays on the same thing while the screen is redrawn."""
    number: int | None = None
    """The number key that picks it (a seat's number, a card's place in the hand)."""
    step: Callable[[int], None] | None = None
    """Left/Right on a choice (a drop-down, a slider) change it instead of moving on."""


def unique(targets: Sequence[Target]) -> list[Target]:
    """The same key twice (two buttons both called ``ready``) gets a count appended."""
    seen: dict[str, int] = {}
    out = []
    for target in targets:
        n = seen.get(target.key, 0)
        seen[target.key] = n + 1
        if n:
            target.key = f"{target.key}#{n}"
        out.append(target)
    return out


def aside(target: Target) -> bool:
    return target.key.startswith(ASIDE)


def play_area(target: Target) -> bool:
    """A seat, card, tile or place on the table itself (not a button, not a field)."""
    return not target.key.startswith("button:") and not aside(target)


def nearest(targets: Sequence[Target], here: pygame.Rect, way: tuple[int, int]
            ) -> Target | None:
    """The target the arrow ``way`` points at from ``here``, in the order a person reads
    the screen: Left/Right the next one along the same row (cards of a hand that overlap
    included, one by one), Up/Down the nearest row that way and in it the one most
    nearly in line, whatever the window's size made of the layout."""
    if way[0]:
        row = [t for t in targets if t.rect.top < here.bottom and t.rect.bottom > here.top
               and (t.rect.centerx - here.centerx) * way[0] > 0]
        if row:
            return min(row, key=lambda t: (abs(t.rect.centerx - here.centerx),
                                           abs(t.rect.centery - here.centery)))
    else:
        beyond = [(t, max(0, (t.rect.top - here.bottom) if way[1] > 0
                          else (here.top - t.rect.bottom))) for t in targets
                  if ((t.rect.top - here.bottom) if way[1] > 0 else (here.top - t.rect.bottom))
                  >= -min(here.height, t.rect.height) // 2
                  and (t.rect.centery - here.centery) * way[1] > 0]
        if beyond:
            first = min(gap for _, gap in beyond)
            row = [t for t, gap in beyond if gap <= first + min(here.height, t.rect.height) // 2]
            return min(row, key=lambda t: abs(t.rect.centerx - here.centerx))
    return _nearest_anywhere(targets, here, way)


def _nearest_anywhere(targets: Sequence[Target], here: pygame.Rect, way: tuple[int, int]
                      ) -> Target | None:
    """Nothing in line (seats round a table): the one beyond that way that is nearest,
    preferring the one most nearly in line."""
    best, score = None, 0.0
    for target in targets:
        there = target.rect
        if way[0]:
            ahead = (there.left - here.right) if way[0] > 0 else (here.left - there.right)
            off_line = abs(there.centery - here.centery)
            slack = min(here.width, there.width) // 2
        else:
            ahead = (there.top - here.bottom) if way[1] > 0 else (here.top - there.bottom)
            off_line = abs(there.centerx - here.centerx)
            slack = min(here.height, there.height) // 2
        if ahead < -slack:  # overlapping by more than half: beside it, not beyond it
            continue
        value = max(0, ahead) + 2 * off_line
        if best is None or value < score:
            best, score = target, value
    return best


class FocusRing:
    def __init__(self) -> None:
        self.key: str | None = None
        self.index = 0
        self.awake = False
        self.held: set[int] = set()
        """Enter and number keys down now: a key the system repeats while it is held
        must not act twice (a second Enter would land on whatever the first revealed)."""
        self.soon: str | None = None
        """Where the focus goes once that target is on screen, unless a key or a click
        comes first: a choice a key made whole (two score cards picked by their numbers)
        is confirmed by the next Enter, not undone by it on the card last picked."""

    def current(self, targets: Sequence[Target]) -> Target | None:
        """The focused target; when it went away (a vote sent, a card played), the
        one now at its place in the list."""
        if not self.awake or not targets:
            return None
        if self.soon is not None and any(t.key == self.soon for t in targets):
            self.key, self.soon = self.soon, None
        for i, target in enumerate(targets):
            if target.key == self.key:
                self.index = i
                return target
        landing = self.landing(targets)
        if landing is None:
            return None  # (only talk and ways out: it waits for the table to come back)
        self.index = landing
        self.key = targets[self.index].key
        return targets[self.index]

    def landing(self, targets: Sequence[Target]) -> int | None:
        """Where the focus goes when what it was on went away (a card played, the turn
        passed on): the way on if on screen; else back to the table, near its old place;
        else the nearest button; never talk or a way out. With only those on screen (the
        others' turns) it lands nowhere yet, and on the table once it is back."""
        ahead = next((i for i, t in enumerate(targets) if t.key in NEXT_STEP), None)
        if ahead is not None:
            return ahead
        for fits in (play_area, lambda t: not aside(t)):
            places = [i for i, t in enumerate(targets) if fits(t)]
            if places:
                return min(places, key=lambda i: (abs(i - self.index), i))
        return None

    def focus(self, target: Target, targets: Sequence[Target]) -> None:
        self.awake, self.key = True, target.key
        self.index = next((i for i, t in enumerate(targets) if t is target), 0)

    def sleep(self) -> None:
        self.awake, self.soon = False, None

    def handle(self, event: pygame.event.Event, targets: Sequence[Target], *,
               arrows: bool = True, digits: bool = True, enter: bool = True) -> bool:
        """Move or use the focus; True when the key was the ring's."""
        if event.type == pygame.MOUSEBUTTONDOWN:
            self.sleep()
            return False
        if event.type == pygame.KEYUP:
            self.held.discard(event.key)
            return False
        if event.type != pygame.KEYDOWN:
            return False
        key = event.key
        self.soon = None  # a key of the person's own goes before a move they did not make
        if key in ENTER or key in DIGITS:
            if key in self.held:
                return True  # held down: the first press was the one meant
            self.held.add(key)
        if not targets:
            if key == pygame.K_TAB or key in ARROWS:
                self.awake = True  # the focus shows as soon as there is something
            return False
        now = self.current(targets)
        if key == pygame.K_TAB:
            back = bool(getattr(event, "mod", 0) & pygame.KMOD_SHIFT)
            if now is None:
                self.focus(targets[-1 if back else 0], targets)
            else:
                self.focus(targets[(self.index + (-1 if back else 1)) % len(targets)], targets)
            return True
        if arrows and key in ARROWS:
            way = ARROWS[key]
            if now is None:
                self.focus(targets[0], targets)
            elif way[1] == 0 and now.step is not None:
                now.step(way[0])
            else:
                # from the table, the arrows stay off talk and the ways out (Tab goes
                # there): a hand's last card does not lead on to an emote
                there = nearest([t for t in targets if t is not now
                                 and (aside(now) or not aside(t))], now.rect, way)
                if there is not None:  # nothing that way: the focus stays (Tab goes round)
                    self.focus(there, targets)
            return True
        if digits and key in DIGITS:
            picked = next((t for t in targets if t.number == number_of(event)), None)
            if picked is None:
                self.awake = True  # nothing has that number: show the ones there are
                return False
            self.focus(picked, targets)
            picked.activate()
            return True
        if enter and key in ENTER and now is not None:
            now.activate()
            return True
        if enter and key in ENTER:  # nothing focused: Enter goes on, where that is offered
            way_on = next((t for t in targets if t.key == WAY_ON), None)
            if way_on is not None:
                self.focus(way_on, targets)
                way_on.activate()
                return True
        return False

    def draw(self, surface: pygame.Surface, targets: Sequence[Target]) -> None:
        """A bright double outline around the focused target, dark behind light so it
        shows on any background."""
        now = self.current(targets)
        if now is None:
            return
        rect = now.rect.inflate(8, 8)
        radius = min(14, rect.height // 2)
        pygame.draw.rect(surface, (10, 20, 30), rect.inflate(4, 4), 3, border_radius=radius + 2)
        pygame.draw.rect(surface, FOCUS, rect, 3, border_radius=radius)
        for target in targets:
            if target.number is not None:
                key_cap(surface, target.rect, key_name(target.number))


def key_cap(surface: pygame.Surface, rect: pygame.Rect, words: str) -> None:
    """The key that picks a target, on its top-left corner while the keyboard is in
    use: a seat's number is nowhere else on the screen (1 is the reader's own seat,
    which is seldom among the choices), nor is a card's place in a hand."""
    size = max(11, min(16, rect.height // 3))
    label = text(words, size, FOCUS, True)
    cap = label.get_rect().inflate(size // 2, 2)
    cap.topleft = (rect.left - 2, rect.top - 2)
    pygame.draw.rect(surface, (10, 20, 30), cap, border_radius=cap.height // 3)
    surface.blit(label, label.get_rect(center=cap.center))
