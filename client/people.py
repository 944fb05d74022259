"""The names of the people at one shared screen: what makes a list of them usable.

The curtain says whom to pass the screen to, so every person needs a name of their own:
none empty, no two alike (compared without case or surrounding spaces), none longer
than a seat's label allows, and none with a character the window cannot draw (an emoji
drew as an empty box, and two names in Hangul alike, box for box).
"""

from __future__ import annotations

from net.glyphs import drawable

LONGEST = 24
"""Characters a name may have (as the LAN name question allows)."""


class NamesProblem(ValueError):
    """A list of names that cannot name the people: ``key`` names the sentence
    (``people.empty``, ``people.same``, ``people.long``, ``people.undrawable``), ``name``
    the name at fault."""

    def __init__(self, key: str, name: str = "") -> None:
        super().__init__(key)
        self.key, self.name = key, name


def check(names: list[str]) -> list[str]:
    """The names, trimmed; raises ``NamesProblem`` for the first one that will not do."""
    clean = [str(n).strip() for n in names]
    seen: set[str] = set()
    for name in clean:
        if not name:
            raise NamesProblem("people.empty")
        if len(name) > LONGEST:
            raise NamesProblem("people.long", name)
        if not drawable(name):
            raise NamesProblem("people.undrawable", name)
        if name.casefold() in seen:
            raise NamesProblem("people.same", name)
        seen.add(name.casefold())
    return clean


def offered(remembered: list[str], people: int, default: str) -> list[str]:
    """The names a new table offers: the last ones used, then numbered defaults."""
    names = [n for n in remembered if n][:people]
    taken = {n.casefold() for n in names}
    n = 1
    while len(names) < people:
        name = f"{default} {n}"
        if name.casefold() not in taken:
            names.append(name)
            taken.add(name.casefold())
        n += 1
    return names
