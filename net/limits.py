"""The host's limits on what peers may cost it: message rates, chat, spectators.

A CURVE key costs a stranger nothing, so a limit kept only per key is no limit at all:
every message also draws on its connection's bucket, and a message from anyone who
holds no seat draws on one bucket shared by all of them. Seated people never draw on
that shared bucket, so a crowd of strangers cannot starve the players.
"""

from __future__ import annotations

from dataclasses import dataclass

CHAT_BURST = 5.0
"""Table-talk lines (chat or emotes) a seat may send at once..."""
CHAT_RATE = 0.5
"""...and how many a second it may keep sending after that."""

SPECTATORS = 200
"""Default cap on spectators at one table (the table option ``spectators``)."""

ANONYMOUS_RATE_PER_SPECTATOR = 5.0
"""The shared bucket of everyone without a seat refills at this many messages a second
per allowed spectator (a well-behaved spectator sends about one a second)."""

CONNECTION_RATE_FACTOR = 1.0
"""A connection (one ZeroMQ route) gets the same rate as a key."""


@dataclass
class Bucket:
    """A token bucket: ``rate`` a second, bursts of ``burst``; starts full."""

    rate: float
    burst: float
    level: float = -1.0
    at: float = 0.0

    def allow(self, now: float, cost: float = 1.0) -> bool:
        if self.level < 0:
            self.level, self.at = self.burst, now
        self.level = min(self.burst, self.level + max(0.0, now - self.at) * self.rate)
        self.at = now
        if self.level >= cost:
            self.level -= cost
            return True
        return False


def per_peer(rate: float) -> Bucket:
    """The bucket of one key or one connection: ``rate`` a second, bursts of twice that."""
    return Bucket(rate, 2.0 * rate)


def anonymous(spectators: int) -> Bucket:
    """The bucket shared by every message from a peer that holds no seat."""
    rate = ANONYMOUS_RATE_PER_SPECTATOR * max(10, spectators)
    return Bucket(rate, 2.0 * rate)


def chat(burst: float = CHAT_BURST, rate: float = CHAT_RATE) -> Bucket:
    return Bucket(rate, burst)
