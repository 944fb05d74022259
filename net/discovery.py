"""Finding tables on the LAN with mDNS/DNS-SD (python-zeroconf).

A host announces one service per table; its TXT record carries only public facts —
game, table size, free seats, protocol and program versions, the host's name, whether
it asks for a password, and the host's public key — so a joining peer can check the
key's fingerprint against the host's screen.
"""

from __future__ import annotations

import socket
import threading
import time
from dataclasses import dataclass
from typing import TypedDict

from zeroconf import IPVersion, ServiceBrowser, ServiceInfo, ServiceListener, Zeroconf

from net.addresses import nearest_first, table_addresses
from net.keys import fingerprint
from net.protocol import PROTOCOL_VERSION

SERVICE = "_cheeseknights._tcp.local."
MAX_HOST_NAME = 32
"""Longest host name (and version) a record carries or a list shows."""


class FoundData(TypedDict):
    """A table seen on the network as ``cheeseknights join --list --json`` prints it."""

    name: str
    address: str
    addresses: list[str]
    game: str
    players: int
    free: int
    protocol: int
    key: str | None
    fingerprint: str | None
    host: str
    locked: bool
    version: str


@dataclass(frozen=True)
class Found:
    """One table seen on the network."""

    name: str
    address: str
    """The first address the record gives (``addresses`` has them all)."""
    port: int
    game: str
    players: int
    free: int
    protocol: int
    key: str | None
    addresses: tuple[str, ...] = ()
    """Every address the host announced, the likeliest to answer from here first."""
    host: str = ""
    """The name of whoever hosts (the person at a window, or the computer's name)."""
    locked: bool = False
    """The table asks for a password."""
    version: str = ""
    """The host's program version (a guest warns where it differs from its own)."""

    def places(self) -> list[str]:
        """HOST:PORT for every announced address, in the order to try them."""
        return [f"{a}:{self.port}" for a in (self.addresses or (self.address,))]

    @property
    def fingerprint(self) -> str | None:
        return fingerprint(self.key) if self.key else None

    def to_data(self) -> FoundData:
        return {
            "name": self.name, "address": f"{self.address}:{self.port}",
            "addresses": self.places(), "game": self.game,
            "players": self.players, "free": self.free, "protocol": self.protocol,
            "key": self.key, "fingerprint": self.fingerprint, "host": self.host,
            "locked": self.locked, "version": self.version,
        }


def _zeroconf(interface: str | None) -> Zeroconf:
    if interface is None:
        return Zeroconf(ip_version=IPVersion.V4Only)
    return Zeroconf(interfaces=[interface], ip_version=IPVersion.V4Only)


class Announcer:
    """Keeps one table's record on the network while the host runs.

    Registering takes a second or two of mDNS probing, so it happens on a thread of
    its own: the host's loop only calls ``post`` and never waits.
    """

    def __init__(
        self, name: str, address: str, port: int, game: str, players: int,
        key: str | None, *, interface: str | None = None, host: str = "",
        locked: bool = False, version: str = "",
    ) -> None:
        self.zc = _zeroconf(interface)
        self.name, self.address, self.port = name, address, port
        every = table_addresses(interface)
        self.addresses = [address, *(a for a in every if a != address)] if (
            address in every) else every
        """What the record gives guests: ``address`` first, then every other address the
        table can be reached at (never 127.0.0.1 while there is another)."""
        self.game, self.players, self.key = game, players, key
        self.host, self.locked, self.version = host, locked, version
        self.free = -1
        self.info: ServiceInfo | None = None
        self._wanted = -1
        self._wake = threading.Event()
        self._stop = False
        self._thread = threading.Thread(target=self._run, name="announcer", daemon=True)
        self._thread.start()

    def post(self, free: int) -> None:
        """Ask for the record to say ``free`` free seats (applied in the background)."""
        if free != self._wanted:
            self._wanted = free
            self._wake.set()

    def _run(self) -> None:
        while not self._stop:
            self._wake.wait(1.0)
            self._wake.clear()
            if not self._stop and self._wanted >= 0:
                try:
                    self.update(self._wanted)
                except Exception:  # noqa: BLE001 - a failed announce must not stop the table
                    time.sleep(1.0)

    def _info(self, free: int) -> ServiceInfo:
        safe = "".join(ch if ch.isalnum() or ch in "-_ " else "-" for ch in self.name)[:40]
        return ServiceInfo(
            SERVICE,
            f"{safe}-{self.port}.{SERVICE}",
            addresses=[socket.inet_aton(a) for a in self.addresses],
            port=self.port,
            # Registering fills the server name in, but updating does not: without it
            # the first change of free seats takes the table off the network.
            server=f"{safe.replace(' ', '-')}-{self.port}.local.",
            properties={
                "game": self.game, "players": str(self.players), "free": str(free),
                "proto": str(PROTOCOL_VERSION), "key": self.key or "",
                "host": self.host[:MAX_HOST_NAME], "lock": "1" if self.locked else "0",
                "version": self.version,
            },
        )

    def update(self, free: int) -> None:
        """Announce (or re-announce with a new count of free seats)."""
        if free == self.free:
            return
        self.free = free
        info = self._info(free)
        if self.info is None:
            self.zc.register_service(info, allow_name_change=True)
        else:
            self.zc.update_service(info)
        self.info = info

    def close(self) -> None:
        self._stop = True
        self._wake.set()
        self._thread.join(timeout=5.0)
        if self.info is not None:
            self.zc.unregister_service(self.info)
        self.zc.close()


class _Collector(ServiceListener):
    def __init__(self) -> None:
        self.names: set[str] = set()

    def add_service(self, zc: Zeroconf, type_: str, name: str) -> None:
        self.names.add(name)

    def update_service(self, zc: Zeroconf, type_: str, name: str) -> None:
        self.names.add(name)

    def remove_service(self, zc: Zeroconf, type_: str, name: str) -> None:
        self.names.discard(name)


def browse(seconds: float = 2.0, *, interface: str | None = None) -> list[Found]:
    """Tables announced on the network, gathered for ``seconds``."""
    zc = _zeroconf(interface)
    collector = _Collector()
    browser = ServiceBrowser(zc, SERVICE, collector)
    found: dict[str, Found] = {}
    try:
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            time.sleep(0.1)
            for name in list(collector.names):
                if name in found:
                    continue
                info = zc.get_service_info(SERVICE, name, timeout=500)
                table = _parse(name, info) if info is not None else None
                if table is not None:
                    found[name] = table
    finally:
        browser.cancel()
        zc.close()
    return sorted(found.values(), key=lambda t: t.name)


def _parse(name: str, info: ServiceInfo) -> Found | None:
    props = {
        k.decode("utf-8", "replace"): (v or b"").decode("utf-8", "replace")
        for k, v in info.properties.items()
    }
    addresses = nearest_first(info.parsed_addresses(IPVersion.V4Only))
    try:
        return Found(
            name=name.removesuffix("." + SERVICE), address=addresses[0] if addresses else "",
            addresses=tuple(addresses),
            port=int(info.port or 0), game=props.get("game", ""),
            players=int(props.get("players", "0")), free=int(props.get("free", "0")),
            protocol=int(props.get("proto", "0")), key=props.get("key") or None,
            host=props.get("host", "")[:MAX_HOST_NAME], locked=props.get("lock") == "1",
            version=props.get("version", "")[:MAX_HOST_NAME],
        )
    except ValueError:
        return None
