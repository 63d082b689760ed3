"""One table, two languages: each player reads the game's events and refusals, and the world's own
lines (a say's frame, an unknown command), in their own language (games/words.py, docs/i18n.md);
English reads exactly as before; the pseudo-language ``xx`` marks every line of ours, never what a
player typed outside its frame. Proved on the toy game of tests/toygame, a game from outside."""

from __future__ import annotations

import games
import pytest

from tests.mud.world.test_world import joined, texts

MARKED = ("⟦", "⟧")


@pytest.fixture
def cellar(world, monkeypatch):
    """alice (Italian) and bob (English) seated at the toy game's table in the Cellar, the match begun."""
    monkeypatch.setattr(games, "CATALOGUE", {**games.CATALOGUE, "toy": "tests.toygame"})
    alice, bob = world.connect("alice"), world.connect("bob")
    alice.lang = "it"
    for ws in (alice, bob):
        ws.greeting()
        ws.handle("d")
        ws.handle("sit")
    for ws in (alice, bob):
        ws.flush()
    return alice, bob


def started(alice, bob):
    answer = alice.handle("start seed=3")
    return joined(answer + alice.flush()), joined(bob.flush())


def test_one_match_reads_in_italian_to_alice_and_in_english_to_bob(cellar):
    alice, bob = cellar
    for_alice, for_bob = started(alice, bob)
    assert "Indovina il numero: da 1 a 6, vince chi arriva per primo a 3." in for_alice
    assert "Il tuo numero segreto è" in for_alice and "Your secret" not in for_alice
    assert "Guess the number: 1-6, first to 3." in for_bob
    assert "Your secret number is" in for_bob and "Indovina" not in for_bob


def test_a_guess_is_told_to_each_in_their_language(cellar):
    alice, bob = cellar
    started(alice, bob)
    first, other = (alice, bob) if alice.inner.table.awaiting() == ["alice"] else (bob, alice)
    refusal = joined(first.handle(f"guess {other.name} 7"))  # out of range: refused in the guesser's language
    assert refusal == ("Un numero da 1 a 6." if first is alice else "A number from 1 to 6.")
    answer = first.handle(f"guess {other.name} 1")
    told = {first.name: joined(answer + first.flush()), other.name: joined(other.flush())}
    italian = (f"{first.name} dice 1 per {other.name}: sbagliato.", f"{first.name} indovina il 1 di {other.name}: giusto!")
    english = (f"{first.name} guesses 1 for {other.name}: wrong.", f"{first.name} guesses {other.name}'s 1: right!")
    assert any(line in told["alice"] for line in italian) and not any(line in told["alice"] for line in english)
    assert any(line in told["bob"] for line in english) and not any(line in told["bob"] for line in italian)


def test_the_worlds_own_lines_follow_the_reader(world):
    alice, bob = world.connect("alice"), world.connect("bob")
    alice.lang = "it"
    alice.flush(), bob.flush()
    assert texts(alice.handle("say ciao")) == ["Dici: ciao"]
    assert texts(bob.flush()) == ["alice says: ciao"]
    assert texts(bob.handle("say hello")) == ["You say: hello"]
    assert texts(alice.flush()) == ["bob dice: hello"]
    assert texts(alice.handle("xyzzy")) == ["Comando sconosciuto 'xyzzy'. Scrivi 'comandi' per l'elenco, 'aiuto' per l'aiuto."]
    assert texts(bob.handle("xyzzy")) == ["Unknown command 'xyzzy'. Type 'commands' for the list, 'help' for help."]
    assert "Forse intendevi: di'?" in joined(alice.handle("sya hi"))  # (near the English 'say': named as she types it)


def test_a_session_that_has_not_chosen_reads_english(world):
    """Until a session says its language (``WorldSession.lang``, the language part), it reads English."""
    assert world.connect("carol").lang == "en"


def test_the_pseudo_language_marks_every_line_of_the_match_and_the_world(cellar):
    alice, bob = cellar
    alice.lang = "xx"
    game = [line.text for line in alice.handle("start seed=3") + alice.flush() if line.kind in alice.inner.table.game.tones]
    assert len(game) == 2 and all(text.startswith(MARKED[0]) and text.endswith(MARKED[1]) for text in game), game
    assert texts(alice.handle("say ciao")) == ["⟦You say: ciao⟧"]
    assert texts(alice.handle("xyzzy"))[0].startswith("⟦Unknown command 'xyzzy'.")
