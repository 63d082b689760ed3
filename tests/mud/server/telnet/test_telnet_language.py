"""A telnet login and its language (issue 43): an account with no language on record is asked once,
right after the login and before the room, answered by a number or a word; the answer is kept with
the account, so the next login is not asked. A bad answer is asked again once, then English."""

from __future__ import annotations

from mud.server.clients import asklang
from tests.mud.server.telnet.test_telnet import quick_negotiation, server, start  # noqa: F401  (fixtures)
from tests.telnet_clients import Raw

QUESTION = asklang.PROMPT.encode()


async def new_account(port: int, name: str) -> Raw:
    """A raw client that created ``name``, up to the language question."""
    conn = await Raw.connect(port)
    await conn.expect("Name: ")
    conn.send(name)
    await conn.expect("Password: ")
    conn.send("pw1234")
    await conn.expect("again: ")
    conn.send("pw1234")
    await conn.expect(QUESTION)
    return conn


async def test_a_first_login_is_asked_its_language_and_enters_the_world_in_it(server):
    conn = await new_account(server.ports["telnet"], "carla")
    conn.send("2")
    room = await conn.expect("> ")
    assert b"Lingua" not in room  # asked once: the answer was taken
    assert server.world.session("carla").lang == "it"
    assert server.store.account("carla")["lang"] == "it"
    conn.close()


async def test_the_next_login_is_not_asked_again(server):
    conn = await new_account(server.ports["telnet"], "dario")
    conn.send("italiano")
    await conn.expect("> ")
    conn.send("quit")
    assert await conn.closed()
    conn = await Raw.connect(server.ports["telnet"])
    await conn.expect("Name: ")
    conn.send("dario")
    await conn.expect("Password: ")
    conn.send("pw1234")
    got = await conn.expect("> ")
    assert QUESTION not in got
    assert server.world.session("dario").lang == "it"
    conn.close()


async def test_an_empty_line_keeps_english_and_is_kept(server):
    conn = await new_account(server.ports["telnet"], "elio")
    conn.send("")
    await conn.expect("> ")
    assert server.world.session("elio").lang == "en"
    assert server.store.account("elio")["lang"] == "en"
    conn.close()


async def test_a_bad_answer_is_asked_again_once_then_english(server):
    conn = await new_account(server.ports["telnet"], "fede")
    conn.send("klingon")
    assert asklang.AGAIN.encode() in await conn.expect(QUESTION)
    conn.send("vulcan")
    got = await conn.expect("> ")
    assert asklang.FALLBACK.encode() in got and QUESTION not in got
    assert server.store.account("fede")["lang"] == "en"
    conn.close()


async def test_an_account_made_elsewhere_without_a_language_is_asked_at_its_first_telnet_login(server):
    server.store.create_account("gina", "pw1234")
    conn = await Raw.connect(server.ports["telnet"])
    await conn.expect("Name: ")
    conn.send("gina")
    await conn.expect("Password: ")
    conn.send("pw1234")
    await conn.expect(QUESTION)
    conn.send("en")
    await conn.expect("> ")
    assert server.store.account("gina")["lang"] == "en"
    conn.close()
