"""The simulated people of bench/evening.py: one client process's share of the evening.

Run by bench/evening.py (never by hand): it reads one JSON line of orders on stdin (the ports, the
tables and players it owns, the pace), logs everyone in over their surface, seats the tables and
starts their matches, prints ``ready``; then ``measure`` on stdin starts the counted window, each
``count`` is answered with the answers counted so far by surface, and ``stop`` ends it: one JSON
line of figures is printed.

A person here reads what their own surface shows, as a person does:

* telnet with GMCP: the ``Game.View`` package says whom the game awaits and the numbered answers;
* a full-screen session (SSH with a pty, or the browser page's WebSocket): the question row's
  placeholder, "press 0-5 to answer", painted when a question is put to them (escapes removed).

Then, after a think time, they answer with one of the numbered keys (a legal move: every answer is
one of the game's legal actions), or now and then make a mistake (a word no game knows) or ask for
``help``. Every command is followed by ``language <token>``, answered "No language '<token>' here ...":
its latency is the time to that answer (bench/load.py's way: never an answer read before it was
sent). ``say <token>`` is its own token ("You say: <token>").
"""

from __future__ import annotations

import asyncio
import json
import math
import os
import random
import re
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import load  # noqa: E402  (bench/load.py: the login screens and the token wait)
from load import ESCAPE, IAC_ASK, TITLES, Screen  # noqa: E402

GMCP = 201
SUBNEG = re.compile(rb"\xff\xfa\xc9(.*?)\xff\xf0", re.S)  # IAC SB GMCP ... IAC SE
ASK = re.compile(r"press (\d)(?:-(\d))? to answer")  # the TUI's placeholder while a question is open
IDLE = re.compile(r"type a command, or help")  # ... and once none is
QUEST_TURN = re.compile(r"Round \d+: (\w+)")
SAT = re.compile(r"You sit at table (\d+)")
OVER = "Game over"
DEBUG = os.environ.get("EVENING_DEBUG")  # each command and its answer's latency on stderr
KINDS = ("move", "talk", "walk", "other")
# what a person types on a turn that asks no numbered question: at Quest a step, the room's action, a
# stop or a pass (a step at a wall or a stop before moving is refused, as it is a person's); at Dungeon
# Chess one of the moves GMCP's view lists (its question is put only when few moves are left); else pass
TRIES = {"quest": ("move n", "move e", "move s", "move w", "act", "stop", "pass"), "quantum": ("end",)}
MISTAKES = ("fly", "play 99", "jump north")  # refused on every game's table (unknown, or no such card)


class Seen(Screen):
    """load.Screen (the login's buffer, the awaited token) plus what a person reads to play: the
    question open now and its keys, the tables sat at, the end of a match, a recent text tail."""

    def __init__(self, tui: bool, me: str = ""):
        super().__init__(tui)
        self.me = me
        self.keys: list[str] = []  # the numbered answers open now ([] : no question)
        self.turn = False  # the game awaits this player (GMCP on telnet; Quest's status on a full screen)
        self.moves: list[str] = []  # Dungeon Chess on telnet: the legal moves GMCP's view lists
        self.asked = 0  # how many times a question was put (a new one is a new turn)
        self.recent = ""
        self.over = 0  # "Game over" seen so many times
        self.changed = asyncio.Event()

    def feed(self, text: str) -> None:
        super().feed(text)
        plain = ESCAPE.sub("", text) if self.tui else text
        self.recent = (self.recent + plain)[-4000:]
        if self.tui:
            last_ask = None
            for m in ASK.finditer(plain):
                last_ask = m
            last_idle = max((m.start() for m in IDLE.finditer(plain)), default=-1)
            if last_ask is not None and last_ask.start() > last_idle:
                low, high = int(last_ask.group(1)), int(last_ask.group(2) or last_ask.group(1))
                self.keys = [str(k) for k in range(low, high + 1)]
                self.asked += 1
            elif last_idle >= 0:
                self.keys = []
            for m in QUEST_TURN.finditer(plain):  # Quest's status line: whose turn (its turns ask nothing)
                self.turn = m.group(1) == self.me
        self.over += plain.count(OVER)
        self.changed.set()

    def gmcp(self, package: str, data) -> None:
        """telnet: the game's view decides (the text's numbered rows are not parsed)."""
        if package != "Game.View":
            return
        if not data:
            self.keys, self.turn = [], False
            return
        prompt = data.get("prompt") or {}
        me = data.get("you")
        self.turn = me in data.get("awaiting", []) and not data.get("over")
        self.moves = [f"move {frm} {to}" for frm, tos in (data.get("moves") or {}).items() for to in tos]
        if me in data.get("awaiting", []) and prompt.get("choices") and not data.get("over"):
            count = len(prompt["choices"])
            passing = any(c.split()[:1] in (["pass"], ["end"]) or c.strip() == "keep" for _l, c in prompt["choices"])
            keys = [str(k) for k in range(1, min(9, count - passing) + 1)] + (["0"] if passing else [])
            self.keys = keys
            self.asked += 1
        else:
            self.keys = []
        self.changed.set()


