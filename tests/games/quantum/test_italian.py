"""Quantum in Italian (issue 43, docs/i18n.md): what is Quantum's own. That every line of a seeded game
is a message, wholly marked in the pseudo-language ``xx``, the contract kit checks for every game
(tests/contract/test_every_line_worded.py). Here: no event of seeded games is left in its English; a few
lines read in Italian as the catalogue writes them, the English unchanged; and what Quantum hides (the
decks' order) changes no refusal a seat reads, in either language.
"""

from __future__ import annotations

import pickle
import random
import re
from functools import cache
from pathlib import Path

import pytest

import games.quantum
from games.engine import Action, RuleError
from games.words import render, said
from tests.contract.worded import play_read
from tests.games.quantum.fixtures import GAME, dice, do, new, playing, put

SEEDS = ((1, 2), (2, 3))
LANGS = ("xx", "it")


@cache
def seeded_game(seed: int, players: int, sample_every: int = 7):
    """A bots-only game: (the seats, every event, every refusal at sampled states, the sampled states).
    Played once a process: this module, test_italian_screens.py and test_italian_summary.py read the same
    games (and only read them)."""
    read = play_read("quantum", seed, seats=players, sample_every=sample_every, limit=400,
                     extra=(Action("take", ("9",)),))
    return read.names, read.events, [(action, r) for _, action, r in read.refusals], read.states


@pytest.fixture(scope="module", params=SEEDS, ids=lambda s: f"seed{s[0]}-{s[1]}players")
def played(request):
    return seeded_game(*request.param)


def test_every_event_reads_in_italian_not_in_english(played):
    """The catalogue has every line: no event an Italian reader sees is left in its English."""
    names, events, _, _ = played
    untranslated = {str(e.text) for e in events if render(e.text, "it") == str(e.text) and not _same_words(e)}
    assert untranslated == set()


def _same_words(event) -> bool:
    """A line that reads alike in both languages (none so far: every line of Quantum has words)."""
    return False


def test_a_turn_reads_in_italian_and_in_english_as_before():
    state = playing()
    put(state, "ann", 3, "a8")
    put(state, "bob", 1, "c9")
    dice(state, 6, 1)
    events = do(state, "ann", "attack", "a8", "c9", "b9")
    assert str(events[0].text) == "ann moves the 3 from a8 to b9."
    assert render(events[0].text, "it") == "ann muove il suo 3 da a8 a b9."
    assert str(events[1].text) == "ann's 3 at b9 attacks bob's 1 at c9: 6+3=9 against 1+1=2: bob holds; the " \
                                  "attacker stays at b9."
    assert render(events[1].text, "it") == "La nave da 3 di ann in b9 attacca la nave da 1 di bob in c9: " \
                                           "6+3=9 contro 1+1=2: bob resiste; l'attaccante resta in b9."
    assert render(events[1].text, "xx").startswith("⟦ann's 3 at b9")


def test_the_opening_reads_in_italian():
    state = GAME.new_match(["ann", "bob"], 1, {})
    opening = GAME.opening(state)
    assert render(opening[0].text, "it") == "Inizia una partita di Quantum: ann, bob, 7 cubi a testa da piazzare. " \
                                            "Ognuno può tenere il primo tiro o ritirare una volta tutte e tre le navi."
    assert render(opening[1].text, "it").startswith("ann tira ") and "(totale " in render(opening[1].text, "it")


def test_refusals_read_in_italian():
    state = playing()
    put(state, "ann", 3, "a8")
    with pytest.raises(RuleError) as refused:
        GAME.apply(state, "ann", Action("move", ("a8", "i1")))
    assert render(said(refused.value), "it") == "Il tuo 3 in a8 non raggiunge i1: si muove al massimo di 3 in " \
                                                "ortogonale, mai attraverso una nave o un pianeta."
    with pytest.raises(RuleError) as refused:
        GAME.apply(state, "ann", Action("move", ("5", "a9")))
    assert str(said(refused.value)) == "You have no 5 in play (your ships: 3 at a8)."
    assert render(said(refused.value), "it") == "Non hai nessun 5 in gioco (le tue navi: 3 in a8)."
    with pytest.raises(RuleError) as refused:
        GAME.apply(state, "bob", Action("research"))
    assert render(said(refused.value), "it").startswith("È il turno di ann.")


def test_what_the_decks_hide_changes_no_line_a_seat_reads(played):
    """Quantum hides only the decks' order: shuffled (the game's scramble), every refusal a seat
    reads, in ``xx`` and in Italian, stays the same."""
    names, _, _, states = played
    rng = random.Random(5)
    for state in states[::3]:
        for p in names:
            other = GAME.scramble(state, p, rng)
            for lang in LANGS:
                assert _refused_lines(state, p, lang) == _refused_lines(other, p, lang)


def _refused_lines(state, player, lang) -> list[str]:
    lines = []
    for action in GAME.legal_actions(state, player)[:4] + [Action("take", ("9",)), Action("research")]:
        wrong = Action(action.verb, action.args[:-1] + ("z99",)) if action.args else action
        try:
            GAME.apply(pickle.loads(pickle.dumps(state)), player, wrong)
        except RuleError as err:
            lines.append(render(said(err), lang))
    return lines


def test_the_round_reads_as_giro_in_italian():
    """Issue 43: "Round 1" reached an Italian reader as English: the round is the seed's "giro" (the
    player's own part of it stays the "turno"), in the turn's event and in the status line."""
    state = new()
    do(state, "ann", "keep")
    do(state, "bob", "keep")
    first, other = state.turn_order
    do(state, first, "home", "e8")
    turn = [e for e in do(state, other, "home", "e2") if e.kind == "turn"][0]
    assert render(turn.text, "it") == f"Giro 1: turno di {first} (3 azioni)."
    assert str(turn.text) == f"Round 1: {first}'s turn (3 actions)."
    status = render(GAME.status(GAME.view(state, other)), "it")
    assert status.startswith("Quantum, giro 1") and "round" not in status.lower()
    po = Path(games.quantum.__file__).resolve().parent / "locale" / "it" / "LC_MESSAGES" / "quantum.po"
    text = re.sub(r"\{\w+\}", "", po.read_text(encoding="utf-8"))  # a placeholder's name is no word read
    assert not re.findall(r'^msgstr(?:\[\d\])? ".*\bround\b.*"$', text, re.M | re.I)
