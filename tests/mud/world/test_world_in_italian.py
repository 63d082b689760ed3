"""The world's own words follow each reader (issue 43): walking, the rooms, tables and seats, a
match's refusals and its "Now: ...", coming back, moderation -- one viewer in the pseudo-language
``xx`` reads every line of ours wholly marked ⟦ ⟧ (names, numbers and typed text aside), another
in English reads exactly what was always read, and a few lines read in Italian as the catalogue
(mud/locale/it, games/locale/it) has them."""

from __future__ import annotations

import games

from tests.mud.world.test_world import joined, texts

OPEN, CLOSE = "⟦", "⟧"


def games_words() -> set[str]:
    """The rooms' names and descriptions the games bring (their words are the games' to convert)."""
    places = [place for _room, place in map(games.place_of, games.names()) if place is not None]
    return {text for p in places for text in (p.name[:1].upper() + p.name[1:], p.description)}


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
    assert texts(carol.flush()) == ["alice si dirige verso the Tavern."]
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
    assert out[1].startswith("Cinque strade si incontrano sotto un vecchio cartello.")
    assert out[2].startswith("Uscite: nord (the Labyrinth gate), est (the Tavern)")
    assert "su: the Observatory" in texts(carol.handle("exits"))
