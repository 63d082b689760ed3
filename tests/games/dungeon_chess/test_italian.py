"""Dungeon Chess speaks Italian (issue 43): a few lines read in Italian as the catalogue has them, in the
rulebook's words (docs/glossary.md), and no refusal of seeded bots-only games is left in English. That
every line of those games is a message, wholly marked ⟦ ⟧ in the pseudo-language ``xx``, and that no seat
reads another's secret target, in any language, the contract kit checks for every game
(tests/contract/test_every_line_worded.py)."""

from __future__ import annotations

import re

import pytest

from games.dungeon_chess import GAME
from games.dungeon_chess import words as chess_words
from games.dungeon_chess.data import PIECES, TARGETS
from games.dungeon_chess.ending import finish
from games.engine import Action, RuleError
from games.words import render, said, worded
from tests.contract.worded import marked, play_read
from tests.games.dungeon_chess.fixtures import match, position

SAMPLE_EVERY = 40  # moves between the states whose refusals are sampled


def bot_game(seats: int, seed: int):
    """A whole seeded bots-only game: every event it made (the opening's too), the refusals at a few
    states (as raised), the states."""
    read = play_read("chess", seed, seats=seats, sample_every=SAMPLE_EVERY)
    return read.events, [r for _, _, r in read.refusals], read.states


@pytest.mark.parametrize("seats,seed", [(2, 1), (3, 2), (4, 3)])
def test_a_bot_game_tells_every_kind_of_line_and_none_is_left_in_english(seats, seed):
    """Each line marked in ``xx``: the contract kit (tests/contract/test_every_line_worded.py). Here: the
    games tell every kind of event, and no refusal reads in Italian as its English."""
    events, refused, _states = bot_game(seats, seed)
    seen = {e.kind for e in events}
    assert {"setup", "dealt", "kept", "begins", "moved", "captured", "ended", "revealed", "game_over"} <= seen
    assert len(refused) > 100
    assert all(render(r, "it") != str(r) or str(r) == "Dungeon Chess" for r in refused)  # none left English


def test_a_game_begins_in_italian():
    state = GAME.new_match(["ann", "bob"], 1, {})
    setup, dealt = (render(e.text, "it") for e in GAME.opening(state)[:2])
    assert setup == ("Dungeon Chess: ann (Sud), bob (Nord). Cattura personaggi, accumula forzieri; "
                     "ogni giocatore sceglie uno dei due obiettivi segreti ricevuti.")
    a, b = state.dealt["ann"]
    assert dealt.startswith(f"I tuoi obiettivi segreti tra cui scegliere: #{a} ")
    assert dealt.endswith(f"Scegline uno: 'tieni {a}' o 'tieni {b}'.")


def test_a_capture_names_each_character_with_its_own_article():
    state = position({"e5": ("ann", "M"), "e7": ("bob", "L"), "a1": ("ann", "L"), "j10": ("bob", "L"),
                      "j9": ("bob", "L")})
    events = GAME.apply(state, "ann", Action("move", ("e5", "e7")))
    assert render(events[0].text, "it") == "La Maga di ann si sposta da e5 a e7 e cattura il Lottatore di bob!"
    assert str(events[0].text) == "ann's Mage moves e5-e7 and captures bob's Fighter!"


def test_refusals_read_in_italian():
    state = position({"e5": ("ann", "Gk"), "e7": ("bob", "M"), "a1": ("ann", "L"), "j10": ("bob", "L")})

    def refusal(player, verb, *args):
        with pytest.raises(RuleError) as err:
            GAME.apply(state, player, Action(verb, args))
        return render(said(err.value), "it")

    assert refusal("bob", "move", "e7", "e6") == "È il turno di ann."
    assert refusal("ann", "move", "e7", "e6") == "Lì c'è la Maga di bob: muovi uno dei tuoi personaggi."
    assert refusal("ann", "move", "e5", "e1") == \
        "e1 è una casella d'ingresso: nessun personaggio in gioco può fermarcisi."
    assert refusal("ann", "ransom", "mage") == "Nessuno ha catturato un tuo personaggio di tipo Maga."


def test_the_end_counts_one_winner_or_several_in_italian():
    state = match()
    state.board = [None] * 100
    state.board[0], state.board[99] = ("ann", "L", 0), ("bob", "L", 1)  # equal: both win
    last = render(finish(state, "single")[-1].text, "it")
    assert last == "Punteggi: ann 8, bob 8. Vincono ann e bob!"
    state.chests["ann"] += 1
    assert render(finish(state, "single")[-1].text, "it") == "Punteggi: ann 11, bob 8. Vince ann!"


