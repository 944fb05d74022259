"""A record of every text drawn, with the box it belongs to, so that text running out of
its place is a number a run reports rather than something a person has to notice.

A draw helper calls ``note`` with the rendered text, where it went and the box it
belongs in. A text offends when its ink (the rendered surface's bounding rectangle at
its blit position, not the whole line box) is

* clipped: not wholly on the surface it was drawn on (off the window's edge, or cut by
  a clip rectangle);
* outside its box: not wholly inside the box the caller said it belongs to;
* overlapping: its ink meets another text's ink drawn on the same surface in the same
  frame. An opaque panel drawn over earlier texts (``cover``) hides them: what is under
  an overlay people read is not on screen, so it overlaps nothing;
* covered: an opaque panel drawn later hides part of it;
* astride: it crosses the edge of a thing at rest on the table (a card, a cup, a tile:
  ``thing``), drawn before or after it. A label wholly on the thing is the thing's own.

Texts inside pygame_gui widgets are measured against the widget's rectangle
(``note_ui``). Recording is off unless a run asks for it (``start``): a person's window
pays one attribute look-up per text.

The figure counts texts, not frames: a status line clipped for a hundred frames is one
offender, reported with the first frame it was seen.
"""

from __future__ import annotations

import contextlib
import weakref
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import pygame

from client.kit.pixels import copy_whole


@dataclass
class Offence:
    kind: str
    """clipped, outside, overlap, covered or widget."""
    words: str
    ink: tuple[int, int, int, int]
    place: tuple[int, int, int, int]
    """The box, the surface, the other text's ink, or the widget's rectangle."""
    frame: int
    other: str = ""

    def line(self) -> str:
        extra = f" with {self.other!r}" if self.other else ""
        return (f"frame {self.frame}: {self.kind} {self.words!r}{extra} "
                f"ink={list(self.ink)} place={list(self.place)}")


@dataclass
class _Drawn:
    words: str
    ink: pygame.Rect
    layer: int


class Texts(dict[tuple[str, int, int], tuple[pygame.Rect, pygame.Rect | None]]):
    """The texts drawn into one image: (words, x, y) -> (their ink, the box they belong
    in), with a count of its changes (``version``), so that an image pasted again as it
    was is measured as it was (``paste``)."""

    __slots__ = ("version",)

    def __init__(self) -> None:
        super().__init__()
        self.version = 0

    def __setitem__(self, key: tuple[str, int, int],
                    value: tuple[pygame.Rect, pygame.Rect | None]) -> None:
        super().__setitem__(key, value)
        self.version += 1

    def __delitem__(self, key: tuple[str, int, int]) -> None:
        super().__delitem__(key)
        self.version += 1


Pasted = tuple[Texts, list["_Drawn"], int]
"""An image's texts as one paste recorded them: what was drawn, and how many."""


