"""A room is found by the words of its name as its reader reads it (issue 43): the rooms' names are
messages already, so ``vai taverna`` reaches the Tavern through the catalogue's 'la Taverna', with no
table of Italian room words beside the verbs -- and the English words still reach every room."""

from __future__ import annotations

import games
from mud.world import verbs
from mud.world.rooms import ROOMS, find
from games.words import render
from tests.mud.world.test_world import texts
from tests.mud.world.test_world_in_italian import readers


def test_an_italian_reader_walks_to_a_room_by_its_italian_name(world):
    (carol,) = readers(world, "it")
    carol.handle("vai taverna")
    assert carol.room == "tavern"
    carol.handle("vai crocevia")
    assert carol.room == "crossroads"
    carol.handle("vai all'osservatorio")
    assert carol.room == "observatory"


def test_an_italian_reader_may_still_type_the_english_words(world):
    (carol,) = readers(world, "it")
    carol.handle("vai tavern")
    assert carol.room == "tavern"


def test_an_english_reader_walks_by_the_english_words_as_before(world):
    (bob,) = readers(world, "en")
    out = texts(bob.handle("go tavern"))
    assert bob.room == "tavern" and "The Tavern" in out


def test_a_room_is_found_by_its_name_in_the_readers_language_and_in_english():
    assert find("taverna", "it").id == "tavern" and find("tavern", "it").id == "tavern"
    assert find("tavern", "en").id == "tavern"
    assert find("taverna", "en") is None  # an English reader's words are the English ones
    assert find("tavern", "xx").id == "tavern"  # the pseudo-language's marks are no words: English reaches


BUILT_IN = ("quest", "legend", "tenx", "chess", "quantum")  # (a test's own game may bring a plain room)


def test_every_rooms_name_is_a_message_wholly_marked_in_xx():
    for room in [ROOMS["crossroads"], *(ROOMS[games.get(name).room] for name in BUILT_IN)]:
        shown = render(room.name, "xx")
        assert shown.startswith("⟦") and shown.endswith("⟧"), room.id


def test_the_verbs_keep_no_table_of_room_words():
    assert not hasattr(verbs, "ROOM_WORDS_IT")
    assert games.get("tenx").room == "tavern"  # (the room the tests above walk to: 10x's)
