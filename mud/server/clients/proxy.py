"""The real client's address behind a proxy the operator trusts (``mud serve --trusted-proxy``).

Behind a same-host HTTPS proxy every browser comes from 127.0.0.1, so the login throttle and the
per-address caps would count the whole world as one person (issue 42, finding 8). A request whose
peer is a trusted proxy is read for the address it forwards (RFC 7239 ``Forwarded: for=``, else
``X-Forwarded-For``); from anyone else those headers are ignored, since any client can write them.
A chain of proxies is read from the right: the first hop that is not a trusted proxy is the client.
"""

from __future__ import annotations

import ipaddress
from collections.abc import Iterable, Mapping

Network = ipaddress.IPv4Network | ipaddress.IPv6Network


def networks(specs: Iterable[str]) -> tuple[Network, ...]:
    """``--trusted-proxy`` values (an address or a network) as networks; ValueError names a bad one."""
    found = []
    for spec in specs:
        try:
            found.append(ipaddress.ip_network(spec.strip(), strict=False))
        except ValueError:
            raise ValueError(f"--trusted-proxy: {spec!r} is not an address or a network") from None
    return tuple(found)


def _ip(text: str):
    """An address as a proxy writes it ("[2001:db8::1]:4711", "192.0.2.7:80", quoted), or None."""
    text = text.strip().strip('"')
    if text.startswith("["):
        text = text[1:text.find("]")] if "]" in text else ""
    elif text.count(":") == 1:
        text = text.split(":")[0]
    try:
        return ipaddress.ip_address(text)
    except ValueError:
        return None  # "unknown", an obfuscated "_hidden": no address to count by


def _trusted(address, trusted: tuple[Network, ...]) -> bool:
    return address is not None and any(address in net for net in trusted)


def hops(headers: Mapping[str, str]) -> list:
    """The addresses a request went through, the client first (None where one is not an address)."""
    forwarded = headers.get("Forwarded")
    if forwarded:
        found = []
        for element in forwarded.split(","):
            for pair in element.split(";"):
                key, _, value = pair.partition("=")
                if key.strip().lower() == "for":
                    found.append(_ip(value))
        return found
    return [_ip(part) for part in headers.get("X-Forwarded-For", "").split(",") if part.strip()]


def client_address(peer: str, headers: Mapping[str, str], trusted: tuple[Network, ...]) -> str:
    """Who sent the request: ``peer`` itself, unless it is a trusted proxy that says whom it speaks for."""
    if not trusted or not _trusted(_ip(peer), trusted):
        return peer
    for hop in reversed(hops(headers)):
        if hop is None:
            return peer  # a hop the proxy could not name: counted as the proxy, never as someone else
        if not _trusted(hop, trusted):
            return str(hop)
    return peer
