"""Table options: declared once per game, parsed from ``KEY=VALUE`` text or plain data.

A game lists its options as ``OptionSpec`` values; the same list feeds the command
line, the host's lobby and the client's menu, each with a short description in both
languages.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from core.errors import OptionError

OptionValue = bool | int | float | str


@dataclass(frozen=True)
class OptionSpec:
    """One table option."""

    name: str
    default: OptionValue
    """Also fixes the type: bool, int, float or str."""
    help_en: str
    help_ja: str
    choices: tuple[str, ...] = ()
    """For str options: the allowed values."""
    minimum: float | None = None
    maximum: float | None = None
    applies: Callable[[int], bool] = field(default=lambda players: True)
    """Whether the option exists at a player count (e.g. ``fall_mouse`` only at 6-8)."""
    title_en: str = ""
    title_ja: str = ""
    """What a menu calls the option: people read "Night hour (s)", not ``hour_seconds``."""
    choices_at: Callable[[int], tuple[str, ...]] | None = None
    """For str options whose allowed values depend on the table size (Knights' modes):
    a menu offers only these, and the default falls back to the first of them."""
    choice_titles: Mapping[str, tuple[str, str]] = field(default_factory=dict, hash=False)
    """Each choice in words, (English, Japanese): a menu says "Cooperative" or
    一致団結, never the value ``coop`` the command line and the logs use."""

    def choice_title(self, value: str) -> dict[str, str]:
        """A choice's words by language (the value itself where it has none)."""
        en, ja = self.choice_titles.get(value, (value, value))
        return {"en": en, "ja": ja}

    def choices_for(self, players: int) -> tuple[str, ...]:
        """The values a table of ``players`` may choose."""
        return self.choices_at(players) if self.choices_at else self.choices

    def default_for(self, players: int) -> OptionValue:
        """The default, or the first allowed value where the default is not allowed at
        this size: a 3-player Knights table starts in the one mode it may play."""
        allowed = self.choices_for(players)
        if allowed and self.default not in allowed:
            return allowed[0]
        return self.default

    def parse(self, raw: object) -> OptionValue:
        """Turn text or plain data into a checked value of this option's type."""
        kind = type(self.default)
        value: OptionValue
        if kind is bool:
            if isinstance(raw, bool):
                value = raw
            elif isinstance(raw, str) and raw.lower() in ("1", "true", "yes", "on"):
                value = True
            elif isinstance(raw, str) and raw.lower() in ("0", "false", "no", "off"):
                value = False
            else:
                raise self._bad(raw, "true or false", "bool")
        elif kind is int:
            if isinstance(raw, bool):
                raise self._bad(raw, "a whole number", "int")
            try:
                value = int(raw) if isinstance(raw, (int, str)) else int("x")
            except ValueError:
                raise self._bad(raw, "a whole number", "int") from None
        elif kind is float:
            if isinstance(raw, bool):
                raise self._bad(raw, "a number", "number")
            try:
                value = float(raw) if isinstance(raw, (int, float, str)) else float("x")
            except ValueError:
                raise self._bad(raw, "a number", "number") from None
            if value != value or value in (float("inf"), float("-inf")):
                raise self._bad(raw, "a finite number", "finite")
        else:
            if not isinstance(raw, str):
                raise self._bad(raw, "text", "text")
            value = raw
            if self.choices and value not in self.choices:
                raise self._bad(raw, "one of " + ", ".join(self.choices), "choice")
        if not isinstance(value, (str, bool)):
            if self.minimum is not None and value < self.minimum:
                raise self._bad(raw, f"at least {self.minimum:g}", "at_least", self.minimum)
            if self.maximum is not None and value > self.maximum:
                raise self._bad(raw, f"at most {self.maximum:g}", "at_most", self.maximum)
        return value

    def _bad(self, raw: object, wanted: str, kind: str, bound: float | None = None
             ) -> OptionError:
        return OptionError("bad_option_value", f"Option {self.name} must be {wanted}, not {raw!r}.",
                           option=self.name, wanted=kind, bound=bound, given=raw)

    def describe(self, players: int | None = None) -> dict[str, Any]:
        """Plain data for menus and the lobby; given ``players``, with that table's
        choices and default."""
        choices = self.choices if players is None else self.choices_for(players)
        return {
            "name": self.name,
            "default": self.default if players is None else self.default_for(players),
            "title": {"en": self.title_en or self.name,
                      "ja": self.title_ja or self.title_en or self.name},
            "help": {"en": self.help_en, "ja": self.help_ja},
            "choices": list(choices),
            "choice_titles": {value: self.choice_title(value) for value in choices},
            "minimum": self.minimum,
            "maximum": self.maximum,
        }


def resolve_options(
    specs: tuple[OptionSpec, ...], players: int, given: Mapping[str, object], game_id: str
) -> dict[str, OptionValue]:
    """Defaults for every option that applies at ``players``, overridden by ``given``.

    An unknown option, or one that does not exist at this player count, is refused
    rather than silently ignored: a table that quietly drops a rule is worse than one
    that says no.
    """
    by_name = {spec.name: spec for spec in specs}
    result: dict[str, OptionValue] = {}
    for name in given:
        spec = by_name.get(name)
        if spec is None:
            known = ", ".join(sorted(by_name)) or "none"
            raise OptionError(
                "unknown_option", f"{game_id} has no option {name!r} (its options: {known})."
            )
        if not spec.applies(players):
            raise OptionError(
                "option_not_applicable",
                f"Option {name} does not apply to {game_id} with {players} players.",
            )
    for spec in specs:
        if spec.applies(players):
            result[spec.name] = (spec.parse(given[spec.name]) if spec.name in given
                                 else spec.default_for(players))
    return result


def parse_pairs(pairs: list[str]) -> dict[str, str]:
    """``["a=1", "b=x"]`` from the command line to ``{"a": "1", "b": "x"}``."""
    out: dict[str, str] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key:
            raise OptionError("bad_option_syntax", f"Options are written KEY=VALUE, not {pair!r}.")
        out[key.strip()] = value.strip()
    return out
