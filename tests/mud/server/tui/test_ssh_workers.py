"""SSH TUI sessions drawn in worker processes (``mud serve --tui-workers 2``), end to end on
127.0.0.1: the TUI plays as in one process -- the room, talk heard across workers and by telnet, a
match of 10x, a window change, Tab -- and a worker that dies costs only its own sessions."""

from __future__ import annotations

import asyncio
import os
import random
import signal

import pytest

from mud.server.core import Config, Server
from mud.server.tui.workers import default_count
from tests.net_clients import ServerProcess
from tests.telnet_clients import Client, log_in
from tests.mud.server.ssh.test_ssh import Tui, until


@pytest.fixture
async def server(tmp_path):
    srv = Server(Config(host="127.0.0.1", ssh_port=0, telnet_port=0, data_dir=str(tmp_path), tui_workers=2))
    await srv.start()
    yield srv
    await srv.stop()


def worker_of(server, name: str):
    return next(w for w in server.tui_workers.workers for t in w.tuis.values() if t.ws.name == name)


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    with open(f"/proc/{pid}/stat") as f:
        return f.read().split(")")[-1].split()[0] != "Z"


async def test_tui_sessions_in_two_workers_play_talk_and_complete(server):
    port = server.ports["ssh"]
    alice = await Tui.open(port, "alice")
    bob = await Tui.open(port, "bob")
    assert worker_of(server, "alice") is not worker_of(server, "bob")  # the least busy worker each
    assert "The Crossroads" in alice.text() and "Welcome to questmud, alice" in alice.text()
    telnet = await Client.connect(server.ports["telnet"])
    await log_in(telnet, "carol")

    await alice.type("look", wait="Exits:")
    await alice.type("say hello all")
    await bob.wait("alice says: hello all")
    await telnet.expect("alice says: hello all")
    telnet.send("say hi alice")
    await alice.wait("carol says: hi alice")

    bob.chan.write(b"tab")  # Tab: completed in the world, drawn in the worker
    await bob.wait("> tab")
    bob.chan.write(b"\t")
    await bob.wait("> tables")
    bob.chan.write(b"\x15")  # ctrl+u: the line emptied again
    await bob.wait("type a command")

    alice.resize(120, 36)
    await until(lambda: "Exits" in alice.text() and len(alice.screen.display[0]) == 120, what="the new size")
    await alice.type("e", wait="Tavern")
    await alice.type("sit", wait="You sit at table 1")
    await alice.type("start bots=1 seed=4", wait="A game of 10x begins")
    await alice.wait("10x round 1")  # the status bar, from the view the world sent
    match = server.world.session("alice").inner.table
    for _ in range(3):  # plays the first choice offered while it is alice's turn
        if match.over:
            break
        await until(lambda: "alice" in match.awaiting() or match.over, what="alice's turn")
        if match.over:
            break
        before = len(match.log)
        choices = server.world.session("alice").game_view()["prompt"]["choices"]
        alice.chan.write((choices[-1][1] + "\r").encode())
        await until(lambda: len(match.log) > before, what="alice's move")
    assert "Traceback" not in alice.plain() + bob.plain()

    bob.conn.close()  # dropped: the app in its worker ends, the session is saved
    await until(lambda: server.world.session("bob") is None, what="bob's session closing")
    await until(lambda: not any(t.ws.name == "bob" for w in server.tui_workers.workers for t in w.tuis.values()),
                what="bob's app ending in its worker")
    bob = await Tui.open(port, "bob")
    await bob.type("who", wait="3 connected")
    telnet.close()


async def test_a_worker_killed_closes_its_sessions_and_the_server_serves_on(server):
    port = server.ports["ssh"]
    alice = await Tui.open(port, "alice")
    bob = await Tui.open(port, "bob")
    doomed = worker_of(server, "alice")
    pid = doomed.proc.pid
    os.kill(pid, signal.SIGKILL)
    await until(lambda: alice.closed, what="alice's connection closing")
    assert "the screen failed" in alice.plain()
    assert alice.raw.rfind(b"\x1b[?1049l") > alice.raw.rfind(b"\x1b[?1049h")  # back from the alternate screen
    assert server.world.session("alice") is None
    await bob.type("say still here", wait="You say: still here")
    await until(lambda: len(server.tui_workers.pids()) == 2 and pid not in server.tui_workers.pids(),
                timeout=20, what="a new worker in its place")
    alice = await Tui.open(port, "alice")  # back in, in a live worker
    await alice.type("say back", wait="You say: back")
    await bob.wait("alice says: back")


