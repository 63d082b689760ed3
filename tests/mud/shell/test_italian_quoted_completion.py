"""Completion offers an Italian reader the Italian words its quoted commands use (issue 43): Quantum's
cards by their Italian names, 10x's piles and modifiers -- and only among the reader's own legal
lines, so nothing hidden is offered; an English reader is offered the English words as before."""

import games
from mud.shell import completion, parser
from mud.world.verbs import commands_at


def _offered(game: str, line: str, legal: tuple[str, ...], lang: str = "it") -> list[str]:
    ctx = parser.Context(players=["alice", "bob"], me="alice", legal=legal, lang=lang)
    return completion.complete(line, commands_at(games.get(game)), ctx)


def test_quantum_cards_are_offered_by_their_italian_names():
    assert _offered("quantum", "prendi ", ("take surge", "take ferocious")) == ["slancio", "feroce"]
    assert _offered("quantum", "lascia p", ("drop raider", "drop warden")) == ["predone"]
    assert _offered("quantum", "take ", ("take surge",), "en") == ["surge"]


def test_a_card_not_among_ones_legal_lines_is_never_offered():
    assert _offered("quantum", "prendi ", ("take surge",)) == ["slancio"]


def test_tenx_piles_are_offered_in_italian():
    assert _offered("tenx", "scarta quest ", ("discard quests hand", "discard quests resolved")) == ["mano", "risolte"]
    assert _offered("tenx", "discard quests ", ("discard quests hand",), "en") == ["hand"]


def test_the_first_words_offered_are_the_shown_ones_not_the_seed_aliases():
    assert _offered("tenx", "stel", ()) == ["stella"]
