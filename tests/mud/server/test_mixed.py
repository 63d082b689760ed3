"""The issue's scene: two players over SSH (full TUI, read through pyte) and one over telnet
(telnetlib3) sit at one Quest table with a bot, take turns and talk -- and no stream carries
another player's secrets."""

from __future__ import annotations

import asyncio

import pytest

from mud.server.telnet import front as telnet
from mud.server.core import Config, Server
from tests.mud.server.ssh.test_ssh import Tui, until
from tests.telnet_clients import Client, log_in


@pytest.fixture
async def server(tmp_path, monkeypatch):
    monkeypatch.setattr(telnet, "NEGOTIATE_WAIT", 0.3)
    srv = Server(Config(host="127.0.0.1", ssh_port=0, telnet_port=0, data_dir=str(tmp_path)))
    srv.config.settings.turn_timeout = 0
    await srv.start()
    yield srv
    await srv.stop()


def secrets(match, of: str, kept_from: str) -> set[str]:
    """Texts ``of`` was shown and ``kept_from`` never was (a start room, a red door's face...)."""
    theirs = {str(e.text) for e in match.events if e.visible_to(of)}
    mine = {str(e.text) for e in match.events if e.visible_to(kept_from)}
    return {t for t in theirs - mine if len(t) > 12}


class KeepingClient(Client):
    """The telnet client, keeping every byte of text it read."""

    async def expect(self, text, timeout: float = 5.0, *others):
        got = await super().expect(text, timeout, *others)
        self.everything = getattr(self, "everything", "") + got
        return got


async def test_two_ssh_players_and_a_telnet_player_share_a_match(server):
    ann = await Tui.open(server.ports["ssh"], "ann")
    ben = await Tui.open(server.ports["ssh"], "ben")
    cat = await KeepingClient.connect(server.ports["telnet"])
    await log_in(cat, "cat")
    for tui in (ann, ben):
        await tui.type("n", wait="Labyrinth gate")
        await tui.type("sit", wait="You sit at table 1")
    cat.send("n")
    await cat.expect("Labyrinth gate")
    cat.send("sit")
    await cat.expect("You sit at table 1")
    await ann.type("start bots=1 seed=5 rules=basic", wait="You wake up on")
    await ben.wait("You wake up on")
    await cat.expect("You wake up on")
    match = next(iter(server.world.tables.values())).match
    people = {"ann": ann, "ben": ben, "cat": cat}

    async def act(name: str, line: str) -> None:
        client = people[name]
        if isinstance(client, Tui):
            client.chan.write((line + "\r").encode())
        else:
            client.send(line)
        await asyncio.sleep(0.15)

    # a few rounds: whoever is to act peeks and stops
    for _ in range(8):
        waiting = [p for p in match.awaiting() if p in people]
        if not waiting:
            break
        turn = len(match.log)
        await act(waiting[0], "peek")
        await act(waiting[0], "stop")
        await until(lambda: len(match.log) > turn, what="the turn to move on")
    assert len({p for p, _ in match.log if p in people}) >= 2  # people did take turns

    ann.chan.write(b"say hello from ssh\r")
    await ben.wait("ann says: hello from ssh")
    await cat.expect("ann says: hello from ssh")
    cat.send("tell ben a secret for ben")
    await ben.wait("cat tells you: a secret for ben")

    await asyncio.sleep(0.3)
    await cat.expect("")
    streams = {"ann": ann.plain() + ann.text(), "ben": ben.plain() + ben.text(), "cat": cat.everything + cat.data}
    for name, stream in streams.items():
        for other in [*people, "bot1"]:
            if other != name:
                for text in secrets(match, other, name):
                    assert text not in stream, f"{name}'s stream holds {other}'s secret: {text}"
    assert "a secret for ben" not in ann.plain()