class GmcpTelnet(load.TelnetClient):
    """A MUD client: agrees to GMCP (refuses every other option, as bench/load.py's does) and reads
    its packages; the rest is text."""

    def __init__(self, screen: Seen):
        super().__init__(screen)
        self.pending = b""

    def data_received(self, data: bytes) -> None:
        data = self.pending + data
        cut = data.rfind(b"\xff\xfa")
        if cut >= 0 and data.find(b"\xff\xf0", cut) < 0:  # a package split over two reads
            data, self.pending = data[:cut], data[cut:]
        else:
            self.pending = b""
        for body in SUBNEG.findall(data):
            name, _, rest = body.decode("utf-8", "replace").partition(" ")
            try:
                self.screen.gmcp(name, json.loads(rest) if rest.strip() else None)
            except ValueError:
                pass
        data = SUBNEG.sub(b"", data)
        if b"\xff" in data:
            replies = [b"\xff" + (b"\xfd" if verb == b"\xfb" and opt == bytes([GMCP]) else
                                  b"\xfe" if verb == b"\xfb" else b"\xfc") + opt
                       for verb, opt in IAC_ASK.findall(data)]
            if replies:
                self.transport.write(b"".join(replies))
            data = re.sub(rb"\xff[\xfb-\xfe].|\xff[\xf0-\xfa]", b"", data, flags=re.S)
        self.screen.feed(data.decode("utf-8", "replace"))


async def telnet_login(port: int, name: str, timeout: float):
    screen = Seen(False)
    transport, proto = await asyncio.get_running_loop().create_connection(lambda: GmcpTelnet(screen), "127.0.0.1", port)
    send = lambda text: transport.write(text.replace("\n", "\r\n").encode())  # noqa: E731
    await screen.expect("Name:", timeout)
    send(name + "\n")
    await screen.expect("assword", timeout)
    send("secret1\n")
    await screen.expect("again", timeout)
    send("secret1\n")
    await screen.enter(send, timeout)
    return screen, send, transport.close


async def ssh_login(port: int, name: str, timeout: float):
    import asyncssh
    screen = Seen(True, name)
    conn = await asyncssh.connect("127.0.0.1", port, username=name, password="secret1", known_hosts=None,
                                  client_keys=None, agent_path=None, login_timeout=timeout)
    proc = await conn.create_process(encoding="utf-8", term_type="xterm", term_size=(100, 30))

    async def pump():
        while data := await proc.stdout.read(65536):
            screen.feed(data)
    reading = asyncio.create_task(pump())
    send = lambda text: proc.stdin.write(text.replace("\n", "\r"))  # noqa: E731
    await screen.enter(send, timeout)

    def close():
        reading.cancel()
        conn.close()
    return screen, send, close


async def web_login(port: int, name: str, timeout: float):
    """The browser page's protocol (bench/web.py's session: the login form, the ticket, the socket)."""
    from web import web_session
    held: list = []
    await asyncio.wait_for(web_session(port, name, held), timeout)
    http, socket = held[0]
    screen = Seen(True, name)
    screen.buf = "Crossroads"  # web_session waited for the first screen already

    async def pump():
        async for msg in socket:
            screen.feed(msg.data.decode("utf-8", "replace") if isinstance(msg.data, bytes) else str(msg.data))
    reading = asyncio.create_task(pump())
    send = lambda text: asyncio.ensure_future(socket.send_str(json.dumps(["stdin", text.replace("\n", "\r")])))  # noqa: E731

    def close():
        reading.cancel()
        asyncio.ensure_future(socket.close())
        asyncio.ensure_future(http.close())
    return screen, send, close


LOGINS = {"telnet": telnet_login, "ssh": ssh_login, "web": web_login}


