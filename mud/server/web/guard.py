"""The web port's connections held in check, from their accept (issue 42, finding 6).

aiohttp would hold any number of connections, each for as long as its client liked: 300 requests
sent a header line every 10 s were all held for two minutes, and a flood of them ran the process
out of descriptors. Here every HTTP connection is counted from its accept through the gate
(``socket_opened``: a per-address cap on HTTP connections, and the process's descriptors), and is
refused with a short 503 when over, before aiohttp reads a byte. A request's headers must arrive
whole within ``HEADER_WAIT`` seconds of the accept or of the last answer, else the connection is
closed: aiohttp's keep-alive deadline, which a half-sent request does not put off, is that deadline.

The gate is the server; local play's gate (mud/server/web/local.py) counts nothing here.
"""

from __future__ import annotations

import asyncio

from aiohttp import web

from mud.shell.words import render

HEADER_WAIT = 10.0  # seconds for a request's headers, from the accept or the last answer (and idle keep-alive)
BODY_WAIT = 10.0  # seconds for a login form's body, once its headers are in
REFUSAL = ("HTTP/1.1 503 Service Unavailable\r\nContent-Type: text/plain; charset=utf-8\r\n"
           "Content-Length: {length}\r\nConnection: close\r\nRetry-After: 10\r\n\r\n{text}")


class Counted(asyncio.Protocol):
    """An HTTP connection as aiohttp handles it, counted by the gate while it is open."""

    def __init__(self, gate, handler) -> None:
        self.gate, self.handler = gate, handler
        self.address, self.held = "?", False

    def connection_made(self, transport) -> None:
        peer = transport.get_extra_info("peername")
        self.address = str(peer[0]) if peer else "?"
        refused = self.gate.socket_opened(self.address, web=True)
        if refused:  # (before a byte of the request is read: no Accept-Language yet, the server's language)
            text = render(refused, getattr(getattr(self.gate, "config", None), "lang", "en"))
            body = text.encode()
            transport.write(REFUSAL.format(length=len(body) + 2, text=text).encode() + b"\r\n")
            transport.close()
            self.handler = None
            return
        self.held = True
        self.handler.connection_made(transport)

    def connection_lost(self, exc) -> None:
        if self.held:
            self.held = False
            self.gate.socket_closed(self.address, web=True)
        if self.handler is not None:
            self.handler.connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        if self.handler is not None:
            self.handler.data_received(data)

    def eof_received(self):
        return self.handler.eof_received() if self.handler is not None else None

    def pause_writing(self) -> None:
        if self.handler is not None:
            self.handler.pause_writing()

    def resume_writing(self) -> None:
        if self.handler is not None:
            self.handler.resume_writing()


class GuardedRunner(web.AppRunner):
    """aiohttp's runner whose sites accept through :class:`Counted` (a site asks the runner for
    its protocol factory, ``runner.server``), with the header deadline as its keep-alive timeout."""

    def __init__(self, app: web.Application, gate, **kwargs) -> None:
        super().__init__(app, keepalive_timeout=HEADER_WAIT, **kwargs)
        self.gate = gate

    @property
    def server(self):
        inner = super().server
        if inner is None or not hasattr(self.gate, "socket_opened"):
            return inner
        return lambda: Counted(self.gate, inner())
