"""The SSH surface, end to end on 127.0.0.1: asyncssh clients with and without a pty (their screens
read with pyte), what is refused, what a dropped client leaves behind, and -- when OpenSSH and tmux
are installed -- the real ``ssh`` in a real terminal."""

from __future__ import annotations

import asyncio
import gc
import logging
import random
import re

import asyncssh
import pyte
import pytest

from games.quest.bots import bot_action
from mud.server.ssh import front as ssh
from mud.server.core import Config, Server
from mud.server.tui.driver import ChannelDriver, ServedApp, run_served
from mud.tui.app import GameApp
from mud.tui.textual_internals import active_app
from mud.world.world import World
from tests.net_clients import ssh_enter

SIZE = (100, 30)
ANSI = re.compile(r"\x1b(\[[0-9;?<>=$]*[ -/]*[@-~]|\][^\x07\x1b]*(\x07|\x1b\\)|[()][0-9A-Za-z]|[=>78])")


@pytest.fixture
async def server(tmp_path):
    srv = Server(Config(host="127.0.0.1", ssh_port=0, telnet_port=None, data_dir=str(tmp_path)))
    await srv.start()
    closed: list = []
    close = srv.close_session

    def counting(ws):
        closed.append(ws.name)
        close(ws)

    srv.close_session = counting
    srv.closed_names = closed
    yield srv
    await srv.stop()


async def connect(port: int, name: str, password: str | None = "secret1", keys=None):
    return await asyncssh.connect("127.0.0.1", port, username=name, password=password, known_hosts=None,
                                  client_keys=keys, agent_path=None)


async def until(check, timeout: float = 8.0, what: str = "") -> None:
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while not check():
        if loop.time() > end:
            raise AssertionError(f"timed out waiting for {what or check}")
        await asyncio.sleep(0.02)


class Tui:
    """An SSH client with a pty; what the server draws lands on a pyte screen."""

    def __init__(self, conn, name: str, size=SIZE) -> None:
        self.conn, self.name = conn, name
        self.screen = pyte.Screen(*size)
        self.stream = pyte.ByteStream(self.screen)
        self.raw = bytearray()
        self.closed = False
        self.chan = None

    @classmethod
    async def open(cls, port: int, name: str, password: str = "secret1", size=SIZE) -> "Tui":
        tui = cls(await connect(port, name, password), name, size)
        outer = tui

        class Session(asyncssh.SSHClientSession):
            def data_received(self, data, datatype):
                outer.raw += data
                outer.stream.feed(data)

            def connection_lost(self, exc):
                outer.closed = True

        tui.chan, _ = await tui.conn.create_session(Session, term_type="xterm-256color", term_size=size,
                                                    encoding=None)
        await tui.wait("type a command")
        return tui

    def text(self) -> str:
        return "\n".join(self.screen.display)

    def plain(self) -> str:
        """Everything ever sent, without the escape sequences."""
        return ANSI.sub("", self.raw.decode("utf-8", "replace"))

    async def wait(self, text: str, timeout: float = 8.0) -> None:
        await until(lambda: text in self.text(), timeout, f"{text!r} on {self.name}'s screen:\n{self.text()}")

    async def type(self, line: str, wait: str | None = None) -> None:
        self.chan.write((line + "\r").encode())
        await self.wait(wait or f"> {line}")

    def resize(self, width: int, height: int) -> None:
        self.screen.resize(height, width)
        self.chan.change_terminal_size(width, height)