class Person:
    """One simulated player: a surface, a pace, and the figures of their commands."""

    tokens = 0

    def __init__(self, run: "Run", name: str, surface: str, role: str):
        self.run, self.name, self.surface, self.role = run, name, surface, role
        self.rng = random.Random(name)
        self.screen: Seen | None = None
        self.send = None
        self.close = None
        self.room = "crossroads"

    def think(self, median: float) -> float:
        """A person's pause: lognormal around ``median`` seconds (sigma 0.6: a tenth take twice as long)."""
        return self.run.pace * median * math.exp(self.rng.gauss(0.0, 0.6))

    async def log_in(self) -> bool:
        try:
            self.screen, self.send, self.close = await LOGINS[self.surface](self.run.ports[self.surface], self.name, 120)
            return True
        except Exception as why:  # noqa: BLE001  (any failure to log in is counted, not fatal)
            self.run.errors.append(f"{self.name} ({self.surface}) login: {type(why).__name__} {why}")
            return False

    async def command(self, line: str, kind: str, say: bool = False) -> bool:
        """Send ``line`` (then the token, unless it is a ``say`` of the token); wait for the token's
        answer; count its latency under ``kind`` if the window is open. False: no answer in time.
        One at a time per person (the screen awaits one token): a line said while seating waits."""
        async with self.one_at_a_time:
            return await self._command(line, kind, say)

    async def _command(self, line: str, kind: str, say: bool) -> bool:
        Person.tokens += 1
        token = f"tk{self.run.index:02d}{Person.tokens:06d}x"
        if say:
            lines, answer = f"say {token}\n", f"say: {token}"
        else:
            lines, answer = f"{line}\nlanguage {token}\n", f"language '{token}'"
        got = self.screen.await_token(answer)
        t0 = time.monotonic()
        counted = self.run.counting
        self.send(lines)
        try:
            t1 = await asyncio.wait_for(got, 30)
            if DEBUG:
                shown = self.screen.recent[-240:] if DEBUG == "2" and kind == "move" else ""
                print(f"{self.name} {self.surface} {line!r} {kind}: {1000 * (t1 - t0):.0f} ms {shown!r}", file=sys.stderr)
        except asyncio.TimeoutError:
            if DEBUG:
                print(f"{self.name} {self.surface} {line!r} {kind}: NO ANSWER; saw {self.screen.recent[-300:]!r}",
                      file=sys.stderr)
            if counted and self.run.counting:
                self.run.timeouts[f"{self.surface} {kind}"] = self.run.timeouts.get(f"{self.surface} {kind}", 0) + 1
            return False
        if counted and self.run.counting:
            self.run.latency.setdefault(f"{self.surface} {kind}", []).append(t1 - t0)
        return True

    async def talk_now_and_then(self, every: float) -> None:
        """``say`` a line (its own token) every ``every`` s on average (exponential gaps): at the
        table when seated, else to the room. Runs beside the playing, sharing the one connection."""
        while not self.run.done:
            await asyncio.sleep(self.rng.expovariate(1 / (every * self.run.pace)))
            async with self.lock:
                await self.command("", "talk", say=True)


class Run:
    """This process's share: its people, its tables, the counted window's figures."""

    def __init__(self, orders: dict):
        self.index = orders["index"]
        self.ports = orders["ports"]
        self.pace = orders["pace"]
        self.counting = False
        self.done = False
        self.latency: dict[str, list[float]] = {}
        self.timeouts: dict[str, int] = {}
        self.errors: list[str] = []
        self.counts = {"moves": 0, "mistakes": 0, "helps": 0, "tries": 0, "games_over": {}, "moves_by_game": {},
                       "walks": 0, "watches": 0}
        self.tables = [Table(self, t) for t in orders["tables"]]
        self.loose = [Person(self, p["name"], p["surface"], p["role"]) for p in orders["loose"]]

    def count(self, what: str, game: str | None = None) -> None:
        if not self.counting:
            return
        if game is None:
            self.counts[what] += 1
        else:
            self.counts[what][game] = self.counts[what].get(game, 0) + 1


