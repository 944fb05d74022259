"""Every word the window shows, in English and Japanese, switchable while running.

Scenes look strings up each time they draw, so changing the language takes effect on
the next frame; widget-based scenes rebuild themselves when ``generation`` changes.
"""

from __future__ import annotations

import re
from functools import lru_cache

from client.strings import STRINGS

LANGUAGES: tuple[str, ...] = ("en", "ja")

_current = "en"
generation = 0
"""Bumped on every language change, so cached text and widgets know to rebuild."""


def set_language(lang: str) -> None:
    global _current, generation
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}")
    if lang != _current:
        _current = lang
        generation += 1


def language() -> str:
    return _current


def refusal(code: str, message: str) -> str:
    """A table's refusal in the reader's language. The table words it in English, with
    its numbers (``core``'s and ``net``'s sentences), and English reads that; another
    language has a sentence per code a person can meet (a decision that lands after the
    table moved on), and a plain one for the rest, whose codes cover many reasons: a
    Japanese screen read "拒否されました: It is seat 2's turn, not yours."."""
    if _current == "en" or not code:
        return message or code
    from net.protocol import MAX_NAME

    key = f"refusal.{code}"
    return render(STRINGS[key if key in STRINGS else "refusal.other"], {"n": MAX_NAME})


_ARTICLE = re.compile(r"\ba (?=([A-Za-z]+|[0-9][0-9,]*))")
"""English "a" before a word or a number, as in "a {kind}" filled with "Ordinary mouse".
Only the lower-case article: a capital A is a name, as in "Is centre tile A odd?"."""

_SOUNDS_YOU = ("one", "once", "uni", "use", "usu", "uti", "eu", "ewe")
"""Words spelt with a vowel that begin with a consonant's sound: "a one" (the night's
"Whoever rolled a one" read "an one"), "a unit"."""


def _sounds_vowel(word: str) -> bool:
    """Whether ``word`` (a word, or a number in digits) begins with a vowel's sound.
    A number is read aloud: "an 8", "an 11", "an 18", "an 80", "a 1" (Sly Knight
    Robbery's "Your spare was a 8." read wrong)."""
    if word[0].isdigit():
        digits = word.replace(",", "")
        return digits[0] == "8" or (digits[:2] in ("11", "18") and len(digits) % 3 == 2)
    lower = word.lower()
    if lower.startswith(_SOUNDS_YOU) or (word[0] == "U" and word[1:2].isupper()):
        return False  # (and "a UI": a capital U of letters read one by one)
    return lower[0] in "aeiou"


def number(n: int) -> str:
    """A whole number as the tables write it: below zero with the minus sign, as in
    "− stolen" and a penalty's "−3", not the hyphen ("sum -4") Python writes."""
    return f"\u2212{-n}" if n < 0 else str(n)


def render(entry: dict[str, str], values: dict[str, object]) -> str:
    """One strings entry in the current language with its fields filled in.

    English gets its grammar here, once for every table: an entry may say how it reads
    for one (``en_one``, used when ``n`` is 1, as in "1 vote"), and "a" becomes "an"
    before a vowel. A number below zero gets the minus sign (``number``).
    """
    if _current == "en" and values.get("n") == 1 and "en_one" in entry:
        text = entry["en_one"]
    else:
        text = entry.get(_current) or entry["en"]
    if values:
        # (a table fills hundreds of lines a frame: the values are copied only for a minus)
        for value in values.values():
            if type(value) is int and value < 0:
                values = {key: number(each) if type(each) is int else each
                          for key, each in values.items()}
                break
        text = text.format(**values)
    return _an(text) if _current == "en" else text


@lru_cache(maxsize=4096)
def _an(text: str) -> str:
    """``text`` with "a" made "an" before a vowel's sound. A table asks for the same few
    hundred lines every frame (a million a whole suite), and the search cost more than
    the rest of ``render``."""
    return _ARTICLE.sub(lambda m: "an " if _sounds_vowel(m.group(1)) else "a ", text)


def tr(key: str, **values: object) -> str:
    """The text for ``key`` in the current language, with ``{name}`` fields filled in.

    A missing key shows itself rather than crashing a table mid-game.
    """
    entry = STRINGS.get(key)
    if entry is None:
        return key
    return render(entry, values)


def pick(texts: dict[str, str]) -> str:
    """Choose from a ``{"en": ..., "ja": ...}`` map supplied by the game itself."""
    return texts.get(_current) or texts.get("en") or next(iter(texts.values()), "")


def level_word(level: str) -> str:
    """A bot level in the reader's language (a level without words keeps its id)."""
    key = f"level.{level}"
    return tr(key) if key in STRINGS else level
