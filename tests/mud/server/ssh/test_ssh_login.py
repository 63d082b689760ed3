"""Logging in over SSH as people do: OpenSSH in a real terminal (tmux), keyboard-interactive asking
a new name for its password twice, and a banned account told once and let go."""

from __future__ import annotations

import asyncio
import shutil

import asyncssh
import pytest

from mud.store import moderation as modstore
from tests.mud.server.ssh.test_ssh import server, until  # noqa: F401 (server: the fixture)

needs_openssh = pytest.mark.skipif(not (shutil.which("ssh") and shutil.which("tmux")), reason="needs OpenSSH and tmux")


class Pane:
    """OpenSSH in a real terminal: a tmux session of its own, typed into and read from the screen."""

    def __init__(self, sock: str, port: int, user: str, quiet: bool = True) -> None:
        self.sock = sock
        # quiet: LogLevel=ERROR hides the "Permanently added" warning, and a server's banner with it
        self.ssh = (f"ssh -F /dev/null -p {port} -o StrictHostKeyChecking=no -o UserKnownHostsFile=/dev/null "
                    f"-o PubkeyAuthentication=no{' -o LogLevel=ERROR' if quiet else ''} {user}@127.0.0.1")

    async def tmux(self, *args: str) -> str:
        proc = await asyncio.create_subprocess_exec("tmux", "-S", self.sock, *args, stdout=asyncio.subprocess.PIPE,
                                                    stderr=asyncio.subprocess.DEVNULL)
        out, _ = await proc.communicate()
        return out.decode("utf-8", "replace")

    async def __aenter__(self) -> "Pane":
        await self.tmux("new-session", "-d", "-s", "play", "-x", "100", "-y", "30", self.ssh)
        await self.tmux("set-option", "-t", "play", "remain-on-exit", "on")
        return self

    async def __aexit__(self, *exc) -> None:
        await self.tmux("kill-server")

    async def screen(self) -> str:
        return await self.tmux("capture-pane", "-p", "-t", "play")

    async def see(self, text: str, timeout: float = 10.0) -> None:
        loop = asyncio.get_running_loop()
        end = loop.time() + timeout
        while text.lower() not in (await self.screen()).lower():
            if loop.time() > end:
                raise AssertionError(f"{text!r} not in the pane:\n{await self.screen()}")
            await asyncio.sleep(0.1)

    async def type(self, keys: str) -> None:
        await self.tmux("send-keys", "-t", "play", "-l", keys)
        await self.tmux("send-keys", "-t", "play", "Enter")

    async def press(self, key: str) -> None:
        await self.tmux("send-keys", "-t", "play", key)

    async def resize(self, columns: int, rows: int) -> None:
        await self.tmux("resize-window", "-t", "play", "-x", str(columns), "-y", str(rows))

    async def ended(self, timeout: float = 10.0) -> None:
        """Wait until ssh has exited (the pane stays, dead, showing its last words)."""
        loop = asyncio.get_running_loop()
        end = loop.time() + timeout
        while (await self.tmux("display-message", "-p", "-t", "play", "#{pane_dead}")).strip() != "1":
            if loop.time() > end:
                raise AssertionError(f"ssh still runs:\n{await self.screen()}")
            await asyncio.sleep(0.1)


@needs_openssh
async def test_openssh_in_a_real_terminal(server, tmp_path):
    async with Pane(str(tmp_path / "tmux"), server.ports["ssh"], "kim") as pane:
        await pane.see("New account kim: choose a password:")  # OpenSSH asks keyboard-interactive
        await pane.type("secret1")
        await pane.see("The same password again:")
        await pane.type("secret1")
        await pane.see("The Crossroads")
        for keys, seen in (("n", "The Labyrinth gate"), ("sit", "You sit at table 1"),
                           ("start bots=2 seed=3 rules=basic", "Your map")):
            await pane.type(keys)
            await pane.see(seen)
        await pane.press("F1")
        await pane.see("Keys")
        await pane.press("Escape")
        await pane.resize(80, 24)
        await pane.see("F2: ledger")
        await pane.type("quit")
        await pane.see("Goodbye")
        await until(lambda: server.closed_names == ["kim"], what="kim's session closing")


@needs_openssh
@pytest.mark.parametrize("ban", ["name", "address"])
async def test_a_banned_login_over_openssh_is_told_once_and_the_connection_ends(server, tmp_path, ban):
    """Issue 40, item 14: after "This account is banned until ..." OpenSSH asked "Password:" again
    (and again). A ban is not a mistyped password: said once, and the connection is over."""
    server.store.create_account("bob", "pw1234")
    target = "bob" if ban == "name" else "127.0.0.0/8"
    modstore.ban(server.store, ban, target, None, "alice", "insults")
    # OpenSSH shows a server's banner at its default LogLevel (INFO), as a player runs it
    async with Pane(str(tmp_path / "tmux"), server.ports["ssh"], "bob", quiet=False) as pane:
        await pane.see("Password:")
        await pane.type("pw1234")
        await pane.ended()
        screen = await pane.screen()
    said = "This account is banned for good: insults." if ban == "name" else "Your address is banned for good: insults."
    assert screen.count(said) == 1, screen
    assert screen.lower().count("password:") == 1, screen  # asked once, never again
    assert server.sessions == set()


async def test_the_first_ssh_login_says_it_creates_the_account_and_asks_for_the_password_twice(server):
    """Keyboard-interactive, as OpenSSH asks by default: a new name is told its account will be
    made and types the password twice (two that differ are asked again); then once is enough."""
    port = server.ports["ssh"]
    seen: list = []

    class Person(asyncssh.SSHClient):
        def __init__(self, answers):
            self.answers = list(answers)

        def kbdint_auth_requested(self):
            return ""

        def kbdint_challenge_received(self, name, instructions, lang, prompts):
            seen.append((instructions, [p for p, _echo in prompts]))
            return self.answers.pop(0) if prompts else []

        def password_auth_requested(self):
            return None

    async def log_in(answers):
        conn, _ = await asyncssh.create_connection(lambda: Person(answers), "127.0.0.1", port, username="newbie",
                                                   known_hosts=None, client_keys=None, agent_path=None,
                                                   preferred_auth="keyboard-interactive")
        conn.close()

    await log_in([["pw1234", "typo"], ["pw1234", "pw1234"]])
    assert "this login creates it" in seen[0][0]
    assert seen[0][1] == ["New account newbie: choose a password: ", "The same password again: "]
    assert "differ" in seen[1][0]
    assert server.store.check_password("newbie", "pw1234")
    seen.clear()
    await log_in([["pw1234"]])
    assert seen == [("", ["Password: "])]
