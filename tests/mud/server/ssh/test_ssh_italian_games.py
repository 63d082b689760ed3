"""One whole game of each of the five over real OpenSSH in line mode (``ssh -T``), in Italian (issue 43).

carla is a newcomer whose terminal is Italian: her ssh sends ``LANG=it_IT.UTF-8`` (``SendEnv``), so
she is never asked her language; she types only Italian (walking, sitting, starting, every move:
``command_line(action, "it", verbs)``). xena sits at the same table in the pseudo-language ``xx``
(the answer the language question hides for tests): every line of ours she reads is marked ⟦ ⟧, so
an English word that is not a message shows up in her transcript. At 10x dan plays in English and
reads English. A bot fills a seat. The moves are each seat's normal bot's choices, typed as a person
types them; every wait is bounded, never a sleep taken as proof."""

from __future__ import annotations

import asyncio
import copy
import os
import re
import shutil
import time

import games
import pytest
from games.engine import RuleError, bot_rng, command_line
from mud.server.clients import asklang
from mud.server.core import Config, Server
from mud.shell.parser import Parsed
from mud.shell.session import Session
from tests.net_clients import told, until_quiet

pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(not shutil.which("ssh"), reason="needs OpenSSH's ssh")]

DEADLINE = 120.0  # seconds for a whole game on a loaded machine (a few suffice alone)
SEED = 1
ITALIAN_WAY = {"n": "nord", "e": "est", "s": "sud", "w": "ovest", "u": "su"}
# A few words each game says to carla in Italian (its catalogue's)
ITALIAN = {"quest": ("porta",), "tenx": ("carta",), "chess": ("si sposta",), "legend": ("missione",),
           "quantum": ("nave",)}
# What xena may read outside ⟦ ⟧: the prompt, names, numbers, the bilingual language question
BLANK = re.compile(r"[\s>\d.,:;()\[\]|/+\-*#=_'\"!?·…]+")


@pytest.fixture
async def server(tmp_path):
    srv = Server(Config(host="127.0.0.1", ssh_port=0, telnet_port=None, data_dir=str(tmp_path)))
    srv.limits.rate = srv.limits.burst = 1000  # the moves come as fast as the game takes them: no throttle
    await srv.start()
    yield srv
    await srv.stop()


class Player:
    """One person at OpenSSH's ``ssh -T``: what they were sent, and their seat's bot mind."""

    def __init__(self, name: str, lang: str, proc):
        self.name, self.lang, self.proc = name, lang, proc
        self.heard = b""
        self.rng, self.memory = bot_rng(SEED, name), {}
        self.reading: asyncio.Future | None = None

    async def pump(self) -> None:
        """Take whatever has arrived (a task of its own reads ssh's output as it comes)."""
        if self.reading is None:
            self.reading = asyncio.ensure_future(self._read())
        await asyncio.sleep(0.005)

    async def _read(self) -> None:
        while chunk := await self.proc.stdout.read(65536):
            self.heard += chunk

    def send(self, line: str) -> None:
        self.proc.stdin.write((line + "\n").encode())

    def text(self) -> str:
        """All they read, every run of blanks one space."""
        return " ".join(self.heard.decode("utf-8", "replace").split())

    async def close(self) -> None:
        if self.proc.returncode is None:
            self.proc.kill()
        await self.proc.wait()
        if self.reading is not None:
            await self.reading


async def until(check, players, seconds: float, why: str) -> None:
    end = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < end, why + "".join(f"\n{p.name}: {p.text()[-600:]}" for p in players)
        for p in players:
            await p.pump()


async def ssh_in(server, tmp_path, name: str, lang: str) -> Player:
    """``name`` logs in for the first time with OpenSSH (``ssh -T``), the password typed through an
    askpass helper at both of keyboard-interactive's prompts. An Italian terminal sends its LANG; the
    others send none and answer the language question (1 English, ``xx`` the tests' pseudo-language)."""
    askpass = tmp_path / "askpass"
    if not askpass.exists():
        askpass.write_text("#!/bin/sh\necho pw1234\n")
        askpass.chmod(0o755)
    env = {k: v for k, v in os.environ.items() if not k.startswith(("LANG", "LC_"))}
    env.update(SSH_ASKPASS=str(askpass), SSH_ASKPASS_REQUIRE="force", DISPLAY=":0")
    if lang == "it":
        env["LANG"] = "it_IT.UTF-8"
    proc = await asyncio.create_subprocess_exec(
        "ssh", "-T", "-F", "/dev/null", "-p", str(server.ports["ssh"]), "-o", "StrictHostKeyChecking=no",
        "-o", "UserKnownHostsFile=/dev/null", "-o", "PubkeyAuthentication=no", "-o", "LogLevel=ERROR",
        "-o", "SendEnv=LANG", f"{name}@127.0.0.1", stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.DEVNULL, env=env, start_new_session=True)
    player = Player(name, lang, proc)
    await until(lambda: b"> " in player.heard or asklang.PROMPT.encode() in player.heard, [player], 20,
                f"{name} never reached the room")
    if lang != "it":
        assert asklang.PROMPT.encode() in player.heard, "a client sending no LANG is asked its language"
        player.send("1" if lang == "en" else lang)
    await until(lambda: server.world.session(name) is not None and server.world.session(name).lang == lang,
                [player], 20, f"{name} never entered in {lang}")
    return player


