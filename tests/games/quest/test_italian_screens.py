"""Quest's screens in Italian (issue 43, docs/i18n.md): map, look, inventory, score, ledger, ledger verify
and notes are messages, worded for each reader.

Seeded bots-only games are read at sampled states, every screen for every seat and a spectator: in the
pseudo-language ``xx`` each line is wholly marked ⟦ ⟧ (but the map's grid: coordinates, room codes and
door glyphs, data the same in every language); in Italian each message has its translation and every
line fits 80 columns, as in English. Hidden information in both languages: a seat's screens name no
card but their own (the inventory) and no place on the score or the ledger, in Italian as in English
(the approach of tests/games/quest/test_leaks.py, with the Italian names of tests/games/quest/test_italian.py).
"""

from __future__ import annotations

import re

import pytest

from games import botgame
from games.quest import GAME
from games.quest.data import OBJECT_NAMES
from games.words import Msg, _catalogue, render
from tests.games.quest.fixtures import new, place, room
from tests.games.quest.test_italian import CARDS, PLACES, _names, marked

SEEDS = ((1, "full"), (2, "basic"), (5, "full"))
# The map's grid: its column numbers, a row of rooms (a letter, then codes, marks and glyphs), the doors
# between two rows -- no word in it.
GRID = re.compile(r"^(?:   [1-8 ]+|[A-E]  [A-Za-z0-9?@+*= ]+|   [ =oxwrGSBgsbOX]+)$")
# Messages whose Italian is rightly the English (a frame of data, or punctuation).
SAME = {"{room}: {note}", "{first}, {then}", "{direction} {door}", "{state} {line}", "{colour} ({face})"}
SCREENS = tuple(GAME.screens)


def sampled_screens(seed: int, rules: str, every: int = 9):
    """Each sampled state's screens: (seat or None, screen, its lines, what the seat holds)."""
    names = botgame.seat_names(4)
    state = GAME.new_match(names, seed, {"rules": rules})
    GAME.opening(state)
    rngs = {n: botgame.bot_rng(seed, n) for n in names}
    memory: dict[str, dict] = {n: {} for n in names}
    out, moves = [], 0
    while moves < 700:
        over = GAME.is_over(state)
        if moves % every == 0 or over:
            for p in (*names, None):
                held = set()
                if p is not None:
                    me = state.players[p]
                    held = {OBJECT_NAMES[o].lower() for o in me.objects} | set(me.treasures)
                    if me.wounded:
                        held.add("health potion")  # "only a health potion ... saves you": a reminder
                view = GAME.view(state, p)
                out += [(p, name, show(view), held, over) for name, show in GAME.screens.items()]
        if over:
            return out
        bot = GAME.awaiting(state)[0]
        botgame.play_turn(GAME, state, bot, rngs[bot], "normal", memory[bot])
        moves += 1
    return out


@pytest.fixture(scope="module", params=SEEDS, ids=lambda s: f"seed{s[0]}-{s[1]}")
def screens(request):
    return sampled_screens(*request.param)


def _messages(value):
    if isinstance(value, Msg):
        yield value
        for v in value.params.values():
            yield from _messages(v)


def test_every_screen_line_is_a_message(screens):
    lines = [render(line, "xx") for _, _, shown, _, _ in screens for line in shown]
    assert len(lines) > 1000
    assert [line for line in lines if not marked(line) and not GRID.match(line)] == []
    assert {name for _, name, _, _, _ in screens} == set(SCREENS)


def test_every_screen_message_has_its_italian(screens):
    catalogue = _catalogue("quest", "it")
    used = {m for _, _, shown, _, _ in screens for line in shown for m in _messages(line)}
    missing = {m.id for m in used if m.domain == "quest"
               and (render(m, "it") == str(m) and m.id not in SAME and not m.id.startswith("{"))}
    assert missing == set()
    assert catalogue is not None


def test_every_screen_fits_80_columns_in_italian_as_in_english(screens):
    """A line whose English fits 80 columns fits them in Italian too -- the map, its legends, the score's
    columns, the ledger. Three English lines pass 80 already (the map's first legend line, look's doors,
    a list as long as the room has doors, and the ledger's line of the map's 64-digit commitment): the
    terminal wraps those in either language."""
    wide = {(str(line), render(line, "it")) for _, _, shown, _, _ in screens for line in shown
            if len(render(line, "it")) > 80 and len(str(line)) <= 80 and not str(line).startswith("Doors: ")}
    assert wide == set()
    english = {str(line) for _, _, shown, _, _ in screens for line in shown if len(str(line)) > 80}
    assert [line for line in english if not line.startswith(("Doors: ", "Rooms: ", "Map commitment "))] == []


