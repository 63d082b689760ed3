"""Small network clients for tests: a raw telnet-ish socket (like `nc`) and a `mud serve` process."""

from __future__ import annotations

import asyncio
import os
import re
import signal
import socket
import subprocess
import sys
import time

from games.words import render
from mud.server.clients.asklang import PROMPT

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
IAC_SEQ = re.compile(rb"\xff[\xfb-\xfe].|\xff\xfa.*?\xff\xf0|\xff[\xf0-\xfa]", re.S)
ANSI = re.compile(r"\x1b\[[0-9;?]*[ -/]*[@-~]")
PASSWORD = "secret1"
QUESTION = re.escape(PROMPT)  # the language a line login with none on record is asked (issue 43)
# Words our English screens say and an Italian one never does (names, squares, numbers aside): what a
# check looks for where a client cannot choose the marking pseudo-language xx (a pty, a browser)
ENGLISH = re.compile(r"\b(the|you|your|turn|and|of|is|to|with|moves|help|quit|keys|ledger|table|game|"
                     r"press|type|here|exits|wins|captures|now|play|pass|card|hand)\b", re.I)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class RawClient:
    """A client that negotiates nothing, as `nc` does; IAC sequences and colours are dropped."""

    def __init__(self, reader, writer):
        self.reader, self.writer = reader, writer
        self.text = ""  # everything read, cleaned
        self.mark = 0  # where the next expect() looks from

    @classmethod
    async def connect(cls, port: int, timeout: float = 10) -> "RawClient":
        deadline = time.monotonic() + timeout
        while True:
            try:
                reader, writer = await asyncio.open_connection("127.0.0.1", port)
                return cls(reader, writer)
            except OSError:
                if time.monotonic() > deadline:
                    raise
                await asyncio.sleep(0.1)

    async def expect(self, pattern: str, timeout: float = 10) -> str:
        """Read until ``pattern`` (a regex) appears after the mark; return the text up to its end."""
        deadline = time.monotonic() + timeout
        rx = re.compile(pattern)
        while True:
            m = rx.search(self.text, self.mark)
            if m:
                got = self.text[self.mark:m.end()]
                self.mark = m.end()
                return got
            left = deadline - time.monotonic()
            if left <= 0:
                raise AssertionError(f"no {pattern!r} in {self.text[self.mark:][-2000:]!r}")
            try:
                data = await asyncio.wait_for(self.reader.read(65536), left)
            except asyncio.TimeoutError:
                continue
            if not data:
                raise ConnectionError(f"closed while waiting for {pattern!r}: {self.text[self.mark:][-500:]!r}")
            self.text += ANSI.sub("", IAC_SEQ.sub(b"", data).decode("utf-8", "replace")).replace("\r", "")

    async def quiet(self, idle: float = 0.3, timeout: float = 10) -> str:
        """Read until nothing has come for ``idle`` seconds; return what came."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                data = await asyncio.wait_for(self.reader.read(65536), idle)
            except asyncio.TimeoutError:
                break
            if not data:
                break
            self.text += ANSI.sub("", IAC_SEQ.sub(b"", data).decode("utf-8", "replace")).replace("\r", "")
        got = self.text[self.mark:]
        self.mark = len(self.text)
        return got

    async def ask(self, line: str, idle: float = 0.3) -> str:
        """Send a line once all is quiet and return everything it brought (until quiet again)."""
        await self.quiet(0.1)
        self.send(line)
        return await self.quiet(idle)

    def send(self, line: str) -> None:
        self.writer.write((line + "\r\n").encode())

    async def login(self, name: str, password: str = PASSWORD, lang: str = "1") -> str:
        """Log in (a new name: created, the password twice), answering the language question with
        ``lang`` if it comes (an account with none on record, issue 43). What follows the login
        (the greeting, the room's prompt) is left to read."""
        await self.expect(r"(?i)name")
        self.send(name)
        await self.expect(r"(?i)password")
        self.send(password)
        got = await self.expect(rf"(?i)welcome|again|repeat|confirm|wrong|{QUESTION}")
        if re.search(r"(?i)again|repeat|confirm", got):
            self.send(password)
            got += await self.expect(rf"(?i)welcome|{QUESTION}")
        if re.search(r"(?i)wrong", got):
            return got
        start = self.mark  # the question follows a new account's welcome, or comes alone
        seen = got if re.search(QUESTION, got) else await self.expect(rf"{QUESTION}|> ")
        if re.search(QUESTION, seen):
            self.send(lang)
            return got if seen is got else got + seen
        self.mark = start  # not asked: the greeting and its prompt are left to read
        return got

    async def command(self, line: str, pattern: str = r"> ", timeout: float = 10) -> str:
        """Send a line and read up to ``pattern`` (by default the next prompt)."""
        self.send(line)
        return await self.expect(pattern, timeout)

    def close(self) -> None:
        self.writer.close()


class ServerProcess:
    """`mud serve` in its own process, on free loopback ports, with a data directory."""

    def __init__(self, data: str, *extra: str, ssh: bool = False):
        self.data = data
        self.telnet_port = free_port()
        self.ssh_port = free_port() if ssh else -1
        self.extra = extra
        self.proc: subprocess.Popen | None = None

    def start(self) -> "ServerProcess":
        cmd = [sys.executable, "-m", "mud.cli", "serve", "--data", self.data, "--telnet-port",
               str(self.telnet_port), "--ssh-port", str(self.ssh_port), *self.extra]
        self.proc = subprocess.Popen(cmd, cwd=ROOT, stderr=subprocess.PIPE, text=True)
        line = self.proc.stderr.readline()
        if "listening" not in line:
            raise RuntimeError(f"mud serve did not start: {line}{self.proc.stderr.read()}")
        return self

    def kill9(self) -> None:
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(10)

    def stop(self) -> str:
        if self.proc and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(20)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        return self.proc.stderr.read() if self.proc and self.proc.stderr else ""


async def ssh_enter(proc, lang: str = "1", timeout: float = 8) -> str:
    """An ``ssh -T`` process (asyncssh's) up to the room's first prompt, answering the language
    question with ``lang`` if it comes (an account with none on record, issue 43): all it read."""
    got = await asyncio.wait_for(proc.stdout.readuntil(["> ", PROMPT]), timeout)
    if got.endswith(PROMPT):
        proc.stdin.write(lang + "\n")
        got += await asyncio.wait_for(proc.stdout.readuntil("> "), timeout)
    return got


async def until_quiet(players, seconds: float) -> None:
    """Read every player's connection (``pump``) until none has heard anything new for ``seconds``:
    the last lines of a game, which come after the last move was answered."""
    quiet = time.monotonic()
    while time.monotonic() - quiet < seconds:
        sizes = [len(p.heard) for p in players]
        for p in players:
            await p.pump()
        if [len(p.heard) for p in players] != sizes:
            quiet = time.monotonic()


def told(match, name: str, lang: str) -> list[str]:
    """The events ``name`` may see, as the words a reader of ``lang`` gets (a line each)."""
    return [" ".join(line.split()) for e in match.events if e.visible_to(name)
            for line in render(e.text, lang).split("\n") if line.strip()]
