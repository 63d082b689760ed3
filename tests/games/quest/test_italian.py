"""Quest in Italian (issue 43, docs/i18n.md): what is Quest's own. That every event, refusal, screen,
status line, question and folded turn of a seeded game is a message, wholly marked in the pseudo-language
``xx``, the contract kit checks for every game (tests/contract/test_every_line_worded.py). Here, over
seeded games of Quest: every line has its Italian; an Italian line names no card, place or door face its
English does not (tests/games/quest/test_leaks.py proves the English tells nobody what is hidden from
them, so the Italian hides the same); a private line reaches its reader alone. Then a few lines read in
Italian as the catalogue writes them, the English unchanged.
"""

from __future__ import annotations

import re

import pytest

from games.engine import Action, RuleError
from games.quest import GAME
from games.words import render, said, worded
from tests.contract.worded import marked, play_read
from tests.games.quest.fixtures import act, dice, door, isolate, new, place, room

SEEDS = ((1, "full"), (2, "basic"), (5, "full"))
# Refusals tried at every sampled state besides the near-legal actions: a gift, a note, a spell gone wrong.
EXTRA = (Action("give", ("bot2", 1, "moon")), Action("note", ("Z9",)), Action("cast", ("bolt", "x")))

# Each card, place and door face as English and Italian name it: a line read in Italian must name
# only what its English names (test_leaks.py checks the English against what each player may know).
CARDS = {"sword": "spad[ae]", "lance": r"lanci[ae]\b(?! (un |fulmine|vista|incantesim))", "mace": "mazz[ae]", "shield": "scud[oi]",
         "armour": "armatur[ae]", "rope": "cord[ae]", "damsel": "donzell[ae]", "dragon head": "testa di drago",
         "bible": "bibbi[ae]", "grail": "graal", "crystal ball": "sfera di cristallo",
         "health potion": "pozione della salute", "bag of money": "sacco di soldi", "black key": "chiave nera"}
PLACES = {"castle": "castell[oi]", "desert": "desert[oi]", "forest": "forest[ae]", "city": "città",
          "tower": "torr[ei]", "field of mars": "campo di marte", "church": "chies[ae]", "countryside": "campagn[ae]",
          "port": "port[oi] di mare", "cave": "grott[ae]", "difficulty": "difficoltà"}
FACES = {"open": r"apert[ae]", "closed": r"chius[ae](?! a chiave)", "locked": "chiusa a chiave"}


def _names(table: dict[str, str], text: str, lang: str) -> set[str]:
    """The keys of ``table`` whose name (English, or the Italian pattern) appears in ``text``."""
    low = text.lower()
    return {en for en, it in table.items() if re.search(r"\b" + (re.escape(en) if lang == "en" else it), low)}


@pytest.fixture(scope="module", params=SEEDS, ids=lambda s: f"seed{s[0]}-{s[1]}")
def played(request):
    """A seeded bots-only game of four: the names, every event, the refusals (player, action, said)."""
    seed, rules = request.param
    read = play_read("quest", seed, seats=4, sample_every=11, limit=700, options={"rules": rules}, extra=EXTRA)
    return read.names, read.events, read.refusals


def test_every_event_and_refusal_has_its_italian(played):
    """Nothing a player reads falls back to English in Italian: each message has its translation."""
    names, events, refusals = played
    assert [render(r, "xx") for _, _, r in refusals if not marked(render(r, "xx"))] == []  # (the EXTRA tries too)
    lines = [e.text for e in events] + [r for _, _, r in refusals if not isinstance(r, str)]
    untranslated = {str(m) for m in lines if render(m, "it") == str(m) and _names(CARDS, str(m), "en")}
    assert untranslated == set()


def test_an_italian_line_names_nothing_its_english_does_not(played):
    """Hidden information, in both languages: what a seat reads in Italian names no card, place or door
    face beyond what the same line names in English (which test_leaks.py holds to what the seat may know)."""
    names, events, refusals = played
    read = [(str(e.text), render(e.text, "it")) for e in events for p in names if e.visible_to(p)]
    read += [(str(r), render(r, "it")) for _, _, r in refusals]
    for en, it in read:
        for table in (CARDS, PLACES, FACES):
            assert _names(table, it, "it") <= _names(table, en, "en"), (en, it)


def test_a_private_line_reaches_only_its_reader_in_either_language(played):
    """A line told to one seat (a red door's face, a card taken) is shown to nobody else, however worded."""
    names, events, _ = played
    private = [e for e in events if e.to is not None and len(e.to) == 1]
    assert private
    for e in private:
        for p in names:
            if p not in e.to:
                assert not e.visible_to(p), (p, str(e.text))