class Table:
    """Four seats: its people (the rest bots, filled by ``start``), seated and started over again
    after every match, so the table stays busy all evening."""

    def __init__(self, run: Run, orders: dict):
        self.run, self.game, self.road = run, orders["game"], orders["road"]
        self.people = [Person(run, p["name"], p["surface"], "seat") for p in orders["people"]]
        self.number: int | None = None  # the server's table number, once sat
        self.generation = 0  # matches started here
        self.started = asyncio.Event()
        self.ended = False  # the match now played is over (one of its people saw it end)
        self.last_move = time.monotonic()  # when one of its people last made a move (or it was seated)

    def moved(self) -> None:
        self.run.count("moves")
        self.run.count("moves_by_game", self.game)
        self.last_move = time.monotonic()

    async def seat_everyone(self) -> None:
        host, *others = self.people
        self.number = None
        for p in self.people:
            if p.room != self.game:
                await p.command(self.road, "walk")
                p.room = self.game
        for _ in range(5):
            await host.command("sit", "walk")
            found = SAT.findall(host.screen.recent)
            if found:
                self.number = int(found[-1])
                break
        for p in others:
            await p.command(f"sit {self.number}", "walk")
        for p in self.people:
            p.over_seen = p.screen.over
        self.ended = False
        self.last_move = time.monotonic()
        await host.command(f"start seed={self.run.index * 1000 + self.generation}", "walk")
        self.generation += 1
        self.started.set()

    async def play(self, p: Person) -> None:
        """One person's seat: answer each question put to them after a think time, until the match
        ends; a question never put for a long while (a turn the surface did not show) gets ``pass``."""
        answered = -1  # a question already open when the match begins is theirs to answer
        quiet_since, patience = time.monotonic(), (p.think(6.0), p.think(60.0))  # (a turn seen; none seen)
        moved = 0
        while not self.run.done and not self.ended:
            if p.screen.over != p.over_seen and (moved or p.surface == "telnet"):
                self.ended = True  # (a full screen may repaint the last match's "Game over": not before a move)
                if DEBUG:
                    print(f"{p.name} {p.surface}: the {self.game} match is over; saw {p.screen.recent[-300:]!r}",
                          file=sys.stderr)
                break
            p.screen.changed.clear()
            if p.screen.keys and p.screen.asked != answered:
                await asyncio.sleep(p.think(6.0))
                async with p.lock:
                    if not p.screen.keys or p.screen.over != p.over_seen:
                        continue
                    answered = p.screen.asked
                    roll = p.rng.random()
                    if roll < 0.04:
                        self.run.count("mistakes")
                        await p.command(p.rng.choice(MISTAKES), "other")
                        answered = -1  # still theirs to answer
                    elif roll < 0.07:
                        self.run.count("helps")
                        await p.command("help", "other")
                        answered = -1
                    else:
                        keys = [k for k in p.screen.keys if k != "0"] or p.screen.keys
                        key = "0" if "0" in p.screen.keys and p.rng.random() < 0.1 else p.rng.choice(keys)
                        if await p.command(key, "move"):
                            self.moved()
                            moved += 1
                quiet_since, patience = time.monotonic(), (p.think(6.0), p.think(60.0))
                continue
            # a turn with no question (Quest's, where one walks, acts or passes): shown by GMCP's
            # "awaiting" on telnet, by Quest's status line ("Round 3: ann") on a full screen; another
            # game's turn that asks nothing, on a full screen, is tried after a long quiet
            waited = time.monotonic() - quiet_since
            if (p.screen.turn and waited > patience[0]) or (p.surface != "telnet" and waited > patience[1]):
                self.run.count("tries")
                tries = p.screen.moves if self.game == "chess" and p.screen.moves else TRIES.get(self.game, ("pass",))
                async with p.lock:
                    if await p.command(p.rng.choice(tries), "move"):
                        self.moved()
                quiet_since, patience = time.monotonic(), (p.think(6.0), p.think(60.0))
                continue
            try:
                await asyncio.wait_for(p.screen.changed.wait(), 5)
            except asyncio.TimeoutError:
                pass

    async def evening(self) -> None:
        """Seat, play to the end, get up, again: as long as the run lasts."""
        while not self.run.done:
            await self.seat_everyone()
            await asyncio.gather(*(self.play(p) for p in self.people))
            if self.run.done:
                return
            self.run.count("games_over", self.game)
            self.started.clear()
            for p in self.people:
                await p.command("leave", "walk")


