"""A bot that plays over the network, exactly like a person's client would.

It sees its seat's view and legal actions as they arrive and answers with one action;
it never sees more than a person in its chair. Its token file (its seat's token, its
own CURVE key pair and the host's key) lets a restarted bot take its seat back.
It answers the host's ready check by itself, so headless tables start on their own.
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Mapping
from pathlib import Path
from typing import Any, TypedDict, cast

import msgpack  # type: ignore[import-untyped]

from core.bots import Bot
from core.registry import BOTS, default_bot_level, make_bot
from core.rng import derive_seed
from net.config import GIVE_UP as GIVE_UP  # (defined there for the command line)
from net.hold import CONTINUE
from net.keys import KeyPair
from net.messages import Received
from net.peer import FATAL, Peer


class TokenFile(TypedDict, total=False):
    """What a bot keeps to take its seat back after a restart (``--token-file``)."""

    address: str
    token: str | None
    seat: int | None
    public: str
    secret: str
    server_key: str | None


def load_token_file(path: Path | None) -> TokenFile:
    if path is None or not path.exists():
        return {}
    try:
        data = json.loads(path.read_text("utf-8"))
    except ValueError:
        return {}
    return cast(TokenFile, data) if isinstance(data, dict) else {}


def save_token_file(path: Path, data: TokenFile) -> None:
    tmp = path.with_suffix(path.suffix + ".tmp")
    tmp.write_text(json.dumps(data), "utf-8")
    os.chmod(tmp, 0o600)
    os.replace(tmp, path)


def play_bot(
    address: str,
    *,
    name: str = "bot",
    level: str | None = None,
    token_file: Path | None = None,
    password: str | None = None,
    seed: int = 0,
    spectator: bool = False,
    record: Path | None = None,
    say: Any = print,
    give_up: float = GIVE_UP,
) -> int:
    """Join, play until the host closes the table; 0 on a clean close, 1 otherwise."""
    saved = load_token_file(token_file)
    if saved.get("address") not in (None, address):
        saved = {}
    keys = KeyPair(saved["public"], saved["secret"]) if "public" in saved else KeyPair.generate()
    peer = Peer(
        address, name=name, token=saved.get("token"), password=password,
        server_key=saved.get("server_key"), keys=keys, spectator=spectator,
        auto_ready=True,  # a bot is ready as soon as it is seated, and between games
    )
    if record is not None:
        peer.record = _recorder(record)
    say(f"host key fingerprint {peer.fingerprint}")
    peer.autoplay = SeatPlayer(peer, level, seed)
    try:
        while time.monotonic() - peer.last_heard < give_up:
            for message in peer.wait(0.2):
                kind = message["type"]
                if kind == "welcome":
                    say(f"seat {message['seat']}")
                    if token_file is not None:
                        save_token_file(token_file, {
                            "address": address, "token": peer.token, "seat": peer.seat,
                            "public": keys.public, "secret": keys.secret,
                            "server_key": peer.server_key,
                        })
                elif kind == "closed":
                    return 0
                elif kind == "error" and message.get("code") in FATAL:
                    say(f"refused: {message['message']}")
                    return 1
        say("the host went quiet")
        return 1
    finally:
        peer.close()


class SeatPlayer:
    """Plays one peer's seat: the game's bot for the seat it is welcomed to answers each
    update that offers it a decision, and reads each round's summary at once. Set as
    the peer's ``autoplay`` by ``play_bot`` and by a window a bot plays (``cheeseknights
    join --bot``): it sees no more than the seat's view.

    Once it has acted it waits for the host's answer: an update that arrives before the
    ``ack`` was made before the action was applied (the host answers in order, the ack
    first), and acting on it again would only be refused. After a refusal it decides
    again from the latest update."""

    def __init__(self, peer: Peer, level: str | None = None, seed: int = 0) -> None:
        self.peer, self.level, self.seed = peer, level, seed
        self.bot: Bot | None = None
        self.last_update: Received | None = None
        self.asked: int | None = None
        """The number of the action sent and not yet answered."""

    def __call__(self, message: Received) -> None:
        kind = message["type"]
        if kind == "welcome":
            self.bot, self.asked = _seat_bot(message, self.level, self.seed), None
        elif kind == "update":
            self.last_update = message
            if self.asked is None:
                self._move(message)
        elif kind in ("ack", "error") and self.asked is not None and message.get(
                "n") == self.asked:
            self.asked = None
            if kind == "error" and self.last_update is not None:
                self._move(self.last_update)

    def _move(self, update: Received) -> None:
        before = self.peer._n
        _move(self.peer, self.bot, update)
        if self.peer._n != before:
            self.asked = self.peer._n


def _recorder(path: Path) -> Any:
    """Append every message, as msgpack, to ``path`` (for tests that scan what arrived)."""
    sink = open(path, "ab")  # noqa: SIM115 - lives as long as the process

    def write(direction: str, message: Mapping[str, object]) -> None:
        sink.write(msgpack.packb([direction, message]))
        sink.flush()

    return write


def _seat_bot(welcome: Received, level: str | None, seed: int) -> Bot | None:
    seat = welcome.get("seat")
    if not isinstance(seat, int):
        return None
    game_id = str(welcome["game"])
    levels = BOTS.get(game_id, {})
    chosen = level if level in levels else default_bot_level(game_id)
    return make_bot(game_id, chosen, seat, derive_seed(seed, seat))


def _move(peer: Peer, bot: Bot | None, update: Received) -> None:
    hold = update.get("hold")
    if hold is not None:  # a round summary: a bot has read it at once (``net.hold``)
        if peer.seat in (hold.get("waiting") or []):
            peer.send({"type": CONTINUE})
        return
    legal = update.get("legal") or []
    if bot is not None and legal:
        peer.send(bot.act(update["view"], legal))
