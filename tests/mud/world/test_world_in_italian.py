"""The world's own words follow each reader (issue 43): walking, the rooms, tables and seats, a
match's refusals and its "Now: ...", coming back, moderation -- one viewer in the pseudo-language
``xx`` reads every line of ours wholly marked ⟦ ⟧ (names, numbers and typed text aside), another
in English reads exactly what was always read, and a few lines read in Italian as the catalogue
(mud/locale/it, games/locale/it) has them."""

from __future__ import annotations

import games
import pytest
from games.engine import Action, RuleError, render, said

from tests.mud.world.test_world import joined, texts

OPEN, CLOSE = "⟦", "⟧"


def games_words() -> set[str]:
    """The rooms' names and descriptions the games bring (their words are the games' to convert)."""
    places = [place for _room, place in map(games.place_of, games.names()) if place is not None]
    return {str(text) for p in places for text in (p.heading or p.name, p.description)}


def unmarked(lines) -> list[str]:
    """The lines not wholly inside ⟦ ⟧: text that reached a player without being a message."""
    theirs = games_words()
    return [t for t in texts(lines) if not (t.startswith(OPEN) and t.endswith(CLOSE)) and t not in theirs]


def readers(world, *langs):
    """alice, bob (and carol) connected at the Crossroads, reading ``langs``, their greetings read."""
    out = []
    for name, lang in zip(("alice", "bob", "carol"), langs):
        ws = world.connect(name)
        ws.lang = lang
        out.append(ws)
    for ws in out:
        ws.greeting()
    for ws in out:
        ws.flush()
    return out


def test_the_crossroads_is_wholly_marked_for_xx_and_unchanged_in_english(world):
    alice, bob = world.connect("alice"), world.connect("bob")
    alice.lang = "xx"
    greeting = alice.greeting()
    assert unmarked(greeting) == [], unmarked(greeting)
    assert unmarked(alice.handle("exits")) == []
    assert unmarked(alice.handle("look")) == []
    english = joined(bob.greeting())
    assert "Welcome to questmud, bob. Type 'help' to learn, 'quit' to leave." in english
    assert "The Crossroads" in english and "Exits: north (the Labyrinth gate)" in english
    assert "up: the Observatory" in joined(bob.handle("exits"))


def test_walking_and_its_refusals_are_marked_and_the_room_is_told_in_each_language(world):
    alice, bob, carol = readers(world, "xx", "en", "it")
    out = alice.handle("e")
    assert unmarked(out) == [], unmarked(out)
    assert texts(bob.flush()) == ["alice goes to the Tavern."]
    assert texts(carol.flush()) == ["alice si dirige verso la Taverna."]
    refused = alice.handle("north")
    assert unmarked(refused) == [] and "⟦north⟧" in texts(refused)[-1]
    assert unmarked(alice.handle("go nowhere")) == []
    assert unmarked(alice.handle("go tavern")) == []
    assert texts(carol.handle("e"))[-1] != ""  # carol walks too: the Tavern tells alice in xx
    assert unmarked(alice.flush()) == []
    assert texts(carol.handle("north"))[-1] == "Da qui non si va verso nord. Scrivi 'uscite'."
    assert texts(bob.handle("w")) and texts(bob.handle("w"))[-1] == "You cannot go west from here. Type 'exits'."


def test_the_crossroads_reads_in_italian(world):
    (carol,) = readers(world, "it")
    out = texts(carol.handle("look"))
    assert out[0] == "Il Crocevia"
    # (five roads, or six while a test's own game is in the catalogue: the count follows the tables)
    assert out[1].split(" ", 1)[1].startswith("strade si incontrano sotto un vecchio cartello.")
    assert out[1].split(" ", 1)[0] in ("Cinque", "Sei")
    assert out[2].startswith("Uscite: nord (il cancello del Labirinto), est (la Taverna)")
    assert "su: l'Osservatorio" in texts(carol.handle("exits"))


def test_a_table_sat_at_started_and_left_reads_marked_for_xx_and_english_for_bob(world):
    alice, bob = readers(world, "xx", "en")
    for ws in (alice, bob):
        ws.handle("e")  # the Tavern: 10x
    alice.flush(), bob.flush()
    said = alice.handle("sit") + alice.handle("tables")
    assert unmarked(said) == [], unmarked(said)
    assert "alice sits at table 1." in texts(bob.flush())
    english = texts(bob.handle("sit 1"))
    assert english[-1].startswith("You sit at table 1 (10x). Type 'start' when everyone is here")
    assert unmarked(alice.flush()) == []
    refused = alice.handle("start bots=x")
    assert unmarked(refused) == [], unmarked(refused)
    started = alice.handle("start seed=3")
    assert unmarked([line for line in started if line.kind in ("info", "error")]) == []
    assert "alice starts the match at table 1." in texts(bob.flush())
    who = [line for line in alice.handle("who") if line.kind == "info"]
    assert unmarked(who) == [], unmarked(who)
    wrong = alice.handle("mask bob")  # a verb not for this moment: the game's refusal, then the engine's "Now: ..."
    assert wrong[-1].kind == "error" and wrong[-1].text.endswith(CLOSE), texts(wrong)
    left = alice.handle("leave")
    assert unmarked(left) == [], unmarked(left)
    assert "alice gets up; a bot plays their seat." in texts(bob.flush())


def test_the_engines_refusals_read_in_italian_and_english():
    """The engine's own words (games/engine_words.py): a seat that is not there, what the game waits for."""
    chess = games.get("chess")  # one player moves at a time
    state = chess.new_match(["ann", "bob"], 3, {})
    with pytest.raises(RuleError) as refused:
        chess.apply(state, "zed", Action("pass"))
    assert render(said(refused.value), "it") == "Non hai un posto in questa partita."
    assert render(said(refused.value), "en") == "You have no seat in this game."
    assert render(said(refused.value), "xx") == "⟦You have no seat in this game.⟧"
    waiting = "zed"  # one the game does not wait for
    awaited = ", ".join(chess.awaiting(state))
    assert render(chess.now(state, waiting), "it") == f"Ora il gioco aspetta {awaited}."
    assert str(chess.now(state, waiting)) == f"Now the game waits for {awaited}."


def test_a_kick_and_a_mute_are_told_to_each_in_their_language(world):
    from mud.store import moderation as modstore
    modstore.grant(world.store, "carol", "moderator", "test")
    alice, bob, carol = readers(world, "it", "en", "xx")
    said = carol.handle("mute alice 1h") + carol.handle("mute bob 1h")
    assert unmarked(said) == [], unmarked(said)
    assert texts(alice.flush())[-1].startswith("Sei zittito fino al ")
    assert texts(bob.flush())[-1].startswith("You are muted until ")
    assert texts(alice.handle("say ciao"))[-1].startswith("Sei zittito fino al ")
    assert unmarked(carol.handle("unmute alice") + carol.handle("bans")) == []
    assert texts(alice.flush()) == ["Puoi parlare di nuovo."]
    kicked = carol.handle("kick bob")
    assert unmarked(kicked) == [], unmarked(kicked)
    assert texts(alice.flush()) == ["bob se ne va."]
