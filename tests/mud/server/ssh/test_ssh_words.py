"""SSH's login words are messages (issue 43): the keyboard-interactive prompts and instructions and
the banner a refused login reads are in the account's language, else the server's for logins
(``Config.lang``; the tests' ``xx`` marks every message ⟦ ⟧)."""

from __future__ import annotations

import asyncssh

from tests.mud.server.ssh.test_ssh import server  # noqa: F401 (server: the fixture)


class Person(asyncssh.SSHClient):
    """An SSH client that answers keyboard-interactive from a list and keeps all it was told."""

    def __init__(self, answers, seen):
        self.answers, self.seen = list(answers), seen

    def auth_banner_received(self, msg, lang):
        self.seen.append(("banner", msg))

    def kbdint_auth_requested(self):
        return ""

    def kbdint_challenge_received(self, name, instructions, lang, prompts):
        self.seen.append(("asked", instructions, [p for p, _echo in prompts]))
        if not prompts:
            return []
        return self.answers.pop(0) if self.answers else None

    def password_auth_requested(self):
        return None


async def log_in(port: int, name: str, answers) -> list:
    seen: list = []
    try:
        conn, _ = await asyncssh.create_connection(lambda: Person(answers, seen), "127.0.0.1", port, username=name,
                                                   known_hosts=None, client_keys=None, agent_path=None,
                                                   preferred_auth="keyboard-interactive")
        conn.close()
    except asyncssh.PermissionDenied:
        pass
    return seen


def marked(text: str) -> bool:
    """Every line of ``text`` wholly inside ⟦ ⟧."""
    return all(x.startswith("⟦") and x.endswith("⟧") for x in text.splitlines() if x.strip())


async def test_a_new_accounts_ssh_login_is_marked_on_an_xx_server(server):
    server.config.lang = "xx"
    seen = await log_in(server.ports["ssh"], "nuovo", [["pw1234", "typo"], ["pw1234", "pw1234"]])
    asked = [s for s in seen if s[0] == "asked"]
    assert marked(asked[0][1]) and all(marked(p.rstrip()) for p in asked[0][2])
    assert asked[0][2] == ["⟦New account nuovo: choose a password: ⟧", "⟦The same password again: ⟧"]
    assert asked[1][1].strip() == "⟦The two passwords differ: type them again.⟧"


async def test_an_italian_account_reads_its_ssh_login_in_italian(server):
    server.store.create_account("rita", "pw1234")
    server.store.set_language("rita", "it", server.store.uid_of("rita"))
    seen = await log_in(server.ports["ssh"], "rita", [["sbagliata"]])
    assert ("asked", "", ["Password: "]) in seen
    assert ("banner", "Password errata.\r\n") in seen
