"""When others' news goes out to telnet clients: at most every NEWS_GAP seconds each, gathered.

In a crowded room every line said goes to hundreds of clients. A client written to less than
NEWS_GAP ago waits for the next round, and so does every client while a round is due: so one
write (one system call, the costliest step by far) carries several lines, and a crowd is written
to together, each client once a round. A round writes to a slice of clients per turn of the loop,
so a command typed meanwhile is not kept waiting behind all of them. A player's own answers never
wait for a round.

The writes of news a second have a budget (NEWS_WRITES): with more clients than NEWS_GAP allows
within it, each waits longer between two writes of news (2,000 clients: every 0.33 s). A write
costs about 15 us of a core here (bench/telnet_fanout.py), so a crowded room's chatter costs the
server at most about a tenth of a core in writes, however many listen.
"""

from __future__ import annotations

import asyncio
import logging

from telnetlib3.telopt import IAC

from mud.server.clients.lines import render
from mud.server.clients.mudinfo import wrapped
from mud.shell.session import Line

log = logging.getLogger("questmud.telnet")

NEWS_GAP = 0.1  # seconds between two writes of others' news to one client (at least)
NEWS_WRITES = 6_000  # writes of news a second to all clients together, at most (about)
NEWS_LINES = 40  # lines of news written at once by a round (more: the careful way, in batches)


def news_bytes(lines: list, colour: bool, width: int) -> bytes:
    """Lines as a telnet client of ``width`` columns is sent them (IAC doubled)."""
    text = "".join(wrapped(render(x, colour), width) for x in lines)
    return text.encode("utf-8", "replace").replace(IAC, IAC + IAC)


class NewsRound:
    """Players whose news must wait (they were written to less than a gap ago, or a round is due),
    flushed together by one timer rather than one each: in a crowded room a line said reaches
    hundreds at once. Each round writes to the players due when it began; those woken meanwhile
    (a line said while it writes) wait for the next, a gap later."""

    def __init__(self, clients=()):
        self.due: dict = {}  # telnet Players for the next round, in the order they were due
        self.now: dict | None = None  # the players of the round being written, while it is
        self.timer = None
        self.clients = clients  # the connections (a set that changes): how many share the budget
        self.memo: dict = {}  # this round's news as sent: (the lines' ids, colour, width) -> (lines, bytes)

    @property
    def gap(self) -> float:
        """Seconds between two writes of news to one client now."""
        return max(NEWS_GAP, len(self.clients) / NEWS_WRITES)

    def soon(self, player) -> None:
        self.due[player] = None
        if self.timer is None:
            self.timer = asyncio.get_running_loop().call_later(self.gap, self.run)

    def bytes_for(self, lines: list, colour: bool, width: int) -> bytes:
        """:func:`news_bytes`, made once a round for each (lines, colour, width): most of a crowd
        is due the same lines. The lines are kept with their bytes, so their ids stay theirs."""
        key = (tuple(map(id, lines)), colour, width)
        hit = self.memo.get(key)
        if hit is None:
            hit = self.memo[key] = (lines, news_bytes(lines, colour, width))
        return hit[1]

    SLICE = 50  # players written to in one turn of the loop: a command typed meanwhile waits for one slice

    def run(self) -> None:
        loop = asyncio.get_running_loop()
        if self.now is None:
            self.now, self.due = self.due, {}
        for _ in range(min(self.SLICE, len(self.now))):
            player = next(iter(self.now))
            del self.now[player]
            player.flush()
        if self.now:  # the rest after the others' input has had a turn
            self.timer = loop.call_soon(self.run)
            return
        self.now = None
        self.memo.clear()
        self.timer = loop.call_later(self.gap, self.run) if self.due else None


class NewsOut:
    """The telnet Player's side of it (a mixin): woken by the world, written to at once or in the
    next round. The Player has ``proto``, ``loop``, ``ws``, ``front``, ``output``, ``send``,
    ``prompt``, ``prompt_again``, ``drain``, ``close``, ``width``, ``gmcp_update`` and the state they keep."""

    def wake(self) -> None:
        """The world has lines for us (or the client reads again): write soon, once for a burst; away
        from a table with the next round, at once only when none is due and the last was a gap ago."""
        if self.woken and not self.in_round:
            return  # a write is due already (at most one a burst)
        if self.closed or self.ws is None or self.front is None:
            return
        at_table = self.ws.inner is not None  # news at a table goes at once: a turn may be beginning
        if self.woken and not at_table:
            return  # in the next round
        news = self.proto.listener.news
        now = at_table or (news.timer is None and self.loop.time() - self.news_written >= news.gap)
        self.woken, self.in_round = True, not now
        if now:
            self.loop.call_soon(self.flush)  # (if it was in a round, the round's flush finds nothing left)
        else:
            news.soon(self)

    def flush(self) -> None:
        news = self.proto.listener.news if self.in_round else None
        self.woken = self.in_round = False
        self.news_written = self.loop.time()
        if self.closed or self.ws is None:
            return
        try:
            self.holding += 1  # the lines, the prompt and GMCP's news leave in one write
            try:
                lines = self.front.pending_lines()
                checked = self.gmcp_checks
                if not (news and self.round_news(lines, news)):
                    self.output([render(x, self.colour) for x in lines], news=True)
                if not self.ws.closed and self.gmcp_checks == checked:  # (a prompt written has just done it)
                    self.gmcp_update()
            finally:
                self.holding -= 1
                self.drain()
            if self.ws.closed:
                self.close()
        except Exception:
            log.exception("writing to %s failed", self.address)
            self.closed = True
            self.proto.abort("a bug")

    def round_news(self, lines: list[Line], news: NewsRound) -> bool:
        """A round's news the quick way, nothing held back: its bytes made once for the round's
        clients with the same lines, colour and width; then the prompt. False: use :meth:`output`."""
        if (not lines or len(lines) > NEWS_LINES or self.backlog or self.lost or self.proto.writing_paused()
                or self.writer.connection_closed):
            return False
        data = news.bytes_for(lines, self.colour, self.width())
        self.send(b"\r\n" + data if self.at_prompt else data, raw=True)
        self.at_prompt = False
        if not (self.closed or self.ws.closed) and self.prompt_again():
            self.prompt()
        return True