@dataclass
class Recorder:
    frame: int = 0
    noted: int = 0
    """Texts recorded over the run (a figure of 0 offences over 0 texts says nothing)."""
    drawn: list[_Drawn] = field(default_factory=list)
    things: list[tuple[int, pygame.Rect]] = field(default_factory=list)
    """This frame's things at rest (``thing``), by layer."""
    offences: dict[tuple[str, str], Offence] = field(default_factory=dict)
    _bounds: dict[int, tuple[pygame.Surface, pygame.Rect]] = field(default_factory=dict)
    images: dict[int, tuple[weakref.ref[pygame.Surface], Texts]] = field(default_factory=dict)
    """The texts drawn into each off-screen image (a cached seat tile, a log), so that
    pasting the image shows them where they land (``paste``). The image is held weakly:
    a record must never keep alive a window-sized image the scene has let go (a
    1920x1080 Choose! table made a new board each turn, and 512 of them were kept)."""

    def texts_on(self, image: pygame.Surface) -> Texts | None:
        """The texts recorded on ``image``, if any (an entry of a gone image is not it)."""
        held = self.images.get(id(image))
        return held[1] if held is not None and held[0]() is image else None
    _widget_ink: dict[tuple[int, str], tuple[Any, tuple[int, int]]] = field(
        default_factory=dict)
    pasted: dict[tuple[object, ...], Pasted] = field(default_factory=dict)
    """Pastes onto the window, by the image's texts, their version and where they went:
    a still table pasted each frame as it was lands as it did, so its texts' places are
    worked out and checked once (a check that passed or failed once does the same)."""

    def total(self) -> int:
        """Distinct texts that offended at least once."""
        return len({words for _, words in self.offences})

    def offend(self, kind: str, words: str, ink: pygame.Rect, place: pygame.Rect,
               other: str = "") -> None:
        key = (kind, words)
        if key not in self.offences:
            self.offences[key] = Offence(kind, words, (ink.x, ink.y, ink.w, ink.h),
                                         (place.x, place.y, place.w, place.h), self.frame,
                                         other)

    def ink_of(self, label: pygame.Surface) -> pygame.Rect:
        """The label's bounding rectangle, cached by surface (rendered text is cached
        too, so the same surfaces come back every frame)."""
        held = self._bounds.get(id(label))
        if held is None or held[0] is not label:
            if len(self._bounds) > 8192:
                self._bounds.clear()
            held = self._bounds[id(label)] = (label, label.get_bounding_rect())
        return held[1]

    def widget_ink(self, font: Any, words: str) -> tuple[int, int]:
        """The ink size of ``words`` in a widget's font (not its line box: Noto Sans JP's
        line is far taller than its letters)."""
        key = (id(font), words)
        held = self._widget_ink.get(key)
        if held is None or held[0] is not font:
            if len(self._widget_ink) > 4096:
                self._widget_ink.clear()
            ink = font.render_premul(words, pygame.Color(255, 255, 255)).get_bounding_rect()
            held = self._widget_ink[key] = (font, ink.size)
        return held[1]

    def end_frame(self) -> None:
        """Look for overlaps among this frame's texts, then start the next frame."""
        by_layer: dict[int, list[_Drawn]] = {}
        for each in self.drawn:
            by_layer.setdefault(each.layer, []).append(each)
        for items in by_layer.values():
            items.sort(key=lambda d: d.ink.left)
            for i, a in enumerate(items):
                for b in items[i + 1:]:
                    if b.ink.left >= a.ink.right:
                        break
                    if a.ink.colliderect(b.ink) and a.words != b.words:
                        self.offend("overlap", a.words, a.ink, b.ink, b.words)
                        self.offend("overlap", b.words, b.ink, a.ink, a.words)
        inks: dict[int, list[pygame.Rect]] = {}
        for layer, rect in self.things:
            texts = by_layer.get(layer)
            if not texts:
                continue
            if layer not in inks:
                inks[layer] = [each.ink for each in texts]
            for i in rect.collidelistall(inks[layer]):  # (in the texts' order)
                if not rect.contains(texts[i].ink):
                    self.offend("astride", texts[i].words, texts[i].ink, rect)
        self.drawn = []
        self.things = []
        self.frame += 1


RECORDER: Recorder | None = None
"""The run's recorder, or None when nothing records (a person's window)."""


def start() -> Recorder:
    global RECORDER
    RECORDER = Recorder()
    return RECORDER


def stop() -> None:
    global RECORDER
    RECORDER = None


@contextlib.contextmanager
def unrecorded() -> Iterator[None]:
    """Draw without recording: a try at a layout that may not be the one shown (the
    one shown is drawn again, recorded)."""
    global RECORDER
    rec, RECORDER = RECORDER, None
    try:
        yield
    finally:
        RECORDER = rec


def _place(surface: pygame.Surface) -> tuple[pygame.Surface, int, int]:
    """The surface's top parent (its layer) and its offset in that parent's
    coordinates."""
    dx, dy = surface.get_abs_offset()
    return surface.get_abs_parent(), dx, dy


def note(surface: pygame.Surface, label: pygame.Surface, at: pygame.Rect | tuple[int, int],
         words: str, box: pygame.Rect | None = None) -> None:
    """Record ``label`` (the rendering of ``words``) blitted onto ``surface`` at ``at``,
    belonging inside ``box`` (in ``surface``'s coordinates; None: anywhere on it)."""
    rec = RECORDER
    if rec is None or not words.strip():
        return
    x, y = (at.topleft if isinstance(at, pygame.Rect) else at)
    _add(rec, surface, words, rec.ink_of(label).move(x, y), box, None)


