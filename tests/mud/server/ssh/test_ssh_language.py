"""SSH and the player's language (issue 43): a client that sends LANG (``ssh -o SendEnv=LANG``) gives
an account never asked its language, kept for every later login; the account's own choice wins over
what a client sends later; an ``ssh -T`` client that sends none is asked once, before the room (as
telnet is: mud/server/clients/asklang.py), and its answer is kept."""

from __future__ import annotations

import asyncio

import pytest

from mud.server.clients import asklang
from tests.mud.server.ssh.test_ssh import connect, server  # noqa: F401  (server: a fixture)


async def lines_with(port: int, name: str, env: dict | None, answer: str = ""):
    """An ``ssh -T`` session up to the room's prompt, ``answer`` given if the language is asked."""
    conn = await connect(port, name)
    proc = await conn.create_process(term_type=None, env=env)
    if asklang.PROMPT in await asyncio.wait_for(proc.stdout.readuntil(["> ", asklang.PROMPT]), 8):
        proc.stdin.write(answer + "\n")
        await asyncio.wait_for(proc.stdout.readuntil("> "), 8)
    return conn, proc


async def first_words(port: int, name: str, env: dict | None = None) -> tuple:
    """An ``ssh -T`` session and what it read up to the first prompt (the question's or the room's)."""
    conn = await connect(port, name)
    proc = await conn.create_process(term_type=None, env=env)
    return conn, proc, await asyncio.wait_for(proc.stdout.readuntil(["> ", asklang.PROMPT]), 8)


@pytest.mark.parametrize("env, lang", [({"LANG": "it_IT.UTF-8"}, "it"), ({"LC_ALL": "C", "LANG": "it_IT"}, "en"),
                                       (None, "en")])
async def test_a_new_login_takes_the_language_its_client_sends(server, env, lang):
    conn, proc, got = await first_words(server.ports["ssh"], "dora", env)
    try:
        sent = env is not None and lang == "it"
        assert got.endswith(asklang.PROMPT) != sent  # asked only when the client sent none of ours
        assert server.world.session("dora").lang == lang
        assert server.store.account("dora")["lang"] == ("it" if sent else None)  # (not answered yet)
    finally:
        conn.close()


async def test_a_first_ssh_t_login_is_asked_its_language_once_and_keeps_the_answer(server):
    conn, proc, got = await first_words(server.ports["ssh"], "ugo")
    assert got.endswith(asklang.PROMPT)
    proc.stdin.write("2\n")
    room = await asyncio.wait_for(proc.stdout.readuntil("> "), 8)
    assert asklang.PROMPT not in room
    assert server.world.session("ugo").lang == "it"
    assert server.store.account("ugo")["lang"] == "it"
    conn.close()
    await asyncio.sleep(0.2)
    conn, proc, got = await first_words(server.ports["ssh"], "ugo")
    try:
        assert got.endswith("> ") and asklang.PROMPT not in got  # not asked again
        assert server.world.session("ugo").lang == "it"
    finally:
        conn.close()


async def test_a_bad_answer_over_ssh_t_is_asked_again_once_then_english(server):
    conn, proc, got = await first_words(server.ports["ssh"], "vera")
    try:
        proc.stdin.write("klingon\n")
        assert asklang.AGAIN in await asyncio.wait_for(proc.stdout.readuntil(asklang.PROMPT), 8)
        proc.stdin.write("3\n")
        room = await asyncio.wait_for(proc.stdout.readuntil("> "), 8)
        assert asklang.FALLBACK in room and asklang.PROMPT not in room
        assert server.store.account("vera")["lang"] == "en"
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