def test_a_seats_screens_name_only_its_own_cards_in_either_language(screens):
    for seat, name, shown, held, _ in screens:
        if name == "map" or seat is None and name == "inventory":
            continue
        for line in shown:
            for lang in ("en", "it"):
                found = _names(CARDS, render(line, lang), lang)
                if name == "inventory":
                    assert found <= held, (seat, lang, render(line, lang))
                else:
                    assert not found, (seat, name, lang, render(line, lang))


def test_the_score_and_the_ledger_name_no_place_in_either_language(screens):
    for seat, name, shown, _, over in screens:
        if name in ("score", "ledger") or name == "ledger verify" and not over:
            for line in shown:
                assert not _names(PLACES, render(line, "it"), "it"), render(line, "it")
                assert not _names(PLACES, str(line), "en"), str(line)


def test_an_italian_screen_names_no_more_than_its_english(screens):
    for _, _, shown, _, _ in screens:
        italian, english = "\n".join(render(line, "it") for line in shown), "\n".join(str(line) for line in shown)
        for table in (CARDS, PLACES):
            assert _names(table, italian, "it") <= _names(table, english, "en"), english


# --- a few screens as the catalogue writes them -----------------------------------------------------

def _view(state, who):
    return GAME.view(state, who)


def test_the_score_reads_in_italian_its_columns_in_line():
    s = new(("tizio", "caio"))
    s.players["caio"].rank = "knight"
    s.players["caio"].keys = ["gold"]
    english = GAME.screens["score"](_view(s, "tizio"))
    assert [str(line) for line in english] == [
        "tizio      vassal  on " + s.players["tizio"].pos + "  gold 1  cards 0  treasures 0 <- turn",
        "caio       knight  on " + s.players["caio"].pos + "  gold 1  cards 0  treasures 0, keys: gold"]
    italian = [render(line, "it") for line in english]
    assert italian[0].startswith("tizio      vassallo  in ") and italian[0].endswith(" <- turno")
    assert italian[1].startswith("caio       cavaliere in ") and italian[1].endswith(", chiavi: d'oro")
    assert italian[0].index(" in ") == italian[1].index(" in ")


def test_the_inventory_reads_in_italian():
    s = new(("tizio", "caio"))
    me = s.players["tizio"]
    me.objects, me.treasures, me.keys, me.gold = ["rope", "sword"], ["crystal ball"], ["silver"], 3
    lines = [render(line, "it") for line in GAME.screens["inventory"](_view(s, "tizio"))]
    assert lines == ["Sei un vassallo con 3 monete d'oro.", "Carte: corda, spada.", "Tesori: sfera di cristallo.",
                     "Chiavi: chiave d'argento."]
    me.gold, me.objects, me.treasures, me.keys = 1, [], [], []
    lines = [render(line, "it") for line in GAME.screens["inventory"](_view(s, "tizio"))]
    assert lines == ["Sei un vassallo con 1 moneta d'oro.", "Carte: nessuna.", "Tesori: nessuno.", "Chiavi: nessuna."]
    assert [str(line) for line in GAME.screens["inventory"](_view(s, "tizio"))] == [
        "You are a vassal with 1 gold.", "Cards: none.", "Treasures: none.", "Keys: none."]


def test_look_reads_in_italian():
    s = new(("tizio", "caio"))
    place(s, "tizio", "C3")
    place(s, "caio", "C3")
    room(s, "C3", "castle", 2)
    lines = [render(line, "it") for line in GAME.screens["look"](_view(s, "tizio"))]
    assert lines[0] == "Sei in C3: Castello (difficoltà 2)."
    assert lines[1].startswith("Porte: nord ") and lines[2] == "Qui: caio."
    assert render(GAME.screens["look"](_view(s, None))[0], "it") == "Guardi una partita di Quest. È il turno di tizio."


def test_the_ledger_and_notes_read_in_italian():
    s = new(("tizio", "caio"))
    view = _view(s, "tizio")
    assert [render(line, "it") for line in GAME.screens["notes"](view)] == [
        "Nessuna nota sulla tua mappa. «nota B4 drago?» ne scrive una."]
    view["ledger"] = [{"turn": 7, "player": "tizio", "room": "C3", "roll": 5}]
    assert render(GAME.screens["ledger"](view)[0], "it") == "turno   7: tizio, C3 = 5"
