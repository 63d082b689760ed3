"""Quantum in Italian (issue 43, docs/i18n.md): every line the game makes is a message of its domain.

Seeded bots-only games are read in the pseudo-language ``xx``, which marks each message ⟦ ⟧: every
event a player sees, and every refusal ``apply`` raises at sampled states (the contract's near-legal
``candidates``), must be wholly marked -- a line that is not was never made a message. The refusals
the engine words itself (an unknown verb, arguments that fit no handler, the general line, a step not
come yet joined with what the game waits for) are the engine's, and are named below. Then a few lines
read in Italian as the catalogue writes them, the English unchanged; and what Quantum hides (the
decks' order) changes nothing a seat reads, in either language.
"""

from __future__ import annotations

import pickle
import random
import re
from pathlib import Path

import pytest

import games.quantum
from games import botgame
from games.engine import Action, RuleError
from games.words import render, said
from tests.contract.test_legal_iff import candidates
from tests.games.quantum.fixtures import GAME, dice, do, new, playing, put

SEEDS = ((1, 2), (2, 3))
# The engine's own refusals (games/engine.py): plain English until the engine's lines are messages.
ENGINE = ("Quantum has no '", "' is not a move you can make now.", "' does not take those arguments.", " Now: ",
          " Now the game waits for ", "Now it is your turn.")
LANGS = ("xx", "it")


def marked(text: str) -> bool:
    return text.startswith("⟦") and text.endswith("⟧")


def seeded_game(seed: int, players: int, sample_every: int = 7):
    """A bots-only game: (the seats, every event, every refusal at sampled states, the sampled states)."""
    names = botgame.seat_names(players)
    state = GAME.new_match(names, seed, {})
    events = list(GAME.opening(state))
    rngs = {n: botgame.bot_rng(seed, n) for n in names}
    memory: dict[str, dict] = {n: {} for n in names}
    rnd, refusals, states, moves = random.Random(seed), [], [], 0
    while not GAME.is_over(state) and moves < 400:
        if moves % sample_every == 0:
            refusals += refusals_at(state, names, rnd)
            states.append(pickle.loads(pickle.dumps(state)))
        bot = GAME.awaiting(state)[0]
        events += botgame.play_turn(GAME, state, bot, rngs[bot], "normal", memory[bot]).events
        moves += 1
    return names, events, refusals, states


def refusals_at(state, names, rnd) -> list:
    """What ``apply`` says to each player's near-legal actions that it refuses, as raised."""
    out = []
    frozen = pickle.dumps(state)
    for p in names:
        legal = GAME.legal_actions(state, p)
        others = [a for q in names if q != p for a in GAME.legal_actions(state, q)]
        for action in candidates(GAME, legal, others, rnd) + [Action("fly"), Action("take", ("9",))]:
            try:
                GAME.apply(pickle.loads(frozen), p, action)
            except RuleError as err:
                out.append((action, said(err)))
    return out


@pytest.fixture(scope="module", params=SEEDS, ids=lambda s: f"seed{s[0]}-{s[1]}players")
def played(request):
    return seeded_game(*request.param)


def test_every_event_a_player_sees_is_a_message(played):
    names, events, _, _ = played
    seen = [render(e.text, "xx") for e in events for viewer in (*names, None) if e.visible_to(viewer)]
    assert len(seen) > 300
    assert [line for line in seen if not marked(line)] == []


def test_every_refusal_of_the_game_is_a_message(played):
    _, _, refusals, _ = played
    ours = [(a, r) for a, r in refusals if not (isinstance(r, str) and any(e in r for e in ENGINE))]
    assert len(ours) > 20
    assert [(a, render(r, "xx")) for a, r in ours if not marked(render(r, "xx"))] == []


def test_the_engine_words_only_its_own_refusals(played):
    """The lines set apart above are the engine's: an unknown verb, unfit arguments, the general line."""
    _, _, refusals, _ = played
    engine = [r for _, r in refusals if getattr(r, "domain", None) == "engine"]  # (games/engine_words.py)
    assert engine and all(any(e in str(r) for e in ENGINE) for r in engine)


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
