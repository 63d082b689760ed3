"""Logging in over SSH as people do: OpenSSH in a real terminal (tmux), and keyboard-interactive
asking a new name for its password twice."""

from __future__ import annotations

import asyncio
import shutil

import asyncssh
import pytest

from tests.mud.server.test_ssh import server, until  # noqa: F401 (server: the fixture)


@pytest.mark.skipif(not (shutil.which("ssh") and shutil.which("tmux")), reason="needs OpenSSH and tmux")
async def test_openssh_in_a_real_terminal(server, tmp_path):
    sock = str(tmp_path / "tmux")

    async def tmux(*args: str) -> str:
        proc = await asyncio.create_subprocess_exec("tmux", "-S", sock, *args, stdout=asyncio.subprocess.PIPE,
                                                    stderr=asyncio.subprocess.DEVNULL)
        out, _ = await proc.communicate()
        return out.decode("utf-8", "replace")

    async def pane() -> str:
        return await tmux("capture-pane", "-p", "-t", "play")

    async def see(text: str, timeout: float = 10.0) -> None:
        loop = asyncio.get_running_loop()
        end = loop.time() + timeout
        while text.lower() not in (await pane()).lower():
            if loop.time() > end:
                raise AssertionError(f"{text!r} not in the pane:\n{await pane()}")
            await asyncio.sleep(0.1)

    ssh = (f"ssh -F /dev/null -p {server.ports['ssh']} -o StrictHostKeyChecking=no "
           "-o UserKnownHostsFile=/dev/null -o PubkeyAuthentication=no -o LogLevel=ERROR kim@127.0.0.1")
    await tmux("new-session", "-d", "-s", "play", "-x", "100", "-y", "30", ssh)
    try:
        await tmux("set-option", "-t", "play", "remain-on-exit", "on")
        await see("New account kim: choose a password:")  # OpenSSH asks keyboard-interactive
        await tmux("send-keys", "-t", "play", "secret1", "Enter")
        await see("The same password again:")
        await tmux("send-keys", "-t", "play", "secret1", "Enter")
        await see("The Crossroads")
        for keys, seen in (("n", "The Labyrinth gate"), ("sit", "You sit at table 1"),
                           ("start bots=2 seed=3 rules=basic", "Your map")):
            await tmux("send-keys", "-t", "play", "-l", keys)
            await tmux("send-keys", "-t", "play", "Enter")
            await see(seen)
        await tmux("send-keys", "-t", "play", "F1")
        await see("Keys")
        await tmux("send-keys", "-t", "play", "Escape")
        await tmux("resize-window", "-t", "play", "-x", "80", "-y", "24")
        await see("F2: ledger")
        await tmux("send-keys", "-t", "play", "-l", "quit")
        await tmux("send-keys", "-t", "play", "Enter")
        await see("Goodbye")
        await until(lambda: server.closed_names == ["kim"], what="kim's session closing")
    finally:
        await tmux("kill-server")


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
