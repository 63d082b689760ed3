"""Help, the rooms and the tutorial for a reader of another language (issue 43): in ``xx`` every line
is a message (wholly inside ⟦ ⟧), in Italian they read as the catalogues have them, and a reader
types Italian to follow them (``vai taverna``, ``aiuto eroi``, the tutorial's own commands)."""

from __future__ import annotations

import pytest

import games
from mud.local.play import open_tutorial
from mud.shell.help import help_lines, intro
from mud.world.rooms import ROOMS, find
from tests.mud.world.test_world import texts
from tests.mud.world.test_world_in_italian import readers

OPEN, CLOSE = "⟦", "⟧"
CONVERTED = ("quest", "legend", "tenx", "chess", "quantum")  # every game's help pages are messages
WALK_IT = ["sbircia", "o", "fermati", "agisci", "e", "fermati", "compra spada"]  # as the Italian steps say


def marked(text: str) -> bool:
    return text.startswith(OPEN) and text.endswith(CLOSE)


def wholly_marked(lines: list[str]) -> bool:
    """Whether every word of ``lines`` (a page's lines, a message's lines split) lies inside ⟦ ⟧, but
    numbers and card letters (data: a table's values, 'C E E')."""
    depth, outside = 0, []
    for char in "\n".join(lines):
        depth += (char == OPEN) - (char == CLOSE)
        outside.append(char if depth == 0 and char not in (OPEN, CLOSE) else " ")
    return all(word.isdigit() or (len(word) == 1 and word.isupper()) for word in "".join(outside).split())


def tutor(lines) -> list[str]:
    return [line.text for line in lines if line.kind == "tutor"]


def test_every_rooms_look_is_wholly_marked_for_xx(world):
    (alice,) = readers(world, "xx")
    for room in ["crossroads", *(games.get(name).room for name in CONVERTED)]:  # (not a test's own game)
        alice.room = room
        out = texts(alice.handle("look"))
        assert [t for t in out if not marked(t)] == [], (room, out)


def test_a_room_reads_in_italian_and_italian_names_reach_it(world):
    (carol,) = readers(world, "it")
    out = texts(carol.handle("vai taverna"))
    assert carol.room == "tavern"
    assert "La Taverna" in out and any(t.startswith("Fumo, risate") for t in out)
    assert find("osservatorio").id == "observatory" and find("cancello").id == "gate"
    assert find("tavern").id == "tavern"  # the English words still reach it
    assert carol.place()["name"] == "la Taverna"


def test_the_rooms_read_in_english_as_before(world):
    (bob,) = readers(world, "en")
    out = texts(bob.handle("go tavern"))
    assert "The Tavern" in out and "the Tavern" == str(ROOMS["tavern"].name)
    assert bob.place()["exits"] == {"west": "the Crossroads"}


def test_the_tutorial_is_played_to_its_end_by_an_italian_reader_typing_what_the_steps_say():
    _world, ws = open_tutorial("ann")
    ws.lang = "it"
    first = tutor(ws.greeting())
    assert "Sei su E3, un Campo di Marte" in first[-1] and "'sbircia'" in first[-1]
    heard = []
    for line in WALK_IT:
        heard += tutor(ws.handle(line))
    assert [t for t in heard if "'compra spada'" in t], heard
    assert heard[-1].endswith("'alzati' chiude il tutorial per una partita vera."), heard
    assert "sword" in ws.inner.table.state.players["ann"].objects and ws.tutor is None


def test_the_tutorial_is_wholly_marked_for_xx():
    _world, ws = open_tutorial("ann")
    ws.lang = "xx"
    heard = tutor(ws.greeting())
    for line in ["peek", "w", "stop", "act", "e", "stop", "buy sword"]:
        heard += tutor(ws.handle(line))
    assert len(heard) == 6 and all(marked(t) for t in heard), heard


