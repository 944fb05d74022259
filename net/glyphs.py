"""Whether every window at the table can draw a text: a name is shown on all of them.

A window draws a character its font lacks as an empty box: "Aki 🍕" read "Aki ☐", and
two names in Hangul read alike, box for box, so nobody could tell whose turn it was. So
the host refuses a name with such a character (``bad_name``, in one sentence), and a
window keeps none in the names typed into it. The characters are those of
``glyphs_data`` (written from the windows' font by ``python -m client.make_glyphs``).
"""

from __future__ import annotations

import base64
import zlib
from functools import cache

from net.glyphs_data import LAST, PACKED


@cache
def _bits() -> bytes:
    """One bit per character, read once (a few milliseconds, at the first name)."""
    return zlib.decompress(base64.b64decode("".join(PACKED)))


def can_draw(char: str) -> bool:
    code = ord(char)
    return code <= LAST and bool(_bits()[code >> 3] >> (code & 7) & 1)


def drawable(text: str) -> bool:
    """Whether every window can draw each character of ``text``."""
    return all(can_draw(char) for char in text)


def only_drawable(text: str) -> str:
    """``text`` without the characters some window could not draw, and the spaces they
    leave doubled or at its ends."""
    kept = "".join(char for char in text if can_draw(char))
    return " ".join(kept.split()) if kept != text else text
