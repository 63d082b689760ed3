"""A line that crosses to another node reads in each reader's language there (issue 43): the world's
messages cross the bus as data (games.words.wire), and the node that runs a table words a far
player's answer in the language they read (``Ask.lang``). What crosses is not trusted: only our own
sentences, with plain parameters, can be worded from it."""

from __future__ import annotations

import json

import pytest

from games.words import Msg, render, unwire, wire
from mud.shell.words import _
from mud.world import messages
from tests.mud.world.test_sit_across_nodes import GAME, Bus


def test_a_message_crosses_as_data_and_comes_back_as_itself():
    said = _("{player} says: {text}", player="bob", text="ciao {x}")
    nested = _("Unknown command '{word}'. Type 'commands' for the list, 'help' for help.", word=said)
    for msg in (said, nested):
        back = unwire(json.loads(json.dumps(wire(msg))))
        assert back == msg and render(back, "it") == render(msg, "it")
    assert wire("typed text") == "typed text" and unwire("typed text") == "typed text"


@pytest.mark.parametrize("forged", [
    {"msg": "mud", "id": "{player.__class__.__mro__} owns you", "params": {"player": "x"}},  # not one of ours
    {"msg": "nowhere", "id": "{player} says: {text}", "params": {"player": "x", "text": "y"}},  # no such domain
    {"msg": "mud", "id": "{player} says: {text}", "params": {"player": "x"}},  # a parameter missing
    {"msg": "mud", "id": "{player} says: {text}", "params": {"player": ["x"], "text": "y"}},  # not plain
    {"msg": "mud", "id": "{player} says: {text}", "params": {}, "extra": 1},
    ["not", "a", "message"],
])
def test_a_forged_message_is_refused(forged):
    with pytest.raises(ValueError):
        unwire(forged)


def test_a_room_line_with_a_forged_message_is_dropped_by_the_node():
    data = {"kind": "room", "room": "tavern", "speaker": "x", "node": "north",
            "line": {"msg": "mud", "id": "{x:>99999999}", "params": {"x": "y"}}}
    assert messages.decode(data) is None
    good = dict(data, line=wire(_("{player} says: {text}", player="x", text="hi")))
    assert isinstance(unwire(messages.decode(good).line), Msg)


def test_a_line_said_on_another_node_and_a_far_tables_answer_read_in_each_readers_language(tmp_path):
    bus = Bus()
    path = str(tmp_path / "world.sqlite")
    north, south, east = bus.node(path, "north"), bus.node(path, "south"), bus.node(path, "east")
    table = north.new_table(GAME.room)
    north.host.sitters(table)
    alice, carol = south.connect("alice"), east.connect("carol")
    alice.room = carol.room = GAME.room
    alice.lang = "xx"  # the pseudo-language: every message she reads is marked
    bus.deliver()
    alice.flush(), carol.flush()
    carol.handle("say hello there")
    bus.deliver()
    heard = [line.text for line in alice.flush()]
    assert "⟦carol says: hello there⟧" in heard  # the frame worded on alice's node, for alice
    alice.handle(f"sit {table.id}")
    bus.deliver()
    mine = [line.text for line in alice.flush()]
    assert mine and all(text.startswith("⟦") for text in mine), mine  # north worded her answer in her language
    assert f"alice sits at table {table.id}." in [line.text for line in carol.flush()]  # carol's in English
