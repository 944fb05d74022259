"""Who is connected to a host: sessions (one per peer key) and seat claims.

A session is keyed by the peer's CURVE public key. A seat claim is proven by a secret
token, of which the host keeps only a hash. A token presented from a new key takes the
seat over only when the seat's current holder has gone quiet — a live holder keeps
its seat against a copied token.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from dataclasses import dataclass, field

from net.limits import Bucket, chat
from net.messages import SeatEntry, TableMessage
from net.resume import waiting_data
from net.sender import Outbox


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def new_token() -> tuple[str, str]:
    """(token, its hash)."""
    token = secrets.token_urlsafe(24)
    return token, hash_token(token)


@dataclass
class PeerSession:
    """One peer, known by its key, with its current route and limits."""

    key: str
    route: bytes
    last_seen: float
    joined: bool = False
    seat: int | None = None
    last_n: int = 0
    live: bool = True
    needs_snapshot: bool = False
    limit: Bucket = field(default_factory=lambda: Bucket(100.0, 200.0))
    """This key's (and so this connection's: one CURVE key per connection) message rate."""
    chat: Bucket = field(default_factory=chat)
    warned_at: float = -1e9
    snapshot_at: float = -1e9
    """When this peer was last sent a snapshot (they are spaced ``SNAPSHOT_GAP`` apart)."""
    outbox: Outbox = field(default_factory=Outbox)


@dataclass
class SeatClaim:
    """A person's seat: their name, the hash of their token, who holds it now.

    ``ready`` is the seat's answer to the ready check; ``always_ready`` marks a holder
    that speaks protocol 1, which has no way to say it, so it never holds a game up.
    """

    name: str
    token_hash: str
    key: str | None = None
    dropped_at: float | None = None
    ready: bool = False
    always_ready: bool = False


@dataclass
class Roster:
    """Seat kinds, claims and sessions, and the public lobby they add up to."""

    kinds: list[str]
    claims: dict[int, SeatClaim] = field(default_factory=dict)
    sessions: dict[str, PeerSession] = field(default_factory=dict)

    def free_seats(self) -> list[int]:
        return [s for s, kind in enumerate(self.kinds) if kind == "human" and s not in self.claims]

    def claim(self, seat: int, name: str, token_hash: str, key: str | None) -> None:
        self.claims[seat] = SeatClaim(name, token_hash, key)

    def unique_name(self, wanted: str, limit: int = 32) -> str:
        """``wanted``, or ``wanted 2``, ``wanted 3``…: no two people at a table share a
        name (compared without case), so the log and the votes can be told apart."""
        taken = {claim.name.casefold() for claim in self.claims.values()}
        name, n = wanted, 1
        while name.casefold() in taken:
            n += 1
            suffix = f" {n}"
            name = wanted[: limit - len(suffix)].rstrip() + suffix
        return name

    def seat_for_token(self, token: str) -> int | None:
        wanted = hash_token(token)
        found = None
        for seat, claim in self.claims.items():
            if hmac.compare_digest(claim.token_hash, wanted):
                found = seat
        return found

    def holder(self, seat: int) -> PeerSession | None:
        claim = self.claims.get(seat)
        if claim is None or claim.key is None:
            return None
        session = self.sessions.get(claim.key)
        if session is None or not session.joined or session.seat != seat:
            return None
        return session

    def is_ready(self, seat: int, stand_ins: set[int]) -> bool:
        """Bots are always ready, and so is a seat a stand-in bot plays for its person."""
        if self.kinds[seat] != "human":
            return True
        claim = self.claims.get(seat)
        return claim is not None and (claim.ready or seat in stand_ins)

    def all_ready(self, stand_ins: set[int]) -> bool:
        """Every person's seat claimed, and every one of them ready: a game may be dealt."""
        return all(self.is_ready(seat, stand_ins) for seat in range(len(self.kinds)))

    def unready(self) -> None:
        """A new ready check (before the next game): everyone who can say so says again."""
        for claim in self.claims.values():
            claim.ready = claim.always_ready

    def lobby(self, started: bool, game_no: int, stand_ins: set[int],
              ready_check: bool = False, host_starts: bool = False) -> TableMessage:
        """Public table data: names, who is a bot (and how strong), who is connected, who
        is ready, and whether the deal waits for the host's person to start it."""
        return lobby_message(self.lobby_key(started, game_no, stand_ins, ready_check,
                                            host_starts), 0.0)

    def lobby_key(self, started: bool, game_no: int, stand_ins: set[int],
                  ready_check: bool = False, host_starts: bool = False,
                  waiting: Waiting = None) -> LobbyKey:
        """The lobby's content as plain tuples: cheap to build and to compare, so a host
        builds the message itself only when it changed (it checks at every flush)."""
        seats: list[SeatRow] = []
        claims = self.claims
        for seat, kind in enumerate(self.kinds):
            claim = claims.get(seat)
            if kind != "human":
                seats.append((seat, "bot", claim.name if claim else f"bot {kind}", True, True,
                              seat in stand_ins, True, kind))
                continue
            if claim is None:
                seats.append((seat, "human", "", False, False, seat in stand_ins, False, None))
                continue
            holder = self.holder(seat)
            seats.append((
                seat, "human", claim.name, True, holder is not None and holder.live,
                seat in stand_ins, self.is_ready(seat, stand_ins), None,
            ))
        watchers = sum(1 for s in self.sessions.values() if s.joined and s.seat is None and s.live)
        return (started, ready_check, host_starts, game_no, tuple(seats), watchers, waiting)


Waiting = tuple[float, tuple[str, ...]] | None
"""A resumed table's wait (``net.resume``): when it ends (the host's clock) and the
names of the people not back yet; None when the table does not wait."""
SeatRow = tuple[int, str, str, bool, bool, bool, bool, str | None]
"""One seat of ``LobbyKey``: the fields of a ``net.messages.SeatEntry``, in order."""

LobbyKey = tuple[bool, bool, bool, int, tuple[SeatRow, ...], int, Waiting]
"""``Roster.lobby_key``: what a ``table`` message says, field by field."""


def _seat_entry(seat: int, kind: str, name: str, claimed: bool, connected: bool,
                stand_in: bool, ready: bool, level: str | None) -> SeatEntry:
    """One row of ``Roster.lobby_key`` as the ``table`` message's seat (``SeatRow``)."""
    return {"seat": seat, "kind": kind, "name": name, "claimed": claimed,
            "connected": connected, "stand_in": stand_in, "ready": ready, "level": level}


def lobby_message(key: LobbyKey, now: float) -> TableMessage:
    """The ``table`` message of a ``Roster.lobby_key``, sent at ``now`` (the host's
    clock: a resumed table's wait says how long it has left)."""
    started, ready_check, host_starts, game_no, seats, watchers, waiting = key
    message: TableMessage = {
        "type": "table",
        "started": started,
        "ready_check": ready_check,
        "host_starts": host_starts,
        "game_no": game_no,
        "seats": [_seat_entry(*row) for row in seats],
        "spectators": watchers,
    }
    if waiting is not None:
        message["waiting"] = waiting_data(*waiting, now)
    return message
