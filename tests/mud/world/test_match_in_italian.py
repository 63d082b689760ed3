"""A whole match of each game, read through the shell in the pseudo-language ``xx`` (issue 43): alice
sits with bob (English), starts, plays, gets up and takes her seat back, and plays on to the end. Every
line the shell and the world make for her -- refusals, the numbered answers' note, the prompt, the
status bar's words, the match's end -- is wholly marked ⟦ ⟧ (names, numbers and typed text aside);
bob reads the English as always; the prompt and the end read in Italian as the catalogue has them."""

from __future__ import annotations

import random
import re

import games
import pytest

from tests.mud.world.test_world import texts
from tests.mud.world.test_world_in_italian import CLOSE, OPEN, games_words

THEIRS = ("intro", "room", "help")  # the game's first screen and help (help.py's), a room's name (rooms.py's)
# "[1] ⟦label⟧  [2] +1  [0] ⟦Pass⟧  ⟦(note)⟧": each label a message or a number (the game's)
ANSWERS = re.compile(r"(\[\d\] (⟦.*?⟧|[+-]?\d+)(?=  \[|  ⟦|$)\s*)+(⟦\(.*\)⟧)?")
MOST = 4000  # commands at most until the match ends (bots at their easiest)


def marked(text: str) -> bool:
    return (text.startswith(OPEN) and text.endswith(CLOSE)) or ANSWERS.fullmatch(text) is not None


def unmarked(lines) -> list[str]:
    theirs = games_words()
    return [t for line, t in zip(lines, texts(lines))
            if line.kind not in THEIRS and t and t not in theirs and not marked(t)]


def at_table(world, game: str):
    alice, bob = world.connect("alice"), world.connect("bob")
    alice.lang = "xx"
    for ws in (alice, bob):
        ws.greeting()
        ws.room = games.place_of(game)[0]
        ws.flush()
    alice.handle("sit")
    bob.handle("sit 1")
    return alice, bob


def turn(ws, pick: random.Random) -> list:
    """One move of ``ws`` when awaited: a legal command line (English: it works for every reader)."""
    legal = ws.inner.legal_lines()
    return ws.handle(pick.choice(legal)) if legal and ws.name in ws.inner.table.awaiting() else []


def status_words(ws) -> list[str]:
    status = ws.status()
    return [status["status"]] if "status" in status else []


@pytest.mark.parametrize("game", ["tenx", "chess", "quest", "legend", "quantum"])
def test_a_whole_match_reads_marked_for_xx_and_english_for_bob(world, game):
    alice, bob = at_table(world, game)
    pick, seen, for_bob = random.Random(5), [], []
    seen += alice.handle("start seed=3") + alice.flush()
    for _ in range(6):
        for ws in (alice, bob):
            said = turn(ws, pick)
            if ws is alice:
                seen += said + alice.flush() + alice.question_lines()
                assert alice.prompt() == "> " or marked(alice.prompt()), alice.prompt()
                assert all(marked(words) for words in status_words(alice)), alice.status()
            else:
                for_bob += said + bob.flush()
    seen += alice.handle("leave") + alice.flush()
    seen += alice.handle("sit 1") + alice.flush()
    for_bob += bob.handle("leave") + bob.flush()  # a bot plays bob's seat: alice plays on to the end
    for _ in range(MOST):
        if alice.inner.table.over:
            break
        seen += turn(alice, pick) + alice.flush() + alice.question_lines()
        assert alice.prompt() == "> " or marked(alice.prompt())
    assert alice.inner.table.over, game
    seen += alice.flush()
    assert unmarked(seen) == [], unmarked(seen)
    assert alice.prompt() == "⟦(game over) > ⟧"
    assert any(t.startswith("⟦*** Game over: ⟦") for t in texts(seen))
    assert for_bob and not [t for t in texts(for_bob) if OPEN in t]  # bob's English, never marked


def test_the_prompt_and_the_end_read_in_italian(world):
    alice, bob = at_table(world, "tenx")
    alice.lang = "it"
    alice.handle("start seed=3")
    alice.flush()
    assert alice.prompt() == "(gioca o passa, 0-5) > "
    assert bob.prompt() == "(play or pass, 0-5) > "  # the same question, in English for bob
    from mud.shell.outcome import over_line
    from games.engine import render
    assert render(over_line(["alice", "bot1"], "alice", {"bot1": "easy"}, 3), "it") == (
        "*** Partita finita: vincete tu e bot1 (bot facile)! *** Scrivi 'alzati' per alzarti, 'siediti' per "
        "un nuovo tavolo, o 'replay 3' per rivederla.")
    assert render(over_line(["bob"], "alice"), "it").startswith("*** Partita finita: vince bob! *** Scrivi 'alzati'")
    assert str(over_line(["bob", "carol"], "alice")) == (
        "*** Game over: bob and carol win! *** Type 'leave' to get up, or 'sit' for a new table.")


def test_the_shells_own_refusals_are_messages(world):
    """A screen the game has not, a watcher's move, a finished match: worded for each reader."""
    from games.engine import render, said
    from mud.shell.session import Session
    alice, bob = at_table(world, "tenx")
    alice.handle("start seed=3")
    table = alice.inner.table
    missing = Session(table, "alice").screen("nowhere")[0].text
    assert render(missing, "xx") == "⟦There is no nowhere here.⟧" and str(missing) == "There is no nowhere here."
    watcher = Session(table, None)
    refused = watcher.run(alice.read("pass"))[0].text
    assert render(refused, "it") == "Stai guardando: solo chi è seduto al tavolo può farlo."
    assert str(refused) == "You are watching: only seated players can do that."