class Lines:
    """An SSH client without a pty: the line interface."""

    def __init__(self, conn, proc) -> None:
        self.conn, self.proc = conn, proc

    @classmethod
    async def open(cls, port: int, name: str, password: str | None = "secret1", keys=None) -> tuple["Lines", str]:
        conn = await connect(port, name, password, keys)
        proc = await conn.create_process(term_type=None)
        return cls(conn, proc), await ssh_enter(proc)

    async def read(self) -> str:
        return await asyncio.wait_for(self.proc.stdout.readuntil("> "), 8)

    async def news(self, line: str) -> str:
        """Others' news up to the end of ``line`` (no prompt follows it while the last one stands)."""
        return await asyncio.wait_for(self.proc.stdout.readuntil(line + "\r\n"), 8)

    async def cmd(self, line: str) -> str:
        self.proc.stdin.write(line + "\n")
        return await self.read()

    async def quit(self) -> str:
        """'quit': the rest of the output, up to the channel closing."""
        self.proc.stdin.write("quit\n")
        return await asyncio.wait_for(self.proc.stdout.read(), 8)


def secrets(match, owner: str, reader: str) -> set[str]:
    """Lines only ``owner`` may see, that ``reader`` never sees from any event of their own."""
    theirs = {str(e.text) for e in match.events if e.visible_to(owner) and not e.visible_to(reader)}
    return {t for t in theirs - {str(e.text) for e in match.events if e.visible_to(reader)} if len(t) < 90}


# --- the TUI, two players at once -------------------------------------------------------------------

async def test_two_players_share_a_quest_table_each_seeing_only_their_own(server, monkeypatch):
    port = server.ports["ssh"]
    mixed = []  # Textual's active app (a context variable) must be the app drawing, always
    draw = GameApp.refresh_view

    def checked(app):
        if active_app.get(None) is not app:
            mixed.append(app.me)
        draw(app)

    monkeypatch.setattr(GameApp, "refresh_view", checked)
    alice = await Tui.open(port, "alice")
    bob = await Tui.open(port, "bob")
    for tui in (alice, bob):
        await tui.wait("Welcome")
        assert "The Crossroads" in tui.text()
        await tui.type("n", wait="The Labyrinth gate")
    await alice.wait("bob arrives")
    await alice.type("sit", wait="You sit at table 1")
    await bob.type("sit", wait="You sit at table 1")
    await alice.type("start bots=2 seed=3 rules=basic", wait="Your map")
    await bob.wait("Your map")
    match = server.world.session("alice").inner.table
    assert sorted(n for n, s in match.seats.items() if not s.bot) == ["alice", "bob"]

    # Whoever's turn it is plays a legal move; both screens follow.
    rng = random.Random(3)
    for _ in range(3):
        (mover,) = [t for t in (alice, bob) if t.name in match.awaiting()]
        before = len(match.log)
        view = server.world.session(mover.name).inner.view()
        await mover.type(str(bot_action(view, rng)))
        await until(lambda: len(match.log) > before or match.over, what="the move")
    await alice.type("say hello bob")
    await bob.wait("alice says: hello bob")
    await bob.type("tell alice the gold key is mine")
    await alice.wait("bob tells you: the gold key is mine")
    await asyncio.sleep(0.2)

    # Each saw their own secrets, and never the other's.
    for me, other in ((alice, bob), (bob, alice)):
        wake = next(str(e.text) for e in match.events if e.kind == "start" and e.to == (me.name,)
                    and str(e.text).startswith("You wake up"))
        assert wake in me.plain()
        leaked = [t for t in secrets(match, other.name, me.name) if t in me.plain()]
        assert not leaked, f"{me.name} saw {other.name}'s {leaked}"
    assert "Traceback" not in alice.plain() + bob.plain()
    assert not mixed
    await alice.type("quit", wait="Goodbye")
    await until(lambda: alice.closed, what="alice's channel closing")
    assert server.closed_names == ["alice"]
    await bob.type("who", wait="1 connected")  # bob plays on
    bob.conn.close()
    await until(lambda: server.closed_names == ["alice", "bob"], what="bob's session closing")


async def test_players_arriving_together_each_get_their_screen(server, caplog):
    caplog.set_level(logging.ERROR, logger="questmud")
    port = server.ports["ssh"]
    tuis = await asyncio.gather(*(Tui.open(port, name) for name in ("lena", "mia", "nora")))
    for tui in tuis:
        tui.chan.write(b"n\rsitx\x7f\r")  # typed ahead in one packet, a typo mended on the way
        await tui.wait("You sit at table 1")
        assert "> sit" in tui.plain() and "> nsit" not in tui.plain() and "sitx" not in tui.plain()
        tui.conn.close()
    assert not caplog.records


