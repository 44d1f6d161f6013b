"""This machine's network addresses, to choose the one the page is served on.

The organizer picks one (the Wi-Fi's, usually); the server binds to it alone.
Loopback is listed too (this machine only). Listening on every address at once
(0.0.0.0) is never chosen by itself.
"""

from __future__ import annotations

import ipaddress
from dataclasses import dataclass

from PySide6.QtNetwork import QAbstractSocket, QHostAddress, QNetworkInterface

DEFAULT_PORT = 8765
"""The port suggested the first time (remembered in the settings after)."""
LOOPBACK = "127.0.0.1"


@dataclass(frozen=True)
class Address:
    """One address of this machine: "192.168.1.20" on "wlan0"."""

    ip: str
    interface: str
    loopback: bool = False

    @property
    def label(self) -> str:
        return f"{self.ip} ({self.interface})" if self.interface else self.ip


def local_addresses() -> list[Address]:
    """This machine's IPv4 addresses on interfaces that are up: the local network's
    first, loopback last. (IPv6 link-local addresses cannot be typed into a phone.)"""
    found: list[Address] = []
    for interface in QNetworkInterface.allInterfaces():
        flags = interface.flags()
        if not flags & QNetworkInterface.InterfaceFlag.IsUp:
            continue
        loopback = bool(flags & QNetworkInterface.InterfaceFlag.IsLoopBack)
        for entry in interface.addressEntries():
            address = entry.ip()
            if address.protocol() != QAbstractSocket.NetworkLayerProtocol.IPv4Protocol:
                continue
            found.append(Address(address.toString(), interface.humanReadableName(), loopback))
    if not any(item.ip == LOOPBACK for item in found):
        found.append(Address(LOOPBACK, "", True))
    unique = {item.ip: item for item in found}
    return sorted(unique.values(), key=lambda item: (item.loopback, _sort_key(item.ip)))


def _sort_key(ip: str) -> tuple[int, int]:
    try:
        value = ipaddress.ip_address(ip)
    except ValueError:
        return (2, 0)
    return (0 if value.is_private else 1, int(value))


def is_local(ip: str) -> bool:
    """Whether ``ip`` is one of this machine's addresses (or "0.0.0.0": all of them)."""
    if ip in ("0.0.0.0", "::"):
        return True
    return any(item.ip == ip for item in local_addresses())


def parse_host(text: str) -> QHostAddress | None:
    """A typed address as Qt's, or None if it is not an IP address."""
    try:
        ipaddress.ip_address(text)
    except ValueError:
        return None
    return QHostAddress(text)


def authority(ip: str, port: int) -> str:
    """``ip:port`` as a browser writes it in the Host header ([::1]:8765 for IPv6)."""
    return f"[{ip}]:{port}" if ":" in ip else f"{ip}:{port}"


def page_url(ip: str, port: int) -> str:
    return f"http://{authority(ip, port)}/"
