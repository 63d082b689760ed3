"""10x as Italian players read it in whole games (issue 43, third round): counts that agree with
their number, "nessuno"/"nessuna" that agree with their noun, one's own pass told as one's own,
places in line that fit any player, the seed's "carta numerica" everywhere, and the one question
whose only answer is passing still offers "[0] Passa". Each reads the Italian as written; the
English reads as before unless it was wrong too."""

from __future__ import annotations

import re
from pathlib import Path

import games
from games.tenx import show
from games.words import render, worded
from games.tenx.data import CARDS
from tests.games.tenx.fixtures import GAME, act, dice, give, new

TENX_PO = Path(games.__file__).resolve().parent / "tenx" / "locale" / "it" / "LC_MESSAGES" / "tenx.po"


def _translations() -> list[str]:
    return re.findall(r'^msgstr(?:\[\d\])? "(.*)"$', TENX_PO.read_text(encoding="utf-8"), re.M)


def _to(events, who: str, lang: str) -> list[str]:
    return [render(e.text, lang) for e in events if e.visible_to(who)]


def _no_bonus(s) -> list:
    told = []
    while s.round.phase == "bonus":
        told += act(s, GAME.awaiting(s)[0], "pass")
    return told


def test_the_hand_counts_its_cards_with_the_right_plural():
    s = new(("x", "y"))
    give(s, "x", "7")
    hand = worded(show.render_hand(GAME.view(s, "x")), "it")
    assert hand[2] == "(1 carta su 10; [+1]: come bonus)"
    assert str(show.render_hand(GAME.view(s, "x"))[2]) == "(1 of 10 cards; [+1]: as a bonus)"
    assert worded(show.render_hand(GAME.view(s, "y")), "it")[2] == "(0 carte su 10; [+1]: come bonus)"


def test_nothing_in_hand_agrees_with_its_noun():
    s = new(("x", "y"))
    hand = worded(show.render_hand(GAME.view(s, "x")), "it")
    assert hand[:2] == ["Numeriche: nessuna", "Bonus/malus: nessuno"]
    assert hand[-1] == "Le tue quest: nessuna"
    assert [str(line) for line in show.render_hand(GAME.view(s, "x"))][:2] == ["Numbered: none", "Bonus/malus: none"]


def test_a_lost_roll_counts_the_cards_still_owed():
    s = new(("x", "y"))
    give(s, "x", "5d", "1", "2")
    give(s, "y", "8")
    act(s, "x", "play", "5d")
    act(s, "y", "play", "8")
    _no_bonus(s)
    dice(s, 2)
    act(s, "x", "roll")
    assert s.round.phase == "lose"
    asked = worded(GAME.prompt(s, "x"), "it")
    assert asked["text"] == "Hai perso il lancio: scarta una carta gioco a tua scelta ('scarta 1'); ne resta 1 da scartare."
    assert str(GAME.prompt(s, "x")["text"]) == "Your roll lost: discard a game card of your choice ('discard 1'); 1 to go."


def test_your_own_pass_is_told_to_you_as_yours():
    s = new(("x", "y"))
    give(s, "x", "7", "+1")
    give(s, "y", "5", "+1")
    act(s, "x", "play", "7")
    act(s, "y", "play", "5")
    assert GAME.awaiting(s) == ["y"]
    passed = act(s, "y", "pass")
    assert _to(passed, "y", "it")[0] == "Passi." and _to(passed, "x", "it")[0] == "y passa."
    assert _to(passed, "y", "en")[0] == "You pass." and _to(passed, "x", "en")[0] == "y passes."
    assert _to(passed, None, "it")[0] == "y passa."  # a watcher reads it as the table does


def test_the_second_in_line_is_told_in_words_that_fit_anyone():
    s = new(("x", "y"))
    give(s, "x", "5d")
    give(s, "y", "8")
    act(s, "x", "play", "5d")
    act(s, "y", "play", "8")
    _no_bonus(s)
    assert s.round.phase == "die"
    asked = worded(GAME.prompt(s, "x"), "it")
    assert asked["text"] == "Sei in seconda posizione: 'tira' per lanciare il dado contro y, oppure 'passa'."
    assert [label for label, _c in asked["choices"]] == ["Tira il dado", "Passa"]
    assert str(GAME.prompt(s, "x")["text"]) == "You are second: 'roll' the die against y, or 'pass'."


