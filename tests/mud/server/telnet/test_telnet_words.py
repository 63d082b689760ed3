"""The server's own words over telnet are messages, worded in the connection's language (issue 43).

Before a login the connection reads the server's language for logins (``Config.lang``; the tests
set the pseudo-language ``xx``, which marks every message ⟦ ⟧); once in the world, its player's
(a client answers the language question ``xx``, the tests' hidden answer). Every line of ours on
the login, registration, wrong-password, ban, busy and idle paths must then be wholly marked --
names typed by the player aside. The language question itself is bilingual on purpose (asklang.py).
"""

from __future__ import annotations

import re

from mud.cli.args import parse_args
from mud.server.clients import asklang
from mud.store import moderation as modstore
from tests.telnet_clients import Raw

ANSI = re.compile(rb"\x1b\[[0-9;]*m")
IAC = re.compile(rb"\xff[\xfb-\xfe].|\xff[\xf0-\xfa]")  # negotiation, GA, EOR
BILINGUAL = {asklang.PROMPT.strip(), asklang.AGAIN, asklang.FALLBACK}


def said(data: bytes) -> str:
    """What a person reads in ``data``, without colour or telnet commands, every run of blanks and
    line ends one space (a long line is wrapped at 80 columns; a prompt's answer is not echoed)."""
    text = IAC.sub(b"", ANSI.sub(b"", data)).decode("utf-8", "replace")
    return " ".join(text.split())


def unmarked(data: bytes) -> str:
    """What ``data`` says outside ⟦ ⟧ (the bilingual language question aside): nothing, when every
    line of ours is a message."""
    text = said(data)
    for constant in BILINGUAL:
        text = text.replace(constant, "")
    while True:
        inner = re.sub(r"⟦[^⟦⟧]*⟧", "", text)
        if inner == text:
            return text.strip()
        text = inner


async def connect(server) -> Raw:
    return await Raw.connect(server.ports["telnet"])


def asked(server, prompt: str) -> str:
    """A login's question as the server's language for logins words it (English, or marked)."""
    return f"⟦{prompt}⟧" if server.config.lang == "xx" else prompt


async def register(server, name: str) -> tuple[Raw, bytes]:
    """A new account made over telnet in ``xx``: the client, and all it read up to the question."""
    conn = await connect(server)
    got = await conn.expect(asked(server, "Name: "))
    conn.send(name)
    got += await conn.expect(asked(server, "Password: "))
    conn.send("pw1234")
    got += await conn.expect(asked(server, "The same password again: "))
    conn.send("pw1234")
    got += await conn.expect(asklang.PROMPT)
    return conn, got


async def test_a_registration_reads_every_line_of_ours_marked(telnet_server):
    telnet_server.config.lang = "xx"
    conn, got = await register(telnet_server, "carla")
    assert unmarked(got) == ""
    assert "⟦questmud: five tabletop games in one small world.⟧" in said(got)
    assert "⟦Nobody is called carla yet. Choose a password" in said(got)
    assert "⟦Welcome, carla: your account is created. Remember your password.⟧" in said(got)
    conn.send("xx")  # the hidden answer: the world is entered in xx, not kept with the account
    await conn.expect("> ")
    assert telnet_server.world.session("carla").lang == "xx"
    assert telnet_server.store.account("carla")["lang"] is None
    conn.close()


async def test_wrong_passwords_then_too_many_tries_are_marked(telnet_server):
    (await register(telnet_server, "dario"))[0].close()
    telnet_server.config.lang = "xx"
    conn = await connect(telnet_server)
    got = b""
    for _ in range(3):
        got += await conn.expect("⟦Name: ⟧")
        conn.send("dario")
        got += await conn.expect("⟦Password: ⟧")
        conn.send("wrong1")
    got += await conn.expect("⟦Too many tries. Goodbye.⟧")
    assert await conn.closed()
    assert unmarked(got) == ""
    assert said(got).count("⟦Wrong password.⟧") == 3


async def test_a_ban_is_said_marked_and_the_connection_ends(telnet_server):
    (await register(telnet_server, "elio"))[0].close()
    modstore.ban(telnet_server.store, "name", "elio", None, "mod", "insults")
    telnet_server.config.lang = "xx"
    conn = await connect(telnet_server)
    await conn.expect("⟦Name: ⟧")
    conn.send("elio")
    await conn.expect("⟦Password: ⟧")
    conn.send("pw1234")
    got = await conn.expect("⟧\r\n")
    assert said(got).endswith("⟦This account is banned for good: insults.⟧")  # (the reason: as typed)
    assert await conn.closed()


async def test_a_busy_server_refuses_in_the_language_of_logins(telnet_server):
    telnet_server.config.lang = "xx"
    telnet_server.limits.max_sessions = 0  # every connection is one too many
    conn = await connect(telnet_server)
    got = await conn.expect("⟧")
    assert said(got) == "⟦Too many connections right now; try again in a little while.⟧"
    assert await conn.closed()


async def test_a_full_world_is_said_marked(telnet_server):
    (await register(telnet_server, "fabio"))[0].close()
    telnet_server.limits.max_sessions = 1
    first, _ = await register(telnet_server, "gina")
    first.send("1")
    await first.expect("> ")
    telnet_server.config.lang = "xx"
    conn = await connect(telnet_server)
    await conn.expect("⟦Name: ⟧")
    conn.send("fabio")
    await conn.expect("⟦Password: ⟧")
    conn.send("pw1234")
    got = await conn.expect("⟧\r\n")
    assert said(got).endswith("⟦The world is full right now; try again in a little while.⟧")
    first.close()


async def test_the_idle_timeout_is_said_in_the_players_language(telnet_server):
    conn, _ = await register(telnet_server, "ivo")
    conn.send("xx")
    await conn.expect("> ")
    telnet_server.limits.idle_timeout = 60
    telnet_server._close_idle(now=10**12)
    got = await conn.expect("⟧")
    assert said(got).endswith("⟦You typed nothing for 1 minutes: disconnected. "
                              "Your seat waits for you; log in again to go on.⟧")
    assert await conn.closed()


async def test_the_login_reads_italian_on_an_italian_server(telnet_server):
    telnet_server.config.lang = "it"
    conn = await connect(telnet_server)
    got = await conn.expect("Nome: ")
    assert "questmud: cinque giochi da tavolo in un piccolo mondo." in said(got)
    conn.send("lia")
    got = await conn.expect("Password: ")
    assert "Nessuno si chiama ancora lia. Scegli una password (almeno 4 caratteri) per creare l'account." in said(got)
    conn.send("pw1234")
    await conn.expect("Ripeti la password: ")
    conn.send("pw9999")
    got = await conn.expect("Nome: ")
    assert "Le due password sono diverse." in said(got)
    conn.close()


async def test_english_is_unchanged(telnet_server):
    conn = await connect(telnet_server)
    got = await conn.expect("Name: ")
    assert said(got) == ("questmud: five tabletop games in one small world. "
                         "Log in with your name, or choose a new name to create an account. Name:")
    conn.close()


def test_mud_serve_takes_the_language_of_logins():
    assert parse_args(["serve", "--lang", "italiano"]).lang == "it"
    assert parse_args(["serve"]).lang == "en"