async def test_window_changes_relayout_the_tui(server, caplog):
    caplog.set_level(logging.ERROR, logger="questmud")
    tui = await Tui.open(server.ports["ssh"], "carol", size=(80, 24))
    assert "Walk:" in tui.screen.display[21]  # the hint bar, above the prompt and footer
    tui.resize(130, 40)
    await until(lambda: "palette" in tui.screen.display[39], what="the footer at the new bottom row")
    assert "Here" in tui.screen.display[1]
    tui.resize(60, 18)
    await until(lambda: "Quit" in tui.screen.display[17], what="the footer at row 17")
    tui.resize(100, 30)
    await tui.type("n", wait="The Labyrinth gate")
    assert not [r for r in caplog.records if r.name.startswith("questmud")]
    tui.conn.close()


# --- the line interface -----------------------------------------------------------------------------

async def test_line_mode_without_a_pty(server):
    port = server.ports["ssh"]
    lines, greeting = await Lines.open(port, "dave")
    assert "your account is created" in greeting and "\x1b[" not in greeting
    assert "The Crossroads" in await lines.cmd("look")
    assert "The Labyrinth gate" in await lines.cmd("n")
    assert "You sit at table 1" in await lines.cmd("sit")
    out = await lines.cmd("start bots=2 seed=3 rules=basic")
    assert "You wake up on" in out
    assert out.endswith("(your turn) > ")
    match = server.world.session("dave").inner.table
    before = len(match.log)
    await lines.cmd(str(bot_action(server.world.session("dave").inner.view(), random.Random(1))))
    assert len(match.log) > before
    assert "line is too long" in await lines.cmd("say " + "x" * 5000)
    said = [row for row in (await lines.cmd("say " + "lorem ipsum " * 20)).split("\r\n") if "lorem" in row]
    assert len(said) >= 3 and all(len(row) <= 80 for row in said)  # no width known: 80 columns
    lines.proc.stdin.write("look\r\nscore\r")  # CR LF and a lone CR end lines too
    assert "dave" in await lines.read() + await lines.read()
    assert "Goodbye" in await lines.quit()
    assert (await lines.proc.wait()).exit_status == 0
    assert server.closed_names == ["dave"]
    assert server.world.session("dave") is None


async def test_line_mode_end_of_input_closes(server):
    lines, _ = await Lines.open(server.ports["ssh"], "erin")
    lines.proc.stdin.write_eof()
    await asyncio.wait_for(lines.proc.wait(), 8)
    await until(lambda: server.closed_names == ["erin"], what="the session closing")


# --- logging in -------------------------------------------------------------------------------------

async def test_wrong_password_is_refused_and_keys_added_in_game_log_in(server):
    port = server.ports["ssh"]
    lines, _ = await Lines.open(port, "frank")
    key = asyncssh.generate_private_key("ssh-ed25519", comment="frank@laptop")
    pub = key.export_public_key("openssh").decode().strip()
    assert "Key added" in await lines.cmd(f"key add {pub}")
    await lines.quit()
    with pytest.raises(asyncssh.PermissionDenied):
        await connect(port, "frank", "not-his")
    with pytest.raises(asyncssh.PermissionDenied):
        await connect(port, "frank", None, keys=[asyncssh.generate_private_key("ssh-ed25519")])
    again, greeting = await Lines.open(port, "frank", password=None, keys=[key])
    assert "Welcome to questmud, frank" in greeting
    assert "The Crossroads" in await again.cmd("look")
    again.conn.close()
    with pytest.raises(asyncssh.PermissionDenied):
        await connect(port, "bot7", "secret1")  # reserved names never get an account


# --- nothing but the game -----------------------------------------------------------------------------

