"""Dungeon Chess speaks Italian (issue 43): every line of a seeded bots-only game, and every refusal
``apply`` gives at states of those games, is a message of the game's domain -- viewed in the
pseudo-language ``xx`` each is wholly marked ⟦ ⟧, so no English slipped past -- and a few read in
Italian as the catalogue has them, in the rulebook's words (docs/glossary.md)."""

from __future__ import annotations

import pickle
import random
import re

import pytest

from games.botgame import bot_rng, play_turn
from games.dungeon_chess import GAME
from games.dungeon_chess import words as chess_words
from games.dungeon_chess.data import PIECES, TARGETS
from games.dungeon_chess.ending import finish
from games.engine import Action, RuleError
from games.words import Msg, render, said, worded
from tests.contract.test_legal_iff import candidates
from tests.games.dungeon_chess.fixtures import match, position

SAMPLE_EVERY = 40  # moves between the states whose refusals are sampled


def bot_game(seats: int, seed: int):
    """A whole seeded bots-only game: every event it made (the opening's too) and a few states."""
    names = [f"bot{i}" for i in range(1, seats + 1)]
    state = GAME.new_match(names, seed, {})
    events, states = list(GAME.opening(state)), []
    rngs, memory = {p: bot_rng(seed, p) for p in names}, {p: {} for p in names}
    moves = 0
    while not GAME.is_over(state) and moves < 3000:
        player = GAME.awaiting(state)[0]
        events += play_turn(GAME, state, player, rngs[player], "normal", memory[player]).events
        moves += 1
        if moves % SAMPLE_EVERY == 0:
            states.append(pickle.loads(pickle.dumps(state)))
    return events, states


def marked(text: str) -> bool:
    return text.startswith("⟦") and text.endswith("⟧")


def refusals(states, seed: int) -> list:
    """What ``apply`` said, at each sampled state, to the actions near the legal ones it refused."""
    rnd, out = random.Random(f"dungeon_chess/{seed}"), []
    for state in states:
        seats = list(GAME.seats_of(state))
        legal = {p: GAME.legal_actions(state, p) for p in seats}
        for p in seats:
            others = [a for q in seats if q != p for a in legal[q]]
            for action in candidates(GAME, legal[p], others, rnd):
                try:
                    GAME.apply(pickle.loads(pickle.dumps(state)), p, action)
                except RuleError as err:
                    out.append(said(err))
    return out


@pytest.mark.parametrize("seats,seed", [(2, 1), (3, 2), (4, 3)])
def test_every_line_of_a_bot_game_and_every_refusal_is_a_message(seats, seed):
    events, states = bot_game(seats, seed)
    seen = {e.kind for e in events}
    assert {"setup", "dealt", "kept", "begins", "moved", "captured", "ended", "revealed", "game_over"} <= seen
    unmarked = [render(e.text, "xx") for e in events if not marked(render(e.text, "xx"))]
    assert unmarked == []
    refused = refusals(states, seed)
    assert len(refused) > 100
    assert [r for r in refused if not (isinstance(r, Msg) and marked(render(r, "xx")))] == []
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


# --- what a seat reads besides events: screens, the status line, the question ----------------------

# Lines with no word of ours: the board's files and ranks (glyphs, side and piece letters), score rows.
UNWORDED = re.compile(r"[\sa-j]+|\s*\d+ [\s.:()\[\]SWNELGkM]*\d+|\s+(?:[SWNE] )?\S+\s+\d+(?: \+ +\d+)*(?: = +\d+)?")


def sampled(seats: int, seed: int) -> list:
    """The opening (targets being chosen), states along a seeded bots' game, and its end."""
    first = GAME.new_match([f"bot{i}" for i in range(1, seats + 1)], seed, {})
    GAME.opening(first)
    return [first] + bot_game(seats, seed)[1]


def read_by(state, who, lang: str) -> list[str]:
    """Everything ``who`` reads besides events, worded in ``lang``: screens, status, question."""
    view = GAME.view(state, who)
    lines = [worded(line, lang) for show in GAME.screens.values() for line in show(view)]
    lines.append(worded(GAME.status(view), lang))
    asked = worded(GAME.prompt(state, who), lang)
    if asked:
        lines += [asked["text"]] + [label for label, _command in asked["choices"]]
    return lines


@pytest.fixture(scope="module", params=[(2, 4), (3, 5)], ids=lambda p: f"{p[0]}-seats-seed{p[1]}")
def states(request):
    return sampled(*request.param)


def test_every_screen_status_and_question_is_a_message(states):
    read = [line for s in states for who in (*GAME.seats_of(s), "watcher") for line in read_by(s, who, "xx")]
    assert len(read) > 200
    assert [line for line in read if not marked(line) and not UNWORDED.fullmatch(line)] == []


def test_no_seat_reads_another_s_secret_target_in_either_language(states):
    """Shuffling what is hidden from a seat (the others' targets) changes nothing it reads."""
    rng = random.Random(3)
    for s in states[::2]:
        for who in GAME.seats_of(s):
            other = GAME.scramble(s, who, rng)
            for lang in ("xx", "it"):
                assert read_by(other, who, lang) == read_by(s, who, lang)


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
