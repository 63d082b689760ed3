"""SSH and the player's language (issue 43): a client that sends LANG (``ssh -o SendEnv=LANG``) gives
an account never asked its language, kept for every later login; the account's own choice wins over
what a client sends later; a client that sends none reads English until the player chooses."""

from __future__ import annotations

import asyncio

import pytest

from tests.mud.server.ssh.test_ssh import connect, server  # noqa: F401  (server: a fixture)


async def lines_with(port: int, name: str, env: dict | None):
    conn = await connect(port, name)
    proc = await conn.create_process(term_type=None, env=env)
    await asyncio.wait_for(proc.stdout.readuntil("> "), 8)
    return conn, proc


@pytest.mark.parametrize("env, lang", [({"LANG": "it_IT.UTF-8"}, "it"), ({"LC_ALL": "C", "LANG": "it_IT"}, "en"),
                                       (None, "en")])
async def test_a_new_login_takes_the_language_its_client_sends(server, env, lang):
    conn, proc = await lines_with(server.ports["ssh"], "dora", env)
    try:
        assert server.world.session("dora").lang == lang
        kept = server.store.account("dora")["lang"]
        assert kept == (lang if env and lang == "it" else None)
    finally:
        conn.close()


async def test_the_accounts_own_language_wins_over_what_a_client_sends_later(server):
    conn, proc = await lines_with(server.ports["ssh"], "enzo", None)
    proc.stdin.write("lingua it\n")
    assert "Italiano" in await asyncio.wait_for(proc.stdout.readuntil("> "), 8)
    conn.close()
    await asyncio.sleep(0.2)
    conn, proc = await lines_with(server.ports["ssh"], "enzo", {"LANG": "en_GB.UTF-8"})
    try:
        assert server.world.session("enzo").lang == "it"
    finally:
        conn.close()
