"""When others' news goes out to telnet clients: at most every NEWS_GAP seconds each, gathered.

In a crowded room every line said goes to hundreds of clients. A client written to less than
NEWS_GAP ago waits for the next round, so one write (one system call) carries several lines; a
round writes to a slice of clients per turn of the loop, so a command typed meanwhile is not kept
waiting behind all of them. A player's own answers never wait for a round.
"""

from __future__ import annotations

import asyncio

NEWS_GAP = 0.1  # seconds between two writes of others' news to one client


class NewsRound:
    """Players whose news must wait (they were written to less than NEWS_GAP ago), flushed together
    by one timer rather than one each: in a crowded room a line said reaches hundreds at once."""

    def __init__(self):
        self.due: dict = {}  # telnet Players, in the order they were due
        self.timer = None

    def soon(self, player) -> None:
        self.due[player] = None
        if self.timer is None:
            self.timer = asyncio.get_running_loop().call_later(NEWS_GAP, self.run)

    SLICE = 50  # players written to in one turn of the loop: a command typed meanwhile waits for one slice

    def run(self) -> None:
        self.timer = None
        for _ in range(min(self.SLICE, len(self.due))):
            player = next(iter(self.due))
            del self.due[player]
            player.flush()
        if self.due:  # the rest after the others' input has had a turn
            self.timer = asyncio.get_running_loop().call_soon(self.run)
