"""Telnet clients for tests: a raw socket that negotiates nothing (or answers by hand), and
telnetlib3's own client keeping every GMCP package it receives."""

from __future__ import annotations

import asyncio
import time

import telnetlib3
from telnetlib3 import DO, DONT, IAC
from telnetlib3.telopt import MSSP, WILL, WONT

from mud.server.clients.asklang import PROMPT as LANGUAGE_QUESTION

TIMEOUT = 5.0


class Raw:
    """A socket that answers no negotiation, as ``nc`` does (or answers by hand: ``answer``)."""

    def __init__(self, reader, writer, answer=None):
        self.reader, self.writer, self.answer = reader, writer, answer
        self.data = b""
        self.eof = False
        self.seen: list[bytes] = []  # negotiation received, when answering by hand

    @classmethod
    async def connect(cls, port: int, answer=None, sock=None) -> Raw:
        where = {"sock": sock} if sock is not None else {"host": "127.0.0.1", "port": port}
        return cls(*await asyncio.open_connection(**where), answer)

    async def expect(self, text: str | bytes, timeout: float = TIMEOUT, *others: str | bytes):
        """Read until ``text`` (or the first to come of ``others`` too) arrives; return (and forget)
        everything up to and including it."""
        wants = [t if isinstance(t, type(self.data)) else t.encode() for t in (text, *others)]
        end = time.monotonic() + timeout
        while not any(w in self.data for w in wants):
            left = end - time.monotonic()
            if left <= 0 or self.eof:
                raise AssertionError(f"{wants!r} never came; got {self.data[-600:]!r}")
            try:
                chunk = await asyncio.wait_for(self.reader.read(65536), left)
            except asyncio.TimeoutError:
                continue
            self.eof = not chunk
            self.data += self.negotiate(chunk) if self.answer is not None else chunk
        cut = min(self.data.index(w) + len(w) for w in wants if w in self.data)
        got, self.data = self.data[:cut], self.data[cut:]
        return got

    async def enter(self, lang: str = "1", timeout: float = TIMEOUT, prompt: str | bytes = "> "):
        """After the password: answer the language question with ``lang`` if it comes (an account
        with none on record, issue 43), then read up to the room's ``prompt``; return all that came."""
        got = await self.expect(prompt, timeout, LANGUAGE_QUESTION)
        question = LANGUAGE_QUESTION if isinstance(got, str) else LANGUAGE_QUESTION.encode()
        if got.endswith(question):
            self.send(lang)
            got += await self.expect(prompt, timeout)
        return got

    def negotiate(self, chunk: bytes) -> bytes:
        """Answer DO/WILL by hand: DO EOR if ``answer`` says so, WONT/DONT to everything else."""
        out = bytearray()
        i = 0
        while i < len(chunk):
            if chunk[i:i + 1] == IAC and i + 2 < len(chunk) and chunk[i + 1:i + 2] in (DO, WILL, WONT, DONT):
                cmd, opt = chunk[i + 1:i + 2], chunk[i + 2:i + 3]
                self.seen.append(cmd + opt)
                if cmd == DO:
                    self.writer.write(IAC + WONT + opt)
                elif cmd == WILL:
                    self.writer.write(IAC + (DO if opt in self.answer else DONT) + opt)
                i += 3
            else:
                out += chunk[i:i + 1]
                i += 1
        return bytes(out)

    async def closed(self, timeout: float = TIMEOUT) -> bool:
        end = time.monotonic() + timeout
        while not self.eof and time.monotonic() < end:
            try:
                chunk = await asyncio.wait_for(self.reader.read(65536), end - time.monotonic())
            except (asyncio.TimeoutError, ConnectionError):
                break
            self.eof = not chunk
            self.data += chunk
        return self.eof

    def send(self, data: str | bytes) -> None:
        self.writer.write(data.encode() + b"\r\n" if isinstance(data, str) else data)

    def close(self) -> None:
        self.writer.close()


class Recording(telnetlib3.TelnetClient):
    """telnetlib3's client, keeping every GMCP package it receives and accepting MSSP."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.packages: list[tuple[str, object]] = []

    def connection_made(self, transport):
        super().connection_made(transport)
        self.writer.always_do.add(MSSP)

    def on_gmcp(self, package, data):
        super().on_gmcp(package, data)
        self.packages.append((package, data))


class Client(Raw):
    """A telnetlib3 client: it negotiates TTYPE, NAWS, GMCP, MSSP, echo... and reads text."""

    def __init__(self, reader, writer):
        super().__init__(reader, writer)
        self.data, self.proto = "", writer.protocol

    @classmethod
    async def connect(cls, port: int, term: str = "xterm-256color", **_) -> Client:
        reader, writer = await telnetlib3.open_connection(
            "127.0.0.1", port, client_factory=Recording, term=term, cols=100, rows=40,
            connect_minwait=0.05, connect_maxwait=1.0)
        return cls(reader, writer)

    def send(self, line: str) -> None:
        self.writer.write(line + "\r\n")

    def packages(self, name: str) -> list:
        return [data for package, data in self.proto.packages if package == name]


async def log_in(conn, name: str, password: str = "pw1234", new: bool = True) -> str:
    await conn.expect("Name: ")
    conn.send(name)
    await conn.expect("Password: ")
    conn.send(password)
    if new:
        await conn.expect("again: ")
        conn.send(password)
    return await conn.enter()