# --- a few lines as the catalogue writes them ------------------------------------------------------

def test_a_move_reads_in_italian_and_in_english_as_before():
    s = new(("tizio", "caio"))
    isolate(s, "C3")
    place(s, "tizio", "C3")
    place(s, "caio", "A1")
    room(s, "C4", "castle", 1)
    dice(s, 3)
    moved = act(s, "tizio", "move", "e")
    rolled = [e for e in moved if e.kind == "roll" and e.to == ("tizio",)][0]
    assert str(rolled.text) == "You roll 3: you may move up to 3 rooms."
    assert render(rolled.text, "it") == "Tiri 3: puoi muoverti fino a 3 stanze."
    mine = [e for e in moved if e.kind == "moved" and e.to == ("tizio",)][0]
    assert str(mine.text) == "You go east to C4: Castle (difficulty 1). 2 steps left."
    assert render(mine.text, "it") == "Vai a est in C4: Castello (difficoltà 1). Ti restano 2 passi."
    theirs = [e for e in moved if e.kind == "moved" and e.visible_to("caio")][0]
    assert render(theirs.text, "it") == "tizio va a est da C3 a C4."


def test_a_closed_red_door_reads_in_italian():
    s = new(("tizio", "caio"))
    place(s, "tizio", "C3")
    door(s, "C3", "C4", "red", is_open=False)
    dice(s, 2)
    told = [e for e in act(s, "tizio", "move", "e") if e.kind == "blocked"][0]
    assert str(told.text) == "The red door to the east is closed: you cannot pass. The step is not spent."
    assert render(told.text, "it") == "La porta rossa a est è chiusa: non puoi passare. Il passo non è speso."


def test_refusals_read_in_italian():
    s = new(("tizio", "caio"))
    place(s, "tizio", "A1")
    with pytest.raises(RuleError) as refused:
        act(s, "tizio", "give", "caio", 1, "rope")
    assert str(said(refused.value)) == "You have no rope."
    assert render(said(refused.value), "it") == "Non hai nessuna carta corda."
    with pytest.raises(RuleError) as refused:
        act(s, "caio", "roll")
    assert render(said(refused.value), "it").startswith("È il turno di tizio, non il tuo.")


def test_a_question_reads_in_italian():
    s = new(("tizio", "caio"))
    isolate(s, "C3")
    place(s, "tizio", "C3")
    place(s, "caio", "C4")
    s.players["caio"].consent = "ask"
    dice(s, 3)
    act(s, "tizio", "move", "e")
    asked = GAME.prompt(s, "caio")
    assert str(asked["text"]) == "tizio asks to enter your room C4."
    assert worded(asked, "it") == {"text": "tizio chiede di entrare nella tua stanza C4.",
                                   "choices": [["Permetti", "allow"], ["Nega", "deny"]]}


def test_the_status_line_reads_in_italian():
    s = new(("tizio", "caio"))
    isolate(s, "C3")
    place(s, "tizio", "C3")
    dice(s, 3)
    act(s, "tizio", "move", "e")
    status = GAME.view(s, "tizio")["status"]
    assert str(status) == "Round 1: tizio | rolled 3, 2 steps left | you: vassal on C4, 1 gold"
    assert render(status, "it") == "Giro 1: tizio | dado 3, restano 2 passi | tu: vassallo in C4, 1 moneta d'oro"


def test_gold_reads_as_coins_with_a_real_plural():
    """'{n} gold' is a count of coins in Italian: una moneta d'oro, tre monete d'oro (never '3 d'oro')."""
    s = new(("tizio", "caio"))
    s.players["tizio"].gold = 4
    gave = act(s, "tizio", "give", "caio", 3, "gold")
    mine = [e for e in gave if e.to == ("tizio",)][0]
    theirs = [e for e in gave if e.to == ("caio",)][0]
    assert str(mine.text) == "You give caio 3 gold."
    assert render(mine.text, "it") == "Dai 3 monete d'oro a caio."
    assert render(theirs.text, "it") == "tizio ti dà 3 monete d'oro."
    with pytest.raises(RuleError) as refused:
        act(s, "tizio", "give", "caio", 2, "gold")
    assert str(said(refused.value)) == "You have only 1 gold."
    assert render(said(refused.value), "it") == "Hai solo 1 moneta d'oro."
    assert render(GAME.view(s, "caio")["status"], "it").endswith("tu: vassallo in " + s.players["caio"].pos +
                                                                 ", 4 monete d'oro")


def test_the_replay_label_is_a_message():
    assert str(GAME.replay_label(7)) == "Labyrinth seed 7"
    assert render(GAME.replay_label(7), "it") == "Labirinto numero 7"