def test_no_italian_line_makes_a_player_masculine_by_their_place():
    gendered = [t for t in _translations()
                if re.search(r"\b(Sei|sei|è) (il )?(primo|secondo|terzo)\b|\b(primo|secondo|terzo) (a|può|contro)\b"
                             r"|contro il primo|Il più alto", t, re.I)]
    assert gendered == []


def test_a_card_at_ten_with_no_bonus_that_fits_is_asked_with_pass_as_its_answer():
    s = new(("x", "y"))
    give(s, "x", "10", "+2")
    give(s, "y", "5")
    act(s, "x", "play", "10")
    act(s, "y", "play", "5")
    act(s, "y", "pass")
    assert GAME.awaiting(s) == ["x"]
    asked = worded(GAME.prompt(s, "x"), "it")
    assert asked["text"] == ("La tua carta vale 10 e nessun tuo bonus/malus la tiene tra 1 e 10: con 'passa' il giro "
                             "va avanti.")
    assert [label for label, _c in asked["choices"]] == ["Passa"]
    assert worded(GAME.prompt(s, "x"), "en")["choices"] == [["Pass", "pass"]]


def test_several_winners_read_in_italian_with_no_singular_verb():
    s = new(("x", "y"))
    s.over, s.winners = True, ["x", "y"]
    view = GAME.view(s, None)
    assert worded(GAME.status(view), "it") == "Partita finita: vittoria di x e y."
    assert render(show.render_score(view)[-1], "it") == "Vittoria di x e y."
    assert str(GAME.status(view)) == "Game over: x and y won."


def test_the_seed_s_carta_numerica_is_the_one_word_for_a_numbered_card():
    assert not [t for t in _translations() if re.search(r"\bcart[ae] numerat", t)]
    assert any("carta numerica" in t for t in _translations())


def test_no_count_reads_with_a_singular_noun_in_the_plural():
    assert not [t for t in _translations() if re.search(r"\b1 (carte|punti|giocatori)\b|ne restano 1\b", t)]


def test_keeping_one_s_card_after_a_mask_is_told_as_one_s_own():
    s = new(("x", "y"))
    give(s, "x", "5m+3", "3")
    give(s, "y", "6", "2")
    act(s, "x", "play", "5m+3")
    act(s, "y", "play", "6")
    act(s, "x", "mask", "y")
    kept = act(s, "x", "keep")
    assert _to(kept, "x", "it")[0] == "Tieni in gioco la carta 5 maschera [+3]."
    assert _to(kept, "y", "it")[0] == "x tiene in gioco 5 maschera [+3]."
    assert _to(kept, "y", "en")[0] == "x keeps 5 mask [+3] in play."


def test_a_drawn_card_and_the_draw_question_read_naturally():
    s = new(("x", "y"))
    give(s, "x", "7", "3")
    give(s, "y", "5", "2")
    act(s, "x", "play", "7")
    act(s, "y", "play", "5")
    _no_bonus(s)
    assert s.round.phase == "draw"
    who = GAME.awaiting(s)[0]
    assert worded(GAME.prompt(s, who), "it")["text"] == "Scegli cosa pescare: una carta numerica, oppure due carte bonus/malus."
    drew = act(s, who, "draw", "card")
    card = CARDS[s.seats[who].hand[-1]].shown
    assert _to(drew, who, "it")[0] == f"Peschi la carta {render(card, 'it')}."
    assert _to(drew, who, "en")[0] == f"You draw {card}."


def test_declaring_and_playing_after_a_mask_are_told_as_one_s_own():
    s = new(("x", "y"))
    s.seats["x"].points = 15  # two players declare at 15
    declared = act(s, "x", "declare")
    assert _to(declared, "x", "it") == ["Dichiari: ora puoi vincere la partita."]
    assert _to(declared, "y", "it") == ["x dichiara e ora può vincere la partita."]
    assert _to(declared, "y", "en") == ["x declares and may now win the game."]
    give(s, "x", "5m+3", "3")
    give(s, "y", "6", "2")
    act(s, "x", "play", "5m+3")
    act(s, "y", "play", "6")
    act(s, "x", "mask", "y")
    played = act(s, "x", "play", "3")
    assert _to(played, "x", "it")[0] == "Giochi 3 al posto di 5 maschera [+3] (che viene comunque scartata alla fine " \
                                         "del giro)."
    assert _to(played, "y", "en")[0] == "x plays 3 in place of 5 mask [+3] (discarded at the end of the round)."