async def test_commands_subsystems_and_forwarding_are_refused(server):
    port = server.ports["ssh"]
    conn = await connect(port, "gina")
    with pytest.raises(asyncssh.ChannelOpenError):
        await conn.run("ls")
    with pytest.raises(asyncssh.ChannelOpenError):
        await conn.create_process("cat /etc/passwd", term_type="xterm")
    with pytest.raises((asyncssh.ChannelOpenError, asyncssh.SFTPError)):
        await conn.start_sftp_client()
    with pytest.raises(asyncssh.ChannelOpenError):
        await conn.open_connection("127.0.0.1", port)
    with pytest.raises(asyncssh.ChannelOpenError):
        await conn.open_unix_connection("/tmp/questmud-nothing")
    with pytest.raises(asyncssh.ChannelListenError):
        await conn.forward_remote_port("127.0.0.1", 0, "127.0.0.1", port)
    with pytest.raises(asyncssh.ChannelOpenError, match="X11"):
        await conn.create_process(term_type=None, x11_forwarding=True, x11_display="127.0.0.1:9")
    listener = await conn.forward_local_port("127.0.0.1", 0, "127.0.0.1", port)
    reader, writer = await asyncio.open_connection("127.0.0.1", listener.get_port())
    assert await asyncio.wait_for(reader.read(100), 8) == b""  # the tunnel is refused at once
    writer.close()
    listener.close()
    assert not server.sessions  # none of that entered the world
    proc = await conn.create_process(term_type=None)  # the one thing offered still works
    assert "Welcome" in await ssh_enter(proc)
    conn.close()


async def test_a_login_without_a_session_is_not_kept_open(server, monkeypatch):
    monkeypatch.setattr(ssh, "SESSION_WAIT", 0.3)
    conn = await connect(server.ports["ssh"], "pia")
    with pytest.raises(asyncssh.ChannelOpenError):
        await conn.open_connection("127.0.0.1", 22)
    await asyncio.wait_for(conn.wait_closed(), 8)


async def test_logging_in_again_ends_the_older_session(server):
    port = server.ports["ssh"]
    old, _ = await Lines.open(port, "quinn")
    new = await Tui.open(port, "quinn")
    rest = await asyncio.wait_for(old.proc.stdout.read(), 8)
    assert "You connected from elsewhere" in rest
    await new.type("who", wait="1 connected")
    assert server.closed_names == ["quinn"]
    assert server.world.session("quinn") is not None  # the newer one plays on
    new.conn.close()


# --- failures stay in their session -------------------------------------------------------------------

async def test_a_dropped_client_leaves_the_server_healthy(server):
    port = server.ports["ssh"]
    hank = await Tui.open(port, "hank")
    ivy, _ = await Lines.open(port, "ivy")
    assert "hank" in await ivy.cmd("who")
    hank.conn.abort()  # no goodbye: the connection just drops
    await until(lambda: server.closed_names == ["hank"], what="hank's session closing")
    assert "hank leaves." in await ivy.news("hank leaves.")  # told as it happens
    out = await ivy.cmd("who")
    assert "1 connected" in out and "hank" not in out
    again = await Tui.open(port, "hank")  # the account is fine, and so is the TUI
    await again.type("look", wait="> look")
    again.conn.close()
    await ivy.quit()
    await until(lambda: sorted(server.closed_names) == ["hank", "hank", "ivy"], what="all closed")


async def test_an_ended_session_leaves_nothing_behind(server):
    tui = await Tui.open(server.ports["ssh"], "olga")
    await tui.type("look")
    tui.conn.close()
    await until(lambda: server.closed_names == ["olga"], what="the session closing")
    await asyncio.sleep(0.1)
    gc.collect()
    assert not [o for o in gc.get_objects() if isinstance(o, ServedApp)]  # the app and its widgets are freed


