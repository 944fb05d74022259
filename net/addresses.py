"""This machine's addresses on the LAN: the one a table tells its guests (and its
phones), every one a guest could type, and which of a host's announced addresses to
try first.

Apart from finding tables (``net.discovery``), so that a host that does not announce
itself, or a window that only shows its address, does not load zeroconf (28 ms of a
start).
"""

from __future__ import annotations

import socket


def lan_address() -> str:
    """This machine's address on the LAN: the one its default route leaves by, or, on a
    LAN without one (a party's own switch, no internet), the first address of an
    interface; 127.0.0.1 only where there is no network at all."""
    return _routed() or next(iter(_interface_addresses()), "127.0.0.1")


def _routed() -> str | None:
    """The address the default route leaves by (no packet is sent: a UDP connect only
    routes); None without a default route."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("10.255.255.255", 1))
        address: str = probe.getsockname()[0]
        return None if address.startswith("127.") else address
    except OSError:
        return None
    finally:
        probe.close()


def _interface_addresses() -> list[str]:
    """Every IPv4 address of this machine's interfaces but loopback and link-local."""
    import ifaddr  # zeroconf's own dependency

    found: set[str] = set()
    for adapter in ifaddr.get_adapters():
        for ip in adapter.ips:
            if isinstance(ip.ip, str) and not ip.ip.startswith(("127.", "169.254.")):
                found.add(ip.ip)
    return sorted(found, key=lambda a: tuple(int(part) for part in a.split(".")))


def lan_addresses() -> list[str]:
    """Every IPv4 address of this machine a guest could type, the routed one first (a
    machine with several networks, or a laptop on wired and wireless at once, has
    several); 127.0.0.1 only where there is no other."""
    found = _interface_addresses()
    first = _routed()
    ordered = sorted(found, key=lambda a: a != first)
    return ordered or ["127.0.0.1"]


def table_addresses(interface: str | None) -> list[str]:
    """The addresses a table's record announces: the one it is bound to, or (bound to
    every interface) every address but loopback, so a guest on any of the host's
    networks finds one it can reach."""
    if interface not in (None, "", "0.0.0.0"):
        return [str(interface)]
    return lan_addresses()


def nearest_first(addresses: list[str]) -> list[str]:
    """Announced addresses, those on one of this machine's own networks (the same /24)
    first, loopback last: a host on wired and wireless at once, or with a virtual
    machine's network, announces addresses some guests cannot reach."""
    try:
        mine = {a.rsplit(".", 1)[0] for a in _interface_addresses()}
    except Exception:  # noqa: BLE001 - without the list, keep the host's order
        mine = set()
    return sorted(addresses, key=lambda a: (a.startswith("127."), a.rsplit(".", 1)[0] not in mine))
