"""Finding and caching art, sounds and fonts.

``art/`` and ``sounds/`` sit at the top of the source tree; a built wheel carries them
inside the package as ``client/_assets/`` (see ``setup.py``). Looking in both places
makes an editable install and a wheel behave the same.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache
from importlib import resources
from pathlib import Path

import pygame

_HERE = Path(__file__).resolve().parent


def asset_dir(kind: str) -> Path:
    """The directory holding ``kind`` ("art" or "sounds")."""
    for candidate in (_HERE / "_assets" / kind, _HERE.parent / kind):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError(f"cannot find the {kind}/ directory of cheeseknights")


@lru_cache(maxsize=2)
def font_path(bold: bool = False) -> str:
    """Noto Sans JP from pygame_gui's package data: it covers Latin and Japanese. (Found
    once: every widget theme names it, dozens of times before the first frame.)"""
    name = "NotoSansJP-Bold.otf" if bold else "NotoSansJP-Regular.otf"
    return str(resources.files("pygame_gui.data") / name)


_SCALE = [1.0]
"""The person's text size (settings, 1.0-1.5). Every screen sizes its texts, and the
lines, bands and buttons around them, from one size of its own; each of those sizes
passes through ``scaled``, so this one factor grows the texts together with their room
(scaling the fonts alone would leave each line's step and box at the old size)."""


def text_scale() -> float:
    return _SCALE[0]


def set_text_scale(scale: float) -> None:
    """Make every text ``scale`` times its size from the next layout on."""
    _SCALE[0] = min(1.5, max(1.0, float(scale)))


def scaled(size: int) -> int:
    """A screen's text size, ``size`` pixels at 100%, at the person's text size."""
    return round(size * _SCALE[0])


def at_100(size: int, least: int = 9) -> int:
    """``size``, a text size at the person's text size, as it is at 100% (no smaller
    than ``least``, no larger than ``size``): how far large text may step down where a
    screen is short of room."""
    return min(size, max(least, round(size / _SCALE[0])))


@lru_cache(maxsize=64)
def font(size: int, bold: bool = False) -> pygame.font.Font:
    return pygame.font.Font(font_path(bold), max(6, size))


@lru_cache(maxsize=2)
def _ruler(bold: bool) -> pygame.font.Font:
    return pygame.font.Font(font_path(bold), 12)


@lru_cache(maxsize=1024)
def fit_size(words: str, size: int, width: int, least: int, bold: bool = False) -> int:
    """The largest size from ``size`` down to ``least`` at which ``words`` fit ``width``
    pixels (``least`` where none does). Measured on one font of each weight, resized,
    which measures as a font opened at that size does: opening one takes 0.4 ms, and
    trying each size in turn opened ten in the frame that showed a line-up. Kept, as
    a table asks again every frame, and a resized font measures its letters afresh."""
    ruler = _ruler(bold)
    while size > least:
        ruler.point_size = size
        if ruler.size(words)[0] <= width:
            break
        size -= 1
    return size


@lru_cache(maxsize=2048)
def text(words: str, size: int, color: tuple[int, int, int], bold: bool = False) -> pygame.Surface:
    """Rendered text, cached: a table redraws the same labels every frame."""
    return font(size, bold).render(words, True, color)


@lru_cache(maxsize=256)
def svg(name: str, width: int, height: int) -> pygame.Surface:
    """An SVG from ``art/`` rendered crisply at the asked size."""
    path = asset_dir("art") / f"{name}.svg"
    surface = pygame.image.load_sized_svg(str(path), (max(1, width), max(1, height)))
    return surface.convert_alpha() if pygame.display.get_surface() else surface


_HELD = [False]
_AT_QUIT: list[Callable[[], None]] = []
"""What else holds pygame's fonts or images, to forget at its quit (``at_quit``)."""


def at_quit(forget: Callable[[], None]) -> None:
    """Call ``forget`` when pygame quits, with this module's own caches."""
    _AT_QUIT.append(forget)


def hold_until_quit() -> None:
    """Forget the fonts, texts and images cached here, and what ``at_quit`` named, when
    pygame quits: they are pygame's, and a font of a pygame that has quit cannot draw
    (a second window in one process, after the first one's quit, would fail at its
    first text). Called after each ``pygame.init``; pygame calls what it was given at
    its next quit only."""
    if not _HELD[0]:
        _HELD[0] = True
        pygame.register_quit(_forget)


def _forget() -> None:
    _HELD[0] = False
    for cached in (font, _ruler, text, svg):
        cached.cache_clear()
    for forget in _AT_QUIT:
        forget()


_TOKENS = re.compile(r"\s*×\d+|\d+[時人点票枚回秒]|[\u30a1-\u30fa\u30fc-\u30fe]+|"
                     r"[\x21-\x7e]+|\s+|.")
"""Runs of Latin letters stay together, and so does a word of katakana ("ボット" never
breaks into "ボッ/ト"), a count with its sign (" ×2") and a number with its counter
("2時" never breaks into "2/時"); any other character may start a new line."""


CLOSERS = "。、）」』!?！？)…×"
"""Marks that may not begin a line in Japanese (nor a count's sign, in either)."""


OPENERS = "(（「『"
"""Marks that may not end a line."""

_KATAKANA = re.compile(r"[\u30a1-\u30fa\u30fc-\u30fe]")


def _closes(token: str) -> bool:
    first = token.lstrip()[:1]
    return bool(first) and first in CLOSERS


def wrap(words: str, size: int, width: int, bold: bool = False) -> list[str]:
    """Split text into lines that fit ``width`` pixels (English by word, Japanese anywhere).

    A closing mark never begins a line: the character before it moves down with it, so
    the line above stays inside ``width`` (appending the mark to it would run it past the
    edge); after a lone word too long for the line, the mark hangs past the edge. A
    katakana word and a count's "×n" stay whole. Cached, since a table wraps the same
    words every frame (and measuring them is most of the cost); each caller gets a list
    of its own."""
    return list(_wrapped(words, size, width, bold))


@lru_cache(maxsize=1024)
def _wrapped(words: str, size: int, width: int, bold: bool) -> tuple[str, ...]:
    f = font(size, bold)
    lines: list[str] = []
    for paragraph in words.split("\n"):
        line: list[str] = []
        measured = False  # the line as it stands was measured and fits
        tokens = _TOKENS.findall(paragraph)
        while tokens:
            token = tokens.pop(0)
            if len(token) > 1 and _KATAKANA.match(token) and f.size(token)[0] > width:
                tokens[:0] = list(token)  # a word wider than a whole line breaks after all
                continue
            if measured and token.isspace():
                line.append(token)  # (measured with it, the line is the same line)
                continue
            if f.size(("".join(line) + token).rstrip())[0] <= width:
                line.append(token)
                measured = True
                continue
            if not "".join(line).strip():
                line.append(token)
                measured = False
                continue
            measured = False
            carry: list[str] = []
            while _closes((carry or [token])[0]) and len(line) > 1:
                carry.insert(0, line.pop())  # marks in a row all move down with a character
            if _closes((carry or [token])[0]):
                word = line[0] if len(line) == 1 else ""
                if not (len(word) > 1 and _KATAKANA.match(word)):
                    line += [*carry, token]  # no character left to take down: marks hang
                    continue
                line, carry = [word[:-1]], [word[-1], *carry]  # a word that fills the line
            word = carry[0] if carry else ""
            if len(word) > 1 and _KATAKANA.match(word) and \
                    f.size("".join(carry) + token)[0] > width:
                line.append(word[:-1])  # only a line too narrow for the word and its mark
                carry[0] = word[-1]
            while len(line) > 1 and line[-1][-1:] in OPENERS and not _closes(line[-1]):
                carry.insert(0, line.pop())  # an opening mark goes down with its word
            lines.append("".join(line).rstrip())
            line = [*carry, token.lstrip()]
        lines.append("".join(line).rstrip())
    return tuple(lines)


def wrap_at_most(words: str, size: int, width: int, most: int, bold: bool = False
                 ) -> list[str]:
    """``wrap``, kept to ``most`` lines: if the words run on, the last line ends in "…",
    cut where a word ends (or, with no space left to cut at, before a character).
    Kept, as ``wrap`` is: a bubble that runs on is cut again every frame it stands."""
    return list(_wrapped_at_most(words, size, width, most, bold))


@lru_cache(maxsize=1024)
def _wrapped_at_most(words: str, size: int, width: int, most: int, bold: bool
                     ) -> tuple[str, ...]:
    lines = _wrapped(words, size, width, bold)
    if len(lines) <= most:
        return lines
    f = font(size, bold)
    last = lines[most - 1]
    while last and f.size(last + "…")[0] > width:
        last = last.rsplit(" ", 1)[0] if " " in last else last[:-1]
    return (*lines[: most - 1], last.rstrip() + "…")


@lru_cache(maxsize=1024)
def shorten(words: str, size: int, width: int, bold: bool = False) -> str:
    """``words`` cut to fit ``width`` pixels on one line, ending in "…" where cut (a
    name in a narrow column of a score table). Kept: a window's foot line is cut again
    every frame, and cutting a long line measures it once per letter taken off (a
    millisecond of a lesson's frame)."""
    f = font(size, bold)
    if f.size(words)[0] <= width:
        return words
    while len(words) > 1 and f.size(words + "…")[0] > width:
        words = words[:-1]
    return words.rstrip() + "…"