async def seated(server, tmp_path, game_name: str, langs: dict[str, str]) -> tuple[list[Player], object]:
    players = []
    for name, lang in langs.items():
        server.config.lang = "xx" if lang == "xx" else "en"  # the login's own words: marked for xena
        players.append(await ssh_in(server, tmp_path, name, lang))
    server.config.lang = "en"
    _room, place = games.place_of(game_name)
    world = server.world
    for p in players:
        p.send(ITALIAN_WAY[place.road] if p.lang == "it" else place.road)
        p.send("siediti" if p.lang == "it" else "sit 1")
        await until(lambda: any(p.name in t.sitters for t in world.tables.values()), players, 30,
                    f"{p.name} never sat")
    table = next(t for t in world.tables.values() if players[0].name in t.sitters)
    players[0].send(f"inizia bots=1 seed={SEED}")
    await until(lambda: table.match is not None, players, 30, "the match never started")
    return players, table.match


async def play_to_the_end(server, players: list[Player], match) -> list[tuple[str, str]]:
    """Each person's move typed whenever the game awaits them, until the game is over; the lines the
    game refused (tried first on a copy of the game), each read first as the very action."""
    game, refused = match.game, []
    sessions = {p.name: server.world.session(p.name) for p in players}
    end = time.monotonic() + DEADLINE
    while not match.over:
        assert time.monotonic() < end, f"{game.name}: not over after {len(match.log)} actions"
        for p in players:
            await p.pump()
        for p in [p for p in players if p.name in match.awaiting()]:
            action = game.bot_action(match.state, p.name, p.rng, "normal", p.memory)
            line = command_line(action, "it" if p.lang == "it" else "en", game.verbs)
            read = sessions[p.name].read(line)  # typed as the player types it: read as the very action
            assert isinstance(read, Parsed) and Session.action(read.verb, read.slots) == action, (line, read)
            try:  # will the game take it? (a bot's choice may be refused: a door it cannot open)
                game.apply(copy.deepcopy(match.state), p.name, action)
                taken = True
            except RuleError:
                taken = False
            before, heard = len(match.log), len(p.heard)
            p.send(line)
            if taken:
                await until(lambda: (p.name, action) in match.log[before:], players, 60,
                            f"{p.name}'s {line!r} was never played")
            else:  # refused: the answer and a new prompt
                await until(lambda: b"> " in p.heard[heard:], players, 60, f"{p.name}'s {line!r} was never answered")
                refused.append((p.name, line))
                game.bot_refused(match.state, p.name, action, p.memory)
    await until_quiet(players, 0.3)  # the last lines
    return refused



def unmarked(text: str, names) -> list[str]:
    """The words of ``text`` outside ⟦ ⟧ that are not a player's name, a number or a sign."""
    for constant in (asklang.PROMPT.strip(), asklang.AGAIN, asklang.FALLBACK):
        text = text.replace(constant, " ")
    while True:
        inner = re.sub(r"⟦[^⟦⟧]*⟧", " ", text)
        if inner == text:
            break
        text = inner
    return [w for w in BLANK.split(text) if w and w not in names]


@pytest.mark.parametrize("game_name", ["tenx", "chess", "quantum", "legend", "quest"])
async def test_a_whole_game_typed_in_italian_over_ssh_t(server, tmp_path, game_name):
    langs = {"carla": "it", "xena": "xx"} | ({"dan": "en"} if game_name == "tenx" else {})
    players, match = await seated(server, tmp_path, game_name, langs)
    try:
        refused = await play_to_the_end(server, players, match)
    finally:
        for p in players:
            await p.close()
    assert match.over
    assert len(refused) < 10, refused
    by = {p.name: p for p in players}
    names = set(langs) | set(match.players) | {n + "'s" for n in match.players}
    assert unmarked(by["xena"].text(), names) == [], "xena read words of ours that are not messages"
    italian = by["carla"].text()
    for word in ITALIAN[game_name]:
        assert word in italian.lower(), f"{game_name}: carla never read '{word}'"
    assert "Ti diamo il benvenuto, carla: il tuo account è creato." in italian  # (her LANG, from the start)
    for me in [p for p in players if p.lang != "xx"]:
        other = "en" if me.lang == "it" else "it"
        own, mine = set(told(match, me.name, me.lang)), me.text()
        leaked = [line for line in told(match, me.name, other)
                  if line not in own and len(line.split()) >= 3 and line in mine]
        assert not leaked, f"{me.name} ({me.lang}) read {leaked[:3]}"
        assert sum(line in mine for line in own) >= 5, f"{me.name} read few of the game's lines in {me.lang}"
