"""The main menu's fields measured before they are built: how wide an option's field
must be for its longest choice, each choice in the reader's words (and back to its
value), and a row of buttons shared out by their words. Large text in a small window
leaves little room, so the menu asks these first."""

from __future__ import annotations

from typing import Any

from client.app import ui_font
from client.assets import font
from client.i18n import pick, tr


def shares(words: list[str], width: int, gap: int, size: int | None = None) -> list[int]:
    """Widths for a row of buttons across ``width``: each as wide as its words need,
    and what is left over shared evenly (a long *Learn to play* beside a short *Quit*).
    ``size``: the buttons' font size (the widgets' by default)."""
    size = ui_font() if size is None else size
    need = [font(size).size(w)[0] + size for w in words]
    room = width - gap * (len(words) - 1)
    if not fits(words, width, gap, size):  # nothing fits whole: as even as before
        return [room // len(words)] * len(words)
    extra = (room - sum(need)) // len(words)
    return [n + extra for n in need]


def fits(words: list[str], width: int, gap: int, size: int | None = None) -> bool:
    """Whether a row of buttons with these words fits ``width`` with every word whole
    (``size``: their font size, the widgets' by default)."""
    size = ui_font() if size is None else size
    need = sum(font(size).size(w)[0] + size for w in words)
    return need <= width - gap * (len(words) - 1)


def field_need(spec: dict[str, Any], size: int | None = None) -> int:
    """How wide an option's field must be for its longest choice, with its arrow, at
    the widgets' font size (or ``size``)."""
    size = ui_font() if size is None else size
    if isinstance(spec["default"], bool):
        words = [tr("opt.on"), tr("opt.off")]
    elif spec["choices"]:
        words = list(choices_in_words(spec))
    else:
        return 0  # a typed number: the usual width
    return max(font(size).size(w)[0] for w in words) + size * 2


def choices_in_words(spec: dict[str, Any]) -> dict[str, str]:
    """An option's choices as its drop-down shows them, in the reader's language, each
    to the value the table takes and the settings keep (``coop``, not 一致団結)."""
    titles = spec.get("choice_titles", {})
    return {pick(titles[value]) if value in titles else str(value): str(value)
            for value in spec["choices"]}