class _Target:
    """Where texts drawn on one surface land: its layer, the part of it they may show in
    and its offset (in its top parent's coordinates), and the record of the off-screen
    image it is part of, if it is not the window. Worked out once for all the texts of
    a ``paste``, not once for each (a log or a seat tile pastes dozens every frame)."""

    __slots__ = ("layer", "area", "dx", "dy", "image", "_texts")

    def __init__(self, surface: pygame.Surface, seen: pygame.Rect | None) -> None:
        parent, self.dx, self.dy = _place(surface)
        self.area = surface.get_clip().move(self.dx, self.dy)
        if seen is not None:
            self.area = self.area.clip(seen.move(self.dx, self.dy))
        self.layer = id(parent)
        self.image = None if parent is pygame.display.get_surface() else parent
        self._texts: Texts | None = None

    def texts(self, rec: Recorder) -> Texts:
        """The texts recorded on the image, a new record where it has none yet."""
        if self._texts is None:
            assert self.image is not None
            texts = rec.texts_on(self.image)
            if texts is None:
                if len(rec.images) > 512:  # the gone ones first; all, if none is gone
                    rec.images = {k: v for k, v in rec.images.items() if v[0]() is not None}
                    if len(rec.images) > 512:
                        rec.images.clear()
                texts = Texts()  # (a new image, or a new one where a gone one was)
                rec.images[self.layer] = (weakref.ref(self.image), texts)
            self._texts = texts
        return self._texts


def _add(rec: Recorder, surface: pygame.Surface, words: str, ink: pygame.Rect,
         box: pygame.Rect | None, seen: pygame.Rect | None) -> None:
    """Record a text whose ink is at ``ink`` on ``surface`` (its coordinates); ``seen``
    is the part of ``surface`` the text may show in (None: all of it)."""
    if ink.width and ink.height:
        _put(rec, _Target(surface, seen), words, ink, box)


def _put(rec: Recorder, target: _Target, words: str, ink: pygame.Rect,
         box: pygame.Rect | None) -> None:
    ink = ink.move(target.dx, target.dy)
    if not target.area.contains(ink):
        rec.offend("clipped", words, ink, target.area)
    where = None if box is None else box.move(target.dx, target.dy)
    if where is not None and not where.contains(ink):
        rec.offend("outside", words, ink, where)
    rec.noted += 1
    rec.drawn.append(_Drawn(words, ink, target.layer))
    if target.image is not None:
        target.texts(rec)[(words, ink.x, ink.y)] = (ink, where)


def forget(image: pygame.Surface, area: pygame.Rect | None = None) -> None:
    """``image`` (or its ``area``) is being drawn afresh: the texts recorded on it there
    are gone. One that reaches into ``area`` from outside it is cut by what is drawn
    there (a seat's line running on into the side column painted after the table)."""
    rec = RECORDER
    texts = None if rec is None else rec.texts_on(image)
    if rec is None or texts is None:
        return
    for key, (ink, _) in list(texts.items()):
        if area is None or area.contains(ink):
            del texts[key]
        elif area.colliderect(ink):
            rec.offend("covered", key[0], ink, area)
            del texts[key]


def paste(surface: pygame.Surface, image: pygame.Surface, at: tuple[int, int],
          area: pygame.Rect | None = None) -> None:
    """``surface.blit(image, at, area)`` for an image holding recorded texts: each of
    them is recorded again where it now lands, so a cached image's texts are measured
    against what the screen draws around them every frame. A whole still picture is
    copied as memory (``pixels.copy_whole``)."""
    if area is not None or tuple(at) != (0, 0) or not copy_whole(surface, image):
        surface.blit(image, at, area)
    rec = RECORDER
    texts = None if rec is None else rec.texts_on(image)
    if rec is None or texts is None:
        return
    shift = (at[0] - (area.x if area else 0), at[1] - (area.y if area else 0))
    seen = None if area is None else area.move(shift)
    if not texts:
        return
    target = _Target(surface, seen)
    key: tuple[object, ...] | None = None
    if target.image is None:  # (onto the window: what lands there is kept nowhere else)
        key = (id(texts), texts.version, shift, None if area is None else tuple(area),
               target.layer, tuple(target.area), target.dx, target.dy)
        held = rec.pasted.get(key)
        if held is not None and held[0] is texts:
            rec.drawn.extend(held[1])
            rec.noted += held[2]
            return
    first, noted = len(rec.drawn), rec.noted
    for (words, _, _), (ink, box) in list(texts.items()):
        if (area is not None and not area.colliderect(ink)) or not (ink.width and ink.height):
            continue
        _put(rec, target, words, ink.move(shift), None if box is None else box.move(shift))
    if key is not None:
        if len(rec.pasted) > 256:
            rec.pasted.clear()
        rec.pasted[key] = (texts, rec.drawn[first:], rec.noted - noted)


