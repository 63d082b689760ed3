"""Each player's language in the world (issue 43): English until chosen; 'language it' / 'lingua en'
(one verb, both words) changes it for that player alone and keeps it with the account, so every
later login reads it; a surface's choice wins, a client's hint fills only an account never asked."""

from __future__ import annotations

import random

from mud.store import Store
from mud.world.world import Settings, World
from tests.conftest import Clock


def make_world(store: Store | None = None) -> World:
    store = store or Store(":memory:")
    for name in ("alice", "bob"):
        if store.account(name) is None:
            store.create_account(name, "pw12")
    return World(store, Settings(turn_timeout=60, seat_grace=120), clock=Clock(), seeds=random.Random(7))


def texts(lines) -> list[str]:
    return [line.text for line in lines]


def test_a_player_reads_english_until_they_choose_and_the_choice_is_kept_with_the_account():
    world = make_world()
    ws = world.connect("alice")
    assert (ws.lang, ws.lang_kept) == ("en", False)
    assert "You read English" in texts(ws.handle("language"))[0]
    assert texts(ws.handle("language it")) == ["Ora leggi in Italiano."]  # (read in the language just chosen)
    assert (ws.lang, ws.lang_kept) == ("it", True)
    assert world.store.account("alice")["lang"] == "it"
    ws.handle("quit")
    world.disconnect(ws)
    again = world.connect("alice")
    assert (again.lang, again.lang_kept) == ("it", True)


def test_the_italian_word_and_the_language_names_work_for_everyone():
    world = make_world()
    ws = world.connect("alice")
    ws.handle("lingua italiano")
    assert ws.lang == "it"
    ws.handle("lingua en")
    assert ws.lang == "en"
    ws.handle("language Italian")
    assert ws.lang == "it"


def test_an_unknown_language_is_refused_and_changes_nothing():
    world = make_world()
    ws = world.connect("alice")
    answer = texts(ws.handle("language klingon"))
    assert answer == ["No language 'klingon' here. Languages: en (English), it (Italiano)."]
    assert ws.lang == "en" and world.store.account("alice")["lang"] is None


def test_two_players_in_one_room_read_each_their_own_language():
    world = make_world()
    alice, bob = world.connect("alice"), world.connect("bob")
    alice.handle("lingua it")
    assert (alice.lang, bob.lang) == ("it", "en")


def test_a_hint_fills_only_an_account_never_asked_and_a_choice_made_on_coming_wins():
    world = make_world()
    ws = world.connect("alice", hint="it_IT.UTF-8")  # e.g. SSH's LANG, sent by the client
    assert (ws.lang, ws.lang_kept) == ("it", True) and world.store.account("alice")["lang"] == "it"
    world.disconnect(ws)
    assert world.connect("alice", hint="en_US.UTF-8").lang == "it"  # the account's own wins a hint
    assert world.connect("alice", hint="C").lang == "it"
    chosen = world.connect("alice", lang="en")  # the browser's switch, mud play --lang
    assert chosen.lang == "en" and world.store.account("alice")["lang"] == "en"


def test_a_session_without_a_store_reads_its_language_without_keeping_it():
    world = World(None, Settings(turn_timeout=60, seat_grace=120), clock=Clock(), seeds=random.Random(7))
    ws = world.connect("alice", lang="it")
    assert ws.lang == "it" and not ws.lang_kept