async def walker(p: Person) -> None:
    """Walks the world: a room, a look, back to the Crossroads, now and then a word to the room."""
    while not p.run.done:
        await asyncio.sleep(p.think(10.0))
        async with p.lock:
            if p.room == "crossroads":
                way = p.rng.choice(list(TITLES))
                await p.command(way, "walk")
                p.room = way
            elif p.rng.random() < 0.4:
                await p.command("look", "walk")
            else:
                await p.command("go crossroads", "walk")
                p.room = "crossroads"
            p.run.count("walks")


async def watcher(p: Person, tables: list[Table]) -> None:
    """Watches the matches of its tables one after another: to the room, ``watch N``, a look now and
    then, until that match is over; then the next table's."""
    turn = 0
    while not p.run.done and tables:
        table = tables[turn % len(tables)]
        turn += 1
        await table.started.wait()
        generation = table.generation
        async with p.lock:
            if p.room != table.game:
                if p.room != "crossroads":
                    await p.command("go crossroads", "walk")
                await p.command(table.road, "walk")
                p.room = table.game
            await p.command(f"watch {table.number}", "walk")
            p.run.count("watches")
        while not p.run.done and table.generation == generation and table.started.is_set():
            await asyncio.sleep(p.think(15.0))
            async with p.lock:
                await p.command("look", "walk")
        async with p.lock:
            await p.command("leave", "walk")


async def main() -> None:
    orders = json.loads(sys.stdin.readline())
    run = Run(orders)
    everyone = [p for t in run.tables for p in t.people] + run.loose
    for p in everyone:
        p.lock, p.one_at_a_time = asyncio.Lock(), asyncio.Lock()
    for k in range(0, len(everyone), 10):  # ten at a time, as people arrive
        await asyncio.gather(*(p.log_in() for p in everyone[k:k + 10]))
    present = [p for p in everyone if p.screen is not None]
    for t in run.tables:
        if any(p.screen is None for p in t.people):
            run.errors.append(f"table {t.game}: a player could not log in; the table is left out")
    tables = [t for t in run.tables if all(p.screen is not None for p in t.people)]
    tasks = [asyncio.create_task(t.evening()) for t in tables]
    talkers = [(p, 45.0) for t in tables for p in t.people]
    watchers = [p for p in run.loose if p.role == "watcher" and p.screen is not None]
    walkers = [p for p in run.loose if p.role == "walker" and p.screen is not None]
    tasks += [asyncio.create_task(walker(p)) for p in walkers]
    tasks += [asyncio.create_task(watcher(p, tables[i::max(1, len(watchers))] or tables))
              for i, p in enumerate(watchers)]
    talkers += [(p, 30.0) for p in walkers] + [(p, 60.0) for p in watchers]
    await asyncio.gather(*(t.started.wait() for t in tables))
    tasks += [asyncio.create_task(p.talk_now_and_then(every)) for p, every in talkers]
    loop = asyncio.get_running_loop()
    print(json.dumps({"ready": len(present), "failed": len(everyone) - len(present)}), flush=True)
    line = await loop.run_in_executor(None, sys.stdin.readline)
    assert line.strip() == "measure", line
    cpu0 = time.process_time()
    run.counting = True
    while (line := await loop.run_in_executor(None, sys.stdin.readline)).strip() == "count":
        answered = {s: sum(len(v) for k, v in run.latency.items() if k.startswith(s + " ")) for s in LOGINS}
        print(json.dumps({"answered": answered}), flush=True)  # so far: the window goes on until each has enough
    run.counting = False
    cpu = time.process_time() - cpu0
    run.done = True
    if DEBUG:
        for t in tables:
            for p in t.people:
                print(f"AT STOP {t.game} {p.name} {p.surface}: keys {p.screen.keys} asked {p.screen.asked}; saw "
                      f"{p.screen.recent[-600:]!r}", file=sys.stderr)
    idle = max(20.0, 120 * run.pace)  # no move by its people for this long: a table that does not advance
    stuck = [f"{t.game} table {t.number}" for t in tables if time.monotonic() - t.last_move > idle]
    out = {"index": run.index, "latency": run.latency, "timeouts": run.timeouts, "counts": run.counts,
           "cpu_s": cpu, "errors": run.errors[:20], "players": len(present),
           "by_surface": {s: sum(1 for p in present if p.surface == s) for s in LOGINS}, "stuck": stuck}
    print(json.dumps(out), flush=True)
    for t in tasks:
        t.cancel()
    for p in present:
        try:
            p.close()
        except Exception:  # noqa: BLE001
            pass
    await asyncio.sleep(0.2)


if __name__ == "__main__":
    asyncio.run(main())
