"""The one error type the rules raise, so every caller can report it the same way."""

from __future__ import annotations


class RulesError(Exception):
    """Something asked of the rules that they refuse.

    ``code`` is machine-readable (a client can translate it); ``message`` is a sentence
    a person can read. Raising it never leaves a state half-changed.
    """

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message

    def to_data(self) -> dict[str, str]:
        return {"code": self.code, "message": self.message}


class ActionError(RulesError):
    """An action that is malformed, out of turn, in the wrong phase or illegal."""


class OptionError(RulesError):
    """Table options (or a player count) that a game does not accept.

    A refused value also says which option it was (``option``), what it had to be
    (``wanted``: bool, int, number, finite, text, choice, at_least or at_most, with
    ``bound`` for the last two) and what was given: a menu says it in the reader's
    language with the field's title, not the English sentence with the option's name."""

    def __init__(self, code: str, message: str, option: str = "", wanted: str = "",
                 bound: float | None = None, given: object = None) -> None:
        super().__init__(code, message)
        self.option, self.wanted, self.bound, self.given = option, wanted, bound, given
