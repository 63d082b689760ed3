"""``help NAME`` at a seat explains what the line ``NAME ...`` would run there: when a game's verb
shares a name (or an alias) with a world verb, both command sets answer to it (mud/world/cmdsets.py:
the account's ``leave`` gets up, Quest's ``leave open gold`` is the game's), so its help names the
game's verb too -- checked for every game of the catalogue, in each language it is typed in."""

from __future__ import annotations

import pytest

import games
from games.engine import LANGS, render
from mud.shell.parser import Context, ParseError, parse
from mud.shell.table import Table
from mud.world.verbs import commands_at
from tests.contract.kit import contract_games
from tests.seating import seat


def shared_words(game) -> list[tuple[str, str, object]]:
    """(language, word, the game's verb) for every word a seat's merged commands also give a world
    verb, and that reaches the game's verb there (the parser tries it after the world's)."""
    merged = commands_at(game, True)
    found = []
    for verb in game.verbs:
        for lang in LANGS:
            said = verb.forms(lang)
            words = (verb.name, *verb.aliases) if said is None or lang == "en" else said.words
            for word in words:
                reached = merged.candidates(word, lang)
                if reached[0] is not verb and verb in reached:
                    found.append((lang, word, verb))
    return found


def verb_named(game, name: str):
    return next(v for v in game.verbs if v.name == name)


def pages(game, lang: str, word: str) -> str:
    """What ``help <word>`` answers at a seat of a fresh match of ``game``, read in ``lang``."""
    table = Table(game, ["ann"], [f"bot{i}" for i in range(1, game.min_players)], seed=1)
    ann = seat(table, "ann")
    ann.ws.lang = lang
    ann.flush()
    return "\n".join(render(line.text, lang) for line in ann.handle(f"help {word}"))


@pytest.mark.parametrize("name", contract_games())
def test_help_at_a_seat_names_the_games_verb_under_a_world_verbs_name(name):
    game = games.get(name)
    for lang, word, verb in shared_words(game):
        said = render(verb.summary, lang)
        assert said.rstrip(".") in pages(game, lang, word), (name, lang, word)


def test_a_name_the_game_shares_with_the_world_reaches_the_games_verb_at_a_seat():
    """The property above is not empty: Quest's ``leave`` (a locked door left open or closed) sits
    under the world's ``leave`` (get up), and the parser tries both."""
    quest = games.get("quest")
    assert ("en", "leave", verb_named(quest, "leave")) in shared_words(quest)


def test_help_leave_at_a_quest_seat_explains_the_door_and_getting_up_in_english_and_italian():
    quest = games.get("quest")
    english = pages(quest, "en", "leave")
    assert "After crossing a locked door: leave it open for everyone, or closed." in english
    assert "Usage: leave open|closed" in english
    assert "Leave your table" in english
    italian = pages(quest, "it", "leave")
    assert render(verb_named(quest, "leave").summary, "it") in italian
    assert "lascia aperta|chiusa" in italian, italian
    door = pages(quest, "it", "lascia")  # the game's word alone: its page, once
    assert door.count(render(verb_named(quest, "leave").summary, "it")) == 1 and "alzati" not in door


def test_help_with_the_lines_words_names_the_one_verb_that_line_runs():
    quest = games.get("quest")
    door = pages(quest, "en", "leave open")
    assert "After crossing a locked door" in door and "Leave your table" not in door
    up = pages(quest, "en", "leave table")
    assert "Leave your table" in up and "After crossing a locked door" not in up


def lines_of(verb, lang: str) -> list[str]:
    """Each word of ``verb`` in ``lang`` put in front of the rest of each of its examples there."""
    said = verb.forms(lang)
    words, examples = ((verb.name, *verb.aliases), verb.examples) if said is None or lang == "en" \
        else (said.words, said.examples)
    return [" ".join([word, *example.split()[1:]]) for example in examples for word in words]


@pytest.mark.parametrize("name", contract_games())
def test_every_word_of_a_games_verb_runs_that_verb_at_a_seat(name):
    """A world verb that takes any text (``reply``, ``say``) must not take a game's word first: Quest's
    Italian ``rispondi`` for a duel's weapon was the world's ``reply`` and told 'spada' to someone."""
    game = games.get(name)
    merged = commands_at(game, True)
    taken = []
    for verb in game.verbs:
        for lang in LANGS:
            for line in lines_of(verb, lang):
                try:
                    parsed = parse(line, merged, Context(players=("ann", "bob"), lang=lang))
                except ParseError:  # an example that needs its match (a direction, a square): not this check's
                    continue
                if parsed.verb is not verb:
                    taken.append((lang, line, parsed.verb.name))
    assert not taken, taken
