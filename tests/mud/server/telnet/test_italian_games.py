"""One whole game of each of the five over real telnet, an Italian and an English player at one table
(issue 43): carla answers the language question in Italian and types only Italian (walking, sitting,
starting, every move: ``command_line(action, "it", verbs)``), dan types English; bots fill the other
seats. The game ends; carla reads the game's Italian words, dan its English ones; every event each is
told reads in their own language, and no event's words in the other language reach either of them.

The moves are the normal bot's choices for each player's seat (its memory and its own seeded dice),
typed as a person types them; every wait is bounded by a deadline, never a sleep taken as proof."""

from __future__ import annotations

import asyncio
import time

import games
import pytest
from games.engine import bot_rng, command_line
from mud.shell.parser import Parsed
from mud.shell.session import Session
from tests.net_clients import told, until_quiet
from tests.telnet_clients import Raw

pytestmark = pytest.mark.slow

DEADLINE = 240.0  # seconds for a whole game on a loaded machine (a few suffice alone)
ITALIAN_WAY = {"n": "nord", "e": "est", "s": "sud", "w": "ovest", "u": "su"}
SEED = 1

# A few words each game says to carla in Italian (its catalogue's), and that dan never reads.
ITALIAN = {
    "quest": ("porta", "difficoltà"),
    "tenx": ("carta", "gioca"),
    "chess": ("si sposta", "obiettivo"),
    "legend": ("missione", "carte"),
    "quantum": ("nave", "pianeta"),
}


class Player:
    """One person at a raw telnet socket: what they were sent, and their seat's bot mind."""

    def __init__(self, name: str, lang: str, conn: Raw):
        self.name, self.lang, self.conn = name, lang, conn
        self.heard = b""
        self.rng, self.memory = bot_rng(SEED, name), {}

    async def pump(self) -> None:
        """Take whatever has arrived, waiting a moment at most."""
        while True:
            try:
                chunk = await asyncio.wait_for(self.conn.reader.read(65536), 0.01)
            except asyncio.TimeoutError:
                return
            if not chunk:
                return
            self.heard += chunk

    def text(self) -> str:
        """All they read, every run of spaces and line breaks one space (the line surface wraps)."""
        return " ".join(self.heard.decode("utf-8", "replace").split())


async def entered(port: int, name: str, lang: str) -> Player:
    """A new account ``name`` logged in, the language question answered (1 English, 2 Italian)."""
    conn = await Raw.connect(port)
    await conn.expect("Name: ")
    conn.send(name)
    await conn.expect("Password: ")
    conn.send("pw1234")
    await conn.expect("again: ")
    conn.send("pw1234")
    await conn.enter("2" if lang == "it" else "1")
    return Player(name, lang, conn)


async def until(check, players, seconds: float, why: str) -> None:
    """Read both sockets until ``check()`` holds; fail saying ``why`` after ``seconds``."""
    end = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < end, why
        for p in players:
            await p.pump()


async def seated(server, game_name: str) -> tuple[list[Player], object]:
    port = server.ports["telnet"]
    carla, dan = await entered(port, "carla", "it"), await entered(port, "dan", "en")
    _room, place = games.place_of(game_name)
    carla.conn.send(ITALIAN_WAY[place.road])
    dan.conn.send(place.road)
    carla.conn.send("siediti")
    world = server.world
    await until(lambda: any(t.sitters for t in world.tables.values() if t.room == world.session("carla").room),
                (carla, dan), 30, "carla never sat")
    dan.conn.send("sit 1")
    table = next(t for t in world.tables.values() if t.room == world.session("carla").room)
    await until(lambda: len(table.sitters) == 2, (carla, dan), 30, "dan never sat")
    carla.conn.send(f"inizia seed={SEED}")
    await until(lambda: table.match is not None, (carla, dan), 30, "the match never started")
    return [carla, dan], table.match


async def play_to_the_end(server, players: list[Player], match) -> list[tuple[str, str]]:
    """Each person's move typed whenever the game awaits them, until the game is over; the lines the
    game refused (a bot's choice may be: a door it cannot open), each read first as the very action."""
    game, refused = match.game, []
    sessions = {p.name: server.world.session(p.name) for p in players}
    end = time.monotonic() + DEADLINE
    while not match.over:
        assert time.monotonic() < end, f"{game.name}: not over after {len(match.log)} actions"
        for p in players:
            await p.pump()
        for p in [p for p in players if p.name in match.awaiting()]:
            action = game.bot_action(match.state, p.name, p.rng, "normal", p.memory)
            line = command_line(action, p.lang, game.verbs)
            read = sessions[p.name].read(line)  # typed as the player types it: read as the very action
            assert isinstance(read, Parsed) and Session.action(read.verb, read.slots) == action, (line, read)
            before, heard = len(match.log), len(p.heard)
            p.conn.send(line)
            answered = {}

            def done():
                if (p.name, action) in match.log[before:]:
                    return True
                if b"> " in p.heard[heard:]:  # an answer came: refused, unless the move is on its way
                    answered.setdefault("at", time.monotonic())
                    return time.monotonic() - answered["at"] > 1.0
                return False

            await until(done, players, 60, f"{p.name}'s {line!r} was never answered")
            if (p.name, action) not in match.log[before:]:
                refused.append((p.name, line))
                game.bot_refused(match.state, p.name, action, p.memory)
    await until_quiet(players, 0.5)  # the last lines
    return refused



@pytest.mark.parametrize("game_name", ["quest", "tenx", "chess", "legend", "quantum"])
async def test_a_whole_game_in_italian_and_english_at_one_telnet_table(telnet_server, game_name):
    players, match = await seated(telnet_server, game_name)
    carla, dan = players
    refused = await play_to_the_end(telnet_server, players, match)
    for p in players:
        p.conn.close()
    assert match.over
    assert len(refused) < 10, refused
    italian, english = carla.text(), dan.text()
    for word in ITALIAN[game_name]:
        assert word in italian.lower(), f"{game_name}: carla never read '{word}'"
    checked = 0
    for me, lang, mine, other_lang in (("carla", "it", italian, "en"), ("dan", "en", english, "it")):
        own = set(told(match, me, lang))
        for line in told(match, me, other_lang):
            if line in own or len(line.split()) < 3:  # the same in both languages (a name, a number)
                continue
            assert line not in mine, f"{me} ({lang}) read {line!r}"
            checked += 1
        read = [line for line in own if line in mine]  # (others' turns may come folded to a summary)
        assert len(read) >= 5, f"{me} read few of the game's lines in {lang}: {sorted(own)[:5]}"
    assert checked