async def test_quests_map_and_ledger_and_help_from_a_worker(server):
    alice = await Tui.open(server.ports["ssh"], "alice")
    await alice.type("n", wait="The Labyrinth gate")
    await alice.type("sit", wait="You sit at table 1")
    await alice.type("start bots=1 seed=3 rules=basic", wait="Your map")
    await alice.type("ledger", wait="Your ledger is in the top-left panel")  # recognised in the world
    alice.chan.write(b"\x1bOP")  # F1: the help screen, from the world's 'help' answered later
    await alice.wait("Keys")
    assert "Traceback" not in alice.plain()


async def test_a_client_behind_gets_no_frames_from_its_worker_then_one_whole_screen(server):
    alice = await Tui.open(server.ports["ssh"], "alice")
    session = next(t.session for w in server.tui_workers.workers for t in w.tuis.values())
    session.pause_writing()  # as the channel says when WRITE_HIGH bytes wait for the client
    await asyncio.sleep(0.2)
    before = len(alice.raw)
    alice.chan.write(b"n\r")
    await until(lambda: server.world.session("alice").room == "gate", what="the walk")
    await asyncio.sleep(0.3)
    assert len(alice.raw) == before  # the worker drew nothing for a client that does not read
    session.resume_writing()
    await alice.wait("The Labyrinth gate")


async def test_garbage_and_an_endless_paste_are_handled_in_the_worker(server):
    port = server.ports["ssh"]
    alice = await Tui.open(port, "alice")
    noise = random.Random(7)
    alice.chan.write(bytes(noise.randrange(32, 256) for _ in range(3_000)))  # text and broken UTF-8, no keys
    alice.chan.write(b"\x1b[200~" + b"x" * 100_000)  # a paste that never ends is dropped
    alice.chan.write(b"\x1b[201~\x15say still fine\r")
    await alice.wait("You say: still fine", timeout=15)
    assert server.world.session("alice") is not None and "Traceback" not in alice.plain()


async def test_stopping_the_server_stops_its_workers_and_says_goodbye(tmp_path):
    srv = Server(Config(host="127.0.0.1", ssh_port=0, telnet_port=None, data_dir=str(tmp_path), tui_workers=2))
    await srv.start()
    pids = srv.tui_workers.pids()
    assert len(pids) == 2 and all(alive(p) for p in pids)
    alice = await Tui.open(srv.ports["ssh"], "alice")
    await srv.stop()
    await until(lambda: alice.closed, what="alice's connection closing")
    assert "shutting down" in alice.plain()
    assert not any(alive(p) for p in pids)


def test_the_default_is_no_worker_on_two_cores_and_one_per_core_but_one_above():
    assert default_count(1) == 0 and default_count(2) == 0
    assert default_count(4) == 3 and default_count(16) == 15


def children(pid: int) -> list[int]:
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as f:
                    if int(f.read().split(")")[-1].split()[1]) == pid:
                        found.append(int(entry))
            except (OSError, ValueError, IndexError):
                pass
    return found


async def test_killing_the_world_process_leaves_no_worker_behind(tmp_path):
    server = ServerProcess(str(tmp_path), "--tui-workers", "2", ssh=True).start()
    try:
        workers = children(server.proc.pid)
        assert len(workers) == 2
        alice = await Tui.open(server.ssh_port, "alice")
        server.kill9()
        await until(lambda: not any(alive(p) for p in workers), what="the workers ending")
        await until(lambda: alice.closed, what="alice's connection closing")
    finally:
        server.stop()


async def test_language_it_over_ssh_rewords_the_tui_drawn_in_a_worker(server):
    """The worker's link reads the language from the world's snapshots (``Snapshot.lang``): 'language
    it' typed over SSH rewords the TUI's own words as in local play, and 'lingua en' back."""
    alice = await Tui.open(server.ports["ssh"], "alice")
    await alice.wait("type a command, or help")
    await alice.type("language it", wait="scrivi un comando, o aiuto")
    await alice.type("lingua en", wait="type a command, or help")
