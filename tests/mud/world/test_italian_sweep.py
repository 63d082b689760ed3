"""Each of the five games played to its end through the world in two languages at once (issue 43):
a reader in the pseudo-language ``xx`` typing Italian, an English reader typing English, bots in the
other seats (bench/italian_sweep.py does the same and lists what is still English). Whatever the
game says reaches the ``xx`` reader marked ⟦ ⟧ and the English reader unmarked; and no language
leaks what the other hides: what a seat reads in Italian and in ``xx`` -- its view, question, status,
screens and completions, as the world words them -- is the same when every fact hidden from it is
shuffled (the game's ``scramble``, as the contract's non-interference test does in English)."""

from __future__ import annotations

import pickle
import random

import games
import pytest
from games.engine import bot_rng, command_line
from mud.shell.parser import Parsed
from mud.shell.session import Session
from mud.shell.table import Table
from mud.store import Store
from mud.world.world import Settings, World
from tests.conftest import Clock
from tests.contract.kit import play
from tests.seating import seat

GAMES = ["quest", "tenx", "chess", "legend", "quantum"]
OPEN, CLOSE = "⟦", "⟧"
LANGS = ("it", "xx")


@pytest.fixture(params=GAMES)
def game(request):
    return games.get(request.param)


def at_table(game, seed: int):
    """xena (reading ``xx``) and ewan (English) seated at the game's first table, the match begun."""
    world = World(Store(":memory:"), Settings(turn_timeout=0, seat_grace=0), clock=Clock(),
                  seeds=random.Random(seed))
    _room, place = games.place_of(game.name)
    out = []
    for name, lang in (("xena", "xx"), ("ewan", "en")):
        world.store.create_account(name, "pw12")
        ws = world.connect(name)
        ws.lang = lang
        ws.greeting()
        ws.handle(place.road)
        ws.handle("sit 1" if out else "sit")
        out.append(ws)
    xena, ewan = out
    xena.handle(f"start seed={seed}")
    return world.tables[1].match, xena, ewan


def typed(ws, line: str, lang: str, action):
    """``line`` read as a reader of ``lang`` types it -- the very ``action`` -- and answered in the
    session's own language."""
    own, ws.lang = ws.lang, lang
    read = ws.read(line)
    ws.lang = own
    assert isinstance(read, Parsed) and Session.action(read.verb, read.slots) == action, (line, read)
    return ws.flush() + ws.answer(read)


def test_a_whole_game_typed_in_italian_reads_marked_to_xx_and_plain_to_english(game):
    match, xena, ewan = at_table(game, 1)
    heard = {"xena": xena.flush(), "ewan": ewan.flush()}
    rngs = {n: bot_rng(1, n) for n in heard}
    memory = {n: {} for n in heard}
    refused, acted = [], 0
    while not match.over and acted < 2000:
        waiting = [ws for ws in (xena, ewan) if ws.name in match.awaiting()]
        assert waiting, "with bots playing at once, only a person is ever awaited"
        for ws in waiting:
            action = game.bot_action(match.state, ws.name, rngs[ws.name], "normal", memory[ws.name])
            lang = "it" if ws is xena else "en"
            line = command_line(action, lang, game.verbs)
            before = len(match.log)
            heard[ws.name] += typed(ws, line, lang, action)
            acted += 1
            if len(match.log) == before:
                refused.append((ws.name, line, heard[ws.name][-1].text))
                game.bot_refused(match.state, ws.name, action, memory[ws.name])
            else:
                assert match.log[before] == (ws.name, action), (line, match.log[before])
        for ws in (xena, ewan):
            heard[ws.name] += ws.flush()
    assert match.over, f"{game.name}: the game did not end in {acted} actions"
    assert not [r for r in refused if r[0] == "xena"], refused  # every Italian line read as the action
    said = {n: [line.text for line in lines if line.kind in game.tones] for n, lines in heard.items()}
    assert said["xena"] and all(t.startswith(OPEN) and t.endswith(CLOSE) for t in said["xena"]), \
        [t for t in said["xena"] if not t.startswith(OPEN)][:5]
    assert said["ewan"] and not any(OPEN in t for t in said["ewan"])


def _table(game, state, person: str) -> Table:
    """A table whose match is ``state`` (bots in every seat but ``person``'s: nobody acts)."""
    table = Table(game, [], list(game.seats_of(state)), 0)
    table.state = pickle.loads(pickle.dumps(state))
    table.set_bot(person, False)
    return table


def _read(game, state, p: str, lang: str) -> dict:
    """All a seat reads of ``state`` in ``lang``, as the world words it for a surface."""
    ws = seat(_table(game, state, p), p).ws
    ws.lang = lang
    view = ws.game_view()
    out = {"view": view, "asked": ws.asked(), "status": ws.status(view)}
    for name in game.screens:
        out[f"screen {name}"] = [line.text for line in ws.worded(ws.inner.screen(name))]
    for prefix in ("", "g", "p", "m", f"{game.verbs[-1].name_in(lang)} "):
        out[f"complete {prefix!r}"] = ws.complete(prefix)
    return out


@pytest.mark.parametrize("seed", range(2))
def test_no_language_names_what_is_hidden_from_a_seat(game, seed):
    rng = random.Random(43)
    played = play(game.name, seed, sample_every=11)
    checked = shuffled = 0
    for state in played.states[::2]:
        for p in game.seats_of(state):
            other = game.scramble(state, p, rng)
            for lang in LANGS:
                real, fake = _read(game, state, p, lang), _read(game, other, p, lang)
                for part in real:
                    assert real[part] == fake[part], f"{game.name}: {p}'s {part} in {lang} names a hidden fact"
                checked += 1
            shuffled += pickle.dumps(other) != pickle.dumps(state)  # the copy really differs
    assert checked and shuffled, f"{game.name}: the scramble changed nothing"
