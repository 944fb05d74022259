"""Write ``net/glyphs_data.py``: the characters every window at a table can draw.

``python -m client.make_glyphs`` asks both weights of the windows' font (Noto Sans JP,
``client.assets.font_path``) for each character of Unicode's first three planes, and
writes one bit per character, packed (``net.glyphs`` reads it). Run it again when the
font changes; ``tests/test_glyphs.py`` checks that the file still matches the font.

The list lives in ``net`` because the host reads it: a name is everyone's at the table,
and a window draws a character its font lacks as an empty box, so "민수" and "지영"
would both read as two boxes. A phone's browser could draw them; the laptops could not.
"""

from __future__ import annotations

import base64
import sys
import textwrap
import zlib
from pathlib import Path

import pygame.freetype

from client.assets import font_path

LAST = 0x2FFFF
"""The last character asked about: the Basic, Supplementary Multilingual (emoji) and
Supplementary Ideographic planes. The font has nothing past them."""
CHUNK = 4096
OUT = Path(__file__).resolve().parents[1] / "net" / "glyphs_data.py"
HEAD = '''"""The characters every window at a table can draw (both weights of Noto Sans JP, the
windows' font): one bit per character up to ``LAST``, the lowest bit of each byte
first, zlib-compressed, in base64. Written by ``python -m client.make_glyphs``; do
not edit by hand (``net.glyphs`` reads it)."""

LAST = 0x%X
PACKED = (
'''


def drawn_by_both() -> bytes:
    """One bit per character up to ``LAST``: whether both weights of the font have a
    glyph for it."""
    pygame.freetype.init()
    fonts = [pygame.freetype.Font(font_path(bold), 16) for bold in (False, True)]
    bits = bytearray(LAST // 8 + 1)
    for start in range(0x20, LAST + 1, CHUNK):
        codes = [c for c in range(start, min(start + CHUNK, LAST + 1))
                 if not 0xD800 <= c <= 0xDFFF]  # (halves of a pair, never characters)
        text = "".join(map(chr, codes))
        found = [all(m is not None for m in each)
                 for each in zip(*(f.get_metrics(text) for f in fonts), strict=True)]
        for code, ok in zip(codes, found, strict=True):
            if ok:
                bits[code >> 3] |= 1 << (code & 7)
    return bytes(bits)


def source(bits: bytes) -> str:
    packed = base64.b64encode(zlib.compress(bits, 9)).decode("ascii")
    rows = [f'    "{row}"\n' for row in textwrap.wrap(packed, 76)]
    return HEAD % LAST + "".join(rows) + ")\n"


def main() -> int:
    bits = drawn_by_both()
    OUT.write_text(source(bits), encoding="utf-8")
    print(f"{OUT}: {sum(bin(b).count('1') for b in bits)} characters")
    return 0


if __name__ == "__main__":
    sys.exit(main())
