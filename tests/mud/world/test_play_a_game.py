"""'play GAME' standing in the world walks the player to the room whose tables play it, as a newcomer
who read 'mud play tenx' in the README types it over telnet; 'play' alone lists the games' rooms."""

from __future__ import annotations

import games
from games.engine import render
from mud.local.play import local_world


def standing(lang: str = "en"):
    ws = local_world(None, "normal", players=1).connect("ann", surface="telnet")
    ws.lang = lang
    return ws


def texts(lines, lang: str = "en") -> list[str]:
    return [render(line.text, lang) for line in lines]


def test_play_a_game_walks_to_its_room_and_says_how_to_sit():
    ws = standing()
    said = texts(ws.handle("play 10x"))
    assert ws.room == games.get("tenx").room and said[0] == "The Tavern"
    assert said[-1] == "10x is played here: 'sit' takes a seat at a table, 'start' begins its match."
    texts(ws.handle("play dungeon chess"))  # from one game's room to another's: through the Crossroads
    assert ws.room == games.get("chess").room


def test_play_alone_lists_every_game_and_a_wrong_name_changes_nothing():
    ws = standing()
    listing = texts(ws.handle("play"))[0]
    assert all(game in listing for game in ("Quest", "10x", "Dungeon Chess", "Quest for Legend", "Quantum"))
    here = ws.room
    assert texts(ws.handle("play nothing")) == ["There is no game called 'nothing'. Type 'play' for the list."]
    assert ws.room == here


def test_gioca_walks_an_italian_reader_there_too():
    ws = standing("it")
    said = texts(ws.handle("gioca 10x"), "it")
    assert said[-1].startswith("Qui si gioca a 10x")