def test_the_words_tables_say_what_the_data_tables_say():
    """The translatable names are the same English as the game's data (which the screens still read)."""
    assert {n: str(m) for n, m in chess_words.TARGETS.items()} == {n: t[0] for n, t in TARGETS.items()}
    assert {k: str(m) for k, m in chess_words.NAMES.items()} == {k: p[0] for k, p in PIECES.items()}


def test_a_teleport_reads_in_italian_and_is_marked_in_xx():
    state = position({"c2": ("ann", "G"), "a1": ("ann", "L"), "j10": ("bob", "L"), "j9": ("bob", "L")})
    text = GAME.apply(state, "ann", Action("teleport", ("c2",)))[0].text
    assert render(text, "it") == "Il Guerriero di ann si teletrasporta da c2 a h2."
    assert render(text, "xx") == "⟦ann's Warrior teleports c2-h2.⟧"


def sampled(seats: int, seed: int) -> list:
    """The opening (targets being chosen), states along a seeded bots' game, and its end."""
    first = GAME.new_match([f"bot{i}" for i in range(1, seats + 1)], seed, {})
    GAME.opening(first)
    return [first] + bot_game(seats, seed)[2]


def test_the_question_and_screens_read_in_italian():
    s = sampled(2, 4)[0]
    who = list(GAME.seats_of(s))[0]
    asked = worded(GAME.prompt(s, who), "it")
    assert asked["text"] == "Quale obiettivo segreto scegli?" and asked["choices"][0][0].startswith("Scegli il n. ")
    assert str(GAME.prompt(s, who)["text"]) == "Keep which secret target?"
    status = worded(GAME.status(GAME.view(s, who)), "it")
    assert status.startswith("Dungeon Chess · scelta degli obiettivi · ") and status.endswith(" punti")
    legend = worded(GAME.screens["board"](GAME.view(s, who)), "it")
    assert "  L Lottatore  Gk Guerriero Kor  G Guerriero  M Maga  [ ] ingresso  ( ) teletr." in legend


@pytest.mark.parametrize("kind,english,italian", [("warrior", "ransom warrior", "riscatta guerriero"),
                                                  ("kor", "ransom kor", "riscatta guerriero kor"),
                                                  ("mage", "ransom mage", "riscatta maga"),
                                                  ("fighter", "ransom fighter", "riscatta lottatore")])
def test_the_turn_line_quotes_a_ransom_in_the_reader_s_words(kind, english, italian):
    """'riscatta guerriero' in Italian (the verb's vocabulary reads it), 'ransom warrior' as before."""
    from games.dungeon_chess.show import turn_line
    state = match(("ann", "bob"))
    view = {**GAME.view(state, state.player), "moves": {}, "teleports_from": [], "ransoms": [[kind, "e1", None]]}
    line = turn_line(view)
    assert f"'{italian}'" in render(line, "it") and f"'{english}'" in str(line)
    assert marked(render(line, "xx"))


def test_several_winners_read_in_italian_with_no_singular_verb():
    """Issue 43: "finita: ha vinto carla e bot1" -- one or several winners read "vittoria di ..."."""
    from games.dungeon_chess import show
    state = match()
    state.board = [None] * 100
    state.board[0], state.board[99] = ("ann", "L", 0), ("bob", "L", 1)  # equal: both win
    finish(state, "single")
    state.phase = "over"
    view = GAME.view(state, "ann")
    assert render(show.render_status(view), "it").startswith("Dungeon Chess · finita: vittoria di ann e bob")
    assert render(show.turn_line(view), "it") == "La partita è finita: vittoria di ann e bob ('punteggio')."
    assert render(show.render_score(view)[-1], "it") == "  Vittoria di ann e bob"
    assert str(show.turn_line(view)) == "The game is over: ann and bob won ('score')."
    choosing = match(keep=False)
    assert render(show.turn_line(GAME.view(choosing, "ann")), "it") == \
        "Obiettivi segreti da scegliere: in attesa di ann, bob."


def test_a_secret_target_is_an_obiettivo_and_bersaglio_only_the_command():
    """Issue 43: "'bersaglio' (i due bersagli che hai ricevuto ...)": the seed's "obiettivo segreto" is
    the thing, "bersaglio" only the command (and the screen it names) -- as the catalogue says it."""
    from pathlib import Path
    po = Path(chess_words.__file__).parent / "locale/it/LC_MESSAGES/dungeon_chess.po"
    said = re.findall(r'^msgstr(?:\[\d\])? "(.*)"$', po.read_text(encoding="utf-8"), re.M)
    commands = [t for t in said if t == "bersaglio" or t.startswith("Schermate: ")]  # the command's own word
    assert [t for t in said if "bersagl" in re.sub(r"'bersaglio'", "", t) and t not in commands] == []
    assert "i due obiettivi segreti che hai ricevuto: tienine uno ('tieni')" in said