async def test_a_failing_screen_is_logged_and_ends_only_its_session(server, caplog):
    caplog.set_level(logging.ERROR, logger="questmud.ssh")
    port = server.ports["ssh"]
    rita = await Tui.open(port, "rita")
    sam, _ = await Lines.open(port, "sam")

    def broken():
        raise RuntimeError("a bug in a panel")

    server.world.session("rita").place = broken
    rita.chan.write(b"look\r")
    await until(lambda: rita.closed, what="rita's session ending")
    assert "screen failed" in rita.plain()
    assert "Traceback" not in rita.plain() and "a bug in a panel" not in rita.plain()
    assert any("TUI of rita failed" in r.getMessage() for r in caplog.records)
    assert server.closed_names == ["rita"]
    assert "rita leaves." in await sam.news("rita leaves.")
    assert "1 connected" in await sam.cmd("who")  # everyone else plays on
    again = await Tui.open(port, "rita")
    again.conn.close()
    sam.conn.close()


async def test_the_host_key_is_made_once_and_kept(tmp_path):
    fingerprints = []
    for _ in range(2):
        srv = Server(Config(host="127.0.0.1", ssh_port=0, telnet_port=None, data_dir=str(tmp_path)))
        await srv.start()
        conn = await connect(srv.ports["ssh"], "tess")
        fingerprints.append(conn.get_server_host_key().get_fingerprint())
        conn.close()
        await srv.stop()
    assert fingerprints[0] == fingerprints[1]
    assert (tmp_path / "ssh_host_key").stat().st_mode & 0o077 == 0  # readable by the server alone


class FakeTerminal:
    """The driver's view of an SSH session, without SSH: bytes sent, a backlog we choose."""

    def __init__(self) -> None:
        self.size = (80, 24)
        self.driver = None
        self.sent = bytearray()
        self.paused = False
        self.pauses = 0

    def send(self, data: bytes) -> None:
        self.sent += data

    def backlog(self) -> int:
        return 0

    def pause_reading(self) -> None:
        self.paused = True
        self.pauses += 1

    def resume_reading(self) -> None:
        self.paused = False


async def test_a_client_that_stops_reading_gets_no_frames_then_one_whole_screen(caplog):
    caplog.set_level(logging.INFO, logger="questmud.ssh")
    world = World()
    term = FakeTerminal()
    app = ServedApp(world.connect("jo"), term, max_line=100)
    task = asyncio.create_task(run_served(app, term.size))
    await until(lambda: b"ype a command" in term.sent, what="the first screen")  # (the cursor sits on the t)
    driver = term.driver
    assert isinstance(driver, ChannelDriver)
    driver.hold()
    term.sent.clear()
    for line in ("look", "exits", "who", "n", "look"):
        driver.feed(line.encode() + b"\r")
        await asyncio.sleep(0.05)
    assert not term.sent  # nothing piles up for a client that does not read
    driver.release()
    await until(lambda: b"Labyrinth gate" in term.sent, what="the screen once the client catches up")
    screen = pyte.Screen(80, 24)
    pyte.ByteStream(screen).feed(bytes(term.sent))  # a whole screen from scratch, on a blank terminal
    assert "Walk:" in screen.display[21] or "sit opens or joins" in screen.display[21]
    assert "The Labyrinth gate" in screen.display[1]
    driver.feed(b"\x1b[200~")  # an endless paste is dropped, not kept
    for _ in range(3):
        driver.feed(b"y" * 30_000)
    driver.feed(b"y" * 30_000 + b"\x1b[201~look\r")
    await until(lambda: app.command_line.history[-1:] == ["look"], what="typing after the paste")
    assert "y" * 100 not in app.command_line.value
    assert any("was cut" in r.getMessage() for r in caplog.records)
    driver.feed(b"a" * 3000)  # a flood of keys: taken a little at a time, the channel paused meanwhile
    assert term.paused and driver._queued() < 1000
    await until(lambda: len(app.command_line.value) == 100, what="the flood handled")  # max_line
    await until(lambda: not term.paused and driver._reading, what="reading again")
    driver.feed(b"\x11")  # ctrl+q
    await asyncio.wait_for(task, 8)


# --- the real thing: OpenSSH in tmux ------------------------------------------------------------------
