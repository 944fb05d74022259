"""The first line of a table's log: every setting of the table, so ``--resume`` can
bring back the very table that crashed (docs/PROTOCOL.md, "The action log").

The table's password is kept only as a salted hash: the log already holds the host's
secret key and every seed, but a password is often one a person uses elsewhere too.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Mapping
from dataclasses import dataclass

from core.errors import OptionError
from net.config import HostConfig
from net.records import LogLine

ROUNDS = 20_000
"""PBKDF2-SHA256 rounds: a few milliseconds per join that gives a password."""


@dataclass(frozen=True)
class Password:
    """A table password as salt and digest; ``None`` digest: no password."""

    salt: str
    digest: str

    @classmethod
    def make(cls, password: str) -> Password:
        salt = secrets.token_hex(16)
        return cls(salt, _digest(password, salt))

    def matches(self, given: str) -> bool:
        return hmac.compare_digest(_digest(given, self.salt), self.digest)


def _digest(password: str, salt: str) -> str:
    raw = hashlib.pbkdf2_hmac("sha256", password.encode("utf-8"), bytes.fromhex(salt), ROUNDS)
    return raw.hex()


SETTINGS = ("bind", "games", "pause", "grace", "heartbeat", "timeout", "bot_delay", "rate",
            "spectators", "chat_burst", "chat_rate", "summary", "resume_wait", "owner",
            "next_after")
"""HostConfig fields a resumed table takes back from its log as they were."""


def settings(config: HostConfig, password: Password | None, seed: int) -> LogLine:
    """The header's table settings (``net.records.Settings``), beside its game, players,
    options, seats, port and keys."""
    return {
        "bind": config.bind, "games": config.games, "pause": config.pause,
        "grace": config.grace, "heartbeat": config.heartbeat, "timeout": config.timeout,
        "bot_delay": config.bot_delay, "rate": config.rate, "spectators": config.spectators,
        "chat_burst": config.chat_burst, "chat_rate": config.chat_rate,
        "summary": config.summary, "resume_wait": config.resume_wait, "owner": config.owner,
        "next_after": config.next_after,
        "password": None if password is None else [password.salt, password.digest],
        "seed": seed,
    }


def restore(config: HostConfig, header: LogLine) -> Password | None:
    """Put a log header's settings back into ``config``; the table's password, if any."""
    if header.get("mode") == "local":  # (it read "not a whole table header")
        raise OptionError("bad_log", "The log is of a game played at one screen, not of a "
                                     "hosted table: it can be replayed, not resumed.")
    try:
        config.game_id, config.players = str(header["game"]), int(header["players"])
        config.options, config.port = dict(header["options"]), int(header["port"])
        config.curve = header["public"] is not None
        fields: Mapping[str, object] = header
        for name in SETTINGS:
            if name in fields:
                setattr(config, name, fields[name])
        config.seed = header.get("seed")
        salted = header.get("password")
        return None if salted is None else Password(str(salted[0]), str(salted[1]))
    except (KeyError, TypeError, ValueError, IndexError):
        raise OptionError("bad_log", "The log's first line is not a whole table header.") from None