@pytest.mark.parametrize("name", CONVERTED)
def test_a_converted_games_help_is_wholly_marked_and_reads_in_italian(name):
    game = games.get(name)
    commands = games.get(name).verbs
    from mud.shell.parser import CommandSet
    verbs = CommandSet(commands)
    for topic in game.help:
        lines = help_lines(topic, verbs, game, "xx")
        assert wholly_marked(lines), (topic, lines[:2])
    assert help_lines(name, verbs, game, "it")[0] != help_lines(name, verbs, game, "en")[0]
    first = help_lines("", verbs, game, "xx")
    assert wholly_marked(first), first


def test_the_first_screen_of_a_match_is_worded_for_its_reader():
    quest = games.get("quest")
    from games.words import render
    said = [render(line, "it") for line in intro(quest)]
    assert said[0] == "Scopo: Sali da vassallo a cavaliere, mago e re prima di chiunque altro."
    assert "'sbircia' (guarda le porte della tua stanza)" in said[1]
    assert all(marked(render(line, "xx")) for line in intro(games.get("tenx")))
    assert [str(line) for line in intro(quest)][0] == f"Goal: {quest.goal}"


def test_help_topics_keep_their_english_keys_and_gain_italian_names():
    legend = games.get("legend")
    from mud.shell.parser import CommandSet
    verbs = CommandSet(legend.verbs)
    assert help_lines("aiuto", verbs, legend, "it") is not None
    assert help_lines("eroi", verbs, legend, "it") == help_lines("heroes", verbs, legend, "it")
    assert help_lines("missioni", verbs, legend, "it") == help_lines("missions", verbs, legend, "it")
    assert help_lines("idra", verbs, legend, "it")[0] == "Idra di Lerna ('idra') - una missione di Quest for Legend che vale 3 Punti"
    assert "eroi" in help_lines("", verbs, legend, "it")[-1]


@pytest.mark.parametrize("typed, topic", [("duelli", "duels"), ("porte", "doors"), ("registro", "ledger"),
                                          ("gambetti", "gambits"), ("file-mappa", "mapfiles"), ("eroi", "heroes"),
                                          ("idra", "hydra"), ("vello", "fleece")])
def test_aiuto_and_an_italian_topic_reach_it_in_the_world(world, typed, topic):
    (carol,) = readers(world, "it")
    said = texts(carol.handle(f"aiuto {typed}"))
    from mud.world.account import help_topics
    english = help_topics(carol)[topic]
    from games.words import render
    made = getattr(english, "worded", None)
    assert said == (made("it") if made else render(english, "it")).splitlines(), said[:2]
    assert said != str(english).splitlines()


def test_quests_duels_page_reads_in_italian_with_italian_commands(world):
    (carol,) = readers(world, "it")
    said = texts(carol.handle("aiuto duelli"))
    assert said[0].startswith("DUELLI  (entrare senza consenso: 'combatti'")
    assert any("'saccheggia corda'" in line for line in said)


def test_the_help_pages_read_in_english_as_before(world):
    (bob,) = readers(world, "en")
    assert texts(bob.handle("help duels"))[0].startswith("DUELS  (entering without consent: 'fight'")
    assert texts(bob.handle("help hydra"))[0] == "Hydra of Lerna ('hydra') - a Quest for Legend mission worth 3 Legend Points."


def test_the_worlds_help_reads_in_italian_and_its_example_walks_there(world):
    (carol,) = readers(world, "it")
    said = texts(carol.handle("aiuto mondo"))
    assert said[0].startswith("Benvenuto in questmud: ") and " giochi da tavolo in un piccolo mondo." in said[0]
    example = " ".join(said).split("oppure '")[1].split("'")[0]
    assert example == "vai taverna"
    carol.handle(example)
    assert carol.room == "tavern"
    first = texts(readers(world, "xx")[0].handle("help"))
    assert wholly_marked(first), first


def test_the_worlds_first_help_page_lists_the_topics_by_their_italian_names(world):
    (carol,) = readers(world, "it")
    topics = texts(carol.handle("aiuto"))[-1]
    assert topics.startswith("Argomenti: mondo, ") and "duelli" in topics and "eroi" in topics
