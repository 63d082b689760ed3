"""A whole game of Dungeon Chess in Italian over real OpenSSH with a pty: the full-screen TUI of an
SSH session, read at 80x24 in a real terminal (tmux), as a newcomer whose terminal is Italian plays
it (issue 43). Her ssh sends ``LANG=it_IT.UTF-8`` (``SendEnv``), so the world greets her in Italian
and never asks; she walks, sits, starts against a bot and types every move in Italian (her seat's
normal bot choosing, ``command_line(action, "it", verbs)``). Every screen she sees is read: none
says a common English word of ours (the pty login cannot choose the marking pseudo-language ``xx``:
the line tests beside this one check every line marked), and a few read as the catalogue has them."""

from __future__ import annotations

import asyncio
import shutil
import time

import games
import pytest
from games.engine import bot_rng, command_line

from tests.mud.server.ssh.test_ssh_italian_games import server  # noqa: F401 (server: the fixture)
from tests.net_clients import ENGLISH

pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(not (shutil.which("ssh") and shutil.which("tmux")), reason="needs OpenSSH and tmux")]

SEED = 1
DEADLINE = 90.0


class Terminal:
    """OpenSSH in tmux at 80x24, its environment Italian: typed into, read from the screen."""

    def __init__(self, sock: str, port: int, user: str) -> None:
        self.sock = sock
        self.ssh = (f"env LANG=it_IT.UTF-8 ssh -F /dev/null -p {port} -o StrictHostKeyChecking=no "
                    f"-o UserKnownHostsFile=/dev/null -o PubkeyAuthentication=no -o LogLevel=ERROR "
                    f"-o SendEnv=LANG {user}@127.0.0.1")
        self.seen: list[str] = []  # every screen read, in order

    async def tmux(self, *args: str) -> str:
        proc = await asyncio.create_subprocess_exec("tmux", "-S", self.sock, *args, stdout=asyncio.subprocess.PIPE,
                                                    stderr=asyncio.subprocess.DEVNULL)
        out, _ = await proc.communicate()
        return out.decode("utf-8", "replace")

    async def __aenter__(self) -> "Terminal":
        await self.tmux("new-session", "-d", "-s", "play", "-x", "80", "-y", "24", self.ssh)
        return self

    async def __aexit__(self, *exc) -> None:
        await self.tmux("kill-server")

    async def screen(self) -> str:
        shown = await self.tmux("capture-pane", "-p", "-t", "play")
        if not self.seen or self.seen[-1] != shown:
            self.seen.append(shown)
        return shown

    async def until(self, check, why: str, timeout: float = 15.0) -> str:
        end = time.monotonic() + timeout
        while True:
            shown = await self.screen()
            if check(shown):
                return shown
            assert time.monotonic() < end, f"{why}:\n{shown}"
            await asyncio.sleep(0.05)

    async def see(self, text: str, timeout: float = 15.0) -> str:
        return await self.until(lambda s: text in s, f"{text!r} never came", timeout)

    async def type(self, keys: str) -> None:
        await self.tmux("send-keys", "-t", "play", "-l", keys)
        await self.tmux("send-keys", "-t", "play", "Enter")


async def test_a_whole_dungeon_chess_game_in_italian_in_the_ssh_tui_at_80x24(server, tmp_path):
    world, game = server.world, games.get("chess")
    async with Terminal(str(tmp_path / "tmux"), server.ports["ssh"], "carla") as term:
        await term.see("New account carla")  # (before a session, SSH cannot know her LANG: the server's)
        await term.type("pw1234")
        await term.see("again")
        await term.type("pw1234")
        await term.see("Crocevia")
        assert world.session("carla").lang == "it"
        await term.type("ovest")
        await term.see("siediti")
        await term.type("siediti")
        await term.type(f"inizia bots=1 seed={SEED}")
        await term.until(lambda s: any(t.match for t in world.tables.values()), "the match never started")
        match = next(t.match for t in world.tables.values() if t.match)
        rng, memory, moves = bot_rng(SEED, "carla"), {}, 0
        end = time.monotonic() + DEADLINE
        while not match.over:
            assert time.monotonic() < end, f"not over after {len(match.log)} actions"
            if "carla" not in match.awaiting():
                await asyncio.sleep(0.02)
                continue
            action = game.bot_action(match.state, "carla", rng, "normal", memory)
            before = len(match.log)
            await term.type(command_line(action, "it", game.verbs))
            moves += 1
            await term.until(lambda s: ("carla", action) in match.log[before:] or match.over,
                             f"{action} was never played")
        final = await term.see("Partita finita")
    assert moves >= 3
    assert "Partita finita" in final, "the end is said in Italian"
    assert "Aiuto" in final, "the footer reads in Italian"
    assert any("si sposta" in s for s in term.seen), "her moves are told in Italian"
    for shown in term.seen:
        if "New account" in shown or "again" in shown:  # the login's prompts, before her LANG is known
            continue
        english = ENGLISH.findall(shown)
        assert not english, f"English words {english} on a screen:\n{shown}"
