"""Bytes from a telnet client before they are lines: splitting and cleaning lines, pausing the
socket for more than one reason at once, and TCP keepalive. Plain functions and small classes
that :mod:`mud.server.telnet.front` uses."""

from __future__ import annotations

import asyncio
import logging
import re
import socket
from types import SimpleNamespace

log = logging.getLogger("questmud.telnet")

SLICE = 512  # bytes of a client's input parsed in one go; the rest waits for the others' turn ...
PLAIN_SLICE = 16 * 1024  # ... or of plain text, without telnet commands (much cheaper)
KEEPALIVE = (60, 15, 4)  # TCP keepalive: idle seconds before probing, seconds between probes, probes
TOO_LONG = object()  # what read_line gives for a line over the limit
CSI = re.compile(r"\x1b\[[0-9;?]*[ -/]*[@-~]|\x1b.?")
CONTROL = re.compile(r"[\x00-\x08\x0a-\x1f\x7f-\x9f]")


# --- input ------------------------------------------------------------------------------------------
def clean(raw: bytes) -> str:
    """Bytes of one line -> text: UTF-8 (bad bytes replaced), backspaces applied, no control chars."""
    if raw.isascii() and raw.decode("ascii").isprintable():  # most lines: nothing to drop or apply
        return raw.decode("ascii")
    out: list[str] = []
    for ch in CSI.sub("", raw.decode("utf-8", "replace")).replace("\t", " "):
        if ch not in "\b\x7f":
            out.append(ch)
        elif out:
            out.pop()
    return CONTROL.sub("", "".join(out))


class LineSplitter:
    """Bytes in, lines out (CR LF, CR NUL, LF or a lone CR end a line). A line over ``limit``
    bytes is dropped as it arrives and comes out as TOO_LONG, so memory never grows past it."""

    EOL = re.compile(rb"\r\n|\r\x00|\r|\n")

    def __init__(self, limit: int):
        self.limit, self.buf, self.over, self.after_cr = limit, bytearray(), False, False

    def feed(self, data: bytes) -> list:
        if self.after_cr and data[:1] in (b"\n", b"\x00"):  # the rest of a CR LF cut in two
            data = data[1:]
        self.after_cr = data.endswith(b"\r")
        out: list = []
        for i, part in enumerate(self.EOL.split(data)):
            if i:  # a line ended before this part
                out.append(TOO_LONG if self.over else clean(bytes(self.buf)))
                self.buf, self.over = bytearray(), False
            self.over = self.over or len(self.buf) + len(part) > self.limit
            self.buf = bytearray() if self.over else self.buf + part
        return out


def keepalive(sock) -> None:
    """TCP keepalive: a client that vanished without a word (a half-open connection) is noticed
    after about KEEPALIVE[0] + KEEPALIVE[1] * KEEPALIVE[2] seconds, and its session ends."""
    if sock is None:
        return
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_KEEPALIVE, 1)
        idle, interval, count = KEEPALIVE
        for opt, value in (("TCP_KEEPIDLE", idle), ("TCP_KEEPINTVL", interval), ("TCP_KEEPCNT", count)):
            if hasattr(socket, opt):
                sock.setsockopt(socket.IPPROTO_TCP, getattr(socket, opt), value)
    except OSError:
        log.warning("no TCP keepalive on %s", sock)


class ReadGate:
    """Reading from one socket, paused while any part (the reader's flow control, the parser's
    slices) holds it and resumed only when none does."""

    def __init__(self, transport):
        self.transport, self.holds = transport, set()

    def hold(self, part: str) -> None:
        if not self.holds and not self.transport.is_closing():
            self.transport.pause_reading()
        self.holds.add(part)

    def release(self, part: str) -> None:
        if part in self.holds:
            self.holds.discard(part)
            if not self.holds and not self.transport.is_closing():
                self.transport.resume_reading()

    def part(self, name: str) -> SimpleNamespace:
        """A transport-like object for one part: its pause/resume hold and release the gate."""
        return SimpleNamespace(pause_reading=lambda: self.hold(name), resume_reading=lambda: self.release(name))


class FairReader:
    """The input side of a telnet protocol that takes turns with the others: what one packet
    brought is parsed (by the protocol's ``_parse``) a slice per turn of the loop, reading paused
    meanwhile by ``gate``; the client's end of input comes after its last slice."""

    unparsed, done, eof_due = b"", 0, False

    def data_received(self, data: bytes) -> None:
        """Parse at most SLICE bytes now; the rest waits for the next turn of the loop, reading
        paused meanwhile, so one client's flood costs everyone else at most one slice of time."""
        if self.done < len(self.unparsed):  # still parsing an earlier packet: this one queues
            self.unparsed, self.done = self.unparsed[self.done:] + data, 0
            return
        self.unparsed, self.done = data, 0
        self._parse_slice()

    def _parse_slice(self) -> None:
        if self._closing or self._transport is None:  # gone meanwhile: the rest is not parsed
            self.unparsed, self.done = b"", 0
            return
        start = self.done
        plain = self.unparsed.find(b"\xff", start, start + PLAIN_SLICE) < 0  # plain text is cheap to parse
        self.done = min(len(self.unparsed), start + (PLAIN_SLICE if plain else SLICE))
        self._parse(self.unparsed[start:self.done])
        transport = self._transport
        if transport is None or transport.is_closing():
            self.unparsed, self.done = b"", 0
        elif self.done < len(self.unparsed):
            self.gate.hold("slices")
            asyncio.get_running_loop().call_soon(self._parse_slice)
            return
        self.unparsed, self.done = b"", 0
        self.gate.release("slices")
        if self.eof_due:
            self.eof_due = False
            self.reader.feed_eof()

    def eof_received(self) -> bool:
        # the client said all it will (``printf ... | nc``): answer, then close
        if self.done < len(self.unparsed):
            self.eof_due = True
        else:
            self.reader.feed_eof()
        return True
