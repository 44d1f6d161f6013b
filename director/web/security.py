"""Who the network page answers: only requests addressed to its own address and port
(the Host header: no DNS rebinding), and only from its own page (the Origin of a
WebSocket or a command)."""

from __future__ import annotations

from director.web import http
from director.web.addresses import authority, local_addresses
from director.web.replies import Reply, error_reply


def allowed_hosts(host: str, port: int) -> frozenset[str]:
    """The Host headers a server on ``host``:``port`` answers: its own address and port
    (on every address of the machine when bound to all of them), "localhost" on
    loopback."""
    ips = [host]
    if host in ("0.0.0.0", "::"):
        ips = [item.ip for item in local_addresses()]
    names = {authority(ip, port) for ip in ips}
    if port == 80:
        names |= {f"[{ip}]" if ":" in ip else ip for ip in ips}
    if any(ip.startswith("127.") or ip == "::1" for ip in ips):
        names.add(f"localhost:{port}")
    return frozenset(name.lower() for name in names)


def host_refusal(request: http.Request, hosts: frozenset[str]) -> Reply | None:
    """The refusal of a request addressed to another host (None: it is ours)."""
    if request.header("host").lower() not in hosts:
        return error_reply(403, "this server answers only to its own address")
    return None


def origin_refusal(request: http.Request) -> Reply | None:
    """The refusal of a request sent from another page (None: from ours, or none said)."""
    origin = request.header("origin")
    if origin and origin.lower() != f"http://{request.header('host').lower()}":
        return error_reply(403, "not from this page")
    return None