def cover(surface: pygame.Surface, rect: pygame.Rect, hides: bool = True) -> None:
    """An opaque panel now covers ``rect``: the texts wholly under it are hidden, and
    one it covers only in part is cut by its edge. A panel that does not ``hide`` (a
    speech bubble over the table, which belongs to one seat) may cover no text at all:
    a name under a bubble is a name nobody can read."""
    rec = RECORDER
    if rec is None:
        return
    parent, dx, dy = _place(surface)
    layer = id(parent)
    hide = rect.move(dx, dy)
    kept = []
    for d in rec.drawn:
        if d.layer != layer or not hide.colliderect(d.ink):
            kept.append(d)
        elif not hides or not hide.contains(d.ink):
            rec.offend("covered", d.words, d.ink, hide)
    rec.drawn = kept
    # what lies under the panel is out of sight: a text on the panel crosses no edge of it
    rec.things = [(on, rect) for on, rect in rec.things
                  if on != layer or not hide.colliderect(rect)]
    texts = rec.texts_on(parent)
    if hides and texts is not None:
        for key, (ink, _) in list(texts.items()):
            if hide.contains(ink):  # painted over in the image too: it will not show
                del texts[key]


def thing(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """A thing now lies at rest at ``rect`` (a card, a cup, a tile, not one in flight):
    no text of this frame may cross its edge."""
    rec = RECORDER
    if rec is None:
        return
    parent, dx, dy = _place(surface)
    rec.things.append((id(parent), rect.move(dx, dy)))


def note_ui(manager: Any) -> None:
    """Measure the text of every visible pygame_gui button and label against its
    rectangle (a drop-down's rows and its closed face are buttons too)."""
    rec = RECORDER
    if rec is None:
        return
    for element, words, font, room in _worded(manager):
        # across, pygame_gui lays the text out by its advance (and cuts it there);
        # up and down, the letters are what must show
        w, h = max(font.size(words)[0], rec.widget_ink(font, words)[0]), rec.widget_ink(
            font, words)[1]
        if w > room.width or h > room.height:
            ink = pygame.Rect(0, 0, w, h)
            ink.center = room.center
            rec.offend("widget", words, ink, element.rect)


def widgets_cut(manager: Any) -> list[str]:
    """The words of the visible buttons and labels too wide for their room, as
    ``note_ui`` measures them across (a form built too large for its window asks,
    whether or not a run records)."""
    return [words for _, words, font, room in _worded(manager)
            if font.size(words)[0] > room.width]


def _worded(manager: Any) -> Iterator[tuple[Any, str, Any, pygame.Rect]]:
    """Each visible pygame_gui button and label with words: the element, its words,
    its font and where it may show them. A button draws its border and shadow inside
    its rectangle, and pads its words; a label, with the theme's clear background,
    draws neither border nor shadow."""
    from pygame_gui.core.utility import translate
    from pygame_gui.elements import UIButton, UILabel

    for element in manager.get_sprite_group().sprites():
        if not isinstance(element, (UIButton, UILabel)) or not element.visible:
            continue
        words = translate(element.text, **getattr(element, "text_kwargs", {}))
        font = getattr(element, "font", None)
        if not words.strip() or font is None:
            continue
        edge = 0 if isinstance(element, UILabel) else _width(
            getattr(element, "border_width", 0)) + _width(getattr(element, "shadow_width", 0))
        pad = _width(getattr(element, "text_horiz_alignment_padding", 0))
        yield element, words, font, element.rect.inflate(-2 * (edge + pad), -2 * edge)


def _width(value: Any) -> int:
    """A widget's border or padding: one number, or one per side (the widest counts)."""
    if isinstance(value, dict):
        return max((int(v) for v in value.values()), default=0)
    return int(value or 0)


def blit(surface: pygame.Surface, label: pygame.Surface, at: pygame.Rect | tuple[int, int],
         words: str, box: pygame.Rect | None = None) -> None:
    """``surface.blit`` for a rendered text, recorded with the box it belongs in."""
    surface.blit(label, at)
    note(surface, label, at, words, box)
